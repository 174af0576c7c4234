//! A level's final children, and the cell sums of their own children,
//! worked out by whichever thread gets there first.
//!
//! Counting needs, for each board first reached two layers before the last,
//! the cell-by-cell sums of its grandchildren (see `sweep`). They depend on
//! the board alone, not on its counts, so they can be worked out at any
//! time once the level is discovered. Counting works them out itself while
//! discovery runs, as discovery is then the slower side. But its last
//! levels are the dearest to count and the cheapest to discover, so once
//! discovery has sent its last level, its thread would sit idle while
//! counting still has levels to go: it works out the sums of those levels
//! instead, from the last down, until it meets a level counting has taken.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

use super::kernel::Ops;
use crate::cephalopods::puzzle::board::{Board, CELLS};
use crate::cephalopods::puzzle::moves::child_cell_sums;

/// The sums of a board's grandchildren's cells, over all its final
/// children. A board has at most 31 children, and each child's children
/// add at most 186 to a cell (see [`child_cell_sums`]): the sums fit in
/// 16 bits.
pub type CellSums = [u16; CELLS];

/// A level's final children (see [`super::discovery::Level::finals`]), and the
/// sums of their children's cells, by board, once worked out.
#[derive(Default)]
pub struct Finals {
    /// Children where every path through the move ends within two moves,
    /// board after board in visiting order.
    pub children: Vec<Board>,
    /// How many of `children` each board that keeps some has, in order.
    pub per_board: Vec<u8>,
    /// Who works the sums out: nobody yet, counting or discovery.
    claim: AtomicU8,
    /// By board with final children, in order: [`grandchild_sums`] of its
    /// children. Set by discovery, where it claimed them.
    sums: OnceLock<Vec<CellSums>>,
}

const OPEN: u8 = 0;
const COUNTING: u8 = 1;
const DISCOVERY: u8 = 2;

impl Finals {
    /// The sums for counting, which takes the level now: `None` where it is
    /// to work them out itself, as no one has yet. Where discovery has
    /// claimed them, waits until they are there: discovery has then
    /// nothing else to do, and has started before counting could. So it
    /// spins for a while, and only then yields its CPU: to whatever else
    /// the system runs there, should discovery's thread have been stopped
    /// meanwhile.
    pub fn take_for_counting(&self) -> Option<&[CellSums]> {
        /// A `pause` takes 10 to 140 cycles, by CPU: this spins for 0.05
        /// to 0.8 ms at 3 GHz, as long as a large level's sums may take.
        const SPINS_BEFORE_YIELDING: u32 = 1 << 14;
        let mut spins = 0;
        loop {
            // Open again if discovery's thread panicked while on them.
            match (self.claim).compare_exchange(OPEN, COUNTING, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return None,
                Err(_) => {
                    if let Some(sums) = self.sums.get() {
                        return Some(sums);
                    }
                }
            }
            if spins < SPINS_BEFORE_YIELDING {
                spins += 1;
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    }

    /// Records the `count` final children the board just visited kept.
    #[inline(always)]
    pub fn note_board(&mut self, count: u8) {
        if count > 0 {
            self.per_board.push(count);
        }
    }

    /// Whether counting has taken the level, or discovery has.
    pub fn is_claimed(&self) -> bool {
        self.claim.load(Ordering::Relaxed) != OPEN
    }

    /// Works the sums out on discovery's thread, unless counting has taken
    /// the level (or discovery has before). Says whether it did.
    #[inline(always)]
    pub fn work_out<K: Ops>(&self, kernel: K) -> bool {
        if (self.claim)
            .compare_exchange(OPEN, DISCOVERY, Ordering::Relaxed, Ordering::Relaxed)
            .is_err()
        {
            return false;
        }
        let reopen = Reopen(&self.claim);
        let mut children = &self.children[..];
        let sums = (self.per_board.iter())
            .map(|&count| {
                let (these, rest) = children.split_at(usize::from(count));
                children = rest;
                grandchild_sums(kernel, these)
            })
            .collect();
        // Only this thread sets them, once: it holds the claim.
        self.sums.set(sums).unwrap_or(());
        std::mem::forget(reopen);
        true
    }
}

/// Opens a claim again when dropped: unless forgotten, where the sums are
/// in place, as a panic would leave them not.
struct Reopen<'a>(&'a AtomicU8);

impl Drop for Reopen<'_> {
    fn drop(&mut self) {
        self.0.store(OPEN, Ordering::Relaxed);
    }
}

/// The cell-by-cell sums of every child of `children`.
#[inline(always)]
pub fn grandchild_sums<K: Ops>(kernel: K, children: &[Board]) -> CellSums {
    let mut sums = [0u16; CELLS];
    for &child in children {
        for (sum, add) in sums.iter_mut().zip(child_cell_sums(child, |board, cell| {
            kernel.neighbour_pattern(board, cell)
        })) {
            *sum = sum.wrapping_add(add);
        }
    }
    sums
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cephalopods::puzzle::solver::kernel::Portable;

    fn finals() -> Finals {
        let cells = [
            [0, 0, 3, 0, 2, 0, 1, 0, 0],
            [1, 2, 0, 0, 0, 0, 0, 6, 0],
            [6, 6, 6, 6, 6, 6, 6, 6, 6],
            [0, 0, 0, 0, 0, 0, 0, 0, 0],
            [5, 1, 0, 4, 0, 0, 0, 0, 2],
        ];
        Finals {
            children: cells.map(Board::from_cells).to_vec(),
            per_board: vec![2, 1, 2],
            ..Finals::default()
        }
    }

    /// A level whose sums discovery has claimed, as it does at the start
    /// of [`Finals::work_out`].
    fn claimed_by_discovery() -> Finals {
        let finals = finals();
        let claimed = finals
            .claim
            .compare_exchange(OPEN, DISCOVERY, Ordering::Relaxed, Ordering::Relaxed);
        assert!(claimed.is_ok());
        finals
    }

    /// Discovery's sums are each board's, whole.
    #[test]
    fn discovery_works_out_each_boards_sums() {
        let finals = finals();
        assert!(finals.work_out(Portable));
        assert!(finals.is_claimed());
        let children = &finals.children;
        let expected = [
            grandchild_sums(Portable, &children[..2]),
            grandchild_sums(Portable, &children[2..3]),
            grandchild_sums(Portable, &children[3..]),
        ];
        assert_eq!(finals.take_for_counting(), Some(&expected[..]));
        assert!(!finals.work_out(Portable), "worked out twice");
    }

    /// Counting waits for sums discovery is still working out, past the
    /// time it spins for.
    #[test]
    fn counting_waits_for_discovery_to_finish() {
        let finals = claimed_by_discovery();
        let expected = vec![[7; CELLS]];
        std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(50));
                finals.sums.set(expected.clone()).unwrap();
            });
            assert_eq!(finals.take_for_counting(), Some(&expected[..]));
        });
    }

    /// A level counting has taken is left to it, and counting takes it
    /// once.
    #[test]
    fn discovery_leaves_a_level_counting_has_taken() {
        let finals = finals();
        assert!(!finals.is_claimed());
        assert_eq!(finals.take_for_counting(), None);
        assert!(finals.is_claimed());
        assert!(!finals.work_out(Portable));
    }

    /// A claim given up, as by a panic, is open again: counting takes it
    /// instead of waiting for sums that never come.
    #[test]
    fn a_claim_dropped_unfinished_opens_again() {
        let finals = claimed_by_discovery();
        drop(Reopen(&finals.claim));
        assert_eq!(finals.take_for_counting(), None);
    }
}
