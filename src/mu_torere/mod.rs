//! Mu Torere, the Māori game on an octagon of eight points and a centre:
//! the rules, the whole game solved, and a perfect player.
//!
//! - [`board`]: stones, squares 1..9, the 16 edges, boards and positions.
//! - [`moves`]: the legal moves.
//! - [`solver`]: all 1260 positions solved by retrograde analysis.
//! - [`choice`]: the program's move choice.
//! - [`render`]: the five-line board picture.
//! - [`draw`]: the draw rule of line-mode play, on every board.
//! - [`play`]: the line-mode game against a human.
//! - [`analysis`]: the report and the table of all positions.
//! - [`family`]: the game on `2n` rim points, any `n`, under either rule.

pub mod analysis;
pub mod board;
pub mod choice;
pub mod draw;
pub mod family;
pub mod moves;
pub mod play;
pub mod render;
pub mod solver;
pub mod tui;

pub use analysis::Analysis;
pub use board::{Board, BoardError, Color, Position, Square};
pub use choice::{RankedMove, choose, ranked_moves};
pub use moves::{Move, MoveError, MoveList};
pub use render::{Highlight, NUMBERING, annotated_picture, cell_of, picture};
pub use solver::Solution;
