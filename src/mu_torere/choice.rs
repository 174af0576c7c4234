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

/// A legal move with what the ranking looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankedMove {
    /// The move.
    pub mv: Move,
    /// The value of the move for the player making it.
    pub value: Outcome,
    /// The opponent's replies that lose for the opponent.
    pub losing_replies: usize,
    /// The opponent's other replies.
    pub safe_replies: usize,
}

impl RankedMove {
    fn new(solution: &Solution, p: Position, mv: Move) -> RankedMove {
        let next = p.play(mv);
        let losing_replies = next
            .legal_moves()
            .iter()
            .filter(|&&reply| solution.move_value(next, reply).is_loss())
            .count();
        RankedMove {
            mv,
            value: solution.move_value(p, mv),
            losing_replies,
            safe_replies: next.legal_moves().len() - losing_replies,
        }
    }

    /// Greater is better; see the module documentation.
    fn key(&self) -> (Outcome, usize, Reverse<usize>, Reverse<u8>) {
        let (losing, safe) = match self.value {
            Outcome::Draw => (self.losing_replies, self.safe_replies),
            _ => (0, 0),
        };
        (self.value, losing, Reverse(safe), Reverse(self.mv.from.number()))
    }

    /// Compares by preference: `Greater` means `self` is the better move.
    pub fn preference(&self, other: &RankedMove) -> Ordering {
        self.key().cmp(&other.key())
    }
}

/// Every legal move of `p`, best first.
pub fn ranked_moves(solution: &Solution, p: Position) -> Vec<RankedMove> {
    let mut ranked: Vec<RankedMove> = p
        .legal_moves()
        .iter()
        .map(|&m| RankedMove::new(solution, p, m))
        .collect();
    ranked.sort_by(|a, b| b.preference(a));
    ranked
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
