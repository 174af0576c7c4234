//! Pawn chess of any size as a game for the shared solvers in
//! [`crate::solve`]: positions packed into one integer key, tiered by how
//! far the pawns have walked, with the left-right mirror as symmetry.
//!
//! The solvers meet only positions where the game goes on: no pawn on its
//! own goal row. A key holds White's pawns off row 0 and Black's off the
//! last row, each in `(R - 1) * C` bits, and the side to move:
//!
//! ```text
//!   bit 2(R-1)C      bits (R-1)C ..        bits 0 ..
//!   [White to move]  [White, rows 1..R-1]  [Black, rows 0..R-2]
//! ```
//!
//! so boards up to 6x6 fit in a `u64` and every board in a `u128`.
//!
//! A position where the side to move can reach its goal row, or take the
//! last enemy pawn, or move at all when the enemy has no pawns, is a win in
//! one ply: the best there is, so the solvers need not look further. No
//! move from a position that goes on therefore reaches a finished one.
//!
//! *Tiers.* Each move walks a pawn one row nearer its goal, and a capture
//! also removes a pawn; a position's tier is how many rows all the pawns
//! still have to walk, counted down from the most there could be, R - 1
//! for each square. Every
//! move raises the tier by 1 to R, so once the tiers down to `t - R` are
//! solved, nothing left moves into tier `t`.

use super::board::Side;
use super::sizes::{Setup, Size};
use crate::solve::tiered::TieredGame;
use crate::solve::{Game, Outcome};
use std::fmt::Debug;
use std::hash::Hash;
use std::marker::PhantomData;

/// An integer wide enough to hold a packed position.
pub trait Key: Copy + Ord + Hash + Debug + Send + Sync {
    /// Usable bits.
    const BITS: u32;
    fn from_u128(value: u128) -> Self;
    fn to_u128(self) -> u128;
}

impl Key for u64 {
    const BITS: u32 = 64;
    #[inline]
    fn from_u128(value: u128) -> u64 {
        value as u64
    }
    #[inline]
    fn to_u128(self) -> u128 {
        u128::from(self)
    }
}

impl Key for u128 {
    const BITS: u32 = 128;
    #[inline]
    fn from_u128(value: u128) -> u128 {
        value
    }
    #[inline]
    fn to_u128(self) -> u128 {
        self
    }
}

/// Pawn chess on one board size, for the solvers, with positions packed
/// into keys of type `K`.
#[derive(Clone, Copy, Debug)]
pub struct Boards<K> {
    size: Size,
    width: u32,
    /// Bits of one side in a key: `(R - 1) * C`.
    half: u32,
    all: u64,
    first_file: u64,
    last_file: u64,
    white_goal: u64,
    black_goal: u64,
    /// Each row's squares, top row first.
    rows: [u64; 8],
    key: PhantomData<K>,
}

/// A board with its side to move, as the solvers' moves see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pawns {
    white: u64,
    black: u64,
    white_to_move: bool,
}

/// The bits a key needs on a board of `size`.
pub const fn key_bits(size: Size) -> u32 {
    2 * (size.rows() as u32 - 1) * size.columns() as u32 + 1
}

impl<K: Key> Boards<K> {
    /// The game on `size`, or `None` if its keys do not fit in `K`.
    pub fn new(size: Size) -> Option<Boards<K>> {
        if key_bits(size) > K::BITS {
            return None;
        }
        let width = u32::from(size.columns());
        Some(Boards {
            size,
            width,
            half: (u32::from(size.rows()) - 1) * width,
            all: size.all(),
            first_file: size.column(0),
            last_file: size.column(size.columns() - 1),
            white_goal: size.white_goal(),
            black_goal: size.black_goal(),
            rows: std::array::from_fn(|r| {
                if r < usize::from(size.rows()) {
                    size.row(r as u8)
                } else {
                    0
                }
            }),
            key: PhantomData,
        })
    }

    pub const fn size(&self) -> Size {
        self.size
    }

    /// The key of `setup`, or `None` if a side stands on its goal row (the
    /// game is over, and the solvers never hold such positions).
    pub fn key(&self, setup: Setup) -> Option<K> {
        if setup.size() != self.size
            || setup.white() & self.white_goal != 0
            || setup.black() & self.black_goal != 0
        {
            return None;
        }
        Some(self.pack(Pawns {
            white: setup.white(),
            black: setup.black(),
            white_to_move: setup.to_move() == Side::White,
        }))
    }

    /// The position of `key`.
    #[cfg(test)]
    pub fn setup(&self, key: K) -> Setup {
        let p = self.unpack(key);
        let side = if p.white_to_move { Side::White } else { Side::Black };
        Setup::new(self.size, p.white, p.black, side).expect("keys hold boards of their size")
    }

    #[inline]
    fn pack(&self, p: Pawns) -> K {
        let key = (u128::from(p.white_to_move) << (2 * self.half))
            | (u128::from(p.white >> self.width) << self.half)
            | u128::from(p.black);
        K::from_u128(key)
    }

    #[inline]
    fn unpack(&self, key: K) -> Pawns {
        let key = key.to_u128();
        let mask = (1u128 << self.half) - 1;
        Pawns {
            white: (((key >> self.half) & mask) as u64) << self.width,
            black: (key & mask) as u64,
            white_to_move: key >> (2 * self.half) != 0,
        }
    }

    /// The moves of the side to move as (targets, distance back) for steps,
    /// captures towards file a and captures towards the last file, with the
    /// mover's and the enemy's pawns.
    #[inline]
    fn targets(&self, p: Pawns) -> ([u64; 3], u64, u64) {
        let w = self.width;
        let empty = self.all & !(p.white | p.black);
        if p.white_to_move {
            let (own, enemy) = (p.white, p.black);
            (
                [
                    (own >> w) & empty,
                    ((own & !self.first_file) >> (w + 1)) & enemy,
                    ((own & !self.last_file) >> (w - 1)) & enemy,
                ],
                own,
                enemy,
            )
        } else {
            let (own, enemy) = (p.black, p.white);
            (
                [
                    (own << w) & empty,
                    ((own & !self.first_file) << (w - 1)) & enemy,
                    ((own & !self.last_file) << (w + 1)) & enemy,
                ],
                own,
                enemy,
            )
        }
    }

    /// Rows all pawns still have to walk.
    #[inline]
    fn distance(&self, p: Pawns) -> u32 {
        let last = u32::from(self.size.rows()) - 1;
        let mut total = 0;
        for (r, &row) in self.rows[..=last as usize].iter().enumerate() {
            let r = r as u32;
            total += r * (p.white & row).count_ones() + (last - r) * (p.black & row).count_ones();
        }
        total
    }
}

impl<K: Key> Game for Boards<K> {
    type Position = K;

    #[inline]
    fn for_each_successor(&self, key: K, mut visit: impl FnMut(K)) {
        let p = self.unpack(key);
        let ([steps, towards_a, towards_last], own, enemy) = self.targets(p);
        let w = self.width;
        // The pawn that lands on `to` came from `back` bits away: below it
        // for White, above it for Black.
        let backs = if p.white_to_move {
            [w, w + 1, w - 1]
        } else {
            [w, w - 1, w + 1]
        };
        let from = |to: u64, back: u32| if p.white_to_move { to << back } else { to >> back };
        for (mut targets, back) in [steps, towards_a, towards_last].into_iter().zip(backs) {
            while targets != 0 {
                let to = targets & targets.wrapping_neg();
                targets ^= to;
                let own = own ^ to ^ from(to, back);
                let enemy = enemy & !to;
                let (white, black) = if p.white_to_move {
                    (own, enemy)
                } else {
                    (enemy, own)
                };
                visit(self.pack(Pawns {
                    white,
                    black,
                    white_to_move: !p.white_to_move,
                }));
            }
        }
    }

    /// A win in one ply: the side to move can reach its goal, take the last
    /// enemy pawn, or move at all against no pawns.
    #[inline]
    fn primitive(&self, key: K) -> Option<Outcome> {
        let p = self.unpack(key);
        let ([steps, towards_a, towards_last], _, enemy) = self.targets(p);
        let captures = towards_a | towards_last;
        let goal = if p.white_to_move {
            self.white_goal
        } else {
            self.black_goal
        };
        let wins = (steps | captures) & goal != 0
            || (captures != 0 && enemy.count_ones() == 1)
            || (enemy == 0 && steps | captures != 0);
        wins.then_some(Outcome::Win(1))
    }
}

impl<K: Key> TieredGame for Boards<K> {
    type Tier = u16;

    #[inline]
    fn tier(&self, key: K) -> u16 {
        // No board has more rows to walk than (R - 1) for each square.
        (self.half * u32::from(self.size.rows()) - self.distance(self.unpack(key))) as u16
    }

    #[inline]
    fn canonical(&self, key: K) -> K {
        let p = self.unpack(key);
        let mirrored = self.pack(Pawns {
            white: self.size.mirror(p.white),
            black: self.size.mirror(p.black),
            white_to_move: p.white_to_move,
        });
        key.min(mirrored)
    }

    fn least_parent(&self, tier: u16) -> Option<u16> {
        Some(tier.saturating_sub(u16::from(self.size.rows())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::XorShift;

    /// Random pawns for a board of `size`, White's then Black's: about a
    /// quarter of the squares each, none on its own goal row, no square
    /// shared.
    fn random_pawns(rng: &mut XorShift, size: Size) -> (u64, u64) {
        let white = rng.next_u64() & rng.next_u64() & size.all() & !size.white_goal();
        let black = rng.next_u64() & rng.next_u64() & size.all() & !size.black_goal() & !white;
        (white, black)
    }

    #[test]
    fn keys_round_trip_and_fit() {
        let size = Size::new(6, 6).unwrap();
        assert_eq!(key_bits(size), 61);
        assert!(Boards::<u64>::new(Size::new(7, 6).unwrap()).is_none());
        assert!(Boards::<u128>::new(Size::new(8, 8).unwrap()).is_some());
        let game = Boards::<u64>::new(size).unwrap();
        let mut rng = XorShift::new(0x2545_f491_4f6c_dd1d);
        for _ in 0..1000 {
            let (white, black) = random_pawns(&mut rng, size);
            for side in [Side::White, Side::Black] {
                let setup = Setup::new(size, white, black, side).unwrap();
                let key = game.key(setup).unwrap();
                assert_eq!(game.setup(key), setup);
            }
        }
        assert_eq!(
            game.key(size.start()),
            Some(game.canonical(game.key(size.start()).unwrap()))
        );
    }

    /// The solvers' successors are the positions the rules' moves lead to,
    /// and each lies in a greater tier, at most R above.
    #[test]
    fn successors_are_the_moves_of_the_rules() {
        let mut rng = XorShift::new(0x9e37_79b9_7f4a_7c15);
        for (rows, columns) in [(3, 3), (4, 5), (5, 4), (6, 6), (2, 1), (3, 1), (8, 7), (7, 8)] {
            let size = Size::new(rows, columns).unwrap();
            let game = Boards::<u128>::new(size).unwrap();
            for _ in 0..500 {
                let (white, black) = random_pawns(&mut rng, size);
                for side in [Side::White, Side::Black] {
                    let setup = Setup::new(size, white, black, side).unwrap();
                    let key = game.key(setup).unwrap();
                    if game.primitive(key).is_some() {
                        // A win in one: the solvers never ask for its moves.
                        let winning = setup
                            .moves()
                            .into_iter()
                            .any(|m| setup.play(m).winner() == Some(side));
                        assert!(winning, "{setup}");
                        continue;
                    }
                    let mut expected: Vec<Setup> = setup.moves().into_iter().map(|m| setup.play(m)).collect();
                    let mut found = Vec::new();
                    game.for_each_successor(key, |child| {
                        assert!(game.tier(child) > game.tier(key));
                        assert!(game.tier(child) <= game.tier(key) + u16::from(rows));
                        found.push(game.setup(child))
                    });
                    let key_of = |s: &Setup| (s.white(), s.black());
                    expected.sort_by_key(key_of);
                    found.sort_by_key(key_of);
                    assert_eq!(found, expected, "{setup}");
                    let mirrored = Setup::new(size, size.mirror(white), size.mirror(black), side).unwrap();
                    assert_eq!(game.canonical(key), game.canonical(game.key(mirrored).unwrap()));
                }
            }
        }
    }
}
