//! Pawn chess as a game for the shared solvers in [`crate::solve`]: its
//! moves, and a dense numbering of every position with at most four pawns
//! a side, listed so that successors come first.
//!
//! A slot names the pawn sets of both sides, each in its owner's view (see
//! [`Position`]). Neither set is on its own goal row, or the game would be
//! over, so each is at most four of 12 squares: 794 sets, 794 x 794 slots. Sets are ranked by *distance*, the rows their pawns
//! still have to walk. A move shortens the mover's distance by one and a
//! capture the victim's too, so positions listed by total distance come
//! after all of their successors. A position and its mirror image (files
//! a-d reversed) are worth the same, so they share a slot and only one of
//! them is listed, which halves the work.

use super::board::flip;
use super::moves::Position;
use crate::solve::Game;
use crate::solve::table::IndexedGame;

/// The most pawns a side may have in the table, as the statement promises.
pub const MAX_PAWNS: u32 = 4;
/// Pawn sets on the 12 squares off a side's goal row, at most four pawns.
const SETS: usize = 794;
/// A side's greatest distance: four pawns on its first row, three rows away.
const MAX_DISTANCE: usize = 12;
const NO_RANK: u16 = u16::MAX;

/// The game for the solvers. Positions outside the table (more than four
/// pawns a side) still have moves, for [`Negamax`](crate::solve::negamax::Negamax).
#[derive(Clone, Copy, Debug, Default)]
pub struct PawnChess;

/// Sets ranked by distance, as 12-bit masks of rows 1 to 3 (the squares
/// shifted right by a row, four bits).
struct Ranking {
    /// Rank of each 12-bit mask, [`NO_RANK`] for five pawns or more.
    rank: [u16; 1 << 12],
    /// Rank of each mask's mirror image, files a and d swapped, b and c.
    mirrored: [u16; 1 << 12],
    /// The mask of each rank.
    set: [u16; SETS],
    /// Ranks of distance `d` are `start[d]..start[d + 1]`.
    start: [u16; MAX_DISTANCE + 2],
}

const fn distance(mask: u16) -> u32 {
    (mask & 0x00f).count_ones() + 2 * (mask & 0x0f0).count_ones() + 3 * (mask & 0xf00).count_ones()
}

/// `mask` with its files reversed, row by row.
const fn mirror(mask: u16) -> u16 {
    let mut mirrored = 0;
    let mut square = 0;
    while square < 12 {
        if mask & (1 << square) != 0 {
            mirrored |= 1 << (square / 4 * 4 + 3 - square % 4);
        }
        square += 1;
    }
    mirrored
}

static RANKING: Ranking = {
    let mut ranking = Ranking {
        rank: [NO_RANK; 1 << 12],
        mirrored: [NO_RANK; 1 << 12],
        set: [0; SETS],
        start: [0; MAX_DISTANCE + 2],
    };
    let mut next = 0;
    let mut d = 0;
    while d <= MAX_DISTANCE {
        ranking.start[d] = next as u16;
        let mut mask = 0;
        while mask < 1 << 12 {
            if (mask as u16).count_ones() <= MAX_PAWNS && distance(mask as u16) == d as u32 {
                ranking.rank[mask] = next as u16;
                ranking.set[next] = mask as u16;
                next += 1;
            }
            mask += 1;
        }
        d += 1;
    }
    assert!(next == SETS);
    ranking.start[MAX_DISTANCE + 1] = next as u16;
    let mut mask = 0;
    while mask < 1 << 12 {
        ranking.mirrored[mask] = ranking.rank[mirror(mask as u16) as usize];
        mask += 1;
    }
    ranking
};

/// The number of a position whose sides' sets, shifted right by a row, are
/// `mover` and `waiting`, and the number of its mirror image. Mirror images
/// are worth the same, so both use the smaller as their slot.
#[inline]
fn numbers(mover: u16, waiting: u16) -> (usize, usize) {
    let (mover, waiting) = (usize::from(mover), usize::from(waiting));
    let own = usize::from(RANKING.rank[mover]) * SETS + usize::from(RANKING.rank[waiting]);
    let mirrored = usize::from(RANKING.mirrored[mover]) * SETS + usize::from(RANKING.mirrored[waiting]);
    (own, mirrored)
}

impl PawnChess {
    /// Whether `position` has a slot: the game is over already (one slot
    /// for all of those), or each side has at most four pawns and the mover
    /// none on its goal row.
    pub const fn in_table(position: Position) -> bool {
        position.is_lost_already()
            || (!position.has_won_already()
                && position.mover().count_ones() <= MAX_PAWNS
                && position.waiting().count_ones() <= MAX_PAWNS)
    }
}

impl Game for PawnChess {
    type Position = Position;

    #[inline]
    fn for_each_successor(&self, position: Position, visit: impl FnMut(Position)) {
        position.for_each_successor(visit);
    }
}

impl IndexedGame for PawnChess {
    fn slots(&self) -> usize {
        SETS * SETS
    }

    /// Every finished game shares slot 0 with the empty board, which is lost
    /// for the side to move as well.
    #[inline]
    fn index(&self, position: Position) -> usize {
        if position.is_lost_already() {
            return 0;
        }
        debug_assert!(PawnChess::in_table(position), "{position:?} has no slot");
        let (own, mirrored) = numbers(position.mover() >> 4, position.waiting() >> 4);
        own.min(mirrored)
    }

    fn for_each_position(&self, mut visit: impl FnMut(Position)) {
        let sets_at = |d: usize| {
            let range = usize::from(RANKING.start[d])..usize::from(RANKING.start[d + 1]);
            RANKING.set[range].iter().map(|&mask| mask << 4)
        };
        for total in 0..=2 * MAX_DISTANCE {
            for mover_distance in total.saturating_sub(MAX_DISTANCE)..=total.min(MAX_DISTANCE) {
                for mover in sets_at(mover_distance) {
                    for waiting in sets_at(total - mover_distance) {
                        let listed = || {
                            let (own, mirrored) = numbers(mover >> 4, waiting >> 4);
                            own <= mirrored
                        };
                        if mover & flip(waiting) == 0 && listed() {
                            visit(Position::new(mover, waiting));
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::table::Table;

    #[test]
    fn ranks_are_a_numbering_of_the_small_sets() {
        let mut seen = vec![false; SETS];
        for mask in 0..1u16 << 12 {
            let rank = RANKING.rank[usize::from(mask)];
            if mask.count_ones() > MAX_PAWNS {
                assert_eq!(rank, NO_RANK);
            } else {
                assert!(!seen[usize::from(rank)]);
                seen[usize::from(rank)] = true;
                assert_eq!(RANKING.set[usize::from(rank)], mask);
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn every_listed_position_has_its_own_slot_and_comes_after_its_successors() {
        let game = PawnChess;
        let mut listed = vec![false; game.slots()];
        let mut count = 0;
        game.for_each_position(|p| {
            let i = game.index(p);
            assert!(!listed[i], "{p:?} shares slot {i}");
            game.for_each_successor(p, |s| {
                assert!(PawnChess::in_table(s));
                assert!(
                    s.is_lost_already() || listed[game.index(s)],
                    "{s:?} comes after {p:?}"
                );
            });
            listed[i] = true;
            count += 1;
        });
        assert!(listed[0]);
        assert_eq!(count, listed.iter().filter(|&&l| l).count());
        let table = Table::solve(&game);
        assert_eq!(table.outcome(0), Some(crate::solve::Outcome::Loss(0)));
    }
}
