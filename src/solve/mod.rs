//! Game-independent solvers for two-player games where the side that cannot
//! move loses.
//!
//! Every solver produces an [`Outcome`] per position: the game-theoretic value
//! for the side to move, with the exact number of plies to the end when both
//! sides play perfectly (the winner as fast as possible, the loser as slowly
//! as possible).
//!
//! - [`retrograde`] solves a whole explicit position graph, cycles allowed,
//!   so positions that neither side can force become draws.
//! - [`negamax`] solves acyclic games lazily from the positions asked about,
//!   memoising each position once, which suits games whose full space is
//!   large but whose queried part is small.
//! - [`table`] solves the whole space of an acyclic game whose positions have
//!   dense indices and can be listed successors first, into one byte per
//!   position, which suits games asked about over and over.
//!
//! One game description serves all three: a [`negamax::AcyclicGame`] is
//! what [`negamax`] needs, an [`table::IndexedGame`] adds the numbering and
//! the order, and [`table::graph`] turns that into the explicit
//! [`retrograde::Graph`] that games with cycles build for themselves.

pub mod negamax;
mod outcome;
pub mod retrograde;
pub mod table;

pub use outcome::Outcome;
