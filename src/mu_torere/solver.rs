//! The whole game solved: all 1260 positions, their graph and their values.
//!
//! The position graph has cycles (stones can shuttle back and forth), so it
//! goes to the shared retrograde engine, which finds the won and lost
//! positions with their distances and leaves the rest drawn.

use super::board::{Board, Color, Position};
use super::moves::Move;
use crate::solve::Outcome;
use crate::solve::retrograde::{self, Graph};
use std::sync::OnceLock;

/// Every position with its value for the side to move under perfect play.
#[derive(Clone, Debug)]
pub struct Solution {
    boards: Vec<Board>,
    graph: Graph,
    outcomes: Vec<Outcome>,
}

impl Solution {
    /// Builds the graph of all positions and solves it.
    pub fn new() -> Solution {
        let boards: Vec<Board> = Board::all().collect();
        let positions: Vec<Position> = boards
            .iter()
            .flat_map(|&b| Color::ALL.map(|c| Position::new(b, c)))
            .collect();
        let index = |p: Position| board_index(&boards, p);
        let graph = Graph::from_fn(positions.len(), |i, push| {
            for (_, next) in positions[i].successors() {
                push(index(next));
            }
        });
        let outcomes = retrograde::solve(&graph);
        Solution {
            boards,
            graph,
            outcomes,
        }
    }

    /// The solution shared by the whole program, built on first use (it
    /// takes about a millisecond).
    pub fn get() -> &'static Solution {
        static SOLUTION: OnceLock<Solution> = OnceLock::new();
        SOLUTION.get_or_init(Solution::new)
    }

    /// The dense index of a position: boards in `SQUARES` order, black to
    /// move before white.
    pub fn index(&self, p: Position) -> usize {
        board_index(&self.boards, p)
    }

    /// The position numbered `index` (see [`Solution::index`]).
    pub fn position(&self, index: usize) -> Position {
        let to_move = if index.is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        };
        Position::new(self.boards[index / 2], to_move)
    }

    /// How many positions there are (1260).
    pub fn len(&self) -> usize {
        self.outcomes.len()
    }

    /// Never: the game has positions.
    pub fn is_empty(&self) -> bool {
        self.outcomes.is_empty()
    }

    /// The value of `p` for the side to move.
    pub fn outcome(&self, p: Position) -> Outcome {
        self.outcomes[self.index(p)]
    }

    /// The value of playing `m` in `p`, for the player making it.
    pub fn move_value(&self, p: Position, m: Move) -> Outcome {
        self.outcome(p.play(m)).parent()
    }

    /// Every position with its value, in table order.
    pub fn iter(&self) -> impl Iterator<Item = (Position, Outcome)> + '_ {
        self.outcomes
            .iter()
            .enumerate()
            .map(|(i, &o)| (self.position(i), o))
    }

    /// The position graph, indexed as by [`Solution::index`].
    pub fn graph(&self) -> &Graph {
        &self.graph
    }
}

fn board_index(boards: &[Board], p: Position) -> usize {
    let board = boards
        .binary_search(&p.board)
        .expect("every board is in the table");
    2 * board + p.to_move as usize
}

impl Default for Solution {
    fn default() -> Self {
        Solution::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Outcome::{Draw, Loss, Win};
    use std::collections::HashMap;

    /// Plain depth-limited recursion: can the side to move force the game to
    /// end in its favour (or, for `lose_within`, be forced to lose) within
    /// `depth` plies? Memoised only to keep it fast.
    struct Oracle(HashMap<(Position, u32, bool), bool>);

    impl Oracle {
        fn win_within(&mut self, p: Position, depth: u32) -> bool {
            depth > 0 && p.successors().any(|(_, next)| self.lose_within(next, depth - 1))
        }

        fn lose_within(&mut self, p: Position, depth: u32) -> bool {
            if let Some(&known) = self.0.get(&(p, depth, false)) {
                return known;
            }
            let moves: Vec<Position> = p.successors().map(|(_, next)| next).collect();
            let result =
                moves.is_empty() || (depth > 0 && moves.iter().all(|&next| self.win_within(next, depth - 1)));
            self.0.insert((p, depth, false), result);
            result
        }

        fn value(&mut self, p: Position, horizon: u32) -> Outcome {
            for depth in 0..=horizon {
                if self.win_within(p, depth) {
                    return Win(depth);
                }
                if self.lose_within(p, depth) {
                    return Loss(depth);
                }
            }
            Draw
        }
    }

    #[test]
    fn every_value_agrees_with_plain_depth_limited_search() {
        let solution = Solution::new();
        assert_eq!(solution.len(), Position::COUNT);
        let mut oracle = Oracle(HashMap::new());
        let longest = solution.iter().filter_map(|(_, o)| o.plies()).max().unwrap();
        // Far past the longest finite distance, so a draw here is no slow win.
        let horizon = 4 * longest + 8;
        for (p, o) in solution.iter() {
            assert_eq!(o, oracle.value(p, horizon), "{} {}", p.board, p.to_move);
        }
    }

    #[test]
    fn values_are_consistent_with_their_successors() {
        let solution = Solution::new();
        for (p, o) in solution.iter() {
            let children: Vec<Outcome> = p
                .successors()
                .map(|(_, n)| solution.outcome(n).parent())
                .collect();
            match o {
                Draw => {
                    assert!(children.iter().all(|c| !c.is_win()));
                    assert!(children.contains(&Draw));
                }
                _ => assert_eq!(children.into_iter().max().unwrap_or(Outcome::TERMINAL), o),
            }
        }
    }

    #[test]
    fn index_and_position_are_inverse() {
        let solution = Solution::get();
        for i in 0..solution.len() {
            assert_eq!(solution.index(solution.position(i)), i);
        }
        assert_eq!(solution.outcome(Position::START), Draw);
    }

    #[test]
    fn the_whole_space_has_the_published_value_counts() {
        let solution = Solution::get();
        let count = |f: &dyn Fn(Outcome) -> bool| solution.iter().filter(|&(_, o)| f(o)).count();
        assert_eq!(solution.len(), 1260);
        assert_eq!(count(&|o| o.is_win()), 240);
        assert_eq!(count(&|o| o.is_loss()), 128);
        assert_eq!(count(&|o| o == Draw), 892);
        assert_eq!(count(&|o| o == Outcome::TERMINAL), 80);
    }
}
