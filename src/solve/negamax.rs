//! Memoised negamax for acyclic games.
//!
//! In a game that always ends, every position is won or lost, and its value
//! follows from its successors' alone. Solving on demand visits only what
//! the asked positions can reach, which is a small part of a large space.

use super::Outcome;
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// A game whose position graph has no cycle, so every line of play ends.
pub trait AcyclicGame {
    type Position: Copy + Eq + Hash;

    /// Calls `visit` once per legal move with the position it leads to.
    /// A position where `visit` is never called is lost for the side to move.
    fn for_each_successor(&self, position: Self::Position, visit: impl FnMut(Self::Position));
}

/// Solves positions of an [`AcyclicGame`], remembering every value it
/// computes so later questions about shared positions are free.
pub struct Negamax<G: AcyclicGame> {
    game: G,
    memo: FxHashMap<G::Position, Outcome>,
}

impl<G: AcyclicGame> Negamax<G> {
    pub fn new(game: G) -> Self {
        Negamax {
            game,
            memo: FxHashMap::default(),
        }
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    /// The number of distinct positions solved so far.
    pub fn solved_positions(&self) -> usize {
        self.memo.len()
    }

    pub fn solve(&mut self, position: G::Position) -> Outcome {
        if let Some(&known) = self.memo.get(&position) {
            return known;
        }
        let mut successors = Vec::new();
        self.game.for_each_successor(position, |p| successors.push(p));
        let value = successors
            .into_iter()
            .map(|p| self.solve(p).parent())
            .max()
            .unwrap_or(Outcome::TERMINAL);
        self.memo.insert(position, value);
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Outcome::{Loss, Win};

    /// Subtraction game: take 1 or 2 from a pile; whoever cannot move loses.
    struct Subtraction;

    impl AcyclicGame for Subtraction {
        type Position = u32;
        fn for_each_successor(&self, pile: u32, mut visit: impl FnMut(u32)) {
            (1..=2)
                .filter(|&take| take <= pile)
                .for_each(|take| visit(pile - take));
        }
    }

    #[test]
    fn subtraction_game_losses_are_multiples_of_three() {
        let mut solver = Negamax::new(Subtraction);
        for pile in 0..30 {
            let expected = if pile % 3 == 0 {
                Loss(2 * pile / 3)
            } else {
                Win(2 * (pile / 3) + 1)
            };
            assert_eq!(solver.solve(pile), expected, "pile {pile}");
        }
        assert_eq!(solver.solved_positions(), 30);
    }
}
