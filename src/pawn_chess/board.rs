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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square of bit `index`, 0 to 15.
    pub const fn new(index: u8) -> Square {
        assert!(index < 16, "the board has 16 squares");
        Square(index)
    }

    pub const fn index(self) -> u8 {
        self.0
    }

    pub const fn bit(self) -> Squares {
        1 << self.0
    }

    pub const fn row(self) -> u8 {
        self.0 / 4
    }

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
    White,
    Black,
}

impl Side {
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
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

    pub const fn white(self) -> Squares {
        self.white
    }

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
    fn boards_print_in_the_input_layout() {
        assert_eq!(Board::START.to_string(), "pppp/..../..../PPPP");
        assert_eq!(Board::new(1, 1), None);
        let b = Board::new(1 << 9, 1 << 4).unwrap();
        assert_eq!(b.rows(), ["....", "p...", ".P..", "...."].map(String::from));
    }
}
