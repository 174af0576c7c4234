//! `--explain` text: the verdict, one optimal line of play in notation,
//! the board after each move, four boards to a row, and how the game ends;
//! with `--explain=all`, then every move of the start with its value.
//!
//! Squares are named by file `a`-`d` (left to right as printed) and rank
//! `1`-`4` counted from White's side, so the first input row is rank 4.
//! A step is `b2-b3`, a capture `c3xb2`; White's moves are numbered, as in
//! chess (`1. b2-b3 c3xb2 2. ...`, `1... c3xb2` for Black's alone). Boards
//! are printed as in the input, rank 4 on top, with the ranks and files
//! labelled:
//!
//! ```text
//! white (1)
//!   1. b3-b4
//!   start        1. b3-b4
//!   4 ....       4 .P..
//!   3 .P..       3 ....
//!   2 ...p       2 ...p
//!   1 ....       1 ....
//!     abcd         abcd
//!   end: white has a pawn on rank 4, so white wins
//! ```

use super::board::{Board, Side};
use super::protocol::verdict;
use super::solver::{Line, Ply};
use crate::solve::Outcome;
use std::fmt::Write;

/// Boards printed side by side in one row.
const BOARDS_PER_ROW: usize = 4;
/// The width of one board's column, its label included.
const COLUMN: usize = 13;

/// The explanation of one case, ending with a newline: the verdict, the
/// line of play in notation, the boards a few to a row, and how the game
/// ends; with `first_moves`, then every move of the start with its value.
pub fn explain(line: &Line, first_moves: Option<&[(Ply, Outcome)]>) -> String {
    let mut text = verdict(line.outcome);
    text.push('\n');
    if line.plies.is_empty() {
        text.push_str("  no move: the game is already over\n");
    } else {
        writeln!(text, "  {}", moves_in_notation(&line.plies)).expect("writing to a String");
    }
    let mut boards = vec![("start".to_owned(), line.start)];
    boards.extend(
        line.plies
            .iter()
            .enumerate()
            .map(|(number, ply)| (ply_label(number, ply), ply.board)),
    );
    for (row, chunk) in boards.chunks(BOARDS_PER_ROW).enumerate() {
        if row > 0 {
            text.push('\n');
        }
        draw_row(&mut text, chunk);
    }
    writeln!(text, "  end: {}", line.ending.describe(4)).expect("writing to a String");
    if let Some(moves) = first_moves {
        if moves.is_empty() {
            text.push_str("  every move of the start: none, the game is over\n");
        } else {
            text.push_str("  every move of the start, with its value:\n");
            for (ply, value) in moves {
                writeln!(text, "    {:<6} {}", notation(ply), verdict(*value)).expect("writing to a String");
            }
        }
    }
    text
}

/// `1. b2-b3 c3xb2 2. b3-b4`: White's moves numbered, as in chess.
fn moves_in_notation(plies: &[Ply]) -> String {
    let words: Vec<String> = plies
        .iter()
        .enumerate()
        .map(|(number, ply)| {
            if number % 2 == 0 {
                format!("{}. {}", number / 2 + 1, notation(ply))
            } else {
                notation(ply)
            }
        })
        .collect();
    words.join(" ")
}

/// `1. b2-b3` for White's move, `1... c3xb2` for Black's.
fn ply_label(number: usize, ply: &Ply) -> String {
    let dots = if ply.side == Side::White { "." } else { "..." };
    format!("{}{dots} {}", number / 2 + 1, notation(ply))
}

/// `b2-b3` for a step, `c3xb2` for a capture.
pub fn notation(ply: &Ply) -> String {
    let separator = if ply.capture { 'x' } else { '-' };
    format!("{}{separator}{}", ply.from, ply.to)
}

/// Boards side by side under their labels, ranks on the left and files
/// below, as in the input: rank 4 on top.
fn draw_row(text: &mut String, boards: &[(String, Board)]) {
    let mut lines = vec![String::new(); 6];
    for (label, board) in boards {
        let rows = board.rows();
        let cells = std::iter::once(label.clone())
            .chain(
                rows.iter()
                    .enumerate()
                    .map(|(row, squares)| format!("{} {squares}", 4 - row)),
            )
            .chain(std::iter::once("  abcd".to_owned()));
        for (line, cell) in lines.iter_mut().zip(cells) {
            write!(line, "{cell:<COLUMN$}").expect("writing to a String");
        }
    }
    for line in lines {
        writeln!(text, "  {}", line.trim_end()).expect("writing to a String");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pawn_chess::solver::Solver;

    #[test]
    fn the_module_example_is_what_explain_prints() {
        let board = Board::new(1 << 5, 1 << 11).unwrap();
        let text = explain(&Solver::default().line(board), None);
        let doc: String = include_str!("render.rs")
            .lines()
            .skip_while(|l| !l.starts_with("//! white (1)"))
            .take_while(|l| !l.starts_with("//! ```"))
            .map(|l| format!("{}\n", &l[4..]))
            .collect();
        assert_eq!(text, doc);
    }

    #[test]
    fn captures_and_blocked_endings_read_plainly() {
        // White c2 takes on b3 and Black, whose only pawn is gone, cannot move.
        let board = Board::new(1 << 10, 1 << 5).unwrap();
        let text = explain(&Solver::default().line(board), None);
        assert!(
            text.starts_with("white (1)\n  1. c2xb3\n  start        1. c2xb3\n"),
            "{text}"
        );
        assert!(
            text.ends_with("  end: black has no pawns left, so white wins\n"),
            "{text}"
        );
        let stuck = Board::new(1 << 8, 1 << 4).unwrap();
        let mut solver = Solver::default();
        let moves = solver.first_moves(stuck);
        let text = explain(&solver.line(stuck), Some(&moves));
        assert!(
            text.ends_with("  every move of the start: none, the game is over\n"),
            "{text}"
        );
        let text = explain(&solver.line(stuck), None);
        assert!(
            text.starts_with("black (0)\n  no move: the game is already over\n  start\n"),
            "{text}"
        );
        assert!(
            text.ends_with("  end: white has no legal move, so black wins\n"),
            "{text}"
        );
    }
}

#[cfg(test)]
mod layout_tests {
    use super::*;
    use crate::pawn_chess::solver::Solver;

    #[test]
    fn a_long_line_puts_four_boards_to_a_row_and_numbers_white_moves() {
        // The standard start: white (11), twelve boards in three rows.
        let board = Board::START;
        let mut solver = Solver::default();
        let line = solver.line(board);
        let moves = solver.first_moves(board);
        let text = explain(&line, Some(&moves));
        assert!(text.starts_with("white (11)\n  1. "), "{text}");
        let notation = text.lines().nth(1).unwrap();
        assert!(notation.contains(" 6. "), "{notation}");
        assert!(!notation.contains(" 7. "), "{notation}");
        let rows: Vec<usize> = text
            .lines()
            .map(|l| l.matches("abcd").count())
            .filter(|&n| n > 0)
            .collect();
        assert_eq!(rows, [4, 4, 4]);
        assert!(text.contains("  start        1. "), "{text}");
        assert!(text.contains("1... "), "{text}");
        let listed: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.starts_with("  every move of the start, with its value:"))
            .skip(1)
            .collect();
        assert_eq!(listed.len(), moves.len());
        assert_eq!(listed.len(), 4);
        assert!(listed.iter().any(|l| l.ends_with(" white (11)")), "{text}");
    }
}
