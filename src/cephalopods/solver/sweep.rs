//! Pass 2: push path counts along the discovered moves, layer window by
//! layer window, and add up the hashes where paths stop.
//!
//! A path stops on a full board (at any layer) or on any board at the last
//! layer. Where a board's moves all stop there, because it is first
//! reached at the layer before, discovery keeps its children as reached
//! instead of looking them up, as for full boards. Boards are visited in
//! the same order as in discovery, so all counts flowing into a board are
//! in place before it is visited, and its moves are read back from its
//! level's move list in order.
//!
//! Counts flow only within a level (captures) or to the next (plain
//! placements), so a level can be counted as soon as it and the next one
//! are discovered, and two arenas, reused level after level, hold every
//! count that is live at once. Each board and layer holds `N` lanes, as
//! folded by [`Folding`].

use super::graph::{Edge, Level, MAX_DICE, Start, count_position, dice_order, layer_position};
use super::kernel::Ops;
use super::lanes::Folding;

/// Counts paths over `levels`, which must come in order of pips from the
/// start's, as [`super::graph::Discovery`] hands them on. The total is
/// still to be unfolded.
#[inline(always)]
pub fn sum_final_hashes<K: Ops, const N: usize>(
    mut levels: impl Iterator<Item = Level>,
    start: Start,
    depth: u32,
    folding: &Folding<N>,
) -> u32 {
    let depth = depth as u8;
    let Some(mut current) = levels.next() else {
        return 0;
    };
    let (mut this_arena, mut next_arena) = (Arena::<N>::default(), Arena::<N>::default());
    this_arena.reset(current.count_len);
    *this_arena.lanes_mut(current.count_position(start.dice, 0, 0)) = folding.start();

    let mut total = 0u32;
    loop {
        let next = levels.next();
        next_arena.reset(next.as_ref().map_or(0, |n| n.count_len));
        let mut edges = &current.edges[..];
        let mut final_children = current.final_children.iter();
        for dice in dice_order() {
            let bucket = &current.buckets[dice];
            let targets = Targets::of(&current, next.as_ref(), dice);
            for (entry, &base) in bucket.entries.iter().zip(&bucket.count_base) {
                let (board, first, last) = (entry.board, entry.first(), entry.last());
                let (inner_moves, final_moves) = (entry.inner_moves(), entry.final_moves());
                let offset = layer_position(base, first);
                if last == depth {
                    let at_depth = this_arena.take_lanes(offset + usize::from(depth - first));
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
                    let mut stopped = [0; N];
                    for layer in window.from..window.from + window.len {
                        K::add_gathered(&mut stopped, this_arena.lanes(layer), &folding.gather[0]);
                    }
                    for &child in final_children.by_ref().take(usize::from(final_moves)) {
                        total = total.wrapping_add(folding.weighted_hash(child, &stopped));
                    }
                }
                let (moves, rest) = edges.split_at(usize::from(inner_moves));
                edges = rest;
                push_window::<K, N>(&mut this_arena, &mut next_arena, window, moves, &targets, folding);
            }
        }
        let Some(next) = next else {
            return total;
        };
        current = next;
        std::mem::swap(&mut this_arena, &mut next_arena);
    }
}

/// The counts of one level: `N` lanes for each (board, layer) position,
/// one after another, followed by a block's worth of zeros so that counts
/// can be moved whole blocks of eight `u32`s at a time from any position.
///
/// Counting a level reads each of its counts once, and clears it as it
/// reads it, so that a counted level leaves its arena all zeros, ready for
/// the level after next: clearing whole arenas again, level after level,
/// cost the eight-lane board `1 2 0 / 0 0 0 / 0 0 0` at depth 40 about an
/// eighth of its time.
#[derive(Default)]
struct Arena<const N: usize> {
    counts: Vec<u32>,
}

impl<const N: usize> Arena<N> {
    /// Zero counts for `positions` positions, from an arena that is all
    /// zeros (new, or left so by counting): only new room is cleared.
    fn reset(&mut self, positions: u32) {
        debug_assert!(
            self.counts.iter().all(|&count| count == 0),
            "every count was read"
        );
        self.counts.resize(positions as usize * N + BLOCK, 0);
    }

    fn lanes(&self, position: usize) -> &[u32; N] {
        self.counts[position * N..position * N + N]
            .try_into()
            .expect("N lanes")
    }

    fn lanes_mut(&mut self, position: usize) -> &mut [u32; N] {
        (&mut self.counts[position * N..position * N + N])
            .try_into()
            .expect("N lanes")
    }

    /// The lanes at `position`, cleared in the arena.
    fn take_lanes(&mut self, position: usize) -> [u32; N] {
        std::mem::replace(self.lanes_mut(position), [0; N])
    }

    /// `B` blocks of eight `u32`s from `position` on.
    #[inline(always)]
    fn blocks_mut<const B: usize>(&mut self, position: usize) -> &mut [u32] {
        &mut self.counts[position * N..position * N + B * BLOCK]
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

    /// Where the child of `edge` keeps its count for `layer`, in the arena
    /// of its level.
    #[inline(always)]
    fn position(&self, edge: Edge, layer: u8) -> usize {
        count_position(self.base[edge.kind()], edge.child(), layer)
    }
}

/// The layers of one board that move on: `len` counts from `from` in its
/// level's arena, landing on the children from `child_layer` on.
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
    this: &mut Arena<N>,
    next: &mut Arena<N>,
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
        push::<K, N, MOST_BLOCKS>(this, next, chunk, moves, targets, folding);
        window.from += most_layers;
        window.len -= most_layers;
        window.child_layer += most_layers as u8;
    }
    match (window.len * N).div_ceil(BLOCK) {
        1 => push::<K, N, 1>(this, next, window, moves, targets, folding),
        2 => push::<K, N, 2>(this, next, window, moves, targets, folding),
        3 => push::<K, N, 3>(this, next, window, moves, targets, folding),
        4 => push::<K, N, 4>(this, next, window, moves, targets, folding),
        5 => push::<K, N, 5>(this, next, window, moves, targets, folding),
        6 => push::<K, N, 6>(this, next, window, moves, targets, folding),
        7 => push::<K, N, 7>(this, next, window, moves, targets, folding),
        8 => push::<K, N, 8>(this, next, window, moves, targets, folding),
        _ => unreachable!("a window has 1 to {MOST_BLOCKS} blocks here"),
    }
}

/// `TAIL[r]` keeps the first `r` entries of a block (all eight for 0).
static TAIL: [[u32; BLOCK]; BLOCK] = {
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
};

#[inline(always)]
fn push<K: Ops, const N: usize, const B: usize>(
    this: &mut Arena<N>,
    next: &mut Arena<N>,
    window: Window,
    moves: &[Edge],
    targets: &Targets,
    folding: &Folding<N>,
) {
    // A copy, so that captures can add into the same arena: their children
    // are in later buckets of the level, laid out after the parent's. The
    // copy is whole blocks; what lies past the window is cleared, so that
    // the children's counts past their part of the window gain zero. The
    // window itself is cleared in the arena (see [`Arena`]).
    let tail = &TAIL[window.len * N % BLOCK];
    let mut sources = [[0; BLOCK]; B];
    let blocks = this.blocks_mut::<B>(window.from).chunks_exact_mut(BLOCK);
    for (b, (source, counts)) in sources.iter_mut().zip(blocks).enumerate() {
        let keep = if b + 1 == B { tail } else { &[u32::MAX; BLOCK] };
        *source = K::take_block(counts.try_into().expect("a block"), keep);
    }
    let arenas = [next, this];
    for &edge in moves {
        let into = targets.position(edge, window.child_layer);
        let arena = &mut *arenas[usize::from(edge.kind() != 0)];
        let order = &folding.block_gather[edge.orientation()];
        K::add_blocks(arena.blocks_mut::<B>(into), &sources, order);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cephalopods::board::Board;
    use crate::cephalopods::solver::kernel::Portable;
    use crate::cephalopods::solver::kernel::with_each_kernel;
    use crate::test_rng::XorShift;

    /// A window long enough to be pushed in two whole chunks and a partial
    /// block, along a capture (same arena) and a plain placement (next
    /// arena), against the same moves done one layer at a time.
    fn long_windows_move_layer_by_layer<K: Ops, const N: usize>(start: Board) {
        let folding = Folding::<N>::new(start);
        let mut rng = XorShift::new(0x5eed_1a7e + N as u64);
        let len = 2 * (64 / N) + 3;
        // The parent's window is layers 0..len at positions 0..len; the
        // children's windows start one layer on, at `capture` and `plain`.
        let (capture, plain) = (len + 5, 3);
        let mut this = Arena::<N>::default();
        let mut next = Arena::<N>::default();
        this.reset((capture + len + 2) as u32);
        next.reset((plain + len + 2) as u32);
        for count in this.counts.iter_mut().chain(next.counts.iter_mut()) {
            *count = rng.below(1 << 32) as u32;
        }
        let this_base = [capture as u32 - 1];
        let next_base = [plain as u32 - 1];
        let targets = Targets {
            base: [&next_base, &this_base, &[], &[]],
        };
        let moves = [Edge::new(0, 1, 5), Edge::new(0, 0, 3)];
        let (mut this_expected, mut next_expected) = (this.counts.clone(), next.counts.clone());
        for layer in 0..len {
            let from: [u32; N] = this.counts[layer * N..layer * N + N].try_into().unwrap();
            for (edge, expected) in [(moves[0], &mut this_expected), (moves[1], &mut next_expected)] {
                let at = targets.position(edge, layer as u8 + 1) * N;
                let into: &mut [u32; N] = (&mut expected[at..at + N]).try_into().unwrap();
                Portable::add_gathered(into, &from, &folding.gather[edge.orientation()]);
            }
        }
        let window = Window {
            from: 0,
            len,
            child_layer: 1,
        };
        // The parent's counts are cleared as they are read, and only they.
        this_expected[..len * N].fill(0);
        push_window::<K, N>(&mut this, &mut next, window, &moves, &targets, &folding);
        assert_eq!(this.counts, this_expected, "{N} lanes: this level");
        assert_eq!(next.counts, next_expected, "{N} lanes: next level");
    }

    fn long_windows<K: Ops>() {
        long_windows_move_layer_by_layer::<K, 2>(Board::EMPTY);
        long_windows_move_layer_by_layer::<K, 4>(Board::from_cells([0, 0, 0, 1, 0, 1, 0, 1, 0]));
        long_windows_move_layer_by_layer::<K, 8>(Board::from_cells([1, 2, 0, 0, 0, 0, 0, 0, 0]));
    }

    #[test]
    fn long_windows_move_like_single_layers() {
        with_each_kernel!(long_windows);
    }
}
