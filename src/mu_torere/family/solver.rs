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

    fn for_each_predecessor(&self, position: u64, mut visit: impl FnMut(u64)) {
        let ring = self.0;
        ring.for_each_predecessor(ring.position(position), |q| visit(ring.index(q)));
    }
}

/// Why a board is not solved.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum SizeError {
    #[error(
        "{points} points is too large for this machine: solving it needs about {need} MiB of memory, and {available} MiB are available"
    )]
    TooLarge { points: u32, need: u64, available: u64 },
}

/// Memory the solution of `ring` and its analysis need, in bytes: the
/// engine's values and counters, the set of reachable positions, and room
/// for the levels being expanded (eight bytes a position of a level, which
/// holds a small part of the whole).
pub fn memory_needed(ring: &Ring) -> u64 {
    let len = ring.len();
    len * implicit::BYTES_PER_POSITION + len / 8 + len / 2
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
    pub fn new(ring: Ring) -> RingSolution {
        let solved = implicit::solve(&RingGraph(&ring));
        RingSolution { ring, solved }
    }

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
