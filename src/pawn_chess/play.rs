//! Playing pawn chess on any board against the perfect player, in lines.
//!
//! The protocol, on the output:
//!
//! ```text
//! ppp        the board, top row (White's goal) first
//! ...
//! PPP
//! white b1-b2    each move, by whoever makes it, then the board after it
//! ppp
//! .P.
//! P.P
//! ...
//! black wins     the end
//! ```
//!
//! The human's moves are read one a line, written as in the move lines
//! (`b1-b2`, `c3xb2`); `?` asks for every legal move with its value, which
//! goes to the output as `  b1-b2 loss 6`. Prompts and complaints about
//! moves that are not legal go to the diagnostics stream and never stop the
//! game. The program plays the quickest win or the slowest loss, the first
//! such move in the generator's order, so a game is always the same.

use super::board::Side;
use super::sized_render::value_words;
use super::sizes::Setup;
use super::value::{Solver, TooLarge};
use std::io::{self, BufRead, Write};
use thiserror::Error;

/// Who the human plays, if anyone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Human {
    /// The human plays this side, the program the other.
    Plays(Side),
    /// The program plays both sides.
    Nobody,
}

/// Why a game stopped before its end.
#[derive(Debug, Error)]
pub enum PlayError {
    /// The board is too large to solve.
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
    /// The input ended before the game did.
    #[error("the input ended before the game did")]
    InputEnded,
    /// The input or the output failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Plays one game from `start` and returns the winner.
pub fn play(
    start: Setup,
    human: Human,
    solver: &mut Solver,
    input: &mut impl BufRead,
    out: &mut impl Write,
    chatter: &mut impl Write,
) -> Result<Side, PlayError> {
    let mut at = start;
    write_board(out, at)?;
    loop {
        if let Some(winner) = at.winner() {
            writeln!(out, "{} wins", winner.name())?;
            out.flush()?;
            return Ok(winner);
        }
        let side = at.to_move();
        let step = if human == Human::Plays(side) {
            out.flush()?;
            read_move(at, solver, input, out, chatter)?
        } else {
            solver.best_move(at)?.expect("a game that goes on has a move")
        };
        writeln!(out, "{} {}", side.name(), at.notation(step))?;
        at = at.play(step);
        write_board(out, at)?;
    }
}

fn write_board(out: &mut impl Write, setup: Setup) -> io::Result<()> {
    for row in setup.rows() {
        writeln!(out, "{row}")?;
    }
    Ok(())
}

/// The human's next legal move, asking again after anything else.
fn read_move(
    at: Setup,
    solver: &mut Solver,
    input: &mut impl BufRead,
    out: &mut impl Write,
    chatter: &mut impl Write,
) -> Result<super::sizes::Step, PlayError> {
    let legal: Vec<String> = at.moves().into_iter().map(|m| at.notation(m)).collect();
    loop {
        // The prompt is chatter: a closed diagnostics stream must not end the game.
        let _ = write!(
            chatter,
            "{} to move ({}; ? for values): ",
            at.to_move().name(),
            legal.join(" ")
        );
        let _ = chatter.flush();
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Err(PlayError::InputEnded);
        }
        let word = line.trim();
        if word == "?" {
            for (step, value) in solver.moves(at)? {
                writeln!(out, "  {} {}", at.notation(step), value_words(value))?;
            }
            out.flush()?;
            continue;
        }
        if let Some(step) = at.find_move(word) {
            return Ok(step);
        }
        let _ = writeln!(chatter, "`{}` is not a legal move here", word.escape_debug());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Outcome;

    fn game(start: &str, human: Human, input: &str) -> (Result<Side, PlayError>, String) {
        let start: Setup = start.parse().unwrap();
        let mut solver = Solver::new(start.size(), 1 << 30);
        let mut out = Vec::new();
        let result = play(
            start,
            human,
            &mut solver,
            &mut input.as_bytes(),
            &mut out,
            &mut io::sink(),
        );
        (result, String::from_utf8(out).unwrap())
    }

    #[test]
    fn perfect_play_on_hexapawn_is_a_black_win_in_six() {
        let (winner, text) = game("ppp/.../PPP w", Human::Nobody, "");
        assert_eq!(winner.unwrap(), Side::Black);
        let moves = text
            .lines()
            .filter(|l| (l.starts_with("white ") || l.starts_with("black ")) && !l.ends_with(" wins"))
            .count();
        assert_eq!(moves, 6, "{text}");
        assert!(text.starts_with("ppp\n...\nPPP\nwhite "), "{text}");
        assert!(text.ends_with("black wins\n"), "{text}");
        let start: Setup = "ppp/.../PPP w".parse().unwrap();
        assert_eq!(
            Solver::new(start.size(), 1 << 30).value(start).unwrap(),
            Outcome::Loss(6)
        );
    }

    #[test]
    fn the_human_is_asked_again_and_may_ask_for_values() {
        let (winner, text) = game(".../.P./... w", Human::Plays(Side::White), "x\n?\nb2-b3\n");
        assert_eq!(winner.unwrap(), Side::White);
        assert_eq!(
            text,
            ".../.P./...\n  b2-b3 win 1\nwhite b2-b3\n.P./.../...\nwhite wins\n".replace('/', "\n")
        );
        let (ended, _) = game("ppp/.../PPP w", Human::Plays(Side::White), "a1-a2\n");
        assert!(matches!(ended, Err(PlayError::InputEnded)));
    }
}
