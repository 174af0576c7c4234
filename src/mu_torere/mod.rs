//! Mu Torere, the Māori game on an octagon of eight points and a centre:
//! the rules, the whole game solved, and a perfect player.
//!
//! - [`board`]: stones, squares 1..9, the 16 edges, boards and positions.
//! - [`moves`]: the legal moves.
//! - [`solver`]: all 1260 positions solved by retrograde analysis.
//! - [`choice`]: the program's move choice.

pub mod board;
pub mod choice;
pub mod moves;
pub mod solver;

pub use board::{Board, BoardError, Color, Position, Square};
pub use choice::{RankedMove, choose, ranked_moves};
pub use moves::{Move, MoveError, MoveList};
pub use solver::Solution;
