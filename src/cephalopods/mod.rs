//! Cephalopods, the 3x3 dice game of CodinGame's Spring Challenge 2025.
//!
//! - [`puzzle`]: the contest's puzzle, the sum of final-board hashes over
//!   every game path of a given length, and its tuned counting engine.
//! - [`game`]: the two-player game, solved.
//!
//! The puzzle's items are re-exported here, where the command line and
//! the tests use them.

pub mod game;
pub mod puzzle;

pub use puzzle::{
    Board, CountsIn, Kernel, MODULUS, ParseError, Puzzle, SearchOptions, board, moves, parse_puzzle, path_hash_sum,
    path_hash_sum_with, protocol, read_puzzle, solver,
};
