//! gamespace: exact, exhaustive solutions of small abstract board games.
//!
//! Every position of a game is valued by exhaustive search: win, loss, tie
//! or draw for the side to move, with the exact number of plies to the end
//! under perfect play ([`solve::Outcome`]). Nothing is estimated and no
//! result is stored in the code: each answer is computed when it is asked
//! for, and checked in the tests against plainly written oracles.
//!
//! # The games
//!
//! | module | game | what the library computes |
//! |---|---|---|
//! | [`cephalopods`] | Cephalopods, the dice game of CodinGame's Spring Challenge 2025 | the contest puzzle ([`cephalopods::path_hash_sum`]) and the two-player game solved on boards up to 3x3 ([`cephalopods::game`]) |
//! | [`pawn_chess`] | pawn chess, 4x4 (UVa 10838) and any board up to 8x8 | who wins from a board, in how many plies, and an optimal line ([`pawn_chess::Solver`], [`pawn_chess::value`]) |
//! | [`mu_torere`] | Mu Torere, the Māori game, and its family on `2n` points | all 1260 positions solved, the program's move choice ([`mu_torere::Solution`], [`mu_torere::family`]) |
//!
//! Each game's module gives its positions a text form ([`std::str::FromStr`]
//! and [`std::fmt::Display`], errors that say what is wrong and where), a
//! solver, and the front ends that the `gamespace` binary is built on:
//! line-mode play over any reader and writer, the reports, and a
//! full-screen terminal board.
//!
//! # The shared engines
//!
//! The algorithms that do not care which game they run on live once, in
//! [`solve`]: a game describes its positions and moves as a [`solve::Game`]
//! and plugs into memoised negamax, complete tables, tiered solving or
//! retrograde analysis. [`symmetry`] holds the symmetry groups the games
//! reduce their positions by.
//!
//! # Example
//!
//! The README's example, "Using gamespace as a library", which is also
//! `cargo run --example library`:
//!
//! ```
#![doc = include_str!("../examples/library.rs")]
//! ```
//!
//! The design of each engine is in its module's documentation, and for all
//! the games at once in `docs/design.md`.

#![warn(missing_docs)]

pub mod cephalopods;
pub(crate) mod lex;
pub mod mu_torere;
mod notation;
pub mod pawn_chess;
pub mod serve;
pub mod solve;
pub mod symmetry;
#[doc(hidden)]
pub mod text;
// What every full-screen board shares; the fuzz targets reach its key
// decoder.
#[cfg(all(feature = "tui", fuzzing))]
pub mod tui;
#[cfg(all(feature = "tui", not(fuzzing)))]
pub(crate) mod tui;

#[cfg(test)]
mod test_rng;

// Unit tests name the crate as other crates do, so that a test can move
// between `tests/` and the module it tests unchanged.
#[cfg(test)]
extern crate self as gamespace;
