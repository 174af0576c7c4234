//! Pawn chess on a board of R rows by C columns (2 ≤ R ≤ 8, 1 ≤ C ≤ 8): the
//! size, a position with its side to move, its text form, and the rules.
//!
//! A board is two 64-bit sets of squares. Square `C * row + column` is bit
//! `C * row + column`, row 0 being the first row of the text (White's goal,
//! the top rank) and column 0 file a. White walks towards row 0, a shift
//! right by C; Black towards row R - 1, a shift left by C.
//!
//! ```text
//!   rank 3 |  0  1  2 |  first row of the text, White's goal
//!   rank 2 |  3  4  5 |
//!   rank 1 |  6  7  8 |  last row of the text, Black's goal
//!             a  b  c
//! ```
//!
//! The 4x4 board of the judge's problem has its own faster code in
//! [`Board`](super::Board) and [`Position`](super::Position); this module serves
//! every size, 4x4 included.

use super::board::Side;
use super::solver::Ending;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The fewest and most rows a board may have.
pub const ROWS: std::ops::RangeInclusive<u8> = 2..=8;
/// The fewest and most columns a board may have.
pub const COLUMNS: std::ops::RangeInclusive<u8> = 1..=8;

/// The dimensions of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Size {
    rows: u8,
    columns: u8,
}

/// Why a text is not a board size.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum SizeError {
    /// The text, which is not `RxC`.
    #[error("`{0}` is not a board size: expected RxC, rows by columns, such as 4x4")]
    Malformed(String),
    /// The text, whose rows are out of range.
    #[error("`{0}`: a board has 2 to 8 rows")]
    Rows(String),
    /// The text, whose columns are out of range.
    #[error("`{0}`: a board has 1 to 8 columns")]
    Columns(String),
}

impl Size {
    /// The judge's board.
    pub const FOUR_BY_FOUR: Size = Size { rows: 4, columns: 4 };

    /// The board of `rows` by `columns`, if both are in range (every such
    /// board has at most 64 squares).
    pub fn new(rows: u8, columns: u8) -> Option<Size> {
        (ROWS.contains(&rows) && COLUMNS.contains(&columns)).then_some(Size { rows, columns })
    }

    /// The number of rows.
    pub const fn rows(self) -> u8 {
        self.rows
    }

    /// The number of columns.
    pub const fn columns(self) -> u8 {
        self.columns
    }

    /// The number of squares, rows times columns.
    pub const fn squares(self) -> u32 {
        self.rows as u32 * self.columns as u32
    }

    /// Every square of the board.
    pub const fn all(self) -> u64 {
        if self.squares() == 64 {
            u64::MAX
        } else {
            (1 << self.squares()) - 1
        }
    }

    /// The squares of `row`, row 0 on top.
    pub const fn row(self, row: u8) -> u64 {
        ((1u64 << self.columns) - 1) << (row as u32 * self.columns as u32)
    }

    /// The squares of `column`, file a being column 0.
    pub const fn column(self, column: u8) -> u64 {
        let mut squares = 0;
        let mut row = 0;
        while row < self.rows {
            squares |= 1 << (row as u32 * self.columns as u32 + column as u32);
            row += 1;
        }
        squares
    }

    /// White's goal, the top row.
    pub const fn white_goal(self) -> u64 {
        self.row(0)
    }

    /// Black's goal, the bottom row.
    pub const fn black_goal(self) -> u64 {
        self.row(self.rows - 1)
    }

    /// `squares` with the files reversed, a and the last swapped.
    pub fn mirror(self, squares: u64) -> u64 {
        let width = u32::from(self.columns);
        let mut mirrored = 0;
        for row in 0..u32::from(self.rows) {
            let bits = (squares >> (row * width)) & ((1 << width) - 1);
            mirrored |= (bits.reverse_bits() >> (64 - width)) << (row * width);
        }
        mirrored
    }

    /// The name of square `index`: its file letter and its rank, counted
    /// from White's side.
    pub fn square_name(self, index: u32) -> String {
        let (row, column) = (index / u32::from(self.columns), index % u32::from(self.columns));
        let file = char::from(b'a' + column as u8);
        format!("{file}{}", u32::from(self.rows) - row)
    }

    /// The opening position: White's pawns on the bottom row, Black's on the
    /// top row, White to move.
    pub const fn start(self) -> Setup {
        Setup {
            size: self,
            white: self.black_goal(),
            black: self.white_goal(),
            to_move: Side::White,
        }
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.columns)
    }
}

impl FromStr for Size {
    type Err = SizeError;

    fn from_str(text: &str) -> Result<Size, SizeError> {
        let malformed = || SizeError::Malformed(text.escape_debug().to_string());
        let (rows, columns) = crate::lex::board_size(text).ok_or_else(malformed)?;
        // Long numbers are out of range rather than malformed.
        let narrow = |n: u32| u8::try_from(n).unwrap_or(u8::MAX);
        let (rows, columns) = (narrow(rows), narrow(columns));
        if !ROWS.contains(&rows) {
            return Err(SizeError::Rows(text.to_string()));
        }
        if !COLUMNS.contains(&columns) {
            return Err(SizeError::Columns(text.to_string()));
        }
        Ok(Size { rows, columns })
    }
}

/// A position: where every pawn stands on a board of some size, and whose
/// turn it is.
///
/// Its text form is the rows from Black's side (the top) down, joined by
/// `/`, a space and the side to move, `w` or `b`.
///
/// ```
/// use gamespace::pawn_chess::Side;
/// use gamespace::pawn_chess::sizes::{Setup, Size};
///
/// let hexapawn: Size = "3x3".parse()?;
/// let start: Setup = "ppp/.../PPP w".parse()?;
/// assert_eq!(start, hexapawn.start());
/// assert_eq!(start.to_move(), Side::White);
/// assert_eq!(format!("{start:?}"), "Setup(ppp/.../PPP w)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    size: Size,
    white: u64,
    black: u64,
    to_move: Side,
}

/// One move in board coordinates: `from` and `to` are square indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// The square the pawn leaves.
    pub from: u32,
    /// The square it moves to.
    pub to: u32,
    /// Whether it takes a pawn there.
    pub capture: bool,
}

/// Why a text is not a position; each names the text.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum PositionError {
    /// The text (escaped), which is not the rows, a space and the side.
    #[error("position `{0}`: expected the rows, a space, and the side to move (`w` or `b`)")]
    Shape(String),
    /// The side to move is neither `w` nor `b`.
    #[error("position `{text}`: the side to move is `{side}`; it must be `w` or `b`")]
    Side {
        /// The position text, escaped.
        text: String,
        /// The side as it is written.
        side: String,
    },
    /// Too few or too many rows.
    #[error("position `{text}`: {rows} rows; a board has 2 to 8")]
    Rows {
        /// The position text, escaped.
        text: String,
        /// How many there are.
        rows: usize,
    },
    /// Too few or too many columns in the first row.
    #[error("position `{text}`: row {row} has {length} squares; a board has 1 to 8 columns")]
    Columns {
        /// The position text, escaped.
        text: String,
        /// The row, 1.
        row: usize,
        /// Its squares.
        length: usize,
    },
    /// A row of another length than the first.
    #[error("position `{text}`: row {row} has {length} squares, row 1 has {expected}")]
    RowLength {
        /// The position text, escaped.
        text: String,
        /// The row, from 1 at the top.
        row: usize,
        /// Its squares.
        length: usize,
        /// The first row's squares.
        expected: usize,
    },
    /// A square other than `p`, `P` and `.`.
    #[error("position `{text}`: row {row} has `{found}` at column {column}; squares are `p`, `P` or `.`")]
    Character {
        /// The position text, escaped.
        text: String,
        /// The row, from 1 at the top.
        row: usize,
        /// The column, from 1.
        column: usize,
        /// The character, escaped.
        found: String,
    },
}

/// White's and Black's squares in one row of `length` squares, bit 0 file
/// a, or the column (from 1) and character of the first bad square.
pub fn parse_row(row: &str) -> Result<(u64, u64), (usize, char)> {
    let (mut white, mut black) = (0, 0);
    for (column, c) in row.chars().enumerate() {
        match c {
            'P' => white |= 1 << column,
            'p' => black |= 1 << column,
            '.' => {}
            other => return Err((column + 1, other)),
        }
    }
    Ok((white, black))
}

impl Setup {
    /// The position with White's pawns on `white` and Black's on `black`,
    /// or `None` if a pawn is off the board or a square holds two.
    pub fn new(size: Size, white: u64, black: u64, to_move: Side) -> Option<Setup> {
        ((white | black) & !size.all() == 0 && white & black == 0).then_some(Setup {
            size,
            white,
            black,
            to_move,
        })
    }

    /// The board.
    pub const fn size(self) -> Size {
        self.size
    }

    /// The squares of White's pawns, a bit each (see [`Size::square_name`]).
    pub const fn white(self) -> u64 {
        self.white
    }

    /// The squares of Black's pawns.
    pub const fn black(self) -> u64 {
        self.black
    }

    /// The side to move.
    pub const fn to_move(self) -> Side {
        self.to_move
    }

    /// The same pawns with `side` to move.
    pub const fn with_turn(self, side: Side) -> Setup {
        Setup {
            to_move: side,
            ..self
        }
    }

    /// The character of square `index`: `P`, `p` or `.`.
    pub const fn symbol(self, index: u32) -> char {
        if self.white >> index & 1 != 0 {
            'P'
        } else if self.black >> index & 1 != 0 {
            'p'
        } else {
            '.'
        }
    }

    /// The rows as text, top row (White's goal) first.
    pub fn rows(self) -> Vec<String> {
        let columns = u32::from(self.size.columns);
        (0..u32::from(self.size.rows))
            .map(|row| (0..columns).map(|c| self.symbol(row * columns + c)).collect())
            .collect()
    }

    /// The board without the side to move: the rows joined by `/`.
    pub fn board_text(self) -> String {
        self.rows().join("/")
    }

    /// Calls `visit` with every legal move of the side to move, steps first
    /// (file a first), then captures towards file a, then towards the last
    /// file. There is none once either side stands on its goal row.
    pub fn for_each_move(self, mut visit: impl FnMut(Step)) {
        if self.ending_by_goal().is_some() {
            return;
        }
        let size = self.size;
        let width = u32::from(size.columns);
        let empty = size.all() & !(self.white | self.black);
        let first = size.column(0);
        let last = size.column(size.columns - 1);
        // Targets and the distance back to the pawn that moves there.
        let (steps, towards_a, towards_last, back): (u64, u64, u64, [i64; 3]) = match self.to_move {
            Side::White => (
                (self.white >> width) & empty,
                ((self.white & !first) >> (width + 1)) & self.black,
                ((self.white & !last) >> (width - 1)) & self.black,
                [width as i64, width as i64 + 1, width as i64 - 1],
            ),
            Side::Black => (
                (self.black << width) & empty,
                ((self.black & !first) << (width - 1)) & self.white,
                ((self.black & !last) << (width + 1)) & self.white,
                [-(width as i64), -(width as i64 - 1), -(width as i64 + 1)],
            ),
        };
        for (targets, back, capture) in [
            (steps, back[0], false),
            (towards_a, back[1], true),
            (towards_last, back[2], true),
        ] {
            let mut targets = targets;
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                visit(Step {
                    from: (i64::from(to) + back) as u32,
                    to,
                    capture,
                });
            }
        }
    }

    /// Every legal move, in the order of [`Setup::for_each_move`].
    pub fn moves(self) -> Vec<Step> {
        let mut moves = Vec::new();
        self.for_each_move(|m| moves.push(m));
        moves
    }

    /// The position after `step`, a legal move, with the other side to move.
    pub fn play(self, step: Step) -> Setup {
        let (from, to) = (1u64 << step.from, 1u64 << step.to);
        let (mut white, mut black) = (self.white, self.black);
        match self.to_move {
            Side::White => {
                white ^= from | to;
                black &= !to;
            }
            Side::Black => {
                black ^= from | to;
                white &= !to;
            }
        }
        Setup {
            white,
            black,
            to_move: self.to_move.other(),
            ..self
        }
    }

    /// `b2-b3` for a step, `c3xb2` for a capture.
    pub fn notation(self, step: Step) -> String {
        let separator = if step.capture { 'x' } else { '-' };
        format!(
            "{}{separator}{}",
            self.size.square_name(step.from),
            self.size.square_name(step.to)
        )
    }

    /// The legal move written `notation` (`b2-b3`, `c3xb2`), if there is one.
    pub fn find_move(self, notation: &str) -> Option<Step> {
        self.moves()
            .into_iter()
            .find(|&m| self.notation(m).eq_ignore_ascii_case(notation.trim()))
    }

    /// A side that already stands on its goal row. White's goal is looked
    /// at first, so a board where both do counts as White's.
    fn ending_by_goal(self) -> Option<Ending> {
        if self.white & self.size.white_goal() != 0 {
            Some(Ending::GoalReached(Side::White))
        } else if self.black & self.size.black_goal() != 0 {
            Some(Ending::GoalReached(Side::Black))
        } else {
            None
        }
    }

    /// Why the game is over here, or `None` if it goes on.
    pub fn ending(self) -> Option<Ending> {
        if let Some(ending) = self.ending_by_goal() {
            return Some(ending);
        }
        let own = match self.to_move {
            Side::White => self.white,
            Side::Black => self.black,
        };
        if own == 0 {
            return Some(Ending::NoPawns(self.to_move));
        }
        let mut can_move = false;
        self.for_each_move(|_| can_move = true);
        (!can_move).then_some(Ending::NoMove(self.to_move))
    }

    /// The winner, if the game is over here.
    pub fn winner(self) -> Option<Side> {
        self.ending().map(|ending| match ending {
            Ending::GoalReached(side) => side,
            Ending::NoPawns(side) | Ending::NoMove(side) => side.other(),
        })
    }
}

/// The rows joined by `/`, top row first, a space and `w` or `b`:
/// `ppp/.../PPP w`.
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = match self.to_move {
            Side::White => 'w',
            Side::Black => 'b',
        };
        write!(f, "{} {side}", self.board_text())
    }
}

crate::notation::debug_in_notation!(Setup);

impl FromStr for Setup {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Setup, PositionError> {
        let shown = || text.escape_debug().to_string();
        let mut words = text.split_ascii_whitespace();
        let (Some(board), Some(side), None) = (words.next(), words.next(), words.next()) else {
            return Err(PositionError::Shape(shown()));
        };
        let to_move = match side {
            "w" => Side::White,
            "b" => Side::Black,
            other => {
                return Err(PositionError::Side {
                    text: shown(),
                    side: other.escape_debug().to_string(),
                });
            }
        };
        let rows: Vec<&str> = board.split('/').collect();
        if !ROWS.contains(&u8::try_from(rows.len()).unwrap_or(u8::MAX)) {
            return Err(PositionError::Rows {
                text: shown(),
                rows: rows.len(),
            });
        }
        let columns = rows[0].chars().count();
        if !COLUMNS.contains(&u8::try_from(columns).unwrap_or(u8::MAX)) {
            return Err(PositionError::Columns {
                text: shown(),
                row: 1,
                length: columns,
            });
        }
        let size = Size::new(rows.len() as u8, columns as u8).expect("checked above");
        let (mut white, mut black) = (0, 0);
        for (index, row) in rows.iter().enumerate() {
            let length = row.chars().count();
            if length != columns {
                return Err(PositionError::RowLength {
                    text: shown(),
                    row: index + 1,
                    length,
                    expected: columns,
                });
            }
            let (w, b) = parse_row(row).map_err(|(column, found)| PositionError::Character {
                text: shown(),
                row: index + 1,
                column,
                found: found.escape_debug().to_string(),
            })?;
            let shift = index as u32 * columns as u32;
            white |= w << shift;
            black |= b << shift;
        }
        Ok(Setup::new(size, white, black, to_move).expect("one character per square"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pawn_chess::board::Board;
    use crate::pawn_chess::moves::Position;

    #[test]
    fn sizes_parse_in_range_only() {
        assert_eq!("4x5".parse::<Size>(), Ok(Size::new(4, 5).unwrap()));
        assert_eq!("8x8".parse::<Size>().unwrap().squares(), 64);
        assert_eq!("2x1".parse::<Size>().unwrap().to_string(), "2x1");
        for bad in ["3x", "x3", "", "4", "4x4x4", "-3x3", "3x+3", "3 x3"] {
            assert!(
                matches!(bad.parse::<Size>(), Err(SizeError::Malformed(_))),
                "{bad}"
            );
        }
        assert_eq!("9x2".parse::<Size>(), Err(SizeError::Rows("9x2".into())));
        assert_eq!("1x2".parse::<Size>(), Err(SizeError::Rows("1x2".into())));
        assert_eq!("0x4".parse::<Size>(), Err(SizeError::Rows("0x4".into())));
        assert_eq!("4x0".parse::<Size>(), Err(SizeError::Columns("4x0".into())));
        assert_eq!("4x900".parse::<Size>(), Err(SizeError::Columns("4x900".into())));
    }

    #[test]
    fn positions_read_and_print_the_same() {
        let start = Size::new(3, 4).unwrap().start();
        assert_eq!(start.to_string(), "pppp/..../PPPP w");
        assert_eq!("pppp/..../PPPP w".parse::<Setup>(), Ok(start));
        for text in [
            "p/./P b",
            ".p.p.p.p/......../PPPPPPPP/......../........ w",
            "pp/PP w",
        ] {
            assert_eq!(text.parse::<Setup>().unwrap().to_string(), text);
        }
        let err = |t: &str| t.parse::<Setup>().unwrap_err().to_string();
        assert_eq!(
            err("ppp/..../PPP w"),
            "position `ppp/..../PPP w`: row 2 has 4 squares, row 1 has 3"
        );
        assert_eq!(
            err("ppp/.x./PPP w"),
            "position `ppp/.x./PPP w`: row 2 has `x` at column 2; squares are `p`, `P` or `.`"
        );
        assert_eq!(
            err("ppp/.../PPP"),
            "position `ppp/.../PPP`: expected the rows, a space, and the side to move (`w` or `b`)"
        );
        assert_eq!(
            err("ppp/.../PPP x"),
            "position `ppp/.../PPP x`: the side to move is `x`; it must be `w` or `b`"
        );
        assert_eq!(err("ppp w"), "position `ppp w`: 1 rows; a board has 2 to 8");
        assert_eq!(
            err("ppppppppp/......... w"),
            "position `ppppppppp/......... w`: row 1 has 9 squares; a board has 1 to 8 columns"
        );
        assert_eq!(
            err("/ w"),
            "position `/ w`: row 1 has 0 squares; a board has 1 to 8 columns"
        );
    }

    #[test]
    fn squares_and_mirrors() {
        let size = Size::new(3, 3).unwrap();
        assert_eq!(size.square_name(0), "a3");
        assert_eq!(size.square_name(8), "c1");
        assert_eq!(size.mirror(0b000_000_001), 0b000_000_100);
        assert_eq!(size.mirror(0b010_000_011), 0b010_000_110);
        let wide = Size::new(8, 8).unwrap();
        assert_eq!(wide.mirror(1 << 63), 1 << 56);
        assert_eq!(wide.all(), u64::MAX);
    }

    /// On 4x4 the moves are those of the judge's fast generator, in board
    /// coordinates, for both sides.
    #[test]
    fn moves_agree_with_the_four_by_four_generator() {
        let mut rng = crate::test_rng::XorShift::new(0x5851_f42d_4c95_7f2d);
        let size = Size::new(4, 4).unwrap();
        for _ in 0..3000 {
            let white = (rng.next_u64() & rng.next_u64()) as u16;
            let black = (rng.next_u64() & rng.next_u64()) as u16 & !white;
            let board = Board::new(white, black).unwrap();
            for side in [Side::White, Side::Black] {
                let setup = Setup::new(size, u64::from(white), u64::from(black), side).unwrap();
                let mut expected: Vec<(u16, u16)> = Vec::new();
                let position = Position::from_board(board, side);
                if !position.has_won_already() {
                    position.for_each_successor(|p| {
                        let b = p.board(side.other());
                        expected.push((b.white(), b.black()));
                    });
                }
                let mut found: Vec<(u16, u16)> = setup
                    .moves()
                    .into_iter()
                    .map(|m| {
                        let after = setup.play(m);
                        assert_eq!(after.to_move(), side.other());
                        (after.white() as u16, after.black() as u16)
                    })
                    .collect();
                expected.sort_unstable();
                found.sort_unstable();
                assert_eq!(found, expected, "{setup}");
            }
        }
    }

    #[test]
    fn one_column_boards_have_no_captures() {
        let setup: Setup = "p/./P w".parse().unwrap();
        let moves = setup.moves();
        assert_eq!(moves.len(), 1);
        assert_eq!(setup.notation(moves[0]), "a1-a2");
        let after = setup.play(moves[0]);
        assert_eq!(after.to_string(), "p/P/. b");
        assert_eq!(after.ending(), Some(Ending::NoMove(Side::Black)));
        assert_eq!(after.winner(), Some(Side::White));
        let captures: Setup = "..../.p../P.P./.... w".parse().unwrap();
        let names: Vec<String> = captures
            .moves()
            .into_iter()
            .map(|m| captures.notation(m))
            .collect();
        assert_eq!(names, ["a2-a3", "c2-c3", "c2xb3", "a2xb3"]);
        assert_eq!(captures.find_move("C2XB3").map(|m| m.to), Some(5));
    }
}
