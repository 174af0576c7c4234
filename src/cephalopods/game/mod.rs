//! Cephalopod, the two-player game (Mark Steere, 2006), on boards of R x C
//! cells: its rules, notation, strong solution and perfect play.
//!
//! The puzzle in the parent module counts every future of a board and
//! ignores who owns each die; here each die has an owner, and the full
//! board has a winner under one of two [`Rule`]s.
//!
//! - [`board`]: positions, sizes and their text form;
//! - [`moves`]: placements with every capture set, and move text;
//! - [`solver`]: the game for the shared solvers, and the [`Solution`] of a
//!   whole board;
//! - [`play`]: the program's choice of move and the line-mode game;
//! - [`analysis`]: the report on a solved board;
//! - [`tui`]: the full-screen game in a terminal.
//!
//! ```
//! use gamespace::cephalopods::game::{Position, Rule, Size, Solution};
//! use gamespace::solve::Outcome;
//!
//! let size: Size = "2x2".parse()?;
//! let solution = Solution::solve(size, Rule::Majority, |_| {})?;
//! assert_eq!(solution.value(Position::start(size)), Some(Outcome::Tie(14)));
//!
//! let p: Position = "w1.w1/.../... b".parse()?;
//! let capture = p.parse_move("b3")?; // the only capture set there
//! assert_eq!(p.play(capture).to_string(), ".b2./.../... w");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod analysis;
pub mod board;
pub mod moves;
pub mod play;
pub mod solver;
pub mod tui;

pub use board::{BoardError, Die, Player, Position, Size};
pub use moves::{Move, MoveError};
pub use solver::{Cephalopod, Provenance, Rule, Solution, SolveError};
