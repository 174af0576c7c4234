//! The 4x4 board as two 16-bit sets of squares, and the squares' names.
//!
//! Square `4 * row + column` is bit `4 * row + column`, row 0 being the first
//! input row (rank 4, White's goal) and column 0 file a:
//!
//! ```text
//!   rank 4 |  0  1  2  3 |  first input row, White's goal
//!   rank 3 |  4  5  6  7 |
//!   rank 2 |  8  9 10 11 |
//!   rank 1 | 12 13 14 15 |  last input row, Black's goal
//!             a  b  c  d
//! ```
//!
//! A whole row is a 4-bit field, so stepping a pawn forward is a shift by 4
//! and turning the board upside down reverses the order of the fields.

use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A set of squares, one bit each.
pub type Squares = u16;

/// The first input row: White wins by reaching it.
pub const WHITE_GOAL: Squares = 0x000f;
/// The last input row: Black wins by reaching it.
pub const BLACK_GOAL: Squares = 0xf000;

/// The board upside down: row `r` becomes row `3 - r`, files stay. Used to
/// see Black's pawns as if they were White's, walking up the board.
pub const fn flip(squares: Squares) -> Squares {
    let swapped = squares.swap_bytes();
    ((swapped & 0x0f0f) << 4) | ((swapped >> 4) & 0x0f0f)
}

/// One of the 16 squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

crate::notation::debug_in_notation!(Square);

impl Square {
    /// The square of bit `index`, 0 to 15.
    pub const fn new(index: u8) -> Square {
        assert!(index < 16, "the board has 16 squares");
        Square(index)
    }

    /// Its bit, 0 to 15: `4 * row + column`.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The set of this square alone.
    pub const fn bit(self) -> Squares {
        1 << self.0
    }

    /// Its input row, 0 to 3 from the top (rank 4).
    pub const fn row(self) -> u8 {
        self.0 / 4
    }

    /// Its column, 0 to 3 from file a.
    pub const fn column(self) -> u8 {
        self.0 % 4
    }

    /// The same square seen from the other side of the board.
    pub const fn flipped(self) -> Square {
        Square(self.0 ^ 12)
    }

    /// `a` to `d`, left to right as printed.
    pub const fn file_letter(self) -> char {
        (b'a' + self.column()) as char
    }

    /// 1 to 4, counted from White's side (the last input row is rank 1).
    pub const fn rank(self) -> u8 {
        4 - self.row()
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_letter(), self.rank())
    }
}

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Moves first, up the board; `P` in the input.
    White,
    /// Moves down the board; `p` in the input.
    Black,
}

impl Side {
    /// The opponent.
    pub const fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// `white` or `black`, as the verdicts spell it.
    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

/// Where every pawn stands. Whose turn it is is not part of the board.
///
/// Its text form is the four rows of the judge's input, first input row
/// (rank 4, White's goal) first, joined by `/` or by ASCII whitespace;
/// `P` is White's pawn, `p` Black's and `.` an empty square.
///
/// ```
/// use gamespace::pawn_chess::Board;
///
/// let board: Board = "pppp/..../..../PPPP".parse()?;
/// assert_eq!(board, Board::START);
/// assert_eq!(format!("{board:?}"), "Board(pppp/..../..../PPPP)");
/// let error = "pppp/..x./..../PPPP".parse::<Board>().unwrap_err();
/// assert_eq!(error.to_string(), "row 2 `..x.` has `x` at column 3; rows hold only `p`, `P` and `.`");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    white: Squares,
    black: Squares,
}

impl Board {
    /// The board with White's pawns on `white` and Black's on `black`, or
    /// `None` if a square would hold both.
    pub const fn new(white: Squares, black: Squares) -> Option<Board> {
        if white & black == 0 {
            Some(Board { white, black })
        } else {
            None
        }
    }

    /// The opening position: `pppp/..../..../PPPP`.
    pub const START: Board = Board {
        white: BLACK_GOAL,
        black: WHITE_GOAL,
    };

    /// The squares of White's pawns.
    pub const fn white(self) -> Squares {
        self.white
    }

    /// The squares of Black's pawns.
    pub const fn black(self) -> Squares {
        self.black
    }

    /// The character of `square` in the input format: `P`, `p` or `.`.
    pub const fn symbol(self, square: Square) -> char {
        if self.white & square.bit() != 0 {
            'P'
        } else if self.black & square.bit() != 0 {
            'p'
        } else {
            '.'
        }
    }

    /// The four rows in the input format, first input row (rank 4) first.
    pub fn rows(self) -> [String; 4] {
        std::array::from_fn(|row| {
            (0..4)
                .map(|column| self.symbol(Square::new(4 * row as u8 + column)))
                .collect()
        })
    }
}

/// The rows joined by `/`, first input row first: `pppp/..../..../PPPP`.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.rows().join("/"))
    }
}

crate::notation::debug_in_notation!(Board);

/// Why a text is not a 4x4 board.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum BoardError {
    /// Not four rows.
    #[error("a board has 4 rows, not {found}")]
    Rows {
        /// How many there are.
        found: usize,
    },
    /// A row that is not four squares long.
    #[error("row {row} `{}` has {length} squares; a row has 4", crate::text::shown(.text))]
    RowLength {
        /// The row, from 1 at the top.
        row: usize,
        /// The row as it is written.
        text: String,
        /// Its length in characters.
        length: usize,
    },
    /// A square other than `p`, `P` and `.`.
    #[error("row {row} `{}` has `{}` at column {column}; rows hold only `p`, `P` and `.`", crate::text::shown(.text), crate::text::shown_char(*.found))]
    Character {
        /// The row, from 1 at the top.
        row: usize,
        /// The row as it is written.
        text: String,
        /// The column, from 1.
        column: usize,
        /// The character.
        found: char,
    },
}

impl FromStr for Board {
    type Err = BoardError;

    fn from_str(text: &str) -> Result<Board, BoardError> {
        let rows: Vec<&str> = text
            .split(|c: char| c == '/' || c.is_ascii_whitespace())
            .filter(|row| !row.is_empty())
            .collect();
        if rows.len() != 4 {
            return Err(BoardError::Rows { found: rows.len() });
        }
        let (mut white, mut black) = (0, 0);
        for (row, &text) in rows.iter().enumerate() {
            let length = text.chars().count();
            if length != 4 {
                return Err(BoardError::RowLength {
                    row: row + 1,
                    text: text.to_owned(),
                    length,
                });
            }
            for (column, c) in text.chars().enumerate() {
                let bit = Square::new((4 * row + column) as u8).bit();
                match c {
                    'P' => white |= bit,
                    'p' => black |= bit,
                    '.' => {}
                    found => {
                        return Err(BoardError::Character {
                            row: row + 1,
                            text: text.to_owned(),
                            column: column + 1,
                            found,
                        });
                    }
                }
            }
        }
        Ok(Board::new(white, black).expect("a square holds one character"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flip_reverses_rows_and_keeps_files() {
        assert_eq!(flip(0x1234), 0x4321);
        assert_eq!(flip(WHITE_GOAL), BLACK_GOAL);
        for bits in [0u16, 1, 0x8000, 0xabcd, 0xffff, 0x0f10] {
            assert_eq!(flip(flip(bits)), bits);
            for index in 0..16 {
                let square = Square::new(index);
                assert_eq!(flip(bits) & square.flipped().bit() != 0, bits & square.bit() != 0);
            }
        }
    }

    #[test]
    fn squares_are_named_from_whites_side() {
        assert_eq!(Square::new(0).to_string(), "a4");
        assert_eq!(Square::new(3).to_string(), "d4");
        assert_eq!(Square::new(13).to_string(), "b1");
        assert_eq!(Square::new(9).flipped().to_string(), "b3");
    }

    #[test]
    fn every_board_reads_back_from_its_text() {
        let mut rng = crate::test_rng::XorShift::new(81);
        for _ in 0..1000 {
            let (white, black) = (rng.below(1 << 16) as u16, rng.below(1 << 16) as u16);
            let board = Board::new(white, black & !white).unwrap();
            assert_eq!(board.to_string().parse::<Board>(), Ok(board));
            assert_eq!(board.rows().join("\n").parse::<Board>(), Ok(board));
        }
        assert_eq!(
            "..../..../....".parse::<Board>(),
            Err(BoardError::Rows { found: 3 })
        );
        assert!(matches!(
            "pppp/.../..../PPPP".parse::<Board>(),
            Err(BoardError::RowLength {
                row: 2,
                length: 3,
                ..
            })
        ));
        assert!(matches!(
            "pppp/..../...\u{1b}/PPPP".parse::<Board>(),
            Err(BoardError::Character {
                row: 3,
                column: 4,
                found: '\u{1b}',
                ..
            })
        ));
    }

    #[test]
    fn boards_print_in_the_input_layout() {
        assert_eq!(Board::START.to_string(), "pppp/..../..../PPPP");
        assert_eq!(Board::new(1, 1), None);
        let b = Board::new(1 << 9, 1 << 4).unwrap();
        assert_eq!(b.rows(), ["....", "p...", ".P..", "...."].map(String::from));
    }
}
