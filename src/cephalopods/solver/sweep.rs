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

use super::graph::{BUCKETS_LEN, Graph, bucket_of, level, levels};
use super::kernel::Ops;
use super::lanes::{self, Lanes};

/// The counts of one pip level, bucket after bucket.
struct LevelCounts {
    /// Where each bucket of this level starts in `lanes`.
    bucket_start: Vec<u32>,
    lanes: Vec<Lanes>,
}

impl LevelCounts {
    fn new() -> LevelCounts {
        LevelCounts {
            bucket_start: vec![0; BUCKETS_LEN],
            lanes: Vec::new(),
        }
    }

    /// Lays out and zeroes the counts of level `pips`, reusing the memory.
    fn reset(&mut self, graph: &Graph, pips: usize) {
        let mut total = 0u32;
        for b in level(pips) {
            self.bucket_start[b] = total;
            total += graph.buckets[b].count_len;
        }
        self.lanes.clear();
        self.lanes.resize(total as usize, [0; 8]);
    }

    /// Where board `i` of bucket `b` keeps its count for layer `first`.
    fn position(&self, graph: &Graph, b: usize, i: usize, first: u8) -> usize {
        self.bucket_start[b]
            .wrapping_add(graph.buckets[b].count_base[i])
            .wrapping_add(u32::from(first)) as usize
    }
}

#[inline(always)]
pub fn sum_final_hashes<K: Ops>(graph: &Graph, depth: u32) -> u32 {
    let depth = depth as u8;
    let buckets = &graph.buckets;
    let (mut this_level, mut next_level) = (LevelCounts::new(), LevelCounts::new());
    let start_pips = graph.start_bucket / bucket_of(1, 0);
    this_level.reset(graph, start_pips);
    let start = this_level.position(graph, graph.start_bucket, 0, 0);
    this_level.lanes[start] = lanes::start(graph.start_orientation);

    let mut edges = graph.edges.iter();
    let mut full_children = graph.full_children.iter();
    let mut total = 0u32;
    for pips in levels().skip(start_pips) {
        next_level.reset(graph, pips + 1);
        for b in level(pips) {
            let bucket = &buckets[b];
            for i in 0..bucket.len() {
                let (first, last) = (bucket.first[i], bucket.last[i]);
                let offset = this_level.position(graph, b, i, first);
                if last == depth {
                    let at_depth = &this_level.lanes[offset + usize::from(depth - first)];
                    total = total.wrapping_add(lanes::weighted_hash(bucket.boards[i], at_depth));
                }
                if first == depth {
                    continue;
                }
                let moving = offset..offset + usize::from(last.min(depth - 1) - first) + 1;
                for edge in edges.by_ref().take(usize::from(bucket.inner_moves[i])) {
                    let child_bucket = edge.child_bucket(b);
                    let orientation = edge.orientation();
                    if child_bucket > bucket_of(pips as u32, 9) {
                        let into = next_level.position(graph, child_bucket, edge.child(), first + 1);
                        let targets = &mut next_level.lanes[into..into + moving.len()];
                        for (into, from) in targets.iter_mut().zip(&this_level.lanes[moving.clone()]) {
                            K::add_gathered(into, from, orientation);
                        }
                    } else {
                        // A capture: the child is in a later bucket of this
                        // level, so the two ranges never overlap.
                        let into = this_level.position(graph, child_bucket, edge.child(), first + 1);
                        let (sources, targets) = this_level.lanes.split_at_mut(into);
                        for (into, from) in targets.iter_mut().zip(&sources[moving.clone()]) {
                            K::add_gathered(into, from, orientation);
                        }
                    }
                }
                if bucket.full_moves[i] > 0 {
                    let mut stopped: Lanes = [0; 8];
                    for layer in &this_level.lanes[moving] {
                        K::add_gathered(&mut stopped, layer, 0);
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
