//! The Cephalopods puzzle (CodinGame Spring Challenge 2025): the sum of
//! final-board hashes over every game path of a given length from a 3x3
//! board, modulo 2^30.
//!
//! - [`Board`]: the packed board, its text form and its hash.
//! - [`path_hash_sum`] and [`path_hash_sum_with`]: the path-sum engine,
//!   and the [`SearchOptions`] it runs with (threads, [`Kernel`], where
//!   the counts live).
//! - [`read_puzzle`], [`parse_puzzle`] and [`Puzzle`]: the CodinGame input
//!   format, with errors that name the token and its [`Location`].
//!
//! The engine's design (discovery, sweep, the two-thread pipeline) is in
//! the documentation of its private modules and in `docs/design.md`.
//!
//! ```
//! use gamespace::cephalopods::puzzle::{SearchOptions, parse_puzzle, path_hash_sum_with};
//!
//! // The contest's first public test, a second thread allowed.
//! let puzzle = parse_puzzle("20\n0 6 0\n2 2 2\n1 6 1")?;
//! let options = SearchOptions { threads: 2, ..SearchOptions::default() };
//! assert_eq!(path_hash_sum_with(puzzle.board, puzzle.depth, &options), 322_444_322);
//!
//! let error = parse_puzzle("20\n0 6 0\n2 7 2\n1 6 1").unwrap_err();
//! assert_eq!(error.to_string(), "line 3, column 3: die 5 (row 2, column 2) `7` is not a die value 0 to 6");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub(crate) mod board;
pub(crate) mod moves;
pub(crate) mod protocol;
pub(crate) mod solver;

pub use board::{Board, BoardError};
pub use protocol::{Location, ParseError, Puzzle, parse_puzzle, read_puzzle};
pub use solver::{CountsIn, Kernel, SearchOptions, path_hash_sum, path_hash_sum_with};

/// Answers are taken modulo 2^30, as the contest asks.
pub const MODULUS: u32 = 1 << 30;

/// A value that starts a cache line, so that its rows of 32 bytes (one
/// AVX2 load or store each) never straddle two lines: Rust aligns a
/// `[u32; 8]` to 4 bytes only.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
pub(crate) struct CacheAligned<T>(pub T);

impl<T> std::ops::Deref for CacheAligned<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}
