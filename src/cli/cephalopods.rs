//! `gamespace cephalopods`: read a puzzle, print its path hash sum.

use super::input;
use anyhow::Context;
use gamespace::cephalopods::{Kernel, map_counts_apart, path_hash_sum_with, prefer_huge_pages, read_puzzle};
use std::io::Write;
use std::path::PathBuf;

/// Sum the final-board hashes over every game path of a 3x3 Cephalopods
/// board, modulo 2^30 (CodinGame Spring Challenge 2025).
///
/// Input: the depth, then the board as 3 rows of 3 dice (0 = empty, 1-6),
/// separated by whitespace (spaces, tabs, line ends). Output: one line with
/// the sum.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example:\n  printf '1\\n1 0 1\\n0 0 0\\n0 0 0\\n' | gamespace cephalopods\n  626111111"
)]
pub struct Args {
    /// Read the puzzle from this file instead of stdin ("-" also means stdin).
    input: Option<PathBuf>,

    /// The most threads to use. With 2, a search that proves large (a level
    /// of two thousand boards: searches of about a millisecond and up) moves
    /// its discovery of boards to a second thread, on another CPU, while this
    /// one counts paths and helps it generate moves (and the other, once
    /// done, helps count the last levels). On the 2-core VM it was developed
    /// on, two threads ran the empty board at depth 40 1.4x faster than one,
    /// `1 2 0 / 0 0 0 / 0 0 0` 1.6x, and the 12 public tests 1.15x to 1.2x.
    /// Smaller searches, and machines with one core, use one thread. More
    /// than 2 are not used. The answer never depends on it.
    #[arg(long, short = 't', default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: u32,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let input = input::open(args.input.as_deref())?;
    let puzzle = read_puzzle(input)?.context("bad cephalopods puzzle")?;
    // Tuned for the one search this process runs.
    prefer_huge_pages();
    map_counts_apart();
    let answer = path_hash_sum_with(
        puzzle.board,
        puzzle.depth,
        Kernel::detect(),
        args.threads as usize,
    );
    writeln!(super::streams::stdout(), "{answer}")?;
    Ok(())
}
