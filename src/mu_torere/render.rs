//! The board as the exact five-line picture, plain or coloured for a
//! terminal.

use super::board::{Board, Color, Square};
use super::moves::Move;
use std::fmt::Write;

/// The lines between the rows of stones: every edge drawn, none crossing.
const UPPER_LINKS: &str = "|\\|/|";
const LOWER_LINKS: &str = "|/|\\|";

/// The numbering picture, one string per line: each digit stands where
/// that square's stone is drawn, and the other characters are the edges.
pub const NUMBERING: [&str; 5] = ["1-2-3", UPPER_LINKS, "4-5-6", LOWER_LINKS, "7-8-9"];

/// Where `square` is drawn in the picture: (line, column), both from 0.
pub const fn cell_of(square: Square) -> (usize, usize) {
    (2 * (square.index() / 3), 2 * (square.index() % 3))
}

fn letter(point: Option<Color>) -> char {
    point.map_or('o', Color::letter)
}

/// The five lines of the picture, each ending in a newline, e.g. for the
/// start:
///
/// ```text
/// w-w-w
/// |\|/|
/// b-o-w
/// |/|\|
/// b-b-b
/// ```
pub fn picture(board: Board) -> String {
    let p = board.points().map(letter);
    format!(
        "{}-{}-{}\n{UPPER_LINKS}\n{}-{}-{}\n{LOWER_LINKS}\n{}-{}-{}\n",
        p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8]
    )
}

/// What to bring out in a coloured picture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Highlight<'a> {
    /// The move just played: its stone is shown in reverse video.
    pub last_move: Option<Move>,
    /// Stones the player to move may move: shown underlined.
    pub movable: &'a [Square],
}

const RESET: &str = "\x1b[0m";
const DIM: &str = "\x1b[2m";

/// The stones' colours: red and the terminal's own text colour, which
/// read on a dark background and on a light one alike.
fn stone_colour(point: Option<Color>) -> &'static str {
    match point {
        Some(Color::Black) => "\x1b[31m",
        Some(Color::White) | None => "",
    }
}

/// The picture for a terminal, with the square numbering alongside: the
/// last moved stone reversed, the movable stones underlined, stones bold
/// and the empty point and the lines dim. With `colour`, black stones are
/// also red; without (`NO_COLOR`), only these attributes remain.
pub fn annotated_picture(board: Board, highlight: Highlight<'_>, colour: bool) -> String {
    let cell = |i: usize| {
        let square = Square::ALL[i];
        let point = board.at(square);
        let mut style = String::from(if point.is_some() { "\x1b[1m" } else { DIM });
        if colour {
            style.push_str(stone_colour(point));
        }
        if highlight.last_move.is_some_and(|m| m.to == square) {
            style.push_str("\x1b[7m");
        }
        if highlight.movable.contains(&square) {
            style.push_str("\x1b[4m");
        }
        format!("{style}{}{RESET}", letter(point))
    };
    let link = |s: &str| format!("{DIM}{s}{RESET}");
    let row = |r: usize| {
        let dash = link("-");
        format!(
            "{}{dash}{}{dash}{}",
            cell(3 * r),
            cell(3 * r + 1),
            cell(3 * r + 2)
        )
    };
    let lines = [row(0), link(UPPER_LINKS), row(1), link(LOWER_LINKS), row(2)];
    let mut text = String::new();
    for (line, key) in lines.iter().zip(NUMBERING) {
        let _ = writeln!(text, "{line}    {DIM}{key}{RESET}");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_picture_is_exactly_the_spec() {
        assert_eq!(picture(Board::START), "w-w-w\n|\\|/|\nb-o-w\n|/|\\|\nb-b-b\n");
    }

    #[test]
    fn numbering_shows_each_square_where_its_stone_is_drawn() {
        for square in Square::ALL {
            let (line, column) = cell_of(square);
            let digit = char::from(b'0' + square.number());
            assert_eq!(NUMBERING[line].chars().nth(column), Some(digit));
        }
    }

    #[test]
    fn picture_puts_each_square_in_its_place() {
        let board: Board = "bwobwbwbw".parse().unwrap();
        assert_eq!(picture(board), "b-w-o\n|\\|/|\nb-w-b\n|/|\\|\nw-b-w\n");
    }

    #[test]
    fn annotated_picture_shows_the_same_letters_once_escapes_are_removed() {
        let strip = |s: &str| {
            let mut out = String::new();
            let mut chars = s.chars();
            while let Some(c) = chars.next() {
                if c == '\x1b' {
                    chars.by_ref().find(|&c| c == 'm');
                } else {
                    out.push(c);
                }
            }
            out
        };
        let sq = |n| Square::from_number(n).unwrap();
        let highlight = Highlight {
            last_move: None,
            movable: &[sq(4), sq(9)],
        };
        for colour in [true, false] {
            let text = annotated_picture(Board::START, highlight, colour);
            let stripped = strip(&text);
            let boards: Vec<&str> = stripped
                .lines()
                .map(|l| l.split_whitespace().next().unwrap())
                .collect();
            assert_eq!(boards.join("\n") + "\n", picture(Board::START));
            let numbering: Vec<&str> = stripped
                .lines()
                .map(|l| l.split_whitespace().nth(1).unwrap())
                .collect();
            assert_eq!(numbering, NUMBERING);
            assert!(text.contains("\x1b[4m"));
            // Red is the only colour, and only when asked for.
            assert_eq!(text.contains("\x1b[31m"), colour);
            assert!(
                !text.contains("\x1b[9"),
                "no bright colour, unreadable on a light background"
            );
        }
        assert!(!picture(Board::START).contains('\x1b'));
    }
}
