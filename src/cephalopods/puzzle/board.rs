//! The packed 3x3 board, its hash and its eight symmetric images.
//!
//! Cells are numbered row by row from the top left, and cell `i` holds its
//! die value (0 for empty) in bits `3i..3i+3`:
//!
//! ```text
//!  0 | 1 | 2        bits  0.. 9: top row
//! ---+---+---
//!  3 | 4 | 5        bits  9..18: middle row
//! ---+---+---
//!  6 | 7 | 8        bits 18..27: bottom row
//! ```
//!
//! Whole rows are 9-bit fields, so the symmetries can be computed from a few
//! row-sized lookup tables instead of nine cell moves each.

use crate::symmetry::Symmetry;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// How many cells a board has.
pub const CELLS: usize = 9;
const CELL_BITS: u32 = 3;
const CELL_MASK: u32 = 0b111;
pub(crate) const ROW_BITS: u32 = 9;
const ROW_MASK: u32 = (1 << ROW_BITS) - 1;

/// A 3x3 Cephalopods board: each cell empty (0) or a die showing 1 to 6.
///
/// Its text form ([`FromStr`], [`fmt::Display`]) is the nine cells in
/// reading order, as the contest's input gives them; `Debug` writes the
/// rows with `/` between them.
///
/// ```
/// use gamespace::cephalopods::Board;
///
/// let board: Board = "0 6 0 / 6 1 6 / 0 6 0".parse()?;
/// assert_eq!(board, Board::try_from_cells([0, 6, 0, 6, 1, 6, 0, 6, 0])?);
/// assert_eq!(board.to_string(), "0 6 0\n6 1 6\n0 6 0");
/// assert_eq!(format!("{board:?}"), "Board(060/616/060)");
/// assert_eq!((board.pips(), board.dice(), board.hash()), (25, 5, 60_616_060));
///
/// let error = Board::try_from_cells([0, 0, 0, 0, 7, 0, 0, 0, 0]).unwrap_err();
/// assert_eq!(error.to_string(), "cell 5 (row 2, column 2) holds 7: a die shows 1 to 6, and 0 is empty");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Board(u32);

/// Why cells do not make a board.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum BoardError {
    /// A cell holds a value no die shows.
    #[error("cell {cell} (row {row}, column {col}) holds {value}: a die shows 1 to 6, and 0 is empty", row = (cell - 1) / 3 + 1, col = (cell - 1) % 3 + 1)]
    NotADie {
        /// The cell, 1 to 9 in reading order.
        cell: usize,
        /// What it holds.
        value: u8,
    },
    /// A character of the text is neither a die value, a space nor `/`.
    #[error("cell {cell} (row {row}, column {col}) is `{found}`, not a die value 0 to 6", row = (cell - 1) / 3 + 1, col = (cell - 1) % 3 + 1)]
    NotADigit {
        /// The cell, 1 to 9 in reading order.
        cell: usize,
        /// The character found there.
        found: char,
    },
    /// The text has too few or too many cells.
    #[error("a board has 9 cells, not {found}")]
    CellCount {
        /// How many it has.
        found: usize,
    },
}

impl Board {
    /// The board with no die.
    pub const EMPTY: Board = Board(0);

    /// The board with these cell values in reading order, or the first
    /// cell that is not `0..=6`.
    pub const fn try_from_cells(cells: [u8; CELLS]) -> Result<Board, BoardError> {
        let mut i = 0;
        while i < CELLS {
            if cells[i] > 6 {
                return Err(BoardError::NotADie {
                    cell: i + 1,
                    value: cells[i],
                });
            }
            i += 1;
        }
        Ok(Board::from_cells(cells))
    }

    /// The board with these cell values in reading order, for values known
    /// to be dice, such as constants; [`Board::try_from_cells`] checks them.
    ///
    /// # Panics
    ///
    /// If a cell is not `0..=6`.
    pub const fn from_cells(cells: [u8; CELLS]) -> Board {
        let mut packed = 0;
        let mut i = 0;
        while i < CELLS {
            assert!(cells[i] <= 6, "a die shows 1 to 6");
            packed |= (cells[i] as u32) << (CELL_BITS * i as u32);
            i += 1;
        }
        Board(packed)
    }

    /// The cell values in reading order, 0 for an empty cell.
    pub const fn cells(self) -> [u8; CELLS] {
        let mut cells = [0; CELLS];
        let mut i = 0;
        while i < CELLS {
            cells[i] = self.cell(i);
            i += 1;
        }
        cells
    }

    pub(crate) const fn from_packed(packed: u32) -> Board {
        Board(packed)
    }

    pub(crate) const fn packed(self) -> u32 {
        self.0
    }

    /// The value of cell `i` (0 to 8, in reading order), 0 if it is empty.
    pub const fn cell(self, i: usize) -> u8 {
        ((self.0 >> (CELL_BITS * i as u32)) & CELL_MASK) as u8
    }

    /// A mask with the three bits of cell `i` set.
    pub(crate) const fn cell_mask(i: usize) -> u32 {
        CELL_MASK << (CELL_BITS * i as u32)
    }

    /// A bit per cell (bit `i` for cell `i`) set where the cell is empty.
    pub(crate) const fn empty_cells(self) -> u32 {
        let mut empty = 0;
        let mut i = 0;
        while i < CELLS {
            if self.cell(i) == 0 {
                empty |= 1 << i;
            }
            i += 1;
        }
        empty
    }

    /// The total of all dice values.
    pub const fn pips(self) -> u32 {
        let mut total = 0;
        let mut i = 0;
        while i < CELLS {
            total += self.cell(i) as u32;
            i += 1;
        }
        total
    }

    /// How many cells hold a die.
    pub const fn dice(self) -> u32 {
        const LOW_BITS: u32 = 0o111_111_111;
        ((self.0 | (self.0 >> 1) | (self.0 >> 2)) & LOW_BITS).count_ones()
    }

    /// Whether every cell holds a die: the game is over.
    pub const fn is_full(self) -> bool {
        // A cell is occupied when any of its three bits is set; fold each
        // cell's bits into its lowest bit and check all nine are there.
        const LOW_BITS: u32 = 0o111_111_111;
        let occupied = (self.0 | (self.0 >> 1) | (self.0 >> 2)) & LOW_BITS;
        occupied == LOW_BITS
    }

    /// The contest's hash: the nine values read as a decimal number.
    pub const fn hash(self) -> u32 {
        ROW_HASH[0][(self.0 & ROW_MASK) as usize]
            + ROW_HASH[1][((self.0 >> ROW_BITS) & ROW_MASK) as usize]
            + ROW_HASH[2][(self.0 >> (2 * ROW_BITS)) as usize]
    }

    /// The board seen under each of the eight symmetries, in the order of
    /// [`IMAGE_SYMMETRY`].
    #[inline]
    pub(crate) fn images(self) -> [Board; 8] {
        let [r0, r1, r2] = self.rows();
        let t = Board(SPREAD[r0] | (SPREAD[r1] << CELL_BITS) | (SPREAD[r2] << (2 * CELL_BITS)));
        let [t0, t1, t2] = t.rows();
        [
            self,
            Board::from_rows(REVERSE[r0], REVERSE[r1], REVERSE[r2]),
            Board::from_rows(r2 as u32, r1 as u32, r0 as u32),
            Board::from_rows(REVERSE[r2], REVERSE[r1], REVERSE[r0]),
            t,
            Board::from_rows(REVERSE[t0], REVERSE[t1], REVERSE[t2]),
            Board::from_rows(t2 as u32, t1 as u32, t0 as u32),
            Board::from_rows(REVERSE[t2], REVERSE[t1], REVERSE[t0]),
        ]
    }

    /// The least of the eight images, and the index of the image it is.
    #[inline]
    pub(crate) fn canonical(self) -> (Board, usize) {
        let images = self.images();
        let mut best = 0;
        for k in 1..8 {
            if images[k].0 < images[best].0 {
                best = k;
            }
        }
        (images[best], best)
    }

    /// The three rows, top first, each packed as a board of one row.
    pub(crate) const fn rows(self) -> [usize; 3] {
        [
            (self.0 & ROW_MASK) as usize,
            ((self.0 >> ROW_BITS) & ROW_MASK) as usize,
            (self.0 >> (2 * ROW_BITS)) as usize,
        ]
    }

    const fn from_rows(top: u32, middle: u32, bottom: u32) -> Board {
        Board(top | (middle << ROW_BITS) | (bottom << (2 * ROW_BITS)))
    }

    /// The board under symmetry `s`, cell by cell: the slow, obvious way,
    /// used to build and check the fast tables.
    pub(crate) const fn transformed(self, s: Symmetry) -> Board {
        let perm = s.cell_permutation::<3, 9>();
        let mut packed = 0;
        let mut i = 0;
        while i < CELLS {
            packed |= (self.cell(i) as u32) << (CELL_BITS * perm[i] as u32);
            i += 1;
        }
        Board(packed)
    }
}

/// `ROW_HASH[r][row]` is the hash contribution of a 9-bit `row` at row `r`.
static ROW_HASH: [[u32; 512]; 3] = {
    let mut table = [[0; 512]; 3];
    let mut r = 0;
    while r < 3 {
        let mut row = 0;
        while row < 512 {
            let mut value = 0;
            let mut c = 0;
            while c < 3 {
                let digit = (row >> (CELL_BITS * c)) as u32 & CELL_MASK;
                value = value * 10 + digit;
                c += 1;
            }
            let mut scale = 1;
            let mut k = r;
            while k < 2 {
                scale *= 1000;
                k += 1;
            }
            table[r][row] = value * scale;
            row += 1;
        }
        r += 1;
    }
    table
};

/// A row with its three cells in reverse order.
static REVERSE: [u32; 512] = {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        let r = row as u32;
        table[row] = ((r & CELL_MASK) << 6) | (r & (CELL_MASK << 3)) | (r >> 6);
        row += 1;
    }
    table
};

/// A row's three cells laid down the first column (cells 0, 3, 6).
static SPREAD: [u32; 512] = {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        let r = row as u32;
        table[row] = (r & CELL_MASK) | (((r >> 3) & CELL_MASK) << 9) | ((r >> 6) << 18);
        row += 1;
    }
    table
};

/// The symmetry that produces each entry of [`Board::images`].
pub(crate) const IMAGE_SYMMETRY: [Symmetry; 8] = {
    // Probe with a board whose cells are all different, via the slow path.
    let probe = Board::from_cells([1, 2, 3, 4, 5, 6, 0, 1, 2]);
    let r = probe.rows();
    let t = Board(SPREAD[r[0]] | (SPREAD[r[1]] << CELL_BITS) | (SPREAD[r[2]] << (2 * CELL_BITS)));
    let tr = t.rows();
    let fast = [
        probe,
        Board::from_rows(REVERSE[r[0]], REVERSE[r[1]], REVERSE[r[2]]),
        Board::from_rows(r[2] as u32, r[1] as u32, r[0] as u32),
        Board::from_rows(REVERSE[r[2]], REVERSE[r[1]], REVERSE[r[0]]),
        t,
        Board::from_rows(REVERSE[tr[0]], REVERSE[tr[1]], REVERSE[tr[2]]),
        Board::from_rows(tr[2] as u32, tr[1] as u32, tr[0] as u32),
        Board::from_rows(REVERSE[tr[2]], REVERSE[tr[1]], REVERSE[tr[0]]),
    ];
    let mut table = [Symmetry::IDENTITY; 8];
    let mut k = 0;
    while k < 8 {
        let mut s = 0;
        while probe.transformed(Symmetry(s)).0 != fast[k].0 {
            s += 1;
        }
        table[k] = Symmetry(s);
        k += 1;
    }
    table
};

impl fmt::Display for Board {
    /// Three lines of three space-separated digits, as in the input.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.cells();
        for r in 0..3 {
            if r > 0 {
                writeln!(f)?;
            }
            write!(f, "{} {} {}", c[3 * r], c[3 * r + 1], c[3 * r + 2])?;
        }
        Ok(())
    }
}

impl FromStr for Board {
    type Err = BoardError;

    /// Nine cells in reading order, each a digit `0` to `6`; ASCII
    /// whitespace and `/` may stand between them.
    fn from_str(text: &str) -> Result<Board, BoardError> {
        let mut cells = [0; CELLS];
        let mut found = 0;
        for c in text.chars().filter(|&c| c != '/' && !c.is_ascii_whitespace()) {
            if found < CELLS {
                match c.to_digit(10) {
                    Some(value @ 0..=6) => cells[found] = value as u8,
                    _ => {
                        return Err(BoardError::NotADigit {
                            cell: found + 1,
                            found: c,
                        });
                    }
                }
            }
            found += 1;
        }
        if found != CELLS {
            return Err(BoardError::CellCount { found });
        }
        Ok(Board::from_cells(cells))
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.cells();
        write!(
            f,
            "Board({}{}{}/{}{}{}/{}{}{})",
            c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8]
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_reads_the_cells_as_a_decimal_number() {
        let board = Board::from_cells([1, 0, 0, 3, 2, 1, 0, 1, 5]);
        assert_eq!(board.hash(), 100_321_015);
        assert_eq!(Board::from_cells([6; 9]).hash(), 666_666_666);
        assert_eq!(Board::EMPTY.hash(), 0);
    }

    #[test]
    fn fullness_needs_every_cell() {
        assert!(Board::from_cells([1, 2, 3, 4, 5, 6, 1, 2, 3]).is_full());
        assert!(!Board::from_cells([1, 2, 3, 4, 0, 6, 1, 2, 3]).is_full());
        assert!(!Board::EMPTY.is_full());
        for i in 0..9 {
            let mut cells = [4; 9];
            cells[i] = 0;
            assert!(!Board::from_cells(cells).is_full());
        }
    }

    #[test]
    fn fast_images_match_the_cell_by_cell_transform() {
        let mut seed = 12345u32;
        for _ in 0..2000 {
            let mut cells = [0u8; 9];
            for c in &mut cells {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                *c = ((seed >> 16) % 7) as u8;
            }
            let board = Board::from_cells(cells);
            let images = board.images();
            for k in 0..8 {
                assert_eq!(images[k], board.transformed(IMAGE_SYMMETRY[k]));
            }
            let (canonical, k) = board.canonical();
            assert_eq!(canonical, images[k]);
            assert!(images.iter().all(|&i| canonical <= i));
        }
    }

    #[test]
    fn images_cover_all_eight_symmetries() {
        let mut seen: Vec<_> = IMAGE_SYMMETRY.iter().map(|s| s.0).collect();
        seen.sort();
        assert_eq!(seen, [0, 1, 2, 3, 4, 5, 6, 7]);
    }
}
