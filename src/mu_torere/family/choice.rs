//! The program's move on a board of the family, by the rules of the
//! traditional game (see [`crate::mu_torere::choice`]): the quickest win,
//! else the draw that leaves the opponent the most losing replies (then the
//! fewest safe ones), else the slowest loss; ties go to the lowest name of
//! the moving stone.

use super::numbering::Numbering;
use super::ring::{RingMove, RingPosition};
use super::solver::RingSolution;
use crate::solve::Outcome;
use std::cmp::Reverse;

/// A legal move with what the ranking looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankedRingMove {
    pub mv: RingMove,
    /// The value of the move for the player making it.
    pub value: Outcome,
    /// The opponent's replies that lose for the opponent.
    pub losing_replies: usize,
    /// The opponent's other replies.
    pub safe_replies: usize,
}

impl RankedRingMove {
    fn new(solution: &RingSolution, p: RingPosition, mv: RingMove) -> RankedRingMove {
        let ring = solution.ring();
        let next = ring.play(p, mv);
        let replies = ring.moves(next);
        let losing_replies = replies
            .iter()
            .filter(|&&reply| solution.move_value(next, reply).is_loss())
            .count();
        RankedRingMove {
            mv,
            value: solution.move_value(p, mv),
            losing_replies,
            safe_replies: replies.len() - losing_replies,
        }
    }

    fn key(&self, numbering: &Numbering) -> (Outcome, usize, Reverse<usize>, Reverse<u32>) {
        let (losing, safe) = match self.value {
            Outcome::Draw => (self.losing_replies, self.safe_replies),
            _ => (0, 0),
        };
        (
            self.value,
            losing,
            Reverse(safe),
            Reverse(numbering.name(self.mv.from)),
        )
    }
}

/// Every legal move of `p`, best first.
pub fn ranked_moves(solution: &RingSolution, numbering: &Numbering, p: RingPosition) -> Vec<RankedRingMove> {
    let mut ranked: Vec<RankedRingMove> = solution
        .ring()
        .moves(p)
        .into_iter()
        .map(|m| RankedRingMove::new(solution, p, m))
        .collect();
    ranked.sort_by_key(|r| Reverse(r.key(numbering)));
    ranked
}

/// The program's move in `p`, or `None` when the side to move has lost.
pub fn choose(solution: &RingSolution, numbering: &Numbering, p: RingPosition) -> Option<RingMove> {
    ranked_moves(solution, numbering, p).first().map(|r| r.mv)
}
