//! 4x4 pawn chess (UVa 10838): who wins with White to move, and in how many
//! plies, under perfect play.
//!
//! - [`Board`], [`Square`], [`Side`]: the board as two sets of squares,
//!   with the judge's rows as its text form, and the squares' names.
//! - [`Position`]: the rules, seen from the side to move.
//! - [`PawnChess`]: the game as the shared solvers see it, with a dense
//!   numbering of every position within the statement's promises.
//! - [`Solver`]: answers for White to move, including boards outside the
//!   promises, and optimal lines of play ([`Line`]).
//! - [`Cases`], [`parse_cases`], [`write_verdict`], [`write_answers`]: the
//!   judge's input and output format.
//!
//! Pawn chess on any board up to 8x8 has modules of its own: [`sizes`]
//! (boards and positions of any size), [`value`] (their solver, tier by
//! tier), [`play`] (the line-mode game) and [`tui`] (the game full-screen
//! in a terminal).
//!
//! ```
//! use gamespace::pawn_chess::{Board, Solver};
//! use gamespace::pawn_chess::sizes::Size;
//! use gamespace::pawn_chess::value;
//! use gamespace::solve::Outcome;
//!
//! // 4x4 pawn chess (Octapawn): White, to move, wins in 11 plies.
//! let mut solver = Solver::default();
//! assert_eq!(solver.solve(Board::START), Outcome::Win(11));
//! let line = solver.line(Board::START);
//! assert_eq!(line.plies.len(), 11);
//!
//! // Hexapawn, 3x3: Black wins, in 6 plies.
//! let hexapawn: Size = "3x3".parse()?;
//! let mut solver = value::Solver::new(hexapawn, 1 << 30);
//! assert_eq!(solver.value(hexapawn.start())?, Outcome::Loss(6));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub(crate) mod board;
#[doc(hidden)]
pub mod cases;
pub(crate) mod game;
pub(crate) mod moves;
pub mod play;
pub(crate) mod protocol;
pub(crate) mod render;
#[doc(hidden)]
pub mod sized_render;
pub mod sizes;
pub(crate) mod solver;
pub(crate) mod tiers;
#[cfg(feature = "tui")]
pub mod tui;
pub mod value;

pub use board::{Board, BoardError, Side, Square};
pub use game::PawnChess;
pub use moves::{Move, Position};
pub use protocol::{Cases, ParseError, Shown, parse_cases, write_verdict};
pub use solver::{Ending, Engine, Line, Ply, Solver};

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
    /// Answers by `solver`, saying as much as `explain` asks.
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
