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
pub mod game;
pub mod moves;
pub mod protocol;
pub mod render;
pub mod solver;

pub use board::{Board, Side, Square};
pub use protocol::{Cases, ParseError, parse_cases, write_verdict};
pub use solver::{Engine, Solver};

use std::io::{self, Write};

/// How much `gamespace pawn-chess` says about each case.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Explain {
    /// The verdict line alone: the judge's protocol.
    #[default]
    Verdict,
    /// The verdict and one optimal line of play (`--explain`).
    Line,
    /// Also every move of the start with its value (`--explain=all`).
    AllMoves,
}

/// Writes the answers to `boards`, White to move in each, as `gamespace
/// pawn-chess` prints them: one verdict line per board, or when explaining
/// each verdict followed by an optimal line of play, cases separated by a
/// blank line.
pub fn write_answers(
    boards: &[Board],
    solver: &mut Solver,
    explain: Explain,
    out: &mut impl Write,
) -> io::Result<()> {
    let mut answers = Answers::new(solver, explain);
    boards.iter().try_for_each(|&board| answers.write(board, out))
}

/// The answers of [`write_answers`], written one board at a time as the
/// boards are read.
pub struct Answers<'a> {
    solver: &'a mut Solver,
    explain: Explain,
    written: usize,
}

impl<'a> Answers<'a> {
    pub fn new(solver: &'a mut Solver, explain: Explain) -> Answers<'a> {
        Answers {
            solver,
            explain,
            written: 0,
        }
    }

    /// Writes the answer to the next board.
    #[inline]
    pub fn write(&mut self, board: Board, out: &mut impl Write) -> io::Result<()> {
        if self.explain == Explain::Verdict {
            write_verdict(out, self.solver.solve(board))?;
        } else {
            if self.written > 0 {
                out.write_all(b"\n")?;
            }
            let moves = (self.explain == Explain::AllMoves).then(|| self.solver.first_moves(board));
            out.write_all(render::explain(&self.solver.line(board), moves.as_deref()).as_bytes())?;
        }
        self.written += 1;
        Ok(())
    }
}
