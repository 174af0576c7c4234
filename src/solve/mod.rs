//! Game-independent solvers for two-player games where the side that cannot
//! move loses.
//!
//! Both solvers produce an [`Outcome`] per position: the game-theoretic value
//! for the side to move, with the exact number of plies to the end when both
//! sides play perfectly (the winner as fast as possible, the loser as slowly
//! as possible).
//!
//! - [`retrograde`] solves a whole explicit position graph, cycles allowed,
//!   so positions that neither side can force become draws.
//! - [`negamax`] solves acyclic games lazily from the positions asked about,
//!   memoising each position once, which suits games whose full space is
//!   large but whose queried part is small.

pub mod negamax;
mod outcome;
pub mod retrograde;

pub use outcome::Outcome;
