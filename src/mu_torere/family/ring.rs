//! The board of Mu Torere on `2n` rim points and a centre, its rules, and
//! the dense index of its positions.
//!
//! Points are numbered as in the spec for `2n != 8`: the centre is 0 and the
//! rim runs 1..=2n clockwise, from the first black stone of the start (black
//! starts on 1..=n, white on n+1..=2n). A set of points is a bit mask with
//! bit `k` for point `k`.
//!
//! A position's index is `(empty * C(2n, n) + rank) * 2 + side`: the empty
//! point, the colex rank of the black stones among the `2n` other points,
//! and the side to move (0 black, 1 white). Every index in `0..len()` is a
//! position, so the solver needs no table beside its values.

use crate::mu_torere::board::{Color, Sided};
use crate::symmetry::RingSymmetry;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Which rim stones may enter the empty centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Only one next to an opponent's stone on the rim (the traditional rule).
    Standard,
    /// Any.
    Free,
}

impl Rule {
    /// `standard` or `free`, as the command line writes it.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Standard => "standard",
            Rule::Free => "free",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rule name that is neither `standard` nor `free`.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("rule `{}` is neither standard nor free", crate::text::shortened(.0, 40))]
pub struct RuleError(pub String);

impl FromStr for Rule {
    type Err = RuleError;

    /// `standard` or `free`, as [`Rule::name`] writes them.
    fn from_str(text: &str) -> Result<Rule, RuleError> {
        [Rule::Standard, Rule::Free]
            .into_iter()
            .find(|r| r.name() == text)
            .ok_or_else(|| RuleError(text.to_owned()))
    }
}

/// Why a ring of that size does not exist.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
pub enum RingError {
    /// An odd number of rim points: the two sides need `n` each.
    #[error("{0} points: the rim must have an even number of points, 2n")]
    OddPoints(u64),
    /// Fewer rim points than 4, or more than the masks hold.
    #[error("{points} points: the rim has {} to {} points", 2 * Ring::MIN_N, 2 * Ring::MAX_N)]
    OutOfRange {
        /// The rim points asked for.
        points: u64,
    },
}

/// The stones on the board: two disjoint masks; the one point in neither is empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Stones {
    /// The points holding a black stone, bit `i` for point `i`.
    pub black: u32,
    /// The points holding a white stone.
    pub white: u32,
}

impl Stones {
    /// The points holding `color`'s stones.
    pub const fn of(self, color: Color) -> u32 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// What stands on `point`, `None` if it is empty.
    pub const fn at(self, point: u32) -> Option<Color> {
        if self.black & (1 << point) != 0 {
            Some(Color::Black)
        } else if self.white & (1 << point) != 0 {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The same board with the stone on `from` moved to `to`.
    const fn moved(self, from: u32, to: u32) -> Stones {
        let step = (1 << from) | (1 << to);
        if self.black & (1 << from) != 0 {
            Stones {
                black: self.black ^ step,
                white: self.white,
            }
        } else {
            Stones {
                black: self.black,
                white: self.white ^ step,
            }
        }
    }
}

/// A board and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RingPosition {
    /// The stones.
    pub stones: Stones,
    /// The side to move.
    pub to_move: Color,
}

impl Sided for RingPosition {
    fn side_to_move(self) -> Color {
        self.to_move
    }
}

/// A move: the stone on `from` goes to the empty point `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RingMove {
    /// The point the stone leaves.
    pub from: u32,
    /// The empty point it moves to.
    pub to: u32,
}

/// C(a, b) for every a <= 2 MAX_N and b <= MAX_N, as a fixed table so that
/// ranking needs no bounds beyond the array's.
type Binomials = [[u64; Ring::MAX_N as usize + 1]; 2 * Ring::MAX_N as usize + 1];

/// The board of `2n` rim points with `n` stones a side, under one rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ring {
    n: u32,
    rule: Rule,
    /// `binomial[a][b]` is C(a, b) for a <= 2n, b <= n (zero beyond).
    binomial: Box<Binomials>,
}

impl Ring {
    /// The smallest board: 4 rim points.
    pub const MIN_N: u32 = 2;
    /// The largest board the masks hold: 2n + 1 <= 32 points.
    pub const MAX_N: u32 = 15;

    /// The ring of `2n` rim points, `n` stones a side, for `n` in
    /// `MIN_N..=MAX_N`.
    pub fn new(n: u32, rule: Rule) -> Result<Ring, RingError> {
        if !(Ring::MIN_N..=Ring::MAX_N).contains(&n) {
            return Err(RingError::OutOfRange {
                points: 2 * u64::from(n),
            });
        }
        let mut binomial = Box::new([[0u64; Ring::MAX_N as usize + 1]; 2 * Ring::MAX_N as usize + 1]);
        for a in 0..binomial.len() {
            binomial[a][0] = 1;
            for b in 1..binomial[a].len() {
                binomial[a][b] = if a == 0 {
                    0
                } else {
                    binomial[a - 1][b - 1] + binomial[a - 1][b]
                };
            }
        }
        Ok(Ring { n, rule, binomial })
    }

    /// The ring of `points` rim points (`2n`), as players count them.
    pub fn with_points(points: u32, rule: Rule) -> Result<Ring, RingError> {
        Ring::check_points(points)?;
        Ring::new(points / 2, rule)
    }

    /// `points` if a ring has that many rim points: even, from `2 MIN_N`
    /// to `2 MAX_N`.
    pub fn check_points(points: u32) -> Result<u32, RingError> {
        if points % 2 == 1 {
            return Err(RingError::OddPoints(points.into()));
        }
        if !(2 * Ring::MIN_N..=2 * Ring::MAX_N).contains(&points) {
            return Err(RingError::OutOfRange {
                points: points.into(),
            });
        }
        Ok(points)
    }

    /// Stones a side.
    pub const fn n(&self) -> u32 {
        self.n
    }

    /// The rule for entering the centre.
    pub const fn rule(&self) -> Rule {
        self.rule
    }

    /// Rim points, `2n`.
    pub const fn rim(&self) -> u32 {
        2 * self.n
    }

    /// All points, the centre included.
    pub const fn points(&self) -> u32 {
        2 * self.n + 1
    }

    const fn all_points(&self) -> u32 {
        if self.points() == 32 {
            u32::MAX
        } else {
            (1 << self.points()) - 1
        }
    }

    fn boards_per_empty(&self) -> u64 {
        self.binomial[self.rim() as usize][self.n as usize]
    }

    /// How many boards there are: (2n + 1) C(2n, n).
    pub fn boards(&self) -> u64 {
        u64::from(self.points()) * self.boards_per_empty()
    }

    /// How many positions there are: every board with either side to move.
    pub fn len(&self) -> u64 {
        2 * self.boards()
    }

    /// Never: every ring has positions.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Black on 1..=n, white on n+1..=2n, the centre empty, black to move.
    pub fn start(&self) -> RingPosition {
        let black = ((1u32 << self.n) - 1) << 1;
        RingPosition {
            stones: Stones {
                black,
                white: self.all_points() & !black & !1,
            },
            to_move: Color::Black,
        }
    }

    /// The empty point of a board.
    pub const fn empty(&self, stones: Stones) -> u32 {
        (self.all_points() & !(stones.black | stones.white)).trailing_zeros()
    }

    /// The rim points next to rim point `k`, as a mask.
    pub(crate) const fn rim_neighbours(&self, k: u32) -> u32 {
        let before = if k == 1 { self.rim() } else { k - 1 };
        let after = if k == self.rim() { 1 } else { k + 1 };
        (1 << before) | (1 << after)
    }

    /// The points joined to `point` by an edge, as a mask.
    pub const fn neighbours(&self, point: u32) -> u32 {
        if point == 0 {
            self.all_points() & !1
        } else {
            self.rim_neighbours(point) | 1
        }
    }

    /// Whether the rule lets the stone on rim point `from` enter the empty
    /// centre, given where the mover's opponent stands.
    const fn may_enter_centre(&self, from: u32, opponent: u32) -> bool {
        match self.rule {
            Rule::Free => true,
            Rule::Standard => self.rim_neighbours(from) & opponent != 0,
        }
    }

    /// Calls `visit` with every legal move of the side to move, by the
    /// number of the stone's point.
    pub fn for_each_move(&self, p: RingPosition, mut visit: impl FnMut(RingMove)) {
        let own = p.stones.of(p.to_move);
        let opponent = p.stones.of(p.to_move.opponent());
        let to = self.empty(p.stones);
        let mut from = own & self.neighbours(to);
        while from != 0 {
            let k = from.trailing_zeros();
            from &= from - 1;
            if to != 0 || self.may_enter_centre(k, opponent) {
                visit(RingMove { from: k, to });
            }
        }
    }

    /// How many legal moves the side to move has.
    pub fn move_count(&self, p: RingPosition) -> u32 {
        let own = p.stones.of(p.to_move);
        let to = self.empty(p.stones);
        let from = own & self.neighbours(to);
        match (to, self.rule) {
            (0, Rule::Standard) => {
                // Rim stones with an opponent's stone on either side.
                let rim = self.rim();
                let ring_mask = self.all_points() & !1;
                let opponent = p.stones.of(p.to_move.opponent()) >> 1;
                let beside =
                    ((opponent << 1) | (opponent >> (rim - 1)) | (opponent >> 1) | (opponent << (rim - 1)))
                        << 1;
                (from & beside & ring_mask).count_ones()
            }
            _ => from.count_ones(),
        }
    }

    /// The legal moves of `p`.
    pub fn moves(&self, p: RingPosition) -> Vec<RingMove> {
        let mut moves = Vec::new();
        self.for_each_move(p, |m| moves.push(m));
        moves
    }

    /// The position after `m`, which must be legal.
    pub const fn play(&self, p: RingPosition, m: RingMove) -> RingPosition {
        RingPosition {
            stones: p.stones.moved(m.from, m.to),
            to_move: p.to_move.opponent(),
        }
    }

    /// Calls `visit` with every position that has a legal move into `p`.
    pub fn for_each_predecessor(&self, p: RingPosition, mut visit: impl FnMut(RingPosition)) {
        let mover = p.to_move.opponent();
        let empty = self.empty(p.stones);
        // The last move took a stone of the mover from `empty` to `to`.
        let mut to = p.stones.of(mover) & self.neighbours(empty);
        while to != 0 {
            let k = to.trailing_zeros();
            to &= to - 1;
            // Into the centre, the rule looks at the rim next to where the
            // stone came from, which the move left as it was.
            if k != 0 || self.may_enter_centre(empty, p.stones.of(p.to_move)) {
                visit(RingPosition {
                    stones: p.stones.moved(k, empty),
                    to_move: mover,
                });
            }
        }
    }

    /// The dense index of a position, in `0..len()`.
    pub fn index(&self, p: RingPosition) -> u64 {
        let empty = self.empty(p.stones);
        let low = (1u32 << empty) - 1;
        // The black stones among the 2n points other than the empty one.
        let mut black = (p.stones.black & low) | ((p.stones.black >> (empty + 1)) << empty);
        let mut rank = 0;
        let mut k = 1;
        while black != 0 {
            rank += self.binomial[black.trailing_zeros() as usize][k];
            black &= black - 1;
            k += 1;
        }
        (u64::from(empty) * self.boards_per_empty() + rank) * 2 + p.to_move as u64
    }

    /// The position with index `index`, which must be below `len()`.
    pub fn position(&self, index: u64) -> RingPosition {
        let to_move = if index.is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        };
        let board = index / 2;
        let empty = (board / self.boards_per_empty()) as u32;
        let mut rank = board % self.boards_per_empty();
        let mut black = 0u32;
        let mut point = self.rim() as usize;
        for k in (1..=self.n as usize).rev() {
            point -= 1;
            while self.binomial[point][k] > rank {
                point -= 1;
            }
            rank -= self.binomial[point][k];
            black |= 1 << point;
        }
        let low = (1u32 << empty) - 1;
        let black = (black & low) | ((black >> empty) << (empty + 1));
        RingPosition {
            stones: Stones {
                black,
                white: self.all_points() & !black & !(1 << empty),
            },
            to_move,
        }
    }

    /// The board seen through a symmetry of the rim; the centre stays.
    pub fn transformed(&self, stones: Stones, symmetry: RingSymmetry) -> Stones {
        let map = |mask: u32| (mask & 1) | (symmetry.map_bits(mask >> 1) << 1);
        Stones {
            black: map(stones.black),
            white: map(stones.white),
        }
    }

    /// The `4n` symmetries of the rim, the identity first.
    pub fn symmetries(&self) -> impl Iterator<Item = RingSymmetry> {
        RingSymmetry::all(self.rim())
    }

    /// Whether `stones` is the representative of its class under the
    /// symmetries of the rim: the least of its images, as masks.
    pub fn is_canonical(&self, stones: Stones) -> bool {
        self.symmetries()
            .skip(1)
            .all(|s| self.transformed(stones, s) >= stones)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_and_position_are_inverse_and_dense() {
        for n in 2..=5 {
            let ring = Ring::new(n, Rule::Standard).unwrap();
            for i in 0..ring.len() {
                let p = ring.position(i);
                assert_eq!(ring.index(p), i);
                assert_eq!(p.stones.black.count_ones(), n);
                assert_eq!(p.stones.white.count_ones(), n);
                assert_eq!(p.stones.black & p.stones.white, 0);
                assert!(ring.empty(p.stones) < ring.points());
            }
        }
        let big = Ring::new(15, Rule::Free).unwrap();
        for i in [0, 1, big.len() / 3, big.len() - 1] {
            assert_eq!(big.index(big.position(i)), i);
        }
    }

    #[test]
    fn predecessors_are_exactly_the_positions_moving_here() {
        for rule in [Rule::Standard, Rule::Free] {
            for n in 2..=4 {
                let ring = Ring::new(n, rule).unwrap();
                let mut forward = Vec::new();
                let mut backward = Vec::new();
                for i in 0..ring.len() {
                    let p = ring.position(i);
                    ring.for_each_move(p, |m| forward.push((ring.index(ring.play(p, m)), i)));
                    ring.for_each_predecessor(p, |q| backward.push((i, ring.index(q))));
                }
                for i in 0..ring.len() {
                    let p = ring.position(i);
                    assert_eq!(ring.move_count(p) as usize, ring.moves(p).len());
                }
                forward.sort();
                backward.sort();
                assert_eq!(forward, backward, "n {n} rule {rule}");
            }
        }
    }

    #[test]
    fn a_ring_that_cannot_be_is_an_error_not_a_panic() {
        for n in [0, 1, Ring::MAX_N + 1, u32::MAX] {
            assert_eq!(
                Ring::new(n, Rule::Standard),
                Err(RingError::OutOfRange {
                    points: 2 * u64::from(n)
                })
            );
        }
        assert_eq!(Ring::new(Ring::MIN_N, Rule::Free).map(|r| r.rim()), Ok(4));
        assert_eq!(Ring::with_points(30, Rule::Free).map(|r| r.n()), Ok(15));
        assert_eq!(Ring::with_points(7, Rule::Free), Err(RingError::OddPoints(7)));
        assert_eq!(
            Ring::with_points(u32::MAX, Rule::Free),
            Err(RingError::OddPoints(u64::from(u32::MAX)))
        );
        assert_eq!(
            Ring::with_points(2, Rule::Free).unwrap_err().to_string(),
            "2 points: the rim has 4 to 30 points"
        );
        assert_eq!(
            Ring::with_points(32, Rule::Free).unwrap_err().to_string(),
            "32 points: the rim has 4 to 30 points"
        );
        assert_eq!(
            Ring::with_points(9, Rule::Free).unwrap_err().to_string(),
            "9 points: the rim must have an even number of points, 2n"
        );
    }

    #[test]
    fn rules_read_back_their_names() {
        for rule in [Rule::Standard, Rule::Free] {
            assert_eq!(rule.to_string().parse(), Ok(rule));
        }
        let error = "Free".parse::<Rule>().unwrap_err();
        assert_eq!(error, RuleError("Free".to_owned()));
        assert_eq!(error.to_string(), "rule `Free` is neither standard nor free");
        let long = format!("\u{1b}{}", "x".repeat(100));
        let shown = long.parse::<Rule>().unwrap_err().to_string();
        assert!(!shown.contains('\u{1b}') && shown.contains('…'), "{shown}");
        assert!(shown.len() < 100, "{shown}");
    }

    #[test]
    fn the_start_has_the_spec_numbering() {
        let ring = Ring::new(5, Rule::Free).unwrap();
        let start = ring.start();
        assert_eq!(start.stones.black, 0b11111 << 1);
        assert_eq!(start.stones.white, 0b11111 << 6);
        assert_eq!(ring.empty(start.stones), 0);
        // Under the free rule every stone may enter the centre.
        assert_eq!(ring.moves(start).len(), 5);
        let standard = Ring::new(5, Rule::Standard).unwrap();
        let ends: Vec<u32> = standard.moves(start).iter().map(|m| m.from).collect();
        assert_eq!(ends, vec![1, 5]);
    }
}
