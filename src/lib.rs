//! gamespace: exact, exhaustive exploration of small abstract board games.
//!
//! Each game lives in its own module. Algorithms that do not care which game
//! they run on (the solvers in [`solve`], the symmetry groups in [`symmetry`])
//! live once, here, and the games plug into them. So do the reading of
//! input ([`lex`]) and the showing of it in messages ([`text`]).

pub mod cephalopods;
pub mod lex;
pub mod mu_torere;
pub mod pawn_chess;
pub mod serve;
pub mod solve;
pub mod symmetry;
pub mod text;

#[cfg(test)]
mod test_rng;
