//! Mu Torere on `2n` rim points and a centre, `n` stones a side (Ascher's
//! generalisation; the traditional game is `n = 4`), under the standard or
//! the free rule for entering the centre.
//!
//! - [`Ring`], [`RingPosition`], [`RingMove`], [`Rule`]: the board, the
//!   rules, moves and unmoves, the dense index.
//! - [`Numbering`]: the names of the points and the `SQUARES` text.
//! - [`RingSolution`]: every position solved by the shared implicit
//!   retrograde engine ([`crate::solve::implicit`]), and the memory that
//!   takes ([`memory_needed`], [`check_memory`]).
//! - [`RingAnalysis`] and [`Report`]: the report and the table.
//! - [`play`]: the perfect player in line mode; [`tui`]: the same game
//!   full-screen, on the terminal.
//!
//! ```
//! use gamespace::mu_torere::family::{Ring, RingSolution, Rule};
//! use gamespace::solve::Outcome;
//!
//! // Six rim points, the standard rule: 280 positions, and a draw.
//! let solution = RingSolution::new(Ring::new(3, Rule::Standard)?);
//! assert_eq!(solution.ring().len(), 280);
//! assert_eq!(solution.outcome(solution.ring().start()), Outcome::Draw);
//! // Ten rim points, the free rule: the first player wins at once.
//! let free = RingSolution::new(Ring::with_points(10, "free".parse()?)?);
//! assert_eq!(free.outcome(free.ring().start()), Outcome::Win(1));
//! // A rim of 7 points has no board.
//! assert!(Ring::with_points(7, Rule::Standard).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub(crate) mod analysis;
pub(crate) mod choice;
pub(crate) mod numbering;
pub mod play;
pub(crate) mod render;
pub(crate) mod ring;
pub(crate) mod solver;
#[cfg(feature = "tui")]
pub mod tui;

pub use analysis::{Report, RingAnalysis, RingLine, RingTally, write_table};
pub use numbering::{Numbering, Squares, SquaresError};
pub use ring::{Ring, RingError, RingMove, RingPosition, Rule, RuleError, Stones};
pub use solver::{RingSolution, SizeError, check_memory, memory_needed};
