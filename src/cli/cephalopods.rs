//! `gamespace cephalopods`: read a puzzle, print its path hash sum; or,
//! with a subcommand, play, analyse and value the two-player game.

use super::cephalopod_game::{self, AnalyzeArgs, PlayArgs, ValueArgs};
use super::{Deferred, input};
use crate::heap::prefer_huge_pages;
use anyhow::Context;
use gamespace::cephalopods::{CountsIn, SearchOptions, path_hash_sum_with, read_puzzle};
use std::io::Write;
use std::path::PathBuf;

/// Sum the final-board hashes over every game path of a 3x3 Cephalopods
/// board, modulo 2^30 (CodinGame Spring Challenge 2025).
///
/// Input: the depth, then the board as 3 rows of 3 dice (0 = empty, 1-6),
/// separated by whitespace (spaces, tabs, line ends). Output: one line with
/// the sum.
#[derive(clap::Args, Debug)]
///
/// With a subcommand, the two-player game instead: play it against the
/// perfect program, analyse a solved board, or value positions.
#[command(
    after_help = "Example:\n  printf '1\\n1 0 1\\n0 0 0\\n0 0 0\\n' | gamespace cephalopods\n  626111111",
    args_conflicts_with_subcommands = true
)]
pub struct Args {
    #[command(subcommand)]
    command: Option<Sub>,

    /// Read the puzzle from this file instead of stdin ("-" also means stdin).
    input: Option<PathBuf>,

    /// The most threads to use (default: 2, or 1 on a busy machine); the
    /// answer never depends on it.
    ///
    /// With 2, a search that proves large (about a millisecond and up)
    /// moves its discovery of boards to a second thread, on another CPU.
    /// That pays when a CPU is free for it and costs when none is, so by
    /// default a search uses 2 threads unless the machine's load average
    /// leaves less than one and a half CPUs idle. Smaller searches, and
    /// machines with one CPU, use one thread; more than 2 add nothing.
    #[arg(long, short = 't', value_name = "N", allow_negative_numbers = true,
          value_parser = parse_threads)]
    threads: Option<u32>,
}

/// The most threads a search may use is 1024: more is surely a mistake.
const MAX_THREADS: u32 = 1024;

/// A search started without `--threads` runs its second thread unless the
/// other work on the machine leaves less than this many CPUs idle, where
/// the second thread would wait for a CPU more than it helps.
const IDLE_CPUS_FOR_TWO: f64 = 1.5;

/// Whether a large search started without `--threads` should start its
/// second thread. Asked only once a search proves large: reading the CPU
/// quota and the load costs more than a small search takes.
fn machine_has_an_idle_cpu() -> bool {
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    load_average().is_none_or(|load| cpus as f64 - load >= IDLE_CPUS_FOR_TWO)
}

/// The load average over the last minute, where the system says it.
fn load_average() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// A thread count, 1 to [`MAX_THREADS`], refused in the words the puzzle's
/// own reader uses for the same faults.
fn parse_threads(text: &str) -> Result<u32, String> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("`{text}` is not a whole number"));
    }
    if text.starts_with('-') && digits.bytes().any(|b| b != b'0') {
        return Err(format!("`{text}` is negative"));
    }
    match digits.parse::<u32>() {
        Ok(n @ 1..=MAX_THREADS) => Ok(n),
        Ok(0) => Err("`0`: at least 1 thread is needed".to_owned()),
        _ => Err(format!("`{text}` is too large (at most {MAX_THREADS})")),
    }
}

// As for the games (see `super::Deferred`), the puzzle does not build the
// arguments of the two-player game's subcommands; the test
// `super::tests::the_list_shows_each_game_s_summary` keeps each summary
// equal to the subcommand's own.
#[derive(clap::Subcommand, Debug)]
enum Sub {
    /// Play Cephalopod against the perfect program
    Play(Deferred<PlayArgs>),
    /// Report on a solved board: positions, values, first moves, longest games
    Analyze(Deferred<AnalyzeArgs>),
    /// The value of positions, and of every move from them
    Value(Deferred<ValueArgs>),
}

pub fn run(args: Args) -> anyhow::Result<()> {
    match args.command {
        Some(Sub::Play(Deferred(play))) => return cephalopod_game::run_play(play),
        Some(Sub::Analyze(Deferred(analyze))) => return cephalopod_game::run_analyze(analyze),
        Some(Sub::Value(Deferred(value))) => return cephalopod_game::run_value(value),
        None => {}
    }
    input::hint_if_terminal(
        args.input.as_deref(),
        "the puzzle (the depth, then 9 dice)",
        "cephalopods",
    );
    let input = input::open(args.input.as_deref(), input::SHORT)?;
    let puzzle = read_puzzle(input)?.context("bad cephalopods puzzle")?;
    // Tuned for the one search this process runs, and the heap for a large
    // one only once the search proves large.
    let options = SearchOptions {
        threads: args.threads.unwrap_or(2) as usize,
        counts: CountsIn::OwnMapping,
        when_large: Some(prefer_huge_pages),
        second_thread_if: args.threads.is_none().then_some(machine_has_an_idle_cpu),
        ..SearchOptions::default()
    };
    let answer = path_hash_sum_with(puzzle.board, puzzle.depth, &options);
    writeln!(super::streams::stdout(), "{answer}")?;
    Ok(())
}
