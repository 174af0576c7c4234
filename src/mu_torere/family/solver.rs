//! Every position of a board of the family solved by the shared implicit
//! retrograde engine: the board describes its dense index, its moves and
//! its unmoves, and the engine does the rest.

use super::ring::{Ring, RingMove, RingPosition};
use crate::solve::Outcome;
use crate::solve::implicit::{self, BitSet, ImplicitGraph};
use thiserror::Error;

/// The position graph of a ring, as the engine sees it.
struct RingGraph<'a>(&'a Ring);

impl ImplicitGraph for RingGraph<'_> {
    fn len(&self) -> u64 {
        self.0.len()
    }

    fn for_each_successor(&self, position: u64, mut visit: impl FnMut(u64)) {
        let ring = self.0;
        let p = ring.position(position);
        ring.for_each_move(p, |m| visit(ring.index(ring.play(p, m))));
    }

    fn move_count(&self, position: u64) -> u32 {
        self.0.move_count(self.0.position(position))
    }

    fn for_each_predecessor(&self, position: u64, mut visit: impl FnMut(u64)) {
        let ring = self.0;
        ring.for_each_predecessor(ring.position(position), |q| visit(ring.index(q)));
    }
}

/// Why a board is not solved.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum SizeError {
    /// The solution would not fit in the memory available.
    #[error(
        "{points} points is too large for this machine: solving it needs about {need} MiB of memory, and {available} MiB are available"
    )]
    TooLarge {
        /// The ring's points, the centre included.
        points: u32,
        /// The memory it needs, in MiB.
        need: u64,
        /// The memory available, in MiB.
        available: u64,
    },
}

/// Memory the solution of `ring` and its analysis need, in bytes: the
/// engine's values and counters, then the search for the reachable
/// positions (the counters are gone by then, so the larger of the two), and
/// a little for the program itself.
pub fn memory_needed(ring: &Ring) -> u64 {
    let len = ring.len();
    let solving = len * implicit::BYTES_PER_POSITION;
    let reaching = 2 * len + (len * implicit::REACHABLE_BITS_PER_POSITION).div_ceil(8);
    solving.max(reaching) + (16 << 20)
}

/// Refuses a board whose solution needs more than `available` bytes.
pub fn check_memory(ring: &Ring, available: u64) -> Result<(), SizeError> {
    let need = memory_needed(ring);
    if need > available {
        return Err(SizeError::TooLarge {
            points: ring.rim(),
            need: need.div_ceil(1 << 20),
            available: available >> 20,
        });
    }
    Ok(())
}

/// Every position of a ring with its value for the side to move.
pub struct RingSolution {
    ring: Ring,
    solved: implicit::Solved,
}

impl RingSolution {
    /// Solves every position of `ring` (check its memory first: [`check_memory`]).
    pub fn new(ring: Ring) -> RingSolution {
        let solved = implicit::solve(&RingGraph(&ring));
        RingSolution { ring, solved }
    }

    /// The ring solved.
    pub fn ring(&self) -> &Ring {
        &self.ring
    }

    /// The value of `p` for the side to move.
    pub fn outcome(&self, p: RingPosition) -> Outcome {
        self.solved.outcome(self.ring.index(p))
    }

    /// The value of the position with this index.
    pub fn outcome_at(&self, index: u64) -> Outcome {
        self.solved.outcome(index)
    }

    /// The value of playing `m` in `p`, for the player making it.
    pub fn move_value(&self, p: RingPosition, m: RingMove) -> Outcome {
        self.outcome(self.ring.play(p, m)).parent()
    }

    /// Every position reachable from the start.
    pub fn reachable(&self) -> BitSet {
        implicit::reachable(&RingGraph(&self.ring), self.ring.index(self.ring.start()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mu_torere::Solution;
    use crate::mu_torere::analysis::Analysis;
    use crate::mu_torere::family::analysis::RingAnalysis;
    use crate::mu_torere::family::numbering::Numbering;
    use crate::mu_torere::family::ring::Rule;

    #[test]
    fn eight_points_standard_agree_with_the_traditional_engine_everywhere() {
        let ring = Ring::new(4, Rule::Standard).unwrap();
        let numbering = Numbering::of(&ring);
        let family = RingSolution::new(ring);
        let traditional = Solution::get();
        assert_eq!(family.ring().len(), traditional.len() as u64);
        for (p, value) in traditional.iter() {
            let stones = numbering.parse(&p.board.to_string()).unwrap();
            let q = RingPosition {
                stones,
                to_move: p.to_move,
            };
            assert_eq!(family.outcome(q), value, "{} {}", p.board, p.to_move);
        }
        // So do the report's figures, checked against the published ones
        // in the traditional game's own tests.
        let (a, t) = (RingAnalysis::new(&family), Analysis::new(traditional));
        assert_eq!(a.all.counts, t.all);
        assert_eq!(a.reachable.counts, t.reachable);
        assert_eq!((a.start, a.all.longest_win), (t.start, t.longest_win));
    }

    #[test]
    fn memory_is_checked_before_any_work() {
        let ring = Ring::new(13, Rule::Standard).unwrap();
        assert_eq!(ring.len(), 2 * 27 * 10_400_600);
        assert!(check_memory(&ring, memory_needed(&ring)).is_ok());
        assert!(matches!(
            check_memory(&ring, memory_needed(&ring) - 1),
            Err(SizeError::TooLarge { points: 26, .. })
        ));
    }
}
