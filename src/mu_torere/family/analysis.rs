//! The facts of a solved board of the family: value counts over all
//! positions and those reachable from the start, classes up to the
//! symmetries of the rim, the start, the longest win, the opening and the
//! traps; and the full table.

use super::numbering::Numbering;
use super::ring::{RingMove, RingPosition};
use super::solver::RingSolution;
use crate::mu_torere::analysis::{
    OpeningLine, Tally, count_rows, opening_line, plies, verdict, write_counts,
};
use crate::mu_torere::board::Color;
use crate::solve::Outcome;
use crate::solve::implicit::BitSet;
use rayon::prelude::*;
use std::fmt;
use std::io::{self, Write};

/// Value counts over a set of positions, and what the family's report
/// counts besides.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RingTally {
    /// The counts of the traditional game's report; classes are up to
    /// rotation and reflection of the rim.
    pub counts: Tally,
    /// Moves from a drawn position that lose.
    pub traps: u64,
    /// The longest forced win, and how many positions need it.
    pub longest_win: u32,
    /// How many positions need `longest_win` plies to win.
    pub longest_win_positions: u64,
}

impl RingTally {
    fn add(&mut self, o: Outcome) {
        let counts = &mut self.counts;
        counts.positions += 1;
        match o {
            Outcome::Win(n) => {
                counts.wins += 1;
                if n > self.longest_win {
                    (self.longest_win, self.longest_win_positions) = (n, 0);
                }
                if n == self.longest_win {
                    self.longest_win_positions += 1;
                }
            }
            Outcome::Loss(n) => {
                counts.losses += 1;
                counts.terminal += u64::from(n == 0);
            }
            Outcome::Draw | Outcome::Tie(_) => counts.draws += 1,
        }
    }

    fn merge(mut self, other: RingTally) -> RingTally {
        self.counts = self.counts.merge(other.counts);
        self.traps += other.traps;
        if other.longest_win > self.longest_win {
            (self.longest_win, self.longest_win_positions) = (other.longest_win, 0);
        }
        if other.longest_win == self.longest_win {
            self.longest_win_positions += other.longest_win_positions;
        }
        self
    }
}

/// One way through the opening on a ring: moves while each player has no
/// choice, up to the first position with a choice (or none).
pub type RingLine = OpeningLine<RingPosition, RingMove>;

/// Everything `analyze --points 2n` reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RingAnalysis {
    /// Every position.
    pub all: RingTally,
    /// The positions reachable from the start.
    pub reachable: RingTally,
    /// The start's value, black to move.
    pub start: Outcome,
    /// The start's legal moves for black, with their values.
    pub first_moves: Vec<(RingMove, Outcome)>,
    /// One line per first move of black.
    pub opening: Vec<RingLine>,
}

/// Boards handed to one task at a time.
const CHUNK: u64 = 1 << 12;

impl RingAnalysis {
    /// The analysis of a solved ring.
    pub fn new(solution: &RingSolution) -> RingAnalysis {
        let reachable = solution.reachable();
        let (all, reachable) = tallies(solution, &reachable);
        let ring = solution.ring();
        let start = ring.start();
        let first_moves: Vec<(RingMove, Outcome)> = ring
            .moves(start)
            .into_iter()
            .map(|m| (m, solution.move_value(start, m)))
            .collect();
        let opening = first_moves
            .iter()
            .map(|&(m, _)| {
                opening_line(
                    start,
                    m,
                    |p| p.to_move,
                    |p| ring.moves(p),
                    |p, m| ring.play(p, m),
                    |p, m| solution.move_value(p, m),
                )
            })
            .collect();
        RingAnalysis {
            all,
            reachable,
            start: solution.outcome(start),
            first_moves,
            opening,
        }
    }
}

/// The tallies of all positions and of the reachable ones, in one parallel
/// pass over the boards.
fn tallies(solution: &RingSolution, reachable: &BitSet) -> (RingTally, RingTally) {
    let ring = solution.ring();
    let boards = ring.boards();
    (0..boards.div_ceil(CHUNK))
        .into_par_iter()
        .map(|chunk| {
            let mut all = RingTally::default();
            let mut seen = RingTally::default();
            for board in chunk * CHUNK..((chunk + 1) * CHUNK).min(boards) {
                let stones = ring.position(2 * board).stones;
                let canonical = ring.is_canonical(stones);
                for to_move in Color::ALL {
                    let p = RingPosition { stones, to_move };
                    let index = 2 * board + to_move as u64;
                    let outcome = solution.outcome_at(index);
                    let traps = if outcome == Outcome::Draw {
                        let mut traps = 0;
                        ring.for_each_move(p, |m| traps += u64::from(solution.move_value(p, m).is_loss()));
                        traps
                    } else {
                        0
                    };
                    all.add(outcome);
                    all.traps += traps;
                    all.counts.classes += u64::from(canonical);
                    if reachable.contains(index) {
                        seen.add(outcome);
                        seen.traps += traps;
                    }
                    // A class counts as reachable once, through its
                    // representative, when any of its members is.
                    if canonical
                        && ring.symmetries().any(|s| {
                            reachable.contains(ring.index(RingPosition {
                                stones: ring.transformed(stones, s),
                                to_move,
                            }))
                        })
                    {
                        seen.counts.classes += 1;
                    }
                }
            }
            (all, seen)
        })
        .reduce(
            || (RingTally::default(), RingTally::default()),
            |(a, b), (c, d)| (a.merge(c), b.merge(d)),
        )
}

/// The report, with points named by a numbering.
pub struct Report<'a> {
    /// The analysis.
    pub analysis: &'a RingAnalysis,
    /// The solution it was made from.
    pub solution: &'a RingSolution,
    /// How the points are named.
    pub numbering: &'a Numbering,
}

impl Report<'_> {
    fn mv(&self, m: RingMove) -> String {
        format!("{} to {}", self.numbering.name(m.from), self.numbering.name(m.to))
    }
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, r) = (&self.analysis.all, &self.analysis.reachable);
        let ring = self.solution.ring();
        let squares = |p: RingPosition| self.numbering.squares(p.stones).to_string();
        writeln!(
            f,
            "Mu Torere on {} points (n = {}, {} rule), solved by retrograde analysis of every position",
            ring.rim(),
            ring.n(),
            ring.rule()
        )?;
        writeln!(f)?;
        let traps = ("traps (losing moves from a drawn position)", a.traps, r.traps);
        write_counts(
            f,
            11,
            count_rows(a.counts.figures(), r.counts.figures()).chain([traps]),
        )?;
        writeln!(f)?;
        let start = ring.start();
        writeln!(
            f,
            "start ({}, black to move): {}",
            squares(start),
            self.analysis.start
        )?;
        writeln!(
            f,
            "longest forced win: {} ({} positions, {} reachable)",
            plies(a.longest_win),
            a.longest_win_positions,
            if r.longest_win == a.longest_win {
                r.longest_win_positions
            } else {
                0
            }
        )?;
        writeln!(f)?;
        let firsts: Vec<String> = self
            .analysis
            .first_moves
            .iter()
            .map(|&(m, _)| self.mv(m))
            .collect();
        writeln!(
            f,
            "opening: black's legal first moves are {}; then",
            firsts.join(", ")
        )?;
        for line in &self.analysis.opening {
            let moves: Vec<String> = line
                .moves
                .iter()
                .map(|&(c, m)| format!("{c} {}", self.mv(m)))
                .collect();
            writeln!(f, "  {}", moves.join(", "))?;
            let mover = line.position.to_move;
            if line.options.is_empty() {
                writeln!(f, "    and {mover} cannot move")?;
                continue;
            }
            writeln!(
                f,
                "    then {mover} ({} to move) chooses:",
                squares(line.position)
            )?;
            for &(m, value) in &line.options {
                let trap = if self.solution.outcome(line.position) == Outcome::Draw && value.is_loss() {
                    " (a trap)"
                } else {
                    ""
                };
                writeln!(f, "      {} {}{trap}", self.mv(m), verdict(value, mover))?;
            }
        }
        Ok(())
    }
}

/// Writes one line per position, `SQUARES SIDE RESULT DIST`, sorted by
/// `SQUARES`, then `b` before `w`.
pub fn write_table(solution: &RingSolution, numbering: &Numbering, out: &mut impl Write) -> io::Result<()> {
    let ring = solution.ring();
    let order = numbering.order();
    // Every arrangement of the letters, in lexicographic order.
    let mut letters: Vec<u8> = std::iter::repeat_n(b'b', ring.n() as usize)
        .chain([b'o'])
        .chain(std::iter::repeat_n(b'w', ring.n() as usize))
        .collect();
    loop {
        let mut stones = super::ring::Stones { black: 0, white: 0 };
        for (&c, &point) in letters.iter().zip(order) {
            match c {
                b'b' => stones.black |= 1 << point,
                b'w' => stones.white |= 1 << point,
                _ => {}
            }
        }
        let text = std::str::from_utf8(&letters).expect("ASCII letters");
        for to_move in Color::ALL {
            let value = solution.outcome(RingPosition { stones, to_move });
            let result = match value {
                Outcome::Win(_) => 'W',
                Outcome::Loss(_) => 'L',
                Outcome::Draw | Outcome::Tie(_) => 'D',
            };
            match value.plies() {
                Some(d) => writeln!(out, "{text} {} {result} {d}", to_move.letter())?,
                None => writeln!(out, "{text} {} {result} -", to_move.letter())?,
            }
        }
        if !next_permutation(&mut letters) {
            return Ok(());
        }
    }
}

/// Steps to the next arrangement in lexicographic order; false after the last.
fn next_permutation(v: &mut [u8]) -> bool {
    let Some(i) = v.windows(2).rposition(|w| w[0] < w[1]) else {
        return false;
    };
    let j = v
        .iter()
        .rposition(|&x| x > v[i])
        .expect("a greater element after i");
    v.swap(i, j);
    v[i + 1..].reverse();
    true
}
