//! Mu Torere, the Māori game on an octagon of eight points and a centre:
//! the rules, the whole game solved, and a perfect player.
//!
//! - [`Board`], [`Position`], [`Square`], [`Color`]: stones on squares
//!   1..9 (5 is the centre), with the text form `SQUARES` (`wwwbowbbb`,
//!   squares 1 to 9 in order) and the side to move.
//! - [`Move`]: the legal moves, and why a square named is not one
//!   ([`MoveError`]).
//! - [`Solution`]: all 1260 positions solved by retrograde analysis
//!   ([`crate::solve::retrograde`]); [`choose`] and [`ranked_moves`], the
//!   program's move choice.
//! - [`picture`]: the five-line board picture.
//! - [`play`]: the line-mode game against a human; [`tui`]: the same game
//!   full-screen in a terminal.
//! - [`analysis`]: the report and the table of all positions.
//! - [`family`]: the game on `2n` rim points, any `n`, under either rule.
//!
//! ```
//! use gamespace::mu_torere::{Color, Position, Solution, Square, choose};
//! use gamespace::solve::Outcome;
//!
//! let solution = Solution::get();
//! assert_eq!(solution.len(), 1260);
//! // Under perfect play the game goes on forever.
//! assert_eq!(solution.outcome(Position::START), Outcome::Draw);
//! // Black's only first moves take an end stone of its half to the centre.
//! let first = choose(solution, Position::START).unwrap();
//! assert!([4, 9].contains(&first.from.number()) && first.to == Square::CENTRE);
//! // The longest forced win takes 5 plies.
//! let longest = solution.iter().filter_map(|(_, value)| match value {
//!     Outcome::Win(plies) => Some(plies),
//!     _ => None,
//! });
//! assert_eq!(longest.max(), Some(5));
//! # let _ = Color::Black;
//! ```

pub mod analysis;
pub(crate) mod board;
pub(crate) mod choice;
pub(crate) mod draw;
pub mod family;
pub(crate) mod moves;
pub mod play;
pub(crate) mod protocol;
pub(crate) mod render;
pub(crate) mod solver;
#[cfg(feature = "tui")]
pub mod tui;

pub use analysis::Analysis;
pub use board::{Board, BoardError, Color, Position, Square};
pub use choice::{RankedMove, choose, ranked_moves};
pub use moves::{Blocked, Move, MoveError, MoveList};
pub use render::{Highlight, NUMBERING, annotated_picture, cell_of, picture};
pub use solver::Solution;
