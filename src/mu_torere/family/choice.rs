//! The program's move on a board of the family, by the rules of the
//! traditional game (see [`crate::mu_torere::choice`]): the quickest win,
//! else the draw that leaves the opponent the most losing replies (then the
//! fewest safe ones), else the slowest loss; ties go to the lowest name of
//! the moving stone.

use super::numbering::Numbering;
use super::ring::{RingMove, RingPosition};
use super::solver::RingSolution;
use crate::mu_torere::choice::{RankedMove, rank};

/// A legal move with what the ranking looks at.
pub type RankedRingMove = RankedMove<RingMove>;

/// Every legal move of `p`, best first.
pub fn ranked_moves(solution: &RingSolution, numbering: &Numbering, p: RingPosition) -> Vec<RankedRingMove> {
    let ring = solution.ring();
    rank(
        ring.moves(p),
        |m| solution.move_value(p, m),
        |m| {
            let next = ring.play(p, m);
            ring.moves(next)
                .into_iter()
                .map(|reply| solution.move_value(next, reply))
                .collect()
        },
        |m| numbering.name(m.from),
    )
}

/// The program's move in `p`, or `None` when the side to move has lost.
pub fn choose(solution: &RingSolution, numbering: &Numbering, p: RingPosition) -> Option<RingMove> {
    ranked_moves(solution, numbering, p).first().map(|r| r.mv)
}
