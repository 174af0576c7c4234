//! Stones, points, the 16 edges and the packed board of Mu Torere.
//!
//! The points are named by their square in the picture, read like a page:
//!
//! ```text
//! 1-2-3
//! |\|/|
//! 4-5-6      5 is the centre (putahi); the rim (kewai),
//! |/|\|      clockwise, is 1, 2, 3, 6, 9, 8, 7, 4.
//! 7-8-9
//! ```
//!
//! A board is a base-3 number with square 1 as its most significant digit
//! and `b` < `o` < `w` as digits 0, 1, 2, so comparing boards compares their
//! `SQUARES` strings: tables sorted by board come out in text order.

use crate::symmetry::OctagonSymmetry;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A player, and the colour of a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Moves first; `b` in pictures.
    Black,
    /// `w` in pictures.
    White,
}

impl Color {
    /// Both colours, black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other player.
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The letter used in pictures and `SQUARES` strings.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'b',
            Color::White => 'w',
        }
    }

    /// `black` or `white`, as messages say it.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the nine points, known to players by its square number 1..=9.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

// `Square(5)` for the centre: the number players know it by.
crate::notation::debug_in_notation!(Square);

impl Square {
    /// The centre, square 5.
    pub const CENTRE: Square = Square(4);

    /// Every square, in numbering order.
    pub const ALL: [Square; 9] = {
        let mut all = [Square(0); 9];
        let mut i = 0;
        while i < 9 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The rim, clockwise from square 1: corner `k` of the octagon is `RIM[k]`.
    pub const RIM: [Square; 8] = [
        Square(0),
        Square(1),
        Square(2),
        Square(5),
        Square(8),
        Square(7),
        Square(6),
        Square(3),
    ];

    /// The 16 edges: the 8 rim edges clockwise from 1-2, then the centre's 8
    /// spokes in rim order.
    pub const EDGES: [(Square, Square); 16] = {
        let mut edges = [(Square(0), Square(0)); 16];
        let mut k = 0;
        while k < 8 {
            edges[k] = (Square::RIM[k], Square::RIM[(k + 1) % 8]);
            edges[8 + k] = (Square::CENTRE, Square::RIM[k]);
            k += 1;
        }
        edges
    };

    /// The square numbered `number` (1..=9), if there is one.
    pub const fn from_number(number: u32) -> Option<Square> {
        if number >= 1 && number <= 9 {
            Some(Square((number - 1) as u8))
        } else {
            None
        }
    }

    /// The square number shown to players, 1..=9.
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// The index 0..9 in numbering order, for tables.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is the centre.
    pub const fn is_centre(self) -> bool {
        self.0 == Square::CENTRE.0
    }

    /// Where this square stands on the rim (0..8 clockwise from square 1),
    /// or `None` for the centre.
    pub const fn rim_index(self) -> Option<usize> {
        let mut k = 0;
        while k < 8 {
            if Square::RIM[k].0 == self.0 {
                return Some(k);
            }
            k += 1;
        }
        None
    }

    /// The two rim squares next to a rim square, or `None` for the centre.
    pub const fn rim_neighbours(self) -> Option<[Square; 2]> {
        match self.rim_index() {
            Some(k) => Some([Square::RIM[(k + 7) % 8], Square::RIM[(k + 1) % 8]]),
            None => None,
        }
    }

    /// Whether an edge joins the two squares.
    pub const fn is_adjacent(self, other: Square) -> bool {
        let mut e = 0;
        while e < 16 {
            let (a, b) = Square::EDGES[e];
            if (a.0 == self.0 && b.0 == other.0) || (a.0 == other.0 && b.0 == self.0) {
                return true;
            }
            e += 1;
        }
        false
    }

    /// The image of this square under a symmetry of the octagon; the centre
    /// stays put.
    pub const fn transformed(self, symmetry: OctagonSymmetry) -> Square {
        match self.rim_index() {
            Some(k) => Square::RIM[symmetry.map(k)],
            None => self,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

const POWERS_OF_3: [u16; 9] = [6561, 2187, 729, 243, 81, 27, 9, 3, 1];
const DIGIT_BLACK: u16 = 0;
const DIGIT_EMPTY: u16 = 1;
const DIGIT_WHITE: u16 = 2;

const fn digit(point: Option<Color>) -> u16 {
    match point {
        Some(Color::Black) => DIGIT_BLACK,
        None => DIGIT_EMPTY,
        Some(Color::White) => DIGIT_WHITE,
    }
}

/// Why a `SQUARES` string or a list of points is not a Mu Torere board.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum BoardError {
    /// Not nine characters.
    #[error("expected 9 characters (one per square 1..9, each b, w or o), found {found}")]
    WrongLength {
        /// How many there are.
        found: usize,
    },
    /// A character other than `b`, `w` and `o`.
    #[error("square {square} is `{}`; each square must be b, w or o", crate::text::shown_char(*.found))]
    BadCharacter {
        /// Its square, 1 to 9.
        square: usize,
        /// The character.
        found: char,
    },
    /// Not four stones a side and one empty point.
    #[error("a board holds exactly 4 b, 4 w and 1 o; found {black} b, {white} w and {empty} o")]
    WrongCounts {
        /// The black stones found.
        black: usize,
        /// The white stones found.
        white: usize,
        /// The empty points found.
        empty: usize,
    },
    /// A position text that is not a board, a space and the side to move.
    #[error("`{}` is not a position: expected the board, a space and the side to move, `b` or `w`", crate::text::shown(.0))]
    NoSide(String),
}

/// Which stone, if any, stands on each of the nine squares: exactly four of
/// each colour and one empty point.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board(u16);

impl Board {
    /// The opening: white on 1, 2, 3, 6 and black on 9, 8, 7, 4.
    pub const START: Board = {
        let (b, w) = (Some(Color::Black), Some(Color::White));
        Board::pack([w, w, w, b, None, w, b, b, b])
    };

    /// How many boards there are: 9 places for the empty point, times the
    /// 70 ways to pick four of the other eight for black.
    pub const COUNT: usize = 630;

    const fn pack(points: [Option<Color>; 9]) -> Board {
        let mut code = 0;
        let mut i = 0;
        while i < 9 {
            code += digit(points[i]) * POWERS_OF_3[i];
            i += 1;
        }
        Board(code)
    }

    /// The board with these points (square 1 first), if it has four stones
    /// of each colour and one empty point.
    pub fn from_points(points: [Option<Color>; 9]) -> Result<Board, BoardError> {
        let count = |p: Option<Color>| points.iter().filter(|&&q| q == p).count();
        let (black, white, empty) = (count(Some(Color::Black)), count(Some(Color::White)), count(None));
        if (black, white, empty) != (4, 4, 1) {
            return Err(BoardError::WrongCounts { black, white, empty });
        }
        Ok(Board::pack(points))
    }

    /// What stands on `square`.
    pub const fn at(self, square: Square) -> Option<Color> {
        match (self.0 / POWERS_OF_3[square.index()]) % 3 {
            DIGIT_BLACK => Some(Color::Black),
            DIGIT_WHITE => Some(Color::White),
            _ => None,
        }
    }

    /// What stands on each square, in numbering order.
    pub fn points(self) -> [Option<Color>; 9] {
        Square::ALL.map(|s| self.at(s))
    }

    /// The one square without a stone.
    pub fn empty(self) -> Square {
        Square::ALL
            .into_iter()
            .find(|&s| self.at(s).is_none())
            .expect("a board has one empty point")
    }

    /// The board after the stone on `from` slides into the empty point.
    /// The caller checks that the move is legal.
    pub(crate) fn slide(self, from: Square) -> Board {
        let to = self.empty();
        let stone = digit(self.at(from));
        let code = self.0 - stone * POWERS_OF_3[from.index()] + DIGIT_EMPTY * POWERS_OF_3[from.index()]
            - DIGIT_EMPTY * POWERS_OF_3[to.index()]
            + stone * POWERS_OF_3[to.index()];
        Board(code)
    }

    /// The base-3 code (0..3^9); its order is the order of `SQUARES` strings.
    pub const fn code(self) -> u16 {
        self.0
    }

    /// All 630 boards, in `SQUARES` order.
    pub fn all() -> impl Iterator<Item = Board> {
        (0..POWERS_OF_3[0] * 3).filter_map(|code| {
            let board = Board(code);
            Board::from_points(board.points()).ok()
        })
    }

    /// The image of the board under a symmetry of the octagon.
    pub fn transformed(self, symmetry: OctagonSymmetry) -> Board {
        let mut points = [None; 9];
        for s in Square::ALL {
            points[s.transformed(symmetry).index()] = self.at(s);
        }
        Board::pack(points)
    }
}

impl FromStr for Board {
    type Err = BoardError;

    /// Parses `SQUARES`: squares 1..9 in order, each `b`, `w` or `o`.
    fn from_str(text: &str) -> Result<Board, BoardError> {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != 9 {
            return Err(BoardError::WrongLength { found: chars.len() });
        }
        let mut points = [None; 9];
        for (i, &c) in chars.iter().enumerate() {
            points[i] = match c {
                'b' => Some(Color::Black),
                'w' => Some(Color::White),
                'o' => None,
                found => return Err(BoardError::BadCharacter { square: i + 1, found }),
            };
        }
        Board::from_points(points)
    }
}

/// The `SQUARES` form, e.g. `wwwbowbbb`.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for p in self.points() {
            write!(f, "{}", p.map_or('o', Color::letter))?;
        }
        Ok(())
    }
}

crate::notation::debug_in_notation!(Board);

/// A board and the side to move: the unit the game is solved over.
/// Positions order by board, then black before white.
///
/// Its text form is the board's `SQUARES`, a space and the side to move,
/// `b` or `w`:
///
/// ```
/// use gamespace::mu_torere::{Color, Position};
///
/// let p: Position = "bbwwowwbb w".parse()?;
/// assert_eq!(p.to_move, Color::White);
/// assert_eq!(p.to_string(), "bbwwowwbb w");
/// assert_eq!(format!("{p:?}"), "Position(bbwwowwbb w)");
/// assert!("bbwwowwbb".parse::<Position>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// The stones.
    pub board: Board,
    /// The side to move.
    pub to_move: Color,
}

/// A position of a Mu Torere board, the traditional one or one of the
/// family: what line mode and the terminal boards ask of every position.
pub(crate) trait Sided: Copy + PartialEq {
    /// The side to move.
    fn side_to_move(self) -> Color;
}

impl Sided for Position {
    fn side_to_move(self) -> Color {
        self.to_move
    }
}

impl Position {
    /// The opening position: black to move from [`Board::START`].
    pub const START: Position = Position::new(Board::START, Color::Black);

    /// How many positions there are: every board with either side to move.
    pub const COUNT: usize = 2 * Board::COUNT;

    /// The position of `board` with `to_move` to move.
    pub const fn new(board: Board, to_move: Color) -> Position {
        Position { board, to_move }
    }

    /// The position seen under a symmetry of the octagon.
    pub fn transformed(self, symmetry: OctagonSymmetry) -> Position {
        Position::new(self.board.transformed(symmetry), self.to_move)
    }

    /// The least image under the 16 symmetries: two positions are the same
    /// up to rotation and reflection exactly when these agree.
    pub fn canonical(self) -> Position {
        OctagonSymmetry::ALL
            .into_iter()
            .map(|s| self.transformed(s))
            .min()
            .expect("the group is not empty")
    }
}

impl FromStr for Position {
    type Err = BoardError;

    fn from_str(text: &str) -> Result<Position, BoardError> {
        let (board, to_move) = match text.split_once(' ') {
            Some((board, "b")) => (board, Color::Black),
            Some((board, "w")) => (board, Color::White),
            _ => return Err(BoardError::NoSide(text.to_owned())),
        };
        Ok(Position::new(board.parse()?, to_move))
    }
}

/// `SQUARES`, a space and `b` or `w`: the start is `wwwbowbbb b`.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.board, self.to_move.letter())
    }
}

crate::notation::debug_in_notation!(Position);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_board_reads_as_in_the_spec() {
        assert_eq!(Board::START.to_string(), "wwwbowbbb");
        assert_eq!("wwwbowbbb".parse::<Board>(), Ok(Board::START));
        assert_eq!(Board::START.empty(), Square::CENTRE);
    }

    #[test]
    fn there_are_630_boards_in_text_order() {
        let all: Vec<Board> = Board::all().collect();
        assert_eq!(all.len(), Board::COUNT);
        let texts: Vec<String> = all.iter().map(Board::to_string).collect();
        assert!(texts.windows(2).all(|w| w[0] < w[1]));
        for (board, text) in all.iter().zip(&texts) {
            assert_eq!(text.parse::<Board>().as_ref(), Ok(board));
        }
    }

    #[test]
    fn bad_squares_strings_are_rejected_with_the_reason() {
        assert_eq!(
            "wwwbowbb".parse::<Board>(),
            Err(BoardError::WrongLength { found: 8 })
        );
        assert_eq!(
            "wwwbxwbbb".parse::<Board>(),
            Err(BoardError::BadCharacter {
                square: 5,
                found: 'x'
            })
        );
        assert_eq!(
            "wwwbbwbbb".parse::<Board>(),
            Err(BoardError::WrongCounts {
                black: 5,
                white: 4,
                empty: 0
            })
        );
        assert!("wwwbowbbbb".parse::<Board>().is_err());
        assert!("wwwbOwbbb".parse::<Board>().is_err());
    }

    #[test]
    fn the_sixteen_edges_are_the_lines_of_the_picture() {
        // Drawn lines of the picture, by square number.
        let drawn = [
            (1, 2),
            (2, 3),
            (4, 5),
            (5, 6),
            (7, 8),
            (8, 9),
            (1, 4),
            (4, 7),
            (2, 5),
            (5, 8),
            (3, 6),
            (6, 9),
            (1, 5),
            (3, 5),
            (7, 5),
            (9, 5),
        ];
        for a in 1..=9 {
            for b in 1..=9 {
                let expected = drawn.contains(&(a, b)) || drawn.contains(&(b, a));
                let (sa, sb) = (Square::from_number(a).unwrap(), Square::from_number(b).unwrap());
                assert_eq!(sa.is_adjacent(sb), expected, "{a}-{b}");
            }
        }
    }

    #[test]
    fn slide_moves_one_stone_into_the_empty_point() {
        let board = Board::START.slide(Square::from_number(9).unwrap());
        assert_eq!(board.to_string(), "wwwbbwbbo");
    }

    #[test]
    fn symmetries_preserve_stone_counts_and_edges() {
        for s in OctagonSymmetry::ALL {
            for (a, b) in Square::EDGES {
                assert!(a.transformed(s).is_adjacent(b.transformed(s)));
            }
            let image = Board::START.transformed(s);
            assert!(Board::from_points(image.points()).is_ok());
        }
        // A quarter turn of the octagon is two steps clockwise on the rim.
        let quarter = Board::START.transformed(OctagonSymmetry::rotation(2));
        assert_eq!(quarter.to_string(), "bbwbowbww");
    }
}
