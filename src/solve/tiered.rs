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
//! [`solve_reachable`] does both halves with each move made once: discovery
//! keeps every move as an edge, on disk, and the backward pass pushes values
//! along the edges instead of making the moves again.
//!
//! A tier's positions are numbered by a [`TierIndex`]: [`Hashed`] for the
//! positions found reachable from a start by [`discover`], or a game's own
//! dense ranking for tiers listed whole. Values take two bytes a position
//! ([`Outcome::pack`]). A tier that no unsolved tier can move into is
//! handed to the caller and, unless the caller keeps it, freed: only the
//! tiers still needed stay in memory.

use super::{Game, Outcome};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::fmt::Debug;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;

mod pushed;
pub use pushed::{SolvedTiers, solve_reachable};

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

    /// Calls `visit` once per legal move with the [`canonical`] form of
    /// the position it leads to, as the solvers need it. The default
    /// canonicalises each successor; a game may do better from what the
    /// successors share.
    ///
    /// [`canonical`]: TieredGame::canonical
    fn for_each_canonical_successor(&self, position: Self::Position, mut visit: impl FnMut(Self::Position)) {
        self.for_each_successor(position, |child| visit(self.canonical(child)))
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

    /// Where in the index's memory [`TierIndex::index`] looks for
    /// `position`, as a fraction of 2^32: looking positions up in
    /// increasing order of this reads the index (and its values) from one
    /// end to the other, so that many lookups together stay in cache. The
    /// default, 0, says nothing.
    fn locality(&self, position: P) -> u32 {
        let _ = position;
        0
    }
}

impl<P, T: TierIndex<P>> TierIndex<P> for &T {
    fn len(&self) -> usize {
        (*self).len()
    }
    fn position(&self, i: usize) -> P {
        (*self).position(i)
    }
    fn index(&self, position: P) -> Option<usize> {
        (*self).index(position)
    }
    fn locality(&self, position: P) -> u32 {
        (*self).locality(position)
    }
}

/// A tier's positions grouped by a hash into small buckets, so that
/// finding one costs a look at its bucket's start and a short scan, about
/// two cache lines: the index of the positions [`discover`] finds.
///
/// There is about one bucket per [`Hashed::BUCKET_SIZE`] positions; the
/// positions of a bucket lie together, in increasing order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hashed<P> {
    positions: Vec<P>,
    /// Bucket `b` holds `positions[starts[b]..starts[b + 1]]`.
    starts: Vec<u32>,
    /// A hash shifted right by this many bits is a bucket number.
    shift: u32,
}

/// A hash of `position` whose high bits are well mixed.
fn mixed_hash<P: Hash>(position: &P) -> u64 {
    let mut hasher = rustc_hash::FxHasher::default();
    position.hash(&mut hasher);
    let h = hasher.finish();
    // The multiply-xorshift finaliser of SplitMix64.
    let h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

impl<P: Copy + Ord + Hash> Hashed<P> {
    /// Positions a bucket holds on average.
    pub const BUCKET_SIZE: usize = 4;

    /// The tier of these positions, with duplicates removed.
    ///
    /// # Panics
    /// If there are 2^32 positions or more.
    pub fn new(mut positions: Vec<P>) -> Hashed<P> {
        positions.sort_unstable();
        positions.dedup();
        Hashed::from_sorted(positions, Vec::<()>::new()).0
    }

    /// The tier of `positions`, which must be in increasing order without
    /// repeats, with `values` (one per position, or none at all) moved
    /// along into index order.
    ///
    /// # Panics
    /// If there are 2^32 positions or more, or values but not one for each
    /// position.
    pub fn from_sorted<V: Copy>(positions: Vec<P>, values: Vec<V>) -> (Hashed<P>, Vec<V>) {
        assert!(
            u32::try_from(positions.len()).is_ok(),
            "a tier holds fewer than 2^32 positions"
        );
        assert!(
            values.is_empty() || values.len() == positions.len(),
            "one value a position"
        );
        debug_assert!(positions.windows(2).all(|w| w[0] < w[1]));
        let bits = Self::bucket_bits(positions.len());
        let mut hashed = Hashed {
            positions: Vec::new(),
            starts: vec![0u32; (1 << bits) + 1],
            shift: 64 - bits,
        };
        // A counting sort by bucket, which keeps each bucket in order.
        for p in &positions {
            let b = hashed.bucket(p);
            hashed.starts[b + 1] += 1;
        }
        for b in 0..1 << bits {
            hashed.starts[b + 1] += hashed.starts[b];
        }
        let mut fill = hashed.starts.clone();
        let mut grouped = positions.clone();
        let mut moved = values.clone();
        for (k, p) in positions.iter().enumerate() {
            let slot = &mut fill[hashed.bucket(p)];
            grouped[*slot as usize] = *p;
            if !values.is_empty() {
                moved[*slot as usize] = values[k];
            }
            *slot += 1;
        }
        hashed.positions = grouped;
        (hashed, moved)
    }

    /// The bucket number takes this many bits of the hash in an index of
    /// `len` positions.
    fn bucket_bits(len: usize) -> u32 {
        (len / Self::BUCKET_SIZE)
            .max(1)
            .next_power_of_two()
            .trailing_zeros()
    }

    /// The index of `positions`, already laid out as [`Hashed::from_sorted`]
    /// lays them out, with `starts` the bucket starts for `bits` bits.
    fn from_parts(positions: Vec<P>, starts: Vec<u32>, bits: u32) -> Hashed<P> {
        debug_assert_eq!(bits, Self::bucket_bits(positions.len()));
        debug_assert_eq!(starts.len(), (1 << bits) + 1);
        debug_assert_eq!(starts.last().map(|&s| s as usize), Some(positions.len()));
        Hashed {
            positions,
            starts,
            shift: 64 - bits,
        }
    }

    /// The positions, in index order.
    pub fn as_slice(&self) -> &[P] {
        &self.positions
    }

    /// The bucket of `position`: the top bits of its hash (none when
    /// there is one bucket, and the shift is 64).
    #[inline]
    fn bucket(&self, position: &P) -> usize {
        mixed_hash(position).checked_shr(self.shift).unwrap_or(0) as usize
    }
}

impl<P: Copy + Ord + Hash + Sync> TierIndex<P> for Hashed<P> {
    fn len(&self) -> usize {
        self.positions.len()
    }

    fn position(&self, i: usize) -> P {
        self.positions[i]
    }

    #[inline]
    fn index(&self, position: P) -> Option<usize> {
        let b = self.bucket(&position);
        let (start, end) = (self.starts[b] as usize, self.starts[b + 1] as usize);
        self.positions[start..end]
            .iter()
            .position(|&p| p == position)
            .map(|k| start + k)
    }

    /// The top bits of the hash, whose order is the buckets' order.
    #[inline]
    fn locality(&self, position: P) -> u32 {
        (mixed_hash(&position) >> 32) as u32
    }
}

/// What a long discovery or solve has done so far, for progress reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Discovery closed a tier: `positions` found in all so far.
    /// Discovery closed a tier.
    Discovered {
        /// The tiers closed so far.
        tiers: usize,
        /// The positions found in them.
        positions: u64,
    },
    /// Solving finished a tier: `positions` of `total` solved so far.
    /// Solving finished a tier.
    Solved {
        /// The positions solved so far.
        positions: u64,
        /// All the positions to solve.
        total: u64,
    },
}

/// Positions between two merges of a tier's pending children in
/// [`discover`]: duplicates are removed once a tier's list doubles, so the
/// list stays near the tier's true size however many moves lead into it.
const MIN_PENDING_SORT: usize = 1 << 16;

/// Positions expanded together by one thread in [`discover`].
const DISCOVER_CHUNK: usize = 1 << 14;

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
) -> BTreeMap<G::Tier, Hashed<G::Position>>
where
    G: TieredGame,
    G::Position: Ord + Hash + Send + Sync,
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
) -> Option<BTreeMap<G::Tier, Hashed<G::Position>>>
where
    G: TieredGame,
    G::Position: Ord + Hash + Send + Sync,
{
    let mut closed = BTreeMap::new();
    let mut found = 0u64;
    let finished = expand_tiers(game, start, |tier| {
        found += tier.index.len() as u64;
        closed.insert(tier.tier, tier.index);
        progress(Progress::Discovered {
            tiers: closed.len(),
            positions: found,
        })
    });
    finished.then_some(closed)
}

/// Positions grouped by their tier.
type ChildrenByTier<T, P> = Vec<(T, Vec<P>)>;

/// The group of `groups` for `tier`, made by `make` if there is none;
/// `last`, the place of the group used last, is looked at first, since
/// successive moves often lead to one tier.
fn group<'a, T: PartialEq, V>(
    groups: &'a mut Vec<(T, V)>,
    last: &mut usize,
    tier: T,
    make: impl FnOnce() -> V,
) -> &'a mut V {
    if groups.get(*last).is_none_or(|(t, _)| *t != tier) {
        *last = match groups.iter().position(|(t, _)| *t == tier) {
            Some(k) => k,
            None => {
                groups.push((tier, make()));
                groups.len() - 1
            }
        };
    }
    &mut groups[*last].1
}

/// A tier just closed by discovery, and what discovery holds besides.
pub struct ClosedTier<T, P> {
    /// The tier.
    pub tier: T,
    /// The tier's positions.
    pub index: Hashed<P>,
    /// How many moves leave the tier's positions.
    pub moves: u64,
    /// How many positions the tiers still open hold so far, repeats
    /// included: the memory discovery needs besides the closed tiers.
    pub pending: u64,
}

/// Discovers the tiers reachable from `start` as [`discover`] does, but
/// hands each closed tier to `visit` (which may keep it or drop it) rather
/// than keeping them all: to count the positions of a game too large to
/// solve, in the memory of about two tiers. Returns whether every tier was
/// visited, or `false` if `visit` broke off.
pub fn survey<G>(
    game: &G,
    start: impl IntoIterator<Item = G::Position>,
    visit: impl FnMut(ClosedTier<G::Tier, G::Position>) -> ControlFlow<()>,
) -> bool
where
    G: TieredGame,
    G::Position: Ord + Hash + Send + Sync,
{
    expand_tiers(game, start, visit)
}

/// The loop of [`discover`] and [`survey`]: closes the tiers from the
/// least, expands each, and hands it to `closed`, until `closed` breaks
/// (then `false`) or no tier is left (`true`).
fn expand_tiers<G>(
    game: &G,
    start: impl IntoIterator<Item = G::Position>,
    mut closed: impl FnMut(ClosedTier<G::Tier, G::Position>) -> ControlFlow<()>,
) -> bool
where
    G: TieredGame,
    G::Position: Ord + Hash + Send + Sync,
{
    let mut pending: BTreeMap<G::Tier, Pending<G::Position>> = BTreeMap::new();
    for position in start {
        let position = game.canonical(position);
        pending
            .entry(game.tier(position))
            .or_default()
            .extend(vec![position]);
    }
    while let Some((tier, list)) = pending.pop_first() {
        let mut positions = list.positions;
        positions.sort();
        positions.dedup();
        let sorted = Hashed::from_sorted(positions, Vec::<()>::new()).0;
        // Each chunk's children, by tier, each list sorted without repeats:
        // positions near in order share many children.
        let children: Vec<_> = sorted
            .as_slice()
            .par_chunks(DISCOVER_CHUNK)
            .map(|chunk| {
                let mut out: ChildrenByTier<G::Tier, G::Position> = Vec::new();
                let mut last = 0;
                let mut moves = 0u64;
                for &position in chunk {
                    if game.primitive(position).is_some() {
                        continue;
                    }
                    game.for_each_canonical_successor(position, |child| {
                        moves += 1;
                        group(&mut out, &mut last, game.tier(child), Vec::new).push(child);
                    });
                }
                for (_, list) in &mut out {
                    list.sort_unstable();
                    list.dedup();
                }
                (moves, out)
            })
            .collect();
        let mut moves = 0;
        for (chunk_moves, lists) in children {
            moves += chunk_moves;
            for (child_tier, list) in lists {
                assert!(
                    child_tier > tier,
                    "a move from tier {tier:?} leads to tier {child_tier:?}"
                );
                pending.entry(child_tier).or_default().extend(list);
            }
        }
        let report = ClosedTier {
            tier,
            index: sorted,
            moves,
            pending: pending.values().map(|p| p.positions.len() as u64).sum(),
        };
        if closed(report).is_break() {
            return false;
        }
    }
    true
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

impl<P: Ord + Send> Pending<P> {
    fn extend(&mut self, positions: Vec<P>) {
        self.positions.extend(positions);
        if self.positions.len() >= MIN_PENDING_SORT.max(2 * self.distinct) {
            // The list is a run of sorted lists: a merging sort finds the
            // runs and merges them.
            self.positions.sort();
            self.positions.dedup();
            self.distinct = self.positions.len();
        }
    }
}

/// A solved tier: its index and the packed value of each of its positions.
#[derive(Clone, Debug)]
pub struct SolvedTier<I> {
    /// The index of its positions.
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
        let values = sweep_tier(game, &Outcomes(game), &solved, &index);
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

/// Positions whose moves are gathered and looked up together by
/// [`sweep_tier`]: enough that the lookups into a solved tier, put in the
/// order of their place in it, read it almost from one end to the other,
/// few enough that the moves take a small part of the memory the tiers do.
const SWEEP_BLOCK: usize = 1 << 18;

/// Positions whose moves one thread generates at a time.
const SWEEP_CHUNK: usize = 4096;

/// The lookups of a block are put in order by this many of the top bits of
/// their [`TierIndex::locality`].
const LOCALITY_BITS: u32 = 10;

/// Tiers whose positions have a 16-bit value each, found by tier.
trait Valued<T, I> {
    fn valued(&self, tier: &T) -> Option<(&I, &[u16])>;
}

impl<T: Ord, I> Valued<T, I> for BTreeMap<T, SolvedTier<I>> {
    fn valued(&self, tier: &T) -> Option<(&I, &[u16])> {
        self.get(tier).map(|s| (&s.index, s.values.as_slice()))
    }
}

impl<T: Ord, I> Valued<T, I> for BTreeMap<T, (&I, Vec<u16>)> {
    fn valued(&self, tier: &T) -> Option<(&I, &[u16])> {
        self.get(tier).map(|(i, v)| (*i, v.as_slice()))
    }
}

/// How a backward sweep values a position from its successors.
trait Sweep<P>: Sync {
    /// The value of a position that the game values itself.
    fn primitive(&self, position: P) -> Option<u16>;
    /// The value so far after one more successor worth `child`.
    fn step(&self, so_far: Option<u16>, child: u16) -> u16;
    /// The value of a position with no move.
    fn no_move(&self) -> u16;
}

/// Outcomes: the best of the successors' values seen from the mover.
struct Outcomes<'g, G>(&'g G);

impl<G: TieredGame> Sweep<G::Position> for Outcomes<'_, G>
where
    G::Position: Send + Sync,
{
    fn primitive(&self, position: G::Position) -> Option<u16> {
        self.0.primitive(position).map(Outcome::pack)
    }
    fn step(&self, so_far: Option<u16>, child: u16) -> u16 {
        let value = Outcome::unpack(child).parent();
        so_far.map_or(value, |s| Outcome::unpack(s).max(value)).pack()
    }
    fn no_move(&self) -> u16 {
        Outcome::TERMINAL.pack()
    }
}

/// The most plies any line of play from a position can last.
struct Longest<'g, G>(&'g G);

impl<G: TieredGame> Sweep<G::Position> for Longest<'_, G>
where
    G::Position: Send + Sync,
{
    fn primitive(&self, position: G::Position) -> Option<u16> {
        self.0.primitive(position).map(|_| 0)
    }
    fn step(&self, so_far: Option<u16>, child: u16) -> u16 {
        so_far.unwrap_or(0).max(child + 1)
    }
    fn no_move(&self) -> u16 {
        0
    }
}

/// The moves of a run of positions, grouped by the tier they lead to: for
/// each tier, the position each move comes from and the one it leads to.
type MovesByTier<T, P> = Vec<(T, Vec<(u32, P)>)>;

/// The moves of a run of positions, and the values of those of them that
/// the game values itself, by their number.
type BlockMoves<T, P> = (MovesByTier<T, P>, Vec<(u32, u16)>);

/// The moves of the positions `range` of `index`, those positions
/// numbered from the start of `block`, and the values of those that the
/// game values itself.
fn block_moves<G, I>(
    game: &G,
    sweep: &impl Sweep<G::Position>,
    index: &I,
    range: std::ops::Range<usize>,
    block: usize,
) -> BlockMoves<G::Tier, G::Position>
where
    G: TieredGame,
    G::Position: Send + Sync,
    I: TierIndex<G::Position>,
{
    let mut out: MovesByTier<G::Tier, G::Position> = Vec::new();
    let mut primitive = Vec::new();
    let mut last = 0;
    for i in range {
        let position = index.position(i);
        let from = (i - block) as u32;
        if let Some(value) = sweep.primitive(position) {
            primitive.push((from, value));
            continue;
        }
        game.for_each_canonical_successor(position, |child| {
            group(&mut out, &mut last, game.tier(child), Vec::new).push((from, child));
        });
    }
    (out, primitive)
}

/// The values of every position of `index` under `sweep`, from their
/// successors' in `solved`.
///
/// The positions go in blocks. A block's moves are generated in parallel,
/// grouped by the tier they lead to, put in the order of their place in
/// that tier's index ([`TierIndex::locality`]) and looked up in that
/// order, in parallel, so that the lookups read each index and its values
/// in order rather than at random; each value then goes to its move's
/// position.
///
/// # Panics
/// If a move leads to a tier that is not solved, or to a position its
/// tier does not hold.
fn sweep_tier<G, I>(
    game: &G,
    sweep: &impl Sweep<G::Position>,
    solved: &(impl Valued<G::Tier, I> + Sync),
    index: &I,
) -> Vec<u16>
where
    G: TieredGame,
    G::Position: Send + Sync,
    I: TierIndex<G::Position>,
{
    let mut values = Vec::with_capacity(index.len());
    for block in (0..index.len()).step_by(SWEEP_BLOCK) {
        let end = index.len().min(block + SWEEP_BLOCK);
        let generated: Vec<_> = (block..end)
            .step_by(SWEEP_CHUNK)
            .collect::<Vec<_>>()
            .into_par_iter()
            .map(|start| block_moves(game, sweep, index, start..end.min(start + SWEEP_CHUNK), block))
            .collect();
        let mut so_far: Vec<Option<u16>> = vec![None; end - block];
        let mut by_tier: MovesByTier<G::Tier, G::Position> = Vec::new();
        for (moves, primitive) in generated {
            for (from, value) in primitive {
                so_far[from as usize] = Some(value);
            }
            for (tier, list) in moves {
                match by_tier.iter_mut().find(|(t, _)| *t == tier) {
                    Some((_, all)) => all.extend(list),
                    None => by_tier.push((tier, list)),
                }
            }
        }
        for (tier, moves) in by_tier {
            let (tier_index, tier_values) = solved
                .valued(&tier)
                .unwrap_or_else(|| panic!("a move leads to tier {tier:?}, which is not solved"));
            // A counting sort of the moves by where their lookups read.
            let part = |child: G::Position| (tier_index.locality(child) >> (32 - LOCALITY_BITS)) as usize;
            let mut starts = vec![0usize; (1 << LOCALITY_BITS) + 1];
            for &(_, child) in &moves {
                starts[part(child) + 1] += 1;
            }
            for p in 0..1 << LOCALITY_BITS {
                starts[p + 1] += starts[p];
            }
            let mut fill = starts.clone();
            let mut ordered = moves.clone();
            for &(from, child) in &moves {
                let slot = &mut fill[part(child)];
                ordered[*slot] = (from, child);
                *slot += 1;
            }
            drop(moves);
            let found: Vec<u16> = ordered
                .par_chunks(SWEEP_CHUNK)
                .flat_map_iter(|chunk| {
                    chunk.iter().map(|&(_, child)| {
                        let i = tier_index
                            .index(child)
                            .unwrap_or_else(|| panic!("a move leads to a position its tier does not hold"));
                        tier_values[i]
                    })
                })
                .collect();
            for (&(from, _), child) in ordered.iter().zip(found) {
                let from = from as usize;
                so_far[from] = Some(sweep.step(so_far[from], child));
            }
        }
        values.extend(
            so_far
                .into_iter()
                .map(|value| value.unwrap_or_else(|| sweep.no_move())),
        );
    }
    values
}

/// The most plies that any line of play from a position of `tiers` can
/// last, for each position, in the tiers' index order; `tiers` must be
/// closed under moves, as [`solve`]'s are. Tiers are swept from the
/// greatest down, and each tier's lengths kept only while a tier left can
/// move into it, as in [`solve`]; `visit` sees each tier's lengths first.
pub fn longest_lines<G, I>(game: &G, tiers: &BTreeMap<G::Tier, I>, mut visit: impl FnMut(G::Tier, &I, &[u16]))
where
    G: TieredGame,
    G::Position: Send + Sync,
    I: TierIndex<G::Position> + Send,
{
    let sweep = Longest(game);
    let mut done: BTreeMap<G::Tier, (&I, Vec<u16>)> = BTreeMap::new();
    let mut rest: Vec<(&G::Tier, &I)> = tiers.iter().collect();
    while let Some((&tier, index)) = rest.pop() {
        let values = sweep_tier(game, &sweep, &done, index);
        visit(tier, index, &values);
        done.insert(tier, (index, values));
        let next = rest.last().map(|(t, _)| **t);
        done.retain(|&t, _| match (next, game.least_parent(t)) {
            (None, _) => false,
            (Some(next), Some(least)) => next >= least,
            (Some(_), None) => true,
        });
    }
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

    /// The longest line from a pile pair, by plain recursion.
    fn longest(game: &Piles, p: (u8, u8)) -> u16 {
        if game.primitive(p).is_some() {
            return 0;
        }
        let mut best = None;
        game.for_each_successor(p, |c| best = best.max(Some(longest(game, c) + 1)));
        best.unwrap_or(0)
    }

    #[test]
    fn longest_lines_agree_with_plain_recursion() {
        for stones in 0..9 {
            let game = Piles { stones };
            let tiers = discover(&game, [(stones, stones)], |_| {});
            let mut seen = 0;
            longest_lines(&game, &tiers, |_, index, lengths| {
                for (i, &p) in index.as_slice().iter().enumerate() {
                    assert_eq!(lengths[i], longest(&game, p), "{p:?}");
                    seen += 1;
                }
            });
            assert_eq!(seen, tiers.values().map(|t| t.len()).sum::<usize>());
        }
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
    fn a_survey_sees_the_tiers_discovery_keeps() {
        let game = Piles { stones: 7 };
        let tiers = discover(&game, [(7, 7)], |_| {});
        let mut seen = BTreeMap::new();
        let mut moves = 0;
        assert!(survey(&game, [(7, 7)], |closed| {
            moves += closed.moves;
            seen.insert(closed.tier, closed.index);
            ControlFlow::Continue(())
        }));
        assert_eq!(seen, tiers);
        let mut expected = 0;
        for index in tiers.values() {
            for &p in index.as_slice() {
                if game.primitive(p).is_none() {
                    game.for_each_successor(p, |_| expected += 1);
                }
            }
        }
        assert_eq!(moves, expected);
        let mut visits = 0;
        assert!(!survey(&game, [(7, 7)], |_| {
            visits += 1;
            ControlFlow::Break(())
        }));
        assert_eq!(visits, 1);
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
