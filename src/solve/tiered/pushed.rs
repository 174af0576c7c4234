//! Solving the positions reachable from a start with each move made once.
//!
//! [`discover`](super::discover) then [`solve`](super::solve) make every
//! move twice: once to find the positions, once to value them, looking
//! each child up by its key. Here discovery keeps what each move joins,
//! and the backward pass only replays those edges:
//!
//! ```text
//!   discover (least tier first)                    solve (greatest first)
//!   expand tier t: each move gives                 tier t's values are final:
//!     (child, parent number) in the child's tier     each edge into t lifts its
//!   close tier c: merge its pairs, number its        parent's best so far
//!     positions, write (parent, child) edges     ─►  (no move made, no key
//!     to the file                                    looked up)
//! ```
//!
//! Positions are numbered globally in the order their tiers close (least
//! first), so a parent's number is known when its moves are made, and a
//! child's once its tier closes. An edge is the gap from the previous
//! edge's parent (LEB128, mostly one byte) and the child's number in its
//! tier (as many bytes as the tier needs). The edges of every tier go to
//! one temporary file (the page cache holds them, not the process), tier
//! after tier, and each tier's are read back once, greatest tier first.
//!
//! A tier closes without a comparison sort: each expanding thread splits
//! its pairs by the top bits of the child's hash into [`PARTITIONS`]
//! parts; the parts of a tier are merged in parallel, each with a small
//! hash table that fits in cache; and the [`Hashed`] index's buckets are
//! ranges of those same top bits, so each part lays out its own buckets.

use super::{Hashed, Progress, SolvedTier, TierIndex, TieredGame, group, mixed_hash};
use crate::solve::Outcome;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::fs;
use std::hash::Hash;
use std::io;

/// Bits of a child's hash that choose its part.
const PARTITION_BITS: u32 = 8;

/// Parts of a tier merged in parallel.
const PARTITIONS: usize = 1 << PARTITION_BITS;

/// The parent number of a start, which no move reaches from a parent.
const NO_PARENT: u32 = u32::MAX;

/// The rank ([`Ranks`]) of a position with no move valued yet, below
/// every value.
const UNSET: u16 = 0;

/// Parents expanded together by one thread.
const EXPAND_CHUNK: usize = 1 << 14;

/// Positions valued together by one thread when a tier's values are made
/// final.
const FINAL_CHUNK: usize = 1 << 13;

/// Which part a child goes to.
#[inline]
fn part_of<P: Hash>(position: &P) -> usize {
    (mixed_hash(position) >> (64 - PARTITION_BITS)) as usize
}

/// Pairs (child, parent number) made by one thread for one tier: the
/// parents in the order the moves were made (so never decreasing), the
/// children grouped by part.
struct Run<P> {
    /// The children, part by part; within a part, in the order made.
    children: Vec<P>,
    /// The parents, in the order made.
    parents: Vec<u32>,
    /// Each pair's part, in the order made.
    parts: Vec<u8>,
    /// Part `p` of `children` is `starts[p]..starts[p + 1]`.
    starts: Vec<u32>,
}

/// A [`Run`] being made: its pairs in the order made, each child's part
/// found as it comes.
struct Making<P> {
    children: Vec<P>,
    parents: Vec<u32>,
    parts: Vec<u8>,
    /// How many children each part holds.
    counts: Vec<u32>,
}

impl<P: Copy + Hash> Making<P> {
    /// An empty run with room for `pairs` pairs. A run that grows copies
    /// all it holds, so a chunk's runs start with room for a move from
    /// each of its parents: a chunk's moves into one tier seldom
    /// outnumber its parents.
    fn with_capacity(pairs: usize) -> Making<P> {
        Making {
            children: Vec::with_capacity(pairs),
            parents: Vec::with_capacity(pairs),
            parts: Vec::with_capacity(pairs),
            counts: vec![0; PARTITIONS],
        }
    }

    /// The pair (child, parent), made after those already here.
    #[inline]
    fn push(&mut self, child: P, parent: u32) {
        let part = part_of(&child);
        self.counts[part] += 1;
        self.children.push(child);
        self.parents.push(parent);
        self.parts.push(part as u8);
    }

    /// The run, its children grouped by part.
    fn finish(mut self) -> Run<P> {
        // The run waits in memory until its tier closes.
        self.parents.shrink_to_fit();
        self.parts.shrink_to_fit();
        let mut starts = Vec::with_capacity(PARTITIONS + 1);
        starts.push(0u32);
        for &count in &self.counts {
            starts.push(starts[starts.len() - 1] + count);
        }
        let mut children = self.children.clone();
        let mut fill = starts.clone();
        for (&p, &child) in self.parts.iter().zip(&self.children) {
            let slot = &mut fill[usize::from(p)];
            children[*slot as usize] = child;
            *slot += 1;
        }
        Run {
            children,
            parents: self.parents,
            parts: self.parts,
            starts,
        }
    }
}

impl<P> Run<P> {
    fn part(&self, p: usize) -> std::ops::Range<usize> {
        self.starts[p] as usize..self.starts[p + 1] as usize
    }
}

/// One part of a closing tier, its repeats merged.
struct Part<P> {
    /// Each child once, in the order first seen.
    distinct: Vec<P>,
    /// For each pair of the part (run by run), its child's place in
    /// `distinct`.
    ids: Vec<u32>,
}

/// Part `p` of `runs`, its repeats merged through a hash table.
fn merge_part<P: Copy + Eq + Hash>(runs: &[Run<P>], p: usize) -> Part<P> {
    let pairs: usize = runs.iter().map(|r| r.part(p).len()).sum();
    let size = (2 * pairs).next_power_of_two().max(16);
    let mask = size - 1;
    // A slot holds a place in `distinct` plus one; 0 is free.
    let mut table = vec![0u32; size];
    // A position has several parents, so a part holds fewer children
    // than pairs: room for half the pairs seldom grows.
    let mut distinct = Vec::with_capacity(pairs / 2);
    let mut ids = Vec::with_capacity(pairs);
    for run in runs {
        for &child in &run.children[run.part(p)] {
            let mut slot = mixed_hash(&child) as usize & mask;
            let id = loop {
                match table[slot] {
                    0 => {
                        distinct.push(child);
                        table[slot] = distinct.len() as u32;
                        break distinct.len() - 1;
                    }
                    id if distinct[id as usize - 1] == child => break id as usize - 1,
                    _ => slot = (slot + 1) & mask,
                }
            };
            ids.push(id as u32);
        }
    }
    Part { distinct, ids }
}

/// A part laid out as its share of the tier's [`Hashed`] index.
struct LaidOut<P> {
    /// The part's positions in index order.
    positions: Vec<P>,
    /// How many positions each of the part's buckets holds.
    counts: Vec<u32>,
    /// For each pair of the part, its child's number in the tier.
    places: Vec<u32>,
}

/// Lays `part` out as buckets `p << sub ..` of an index whose hashes are
/// shifted right by `shift`, its first position numbered `offset`.
fn lay_out<P: Copy + Ord + Hash>(part: Part<P>, p: usize, sub: u32, shift: u32, offset: u32) -> LaidOut<P> {
    let first = p << sub;
    let buckets: Vec<u32> = part
        .distinct
        .iter()
        .map(|c| ((mixed_hash(c) >> shift) as usize - first) as u32)
        .collect();
    let mut starts = vec![0u32; (1 << sub) + 1];
    for &b in &buckets {
        starts[b as usize + 1] += 1;
    }
    let counts: Vec<u32> = starts[1..].to_vec();
    for b in 0..1 << sub {
        starts[b + 1] += starts[b];
    }
    let mut order = vec![0u32; part.distinct.len()];
    let mut fill = starts.clone();
    for (id, &b) in buckets.iter().enumerate() {
        let slot = &mut fill[b as usize];
        order[*slot as usize] = id as u32;
        *slot += 1;
    }
    for b in 0..1 << sub {
        order[starts[b] as usize..starts[b + 1] as usize]
            .sort_unstable_by_key(|&id| part.distinct[id as usize]);
    }
    let mut place = vec![0u32; part.distinct.len()];
    for (k, &id) in order.iter().enumerate() {
        place[id as usize] = offset + k as u32;
    }
    LaidOut {
        positions: order.iter().map(|&id| part.distinct[id as usize]).collect(),
        counts,
        places: part.ids.iter().map(|&id| place[id as usize]).collect(),
    }
}

/// The edges of one run: the moves of a few parents into one tier, as
/// bytes: for each move, the gap from the previous move's parent (from
/// `first` for the first) in LEB128, then the child's number in the tier
/// in the tier's fixed width.
struct RunEdges {
    /// The parent of the first move.
    first: u32,
    /// How many bytes the moves take.
    bytes: usize,
}

/// Bytes a tier of `len` positions takes to number one.
fn place_width(len: usize) -> usize {
    (usize::BITS - len.saturating_sub(1).leading_zeros())
        .div_ceil(8)
        .max(1) as usize
}

/// Encodes the moves of `run`, whose children are numbered `places`
/// (in the order of `run.children`), in the form of [`RunEdges`].
fn encode_run<P>(run: &Run<P>, places: &[u32], width: usize) -> (RunEdges, Vec<u8>) {
    // `places` go part by part; put them back in the order made.
    let mut fill = run.starts.clone();
    let mut bytes = Vec::with_capacity(run.parents.len() * (1 + width));
    let mut first = None;
    let mut previous = 0;
    for (&part, &parent) in run.parts.iter().zip(&run.parents) {
        let slot = &mut fill[usize::from(part)];
        let place = places[*slot as usize];
        *slot += 1;
        if parent == NO_PARENT {
            continue;
        }
        let mut gap = match first {
            None => {
                first = Some(parent);
                0
            }
            Some(_) => parent - previous,
        };
        previous = parent;
        while gap >= 0x80 {
            bytes.push(gap as u8 | 0x80);
            gap >>= 7;
        }
        bytes.push(gap as u8);
        bytes.extend_from_slice(&place.to_le_bytes()[..width]);
    }
    let edges = RunEdges {
        first: first.unwrap_or(NO_PARENT),
        bytes: bytes.len(),
    };
    (edges, bytes)
}

/// Closes a tier from its runs of pairs: its index, and the runs' edges
/// ([`RunEdges`]) with the bytes of each.
fn close<P>(runs: Vec<Run<P>>) -> (Hashed<P>, Vec<RunEdges>, Vec<Vec<u8>>)
where
    P: Copy + Ord + Hash + Send + Sync,
{
    let parts: Vec<Part<P>> = (0..PARTITIONS)
        .into_par_iter()
        .map(|p| merge_part(&runs, p))
        .collect();
    let len: usize = parts.iter().map(|p| p.distinct.len()).sum();
    assert!(
        u32::try_from(len).is_ok(),
        "a tier holds fewer than 2^32 positions"
    );
    let bits = Hashed::<P>::bucket_bits(len);
    let (index, laid) = if bits < PARTITION_BITS {
        // Fewer buckets than parts: a small tier, laid out whole.
        let mut all: Vec<P> = parts.iter().flat_map(|p| p.distinct.iter().copied()).collect();
        all.sort_unstable();
        let index = Hashed::from_sorted(all, Vec::<()>::new()).0;
        let places: Vec<Vec<u32>> = parts
            .iter()
            .map(|part| {
                part.ids
                    .iter()
                    .map(|&id| {
                        index
                            .index(part.distinct[id as usize])
                            .expect("a tier holds the children merged into it") as u32
                    })
                    .collect()
            })
            .collect();
        (index, places)
    } else {
        let sub = bits - PARTITION_BITS;
        let mut offsets = Vec::with_capacity(PARTITIONS);
        let mut offset = 0u32;
        for part in &parts {
            offsets.push(offset);
            offset += part.distinct.len() as u32;
        }
        let laid: Vec<LaidOut<P>> = parts
            .into_par_iter()
            .zip(offsets)
            .enumerate()
            .map(|(p, (part, offset))| lay_out(part, p, sub, 64 - bits, offset))
            .collect();
        let mut positions = Vec::with_capacity(len);
        let mut starts = Vec::with_capacity((1 << bits) + 1);
        starts.push(0u32);
        let mut places = Vec::with_capacity(PARTITIONS);
        for l in laid {
            positions.extend_from_slice(&l.positions);
            for c in l.counts {
                starts.push(starts.last().copied().unwrap_or(0) + c);
            }
            places.push(l.places);
        }
        (Hashed::from_parts(positions, starts, bits), places)
    };
    // Where each run's pairs start in each part's places.
    let mut at = vec![0usize; PARTITIONS];
    let mut run_starts = Vec::with_capacity(runs.len());
    for run in &runs {
        run_starts.push(at.clone());
        for (p, a) in at.iter_mut().enumerate() {
            *a += run.part(p).len();
        }
    }
    let width = place_width(len);
    let encoded: Vec<(RunEdges, Vec<u8>)> = runs
        .par_iter()
        .zip(run_starts)
        .map(|(run, starts)| {
            let mut places = Vec::with_capacity(run.children.len());
            for (p, &s) in starts.iter().enumerate() {
                places.extend_from_slice(&laid[p][s..s + run.part(p).len()]);
            }
            encode_run(run, &places, width)
        })
        .collect();
    drop(runs);
    let (table, bytes) = encoded.into_iter().filter(|(edges, _)| edges.bytes > 0).unzip();
    (index, table, bytes)
}

/// The edges of every tier, one tier after another, in one temporary file
/// named after the process and the solve.
///
/// On Unix the file leaves its directory as soon as it is made: the open
/// handle keeps it, so that a solve that is stopped or killed leaves
/// nothing behind. On Windows it goes when its handle closes.
struct EdgeFile {
    file: fs::File,
    /// Where each tier's edges start in the file and how many bytes they
    /// take, in the order of the tiers.
    tiers: Vec<(u64, usize)>,
    /// The file's length so far.
    end: u64,
}

impl EdgeFile {
    /// A new file in `dir`.
    fn new(dir: &std::path::Path) -> io::Result<EdgeFile> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static MADE: AtomicUsize = AtomicUsize::new(0);
        let path = dir.join(format!(
            "gamespace-edges-{}-{}",
            std::process::id(),
            MADE.fetch_add(1, Ordering::Relaxed)
        ));
        let mut options = fs::OpenOptions::new();
        options.read(true).write(true).create_new(true);
        #[cfg(windows)]
        {
            use std::os::windows::fs::OpenOptionsExt;
            const FILE_FLAG_DELETE_ON_CLOSE: u32 = 0x0400_0000;
            options.custom_flags(FILE_FLAG_DELETE_ON_CLOSE);
        }
        let file = options.open(&path)?;
        #[cfg(unix)]
        fs::remove_file(&path)?;
        Ok(EdgeFile {
            file,
            tiers: Vec::new(),
            end: 0,
        })
    }

    /// Writes each tier's edges as they come, its runs' bytes one after
    /// another, until the sender goes.
    fn write_all(&mut self, edges: std::sync::mpsc::Receiver<(usize, Vec<Vec<u8>>)>) -> io::Result<()> {
        use std::io::Write;
        for (tier, runs) in edges {
            debug_assert_eq!(tier, self.tiers.len());
            let start = self.end;
            // Room to read a child's number as four bytes at the very end.
            for bytes in runs.iter().map(Vec::as_slice).chain([&[0u8; 4][..]]) {
                self.file.write_all(bytes)?;
                self.end += bytes.len() as u64;
            }
            self.tiers.push((start, (self.end - start) as usize));
        }
        Ok(())
    }

    /// The edges of `tier`.
    fn read(&self, tier: usize) -> io::Result<Vec<u8>> {
        use std::io::{Read, Seek, SeekFrom};
        let (start, len) = self.tiers[tier];
        let mut edges = vec![0; len];
        let mut file = &self.file;
        file.seek(SeekFrom::Start(start))?;
        file.read_exact(&mut edges)?;
        Ok(edges)
    }
}

/// A closed tier: its index, the number of its first position, and the
/// runs of its edges file.
struct Numbered<T, P> {
    tier: T,
    index: Hashed<P>,
    first: u32,
    runs: Vec<RunEdges>,
}

/// Values during the backward pass, as ranks: a rank orders values as
/// [`Outcome`]'s order does, so that a position's best move so far is a
/// plain maximum; rank [`UNSET`] is a position with no move valued yet.
struct Ranks {
    /// The rank of each packed outcome ([`Outcome::pack`]).
    of_packed: Vec<u16>,
    /// The packed outcome of each rank. Every position's rank is a value
    /// by the time ranks are turned back into packed outcomes, so the
    /// entry for [`UNSET`] is never read.
    packed: Vec<u16>,
    /// For the rank of a child's value, the rank of that value to the
    /// position before, one ply earlier; [`UNSET`] where the remoteness
    /// would not pack.
    lift: Vec<u16>,
}

impl Ranks {
    fn new() -> Ranks {
        // Every packable outcome: a draw unpacks from many values.
        let mut outcomes: Vec<Outcome> = (0..=u16::MAX).map(Outcome::unpack).collect();
        outcomes.sort();
        outcomes.dedup();
        let mut of_packed = vec![UNSET; 1 << 16];
        let mut packed = vec![Outcome::TERMINAL.pack(); outcomes.len() + 1];
        for (k, outcome) in outcomes.iter().enumerate() {
            of_packed[usize::from(outcome.pack())] = k as u16 + 1;
            packed[k + 1] = outcome.pack();
        }
        let lift = packed
            .iter()
            .enumerate()
            .map(|(rank, &p)| {
                let outcome = Outcome::unpack(p);
                if rank == usize::from(UNSET)
                    || outcome
                        .plies()
                        .is_some_and(|n| n + 1 >= Outcome::MAX_PACKED_PLIES)
                {
                    UNSET
                } else {
                    of_packed[usize::from(outcome.parent().pack())]
                }
            })
            .collect();
        Ranks {
            of_packed,
            packed,
            lift,
        }
    }

    fn of(&self, outcome: Outcome) -> u16 {
        self.of_packed[usize::from(outcome.pack())]
    }

    /// Lifts each parent of `runs` (their edges in `bytes`, children
    /// numbered into `children`) to its child's value if that is better;
    /// `parents` are the values of positions `lowest..`.
    fn push(
        &self,
        runs: &[RunEdges],
        bytes: &[u8],
        width: usize,
        children: &[u16],
        parents: &mut [u16],
        lowest: u32,
    ) {
        let mask = if width == 4 {
            u32::MAX
        } else {
            (1u32 << (8 * width)) - 1
        };
        let mut at = 0;
        for run in runs {
            let end = at + run.bytes;
            let mut parent = run.first;
            while at < end {
                let mut gap = 0u32;
                let mut shift = 0;
                loop {
                    let byte = bytes[at];
                    at += 1;
                    gap |= u32::from(byte & 0x7f) << shift;
                    shift += 7;
                    if byte < 0x80 {
                        break;
                    }
                }
                parent += gap;
                let child =
                    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]) & mask;
                at += width;
                let lifted = self.lift[usize::from(children[child as usize])];
                let best = &mut parents[(parent - lowest) as usize];
                *best = (*best).max(lifted);
            }
        }
    }
}

/// Solved tiers by tier, each indexed by [`Hashed`].
pub type SolvedTiers<T, P> = BTreeMap<T, SolvedTier<Hashed<P>>>;

/// The runs one thread made, by the tier they lead to.
type RunsByTier<T, P> = Vec<(T, Run<P>)>;

/// Runs being made, by the tier they lead to.
type MakingByTier<T, P> = Vec<(T, Making<P>)>;

/// What discovery found: the tiers, least first, and how many positions
/// they hold.
struct Discovered<T, P> {
    closed: Vec<Numbered<T, P>>,
    total: u64,
}

/// The discovery half of [`solve_reachable`]: every tier closed, least
/// first, each tier's edges sent to `edges` (with the tier's place in that
/// order) as it closes; and the number of positions. Stops early if
/// `edges` hangs up.
fn discover_edges<G>(
    game: &G,
    start: impl IntoIterator<Item = G::Position>,
    edges: &std::sync::mpsc::SyncSender<(usize, Vec<Vec<u8>>)>,
    progress: &mut impl FnMut(Progress),
) -> Discovered<G::Tier, G::Position>
where
    G: TieredGame,
    G::Position: Ord + Hash + Send + Sync,
{
    let mut pending: BTreeMap<G::Tier, Vec<Run<G::Position>>> = BTreeMap::new();
    for position in start {
        let position = game.canonical(position);
        let mut start = Making::with_capacity(1);
        start.push(position, NO_PARENT);
        pending
            .entry(game.tier(position))
            .or_default()
            .push(start.finish());
    }
    let mut closed: Vec<Numbered<G::Tier, G::Position>> = Vec::new();
    let mut total = 0u64;
    while let Some((tier, runs)) = pending.pop_first() {
        let (index, edge_runs, bytes) = close(runs);
        if edges.send((closed.len(), bytes)).is_err() {
            // The writer failed, and says why when it is joined.
            break;
        }
        let first = u32::try_from(total)
            .ok()
            .filter(|f| u64::from(*f) + index.len() as u64 <= u64::from(NO_PARENT))
            .expect("fewer than 2^32 - 1 positions in all");
        total += index.len() as u64;
        let made: Vec<RunsByTier<G::Tier, G::Position>> = index
            .as_slice()
            .par_chunks(EXPAND_CHUNK)
            .enumerate()
            .map(|(c, chunk)| {
                let mut out: MakingByTier<G::Tier, G::Position> = Vec::new();
                let mut last = 0;
                for (k, &position) in chunk.iter().enumerate() {
                    if game.primitive(position).is_some() {
                        continue;
                    }
                    let parent = first + (c * EXPAND_CHUNK + k) as u32;
                    game.for_each_canonical_successor(position, |child| {
                        group(&mut out, &mut last, game.tier(child), || {
                            Making::with_capacity(chunk.len())
                        })
                        .push(child, parent);
                    });
                }
                out.into_iter().map(|(t, making)| (t, making.finish())).collect()
            })
            .collect();
        for (child_tier, run) in made.into_iter().flatten() {
            assert!(
                child_tier > tier,
                "a move from tier {tier:?} leads to tier {child_tier:?}"
            );
            pending.entry(child_tier).or_default().push(run);
        }
        closed.push(Numbered {
            tier,
            index,
            first,
            runs: edge_runs,
        });
        progress(Progress::Discovered {
            tiers: closed.len(),
            positions: total,
        });
    }
    Discovered { closed, total }
}

/// Finds every canonical position reachable from `start` and solves them
/// all, each move made once (see the module notes): the same tiers and
/// values as [`discover`](super::discover) and then
/// [`solve`](super::solve) keeping every tier. `progress` hears of each
/// tier discovered and each tier solved.
///
/// # Errors
/// If the temporary files that hold the moves cannot be written or read.
///
/// # Panics
/// If a move leads to a tier that is not greater than its own, a mistake
/// in the game's code; or if there are 2^32 positions or more.
pub fn solve_reachable<G>(
    game: &G,
    start: impl IntoIterator<Item = G::Position>,
    progress: impl FnMut(Progress),
) -> io::Result<SolvedTiers<G::Tier, G::Position>>
where
    G: TieredGame,
    G::Position: Ord + Hash + Send + Sync,
{
    solve_reachable_with(game, start, EdgeFile::new(&std::env::temp_dir())?, progress)
}

/// [`solve_reachable`], its moves kept in `files`.
fn solve_reachable_with<G>(
    game: &G,
    start: impl IntoIterator<Item = G::Position>,
    mut edges: EdgeFile,
    mut progress: impl FnMut(Progress),
) -> io::Result<SolvedTiers<G::Tier, G::Position>>
where
    G: TieredGame,
    G::Position: Ord + Hash + Send + Sync,
{
    // Each tier's edges are written on a thread of their own while the
    // next tiers are found.
    let Discovered { mut closed, total } = std::thread::scope(|scope| {
        let (sender, receiver) = std::sync::mpsc::sync_channel(2);
        let writer = scope.spawn(|| edges.write_all(receiver));
        let found = discover_edges(game, start, &sender, &mut progress);
        drop(sender);
        let written = writer.join().expect("writing files does not panic");
        written.map(|()| found)
    })?;

    let ranks = Ranks::new();
    let mut values = vec![UNSET; total as usize];
    let mut solved = 0u64;
    for (ordinal, numbered) in closed.iter().enumerate().rev() {
        let first = numbered.first as usize;
        let index = &numbered.index;
        values[first..first + index.len()]
            .par_chunks_mut(FINAL_CHUNK)
            .enumerate()
            .for_each(|(c, chunk)| {
                for (k, value) in chunk.iter_mut().enumerate() {
                    let position = index.as_slice()[c * FINAL_CHUNK + k];
                    *value = match game.primitive(position) {
                        Some(outcome) => ranks.of(outcome),
                        None if *value == UNSET => ranks.of(Outcome::TERMINAL),
                        None => *value,
                    };
                }
            });
        let bytes = edges.read(ordinal)?;
        let (parents, children) = values.split_at_mut(first);
        let children = &children[..index.len()];
        let width = place_width(index.len());
        // The runs' parents do not overlap and rise from run to run, so
        // runs in groups update disjoint ranges of values, in parallel.
        let runs = &numbered.runs;
        let groups = rayon::current_num_threads().max(1) * 4;
        let per_group = runs.len().div_ceil(groups).max(1);
        let mut tasks = Vec::new();
        let mut rest = parents;
        let mut lowest = 0u32;
        let mut at = 0;
        for (g, group_runs) in runs.chunks(per_group).enumerate() {
            let next = runs.get((g + 1) * per_group).map_or(first as u32, |r| r.first);
            let (mine, others) = rest.split_at_mut((next - lowest) as usize);
            let len: usize = group_runs.iter().map(|r| r.bytes).sum();
            tasks.push((group_runs, at, mine, lowest));
            at += len;
            rest = others;
            lowest = next;
        }
        tasks.into_par_iter().for_each(|(group_runs, at, mine, lowest)| {
            ranks.push(group_runs, &bytes[at..], width, children, mine, lowest);
        });
        solved += index.len() as u64;
        progress(Progress::Solved {
            positions: solved,
            total,
        });
    }

    values
        .par_iter_mut()
        .for_each(|value| *value = ranks.packed[usize::from(*value)]);
    let mut tiers = BTreeMap::new();
    while let Some(numbered) = closed.pop() {
        let tier_values = values.split_off(numbered.first as usize);
        values.shrink_to_fit();
        tiers.insert(
            numbered.tier,
            SolvedTier {
                index: numbered.index,
                values: tier_values,
            },
        );
    }
    Ok(tiers)
}

#[cfg(test)]
mod tests {
    use super::super::{discover, solve};
    use super::*;
    use crate::solve::Game;

    /// Three heaps: take 1, 2 or 3 from one heap. Taking the last stone
    /// ends the game (the side left without a move loses); exactly 5
    /// stones left is a tie, and three equal odd heaps a win for the side
    /// to move. Tiers are stones taken; the heaps may be reordered.
    #[derive(Clone, Copy)]
    struct Heaps {
        stones: u16,
    }

    impl Game for Heaps {
        type Position = [u16; 3];
        fn for_each_successor(&self, heaps: [u16; 3], mut visit: impl FnMut([u16; 3])) {
            for h in 0..3 {
                for take in 1..=3.min(heaps[h]) {
                    let mut next = heaps;
                    next[h] -= take;
                    visit(next);
                }
            }
        }
        fn primitive(&self, [a, b, c]: [u16; 3]) -> Option<Outcome> {
            if a + b + c == 5 {
                Some(Outcome::Tie(0))
            } else if a == b && b == c && a % 2 == 1 {
                Some(Outcome::Win(0))
            } else {
                None
            }
        }
    }

    impl TieredGame for Heaps {
        type Tier = u16;
        fn tier(&self, [a, b, c]: [u16; 3]) -> u16 {
            3 * self.stones - a - b - c
        }
        fn canonical(&self, mut heaps: [u16; 3]) -> [u16; 3] {
            heaps.sort_unstable();
            heaps
        }
        fn least_parent(&self, tier: u16) -> Option<u16> {
            Some(tier.saturating_sub(3))
        }
    }

    #[test]
    fn agrees_with_discovery_then_solving() {
        for stones in [0, 1, 2, 3, 7, 20, 90] {
            let game = Heaps { stones };
            let start = [stones; 3];
            let found = discover(&game, [start], |_| {});
            let widest = found.values().map(|t| t.len()).max().unwrap_or(0);
            let expected = solve(&game, found, |_, _| true, |_| {});
            let mut reports = 0;
            let got = solve_reachable(&game, [start], |_| reports += 1).unwrap();
            assert_eq!(reports, 2 * expected.len());
            assert_eq!(got.len(), expected.len());
            for ((t, a), (u, b)) in got.iter().zip(&expected) {
                assert_eq!(t, u);
                assert_eq!(a.index, b.index, "tier {t}");
                assert_eq!(a.values, b.values, "tier {t}");
            }
            if stones == 90 {
                // Tiers with more buckets than parts take the parallel layout.
                assert!(widest >= 4 << PARTITION_BITS, "{widest}");
            }
        }
    }

    /// The file of moves leaves its directory as it is made (on Unix), so
    /// a solve that is killed leaves nothing; and none is left at the end.
    #[test]
    fn moves_leave_no_file_behind() {
        let dir = std::env::temp_dir().join(format!("gamespace-test-edges-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let entries = || fs::read_dir(&dir).unwrap().count();
        let game = Heaps { stones: 20 };
        let mut looked = 0;
        let solved = solve_reachable_with(&game, [[20; 3]], EdgeFile::new(&dir).unwrap(), |_| {
            if cfg!(unix) {
                assert_eq!(entries(), 0);
                looked += 1;
            }
        })
        .unwrap();
        assert!(!solved.is_empty());
        assert!(looked > 2 || cfg!(not(unix)));
        assert_eq!(entries(), 0);
        fs::remove_dir(&dir).unwrap();
    }
}
