//! Pass 1: discover the reachable canonical boards and their moves, in an
//! order where every move leads forward.
//!
//! Boards are grouped by pip total into levels, and within a level into
//! buckets by number of dice. A plain placement leads to (pips + 1,
//! dice + 1) and a capture of `c` dice to (pips, dice + 1 − c), so visiting
//! levels upwards and, within a level, dice downwards visits every board
//! after all of its parents. When a board is visited its window of layers
//! (the fewest and most moves that reach it) is final, and once a level has
//! been visited nothing changes it any more: it is handed on whole.

use super::kernel::Ops;
use crate::cephalopods::board::Board;
use crate::cephalopods::moves::for_each_placement;

pub const MAX_DICE: usize = 9;
const MAX_PIPS: usize = 6 * MAX_DICE;

/// Dice counts in the order a level is visited: captures lead to fewer dice.
pub fn dice_order() -> impl Iterator<Item = usize> {
    (0..=MAX_DICE).rev()
}

/// One move to a non-full child, packed in a `u32`: the child's index in its
/// bucket, the kind of move (which fixes the child's bucket relative to the
/// parent's) and the child's orientation (see [`super::lanes::GATHER`]).
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

    /// 0 for a plain placement, else the number of dice captured minus one.
    pub fn kind(self) -> usize {
        ((self.0 >> Self::ORIENTATION_BITS) & ((1 << Self::KIND_BITS) - 1)) as usize
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
    #[inline(always)]
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
        self.inner_moves = vec![0; self.len()];
        self.full_moves = vec![0; self.len()];
    }
}

/// An open-addressing map from board to (index, window), one `u64` per
/// slot, so finding a known board and widening its window touches a single
/// cache line. Slot bits: board 37..64, index 16..37, first 8..16, last 0..8.
/// Tables fill to two thirds: emptier ones probe less but fit less in cache,
/// and measured slower.
#[derive(Default)]
struct BoardIndex {
    slots: Vec<u64>,
    len: usize,
    /// The length at which the table doubles: two thirds of the slots.
    grow_at: usize,
}

const EMPTY_SLOT: u64 = u64::MAX;
const INDEX_BITS: u32 = 21;

impl BoardIndex {
    /// An index that holds `expected` boards without growing.
    fn with_capacity(expected: usize) -> BoardIndex {
        let slots = (3 * expected / 2).next_power_of_two().max(64);
        BoardIndex {
            slots: vec![EMPTY_SLOT; slots],
            len: 0,
            grow_at: 2 * slots / 3,
        }
    }

    /// The index of `board`, or `new_index` if it was not present.
    #[inline(always)]
    fn insert(&mut self, board: Board, new_index: u32, first: u8, last: u8) -> u32 {
        if self.len >= self.grow_at {
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
                // Stored whether or not it changed: a branch here would
                // mispredict often, and the line is already at hand.
                let old_first = (entry >> 8) as u8;
                let old_last = entry as u8;
                let widened = (u64::from(old_first.min(first)) << 8) | u64::from(old_last.max(last));
                self.slots[slot] = (entry & !0xFFFF) | widened;
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
        self.grow_at = 2 * capacity / 3;
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

/// The boards of one pip total and their moves, in visiting order.
pub struct Level {
    pub pips: usize,
    /// Indexed by the number of dice.
    pub buckets: Vec<Bucket>,
    /// Moves to non-full boards, board after board in visiting order.
    pub edges: Vec<Edge>,
    /// Full boards reached, as reached (not canonicalised), in the same order.
    pub full_children: Vec<Board>,
    /// Where each bucket's counts start in the level's arena, in visiting
    /// order, and the arena's size.
    pub count_start: [u32; MAX_DICE + 1],
    pub count_len: u32,
}

impl Level {
    /// An empty level whose buckets expect about `expected[dice]` boards.
    fn new(pips: usize, expected: [usize; MAX_DICE + 1]) -> Level {
        Level {
            pips,
            buckets: expected
                .iter()
                .map(|&n| Bucket {
                    index: BoardIndex::with_capacity(n),
                    ..Bucket::default()
                })
                .collect(),
            edges: Vec::new(),
            full_children: Vec::new(),
            count_start: [0; MAX_DICE + 1],
            count_len: 0,
        }
    }

    /// The number of boards in each bucket, the best guess for the sizes
    /// of a nearby level's: they change little from one level to the next.
    fn sizes(&self) -> [usize; MAX_DICE + 1] {
        std::array::from_fn(|dice| self.buckets[dice].len())
    }

    fn is_empty(&self) -> bool {
        self.buckets.iter().all(|b| b.len() == 0)
    }

    /// Places the buckets' counts one after another, once all are sealed.
    fn lay_out_counts(&mut self) {
        let mut total = 0;
        for dice in dice_order() {
            self.count_start[dice] = total;
            total += self.buckets[dice].count_len;
        }
        self.count_len = total;
    }

    /// Where board `i` with `dice` dice keeps its count for `layer`.
    #[inline(always)]
    pub fn count_position(&self, dice: usize, i: usize, layer: u8) -> usize {
        self.count_start[dice]
            .wrapping_add(self.buckets[dice].count_base[i])
            .wrapping_add(u32::from(layer)) as usize
    }
}

/// Where discovery starts: the start board's class. The start is board 0
/// of its bucket.
#[derive(Clone, Copy, Debug)]
pub struct Start {
    pub pips: usize,
    pub dice: usize,
}

impl Start {
    pub fn of(board: Board) -> Start {
        Start {
            pips: board.pips() as usize,
            dice: board.dice() as usize,
        }
    }
}

/// Discovers every canonical board reachable from `start` within `depth`
/// moves (1 to `u8::MAX`), handing each level to `finished` in order of
/// pips as soon as it is complete. The levels handed on run from the
/// start's up to the first empty one.
#[inline(always)]
pub fn discover<K: Ops>(start: Board, depth: u32, mut finished: impl FnMut(Level)) {
    assert!((1..=u32::from(u8::MAX)).contains(&depth));
    let origin = Start::of(start);
    let mut current = Level::new(origin.pips, [0; MAX_DICE + 1]);
    current.buckets[origin.dice].insert(start.canonical().0, 0, 0);
    let mut next = Level::new(origin.pips + 1, [0; MAX_DICE + 1]);
    while !current.is_empty() {
        assert!(current.pips <= MAX_PIPS, "no board has more than {MAX_PIPS} pips");
        for dice in dice_order() {
            let mut bucket = std::mem::take(&mut current.buckets[dice]);
            bucket.seal();
            // The buckets this one's moves lead to, by kind of move: a plain
            // placement, then captures of 2, 3 and 4 dice.
            let (fewer_dice, _) = current.buckets.split_at_mut(dice);
            let mut fewer_dice = fewer_dice.iter_mut().rev();
            let mut targets = [
                next.buckets.get_mut(dice + 1),
                fewer_dice.next(),
                fewer_dice.next(),
                fewer_dice.next(),
            ];
            let (edges, full_children) = (&mut current.edges, &mut current.full_children);
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
                    let canonical = Board::from_packed(images.least);
                    let captured = placement.captured_count();
                    let kind = captured.saturating_sub(1) as usize;
                    let target = targets[kind]
                        .as_deref_mut()
                        .expect("every move leads to a bucket");
                    let index = target.insert(canonical, child_first, child_last);
                    edges.push(Edge::new(index, captured, images.orientation));
                    inner += 1;
                });
                bucket.inner_moves[i] = inner;
                bucket.full_moves[i] = full;
            }
            current.buckets[dice] = bucket;
        }
        current.lay_out_counts();
        // Level p + 2 is sized like level p, the last whose sizes are known.
        let following = Level::new(next.pips + 1, current.sizes());
        finished(std::mem::replace(
            &mut current,
            std::mem::replace(&mut next, following),
        ));
    }
    finished(current);
}
