//! Cephalopods (3x3 dice variant): the sum of final-board hashes over every
//! game path of a given length, modulo 2^30.
//!
//! - [`board`]: the packed board, its hash and its symmetries.
//! - [`moves`]: legal placements and captures.
//! - [`solver`]: the path-sum engine.
//! - [`protocol`]: the CodinGame input format.

pub mod board;
pub mod moves;
pub mod protocol;
pub mod solver;

pub use board::Board;
pub use protocol::{ParseError, Puzzle, parse_puzzle, read_puzzle};
pub use solver::{Kernel, map_counts_apart, path_hash_sum, path_hash_sum_with, prefer_huge_pages};

/// Answers are taken modulo 2^30, as the contest asks.
pub const MODULUS: u32 = 1 << 30;

/// A value that starts a cache line, so that its rows of 32 bytes (one
/// AVX2 load or store each) never straddle two lines. Rust aligns a
/// `[u32; 8]` to 4 bytes only, and the engine's tables of them fell where
/// half their rows did.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
pub(crate) struct CacheAligned<T>(pub T);

impl<T> std::ops::Deref for CacheAligned<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}
