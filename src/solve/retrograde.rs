//! Retrograde analysis of a finite position graph, cycles allowed.
//!
//! Values spread backwards from the positions with no move, in order of
//! distance, so the first time a position is reached its distance is already
//! optimal: a win takes the nearest lost successor, and a loss waits for its
//! last (hence farthest) won successor. Whatever is never reached is a draw.

use super::Outcome;
use std::collections::VecDeque;

/// A position graph with dense indices `0..len()`, stored as successor lists
/// (compressed sparse rows). A position without successors is lost for the
/// side to move.
#[derive(Clone, Debug, Default)]
pub struct Graph {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl Graph {
    /// Builds the graph by asking `successors(i, push)` to `push` every
    /// successor index of position `i`. An edge to the same position twice
    /// counts as two moves.
    pub fn from_fn(len: usize, mut successors: impl FnMut(usize, &mut dyn FnMut(usize))) -> Graph {
        let mut offsets = Vec::with_capacity(len + 1);
        let mut targets = Vec::new();
        offsets.push(0);
        for i in 0..len {
            successors(i, &mut |j| {
                assert!(j < len, "successor {j} of position {i} is out of range");
                targets.push(j as u32);
            });
            offsets.push(targets.len() as u32);
        }
        Graph { offsets, targets }
    }

    /// How many positions the graph has.
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Whether it has none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The positions that position `i`'s moves lead to.
    pub fn successors(&self, i: usize) -> &[u32] {
        &self.targets[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }

    /// The same graph with every edge reversed.
    fn reversed(&self) -> Graph {
        let n = self.len();
        let mut counts = vec![0u32; n + 1];
        for &t in &self.targets {
            counts[t as usize + 1] += 1;
        }
        for i in 0..n {
            counts[i + 1] += counts[i];
        }
        let offsets = counts.clone();
        let mut fill = counts;
        let mut targets = vec![0u32; self.targets.len()];
        for i in 0..n {
            for &t in self.successors(i) {
                targets[fill[t as usize] as usize] = i as u32;
                fill[t as usize] += 1;
            }
        }
        Graph { offsets, targets }
    }
}

/// Solves every position of `graph` exactly.
pub fn solve(graph: &Graph) -> Vec<Outcome> {
    let n = graph.len();
    let predecessors = graph.reversed();
    let mut unresolved_moves: Vec<u32> = (0..n).map(|i| graph.successors(i).len() as u32).collect();
    let mut value: Vec<Option<Outcome>> = vec![None; n];
    let mut frontier = VecDeque::new();
    for (i, &moves) in unresolved_moves.iter().enumerate() {
        if moves == 0 {
            value[i] = Some(Outcome::TERMINAL);
            frontier.push_back(i);
        }
    }
    while let Some(child) = frontier.pop_front() {
        let child_value = value[child].expect("queued positions are solved");
        for &p in predecessors.successors(child) {
            let p = p as usize;
            if value[p].is_some() {
                continue;
            }
            match child_value {
                Outcome::Loss(_) => {
                    value[p] = Some(child_value.parent());
                    frontier.push_back(p);
                }
                Outcome::Win(_) => {
                    unresolved_moves[p] -= 1;
                    if unresolved_moves[p] == 0 {
                        value[p] = Some(child_value.parent());
                        frontier.push_back(p);
                    }
                }
                Outcome::Draw | Outcome::Tie(_) => unreachable!("only wins and losses are queued"),
            }
        }
    }
    value.into_iter().map(|v| v.unwrap_or(Outcome::Draw)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Outcome::{Draw, Loss, Win};

    fn graph(edges: &[&[usize]]) -> Graph {
        Graph::from_fn(edges.len(), |i, push| edges[i].iter().for_each(|&j| push(j)))
    }

    /// The plain definition, iterated to a fixed point: the reference the
    /// queue-based solver must agree with.
    fn fixed_point(g: &Graph) -> Vec<Outcome> {
        let n = g.len();
        let mut value = vec![Draw; n];
        let mut settled = vec![false; n];
        loop {
            let mut changed = false;
            for i in 0..n {
                let children: Vec<_> = g
                    .successors(i)
                    .iter()
                    .map(|&j| (settled[j as usize], value[j as usize]))
                    .collect();
                let new = if children.is_empty() {
                    Some(Outcome::TERMINAL)
                } else if let Some(best) = children
                    .iter()
                    .filter(|(s, v)| *s && v.is_loss())
                    .map(|(_, v)| v.parent())
                    .max()
                {
                    Some(best)
                } else if children.iter().all(|(s, v)| *s && v.is_win()) {
                    children.iter().map(|(_, v)| v.parent()).max()
                } else {
                    None
                };
                if let Some(v) = new
                    && (!settled[i] || value[i] != v)
                {
                    settled[i] = true;
                    value[i] = v;
                    changed = true;
                }
            }
            if !changed {
                return value;
            }
        }
    }

    #[test]
    fn chain_alternates_win_and_loss() {
        let g = graph(&[&[1], &[2], &[3], &[]]);
        assert_eq!(solve(&g), vec![Win(3), Loss(2), Win(1), Loss(0)]);
    }

    #[test]
    fn winner_takes_the_shortest_route_and_loser_the_longest() {
        // 0 can win at once (1 is terminal) or in three (via 2).
        // 4 has only winning replies for the opponent: 1 ply away (5 -> 1) or 3 (0).
        let g = graph(&[&[1, 2], &[], &[3], &[1], &[5, 0], &[1]]);
        let v = solve(&g);
        assert_eq!(v[0], Win(1));
        assert_eq!(v[5], Win(1));
        assert_eq!(v[4], Loss(2));
    }

    #[test]
    fn a_cycle_with_an_escape_only_to_losses_is_a_draw() {
        // 0 <-> 1 forever, or step into 2, which wins for the opponent.
        let g = graph(&[&[1, 2], &[0], &[3], &[]]);
        assert_eq!(solve(&g), vec![Draw, Draw, Win(1), Loss(0)]);
    }

    #[test]
    fn agrees_with_the_fixed_point_definition_on_random_graphs() {
        let mut rng = crate::test_rng::XorShift::new(0x9e37_79b9_7f4a_7c15);
        let mut next = move |bound: u64| rng.below(bound);
        for _ in 0..300 {
            let n = 1 + next(12) as usize;
            let edges: Vec<Vec<usize>> = (0..n)
                .map(|_| (0..next(4)).map(|_| next(n as u64) as usize).collect())
                .collect();
            let g = Graph::from_fn(n, |i, push| edges[i].iter().for_each(|&j| push(j)));
            assert_eq!(solve(&g), fixed_point(&g), "edges {edges:?}");
        }
    }
}
