//! gamespace: exact, exhaustive exploration of small abstract board games.
//!
//! Each game lives in its own module. Algorithms that do not care which game
//! they run on (the solvers in [`solve`], the symmetry groups in [`symmetry`])
//! live once, here, and the games plug into them.

pub mod cephalopods;
pub mod mu_torere;
pub mod pawn_chess;
pub mod solve;
pub mod symmetry;

#[cfg(test)]
mod test_rng;
