//! How the program picks its move: perfect, and deterministic.
//!
//! Moves are ranked, best first, by
//! 1. their value for the mover: the quickest win, else a draw, else the
//!    slowest loss (the order of [`Outcome`]);
//! 2. among drawing moves only, the number of the opponent's replies that
//!    lose (more is better: more ways for a human to go wrong);
//! 3. among drawing moves only, the number of the opponent's replies that do
//!    not lose (fewer is better: the pitfalls make up more of the choices);
//! 4. the square number of the moving stone (lower is better), so that no
//!    two moves ever tie.

use super::board::Position;
use super::moves::Move;
use super::solver::Solution;
use crate::solve::Outcome;
use std::cmp::{Ordering, Reverse};

/// A legal move with what the ranking looks at, on the traditional board
/// (`M` by default) or any board of the family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankedMove<M = Move> {
    /// The move.
    pub mv: M,
    /// The value of the move for the player making it.
    pub value: Outcome,
    /// The opponent's replies that lose for the opponent.
    pub losing_replies: usize,
    /// The opponent's other replies.
    pub safe_replies: usize,
}

impl<M> RankedMove<M> {
    /// Greater is better, given the name of the moving stone; see the
    /// module documentation.
    fn key(&self, name: u32) -> (Outcome, usize, Reverse<usize>, Reverse<u32>) {
        let (losing, safe) = match self.value {
            Outcome::Draw => (self.losing_replies, self.safe_replies),
            _ => (0, 0),
        };
        (self.value, losing, Reverse(safe), Reverse(name))
    }
}

impl RankedMove {
    /// Compares by preference: `Greater` means `self` is the better move.
    pub fn preference(&self, other: &RankedMove) -> Ordering {
        let name = |r: &RankedMove| u32::from(r.mv.from.number());
        self.key(name(self)).cmp(&other.key(name(other)))
    }
}

/// Ranks the legal moves of a position on any board, best first: `value`
/// is a move's value for its player, `replies` the values of the
/// opponent's moves after it (for the opponent), and `name` the name of the
/// moving stone, which breaks ties.
pub(crate) fn rank<M: Copy>(
    moves: impl IntoIterator<Item = M>,
    value: impl Fn(M) -> Outcome,
    replies: impl Fn(M) -> Vec<Outcome>,
    name: impl Fn(M) -> u32,
) -> Vec<RankedMove<M>> {
    let mut ranked: Vec<RankedMove<M>> = moves
        .into_iter()
        .map(|mv| {
            let replies = replies(mv);
            let losing_replies = replies.iter().filter(|o| o.is_loss()).count();
            RankedMove {
                mv,
                value: value(mv),
                losing_replies,
                safe_replies: replies.len() - losing_replies,
            }
        })
        .collect();
    ranked.sort_by_key(|r| Reverse(r.key(name(r.mv))));
    ranked
}

/// Every legal move of `p`, best first.
pub fn ranked_moves(solution: &Solution, p: Position) -> Vec<RankedMove> {
    rank(
        p.legal_moves().iter().copied(),
        |m| solution.move_value(p, m),
        |m| {
            let next = p.play(m);
            next.legal_moves()
                .iter()
                .map(|&reply| solution.move_value(next, reply))
                .collect()
        },
        |m| u32::from(m.from.number()),
    )
}

/// The program's move in `p`, or `None` when the side to move has lost.
pub fn choose(solution: &Solution, p: Position) -> Option<Move> {
    ranked_moves(solution, p).first().map(|r| r.mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mu_torere::board::{Board, Color, Square};

    #[test]
    fn the_choice_keeps_the_value_of_every_position() {
        let solution = Solution::get();
        for (p, value) in solution.iter() {
            match choose(solution, p) {
                None => assert_eq!(value, Outcome::TERMINAL),
                Some(m) => assert_eq!(solution.move_value(p, m), value, "{} {}", p.board, p.to_move),
            }
        }
    }

    #[test]
    fn a_drawing_choice_sets_the_most_traps_among_drawing_moves() {
        let solution = Solution::get();
        for (p, value) in solution.iter().filter(|&(_, v)| v == Outcome::Draw) {
            let ranked = ranked_moves(solution, p);
            let best = ranked[0];
            for other in ranked.iter().filter(|r| r.value == Outcome::Draw) {
                assert!(other.losing_replies <= best.losing_replies);
                if other.losing_replies == best.losing_replies {
                    assert!(other.safe_replies >= best.safe_replies);
                }
            }
            assert_eq!(best.value, value);
        }
    }

    #[test]
    fn after_the_first_two_moves_the_program_sets_the_known_trap() {
        // 9->5, 6->9, 5->6: white must not play 9->5. The program, as black,
        // leads there if white opens with 6->9.
        let solution = Solution::get();
        let sq = |n| Square::from_number(n).unwrap();
        let p = Position::new("wwwbbobbw".parse::<Board>().unwrap(), Color::Black);
        let ranked = ranked_moves(solution, p);
        assert_eq!(
            ranked[0].mv,
            Move {
                from: sq(5),
                to: sq(6)
            }
        );
        assert_eq!(ranked[0].losing_replies, 1);
    }
}
