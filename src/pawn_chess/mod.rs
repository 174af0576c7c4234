//! 4x4 pawn chess (UVa 10838): who wins with White to move, and in how many
//! plies, under perfect play.
//!
//! - [`board`]: the board as two sets of squares, and the squares' names.
//! - [`moves`]: the rules, seen from the side to move.
//! - [`game`]: the game as the shared solvers see it, with a dense
//!   numbering of every position within the statement's promises.
//! - [`solver`]: answers for White to move, including boards outside the
//!   promises, and optimal lines of play.
//! - [`protocol`]: the judge's input and output format.
//! - [`render`]: the `--explain` text and its move notation.

pub mod board;
pub mod cases;
pub mod game;
pub mod moves;
pub mod play;
pub mod protocol;
pub mod render;
pub mod sized_render;
pub mod sizes;
pub mod solver;
pub mod tiers;
pub mod tui;
pub mod value;

pub use board::{Board, Side, Square};
pub use protocol::{ParseError, parse_cases, write_verdict};
pub use solver::{Engine, Solver};

use std::io::{self, Write};

/// Writes the answers to `boards`, White to move in each, as `gamespace
/// pawn-chess` prints them: one verdict line per board, or with `explain`
/// each verdict followed by an optimal line of play, boards separated by a
/// blank line.
pub fn write_answers(
    boards: &[Board],
    solver: &mut Solver,
    explain: bool,
    out: &mut impl Write,
) -> io::Result<()> {
    for (case, &board) in boards.iter().enumerate() {
        if explain {
            if case > 0 {
                out.write_all(b"\n")?;
            }
            out.write_all(render::explain(&solver.line(board)).as_bytes())?;
        } else {
            write_verdict(out, solver.solve(board))?;
        }
    }
    Ok(())
}
