//! Complete outcome tables for acyclic games whose positions have dense
//! indices.
//!
//! When a game can list its whole space so that every position comes after
//! all of its successors, each value is one pass over its moves: no
//! recursion, no hashing, one byte per position. It solves positions nobody
//! may ask about, which [`Negamax`](super::negamax::Negamax) would skip, but
//! every question after that is a single load: the better choice when most
//! of the space will be asked about anyway.
//!
//! The values follow the same rules as the other solvers in [`solve`](super):
//! a position without moves is lost, the winner takes the shortest route and
//! the loser the longest. They agree with [`retrograde::solve`](super::retrograde::solve)
//! on the same graph, which [`graph`] builds for checking.

use super::retrograde::Graph;
use super::{Game, Outcome};

/// A [`Game`] without cycles whose space can be listed in dependency order
/// and numbered densely.
pub trait IndexedGame: Game {
    /// The number of table slots: every index is below it. Slots that no
    /// listed position takes are allowed and stay unsolved.
    fn slots(&self) -> usize;

    /// The slot of a position of the space, or of one of its successors.
    /// Positions may share a slot only if they are worth the same, as
    /// different game-over positions are.
    fn index(&self, position: Self::Position) -> usize;

    /// Calls `visit` once for every position of the space, each after all of
    /// its successors. The space must be closed: successors of a listed
    /// position are listed too.
    fn for_each_position(&self, visit: impl FnMut(Self::Position));
}

/// A table slot that holds no value. Values are plies, so they must stay below it.
const UNSOLVED: u8 = u8::MAX;

/// The solved value of every position of an [`IndexedGame`].
///
/// Each slot is the number of plies to the end under perfect play. The
/// parity says who wins: a position lost at once is 0 plies away, a win is
/// always an odd number of plies away and a loss an even number, so the
/// byte alone is the whole [`Outcome`].
#[derive(Clone, Debug)]
pub struct Table {
    plies: Vec<u8>,
}

/// How good it is to move into a position `child` plies from the end: any
/// position lost for the opponent (even) beats any won one (odd); among the
/// lost ones the nearest end is best, among the won ones the farthest.
const fn preference(child: u8) -> u8 {
    let half = child >> 1;
    if child & 1 == 0 { u8::MAX - half } else { half }
}

/// The plies of a position whose best move has `preference`.
const fn plies_after_best(preference: u8) -> u8 {
    if preference > u8::MAX / 2 {
        2 * (u8::MAX - preference) + 1
    } else {
        2 * preference + 2
    }
}

const fn outcome_of(plies: u8) -> Outcome {
    if plies & 1 == 1 {
        Outcome::Win(plies as u32)
    } else {
        Outcome::Loss(plies as u32)
    }
}

impl Table {
    /// Solves every position `game` lists.
    ///
    /// # Panics
    /// If a position is listed before one of its successors, a line of
    /// play is longer than 253 plies, or the game has ties (the table holds
    /// wins and losses by the parity of their plies): all are mistakes in
    /// the game's code, not in anyone's input.
    pub fn solve<G: IndexedGame>(game: &G) -> Table {
        let mut plies = vec![UNSOLVED; game.slots()];
        game.for_each_position(|position| {
            if let Some(value) = game.primitive(position) {
                let packed = match value.plies() {
                    Some(n) if n < u32::from(UNSOLVED - 1) => n as u8,
                    _ => UNSOLVED,
                };
                assert!(
                    packed != UNSOLVED && outcome_of(packed) == value,
                    "a table holds wins in odd plies and losses in even ones, not {value}"
                );
                plies[game.index(position)] = packed;
                return;
            }
            let mut best: Option<u8> = None;
            game.for_each_successor(position, |child| {
                let child = plies[game.index(child)];
                assert!(
                    child < UNSOLVED - 1,
                    "a successor is unsolved or too far from the end"
                );
                best = best.max(Some(preference(child)));
            });
            plies[game.index(position)] = best.map_or(0, plies_after_best);
        });
        Table { plies }
    }

    /// How many positions the table holds.
    pub fn len(&self) -> usize {
        self.plies.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.plies.is_empty()
    }

    /// The value of the position in slot `index`, or `None` if the game
    /// listed no position there.
    pub fn outcome(&self, index: usize) -> Option<Outcome> {
        match self.plies[index] {
            UNSOLVED => None,
            plies => Some(outcome_of(plies)),
        }
    }

    /// Plies to the end from slot `index`: odd if the side to move wins,
    /// even if it loses, [`u8::MAX`] for an unused slot. The cheapest form
    /// of [`Table::outcome`], for callers answering many questions.
    pub fn plies(&self, index: usize) -> u8 {
        self.plies[index]
    }
}

/// The explicit position graph of `game`, indexed by its slots, for
/// [`retrograde::solve`](super::retrograde::solve). Slots no listed position
/// takes have no moves there.
pub fn graph<G: IndexedGame>(game: &G) -> Graph {
    let mut successors = vec![Vec::new(); game.slots()];
    game.for_each_position(|position| {
        let slot = &mut successors[game.index(position)];
        slot.clear();
        game.for_each_successor(position, |child| slot.push(game.index(child)));
    });
    Graph::from_fn(game.slots(), |i, push| {
        successors[i].iter().for_each(|&j| push(j))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::negamax::Negamax;
    use crate::solve::retrograde;

    /// A random acyclic graph: edges only go from higher to lower numbers,
    /// so listing positions upwards puts successors first.
    struct Dag {
        edges: Vec<Vec<usize>>,
    }

    impl Game for Dag {
        type Position = usize;
        fn for_each_successor(&self, p: usize, visit: impl FnMut(usize)) {
            self.edges[p].iter().copied().for_each(visit);
        }
    }

    impl IndexedGame for Dag {
        fn slots(&self) -> usize {
            self.edges.len()
        }
        fn index(&self, p: usize) -> usize {
            p
        }
        fn for_each_position(&self, visit: impl FnMut(usize)) {
            (0..self.edges.len()).for_each(visit);
        }
    }

    fn random_dags() -> impl Iterator<Item = Dag> {
        let mut rng = crate::test_rng::XorShift::new(0x2545_f491_4f6c_dd1d);
        let mut next = move |bound: u64| rng.below(bound);
        (0..400).map(move |_| {
            let n = 1 + next(40) as usize;
            let edges = (0..n)
                .map(|i| {
                    if i == 0 {
                        return Vec::new();
                    }
                    (0..next(5)).map(|_| next(i as u64) as usize).collect()
                })
                .collect();
            Dag { edges }
        })
    }

    #[test]
    fn preference_ranks_every_loss_above_every_win() {
        let mut by_preference: Vec<u8> = (0..=253).collect();
        by_preference.sort_by_key(|&c| preference(c));
        let as_parent: Vec<Outcome> = by_preference.iter().map(|&c| outcome_of(c).parent()).collect();
        assert!(as_parent.is_sorted(), "{as_parent:?}");
        for c in 0..=253u8 {
            assert_eq!(
                outcome_of(plies_after_best(preference(c))),
                outcome_of(c).parent()
            );
        }
    }

    #[test]
    fn agrees_with_negamax_and_retrograde_on_random_dags() {
        for dag in random_dags() {
            let table = Table::solve(&dag);
            let backwards = retrograde::solve(&graph(&dag));
            let mut negamax = Negamax::new(Dag {
                edges: dag.edges.clone(),
            });
            for (p, &from_retrograde) in backwards.iter().enumerate() {
                let expected = negamax.solve(p);
                assert_eq!(
                    table.outcome(p),
                    Some(expected),
                    "position {p} of {:?}",
                    dag.edges
                );
                assert_eq!(from_retrograde, expected, "position {p} of {:?}", dag.edges);
            }
        }
    }

    #[test]
    fn unlisted_slots_stay_unsolved() {
        struct Sparse;
        impl Game for Sparse {
            type Position = usize;
            fn for_each_successor(&self, p: usize, mut visit: impl FnMut(usize)) {
                if p == 3 {
                    visit(1);
                }
            }
        }
        impl IndexedGame for Sparse {
            fn slots(&self) -> usize {
                4
            }
            fn index(&self, p: usize) -> usize {
                p
            }
            fn for_each_position(&self, visit: impl FnMut(usize)) {
                [1, 3].into_iter().for_each(visit);
            }
        }
        let table = Table::solve(&Sparse);
        assert_eq!(table.outcome(0), None);
        assert_eq!(table.outcome(1), Some(Outcome::Loss(0)));
        assert_eq!(table.outcome(3), Some(Outcome::Win(1)));
        assert_eq!(table.plies(2), u8::MAX);
    }

    #[test]
    #[should_panic(expected = "unsolved")]
    fn listing_a_position_before_its_successor_is_caught() {
        let dag = Dag {
            edges: vec![vec![1], vec![]],
        };
        Table::solve(&dag);
    }
}
