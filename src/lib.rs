//! gamespace: exact, exhaustive exploration of small abstract board games.
//!
//! Each game lives in its own module. Algorithms that do not care which game
//! they run on (the solvers in [`solve`], the symmetry groups in [`symmetry`])
//! live once, here, and the games plug into them.

#![warn(missing_docs)]

pub mod cephalopods;
pub(crate) mod lex;
pub mod mu_torere;
pub mod pawn_chess;
pub mod serve;
pub mod solve;
pub mod symmetry;
#[doc(hidden)]
pub mod text;

#[cfg(test)]
mod test_rng;

// Unit tests name the crate as other crates do, so that a test can move
// between `tests/` and the module it tests unchanged.
#[cfg(test)]
extern crate self as gamespace;
