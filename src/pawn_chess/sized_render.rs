//! Text for positions of any size: the `--explain` layout of the 4x4 board
//! (see `pawn_chess::render`) with the board's own ranks and files, and
//! the lines of `value`.

use super::sizes::{Setup, Step};
use super::solver::Ending;
use crate::solve::Outcome;
use std::fmt::Write;

/// `white (N)` or `black (N)` for a value of the side to move in `setup`.
pub fn verdict(setup: Setup, value: Outcome) -> String {
    let winner = match (value, setup.to_move()) {
        (Outcome::Win(_), side) => side,
        (_, side) => side.other(),
    };
    format!("{} ({})", winner.name(), value.plies().unwrap_or(0))
}

/// The explanation of one position: the verdict, the start, every move of
/// `line` with the board after it, and why the game ends.
pub fn explain(start: Setup, value: Outcome, line: &[(Step, Setup)]) -> String {
    let mut text = verdict(start, value);
    text.push('\n');
    writeln!(text, "  start, {} to move", start.to_move().name()).expect("writing to a String");
    draw(&mut text, start);
    let mut before = start;
    for (number, &(step, after)) in line.iter().enumerate() {
        writeln!(
            text,
            "  {}. {} {}",
            number + 1,
            before.to_move().name(),
            before.notation(step)
        )
        .expect("writing to a String");
        draw(&mut text, after);
        before = after;
    }
    if let Some(end) = before.ending() {
        writeln!(text, "  end: {}", ending(before, end)).expect("writing to a String");
    }
    text
}

/// Why the game ended, in words.
pub fn ending(setup: Setup, ending: Ending) -> String {
    ending.describe(setup.size().rows().into())
}

/// The board with its ranks and files labelled, indented as in `--explain`.
fn draw(text: &mut String, setup: Setup) {
    let rows = setup.rows();
    for (row, squares) in rows.iter().enumerate() {
        writeln!(text, "    {} {squares}", rows.len() - row).expect("writing to a String");
    }
    let files: String = (0..setup.size().columns())
        .map(|c| char::from(b'a' + c))
        .collect();
    writeln!(text, "      {files}").expect("writing to a String");
}

/// `win 11`, `loss 6`: a value for the side to move, as `value` prints it.
pub fn value_words(value: Outcome) -> String {
    match value.plies() {
        Some(n) => format!("{} {n}", value.name()),
        None => value.name().to_string(),
    }
}

/// The `value` answer: `POSITION win|loss N`, then each legal move with the
/// value it leaves the side to move, best first.
pub fn value_text(setup: Setup, value: Outcome, moves: &[(Step, Outcome)]) -> String {
    let mut text = format!("{setup} {}\n", value_words(value));
    for &(step, after) in moves {
        writeln!(text, "  {} {}", setup.notation(step), value_words(after)).expect("writing to a String");
    }
    text
}

/// The `value --json` answer, one line.
pub fn value_json(setup: Setup, value: Outcome, moves: &[(Step, Outcome)]) -> String {
    let entry = |value: Outcome| {
        format!(
            "\"value\":\"{}\",\"plies\":{}",
            value.name(),
            value.plies().unwrap_or(0)
        )
    };
    let moves: Vec<String> = moves
        .iter()
        .map(|&(step, after)| format!("{{\"move\":\"{}\",{}}}", setup.notation(step), entry(after)))
        .collect();
    format!(
        "{{\"position\":\"{setup}\",{},\"moves\":[{}]}}\n",
        entry(value),
        moves.join(",")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pawn_chess::render;
    use crate::pawn_chess::solver::Solver;
    use crate::pawn_chess::value;
    use crate::pawn_chess::{Board, Side, sizes::Size};

    /// On 4x4 the explanation agrees with the 4x4 one on the verdict and
    /// the ending (the 4x4 one lays its boards out in rows).
    #[test]
    fn four_by_four_explanations_match_the_judges() {
        let size = Size::new(4, 4).unwrap();
        let mut sized = value::Solver::new(size, 1 << 30);
        for (white, black) in [
            (1 << 5, 1 << 11),
            (0xf000, 0x000f),
            (1 << 10, 1 << 5),
            (1 << 8, 1 << 4),
            (0x0e00, 0x00e0),
        ] {
            let board = Board::new(white, black).unwrap();
            let expected = render::explain(&Solver::default().line(board), None);
            let start = Setup::new(size, u64::from(white), u64::from(black), Side::White).unwrap();
            let (v, line) = sized.line(start).unwrap();
            let sized = explain(start, v, &line);
            // The same verdict, and the same ending, in both layouts.
            assert_eq!(sized.lines().next(), expected.lines().next());
            assert_eq!(sized.lines().last(), expected.lines().last());
        }
    }

    #[test]
    fn value_lines_and_json() {
        let setup: Setup = ".p/../P. w".parse().unwrap();
        let mut solver = value::Solver::new(setup.size(), 1 << 30);
        let v = solver.value(setup).unwrap();
        let moves = solver.moves(setup).unwrap();
        assert_eq!(
            value_text(setup, v, &moves),
            ".p/../P. w loss 2\n  a1-a2 loss 2\n"
        );
        assert_eq!(
            value_json(setup, v, &moves),
            "{\"position\":\".p/../P. w\",\"value\":\"loss\",\"plies\":2,\"moves\":[{\"move\":\"a1-a2\",\"value\":\"loss\",\"plies\":2}]}\n"
        );
    }
}
