//! `gamespace cephalopods`: read a puzzle, print its path hash sum.

use super::{heap, input};
use anyhow::Context;
use gamespace::cephalopods::{Kernel, parse_puzzle, path_hash_sum_with};
use std::io::Write;
use std::path::PathBuf;

/// Sum the final-board hashes over every game path of a 3x3 Cephalopods
/// board, modulo 2^30 (CodinGame Spring Challenge 2025).
///
/// Input: the depth, then the board as 3 rows of 3 dice (0 = empty, 1-6),
/// separated by any whitespace. Output: one line with the sum.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example:\n  printf '1\\n1 0 1\\n0 0 0\\n0 0 0\\n' | gamespace cephalopods\n  626111111"
)]
pub struct Args {
    /// Read the puzzle from this file instead of stdin ("-" also means stdin).
    input: Option<PathBuf>,

    /// Threads to use. With 2, discovering boards and counting paths run
    /// side by side, which pays on deep searches of near-empty boards (an
    /// eighth off the empty board at depth 40, a quarter off
    /// `1 2 0 / 0 0 0 / 0 0 0`); inputs that take a few milliseconds gain
    /// nothing. More than 2 are not used.
    #[arg(long, short = 't', default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: u32,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let text = input::read_all(args.input.as_deref())?;
    let puzzle = parse_puzzle(&text).context("bad cephalopods puzzle")?;
    heap::prefer_huge_pages();
    let answer = path_hash_sum_with(
        puzzle.board,
        puzzle.depth,
        Kernel::detect(),
        args.threads as usize,
    );
    writeln!(std::io::stdout().lock(), "{answer}")?;
    Ok(())
}
