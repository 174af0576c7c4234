//! Pass 1: discover the reachable canonical boards and their moves, in an
//! order where every move leads forward.
//!
//! Boards are grouped in buckets by (pips, dice). A plain placement leads to
//! (pips + 1, dice + 1) and a capture of `c` dice to (pips, dice + 1 − c), so
//! visiting pips upwards and, within equal pips, dice downwards visits every
//! board after all of its parents. When a board is visited, its window of
//! layers (the fewest and most moves that reach it) is therefore final.

use super::kernel::Ops;
use crate::cephalopods::board::Board;
use crate::cephalopods::moves::for_each_placement;

const MAX_PIPS: usize = 54;
const MAX_DICE: usize = 9;
const BUCKETS: usize = (MAX_PIPS + 1) * (MAX_DICE + 1);

pub const BUCKETS_LEN: usize = BUCKETS;

pub const fn bucket_of(pips: u32, dice: u32) -> usize {
    pips as usize * (MAX_DICE + 1) + dice as usize
}

/// The buckets with `pips` pips, in an order where every capture leads to a
/// later one. No board has more than `MAX_PIPS`.
pub fn level(pips: usize) -> impl Iterator<Item = usize> + Clone {
    let dice = if pips <= MAX_PIPS { MAX_DICE as u32 } else { 0 };
    (0..=dice)
        .rev()
        .filter(move |_| pips <= MAX_PIPS)
        .map(move |n| bucket_of(pips as u32, n))
}

/// Pip totals in order. Plain placements lead to the next level.
pub fn levels() -> std::ops::RangeInclusive<usize> {
    0..=MAX_PIPS
}

/// The buckets in an order where every move leads to a later one.
pub fn topological_buckets() -> impl Iterator<Item = usize> {
    levels().flat_map(level)
}

/// One move to a non-full child, packed in a `u32`: the child's index in its
/// bucket, which bucket relative to the parent's, and the child's
/// orientation (see [`super::lanes::GATHER`]).
#[derive(Clone, Copy, Debug)]
pub struct Edge(u32);

impl Edge {
    const ORIENTATION_BITS: u32 = 3;
    const KIND_BITS: u32 = 2;

    /// `captured` is 0 for a plain placement, else 2, 3 or 4.
    fn new(child: u32, captured: u32, orientation: usize) -> Edge {
        let kind = captured.saturating_sub(1);
        Edge(
            (child << (Self::KIND_BITS + Self::ORIENTATION_BITS))
                | (kind << Self::ORIENTATION_BITS)
                | orientation as u32,
        )
    }

    pub fn orientation(self) -> usize {
        (self.0 & ((1 << Self::ORIENTATION_BITS) - 1)) as usize
    }

    /// The bucket of the child, given the parent's bucket.
    pub fn child_bucket(self, parent_bucket: usize) -> usize {
        match (self.0 >> Self::ORIENTATION_BITS) & ((1 << Self::KIND_BITS) - 1) {
            0 => parent_bucket + MAX_DICE + 2,
            kind => parent_bucket - kind as usize,
        }
    }

    pub fn child(self) -> usize {
        (self.0 >> (Self::KIND_BITS + Self::ORIENTATION_BITS)) as usize
    }
}

/// The canonical boards of one (pips, dice) class.
#[derive(Default)]
pub struct Bucket {
    pub boards: Vec<Board>,
    /// The first and last layer each board appears in (last capped at the
    /// depth). Filled in when discovery reaches the bucket, since until
    /// then the windows keep widening.
    pub first: Vec<u8>,
    pub last: Vec<u8>,
    /// How many moves of each board lead to non-full and to full boards.
    pub inner_moves: Vec<u8>,
    pub full_moves: Vec<u8>,
    /// Board `i` keeps its count for layer `t` at `count_base[i] + t`
    /// (wrapping), relative to the bucket's counts: one entry per layer of
    /// its window. `count_len` is the bucket's total.
    pub count_base: Vec<u32>,
    pub count_len: u32,
    index: BoardIndex,
}

impl Bucket {
    pub fn len(&self) -> usize {
        self.boards.len()
    }

    /// The index of `board` in the bucket, adding it if new, with its
    /// window widened to cover layers `first..=last`.
    fn insert(&mut self, board: Board, first: u8, last: u8) -> u32 {
        let index = self.index.insert(board, self.boards.len() as u32, first, last);
        if index as usize == self.boards.len() {
            self.boards.push(board);
        }
        index
    }

    /// Called when every parent has been seen: fixes the windows and lays
    /// out the per-layer counts.
    fn seal(&mut self) {
        let (first, last) = std::mem::take(&mut self.index).into_windows(self.len());
        let mut total = 0u32;
        self.count_base = (first.iter().zip(&last))
            .map(|(&first, &last)| {
                let offset = total;
                total += u32::from(last - first) + 1;
                offset.wrapping_sub(u32::from(first))
            })
            .collect();
        self.count_len = total;
        self.first = first;
        self.last = last;
    }
}

/// An open-addressing map from board to (index, window), one `u64` per
/// slot, so finding a known board and widening its window touches a single
/// cache line. Slot bits: board 37..64, index 16..37, first 8..16, last 0..8.
#[derive(Default)]
struct BoardIndex {
    slots: Vec<u64>,
    len: usize,
}

const EMPTY_SLOT: u64 = u64::MAX;
const INDEX_BITS: u32 = 21;

impl BoardIndex {
    /// The index of `board`, or `new_index` if it was not present.
    #[inline(always)]
    fn insert(&mut self, board: Board, new_index: u32, first: u8, last: u8) -> u32 {
        if self.len * 2 >= self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let key = u64::from(board.packed()) << (16 + INDEX_BITS);
        let mut slot = Self::home(board, mask);
        loop {
            let entry = self.slots[slot];
            if entry == EMPTY_SLOT {
                assert!(new_index < 1 << INDEX_BITS, "too many boards in one bucket");
                self.slots[slot] =
                    key | (u64::from(new_index) << 16) | (u64::from(first) << 8) | u64::from(last);
                self.len += 1;
                return new_index;
            }
            if entry & !((1 << (16 + INDEX_BITS)) - 1) == key {
                let old_first = (entry >> 8) as u8;
                let old_last = entry as u8;
                if first < old_first || last > old_last {
                    let widened = (u64::from(old_first.min(first)) << 8) | u64::from(old_last.max(last));
                    self.slots[slot] = (entry & !0xFFFF) | widened;
                }
                return ((entry >> 16) & ((1 << INDEX_BITS) - 1)) as u32;
            }
            slot = (slot + 1) & mask;
        }
    }

    fn home(board: Board, mask: usize) -> usize {
        (u64::from(board.packed()).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize & mask
    }

    fn grow(&mut self) {
        let capacity = (self.slots.len() * 2).max(64);
        let old = std::mem::replace(&mut self.slots, vec![EMPTY_SLOT; capacity]);
        let mask = capacity - 1;
        for entry in old.into_iter().filter(|&e| e != EMPTY_SLOT) {
            let board = Board::from_packed((entry >> (16 + INDEX_BITS)) as u32);
            let mut slot = Self::home(board, mask);
            while self.slots[slot] != EMPTY_SLOT {
                slot = (slot + 1) & mask;
            }
            self.slots[slot] = entry;
        }
    }

    /// The windows of boards `0..len`, by index.
    fn into_windows(self, len: usize) -> (Vec<u8>, Vec<u8>) {
        let (mut first, mut last) = (vec![0; len], vec![0; len]);
        for entry in self.slots.into_iter().filter(|&e| e != EMPTY_SLOT) {
            let index = ((entry >> 16) & ((1 << INDEX_BITS) - 1)) as usize;
            first[index] = (entry >> 8) as u8;
            last[index] = entry as u8;
        }
        (first, last)
    }
}

/// Every canonical board reachable from the start within the depth, with
/// all moves of the boards that are not in the last layer only.
pub struct Graph {
    pub buckets: Vec<Bucket>,
    /// Moves to non-full boards, board after board in topological order.
    pub edges: Vec<Edge>,
    /// Full boards reached, as reached (not canonicalised), in the same order.
    pub full_children: Vec<Board>,
    pub start_bucket: usize,
    pub start_orientation: usize,
}

impl Graph {
    /// `depth` must be at least 1 and at most `u8::MAX`.
    #[inline(always)]
    pub fn discover<K: Ops>(start: Board, depth: u32) -> Graph {
        assert!((1..=u32::from(u8::MAX)).contains(&depth));
        let mut buckets: Vec<Bucket> = (0..BUCKETS).map(|_| Bucket::default()).collect();
        let (canonical, start_orientation) = start.canonical();
        let start_bucket = bucket_of(start.pips(), start.dice());
        buckets[start_bucket].insert(canonical, 0, 0);
        let mut edges = Vec::new();
        let mut full_children = Vec::new();

        for b in topological_buckets() {
            let mut bucket = std::mem::take(&mut buckets[b]);
            bucket.seal();
            bucket.inner_moves = vec![0; bucket.len()];
            bucket.full_moves = vec![0; bucket.len()];
            for i in 0..bucket.len() {
                let (first, last) = (bucket.first[i], bucket.last[i]);
                if u32::from(first) >= depth {
                    continue;
                }
                let child_first = first + 1;
                let child_last = last.min(depth as u8 - 1) + 1;
                let (mut inner, mut full) = (0u8, 0u8);
                let parent = bucket.boards[i];
                let images = parent.images().map(Board::packed);
                for_each_placement(parent, |placement| {
                    let images = K::child_images(&images, placement);
                    let child = Board::from_packed(images.child);
                    if child.is_full() {
                        full_children.push(child);
                        full += 1;
                        return;
                    }
                    let (canonical, orientation) = (Board::from_packed(images.least), images.orientation);
                    let captured = placement.captured_count();
                    let probe = Edge::new(0, captured, 0);
                    let index = buckets[probe.child_bucket(b)].insert(canonical, child_first, child_last);
                    edges.push(Edge::new(index, captured, orientation));
                    inner += 1;
                });
                bucket.inner_moves[i] = inner;
                bucket.full_moves[i] = full;
            }
            buckets[b] = bucket;
        }
        Graph {
            buckets,
            edges,
            full_children,
            start_bucket,
            start_orientation,
        }
    }
}
