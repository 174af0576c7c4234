//! Cephalopod as a game for the shared solvers, and its strong solution.
//!
//! The game plugs into [`crate::solve`] as a [`Game`] (its moves and the
//! value of a full board under the chosen [`Rule`]) and a [`TieredGame`]:
//! a placement adds a pip and a capture keeps the pips and removes dice,
//! so the tier (pips, fewer dice) rises with every move. A board is solved
//! by [`tiered::solve_reachable`], which makes each move once and keeps
//! every tier.
//!
//! Positions are stored up to the symmetries of the board (eight for a
//! square, four for another rectangle): the empty board is symmetric, so
//! every image of a reachable position is reachable too and worth the same.

use super::board::{Position, Size};
use super::moves::Neighbours;
use crate::solve::cache::{self, Header, Invalid, Packed};
use crate::solve::tiered::{self, Hashed, Progress, SolvedTier, TierIndex, TieredGame};
use crate::solve::{Game, Outcome};
use crate::symmetry::Symmetry;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// Who wins on the full board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Rule {
    /// Steere's rule: more dice wins; equal counts tie.
    #[default]
    Majority,
    /// The CodinGame statement's rule: more dice showing 6 wins; equal
    /// counts tie.
    Sixes,
}

impl Rule {
    /// Both rules.
    pub const ALL: [Rule; 2] = [Rule::Majority, Rule::Sixes];

    /// `majority` or `sixes`.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Majority => "majority",
            Rule::Sixes => "sixes",
        }
    }

    /// Who wins, in a sentence.
    pub const fn goal(self) -> &'static str {
        match self {
            Rule::Majority => {
                "The goal (majority rule): more dice than your opponent on the full board; equal counts tie."
            }
            Rule::Sixes => {
                "The goal (sixes rule): more dice showing 6 than your opponent on the full board; equal counts tie."
            }
        }
    }

    /// The value of a full board for the side to move.
    pub fn full_board_value(self, position: Position) -> Outcome {
        let sixes = self == Rule::Sixes;
        let mover = position.to_move();
        let (mine, theirs) = (position.count(mover, sixes), position.count(mover.other(), sixes));
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => Outcome::Win(0),
            std::cmp::Ordering::Less => Outcome::Loss(0),
            std::cmp::Ordering::Equal => Outcome::Tie(0),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rule name that is neither `majority` nor `sixes`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{}` is not a rule: majority or sixes", crate::text::shortened(.0, 32))]
pub struct RuleError(pub String);

impl FromStr for Rule {
    type Err = RuleError;

    fn from_str(s: &str) -> Result<Rule, RuleError> {
        Rule::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| RuleError(s.to_owned()))
    }
}

/// A position of a board of at most 15 cells in 64 bits,
/// the form the solver stores: the cells' four bits each as in
/// [`Position`], and the side to move in the top bit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Key(u64);

/// The most cells a [`Key`] holds.
pub const MAX_KEY_CELLS: usize = 15;

const KEY_SIDE: u64 = 1 << 63;
/// The low three bits of every cell: the values.
const VALUES: u64 = 0x0777_7777_7777_7777;
/// The low bit of every cell.
const UNITS: u64 = 0x0111_1111_1111_1111;

impl Key {
    /// The sum of the values of the dice.
    #[inline]
    const fn pips(self) -> u32 {
        let v = self.0 & VALUES;
        // Pairs of cells summed into bytes (at most 12 each), then the
        // bytes summed by a multiply: at most 90, so no byte overflows.
        let bytes = (v & 0x0f0f_0f0f_0f0f_0f0f) + ((v >> 4) & 0x0f0f_0f0f_0f0f_0f0f);
        (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
    }

    /// How many cells hold a die: a die's cell has a value bit set.
    #[inline]
    const fn dice(self) -> u32 {
        let v = self.0 & VALUES;
        ((v | (v >> 1) | (v >> 2)) & UNITS).count_ones()
    }
}

/// Cephalopod on one board size under one rule, for the solvers.
#[derive(Clone, Debug)]
pub struct Cephalopod {
    size: Size,
    rule: Rule,
    /// For each symmetry other than the identity, where each cell goes.
    images: Vec<[u8; super::board::MAX_CELLS]>,
    /// The board's symmetries on a [`Key`]'s cells, as generators whose
    /// products give every symmetry (see [`KeySymmetries`]).
    key_symmetries: KeySymmetries,
    /// For each cell, what a move there reads and writes in a [`Key`].
    key_cells: Vec<KeyCell>,
    /// The low bit of each cell of the board.
    key_units: u64,
    /// For the values of a cell's (up to) four neighbours, three bits each,
    /// a bit for each set of neighbours that a placement there may capture:
    /// at least two dice, summing to at most 6.
    captures: Vec<u16>,
}

/// A permutation of a [`Key`]'s cells, as groups of cells that all move
/// by the same distance: a mask and a rotation each (a rotation moves a
/// group within the 60 bits of cells, since every image is a cell).
#[derive(Clone, Copy, Debug, Default)]
struct KeyPermutation {
    groups: [(u64, u32); MAX_KEY_CELLS],
    len: usize,
}

impl KeyPermutation {
    fn of(to: &[u8], cells: usize) -> KeyPermutation {
        let mut p = KeyPermutation::default();
        for (i, &dest) in to.iter().enumerate().take(cells) {
            let rotation = ((4 * (i64::from(dest) - i as i64)).rem_euclid(64)) as u32;
            let nibble = 0xf << (4 * i);
            match p.groups[..p.len].iter_mut().find(|g| g.1 == rotation) {
                Some(g) => g.0 |= nibble,
                None => {
                    p.groups[p.len] = (nibble, rotation);
                    p.len += 1;
                }
            }
        }
        p
    }

    #[inline]
    fn apply(&self, cells: u64) -> u64 {
        self.groups[..self.len]
            .iter()
            .fold(0, |image, &(mask, rotation)| {
                image | (cells & mask).rotate_left(rotation)
            })
    }
}

/// The symmetries of a board on [`Key`] cells: the identity, the mirror
/// images left-right (`h`) and top-bottom (`v`) and both, and on a square
/// board the transposes of those four: every symmetry of the board.
#[derive(Clone, Debug, Default)]
struct KeySymmetries {
    h: KeyPermutation,
    v: KeyPermutation,
    transpose: Option<KeyPermutation>,
}

impl KeySymmetries {
    fn of(size: Size) -> KeySymmetries {
        let (rows, cols) = (size.rows(), size.cols());
        let permutation = |map: &dyn Fn(usize, usize) -> (usize, usize)| {
            let to: Vec<u8> = (0..rows * cols)
                .map(|i| {
                    let (r, c) = map(i / cols, i % cols);
                    (r * cols + c) as u8
                })
                .collect();
            KeyPermutation::of(&to, rows * cols)
        };
        KeySymmetries {
            h: permutation(&|r, c| (r, cols - 1 - c)),
            v: permutation(&|r, c| (rows - 1 - r, c)),
            transpose: (rows == cols).then(|| permutation(&|r, c| (c, r))),
        }
    }

    /// The images of `cells` under every symmetry, the identity first:
    /// eight, with each image twice on a board that is not square.
    #[inline]
    fn images(&self, cells: u64) -> [u64; 8] {
        let h = self.h.apply(cells);
        let v = self.v.apply(cells);
        let hv = self.v.apply(h);
        match &self.transpose {
            Some(t) => [
                cells,
                h,
                v,
                hv,
                t.apply(cells),
                t.apply(h),
                t.apply(v),
                t.apply(hv),
            ],
            None => [cells, h, v, hv, cells, h, v, hv],
        }
    }

    /// The least image of `cells`.
    #[inline]
    fn least(&self, cells: u64) -> u64 {
        self.images(cells).into_iter().min().unwrap_or(cells)
    }
}

/// What a placement on one cell reads and writes in a [`Key`].
#[derive(Clone, Copy, Debug)]
struct KeyCell {
    /// Where the cell's nibble starts.
    shift: u32,
    /// Where each neighbour's nibble starts; 60, which holds no value
    /// bits, for a neighbour the cell lacks.
    neighbours: [u32; 4],
    /// For each set of neighbours (a bit each), the mask of their nibbles.
    sets: [u64; 16],
    /// The same masks' images under each symmetry, in the order of
    /// [`KeySymmetries::images`].
    set_images: [[u64; 16]; 8],
    /// Where the cell's image under each symmetry starts.
    shift_images: [u32; 8],
}

impl Cephalopod {
    /// The game on a board of `size` under `rule`, with its symmetries' tables.
    pub fn new(size: Size, rule: Rule) -> Cephalopod {
        let (rows, cols) = (size.rows(), size.cols());
        let images: Vec<[u8; super::board::MAX_CELLS]> = Symmetry::of_grid(rows, cols)
            .iter()
            .filter(|&&s| s != Symmetry::IDENTITY)
            .map(|&s| {
                let mut to = [0u8; super::board::MAX_CELLS];
                for (i, slot) in to.iter_mut().enumerate().take(size.cells()) {
                    let (r, c) = s.map_grid(rows, cols, i / cols, i % cols);
                    *slot = (r * cols + c) as u8;
                }
                to
            })
            .collect();
        let neighbours = Neighbours::of(size);
        let keyed = size.cells() <= MAX_KEY_CELLS;
        let key_symmetries = if keyed {
            KeySymmetries::of(size)
        } else {
            KeySymmetries::default()
        };
        let key_cells = if keyed {
            (0..size.cells())
                .map(|cell| {
                    let around = neighbours.of_cell(cell);
                    let mut shifts = [60u32; 4];
                    for (slot, &n) in shifts.iter_mut().zip(around) {
                        *slot = 4 * u32::from(n);
                    }
                    let mut sets = [0u64; 16];
                    for (set, mask) in sets.iter_mut().enumerate() {
                        for (k, &n) in around.iter().enumerate() {
                            if set & (1 << k) != 0 {
                                *mask |= 0xf << (4 * n);
                            }
                        }
                    }
                    let mut set_images = [[0u64; 16]; 8];
                    for (set, &mask) in sets.iter().enumerate() {
                        for (k, image) in key_symmetries.images(mask).into_iter().enumerate() {
                            set_images[k][set] = image;
                        }
                    }
                    let shift_images = key_symmetries.images(0xf << (4 * cell)).map(u64::trailing_zeros);
                    KeyCell {
                        shift: 4 * cell as u32,
                        neighbours: shifts,
                        sets,
                        set_images,
                        shift_images,
                    }
                })
                .collect()
        } else {
            Vec::new()
        };
        let captures = (0..1 << 12)
            .map(|packed: u32| {
                let values: Vec<u32> = (0..4).map(|k| (packed >> (3 * k)) & 7).collect();
                (0..16u32)
                    .filter(|set| {
                        let chosen: Vec<u32> = (0..4)
                            .filter(|k| set & (1 << k) != 0)
                            .map(|k| values[k])
                            .collect();
                        chosen.len() >= 2 && chosen.iter().all(|&v| v != 0) && chosen.iter().sum::<u32>() <= 6
                    })
                    .fold(0u16, |bits, set| bits | 1 << set)
            })
            .collect();
        Cephalopod {
            size,
            rule,
            images,
            key_symmetries,
            key_cells,
            key_units: if keyed {
                UNITS & ((1 << (4 * size.cells())) - 1)
            } else {
                0
            },
            captures,
        }
    }

    /// The board.
    pub const fn size(&self) -> Size {
        self.size
    }

    /// The rule that decides a full board.
    pub const fn rule(&self) -> Rule {
        self.rule
    }

    /// Every image of `position` under the board's symmetries, itself first.
    pub fn images(&self, position: Position) -> impl Iterator<Item = Position> + '_ {
        let cells = position.cell_bits();
        std::iter::once(position).chain(self.images.iter().map(move |to| {
            let mut image = 0u128;
            for (i, &dest) in to.iter().enumerate().take(self.size.cells()) {
                image |= ((cells >> (4 * i)) & 0xf) << (4 * dest);
            }
            position.with_cell_bits(image)
        }))
    }

    /// The solver's form of `position`, for boards of at most 15 cells
    /// (every board the solver takes).
    pub fn key(&self, position: Position) -> Key {
        debug_assert!(self.size.cells() <= MAX_KEY_CELLS);
        let side = if position.to_move() == super::board::Player::Black {
            KEY_SIDE
        } else {
            0
        };
        Key(position.cell_bits() as u64 | side)
    }

    /// The position of `key` on this board.
    pub fn position(&self, key: Key) -> Position {
        let to_move = if key.0 & KEY_SIDE == 0 {
            super::board::Player::White
        } else {
            super::board::Player::Black
        };
        Position::start(self.size)
            .with_cell_bits(u128::from(key.0 & !KEY_SIDE))
            .with_to_move(to_move)
    }

    /// Each move in `key`, as [`Game::for_each_successor`] makes them: the
    /// cell the die goes on, the set of its neighbours it captures (the
    /// set's number in [`KeyCell::sets`], 0 for none) and the die's nibble
    /// (the mover's owner bit and the value).
    #[inline]
    fn for_each_key_move(&self, key: Key, mut visit: impl FnMut(&KeyCell, usize, u64)) {
        // The mover's owner bit in a cell: 8 for black, who moves when the
        // side bit (bit 63) is set.
        let owner = (key.0 & KEY_SIDE) >> 60;
        let values = key.0 & VALUES;
        let occupied = (values | (values >> 1) | (values >> 2)) & UNITS;
        let mut empty = self.key_units & !occupied;
        while empty != 0 {
            let cell = &self.key_cells[(empty.trailing_zeros() / 4) as usize];
            empty &= empty - 1;
            let around = cell.neighbours.iter().enumerate().fold(0, |packed, (k, &shift)| {
                packed | (((values >> shift) & 7) << (3 * k))
            });
            let mut sets = self.captures[around as usize];
            if sets == 0 {
                visit(cell, 0, owner | 1);
            }
            while sets != 0 {
                let set = sets.trailing_zeros() as usize;
                sets &= sets - 1;
                visit(cell, set, owner | u64::from(Key(values & cell.sets[set]).pips()));
            }
        }
    }

    /// The tier of a position with `pips` and `dice`.
    const fn tier_of(pips: u32, dice: u32) -> u16 {
        ((pips as u16) << 8) | (255 - dice as u16)
    }
}

impl Game for Cephalopod {
    type Position = Key;

    /// The moves of `for_each_move`, made on the [`Key`]
    /// itself: a placement on each empty cell, with each capture set that
    /// the neighbours' values allow, or a 1 if there is none.
    #[inline]
    fn for_each_successor(&self, key: Key, mut visit: impl FnMut(Key)) {
        let cells = key.0 & !KEY_SIDE;
        let next = (key.0 & KEY_SIDE) ^ KEY_SIDE;
        self.for_each_key_move(key, |cell, set, die| {
            visit(Key((cells & !cell.sets[set]) | (die << cell.shift) | next))
        });
    }

    fn primitive(&self, key: Key) -> Option<Outcome> {
        (key.dice() as usize == self.size.cells()).then(|| self.rule.full_board_value(self.position(key)))
    }
}

impl TieredGame for Cephalopod {
    /// Pips in the high byte, and 255 less the dice in the low one.
    type Tier = u16;

    #[inline]
    fn tier(&self, key: Key) -> u16 {
        Cephalopod::tier_of(key.pips(), key.dice())
    }

    #[inline]
    fn canonical(&self, key: Key) -> Key {
        Key(self.key_symmetries.least(key.0 & !KEY_SIDE) | (key.0 & KEY_SIDE))
    }

    /// The successors of [`Game::for_each_successor`], each made least
    /// among its images from the parent's images: a move changes a few
    /// cells, and each symmetry moves those cells to known places.
    #[inline]
    fn for_each_canonical_successor(&self, key: Key, mut visit: impl FnMut(Key)) {
        let images = self.key_symmetries.images(key.0 & !KEY_SIDE);
        let next = (key.0 & KEY_SIDE) ^ KEY_SIDE;
        self.for_each_key_move(key, |cell, set, die| {
            let mut least = u64::MAX;
            for ((&image, masks), &shift) in images.iter().zip(&cell.set_images).zip(&cell.shift_images) {
                least = least.min((image & !masks[set]) | (die << shift));
            }
            visit(Key(least | next))
        });
    }

    /// A move into pips `p` comes from pips `p - 1` (a placement) or from
    /// pips `p` with more dice (a capture).
    fn least_parent(&self, tier: u16) -> Option<u16> {
        Some((tier >> 8).saturating_sub(1) << 8)
    }
}

/// The most cells a board may have to be solved whole here: larger boards
/// have too many positions for the memory of the machines this is built
/// for, so they are refused before any work starts.
pub const MAX_SOLVED_CELLS: usize = 9;

/// Why a board cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// A board of more cells than strong solving takes.
    #[error(
        "a {0} board is too large to solve here: strong solving stops at {MAX_SOLVED_CELLS} cells \
         (3x3, 2x4, 4x2 and smaller)"
    )]
    TooLarge(Size),
    /// The temporary file that holds the moves during a solve failed.
    #[error("cannot keep the moves in a temporary file while solving: {0}")]
    Spill(String),
}

/// The value of every position reachable from the empty board.
#[derive(Clone, Debug)]
pub struct Solution {
    game: Cephalopod,
    tiers: BTreeMap<u16, SolvedTier<Hashed<Key>>>,
}

/// Where a solution came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Provenance {
    /// Read from the solved-game file at this path.
    Cached(PathBuf),
    /// Solved now, and written to this path if it is `Some`.
    Solved(Option<PathBuf>),
}

impl Packed for Key {
    fn to_bits(self) -> u64 {
        self.0
    }
    fn from_bits(bits: u64) -> Key {
        Key(bits)
    }
}

impl Solution {
    /// Strongly solves the board of `size` under `rule`, reporting on
    /// `progress` as it goes.
    pub fn solve(size: Size, rule: Rule, progress: impl FnMut(Progress)) -> Result<Solution, SolveError> {
        if size.cells() > MAX_SOLVED_CELLS {
            return Err(SolveError::TooLarge(size));
        }
        let game = Cephalopod::new(size, rule);
        let start = game.key(Position::start(size));
        let tiers = tiered::solve_reachable(&game, [start], progress)
            .map_err(|e| SolveError::Spill(e.to_string()))?;
        Ok(Solution { game, tiers })
    }

    /// The solution of `size` under `rule` from its solved-game file in
    /// `cache` if there is a valid one, or solved now and written there.
    /// A file that is damaged, truncated or of another version is reported
    /// to `notice` and replaced; a file that cannot be written is reported
    /// and the solution used all the same.
    pub fn load_or_solve(
        size: Size,
        rule: Rule,
        cache: Option<&Path>,
        progress: impl FnMut(Progress),
        mut notice: impl FnMut(String),
    ) -> Result<(Solution, Provenance), SolveError> {
        if size.cells() > MAX_SOLVED_CELLS {
            return Err(SolveError::TooLarge(size));
        }
        let header = Header {
            game: "cephalopod".into(),
            variant: format!("{size} {rule}"),
        };
        let path =
            cache.map(|dir| dir.join(format!("cephalopod-{size}-{rule}.v{}.bin", cache::FORMAT_VERSION)));
        if let Some(path) = &path
            && path.exists()
        {
            let game = Cephalopod::new(size, rule);
            match cache::read::<Key>(path, &header).and_then(|tiers| Solution::checked(game, tiers)) {
                Ok(solution) => return Ok((solution, Provenance::Cached(path.clone()))),
                Err(why) => notice(format!(
                    "solving again: the solved-game file {} is not used: {why}",
                    path.display()
                )),
            }
        }
        let solution = Solution::solve(size, rule, progress)?;
        let written = path.filter(|path| {
            let tiers = solution
                .tiers
                .iter()
                .map(|(&t, s)| (u64::from(t), s.clone()))
                .collect();
            match cache::write(path, &header, &tiers) {
                Ok(()) => true,
                Err(e) => {
                    notice(format!(
                        "cannot write the solved-game file {}: {e}",
                        path.display()
                    ));
                    false
                }
            }
        });
        Ok((solution, Provenance::Solved(written)))
    }

    /// A solution from tiers read from a file, if every position is a valid
    /// position of its tier and the empty board is there.
    fn checked(game: Cephalopod, tiers: BTreeMap<u64, SolvedTier<Hashed<Key>>>) -> Result<Solution, Invalid> {
        let cells = game.size.cells();
        let used: u64 = if cells * 4 >= 64 {
            u64::MAX
        } else {
            (1 << (4 * cells)) - 1
        };
        let mut solved = BTreeMap::new();
        for (tier, s) in tiers {
            let tier = u16::try_from(tier).map_err(|_| Invalid::Inconsistent("a tier is out of range"))?;
            let valid = s.index.as_slice().iter().all(|&k| {
                let cells_ok = (0..cells).all(|i| {
                    let nibble = (k.0 >> (4 * i)) & 0xf;
                    nibble & 7 <= 6 && nibble != 8 && (nibble & 7 != 0 || nibble == 0)
                });
                k.0 & !(used | KEY_SIDE) == 0 && cells_ok && game.tier(k) == tier && game.canonical(k) == k
            });
            if !valid {
                return Err(Invalid::Inconsistent("a position is not one of its tier"));
            }
            solved.insert(tier, s);
        }
        if !cache::values_are_valid(&solved) {
            return Err(Invalid::Inconsistent("a value is not a win, loss or tie"));
        }
        let solution = Solution { game, tiers: solved };
        if solution.value(Position::start(solution.game.size)).is_none() {
            return Err(Invalid::Inconsistent("the empty board is missing"));
        }
        Ok(solution)
    }

    /// The game this solves.
    pub fn game(&self) -> &Cephalopod {
        &self.game
    }

    /// The value of `position` for the side to move, or `None` if it is not
    /// of this board or not reachable from the empty board.
    pub fn value(&self, position: Position) -> Option<Outcome> {
        if position.size() != self.game.size {
            return None;
        }
        let canonical = self.game.canonical(self.game.key(position));
        let tier = self.tiers.get(&self.game.tier(canonical))?;
        tier.index.index(canonical).map(|i| tier.outcome(i))
    }

    /// How many positions are stored: the reachable ones up to symmetry.
    pub fn classes(&self) -> u64 {
        self.tiers.values().map(|t| t.values.len() as u64).sum()
    }

    /// Every stored position (one per class of symmetric positions) with
    /// its value.
    pub fn iter(&self) -> impl Iterator<Item = (Position, Outcome)> + '_ {
        self.tiers.values().flat_map(|t| {
            let game = &self.game;
            t.index
                .as_slice()
                .iter()
                .enumerate()
                .map(move |(i, &k)| (game.position(k), t.outcome(i)))
        })
    }

    /// Each legal move in `position` with its value for the player making
    /// it, or `None` if a successor is not in the solution.
    pub fn move_values(&self, position: Position) -> Option<Vec<(super::moves::Move, Outcome)>> {
        position
            .moves()
            .into_iter()
            .map(|m| Some((m, self.value(position.play(m))?.parent())))
            .collect()
    }

    /// The longest game possible from the empty board, in plies: every
    /// line of play, not only perfect ones.
    pub fn longest_game(&self) -> u32 {
        let indices: BTreeMap<u16, &Hashed<Key>> = self.tiers.iter().map(|(&t, s)| (t, &s.index)).collect();
        let start = self
            .game
            .canonical(self.game.key(Position::start(self.game.size)));
        let start_tier = self.game.tier(start);
        let mut longest = 0;
        tiered::longest_lines(&self.game, &indices, |tier, index, lengths| {
            if tier == start_tier
                && let Some(i) = index.index(start)
            {
                longest = u32::from(lengths[i]);
            }
        });
        longest
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::solve::negamax::Negamax;

    /// The game on whole positions, without symmetry, for negamax: the
    /// same values.
    struct Plain(Rule);

    impl Game for Plain {
        type Position = Position;
        fn for_each_successor(&self, p: Position, mut visit: impl FnMut(Position)) {
            p.moves().into_iter().for_each(|m| visit(p.play(m)))
        }
        fn primitive(&self, p: Position) -> Option<Outcome> {
            p.is_full().then(|| self.0.full_board_value(p))
        }
    }

    fn solved(size: &str, rule: Rule) -> Solution {
        Solution::solve(size.parse().unwrap(), rule, |_| {}).unwrap()
    }

    #[test]
    fn the_specs_small_boards() {
        let start = |s: &str| Position::start(s.parse().unwrap());
        for (size, rule, value) in [
            ("1x3", Rule::Majority, Outcome::Win(3)),
            ("1x3", Rule::Sixes, Outcome::Tie(3)),
            ("2x2", Rule::Majority, Outcome::Tie(14)),
            ("2x2", Rule::Sixes, Outcome::Tie(14)),
            ("2x3", Rule::Majority, Outcome::Loss(26)),
            ("3x2", Rule::Sixes, Outcome::Loss(26)),
        ] {
            assert_eq!(
                solved(size, rule).value(start(size)),
                Some(value),
                "{size} {rule}"
            );
        }
    }

    #[test]
    fn tiered_values_agree_with_negamax_without_symmetry() {
        for (size, rule) in [
            ("2x2", Rule::Majority),
            ("2x3", Rule::Sixes),
            ("1x5", Rule::Majority),
        ] {
            let solution = solved(size, rule);
            let mut negamax = Negamax::new(Plain(rule));
            for (p, value) in solution.iter() {
                assert_eq!(negamax.solve(p), value, "{p}");
            }
        }
    }

    /// Random positions of every board a [`Key`] holds: each cell empty or
    /// a die of either owner (a splitmix sequence, seeded).
    fn random_keys(size: Size, count: usize, mut seed: u64) -> Vec<Position> {
        let mut next = move || {
            seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let z = (seed ^ (seed >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        (0..count)
            .map(|_| {
                let mut p = Position::start(size);
                for cell in 0..size.cells() {
                    let r = next();
                    if r % 3 != 0 {
                        let die = super::super::board::Die {
                            owner: if r & 8 == 0 {
                                super::super::board::Player::White
                            } else {
                                super::super::board::Player::Black
                            },
                            value: ((r >> 8) % 6 + 1) as u8,
                        };
                        p = p.with_die(cell, Some(die));
                    }
                }
                if next() & 1 == 1 {
                    p = p.with_to_move(super::super::board::Player::Black);
                }
                p
            })
            .collect()
    }

    #[test]
    fn key_moves_and_symmetries_agree_with_positions() {
        for size in [
            "1x2", "1x5", "2x2", "2x3", "3x3", "2x4", "4x2", "2x5", "3x4", "4x3", "3x5", "5x3",
        ] {
            let size: Size = size.parse().unwrap();
            let game = Cephalopod::new(size, Rule::Majority);
            for p in random_keys(size, 3000, size.cells() as u64) {
                let mut by_key = Vec::new();
                if !p.is_full() {
                    game.for_each_successor(game.key(p), |k| by_key.push(game.position(k)));
                }
                by_key.sort_unstable();
                let mut by_position: Vec<Position> = p.moves().into_iter().map(|m| p.play(m)).collect();
                by_position.sort_unstable();
                assert_eq!(by_key, by_position, "{p}");
                let mut canonical = Vec::new();
                if !p.is_full() {
                    game.for_each_canonical_successor(game.key(p), |k| canonical.push(k));
                }
                canonical.sort_unstable();
                let mut expected: Vec<Key> =
                    by_position.iter().map(|&c| game.canonical(game.key(c))).collect();
                expected.sort_unstable();
                assert_eq!(canonical, expected, "{p}");
                let least = game.images(p).map(|i| game.key(i)).min().unwrap();
                assert_eq!(game.canonical(game.key(p)), least, "{p}");
                assert_eq!(
                    game.tier(game.key(p)),
                    Cephalopod::tier_of(p.pips(), p.dice()),
                    "{p}"
                );
            }
        }
    }

    #[test]
    fn images_of_a_position_are_worth_the_same() {
        let solution = solved("2x3", Rule::Majority);
        for (p, value) in solution.iter() {
            for image in solution.game().images(p) {
                assert_eq!(solution.value(image), Some(value), "{image} of {p}");
            }
        }
    }

    #[test]
    fn the_longest_game_is_found() {
        // 1x2: two placements, no capture is possible (a capture needs two
        // neighbours of an empty cell).
        assert_eq!(solved("1x2", Rule::Majority).longest_game(), 2);
        // 1x3: the middle cell captures two ones (a3 b... ), so a line can
        // last longer than three plies.
        assert!(solved("1x3", Rule::Majority).longest_game() > 3);
    }

    #[test]
    fn solutions_persist_and_damaged_files_are_rebuilt() {
        let dir = std::env::temp_dir().join(format!("gamespace-ceph-cache-{}", std::process::id()));
        let size: Size = "2x3".parse().unwrap();
        let solve = |notices: &mut Vec<String>| {
            Solution::load_or_solve(size, Rule::Sixes, Some(&dir), |_| {}, |n| notices.push(n)).unwrap()
        };
        let mut notices = Vec::new();
        let (first, from) = solve(&mut notices);
        let Provenance::Solved(Some(path)) = from else {
            panic!("first solve writes the file: {from:?}")
        };
        let (second, from) = solve(&mut notices);
        assert_eq!(from, Provenance::Cached(path.clone()));
        assert!(notices.is_empty(), "{notices:?}");
        for (p, v) in first.iter() {
            assert_eq!(second.value(p), Some(v));
        }
        let good = std::fs::read(&path).unwrap();
        let truncated = &good[..good.len() / 2];
        let mut flipped = good.clone();
        flipped[good.len() - 10] ^= 1;
        let mut outdated = good.clone();
        outdated[8] = 0;
        for bad in [truncated.to_vec(), flipped, outdated] {
            std::fs::write(&path, &bad).unwrap();
            notices.clear();
            let (again, from) = solve(&mut notices);
            assert_eq!(from, Provenance::Solved(Some(path.clone())));
            assert_eq!(notices.len(), 1, "{notices:?}");
            assert_eq!(again.classes(), first.classes());
            assert_eq!(std::fs::read(&path).unwrap(), good);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn boards_too_large_are_refused_before_work() {
        let err = Solution::solve("4x4".parse().unwrap(), Rule::Majority, |_| panic!("no work")).unwrap_err();
        assert!(err.to_string().contains("too large"));
    }

    #[test]
    fn rules_read_back_their_names_and_refuse_others_with_a_typed_error() {
        for rule in Rule::ALL {
            assert_eq!(rule.name().parse(), Ok(rule));
        }
        let error = "most\u{1b}".parse::<Rule>().unwrap_err();
        assert_eq!(error, RuleError("most\u{1b}".to_owned()));
        assert_eq!(
            error.to_string(),
            r"`most\u{1b}` is not a rule: majority or sixes"
        );
    }
}
