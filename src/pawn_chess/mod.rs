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
pub use protocol::{ParseError, parse_cases, write_verdict};
pub use solver::{Engine, Solver};

/// The whole job of `gamespace pawn-chess`: the judge's input in, the text
/// to print out. With `explain`, each verdict is followed by an optimal
/// line of play and cases are separated by a blank line.
pub fn answer(input: &[u8], engine: Engine, explain: bool) -> Result<Vec<u8>, ParseError> {
    let boards = parse_cases(input)?;
    let mut solver = Solver::new(engine);
    let mut out = Vec::with_capacity(boards.len() * 11);
    for (case, &board) in boards.iter().enumerate() {
        if explain {
            if case > 0 {
                out.push(b'\n');
            }
            out.extend_from_slice(render::explain(&solver.line(board)).as_bytes());
        } else {
            write_verdict(&mut out, solver.solve(board));
        }
    }
    Ok(out)
}
