//! Game-independent solvers for two-player games of perfect information.
//!
//! Every solver produces an [`Outcome`] per position: win, loss, tie or
//! draw for the side to move, with its remoteness, the exact number of
//! plies to the end under perfect play (the winner as fast as possible,
//! the loser as slowly as possible, a tie as soon as possible).
//!
//! A game describes itself once, as a [`Game`]: its positions, their
//! successors generated through a callback, and the value of a finished
//! position. Each solver then asks for what it needs on top:
//!
//! ```text
//!                  Game  (positions, successors, primitive values)
//!        ┌──────────┼─────────────────┬─────────────────────┐
//!     negamax    table::IndexedGame   tiered::TieredGame    retrograde::Graph
//!   (on demand)  (dense index, listed  (levels that moves    (explicit graph,
//!                 successors first)     only leave)           cycles: draws)
//! ```
//!
//! - [`negamax`] solves games without cycles lazily from the positions
//!   asked about, memoising each position once: a small part of a large
//!   space.
//! - [`table`] solves the whole space of a game without cycles whose
//!   positions have dense indices and can be listed successors first, into
//!   one byte per position: games asked about over and over.
//! - [`tiered`] solves games without cycles level by level (a tier is a
//!   set of positions that moves only leave, towards later tiers), keeping
//!   in memory only the tiers still needed; with [`tiered::discover`] it
//!   solves exactly the positions reachable from a start, and
//!   [`tiered::solve_reachable`] does both making each move once.
//! - [`retrograde`] solves a whole explicit position graph, cycles allowed,
//!   so positions that neither side can force become draws.
//! - [`implicit`] does the same for a graph too large to store: dense
//!   indices, successors and predecessors generated on demand, a few bytes
//!   a position, each level of remoteness expanded in parallel.
//!
//! [`cache`] writes solved tiers to checked files and reads them back.

pub mod cache;
pub mod implicit;
pub mod negamax;
mod outcome;
pub mod retrograde;
pub mod table;
pub mod tiered;

pub use outcome::Outcome;

use std::hash::Hash;

/// A two-player game, as the solvers see it: positions, the positions each
/// move leads to, and the value of a finished position.
///
/// A position's value is always for the side to move in it.
pub trait Game {
    /// A position: the board and whatever else decides the moves (such as
    /// the side to move).
    type Position: Copy + Eq + Hash;

    /// Calls `visit` once per legal move with the position it leads to.
    /// It is not called for a position that [`Game::primitive`] values.
    fn for_each_successor(&self, position: Self::Position, visit: impl FnMut(Self::Position));

    /// The value of a position where the game is over by its rules, or
    /// `None` while it goes on. A position that is not valued here and has
    /// no successor is lost for the side to move (in 0 plies), so games
    /// where the side that cannot move loses need not say anything here.
    fn primitive(&self, position: Self::Position) -> Option<Outcome> {
        let _ = position;
        None
    }
}
