//! The Cephalopods puzzle (CodinGame Spring Challenge 2025): the sum of
//! final-board hashes over every game path of a given length from a 3x3
//! board, modulo 2^30.
//!
//! - [`board`]: the packed board, its hash and its symmetries.
//! - [`moves`]: legal placements and captures.
//! - [`solver`]: the path-sum engine, and the options it runs with.
//! - [`protocol`]: the CodinGame input format.

pub mod board;
pub mod moves;
pub mod protocol;
pub mod solver;

pub use board::Board;
pub use protocol::{ParseError, Puzzle, parse_puzzle, read_puzzle};
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
