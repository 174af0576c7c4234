//! `--explain` text: the verdict, then one optimal line of play with the
//! board after each move.
//!
//! Squares are named by file `a`-`d` (left to right as printed) and rank
//! `1`-`4` counted from White's side, so the first input row is rank 4.
//! A step is `b2-b3`, a capture `c3xb2`. Boards are printed as in the
//! input, rank 4 on top, with the ranks and files labelled:
//!
//! ```text
//! white (1)
//!   start, white to move
//!     4 ....
//!     3 .P..
//!     2 ...p
//!     1 ....
//!       abcd
//!   1. white b3-b4
//!     4 .P..
//!     3 ....
//!     2 ...p
//!     1 ....
//!       abcd
//!   end: white has a pawn on rank 4, so white wins
//! ```

use super::board::{Board, Side};
use super::protocol::verdict;
use super::solver::{Ending, Line, Ply};
use std::fmt::Write;

/// The explanation of one case, ending with a newline.
pub fn explain(line: &Line) -> String {
    let mut text = verdict(line.outcome);
    text.push('\n');
    text.push_str("  start, white to move\n");
    draw(&mut text, line.start);
    for (number, ply) in line.plies.iter().enumerate() {
        writeln!(text, "  {}. {} {}", number + 1, ply.side.name(), notation(ply))
            .expect("writing to a String");
        draw(&mut text, ply.board);
    }
    writeln!(text, "  end: {}", ending(line.ending)).expect("writing to a String");
    text
}

/// `b2-b3` for a step, `c3xb2` for a capture.
pub fn notation(ply: &Ply) -> String {
    let separator = if ply.capture { 'x' } else { '-' };
    format!("{}{separator}{}", ply.from, ply.to)
}

fn ending(ending: Ending) -> String {
    match ending {
        Ending::GoalReached(side) => {
            let rank = if side == Side::White { 4 } else { 1 };
            format!(
                "{} has a pawn on rank {rank}, so {} wins",
                side.name(),
                side.name()
            )
        }
        Ending::NoPawns(side) => format!(
            "{} has no pawns left, so {} wins",
            side.name(),
            side.other().name()
        ),
        Ending::NoMove(side) => format!(
            "{} has no legal move, so {} wins",
            side.name(),
            side.other().name()
        ),
    }
}

fn draw(text: &mut String, board: Board) {
    for (row, squares) in board.rows().iter().enumerate() {
        writeln!(text, "    {} {squares}", 4 - row).expect("writing to a String");
    }
    text.push_str("      abcd\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pawn_chess::solver::Solver;

    #[test]
    fn the_module_example_is_what_explain_prints() {
        let board = Board::new(1 << 5, 1 << 11).unwrap();
        let text = explain(&Solver::default().line(board));
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
        let text = explain(&Solver::default().line(board));
        assert!(text.starts_with("white (1)\n"), "{text}");
        assert!(text.contains("  1. white c2xb3\n"), "{text}");
        assert!(
            text.ends_with("  end: black has no pawns left, so white wins\n"),
            "{text}"
        );
        let stuck = Board::new(1 << 8, 1 << 4).unwrap();
        let text = explain(&Solver::default().line(stuck));
        assert!(text.starts_with("black (0)\n  start, white to move\n"), "{text}");
        assert!(
            text.ends_with("  end: white has no legal move, so black wins\n"),
            "{text}"
        );
    }
}
