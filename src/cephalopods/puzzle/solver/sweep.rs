//! Pass 2: push path counts along the discovered moves, layer window by
//! layer window, and add up the hashes where paths stop.
//!
//! A path stops on a full board (at any layer) or on any board at the last
//! layer. Where a board's moves all stop there, because it is first
//! reached at the layer before, discovery keeps its children as reached
//! instead of looking them up, as for full boards. So it does for a board
//! first reached two layers before the last, whose paths all stop within
//! two moves: the hash is linear in the cells, so the hashes of its
//! grandchildren add up from its children's cell-by-cell sums, which a
//! table gives without making the grandchildren. That spares discovery
//! 36,000 of 259,000 lookups and 12,300 of 85,000 boards in public test
//! 11, and 27,000 of 175,000 and 9,400 of 59,000 in test 12. Those sums
//! need no counts, so in the last levels discovery's thread, done by then,
//! works them out ahead of counting (see `finals`).
//!
//! Boards are visited in the same order as in discovery, so all counts
//! flowing into a board are in place before it is visited, and its moves
//! are read back from its level's move list in order.
//!
//! Counts flow only within a level (captures) or to the next (plain
//! placements), so a level can be counted as soon as it and the next one
//! are discovered, and one arena of counts (see [`Arena`]), reused level
//! after level, holds every count that is live at once. Each board and
//! layer holds `N` lanes, as folded by [`Folding`].

use std::ops::{Deref, DerefMut};

use super::discovery::{Level, MAX_DICE, Start, dice_order, layer_position};
use super::finals::{self, CellSums};
use super::generate::Edge;
use super::kernel::Ops;
use super::lanes::Folding;
use super::options::{CountsIn, SearchOptions};
#[cfg(all(target_os = "linux", target_env = "gnu"))]
use super::zeroed::Zeroed;
use crate::cephalopods::puzzle::CacheAligned;
use crate::cephalopods::puzzle::board::Board;

/// Counts paths over `levels`, which must come in order of pips from the
/// start's, as [`super::discovery::Discovery`] hands them on. The total is
/// still to be unfolded.
#[inline(always)]
pub fn sum_final_hashes<K: Ops, const N: usize>(
    kernel: K,
    levels: impl Iterator<Item = Level>,
    start: Start,
    depth: u32,
    folding: &Folding<N>,
    options: &SearchOptions,
) -> u32 {
    let arena = Arena {
        when_large: options.when_large,
        ..Arena::new(options.counts == CountsIn::OwnMapping)
    };
    count_in(kernel, arena, levels, start, depth, folding)
}

/// [`sum_final_hashes`] with the counts in `arena`, which must be new.
#[inline(always)]
fn count_in<K: Ops, const N: usize>(
    kernel: K,
    mut arena: Arena<N>,
    mut levels: impl Iterator<Item = Level>,
    start: Start,
    depth: u32,
    folding: &Folding<N>,
) -> u32 {
    let depth = depth as u8;
    let Some(mut current) = levels.next() else {
        return 0;
    };
    let mut placed = arena.place(&Placed::NONE, &mut current);
    *arena.lanes_mut(current.count_position(start.dice, 0, 0)) = folding.start();

    let mut total = 0u32;
    loop {
        let mut next = levels.next();
        let next_placed = next.as_mut().map(|next| arena.place(&placed, next));
        let mut edges = &current.edges[..];
        let mut final_children = &current.finals.children[..];
        // Worked out on discovery's thread, where it got there first.
        let mut grandchild_sums = current.finals.take_for_counting().map(<[CellSums]>::iter);
        for dice in dice_order() {
            let bucket = &current.buckets[dice];
            let targets = Targets::of(&current, next.as_ref(), dice);
            for boards in bucket.visit_order.iter().cloned() {
                for (entry, &base) in bucket.entries[boards.clone()]
                    .iter()
                    .zip(&bucket.count_base[boards])
                {
                    let (board, first, last) = (entry.board, entry.first(), entry.last());
                    let (inner_moves, final_moves) = (entry.inner_moves(), entry.final_moves());
                    let offset = layer_position(base, first);
                    if last == depth {
                        let at_depth = arena.take_lanes(offset + usize::from(depth - first));
                        total = total.wrapping_add(folding.weighted_hash(board, &at_depth));
                    }
                    if first == depth {
                        continue;
                    }
                    let window = Window {
                        from: offset,
                        len: usize::from(last.min(depth - 1) - first) + 1,
                        child_layer: first + 1,
                    };
                    if final_moves > 0 {
                        let (children, rest) = final_children.split_at(usize::from(final_moves));
                        final_children = rest;
                        let sums = grandchild_sums.as_mut().and_then(Iterator::next);
                        // Full children stop every path through them, at any
                        // layer; others only at the last.
                        total = total.wrapping_add(if first + 2 == depth && !children[0].is_full() {
                            let one_before = (window.len == 2).then(|| arena.lanes(window.from + 1));
                            let grandchildren = sums
                                .copied()
                                .unwrap_or_else(|| finals::grandchild_sums(kernel, children));
                            stop_within_two(
                                children,
                                grandchildren,
                                arena.lanes(window.from),
                                one_before,
                                folding,
                            )
                        } else {
                            let mut stopped = [0; N];
                            for layer in window.from..window.from + window.len {
                                kernel.add_gathered(&mut stopped, arena.lanes(layer), &folding.gather[0]);
                            }
                            folding.weighted_hashes(children, &stopped)
                        });
                    }
                    let (moves, rest) = edges.split_at(usize::from(inner_moves));
                    edges = rest;
                    push_window(kernel, &mut arena, window, moves, &targets, folding);
                }
            }
            debug_assert!(
                arena.all_read(placed.starts[dice], bucket.count_len),
                "every count was read"
            );
        }
        let (Some(next), Some(next_placed)) = (next, next_placed) else {
            return total;
        };
        current = next;
        placed = next_placed;
    }
}

/// The weighted hashes where the paths through a board first reached two
/// layers before the last stop, given its `children` (none full), their
/// children's cell sums (`grandchildren`) and its counts at that layer
/// (`two_before`) and, where it is reached again, at the next
/// (`one_before`): on its grandchildren, and on its children. The
/// grandchildren are only summed cell by cell, since the hash is linear in
/// the cells: discovery need not look the children up.
#[inline(always)]
fn stop_within_two<const N: usize>(
    children: &[Board],
    grandchildren: CellSums,
    two_before: &[u32; N],
    one_before: Option<&[u32; N]>,
    folding: &Folding<N>,
) -> u32 {
    let on_children = one_before.map_or(0, |counts| folding.weighted_hashes(children, counts));
    on_children.wrapping_add(folding.weighted_cell_sums(&grandchildren.map(u32::from), two_before))
}

/// Where a level's buckets' counts lie in the [`Arena`], by number of dice.
struct Placed {
    starts: [usize; MAX_DICE + 1],
    lens: [usize; MAX_DICE + 1],
}

impl Placed {
    const NONE: Placed = Placed {
        starts: [0; MAX_DICE + 1],
        lens: [0; MAX_DICE + 1],
    };
}

/// Where the buckets of `next`, of `lens` positions by number of dice, go
/// in an arena that holds `current`, and how far up the two reach.
///
/// `current` is counted by dice downwards, and each bucket of `next` is
/// first reached from `current`'s bucket with one die fewer, while
/// `current`'s buckets with fewer dice still are to be read. So `next`'s
/// buckets go in order of dice from the start up, each one above the
/// last and above every bucket of `current` with fewer dice: a bucket may
/// lie over those of `current` with as many dice or more, read and
/// cleared by then. Each level then lies as the one before, from the
/// start up, and the arena holds little more than the most counts live at
/// once, where a ring that placed each level after the last, each bucket
/// in one piece, would leave gaps between the levels.
fn stack(current: &Placed, lens: [usize; MAX_DICE + 1]) -> (Placed, usize) {
    let mut placed = Placed {
        starts: [0; MAX_DICE + 1],
        lens,
    };
    let (mut unread_top, mut top) = (0, 0);
    let buckets = placed.starts.iter_mut().zip(lens);
    for ((start, len), (&current_start, &current_len)) in
        buckets.zip(current.starts.iter().zip(&current.lens))
    {
        if len > 0 {
            *start = unread_top.max(top);
            top = *start + len;
        }
        if current_len > 0 {
            unread_top = unread_top.max(current_start + current_len);
        }
    }
    (placed, top.max(unread_top))
}

/// The counts of the level being counted and of the next, in one buffer:
/// `N` lanes for each (board, layer) position, a bucket's positions one
/// after another, and a block's worth of zeros past the end so that counts
/// can be moved whole blocks of eight `u32`s at a time from any position.
///
/// Counting a bucket reads each of its counts once, and clears it as it
/// reads it: clearing a buffer per level again, level after level, cost
/// the eight-lane board `1 2 0 / 0 0 0 / 0 0 0` at depth 40 about an
/// eighth of its time. So a bucket once counted leaves zeros where the
/// next level's buckets can go, and every level's buckets lie in order of
/// dice from the arena's start up (see [`stack`]): a level is counted
/// from the top down, and the next one fills the room it leaves, so that
/// the arena holds little more than the most counts live at once.
/// Memory touched for the first time is dear: a page fault per 4 KiB, or
/// a whole huge page to clear.
///
/// The counts start on a cache line (`skew` entries into the buffer), so
/// that with eight lanes, where a position is a block of eight `u32`s, no
/// block ever straddles two lines. The heap aligns to 16 bytes only, and
/// where it put the counts 16 bytes off a multiple of 32, half the blocks
/// would straddle, each read and write of them touching two lines. On the
/// heap the buffer stays a plain `Vec<u32>`, skewed by hand: a `Vec` of a
/// type aligned to 64 bytes is served another way by the allocator, which
/// moves the tables discovery allocates after it. Mapped on its own (see
/// [`Storage`]), it starts on a huge page, and so on a line.
#[derive(Default)]
struct Arena<const N: usize> {
    storage: Storage,
    /// Whether the arena moves out of its first room into memory mapped
    /// for it alone, where it can (see [`Storage`]).
    #[cfg_attr(not(all(target_os = "linux", target_env = "gnu")), allow(dead_code))]
    may_map: bool,
    /// Called once the arena outgrows its first room: the search has
    /// proved large (see [`SearchOptions::when_large`]).
    when_large: Option<fn()>,
    /// Where position 0 starts in the counts: fewer than [`LINE`] entries
    /// in.
    skew: usize,
    /// Positions in the arena.
    capacity: usize,
}

/// How many bytes of counts an arena reserves ahead, once it outgrows
/// [`FIRST_ROOM`]. Only what it uses is ever touched, so reserving costs
/// address space, not memory. Growing past its allocation moves the whole
/// arena to memory touched for the first time, copying every count, and a
/// buffer that doubled its way up would do so a dozen times in a deep
/// search. On the heap, tables allocated after the move begin past the
/// room; mapped for the arena alone (see [`Storage`]), the room leaves the
/// heap as it was.
const ARENA_ROOM: usize = 16 << 20;

/// How many bytes of counts an arena holds before it reserves [`ARENA_ROOM`]:
/// more than small searches (those under a millisecond) use. Reserved at
/// once, the room would leave a hole in the heap, and every later table
/// would begin past it, on memory of its own: a small search would touch
/// fresh pages for nothing. Outgrowing this room is also what tells that a
/// search is large (see [`SearchOptions::when_large`]).
const FIRST_ROOM: usize = 64 << 10;

/// How many counts fill a cache line.
const LINE: usize = 64 / size_of::<u32>();

/// Where an [`Arena`] keeps its counts: on the heap, in its first room, and
/// once it outgrows that (in searches of a millisecond or more), either
/// still on the heap or, where the process asks for it
/// ([`super::CountsIn::OwnMapping`]) on Linux with glibc, in memory mapped for
/// it alone. There its room comes from the kernel as zeros, so growing it
/// writes nothing, where the heap's room is cleared twice, by the kernel
/// and by the arena. Small searches keep to the heap, whose memory they
/// reuse, instead of mapping and unmapping memory of their own.
enum Storage {
    Heap(Vec<u32>),
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    Mapped(Zeroed),
}

impl Default for Storage {
    fn default() -> Storage {
        Storage::Heap(Vec::new())
    }
}

impl Storage {
    /// How many counts fit without the buffer moving.
    fn capacity(&self) -> usize {
        match self {
            Storage::Heap(counts) => counts.capacity(),
            #[cfg(all(target_os = "linux", target_env = "gnu"))]
            Storage::Mapped(counts) => counts.capacity(),
        }
    }
}

impl Deref for Storage {
    type Target = [u32];

    #[inline(always)]
    fn deref(&self) -> &[u32] {
        match self {
            Storage::Heap(counts) => counts,
            #[cfg(all(target_os = "linux", target_env = "gnu"))]
            Storage::Mapped(counts) => counts,
        }
    }
}

impl DerefMut for Storage {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [u32] {
        match self {
            Storage::Heap(counts) => counts,
            #[cfg(all(target_os = "linux", target_env = "gnu"))]
            Storage::Mapped(counts) => counts,
        }
    }
}

impl<const N: usize> Arena<N> {
    /// An arena that starts in its first room on the heap, and leaves the
    /// heap when it outgrows that if `may_map`.
    fn new(may_map: bool) -> Arena<N> {
        let counts = Vec::with_capacity(FIRST_ROOM / size_of::<u32>());
        Arena {
            skew: Self::line_skew(&counts),
            storage: Storage::Heap(counts),
            may_map,
            ..Arena::default()
        }
    }

    /// Places the buckets of `next` where their counts are all zeros by
    /// the time the first moves reach them, and moves the buckets' count
    /// bases there. Grows the arena where it is too small.
    fn place(&mut self, current: &Placed, next: &mut Level) -> Placed {
        let lens = std::array::from_fn(|dice| next.buckets[dice].count_len as usize);
        let (placed, top) = stack(current, lens);
        if top > self.capacity {
            self.capacity = top;
            let len = self.capacity * N + BLOCK;
            let room = ARENA_ROOM / size_of::<u32>();
            if len + LINE > self.storage.capacity() && self.storage.capacity() < room {
                self.move_to_room(room.max(len + LINE));
            }
            self.grow_to(len);
        }
        for (bucket, &start) in next.buckets.iter_mut().zip(&placed.starts) {
            for base in &mut bucket.count_base {
                *base = base.wrapping_add(start as u32);
            }
        }
        placed
    }

    /// Where position 0 starts in `counts`: the skew, known to be 0 at
    /// compile time with fewer than eight lanes.
    #[inline(always)]
    fn origin(&self) -> usize {
        if Self::SKEWED { self.skew } else { 0 }
    }

    /// Where the counts of `position` start in `counts`.
    #[inline(always)]
    fn offset(&self, position: usize) -> usize {
        self.origin() + position * N
    }

    /// Whether the counts are skewed onto a cache line: with eight lanes.
    /// With fewer, blocks start every 8 or 16 bytes, so the same share of
    /// them straddles two lines wherever the counts start, and the hot
    /// loops are spared adding the skew.
    const SKEWED: bool = N == BLOCK;

    /// How many entries into `counts` the first on a cache line is (0
    /// where the counts are not skewed).
    fn line_skew(counts: &[u32]) -> usize {
        if !Self::SKEWED {
            return 0;
        }
        let misaligned = counts.as_ptr() as usize / size_of::<u32>() % LINE;
        (LINE - misaligned) % LINE
    }

    /// Out of the first room into the whole one, of `len` counts: the one
    /// move. Into memory mapped for the arena alone where it can (see
    /// [`Storage`]), and reserved on the heap where it cannot. Past the
    /// whole room, the arena grows as any `Vec` does.
    fn move_to_room(&mut self, len: usize) {
        if let Some(when_large) = self.when_large.take() {
            when_large();
        }
        match &mut self.storage {
            Storage::Heap(counts) => {
                #[cfg(all(target_os = "linux", target_env = "gnu"))]
                if self.may_map
                    && let Some(mut mapped) = Zeroed::with_capacity(len)
                {
                    let used = counts.get(self.skew..).unwrap_or_default();
                    mapped
                        .grow_to(used.len())
                        .expect("the new mapping holds the counts");
                    mapped.copy_from_slice(used);
                    self.storage = Storage::Mapped(mapped);
                    // A mapping starts on a huge page, and so on a line.
                    self.skew = 0;
                    return;
                }
                counts.reserve_exact(len - counts.len());
            }
            #[cfg(all(target_os = "linux", target_env = "gnu"))]
            Storage::Mapped(_) => {}
        }
    }

    /// Makes room for `len` counts from the skew on, the new ones zeros,
    /// and moves the counts there are onto a cache line again if the
    /// buffer moved.
    fn grow_to(&mut self, len: usize) {
        match &mut self.storage {
            Storage::Heap(counts) => Self::grow_on_heap(counts, &mut self.skew, len),
            #[cfg(all(target_os = "linux", target_env = "gnu"))]
            Storage::Mapped(counts) => {
                if counts.grow_to(len).is_none() {
                    // No larger mapping to be had: on to the heap, whose
                    // allocator reports what it cannot serve (the binary
                    // turns that into a clear error).
                    let mut heap = Vec::with_capacity(LINE + len);
                    heap.extend_from_slice(counts);
                    self.storage = Storage::Heap(heap);
                    self.skew = 0;
                    self.grow_to(len);
                }
            }
        }
    }

    /// [`Self::grow_to`] for `counts` on the heap, skewed by `skew`.
    fn grow_on_heap(counts: &mut Vec<u32>, skew: &mut usize, len: usize) {
        let used = counts.len().saturating_sub(*skew);
        debug_assert!(used <= len);
        // Room for any skew: then moving the counts never reallocates.
        counts.reserve(LINE + len - counts.len());
        let on_a_line = Self::line_skew(counts);
        if on_a_line != *skew {
            counts.resize(on_a_line.max(*skew) + used, 0);
            counts.copy_within(*skew..*skew + used, on_a_line);
            // What lies past the moved counts is a stale copy of them.
            counts.truncate(on_a_line + used);
            *skew = on_a_line;
        }
        counts.resize(*skew + len, 0);
    }

    /// Whether the `len` positions from `start` on are all zeros.
    fn all_read(&self, start: usize, len: u32) -> bool {
        let from = self.offset(start);
        self.storage[from..from + len as usize * N]
            .iter()
            .all(|&count| count == 0)
    }

    fn lanes(&self, position: usize) -> &[u32; N] {
        let from = self.offset(position);
        self.storage[from..from + N].try_into().expect("N lanes")
    }

    fn lanes_mut(&mut self, position: usize) -> &mut [u32; N] {
        let from = self.offset(position);
        (&mut self.storage[from..from + N]).try_into().expect("N lanes")
    }

    /// The lanes at `position`, cleared.
    fn take_lanes(&mut self, position: usize) -> [u32; N] {
        std::mem::replace(self.lanes_mut(position), [0; N])
    }

    /// `B` blocks of eight `u32`s from `position` on.
    #[inline(always)]
    fn blocks_mut<const B: usize>(&mut self, position: usize) -> &mut [u32] {
        let from = self.offset(position);
        &mut self.storage[from..from + B * BLOCK]
    }

    /// [`Self::blocks_mut`] for the counts of a child that a window of
    /// `B` blocks moves into, unchecked.
    ///
    /// # Safety
    /// The child's window must hold at least `(B - 1) * BLOCK / N + 1`
    /// positions from `position` on, and its bucket must have been placed
    /// in this arena: the blocks then end at most `BLOCK - 1` counts past
    /// the window, in the arena or in the spare block past its end.
    #[inline(always)]
    unsafe fn child_blocks_mut<const B: usize>(&mut self, position: usize) -> &mut [u32] {
        let from = self.offset(position);
        let counts = &mut *self.storage;
        debug_assert!(from + B * BLOCK <= counts.len());
        // SAFETY: by the caller's promise, as above.
        unsafe { counts.get_unchecked_mut(from..from + B * BLOCK) }
    }
}

/// Counts move in blocks of this many `u32`s: one AVX2 register.
const BLOCK: usize = 8;

/// Where one bucket's moves put their counts, by kind of move (see
/// [`Edge::kind`]): a plain placement leads to the next level and one die
/// more, a capture of `k + 1` dice to this level and `k` dice fewer.
struct Targets<'a> {
    base: [&'a [u32]; 4],
}

impl<'a> Targets<'a> {
    fn of(current: &'a Level, next: Option<&'a Level>, dice: usize) -> Targets<'a> {
        let mut targets = Targets { base: [&[]; 4] };
        if let Some(next) = next.filter(|_| dice < MAX_DICE) {
            targets.base[0] = &next.buckets[dice + 1].count_base;
        }
        for kind in 1..4 {
            if let Some(child_dice) = dice.checked_sub(kind) {
                targets.base[kind] = &current.buckets[child_dice].count_base;
            }
        }
        targets
    }

    /// Where the child of `edge` keeps its count for `layer`, in the arena.
    #[inline(always)]
    fn position(&self, edge: Edge, layer: u8) -> usize {
        let bases = self.base[edge.kind()];
        debug_assert!(edge.child() < bases.len(), "{edge:?} leads out of its bucket");
        // SAFETY: every edge of a level was recorded by discovery with the
        // index that looking its child up in the bucket of its kind gave,
        // and `of` picks that bucket for the kind, as discovery did; a
        // bucket has a count base per board. Unchecked here and in the
        // blocks that `push` adds into, as these are counting's innermost
        // loads.
        layer_position(unsafe { *bases.get_unchecked(edge.child()) }, layer)
    }
}

/// The layers of one board that move on: `len` counts from `from` in the
/// arena, landing on the children from `child_layer` on.
#[derive(Clone, Copy)]
struct Window {
    from: usize,
    len: usize,
    child_layer: u8,
}

/// Pushes a board's counts along its moves, a block of eight `u32`s
/// (`8 / N` layers) at a time. Every move of a board moves the same number
/// of blocks, so that number is dispatched on once per board, to a loop
/// whose length is a constant: a loop of varying length per move
/// mispredicts its exit at almost every move.
#[inline(always)]
fn push_window<K: Ops, const N: usize>(
    kernel: K,
    arena: &mut Arena<N>,
    mut window: Window,
    moves: &[Edge],
    targets: &Targets,
    folding: &Folding<N>,
) {
    const MOST_BLOCKS: usize = 8;
    let most_layers = MOST_BLOCKS * BLOCK / N;
    while window.len > most_layers {
        let chunk = Window {
            len: most_layers,
            ..window
        };
        push::<K, N, MOST_BLOCKS>(kernel, arena, chunk, moves, targets, folding);
        window.from += most_layers;
        window.len -= most_layers;
        window.child_layer += most_layers as u8;
    }
    match (window.len * N).div_ceil(BLOCK) {
        1 => push::<K, N, 1>(kernel, arena, window, moves, targets, folding),
        2 => push::<K, N, 2>(kernel, arena, window, moves, targets, folding),
        3 => push::<K, N, 3>(kernel, arena, window, moves, targets, folding),
        4 => push::<K, N, 4>(kernel, arena, window, moves, targets, folding),
        5 => push::<K, N, 5>(kernel, arena, window, moves, targets, folding),
        6 => push::<K, N, 6>(kernel, arena, window, moves, targets, folding),
        7 => push::<K, N, 7>(kernel, arena, window, moves, targets, folding),
        8 => push::<K, N, 8>(kernel, arena, window, moves, targets, folding),
        _ => unreachable!("a window has 1 to {MOST_BLOCKS} blocks here"),
    }
}

/// `TAIL[r]` keeps the first `r` entries of a block (all eight for 0).
static TAIL: CacheAligned<[[u32; BLOCK]; BLOCK]> = CacheAligned({
    let mut masks = [[0; BLOCK]; BLOCK];
    let mut r = 0;
    while r < BLOCK {
        let mut m = 0;
        while m < BLOCK {
            masks[r][m] = if r == 0 || m < r { u32::MAX } else { 0 };
            m += 1;
        }
        r += 1;
    }
    masks
});

#[inline(always)]
fn push<K: Ops, const N: usize, const B: usize>(
    kernel: K,
    arena: &mut Arena<N>,
    window: Window,
    moves: &[Edge],
    targets: &Targets,
    folding: &Folding<N>,
) {
    // A copy, whole blocks at a time; what lies past the window is cleared,
    // so that the children's counts past their part of the window gain
    // zero. The window itself is cleared in the arena (see [`Arena`]).
    let tail = &TAIL[window.len * N % BLOCK];
    let mut sources = [[0; BLOCK]; B];
    let blocks = arena.blocks_mut::<B>(window.from).chunks_exact_mut(BLOCK);
    for (b, (source, counts)) in sources.iter_mut().zip(blocks).enumerate() {
        let keep = if b + 1 == B { tail } else { &[u32::MAX; BLOCK] };
        *source = kernel.take_block(counts.try_into().expect("a block"), keep);
    }
    for &edge in moves {
        let into = targets.position(edge, window.child_layer);
        let order = &folding.block_gather[edge.orientation()];
        // SAFETY: a child's window holds its parent's, one layer on
        // (discovery widens it so), and so at least `window.len` positions
        // from `into`, which this window's `B` blocks cover with less than
        // a block to spare; every bucket of this level and the next was
        // placed in the arena before counting.
        let into = unsafe { arena.child_blocks_mut::<B>(into) };
        kernel.add_blocks(into, &sources, order);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cephalopods::puzzle::board::Board;
    use crate::cephalopods::puzzle::solver::discovery::Discovery;
    use crate::cephalopods::puzzle::solver::kernel::Portable;
    use crate::cephalopods::puzzle::solver::kernel::with_each_kernel;
    use crate::test_rng::XorShift;

    /// A window long enough to be pushed in two whole chunks and a partial
    /// block, along a capture and a plain placement, against the same moves
    /// done one layer at a time.
    fn long_windows_move_layer_by_layer<K: Ops, const N: usize>(kernel: K, start: Board) {
        let folding = Folding::<N>::new(start);
        let mut rng = XorShift::new(0x5eed_1a7e + N as u64);
        let len = 2 * (64 / N) + 3;
        // The parent's window is layers 0..len at positions 0..len; the
        // children's windows start one layer on, at `capture` and `plain`.
        let (capture, plain) = (len + 5, 2 * len + 9);
        let mut arena = Arena::<N>::default();
        arena.capacity = plain + len + 2;
        arena.storage = Storage::Heap(
            (0..arena.capacity * N + BLOCK)
                .map(|_| rng.below(1 << 32) as u32)
                .collect(),
        );
        let capture_base = [capture as u32 - 1];
        let plain_base = [plain as u32 - 1];
        let targets = Targets {
            base: [&plain_base, &capture_base, &[], &[]],
        };
        let moves = [Edge::new(0, 1, 5), Edge::new(0, 0, 3)];
        let mut expected = arena.storage.to_vec();
        for layer in 0..len {
            let from: [u32; N] = arena.storage[layer * N..layer * N + N].try_into().unwrap();
            for edge in moves {
                let at = targets.position(edge, layer as u8 + 1) * N;
                let into: &mut [u32; N] = (&mut expected[at..at + N]).try_into().unwrap();
                Portable.add_gathered(into, &from, &folding.gather[edge.orientation()]);
            }
        }
        let window = Window {
            from: 0,
            len,
            child_layer: 1,
        };
        // The parent's counts are cleared as they are read, and only they.
        expected[..len * N].fill(0);
        push_window(kernel, &mut arena, window, &moves, &targets, &folding);
        assert_eq!(*arena.storage, expected, "{N} lanes");
    }

    /// Each level's buckets are placed where nothing still to be read lies
    /// when their first counts arrive, over levels that grow, shrink and
    /// skip dice counts, and every count lands where its bucket's count
    /// bases say. The arena moves once, out of its first room (into a
    /// mapping of its own on Linux, or on the heap), and then grows within
    /// its room.
    #[test]
    fn the_arena_never_places_a_bucket_over_live_counts() {
        never_over_live_counts(Arena::new(true));
        never_over_live_counts(Arena::new(false));
    }

    fn never_over_live_counts(mut arena: Arena<2>) {
        let mut rng = XorShift::new(0x7269_6e67);
        let mut capacity = arena.storage.capacity();
        let mut reallocations = 0;
        let mut current = Placed::NONE;
        for level in 0..60 {
            let scale = 1 + (30 - (level as i64 - 30).abs()) as u64 * 100;
            let lens: [usize; MAX_DICE + 1] = std::array::from_fn(|_| match rng.below(4) {
                0 => 0,
                _ => rng.below(scale) as usize + 1,
            });
            let mut next = Level::with_counts(lens);
            let placed = arena.place(&current, &mut next);
            for (dice, &expected_len) in lens.iter().enumerate() {
                let (start, len) = (placed.starts[dice], placed.lens[dice]);
                assert_eq!(len, expected_len);
                assert!(len == 0 || start + len <= arena.capacity, "level {level}");
                assert_eq!(
                    next.buckets[dice].count_base.first().copied(),
                    (len > 0).then_some(start as u32),
                    "level {level}: bases moved to the bucket's place"
                );
                // First reached while `current`'s buckets with fewer dice
                // are still to be read; `next`'s own never overlap.
                for other in 0..=MAX_DICE {
                    let taken = if other < dice {
                        (current.starts[other], current.lens[other])
                    } else if other > dice {
                        (placed.starts[other], placed.lens[other])
                    } else {
                        continue;
                    };
                    let overlap =
                        len > 0 && taken.1 > 0 && start < taken.0 + taken.1 && taken.0 < start + len;
                    assert!(!overlap, "level {level}: bucket {dice} over {other}");
                }
            }
            if arena.storage.capacity() != capacity {
                reallocations += 1;
                capacity = arena.storage.capacity();
                assert_eq!(reallocations, 1, "level {level}: the arena reallocated again");
                assert!(capacity * size_of::<u32>() >= ARENA_ROOM);
            }
            current = placed;
        }
        assert_eq!(reallocations, 1, "the levels outgrow the first room");
        let mapped = !matches!(arena.storage, Storage::Heap(_));
        assert_eq!(
            mapped,
            arena.may_map && cfg!(all(target_os = "linux", target_env = "gnu"))
        );
    }

    /// A level of as many counts as the one before, bucket by bucket, goes
    /// where that one lay: each bucket over the one it replaces, read by
    /// the time it is first reached. The arena never grows past one level.
    #[test]
    fn levels_of_one_shape_take_the_room_of_one() {
        let lens = [0, 3, 40, 7, 90, 0, 15, 1, 2, 5];
        let mut arena = Arena::<2>::new(false);
        let first = arena.place(&Placed::NONE, &mut Level::with_counts(lens));
        let mut current = first;
        for level in 1..10 {
            let placed = arena.place(&current, &mut Level::with_counts(lens));
            assert_eq!(placed.starts, current.starts, "level {level}");
            current = placed;
        }
        assert_eq!(arena.capacity, lens.iter().sum::<usize>());
    }

    /// Past its whole room the arena still grows to what each level needs,
    /// but reallocates only as often as a `Vec` that doubles: a
    /// reallocation may copy every live count.
    #[test]
    fn an_arena_past_its_room_reallocates_rarely() {
        reallocates_rarely(Arena::new(true));
        reallocates_rarely(Arena::new(false));
    }

    fn reallocates_rarely(mut arena: Arena<2>) {
        let mut capacity = arena.storage.capacity();
        let mut reallocations = 0;
        let mut current = Placed::NONE;
        let mut len = 1_000;
        while size_of_val(&*arena.storage) < 3 * ARENA_ROOM {
            let lens = std::array::from_fn(|dice| if dice == 4 { len } else { 0 });
            current = arena.place(&current, &mut Level::with_counts(lens));
            if arena.storage.capacity() != capacity {
                reallocations += 1;
                capacity = arena.storage.capacity();
            }
            len += len / 8;
        }
        // Out of the first room, then from 16 MiB to 32 and to 64.
        assert!(reallocations <= 3, "{reallocations} reallocations");
    }

    /// Eight lanes' counts that lie off a cache line, as when the buffer
    /// moves, are moved back onto one as the arena grows: whole, with zeros
    /// after them and nothing stale.
    #[test]
    fn eight_lane_counts_are_moved_back_onto_a_cache_line() {
        let values: Vec<u32> = (1..=100).collect();
        for off in [1, 5, LINE - 1] {
            let mut arena = Arena::<8>::new(false);
            arena.grow_to(values.len());
            let on_a_line = arena.skew;
            let skew = (on_a_line + off) % LINE;
            arena.skew = skew;
            let counts = on_the_heap(&mut arena);
            counts.clear();
            counts.resize(skew, 7);
            counts.extend_from_slice(&values);
            arena.grow_to(1_000);
            let at = arena.skew;
            let counts = &*arena.storage;
            assert_eq!(at, on_a_line, "off by {off}");
            assert_eq!((counts.as_ptr() as usize / size_of::<u32>() + at) % LINE, 0);
            assert_eq!(counts.len(), at + 1_000);
            assert_eq!(counts[at..at + values.len()], values[..], "off by {off}");
            assert!(counts[at + values.len()..].iter().all(|&count| count == 0));
        }
    }

    /// The counts come out the same whether the arena moves into a mapping
    /// of its own or stays on the heap, on searches with two, four and
    /// eight lanes that outgrow the first room.
    #[test]
    fn an_arena_on_the_heap_counts_as_a_mapped_one() {
        fn both<const N: usize>(cells: [u8; 9], depth: u32) {
            let board = Board::from_cells(cells);
            let folding = Folding::<N>::new(board);
            let count = |arena| {
                let levels = Discovery::<_>::new(Portable, board, depth);
                count_in(Portable, arena, levels, Start::of(board), depth, &folding)
            };
            assert_eq!(count(Arena::new(true)), count(Arena::new(false)), "{board:?}");
        }
        both::<2>([0; 9], 16);
        both::<4>([0, 0, 0, 1, 0, 1, 0, 1, 0], 16);
        both::<8>([1, 2, 0, 0, 0, 0, 0, 0, 0], 16);
    }

    /// Sums worked out on discovery's thread (see `finals`) count as those
    /// counting works out itself: for every level, or every other.
    fn sums_worked_out_elsewhere_count_alike<K: Ops>(kernel: K) {
        fn with<K: Ops, const N: usize>(kernel: K, cells: [u8; 9], depth: u32) {
            let board = Board::from_cells(cells);
            let folding = Folding::<N>::new(board);
            let count = |worked_out: fn(usize) -> bool| {
                let levels = Discovery::<K>::new(kernel, board, depth)
                    .enumerate()
                    .map(|(i, level)| {
                        if worked_out(i) {
                            assert!(level.finals.work_out(kernel));
                        }
                        level
                    });
                sum_final_hashes(
                    kernel,
                    levels,
                    Start::of(board),
                    depth,
                    &folding,
                    &SearchOptions::default(),
                )
            };
            let alone = count(|_| false);
            assert_eq!(count(|_| true), alone, "{board:?} depth {depth}");
            assert_eq!(count(|i| i % 2 == 1), alone, "{board:?} depth {depth}");
        }
        for depth in [1, 2, 3, 9, 16] {
            with::<K, 2>(kernel, [0; 9], depth);
            with::<K, 4>(kernel, [0, 0, 0, 1, 0, 1, 0, 1, 0], depth);
            with::<K, 8>(kernel, [1, 2, 0, 0, 0, 0, 0, 0, 0], depth);
            with::<K, 8>(kernel, [0, 5, 1, 0, 0, 0, 4, 0, 1], depth);
        }
    }

    #[test]
    fn sums_worked_out_on_discoverys_thread_count_alike() {
        with_each_kernel!(sums_worked_out_elsewhere_count_alike);
    }

    /// The counts of an arena that is on the heap.
    fn on_the_heap<const N: usize>(arena: &mut Arena<N>) -> &mut Vec<u32> {
        match &mut arena.storage {
            Storage::Heap(counts) => counts,
            #[cfg(all(target_os = "linux", target_env = "gnu"))]
            Storage::Mapped(_) => unreachable!("an arena on the heap"),
        }
    }

    /// Eight lanes' counts, off a cache line or on one on the heap, come
    /// into the mapping whole, on a line, with zeros after them.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[test]
    fn eight_lane_counts_move_into_the_mapping_whole() {
        let values: Vec<u32> = (1..=96).collect();
        for skew in [0, 4, 8, 12] {
            let mut arena = Arena::<8>::new(true);
            arena.skew = skew;
            let counts = on_the_heap(&mut arena);
            counts.clear();
            counts.resize(skew, 7);
            counts.extend_from_slice(&values);
            arena.move_to_room(ARENA_ROOM / size_of::<u32>());
            assert!(matches!(arena.storage, Storage::Mapped(_)), "skew {skew}");
            assert_eq!(arena.skew, 0, "skew {skew}");
            arena.grow_to(1_000);
            let counts = &*arena.storage;
            assert_eq!(counts.as_ptr() as usize % 64, 0);
            assert_eq!(counts.len(), 1_000);
            for position in 0..values.len() / 8 {
                let expected: [u32; 8] = values[position * 8..][..8].try_into().unwrap();
                assert_eq!(arena.lanes(position), &expected, "skew {skew}");
            }
            assert!(counts[values.len()..].iter().all(|&count| count == 0));
        }
    }

    fn long_windows<K: Ops>(kernel: K) {
        long_windows_move_layer_by_layer::<K, 2>(kernel, Board::EMPTY);
        long_windows_move_layer_by_layer::<K, 4>(kernel, Board::from_cells([0, 0, 0, 1, 0, 1, 0, 1, 0]));
        long_windows_move_layer_by_layer::<K, 8>(kernel, Board::from_cells([1, 2, 0, 0, 0, 0, 0, 0, 0]));
    }

    #[test]
    fn long_windows_move_like_single_layers() {
        with_each_kernel!(long_windows);
    }
}
