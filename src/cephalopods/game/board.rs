//! Positions of Cephalopod, the two-player game, on boards of R x C cells.
//!
//! A position packs into one `u128`: four bits a cell, row by row from the
//! top left, then the side to move and the board's size:
//!
//! ```text
//!  bits 0..100    cell i in bits 4i..4i+4: 0 empty, 1-6 a white die,
//!                 9-14 a black die (bit 3 is the owner)
//!  bit  119       the side to move: 0 white, 1 black
//!  bits 120..128  rows (120..124) and columns (124..128)
//! ```
//!
//! The text form, from the spec, lists the rows from the top, each cell `.`
//! or the owner's letter and the value, then the side to move:
//!
//! ```text
//!   3 | w1  .  b2        "w1.b2/.w3./... b"
//!   2 |  .  w3  .
//!   1 |  .   .  .        black to move
//!       a   b   c
//! ```

use std::fmt;
use std::str::FromStr;

/// The most rows or columns a board may have.
pub const MAX_SIDE: u8 = 5;
/// The most cells a board may have.
pub const MAX_CELLS: usize = (MAX_SIDE as usize) * (MAX_SIDE as usize);

const SIDE_BIT: u32 = 119;
const ROWS_SHIFT: u32 = 120;
const COLS_SHIFT: u32 = 124;
const CELL_MASK: u128 = (1 << (4 * MAX_CELLS)) - 1;
const BLACK_DIE: u8 = 8;

/// One of the two players. White moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Moves first; `w` in positions.
    White,
    /// Moves second; `b` in positions.
    Black,
}

impl Player {
    /// The other player.
    pub const fn other(self) -> Player {
        match self {
            Player::White => Player::Black,
            Player::Black => Player::White,
        }
    }

    /// `w` or `b`, as in the position text.
    pub const fn letter(self) -> char {
        match self {
            Player::White => 'w',
            Player::Black => 'b',
        }
    }

    /// `white` or `black`.
    pub const fn name(self) -> &'static str {
        match self {
            Player::White => "white",
            Player::Black => "black",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A die on the board: its owner and the value it shows, 1 to 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Die {
    /// The player who owns it.
    pub owner: Player,
    /// The pips it shows, 1 to 6.
    pub value: u8,
}

/// The size of a board: 1 to 5 rows and columns, at least two cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Size {
    rows: u8,
    cols: u8,
}

/// What is wrong with a size or a position text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A size text that is not `RxC`.
    #[error("`{0}` is not a size RxC, such as 3x3")]
    SizeSyntax(String),
    /// A size outside the game.
    #[error(
        "a board of {rows}x{cols} is outside the game: rows and columns run 1 to 5, with at least two cells"
    )]
    SizeRange {
        /// The rows asked for.
        rows: u32,
        /// The columns asked for.
        cols: u32,
    },
    /// A position text without the side to move.
    #[error("`{0}` does not end with a space and the side to move, `w` or `b`")]
    NoSide(String),
    /// A side to move other than `w` and `b`.
    #[error("the side to move `{0}` is neither `w` nor `b`")]
    BadSide(String),
    /// A row of a position text that is not cells.
    #[error("row {row} `{text}`: {problem}")]
    Row {
        /// The row, from 1 at the top.
        row: usize,
        /// The row as it is written.
        text: String,
        /// What is wrong with it.
        problem: String,
    },
    /// A row of another length than the first.
    #[error("row {row} has {found} cells, but row 1 has {expected}")]
    Ragged {
        /// The row, from 1 at the top.
        row: usize,
        /// Its cells.
        found: usize,
        /// The first row's cells.
        expected: usize,
    },
    /// A position of another size than the board asked for.
    #[error("the position is {found}, but the board is {expected}")]
    WrongSize {
        /// The position's size.
        found: Size,
        /// The board's.
        expected: Size,
    },
}

impl Size {
    /// A board of `rows` x `cols` cells, if the game allows it.
    pub const fn new(rows: u32, cols: u32) -> Result<Size, BoardError> {
        if rows == 0 || cols == 0 || rows > MAX_SIDE as u32 || cols > MAX_SIDE as u32 || rows * cols < 2 {
            return Err(BoardError::SizeRange { rows, cols });
        }
        Ok(Size {
            rows: rows as u8,
            cols: cols as u8,
        })
    }

    /// The CodinGame board, 3x3.
    pub const SQUARE_3: Size = Size { rows: 3, cols: 3 };

    /// The number of rows.
    pub const fn rows(self) -> usize {
        self.rows as usize
    }

    /// The number of columns.
    pub const fn cols(self) -> usize {
        self.cols as usize
    }

    /// The number of cells, rows times columns.
    pub const fn cells(self) -> usize {
        self.rows() * self.cols()
    }

    /// The name of cell `i` (row by row from the top left): its file letter
    /// and its rank, counted from the bottom, as `a3`.
    pub fn cell_name(self, i: usize) -> String {
        let (row, col) = (i / self.cols(), i % self.cols());
        format!("{}{}", (b'a' + col as u8) as char, self.rows() - row)
    }

    /// The cell named `name` (`a3`), if it is on the board.
    pub fn cell_named(self, name: &str) -> Option<usize> {
        let mut chars = name.chars();
        let file = chars.next()?;
        let rank: usize = chars.as_str().parse().ok()?;
        if !file.is_ascii_lowercase() || chars.as_str().starts_with('+') {
            return None;
        }
        let col = (file as u8 - b'a') as usize;
        (col < self.cols() && (1..=self.rows()).contains(&rank))
            .then(|| (self.rows() - rank) * self.cols() + col)
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

impl FromStr for Size {
    type Err = BoardError;

    fn from_str(s: &str) -> Result<Size, BoardError> {
        let syntax = || BoardError::SizeSyntax(s.escape_debug().to_string());
        let (rows, cols) = crate::lex::board_size(s).ok_or_else(syntax)?;
        Size::new(rows, cols)
    }
}

/// A position: the dice on a board, with their owners, and the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position(u128);

impl Position {
    /// The empty board of `size`, white to move.
    pub const fn start(size: Size) -> Position {
        Position(((size.rows as u128) << ROWS_SHIFT) | ((size.cols as u128) << COLS_SHIFT))
    }

    /// The board's size.
    pub const fn size(self) -> Size {
        Size {
            rows: ((self.0 >> ROWS_SHIFT) & 0xf) as u8,
            cols: ((self.0 >> COLS_SHIFT) & 0xf) as u8,
        }
    }

    /// The player to move.
    pub const fn to_move(self) -> Player {
        if (self.0 >> SIDE_BIT) & 1 == 0 {
            Player::White
        } else {
            Player::Black
        }
    }

    /// The same board with `player` to move.
    pub const fn with_to_move(self, player: Player) -> Position {
        let cleared = self.0 & !(1 << SIDE_BIT);
        Position(match player {
            Player::White => cleared,
            Player::Black => cleared | (1 << SIDE_BIT),
        })
    }

    /// The four bits of cell `i`.
    pub(crate) const fn nibble(self, i: usize) -> u8 {
        ((self.0 >> (4 * i)) & 0xf) as u8
    }

    /// The die on cell `i`, if any.
    pub const fn die(self, i: usize) -> Option<Die> {
        let nibble = self.nibble(i);
        if nibble == 0 {
            return None;
        }
        Some(Die {
            owner: if nibble & BLACK_DIE == 0 {
                Player::White
            } else {
                Player::Black
            },
            value: nibble & 7,
        })
    }

    /// The position with cell `i` set to `die`.
    pub const fn with_die(self, i: usize, die: Option<Die>) -> Position {
        let nibble = match die {
            None => 0,
            Some(Die {
                owner: Player::White,
                value,
            }) => value,
            Some(Die {
                owner: Player::Black,
                value,
            }) => value | BLACK_DIE,
        };
        Position((self.0 & !(0xf << (4 * i))) | ((nibble as u128) << (4 * i)))
    }

    /// The cells alone, without the side to move and the size.
    pub(crate) const fn cell_bits(self) -> u128 {
        self.0 & CELL_MASK
    }

    /// The position with its cells replaced by `cells`.
    pub(crate) const fn with_cell_bits(self, cells: u128) -> Position {
        Position((self.0 & !CELL_MASK) | cells)
    }

    /// Whether every cell holds a die: the game is over.
    pub fn is_full(self) -> bool {
        (0..self.size().cells()).all(|i| self.nibble(i) != 0)
    }

    /// The sum of the values of all the dice.
    pub fn pips(self) -> u32 {
        (0..self.size().cells())
            .map(|i| u32::from(self.nibble(i) & 7))
            .sum()
    }

    /// How many dice are on the board.
    pub fn dice(self) -> u32 {
        (0..self.size().cells()).filter(|&i| self.nibble(i) != 0).count() as u32
    }

    /// The dice of `player` (all of them, or only the sixes).
    pub fn count(self, player: Player, sixes_only: bool) -> u32 {
        (0..self.size().cells())
            .filter_map(|i| self.die(i))
            .filter(|d| d.owner == player && (!sixes_only || d.value == 6))
            .count() as u32
    }

    /// The packed form, for solved-game files.
    pub const fn to_bits(self) -> u128 {
        self.0
    }

    /// The position packed in `bits` by [`Position::to_bits`], if they make
    /// one.
    pub fn from_bits(bits: u128) -> Option<Position> {
        let p = Position(bits);
        let size = Size::new(
            ((bits >> ROWS_SHIFT) & 0xf) as u32,
            ((bits >> COLS_SHIFT) & 0xf) as u32,
        )
        .ok()?;
        let used = if size.cells() == MAX_CELLS {
            CELL_MASK
        } else {
            (1u128 << (4 * size.cells())) - 1
        };
        let stray = bits & !(used | (1 << SIDE_BIT) | (0xff << ROWS_SHIFT));
        let valid = (0..size.cells()).all(|i| matches!(p.nibble(i) & 7, 0..=6) && p.nibble(i) != BLACK_DIE);
        (stray == 0 && valid).then_some(p)
    }

    /// Parses a position for a board of `size`, as [`FromStr`] does, and
    /// checks that it is that size.
    pub fn parse_sized(text: &str, size: Size) -> Result<Position, BoardError> {
        let p: Position = text.parse()?;
        if p.size() != size {
            return Err(BoardError::WrongSize {
                found: p.size(),
                expected: size,
            });
        }
        Ok(p)
    }
}

impl FromStr for Position {
    type Err = BoardError;

    /// Reads the spec's text form, such as `w1.b2/.w3./... b`.
    fn from_str(text: &str) -> Result<Position, BoardError> {
        let shown = || text.escape_debug().to_string();
        let (board, side) = text.rsplit_once(' ').ok_or_else(|| BoardError::NoSide(shown()))?;
        let to_move = match side {
            "w" => Player::White,
            "b" => Player::Black,
            _ => return Err(BoardError::BadSide(side.escape_debug().to_string())),
        };
        let mut rows: Vec<Vec<u8>> = Vec::new();
        for (r, row) in board.split('/').enumerate() {
            let problem = |problem: String| BoardError::Row {
                row: r + 1,
                text: row.escape_debug().to_string(),
                problem,
            };
            let mut cells = Vec::new();
            let mut chars = row.chars();
            while let Some(c) = chars.next() {
                let owner = match c {
                    '.' => {
                        cells.push(0);
                        continue;
                    }
                    'w' => 0,
                    'b' => BLACK_DIE,
                    other => {
                        return Err(problem(format!(
                            "cell {} starts with `{}`, not `.`, `w` or `b`",
                            cells.len() + 1,
                            other.escape_debug()
                        )));
                    }
                };
                match chars.next() {
                    Some(v @ '1'..='6') => cells.push(owner | (v as u8 - b'0')),
                    Some(v) => {
                        return Err(problem(format!(
                            "cell {} `{c}{}` is not a die value 1 to 6",
                            cells.len() + 1,
                            v.escape_debug()
                        )));
                    }
                    None => return Err(problem(format!("cell {} `{c}` has no value", cells.len() + 1))),
                }
            }
            if cells.len() > MAX_SIDE as usize {
                return Err(problem(format!("more than {MAX_SIDE} cells")));
            }
            if let Some(first) = rows.first()
                && first.len() != cells.len()
            {
                return Err(BoardError::Ragged {
                    row: r + 1,
                    found: cells.len(),
                    expected: first.len(),
                });
            }
            rows.push(cells);
        }
        let size = Size::new(rows.len() as u32, rows[0].len() as u32)?;
        let mut p = Position::start(size).with_to_move(to_move);
        for (i, &nibble) in rows.iter().flatten().enumerate() {
            p.0 |= (nibble as u128) << (4 * i);
        }
        Ok(p)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = self.size();
        for row in 0..size.rows() {
            if row > 0 {
                f.write_str("/")?;
            }
            for col in 0..size.cols() {
                match self.die(row * size.cols() + col) {
                    None => f.write_str(".")?,
                    Some(d) => write!(f, "{}{}", d.owner.letter(), d.value)?,
                }
            }
        }
        write!(f, " {}", self.to_move().letter())
    }
}

crate::notation::debug_in_notation!(Position);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips() {
        for text in [
            "w1.b2/.w3./... b",
            "... w",
            "w6/b6 w",
            "...../...../...../...../.b5... b",
            ". ./. w",
        ] {
            match text.parse::<Position>() {
                Ok(p) => assert_eq!(p.to_string(), text),
                Err(_) => assert_eq!(text, ". ./. w"),
            }
        }
        let p: Position = "w1.b2/.w3./... b".parse().unwrap();
        assert_eq!(p.size(), Size::SQUARE_3);
        assert_eq!(p.to_move(), Player::Black);
        assert_eq!(
            p.die(0),
            Some(Die {
                owner: Player::White,
                value: 1
            })
        );
        assert_eq!(
            p.die(2),
            Some(Die {
                owner: Player::Black,
                value: 2
            })
        );
        assert_eq!(p.pips(), 6);
        assert_eq!(p.dice(), 3);
        assert_eq!(Position::from_bits(p.to_bits()), Some(p));
    }

    #[test]
    fn bad_text_is_named() {
        let err = |t: &str| t.parse::<Position>().unwrap_err().to_string();
        assert_eq!(
            err("w1.b2/.w3./..."),
            "`w1.b2/.w3./...` does not end with a space and the side to move, `w` or `b`"
        );
        assert_eq!(
            err("w7./.. w"),
            "row 1 `w7.`: cell 1 `w7` is not a die value 1 to 6"
        );
        assert_eq!(err("w1./... w"), "row 2 has 3 cells, but row 1 has 2");
        assert_eq!(
            err("x../... w"),
            "row 1 `x..`: cell 1 starts with `x`, not `.`, `w` or `b`"
        );
        assert_eq!(err("../.. x"), "the side to move `x` is neither `w` nor `b`");
        assert!(err("....../...... w").contains("more than 5 cells"));
        assert!(err(". w").contains("1x1 is outside the game"));
        assert!(err("./././././. w").contains("6x1 is outside the game"));
        assert!(err("\u{1b}[0m. w").contains("\\u{1b}"));
    }

    #[test]
    fn sizes_parse_and_reject() {
        assert_eq!("3x4".parse::<Size>().unwrap().cells(), 12);
        for bad in [
            "0x3",
            "6x6",
            "1x1",
            "3x",
            "x3",
            "3",
            "3x3x3",
            "-3x3",
            "99999999999x2",
        ] {
            assert!(bad.parse::<Size>().is_err(), "{bad}");
        }
    }

    #[test]
    fn cells_are_named_as_in_chess() {
        let s = Size::SQUARE_3;
        assert_eq!(s.cell_name(0), "a3");
        assert_eq!(s.cell_name(8), "c1");
        assert_eq!(s.cell_named("b2"), Some(4));
        assert_eq!(s.cell_named("d1"), None);
        assert_eq!(s.cell_named("a4"), None);
        assert_eq!(s.cell_named("a0"), None);
        assert_eq!(s.cell_named("a+1"), None);
    }
}
