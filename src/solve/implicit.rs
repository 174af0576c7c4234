//! Retrograde analysis of a position graph too large to store, cycles
//! allowed: positions are dense indices `0..len`, and their successors and
//! predecessors are generated on demand by the game.
//!
//! Memory is three bytes a position (two of value, one counting the moves
//! not yet known to lose), whatever the number of edges or the shape of the
//! graph: nothing else is allocated.
//!
//! Values spread backwards from the positions with no move, one level of
//! remoteness at a time, as in [`retrograde`](super::retrograde): a position
//! is won the first time one of its moves reaches a lost position (so by its
//! nearest loss) and lost when its last move reaches a won one (so by its
//! farthest win). Every level is expanded in parallel. Terminal positions
//! are lost in 0 plies, so losses come at even remoteness and wins at odd:
//! a level holds only one kind, and the value stored is the remoteness alone.

use super::Outcome;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, AtomicU16, AtomicU64, Ordering::Relaxed};

/// A position graph given by callbacks, over dense indices `0..len()`.
///
/// A position with no successor is lost for the side to move. The
/// predecessors of `i` must be exactly the positions that have `i` among
/// their successors, each as often as it has a move to `i`.
pub trait ImplicitGraph: Sync {
    /// How many positions there are.
    fn len(&self) -> u64;

    /// Whether there is no position.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Calls `visit` once per move from `position` with the index reached.
    fn for_each_successor(&self, position: u64, visit: impl FnMut(u64));

    /// How many moves `position` has: the calls [`Self::for_each_successor`]
    /// would make, which a game may count faster than it generates them.
    fn move_count(&self, position: u64) -> u32 {
        let mut moves = 0;
        self.for_each_successor(position, |_| moves += 1);
        moves
    }

    /// Calls `visit` once per move into `position` with the index it comes from.
    fn for_each_predecessor(&self, position: u64, visit: impl FnMut(u64));
}

/// Positions handed to one task at a time.
const CHUNK: u64 = 1 << 14;

/// The value of every position, stored as remoteness + 1 (0: drawn).
pub struct Solved {
    values: Vec<AtomicU16>,
}

impl Solved {
    /// The value of `position` for the side to move.
    pub fn outcome(&self, position: u64) -> Outcome {
        decode(self.values[position as usize].load(Relaxed))
    }

    /// How many positions were solved.
    pub fn len(&self) -> u64 {
        self.values.len() as u64
    }

    /// Whether there is no position.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

fn decode(stored: u16) -> Outcome {
    match stored {
        0 => Outcome::Draw,
        _ if stored % 2 == 1 => Outcome::Loss(u32::from(stored - 1)),
        _ => Outcome::Win(u32::from(stored - 1)),
    }
}

/// Bytes [`solve`] needs per position: all it allocates.
pub const BYTES_PER_POSITION: u64 = 3;

/// A vector of `len` atomics holding zero, filled in parallel.
fn zeroed<T: Send>(len: u64, zero: impl Fn() -> T + Sync + Send) -> Vec<T> {
    let mut v = Vec::with_capacity(len as usize);
    v.par_extend((0..len).into_par_iter().map(|_| zero()));
    v
}

/// Runs `f` over `0..len` in parallel chunks and adds up what it returns.
fn par_sum(len: u64, f: impl Fn(u64) -> u64 + Sync) -> u64 {
    (0..len.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| (c * CHUNK..((c + 1) * CHUNK).min(len)).map(&f).sum::<u64>())
        .sum()
}

/// Which chunks of positions received a value at which level, modulo 64:
/// a level's scan skips the chunks that got none. A level's bit is cleared
/// as its chunk is scanned, before the level 64 later can set it again.
struct Marks(Vec<AtomicU64>);

impl Marks {
    fn new(len: u64) -> Marks {
        Marks(zeroed(len.div_ceil(CHUNK), || AtomicU64::new(0)))
    }

    fn bit(remoteness: u16) -> u64 {
        1 << (remoteness % 64)
    }

    /// Notes that `position` was valued at `remoteness`.
    fn mark(&self, position: u64, remoteness: u16) {
        let bit = Marks::bit(remoteness);
        let slot = &self.0[(position / CHUNK) as usize];
        if slot.load(Relaxed) & bit == 0 {
            slot.fetch_or(bit, Relaxed);
        }
    }

    /// Runs `f` over the positions of the chunks marked at `remoteness`,
    /// in parallel, clearing the marks, and adds up what it returns.
    fn par_sum_marked(&self, len: u64, remoteness: u16, f: impl Fn(u64) -> u64 + Sync) -> u64 {
        let bit = Marks::bit(remoteness);
        self.0
            .par_iter()
            .enumerate()
            .map(|(c, slot)| {
                if slot.fetch_and(!bit, Relaxed) & bit == 0 {
                    return 0;
                }
                let c = c as u64;
                (c * CHUNK..((c + 1) * CHUNK).min(len)).map(&f).sum::<u64>()
            })
            .sum()
    }
}

/// Solves every position of `graph` exactly.
///
/// A level is not kept as a list: it is found by scanning the values for
/// its remoteness, in the chunks of positions that received one, so memory
/// stays at [`BYTES_PER_POSITION`] whatever the shape of the graph.
///
/// # Panics
/// If a position has more than 255 moves, or a remoteness reaches 65534:
/// both are limits of the packed storage that a game must stay within.
pub fn solve<G: ImplicitGraph>(graph: &G) -> Solved {
    let len = graph.len();
    let values = zeroed(len, || AtomicU16::new(0));
    let unresolved = zeroed(len, || AtomicU8::new(0));
    let marks = Marks::new(len);
    let mut found = par_sum(len, |i| {
        let moves = u8::try_from(graph.move_count(i)).expect("at most 255 moves from a position");
        unresolved[i as usize].store(moves, Relaxed);
        if moves == 0 {
            values[i as usize].store(1, Relaxed);
            marks.mark(i, 0);
        }
        u64::from(moves == 0)
    });
    let mut remoteness: u16 = 0;
    while found > 0 {
        let stored = remoteness + 1;
        let parent = remoteness
            .checked_add(2)
            .filter(|&p| p < u16::MAX)
            .expect("remoteness fits in 16 bits");
        let in_level = |i: u64| values[i as usize].load(Relaxed) == stored;
        found = if remoteness.is_multiple_of(2) {
            // Lost children: their parents are won, the first time reached.
            marks.par_sum_marked(len, remoteness, |child| {
                let mut won = 0;
                if in_level(child) {
                    graph.for_each_predecessor(child, |p| {
                        let slot = &values[p as usize];
                        if slot.load(Relaxed) == 0
                            && slot.compare_exchange(0, parent, Relaxed, Relaxed).is_ok()
                        {
                            marks.mark(p, remoteness + 1);
                            won += 1;
                        }
                    });
                }
                won
            })
        } else {
            // Won children: a parent is lost when its last move is known to
            // lose. No parent is valued during this level but by this rule,
            // so an unvalued parent stays unvalued until its count runs out.
            marks.par_sum_marked(len, remoteness, |child| {
                let mut lost = 0;
                if in_level(child) {
                    graph.for_each_predecessor(child, |p| {
                        if values[p as usize].load(Relaxed) == 0
                            && unresolved[p as usize].fetch_sub(1, Relaxed) == 1
                        {
                            values[p as usize].store(parent, Relaxed);
                            marks.mark(p, remoteness + 1);
                            lost += 1;
                        }
                    });
                }
                lost
            })
        };
        remoteness += 1;
    }
    Solved { values }
}

/// Which positions a set holds, one bit each, settable from many threads.
pub struct BitSet {
    words: Vec<AtomicU64>,
    len: u64,
}

impl BitSet {
    /// An empty set of indices below `len`.
    pub fn new(len: u64) -> BitSet {
        BitSet {
            words: zeroed(len.div_ceil(64), || AtomicU64::new(0)),
            len,
        }
    }

    /// Whether `i` is in the set.
    pub fn contains(&self, i: u64) -> bool {
        self.words[(i / 64) as usize].load(Relaxed) & (1 << (i % 64)) != 0
    }

    /// Adds `i`; true if it was not there before.
    pub fn insert(&self, i: u64) -> bool {
        let bit = 1 << (i % 64);
        self.words[(i / 64) as usize].fetch_or(bit, Relaxed) & bit == 0
    }

    /// How many positions the set holds.
    pub fn count(&self) -> u64 {
        self.words
            .par_iter()
            .map(|w| u64::from(w.load(Relaxed).count_ones()))
            .sum()
    }

    /// The size of the universe, `0..len`.
    pub fn universe(&self) -> u64 {
        self.len
    }

    /// Calls `f` with every member, in parallel, and adds up what it returns.
    fn par_sum_members(&self, f: impl Fn(u64) -> u64 + Sync) -> u64 {
        self.words
            .par_iter()
            .enumerate()
            .map(|(w, word)| {
                let mut bits = word.load(Relaxed);
                let mut sum = 0;
                while bits != 0 {
                    sum += f(64 * w as u64 + u64::from(bits.trailing_zeros()));
                    bits &= bits - 1;
                }
                sum
            })
            .sum()
    }

    fn clear(&self) {
        self.words.par_iter().for_each(|w| w.store(0, Relaxed));
    }
}

/// Bytes [`reachable`] needs per position: three bits (the set, and the
/// level being expanded and the next).
pub const REACHABLE_BITS_PER_POSITION: u64 = 3;

/// Every position reachable from `start` (itself included), found breadth
/// first in parallel, each level held as a set of bits.
pub fn reachable<G: ImplicitGraph>(graph: &G, start: u64) -> BitSet {
    let len = graph.len();
    let seen = BitSet::new(len);
    let mut level = BitSet::new(len);
    let mut next = BitSet::new(len);
    seen.insert(start);
    level.insert(start);
    let mut found = 1;
    while found > 0 {
        found = level.par_sum_members(|p| {
            let mut new = 0;
            graph.for_each_successor(p, |q| {
                if seen.insert(q) {
                    next.insert(q);
                    new += 1;
                }
            });
            new
        });
        std::mem::swap(&mut level, &mut next);
        next.clear();
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::retrograde::{self, Graph};

    /// A graph held as lists, with its reverse, to drive the implicit solver.
    struct Lists {
        successors: Vec<Vec<u64>>,
        predecessors: Vec<Vec<u64>>,
    }

    impl Lists {
        fn new(successors: Vec<Vec<u64>>) -> Lists {
            let mut predecessors = vec![Vec::new(); successors.len()];
            for (i, s) in successors.iter().enumerate() {
                for &j in s {
                    predecessors[j as usize].push(i as u64);
                }
            }
            Lists {
                successors,
                predecessors,
            }
        }
    }

    impl ImplicitGraph for Lists {
        fn len(&self) -> u64 {
            self.successors.len() as u64
        }
        fn for_each_successor(&self, i: u64, visit: impl FnMut(u64)) {
            self.successors[i as usize].iter().copied().for_each(visit);
        }
        fn for_each_predecessor(&self, i: u64, visit: impl FnMut(u64)) {
            self.predecessors[i as usize].iter().copied().for_each(visit);
        }
    }

    fn random_lists(next: &mut impl FnMut(u64) -> u64, max_len: u64, max_moves: u64) -> Vec<Vec<u64>> {
        let n = 1 + next(max_len);
        (0..n)
            .map(|_| (0..next(max_moves + 1)).map(|_| next(n)).collect())
            .collect()
    }

    #[test]
    fn agrees_with_the_explicit_solver_on_random_graphs() {
        let mut rng = crate::test_rng::XorShift::new(0x2545_f491_4f6c_dd1d);
        let mut next = move |bound: u64| rng.below(bound);
        for round in 0..400 {
            // Small dense graphs for the corner cases, larger sparse ones
            // so that levels span many parallel chunks.
            let lists = if round % 10 == 9 {
                random_lists(&mut next, 60_000, 3)
            } else {
                random_lists(&mut next, 14, 4)
            };
            let explicit = Graph::from_fn(lists.len(), |i, push| {
                lists[i].iter().for_each(|&j| push(j as usize))
            });
            let expected = retrograde::solve(&explicit);
            let implicit = Lists::new(lists);
            let solved = solve(&implicit);
            assert_eq!(solved.len(), expected.len() as u64);
            for (i, &e) in expected.iter().enumerate() {
                assert_eq!(
                    solved.outcome(i as u64),
                    e,
                    "position {i} of {:?}",
                    implicit.successors
                );
            }
        }
    }

    #[test]
    fn reachable_agrees_with_a_plain_search() {
        let mut rng = crate::test_rng::XorShift::new(0x9e37_79b9_7f4a_7c15);
        let mut next = move |bound: u64| rng.below(bound);
        for _ in 0..200 {
            let lists = Lists::new(random_lists(&mut next, 200, 3));
            let start = next(lists.len());
            let mut expected = vec![false; lists.len() as usize];
            let mut stack = vec![start];
            while let Some(p) = stack.pop() {
                if !std::mem::replace(&mut expected[p as usize], true) {
                    stack.extend(&lists.successors[p as usize]);
                }
            }
            let found = reachable(&lists, start);
            assert_eq!(found.universe(), lists.len());
            for (i, &e) in expected.iter().enumerate() {
                assert_eq!(found.contains(i as u64), e);
            }
            assert_eq!(found.count(), expected.iter().filter(|&&e| e).count() as u64);
        }
    }

    #[test]
    fn a_cycle_with_an_escape_only_to_losses_is_a_draw() {
        let g = Lists::new(vec![vec![1, 2], vec![0], vec![3], vec![]]);
        let solved = solve(&g);
        let values: Vec<Outcome> = (0..4).map(|i| solved.outcome(i)).collect();
        assert_eq!(
            values,
            vec![Outcome::Draw, Outcome::Draw, Outcome::Win(1), Outcome::Loss(0)]
        );
    }
}
