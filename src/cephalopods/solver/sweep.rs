//! Pass 2: push path counts along the discovered moves, layer window by
//! layer window, and add up the hashes where paths stop.
//!
//! A path stops on a full board (at any layer) or on any board at the last
//! layer. Boards are visited in the same order as in discovery, so all
//! counts flowing into a board are in place before it is visited, and its
//! moves are read back from its level's move list in order.
//!
//! Counts flow only within a level (captures) or to the next (plain
//! placements), so a level can be counted as soon as it and the next one
//! are discovered, and two arenas, reused level after level, hold every
//! count that is live at once. Each board and layer holds `N` lanes, as
//! folded by [`Folding`].

use super::graph::{Level, Start, dice_order};
use super::kernel::Ops;
use super::lanes::Folding;

/// Counts paths over `levels`, which must come in order of pips from the
/// start's, as [`super::graph::discover`] hands them on. The total is
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
    let (mut this_arena, mut next_arena): (Vec<[u32; N]>, Vec<[u32; N]>) = (Vec::new(), Vec::new());
    this_arena.resize(current.count_len as usize, [0; N]);
    this_arena[current.count_position(start.dice, 0, 0)] = folding.start();

    let mut total = 0u32;
    loop {
        let next = levels.next();
        next_arena.clear();
        next_arena.resize(next.as_ref().map_or(0, |n| n.count_len as usize), [0; N]);
        let mut edges = current.edges.iter();
        let mut full_children = current.full_children.iter();
        for dice in dice_order() {
            let bucket = &current.buckets[dice];
            for i in 0..bucket.len() {
                let (first, last) = (bucket.first[i], bucket.last[i]);
                let offset = current.count_position(dice, i, first);
                if last == depth {
                    let at_depth = &this_arena[offset + usize::from(depth - first)];
                    total = total.wrapping_add(folding.weighted_hash(bucket.boards[i], at_depth));
                }
                if first == depth {
                    continue;
                }
                let moving = offset..offset + usize::from(last.min(depth - 1) - first) + 1;
                for edge in edges.by_ref().take(usize::from(bucket.inner_moves[i])) {
                    let child_dice = edge.child_dice(dice);
                    let order = &folding.gather[edge.orientation()];
                    if edge.is_plain() {
                        let next = next.as_ref().expect("a plain placement leads to the next level");
                        let into = next.count_position(child_dice, edge.child(), first + 1);
                        let targets = &mut next_arena[into..into + moving.len()];
                        for (into, from) in targets.iter_mut().zip(&this_arena[moving.clone()]) {
                            K::add_gathered(into, from, order);
                        }
                    } else {
                        // A capture: the child is in a later bucket of this
                        // level, laid out after the parent's, so the ranges
                        // never overlap.
                        let into = current.count_position(child_dice, edge.child(), first + 1);
                        let (sources, targets) = this_arena.split_at_mut(into);
                        for (into, from) in targets.iter_mut().zip(&sources[moving.clone()]) {
                            K::add_gathered(into, from, order);
                        }
                    }
                }
                if bucket.full_moves[i] > 0 {
                    let mut stopped = [0; N];
                    for layer in &this_arena[moving] {
                        K::add_gathered(&mut stopped, layer, &folding.gather[0]);
                    }
                    for &full in full_children.by_ref().take(usize::from(bucket.full_moves[i])) {
                        total = total.wrapping_add(folding.weighted_hash(full, &stopped));
                    }
                }
            }
        }
        let Some(next) = next else {
            return total;
        };
        current = next;
        std::mem::swap(&mut this_arena, &mut next_arena);
    }
}
