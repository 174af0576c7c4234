//! Pass 2: push path counts along the discovered moves, layer window by
//! layer window, and add up the hashes where paths stop.
//!
//! A path stops on a full board (at any layer) or on any board at the last
//! layer. Boards are visited in the same topological order as in discovery,
//! so all counts flowing into a board are in place before it is visited, and
//! its moves are read back from the edge list in order.
//!
//! Counts flow only within a pip level (captures) or to the next (plain
//! placements), so two arenas, reused level after level, hold every count
//! that is live at once.

use super::graph::{Graph, level, levels};
use super::lanes::{self, Lanes};

/// The counts of one pip level: each bucket's counts start at `bucket_start`.
#[derive(Default)]
struct LevelCounts {
    bucket_start: Vec<(usize, u32)>,
    lanes: Vec<Lanes>,
}

impl LevelCounts {
    /// Lays out and zeroes the counts of level `pips`, reusing the memory.
    fn reset(&mut self, graph: &Graph, pips: usize) {
        self.bucket_start.clear();
        let mut total = 0u32;
        for b in level(pips) {
            self.bucket_start.push((b, total));
            total += graph.buckets[b].count_len;
        }
        self.lanes.clear();
        self.lanes.resize(total as usize, [0; 8]);
    }

    fn start_of(&self, bucket: usize) -> usize {
        let &(_, start) = self
            .bucket_start
            .iter()
            .find(|(b, _)| *b == bucket)
            .expect("bucket of this level");
        start as usize
    }
}

pub fn sum_final_hashes(graph: &Graph, depth: u32) -> u32 {
    let depth = depth as u8;
    let buckets = &graph.buckets;
    let (mut this_level, mut next_level) = (LevelCounts::default(), LevelCounts::default());
    let start_pips = graph.start_bucket / super::graph::bucket_of(1, 0);
    this_level.reset(graph, start_pips);
    let start = this_level.start_of(graph.start_bucket);
    this_level.lanes[start] = lanes::start(graph.start_orientation);

    let mut edges = graph.edges.iter();
    let mut full_children = graph.full_children.iter();
    let mut total = 0u32;
    for pips in levels().skip(start_pips) {
        next_level.reset(graph, pips + 1);
        for b in level(pips) {
            let bucket = &buckets[b];
            if bucket.len() == 0 {
                continue;
            }
            let own_start = this_level.start_of(b);
            for i in 0..bucket.len() {
                let (first, last) = (bucket.first[i], bucket.last[i]);
                let offset = own_start + bucket.count_offsets[i] as usize;
                let window = offset..=offset + usize::from(last - first);
                if last == depth {
                    let at_depth = &this_level.lanes[offset + usize::from(depth - first)];
                    total = total.wrapping_add(lanes::weighted_hash(bucket.boards[i], at_depth));
                }
                if first == depth {
                    continue;
                }
                let moving = *window.start()..offset + usize::from(last.min(depth - 1) - first) + 1;
                for edge in edges.by_ref().take(usize::from(bucket.inner_moves[i])) {
                    let child_bucket = edge.child_bucket(b);
                    let child = edge.child();
                    let child_first = buckets[child_bucket].first[child];
                    let child_offset = buckets[child_bucket].count_offsets[child] as usize
                        + usize::from(first + 1 - child_first);
                    let orientation = edge.orientation();
                    if child_bucket > b {
                        let into = next_level.start_of(child_bucket) + child_offset;
                        let targets = &mut next_level.lanes[into..into + moving.len()];
                        for (into, from) in targets.iter_mut().zip(&this_level.lanes[moving.clone()]) {
                            lanes::add_gathered(into, from, orientation);
                        }
                    } else {
                        // A capture: the child is in this level, in a bucket
                        // after the parent's, so the ranges never overlap.
                        let into = this_level.start_of(child_bucket) + child_offset;
                        for k in 0..moving.len() {
                            let from = this_level.lanes[moving.start + k];
                            lanes::add_gathered(&mut this_level.lanes[into + k], &from, orientation);
                        }
                    }
                }
                if bucket.full_moves[i] > 0 {
                    let mut stopped: Lanes = [0; 8];
                    for layer in &this_level.lanes[moving] {
                        lanes::add_gathered(&mut stopped, layer, 0);
                    }
                    for &full in full_children.by_ref().take(usize::from(bucket.full_moves[i])) {
                        total = total.wrapping_add(lanes::weighted_hash(full, &stopped));
                    }
                }
            }
        }
        std::mem::swap(&mut this_level, &mut next_level);
    }
    total
}
