//! Cephalopod, the two-player game (Mark Steere, 2006), on boards of R x C
//! cells: its rules, notation, strong solution and perfect play.
//!
//! The puzzle in the parent module counts every future of a board and
//! ignores who owns each die; here each die has an owner, and the full
//! board has a winner under one of two [`Rule`]s.
//!
//! - [`Position`] and [`Size`]: positions and boards, and their text form
//!   (`w1.w1/.../... b`: rows from the top, a die as its owner and value,
//!   then the side to move);
//! - [`Move`]: a placement with its capture set, and its text (`b2`,
//!   `b2:a2+b1`);
//! - [`Cephalopod`]: the game as [`crate::solve::tiered`] sees it, and the
//!   [`Solution`] of a whole board, cached on disk by [`Solution::load_or_solve`];
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
pub(crate) mod board;
pub(crate) mod moves;
pub mod play;
pub(crate) mod solver;
#[cfg(feature = "tui")]
pub mod tui;

pub use board::{BoardError, Die, MAX_CELLS, MAX_SIDE, Player, Position, Size};
pub use moves::{Move, MoveError};
pub use solver::{Cephalopod, Key, MAX_SOLVED_CELLS, Provenance, Rule, RuleError, Solution, SolveError};
