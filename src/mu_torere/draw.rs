//! The draw rule of line-mode play, shared by the traditional board and
//! every board of the family: what counts as a repetition, and the lines
//! that end a game.

use super::board::Color;
use super::play::Ending;
use std::io::{self, Write};

/// How a game that neither side can win comes to an end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DrawRule {
    /// A draw when a position (the board and the side to move) comes up
    /// for the third time in the game.
    #[default]
    Repetition,
    /// No draw: the game goes on until a side cannot move, as in the
    /// traditional rules, where a drawn game is simply abandoned.
    None,
}

impl DrawRule {
    /// How often a position comes up in a game drawn by repetition.
    pub const REPETITIONS: usize = 3;

    /// The rule in a sentence, to follow [`RULES`](super::play::RULES).
    pub fn describe(self) -> &'static str {
        match self {
            DrawRule::Repetition => {
                "A game is drawn when a position, with the same side to move, comes up a third time."
            }
            DrawRule::None => "There are no draws: a game goes on until a side cannot move.",
        }
    }

    /// Whether the game whose positions so far are `history`, the current
    /// one last, is drawn.
    ///
    /// The rule never changes a position's value, so the perfect player
    /// needs no change for it: the winner, hurrying, only ever reaches
    /// positions nearer the end, which cannot have come up before, so no
    /// won game is ever drawn by it; a draw ends only games that, under
    /// perfect play, would go on forever.
    ///
    /// Positions of any board serve: the count is of equal ones.
    pub fn is_drawn<P: PartialEq>(self, history: &[P]) -> bool {
        match (self, history.last()) {
            (DrawRule::Repetition, Some(now)) => {
                history.iter().filter(|&p| p == now).count() >= Self::REPETITIONS
            }
            _ => false,
        }
    }
}

/// Ends the game if it is over, in the protocol of every board: `black
/// wins` or `white wins` when the side to move is `stuck`, else `draw` on
/// `out` and why on `talk` when `rule` draws the game of `history`.
pub fn announce_end<P: PartialEq>(
    mut out: impl Write,
    mut talk: impl Write,
    to_move: Color,
    stuck: bool,
    rule: DrawRule,
    history: &[P],
) -> io::Result<Option<Ending>> {
    let ending = if stuck {
        let winner = to_move.opponent();
        writeln!(out, "{winner} wins")?;
        Ending::Won(winner)
    } else if rule.is_drawn(history) {
        writeln!(out, "draw")?;
        out.flush()?;
        writeln!(
            talk,
            "this position, {to_move} to move, has come up a third time: the game is drawn"
        )?;
        Ending::Drawn
    } else {
        return Ok(None);
    };
    out.flush()?;
    Ok(Some(ending))
}
