//! `gamespace cephalopods`: read a puzzle, print its path hash sum; or,
//! with a subcommand, play, analyse and value the two-player game.

use super::cephalopod_game::{self, AnalyzeArgs, PlayArgs, ValueArgs};
use super::input;
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

    /// The most threads to use. With 2, a search that proves large (a level
    /// of two thousand boards: searches of about a millisecond and up) moves
    /// its discovery of boards to a second thread, on another CPU, while this
    /// one counts paths and helps it generate moves (and the other, once
    /// done, helps count the last levels).
    /// Smaller searches, and machines with one core, use one thread. More
    /// than 2 are not used. The answer never depends on it.
    #[arg(long, short = 't', default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: u32,
}

#[derive(clap::Subcommand, Debug)]
enum Sub {
    Play(PlayArgs),
    Analyze(AnalyzeArgs),
    Value(ValueArgs),
}

pub fn run(args: Args) -> anyhow::Result<()> {
    match args.command {
        Some(Sub::Play(play)) => return cephalopod_game::run_play(play),
        Some(Sub::Analyze(analyze)) => return cephalopod_game::run_analyze(analyze),
        Some(Sub::Value(value)) => return cephalopod_game::run_value(value),
        None => {}
    }
    let input = input::open(args.input.as_deref())?;
    let puzzle = read_puzzle(input)?.context("bad cephalopods puzzle")?;
    // Tuned for the one search this process runs, and the heap for a large
    // one only once the search proves large.
    let options = SearchOptions {
        threads: args.threads as usize,
        counts: CountsIn::OwnMapping,
        when_large: Some(prefer_huge_pages),
        ..SearchOptions::default()
    };
    let answer = path_hash_sum_with(puzzle.board, puzzle.depth, &options);
    writeln!(super::streams::stdout(), "{answer}")?;
    Ok(())
}
