//! The report on a solved board: positions and values counted as they are
//! and up to symmetry, the empty board's value and its first moves', and
//! the longest games.

use super::board::{Position, Size};
use super::solver::{Rule, Solution};
use crate::solve::Outcome;
use crate::solve::tiered::TieredGame;
use std::collections::HashSet;
use std::io::{self, Write};

/// Counts of positions by value for the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// All the positions counted.
    pub positions: u64,
    /// Those won for the side to move.
    pub won: u64,
    /// Those lost for the side to move.
    pub lost: u64,
    /// Those tied.
    pub tied: u64,
}

impl Tally {
    fn add(&mut self, value: Outcome, count: u64) {
        self.positions += count;
        match value {
            Outcome::Win(_) => self.won += count,
            Outcome::Loss(_) => self.lost += count,
            _ => self.tied += count,
        }
    }
}

/// The analysis of one board under one rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The board.
    pub size: Size,
    /// The rule that decides a full board.
    pub rule: Rule,
    /// Every position reachable from the empty board.
    pub reachable: Tally,
    /// One position per class of positions related by the board's symmetries.
    pub classes: Tally,
    /// The empty board's value, white to move.
    pub start: Outcome,
    /// Each first move (one per class of symmetric moves) and its value for white.
    pub first_moves: Vec<(String, Outcome)>,
    /// The longest game possible, in plies.
    pub longest_game: u32,
}

impl Analysis {
    /// The analysis of a solved board.
    pub fn new(solution: &Solution) -> Analysis {
        let game = solution.game();
        let mut reachable = Tally::default();
        let mut classes = Tally::default();
        for (p, value) in solution.iter() {
            let images: HashSet<Position> = game.images(p).collect();
            reachable.add(value, images.len() as u64);
            classes.add(value, 1);
        }
        let start = Position::start(game.size());
        let mut seen = HashSet::new();
        let first_moves = start
            .moves()
            .into_iter()
            .filter(|&m| seen.insert(game.canonical(game.key(start.play(m)))))
            .map(|m| {
                let value = solution
                    .value(start.play(m))
                    .expect("first moves are solved")
                    .parent();
                (m.text(game.size()), value)
            })
            .collect();
        Analysis {
            size: game.size(),
            rule: game.rule(),
            reachable,
            classes,
            start: solution.value(start).expect("the empty board is solved"),
            first_moves,
            longest_game: solution.longest_game(),
        }
    }
}

/// `win in 52`, `tie in 14`: the value with its remoteness in plies.
fn described(value: Outcome) -> String {
    match value.plies() {
        Some(n) => format!("{} in {n}", value.name()),
        None => value.name().to_owned(),
    }
}

/// Writes the report for people.
pub fn write_report(a: &Analysis, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "Cephalopod {}, {} rule", a.size, a.rule)?;
    for (name, t) in [
        ("reachable positions", &a.reachable),
        ("up to symmetry", &a.classes),
    ] {
        writeln!(
            out,
            "{name}: {} (side to move: {} won, {} lost, {} tied)",
            t.positions, t.won, t.lost, t.tied
        )?;
    }
    writeln!(out, "empty board, white to move: {}", described(a.start))?;
    writeln!(out, "first moves (one per symmetric class), for white:")?;
    for (mv, value) in &a.first_moves {
        writeln!(out, "  {mv:<4} {}", described(*value))?;
    }
    writeln!(
        out,
        "longest game under perfect play: {} plies",
        a.start.plies().unwrap_or(0)
    )?;
    writeln!(out, "longest game possible: {} plies", a.longest_game)
}

/// Writes one line per stored position (one per symmetric class), in the
/// solution's order: `POSITION VALUE REMOTENESS`.
pub fn write_table(solution: &Solution, out: &mut impl Write) -> io::Result<()> {
    for (p, value) in solution.iter() {
        writeln!(out, "{p} {} {}", value.name(), value.plies().unwrap_or(0))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_by_two_report() {
        let size: Size = "2x2".parse().unwrap();
        let s = Solution::solve(size, Rule::Majority, |_| {}).unwrap();
        let a = Analysis::new(&s);
        assert_eq!(a.start, Outcome::Tie(14));
        assert_eq!(a.first_moves.len(), 1, "every corner is alike");
        assert!(a.reachable.positions >= a.classes.positions);
        assert_eq!(a.classes.positions, s.classes());
        assert_eq!(
            a.reachable.won + a.reachable.lost + a.reachable.tied,
            a.reachable.positions
        );
        assert!(a.longest_game >= 14);
        let mut text = Vec::new();
        write_report(&a, &mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(text.contains("empty board, white to move: tie in 14"), "{text}");
    }
}
