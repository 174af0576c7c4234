//! Cephalopods, the dice game of CodinGame's Spring Challenge 2025, on a
//! board of cells that each hold a die or nothing.
//!
//! - [`puzzle`]: the contest's puzzle on the 3x3 board: the sum of the
//!   final boards' hashes over every game path of a given length, modulo
//!   2^30, counted by a tuned engine. Its items are re-exported here.
//! - [`game`]: the two-player game (Mark Steere's Cephalopod), solved on
//!   boards up to 3x3, with a perfect player.
//!
//! ```
//! use gamespace::cephalopods::{Board, Puzzle, path_hash_sum};
//!
//! // The contest's first public test: 322444322.
//! let puzzle: Puzzle = "20\n0 6 0\n2 2 2\n1 6 1".parse()?;
//! assert_eq!(path_hash_sum(puzzle.board, puzzle.depth), 322_444_322);
//!
//! // Depth 0 is the board's own hash, the nine cells read as a number.
//! let board: Board = "555/005/555".parse()?;
//! assert_eq!(path_hash_sum(board, 0), 555_005_555);
//! // The contest's third public test.
//! assert_eq!(path_hash_sum(board, 1), 36_379_286);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod game;
pub mod puzzle;

pub use puzzle::{
    Board, BoardError, CountsIn, Kernel, Location, MODULUS, ParseError, Puzzle, SearchOptions, parse_puzzle,
    path_hash_sum, path_hash_sum_with, read_puzzle,
};
