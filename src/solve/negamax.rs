//! Memoised negamax for acyclic games.
//!
//! In a game that always ends, every position is won or lost, and its value
//! follows from its successors' alone. Solving on demand visits only what
//! the asked positions can reach, which is a small part of a large space.

use super::{Game, Outcome};
use rustc_hash::FxHashMap;

/// Solves positions of a [`Game`] without cycles, remembering every value
/// it computes so later questions about shared positions are free.
pub struct Negamax<G: Game> {
    game: G,
    memo: FxHashMap<G::Position, Outcome>,
}

impl<G: Game> Negamax<G> {
    /// A solver of `game` that knows no position yet.
    pub fn new(game: G) -> Self {
        Negamax {
            game,
            memo: FxHashMap::default(),
        }
    }

    /// The game it solves.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The number of distinct positions solved so far.
    pub fn solved_positions(&self) -> usize {
        self.memo.len()
    }

    /// The value of `position` for the side to move, searching what it does not know yet.
    pub fn solve(&mut self, position: G::Position) -> Outcome {
        if let Some(&known) = self.memo.get(&position) {
            return known;
        }
        let value = match self.game.primitive(position) {
            Some(value) => value,
            None => {
                let mut successors = Vec::new();
                self.game.for_each_successor(position, |p| successors.push(p));
                successors
                    .into_iter()
                    .map(|p| self.solve(p).parent())
                    .max()
                    .unwrap_or(Outcome::TERMINAL)
            }
        };
        self.memo.insert(position, value);
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Outcome::{Loss, Tie, Win};

    /// Subtraction game: take 1 or 2 from a pile; whoever cannot move loses.
    struct Subtraction;

    impl Game for Subtraction {
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

    /// Subtraction with a twist: a pile of exactly 4 ends the game in a tie.
    struct TieAtFour;

    impl Game for TieAtFour {
        type Position = u32;
        fn for_each_successor(&self, pile: u32, visit: impl FnMut(u32)) {
            Subtraction.for_each_successor(pile, visit)
        }
        fn primitive(&self, pile: u32) -> Option<Outcome> {
            (pile == 4).then_some(Tie(0))
        }
    }

    #[test]
    fn primitive_values_end_the_game_and_ties_are_taken_quickly() {
        let mut solver = Negamax::new(TieAtFour);
        assert_eq!(solver.solve(4), Tie(0));
        // From 5: take 2 to leave 3 (a loss for the opponent: win in 3), or
        // take 1 to reach the tie at once. The win is better.
        assert_eq!(solver.solve(5), Win(3));
        // From 6: take 2 to reach the tie, or 1 to leave 5, a win for the
        // opponent: the tie in 1 is best.
        assert_eq!(solver.solve(6), Tie(1));
    }
}
