//! Mu Torere on `2n` rim points and a centre, `n` stones a side (Ascher's
//! generalisation; the traditional game is `n = 4`), under the standard or
//! the free rule for entering the centre.
//!
//! - [`ring`]: the board, the rules, moves and unmoves, the dense index.
//! - [`numbering`]: the names of the points and the `SQUARES` text.
//! - [`solver`]: every position solved by the shared implicit retrograde
//!   engine, and the memory that takes.
//! - [`analysis`]: the report and the table.
//! - [`choice`], [`play`], [`render`]: the perfect player in line mode.

pub mod analysis;
pub mod choice;
pub mod numbering;
pub mod play;
pub mod render;
pub mod ring;
pub mod solver;

pub use analysis::{Report, RingAnalysis, RingTally, write_table};
pub use numbering::{Numbering, SquaresError};
pub use ring::{Ring, RingMove, RingPosition, Rule, Stones};
pub use solver::{RingSolution, SizeError, check_memory, memory_needed};
