//! Tiered solving: a game without cycles solved level by level.
//!
//! A *tier* is a set of positions that moves only leave: every move goes to
//! a strictly greater tier. Cephalopod's tiers are (pips, fewer dice), since
//! a placement adds a pip and a capture keeps the pips and removes dice;
//! pawn chess's are the pawns' total distance to go. Solving the tiers from
//! the greatest down, each position's successors are already solved when it
//! is reached, so a tier is one pass over its positions, and the positions
//! of a tier can be solved in parallel.
//!
//! ```text
//!   discover (forward, least tier first)      solve (backward, greatest first)
//!   start ─► tier 0 ─► tier 1 ─► … ─► tier k  tier k ─► … ─► tier 1 ─► tier 0
//!            sort, dedup, expand              values of each tier from the
//!            into later tiers                 tiers its moves lead to
//! ```
//!
//! A tier's positions are numbered by a [`TierIndex`]: [`Sorted`] for the
//! positions found reachable from a start by [`discover`], or a game's own
//! dense ranking for tiers listed whole. Values take two bytes a position
//! ([`Outcome::pack`]). A tier that no unsolved tier can move into is
//! handed to the caller and, unless the caller keeps it, freed: only the
//! tiers still needed stay in memory.

use super::{Game, Outcome};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::fmt::Debug;
use std::ops::ControlFlow;

/// A [`Game`] without cycles whose positions fall into tiers that moves
/// only leave.
pub trait TieredGame: Game + Sync
where
    Self::Position: Send + Sync,
{
    /// A level of the game. Every move leads to a strictly greater tier.
    type Tier: Copy + Ord + Debug + Send + Sync;

    /// The tier of a position.
    fn tier(&self, position: Self::Position) -> Self::Tier;

    /// The position that stands for `position` and every position
    /// equivalent to it (its images under the board's symmetries). Solvers
    /// store and look up only these. The default has no symmetry.
    fn canonical(&self, position: Self::Position) -> Self::Position {
        position
    }

    /// A tier that no smaller tier moves into: once every tier from it up
    /// is solved, `tier` is needed no more and may be freed. The default,
    /// `None`, keeps every tier to the end.
    fn least_parent(&self, tier: Self::Tier) -> Option<Self::Tier> {
        let _ = tier;
        None
    }
}

/// Numbers the positions of one tier `0..len()`.
pub trait TierIndex<P>: Sync {
    /// How many positions the tier holds.
    fn len(&self) -> usize;

    /// Whether the tier holds no position.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The position numbered `i`, for `i < len()`.
    fn position(&self, i: usize) -> P;

    /// The number of a (canonical) position of this tier, or `None` if the
    /// tier does not hold it.
    fn index(&self, position: P) -> Option<usize>;
}

/// A tier's positions listed in increasing order, numbered by rank: the
/// index of the positions [`discover`] finds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sorted<P>(Vec<P>);

impl<P: Ord> Sorted<P> {
    /// The tier of these positions, sorted and with duplicates removed.
    pub fn new(mut positions: Vec<P>) -> Sorted<P> {
        positions.sort_unstable();
        positions.dedup();
        positions.shrink_to_fit();
        Sorted(positions)
    }

    /// The positions, in increasing order.
    pub fn as_slice(&self) -> &[P] {
        &self.0
    }
}

impl<P: Copy + Ord + Sync> TierIndex<P> for Sorted<P> {
    fn len(&self) -> usize {
        self.0.len()
    }

    fn position(&self, i: usize) -> P {
        self.0[i]
    }

    fn index(&self, position: P) -> Option<usize> {
        self.0.binary_search(&position).ok()
    }
}

/// What a long discovery or solve has done so far, for progress reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Discovery closed a tier: `positions` found in all so far.
    Discovered { tiers: usize, positions: u64 },
    /// Solving finished a tier: `positions` of `total` solved so far.
    Solved { positions: u64, total: u64 },
}

/// Positions between two merges of a tier's pending children in
/// [`discover`]: duplicates are removed once a tier's list doubles, so the
/// list stays near the tier's true size however many moves lead into it.
const MIN_PENDING_SORT: usize = 1 << 16;

/// Finds every canonical position reachable from `start`, tier by tier,
/// calling `progress` after each tier.
///
/// Tiers are closed from the least: once every smaller tier has been
/// expanded, nothing more can reach a tier, so its list is final.
///
/// # Panics
/// If a move leads to a tier that is not greater than its own: a mistake in
/// the game's code.
pub fn discover<G>(
    game: &G,
    start: impl IntoIterator<Item = G::Position>,
    mut progress: impl FnMut(Progress),
) -> BTreeMap<G::Tier, Sorted<G::Position>>
where
    G: TieredGame,
    G::Position: Ord + Send + Sync,
{
    try_discover(game, start, |p| {
        progress(p);
        ControlFlow::Continue(())
    })
    .expect("discovery that is never stopped finishes")
}

/// [`discover`], stopped as soon as `progress` breaks after a tier (say,
/// when the positions found pass a memory budget): then `None`.
pub fn try_discover<G>(
    game: &G,
    start: impl IntoIterator<Item = G::Position>,
    mut progress: impl FnMut(Progress) -> ControlFlow<()>,
) -> Option<BTreeMap<G::Tier, Sorted<G::Position>>>
where
    G: TieredGame,
    G::Position: Ord + Send + Sync,
{
    let mut pending: BTreeMap<G::Tier, Pending<G::Position>> = BTreeMap::new();
    for position in start {
        let position = game.canonical(position);
        pending.entry(game.tier(position)).or_default().push(position);
    }
    let mut closed = BTreeMap::new();
    let mut found = 0u64;
    while let Some((tier, list)) = pending.pop_first() {
        let sorted = Sorted::new(list.positions);
        let children: Vec<Vec<(G::Tier, G::Position)>> = sorted
            .as_slice()
            .par_chunks(1024)
            .map(|chunk| {
                let mut out = Vec::new();
                for &position in chunk {
                    if game.primitive(position).is_some() {
                        continue;
                    }
                    game.for_each_successor(position, |child| {
                        let child = game.canonical(child);
                        out.push((game.tier(child), child));
                    });
                }
                out
            })
            .collect();
        for (child_tier, child) in children.into_iter().flatten() {
            assert!(
                child_tier > tier,
                "a move from tier {tier:?} leads to tier {child_tier:?}"
            );
            pending.entry(child_tier).or_default().push(child);
        }
        found += sorted.len() as u64;
        closed.insert(tier, sorted);
        let report = Progress::Discovered {
            tiers: closed.len(),
            positions: found,
        };
        if progress(report).is_break() {
            return None;
        }
    }
    Some(closed)
}

/// A tier's list of positions still open to more, deduplicated whenever it
/// doubles.
struct Pending<P> {
    positions: Vec<P>,
    /// The length after the last deduplication.
    distinct: usize,
}

impl<P> Default for Pending<P> {
    fn default() -> Self {
        Pending {
            positions: Vec::new(),
            distinct: 0,
        }
    }
}

impl<P: Ord> Pending<P> {
    fn push(&mut self, position: P) {
        self.positions.push(position);
        if self.positions.len() >= MIN_PENDING_SORT.max(2 * self.distinct) {
            self.positions.sort_unstable();
            self.positions.dedup();
            self.distinct = self.positions.len();
        }
    }
}

/// A solved tier: its index and the packed value of each of its positions.
#[derive(Clone, Debug)]
pub struct SolvedTier<I> {
    pub index: I,
    /// [`Outcome::pack`]ed values, by index.
    pub values: Vec<u16>,
}

impl<I> SolvedTier<I> {
    /// The value of the position numbered `i`.
    pub fn outcome(&self, i: usize) -> Outcome {
        Outcome::unpack(self.values[i])
    }
}

/// Solves `tiers`, from the greatest down, and returns the solved tiers
/// that `keep` asks for.
///
/// Every solved tier is handed to `keep` once no tier left to solve can
/// move into it (see [`TieredGame::least_parent`]); tiers it rejects are
/// then freed. `progress` hears of
/// each tier.
///
/// # Panics
/// If a move leads out of the given tiers, or to a position a tier's index
/// does not hold: the tiers must be closed under moves (as [`discover`]'s
/// are), and a mistake there is in the caller's code.
pub fn solve<G, I>(
    game: &G,
    tiers: BTreeMap<G::Tier, I>,
    mut keep: impl FnMut(G::Tier, &SolvedTier<I>) -> bool,
    mut progress: impl FnMut(Progress),
) -> BTreeMap<G::Tier, SolvedTier<I>>
where
    G: TieredGame,
    G::Position: Send + Sync,
    I: TierIndex<G::Position> + Send,
{
    let total: u64 = tiers.values().map(|t| t.len() as u64).sum();
    let mut solved: BTreeMap<G::Tier, SolvedTier<I>> = BTreeMap::new();
    let mut kept = BTreeMap::new();
    let mut done_positions = 0u64;
    let mut tiers = tiers;
    while let Some((tier, index)) = tiers.pop_last() {
        let values: Vec<u16> = (0..index.len())
            .into_par_iter()
            .map(|i| value_of(game, &solved, index.position(i)))
            .collect();
        done_positions += index.len() as u64;
        solved.insert(tier, SolvedTier { index, values });
        progress(Progress::Solved {
            positions: done_positions,
            total,
        });
        // Tiers that no tier left to solve moves into.
        let next_unsolved = tiers.last_key_value().map(|(t, _)| *t);
        let finished: Vec<G::Tier> = solved
            .keys()
            .copied()
            .filter(|&t| match (next_unsolved, game.least_parent(t)) {
                (None, _) => true,
                (Some(next), Some(least)) => next < least,
                (Some(_), None) => false,
            })
            .collect();
        for t in finished {
            let tier = solved.remove(&t).expect("listed from the map");
            if keep(t, &tier) {
                kept.insert(t, tier);
            }
        }
    }
    kept
}

/// The value of `position` from its successors' in `solved`.
fn value_of<G, I>(game: &G, solved: &BTreeMap<G::Tier, SolvedTier<I>>, position: G::Position) -> u16
where
    G: TieredGame,
    G::Position: Send + Sync,
    I: TierIndex<G::Position>,
{
    if let Some(value) = game.primitive(position) {
        return value.pack();
    }
    let mut best: Option<Outcome> = None;
    let mut last: Option<(G::Tier, &SolvedTier<I>)> = None;
    game.for_each_successor(position, |child| {
        let child = game.canonical(child);
        let tier = game.tier(child);
        let solved_tier = match last {
            Some((t, s)) if t == tier => s,
            _ => {
                let s = solved
                    .get(&tier)
                    .unwrap_or_else(|| panic!("a move leads to tier {tier:?}, which is not solved"));
                last = Some((tier, s));
                s
            }
        };
        let i = solved_tier
            .index
            .index(child)
            .unwrap_or_else(|| panic!("a move leads to a position tier {tier:?} does not hold"));
        let value = solved_tier.outcome(i).parent();
        best = best.max(Some(value));
    });
    best.unwrap_or(Outcome::TERMINAL).pack()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::negamax::Negamax;

    /// Piles of stones: take 1, 2 or 3 from one pile; the player who takes
    /// the last stone ends the game, and a total of exactly 5 left is a
    /// tie. Tiers are stones taken so far; the two piles may be swapped.
    #[derive(Clone, Copy)]
    struct Piles {
        stones: u8,
    }

    impl Game for Piles {
        type Position = (u8, u8);
        fn for_each_successor(&self, (a, b): (u8, u8), mut visit: impl FnMut((u8, u8))) {
            for take in 1..=3 {
                if take <= a {
                    visit((a - take, b));
                }
                if take <= b {
                    visit((a, b - take));
                }
            }
        }
        fn primitive(&self, (a, b): (u8, u8)) -> Option<Outcome> {
            (a + b == 5).then_some(Outcome::Tie(0))
        }
    }

    impl TieredGame for Piles {
        type Tier = u8;
        fn tier(&self, (a, b): (u8, u8)) -> u8 {
            2 * self.stones - a - b
        }
        fn canonical(&self, (a, b): (u8, u8)) -> (u8, u8) {
            (a.min(b), a.max(b))
        }
        fn least_parent(&self, tier: u8) -> Option<u8> {
            Some(tier.saturating_sub(3))
        }
    }

    #[test]
    fn agrees_with_negamax_on_every_reachable_position() {
        for stones in 0..12 {
            let game = Piles { stones };
            let tiers = discover(&game, [(stones, stones)], |_| {});
            let mut negamax = Negamax::new(game);
            let count: usize = tiers.values().map(|t| t.len()).sum();
            let solved = solve(&game, tiers, |_, _| true, |_| {});
            assert_eq!(solved.values().map(|t| t.values.len()).sum::<usize>(), count);
            for (tier, s) in &solved {
                for (i, &p) in s.index.as_slice().iter().enumerate() {
                    assert_eq!(game.tier(p), *tier);
                    assert_eq!(s.outcome(i), negamax.solve(p), "piles {p:?}");
                }
            }
        }
    }

    #[test]
    fn tiers_nobody_keeps_are_handed_over_once_and_freed() {
        let game = Piles { stones: 9 };
        let tiers = discover(&game, [(9, 9)], |_| {});
        let all: Vec<u8> = tiers.keys().copied().collect();
        let mut handed = Vec::new();
        let kept = solve(
            &game,
            tiers,
            |t, _| {
                handed.push(t);
                t == 0
            },
            |_| {},
        );
        handed.sort_unstable();
        assert_eq!(handed, all);
        assert_eq!(kept.keys().copied().collect::<Vec<_>>(), vec![0]);
        assert_eq!(kept[&0].outcome(0), Negamax::new(game).solve((9, 9)));
    }

    #[test]
    fn discovery_stops_when_progress_breaks() {
        let game = Piles { stones: 6 };
        let mut reports = 0;
        let stopped = try_discover(&game, [(6, 6)], |_| {
            reports += 1;
            if reports == 3 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(stopped, None);
        assert_eq!(reports, 3);
        let whole = try_discover(&game, [(6, 6)], |_| ControlFlow::Continue(()));
        assert_eq!(whole, Some(discover(&game, [(6, 6)], |_| {})));
    }

    #[test]
    fn discovery_reports_each_tier() {
        let game = Piles { stones: 4 };
        let mut reports = Vec::new();
        let tiers = discover(&game, [(4, 4)], |p| reports.push(p));
        assert_eq!(reports.len(), tiers.len());
        let total: usize = tiers.values().map(|t| t.len()).sum();
        assert_eq!(
            reports.last(),
            Some(&Progress::Discovered {
                tiers: tiers.len(),
                positions: total as u64
            })
        );
    }
}
