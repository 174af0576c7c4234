//! The facts of the solved game: value counts, symmetry classes, the start,
//! the longest win, the forced opening and every trap; and the full table.

use super::board::{Color, Position};
use super::moves::Move;
use super::solver::Solution;
use crate::solve::Outcome;
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::fmt;
use std::io::{self, Write};

/// Value counts over a set of positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// The positions counted.
    pub positions: u64,
    /// Those won for the side to move.
    pub wins: u64,
    /// Those lost for the side to move.
    pub losses: u64,
    /// Those drawn.
    pub draws: u64,
    /// Positions where the side to move has no move (and so has lost).
    pub terminal: u64,
    /// Classes of positions up to rotation and reflection of the board.
    pub classes: u64,
}

impl Tally {
    /// Positions, wins, losses, draws, terminal positions and classes, in
    /// the order of the report's rows.
    pub fn figures(&self) -> [u64; 6] {
        [
            self.positions,
            self.wins,
            self.losses,
            self.draws,
            self.terminal,
            self.classes,
        ]
    }

    /// The counts of two sets of positions with nothing in common.
    pub(crate) fn merge(self, other: Tally) -> Tally {
        Tally {
            positions: self.positions + other.positions,
            wins: self.wins + other.wins,
            losses: self.losses + other.losses,
            draws: self.draws + other.draws,
            terminal: self.terminal + other.terminal,
            classes: self.classes + other.classes,
        }
    }

    fn of(solution: &Solution, positions: impl Iterator<Item = Position>) -> Tally {
        let mut tally = Tally::default();
        let mut classes = HashSet::new();
        for p in positions {
            tally.positions += 1;
            match solution.outcome(p) {
                Outcome::Win(_) => tally.wins += 1,
                Outcome::Loss(_) => tally.losses += 1,
                Outcome::Draw => tally.draws += 1,
                Outcome::Tie(_) => unreachable!("Mu Torere has no ties"),
            }
            tally.terminal += u64::from(p.is_over());
            classes.insert(p.canonical());
        }
        tally.classes = classes.len() as u64;
        tally
    }
}

/// A drawn position where one move throws the game away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trap {
    /// The drawn position.
    pub position: Position,
    /// The move that loses it.
    pub losing_move: Move,
    /// Plies the opponent then needs to win, under perfect play.
    pub opponent_wins_in: u32,
}

/// `bwwwowbbb white to move: 4 to 5 loses, black then wins in 5 plies`.
impl fmt::Display for Trap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mover = self.position.to_move;
        write!(
            f,
            "{} {mover} to move: {} loses, {} then wins in {}",
            self.position.board,
            self.losing_move,
            mover.opponent(),
            plies(self.opponent_wins_in)
        )
    }
}

/// All the traps of one symmetry class, shown by one of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrapClass {
    /// The member nearest the start (then first in `SQUARES` order), or the
    /// first member when none is reachable.
    pub example: Trap,
    /// How many traps the class holds.
    pub members: usize,
    /// How many of them are reachable from the start.
    pub reachable_members: usize,
}

/// One way through the opening: moves while each player has no choice, up
/// to the first position with a choice, on the traditional board (`P` and
/// `M` by default) or any board of the family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningLine<P = Position, M = Move> {
    /// The forced moves, each with its mover.
    pub moves: Vec<(Color, M)>,
    /// Where the line ends: the side to move there has a choice, or none.
    pub position: P,
    /// The choices there, with their values for the side to move.
    pub options: Vec<(M, Outcome)>,
}

/// Everything `gamespace mu-torere analyze` reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Every position.
    pub all: Tally,
    /// The positions reachable from the start.
    pub reachable: Tally,
    /// The start's value, black to move.
    pub start: Outcome,
    /// The start's legal moves for black, with their values.
    pub first_moves: Vec<(Move, Outcome)>,
    /// The longest forced win in plies, and how many positions need it.
    pub longest_win: u32,
    /// How many positions need [`Analysis::longest_win`] plies to win.
    pub longest_win_positions: usize,
    /// One line per first move of black.
    pub opening: Vec<OpeningLine>,
    /// Every trap of the whole game.
    pub traps: Vec<Trap>,
    /// The traps by symmetry class.
    pub trap_classes: Vec<TrapClass>,
}

/// Plies from the start to every reachable position (breadth first).
pub fn distances_from_start() -> HashMap<Position, u32> {
    let mut distance = HashMap::from([(Position::START, 0)]);
    let mut queue = VecDeque::from([Position::START]);
    while let Some(p) = queue.pop_front() {
        let d = distance[&p];
        for (_, next) in p.successors() {
            distance.entry(next).or_insert_with(|| {
                queue.push_back(next);
                d + 1
            });
        }
    }
    distance
}

/// Every trap, in table order of its position.
pub fn traps(solution: &Solution) -> Vec<Trap> {
    solution
        .iter()
        .filter(|&(_, value)| value == Outcome::Draw)
        .flat_map(|(position, _)| {
            position
                .successors()
                .filter_map(move |(m, next)| match solution.outcome(next) {
                    Outcome::Win(n) => Some(Trap {
                        position,
                        losing_move: m,
                        opponent_wins_in: n,
                    }),
                    _ => None,
                })
        })
        .collect()
}

/// The line of the opening that starts with `first` from `start`, on any
/// board: `to_move`, `legal`, `play` and `value` are its rules and its
/// solution. A board with one legal move at every turn may cycle; the line
/// then stops where it comes back.
pub(crate) fn opening_line<P: Copy + PartialEq, M: Copy>(
    start: P,
    first: M,
    to_move: impl Fn(P) -> Color,
    legal: impl Fn(P) -> Vec<M>,
    play: impl Fn(P, M) -> P,
    value: impl Fn(P, M) -> Outcome,
) -> OpeningLine<P, M> {
    let mut moves = vec![(to_move(start), first)];
    let mut position = play(start, first);
    let mut seen = vec![start, position];
    loop {
        let legal = legal(position);
        let next = legal.first().map(|&m| play(position, m));
        if legal.len() != 1 || next.is_some_and(|q| seen.contains(&q)) {
            let options = legal.iter().map(|&m| (m, value(position, m))).collect();
            return OpeningLine {
                moves,
                position,
                options,
            };
        }
        moves.push((to_move(position), legal[0]));
        position = next.expect("one legal move");
        seen.push(position);
    }
}

impl Analysis {
    /// The analysis of the solved game.
    pub fn new(solution: &Solution) -> Analysis {
        let distance = distances_from_start();
        let all = Tally::of(solution, solution.iter().map(|(p, _)| p));
        let reachable = Tally::of(
            solution,
            solution
                .iter()
                .map(|(p, _)| p)
                .filter(|p| distance.contains_key(p)),
        );
        let wins = || {
            solution
                .iter()
                .filter_map(|(_, o)| o.is_win().then(|| o.plies()).flatten())
        };
        let longest_win = wins().max().unwrap_or(0);
        let first_moves = Position::START
            .legal_moves()
            .iter()
            .map(|&m| (m, solution.move_value(Position::START, m)))
            .collect::<Vec<_>>();
        let opening = first_moves
            .iter()
            .map(|&(m, _)| {
                opening_line(
                    Position::START,
                    m,
                    |p| p.to_move,
                    |p| p.legal_moves().to_vec(),
                    Position::play,
                    |p, m| solution.move_value(p, m),
                )
            })
            .collect();
        let traps = traps(solution);
        let mut classes: BTreeMap<Position, Vec<Trap>> = BTreeMap::new();
        for &t in &traps {
            classes.entry(t.position.canonical()).or_default().push(t);
        }
        let mut trap_classes: Vec<TrapClass> = classes
            .into_values()
            .map(|members| {
                let example = *members
                    .iter()
                    .min_by_key(|t| (distance.get(&t.position).copied().unwrap_or(u32::MAX), t.position))
                    .expect("classes are not empty");
                TrapClass {
                    example,
                    members: members.len(),
                    reachable_members: members
                        .iter()
                        .filter(|t| distance.contains_key(&t.position))
                        .count(),
                }
            })
            .collect();
        trap_classes.sort_by_key(|c| {
            (
                distance.get(&c.example.position).copied().unwrap_or(u32::MAX),
                c.example.position,
            )
        });
        Analysis {
            all,
            reachable,
            start: solution.outcome(Position::START),
            first_moves,
            longest_win,
            longest_win_positions: wins().filter(|&n| n == longest_win).count(),
            opening,
            traps,
            trap_classes,
        }
    }
}

/// What the report's rows count, in the order of [`Tally::figures`].
const COUNT_LABELS: [&str; 6] = [
    "positions",
    "  won for the side to move",
    "  lost for the side to move",
    "  drawn",
    "  terminal (no move: lost at once)",
    "classes up to rotation and reflection",
];

/// The report's rows of counts: a label, the count over all positions and
/// over those reachable from the start.
pub(crate) fn count_rows(
    all: [u64; 6],
    reachable: [u64; 6],
) -> impl Iterator<Item = (&'static str, u64, u64)> {
    (0..6).map(move |i| (COUNT_LABELS[i], all[i], reachable[i]))
}

/// The table of counts, its columns `width` wide, on any board.
pub(crate) fn write_counts<'a>(
    f: &mut fmt::Formatter<'_>,
    width: usize,
    rows: impl IntoIterator<Item = (&'a str, u64, u64)>,
) -> fmt::Result {
    writeln!(f, "{:<40} {:>width$}  reachable from the start", "", "all")?;
    for (label, all, reachable) in rows {
        writeln!(f, "{label:<40} {all:>width$}  {reachable:>width$}")?;
    }
    Ok(())
}

/// `1 ply`, `5 plies`.
pub(crate) fn plies(n: u32) -> String {
    if n == 1 {
        "1 ply".to_owned()
    } else {
        format!("{n} plies")
    }
}

/// How a move's value reads in the report.
pub(crate) fn verdict(value: Outcome, mover: Color) -> String {
    match value {
        Outcome::Draw | Outcome::Tie(_) => "draws".to_owned(),
        Outcome::Win(n) => format!("wins in {}", plies(n)),
        Outcome::Loss(n) => format!("loses: {} then wins in {}", mover.opponent(), plies(n - 1)),
    }
}

fn describe_moves(moves: &[(Color, Move)]) -> String {
    moves
        .iter()
        .map(|(c, m)| format!("{c} {m}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for Analysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, r) = (&self.all, &self.reachable);
        writeln!(f, "Mu Torere, solved by retrograde analysis of every position")?;
        writeln!(f)?;
        write_counts(f, 5, count_rows(a.figures(), r.figures()))?;
        writeln!(f)?;
        writeln!(f, "start (wwwbowbbb, black to move): {}", self.start)?;
        writeln!(
            f,
            "longest forced win: {} ({} positions)",
            plies(self.longest_win),
            self.longest_win_positions
        )?;
        writeln!(f)?;
        let firsts: Vec<String> = self.first_moves.iter().map(|(m, _)| m.to_string()).collect();
        writeln!(
            f,
            "forced opening: black's only legal first moves are {}; then",
            firsts.join(" and ")
        )?;
        for line in &self.opening {
            writeln!(f, "  {}", describe_moves(&line.moves))?;
            let mover = line.position.to_move;
            if line.options.is_empty() {
                writeln!(f, "    and {mover} cannot move")?;
                continue;
            }
            writeln!(f, "    then {mover} ({} to move) chooses:", line.position.board)?;
            for &(m, value) in &line.options {
                writeln!(f, "      {m} {}", verdict(value, mover))?;
            }
        }
        writeln!(f)?;
        let reachable = self
            .trap_classes
            .iter()
            .map(|c| c.reachable_members)
            .sum::<usize>();
        writeln!(
            f,
            "traps (drawn positions where a move loses): {} in {} classes up to symmetry, {} reachable",
            self.traps.len(),
            self.trap_classes.len(),
            reachable
        )?;
        for class in &self.trap_classes {
            writeln!(
                f,
                "  {} ({} positions in its class)",
                class.example, class.members
            )?;
        }
        writeln!(f, "  (every one of them: gamespace mu-torere analyze --traps)")?;
        Ok(())
    }
}

/// Writes every trap, one per line, in table order.
pub fn write_traps(analysis: &Analysis, out: &mut impl Write) -> io::Result<()> {
    for trap in &analysis.traps {
        writeln!(out, "{trap}")?;
    }
    Ok(())
}

/// Writes one line per position, `SQUARES SIDE RESULT DIST`, in table
/// order (by `SQUARES`, then `b` before `w`).
pub fn write_table(solution: &Solution, out: &mut impl Write) -> io::Result<()> {
    for (p, value) in solution.iter() {
        let result = match value {
            Outcome::Win(_) => 'W',
            Outcome::Loss(_) => 'L',
            Outcome::Draw | Outcome::Tie(_) => 'D',
        };
        let dist = value.plies().map_or("-".to_owned(), |n| n.to_string());
        writeln!(out, "{} {} {result} {dist}", p.board, p.to_move.letter())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mu_torere::board::Square;

    #[test]
    fn figures_match_the_published_analyses() {
        let a = Analysis::new(Solution::get());
        assert_eq!(
            (a.all.positions, a.all.wins, a.all.losses, a.all.draws),
            (1260, 240, 128, 892)
        );
        assert_eq!(a.all.terminal, 80);
        let r = a.reachable;
        assert_eq!((r.positions, r.wins, r.losses, r.draws), (1180, 208, 128, 844));
        assert_eq!((a.all.classes, r.classes), (92, 86));
        assert_eq!(a.start, Outcome::Draw);
        assert_eq!(a.longest_win, 5);
    }

    #[test]
    fn the_opening_is_forced_into_the_known_trap() {
        let a = Analysis::new(Solution::get());
        let sq = |n| Square::from_number(n).unwrap();
        let mv = |from, to| Move {
            from: sq(from),
            to: sq(to),
        };
        assert_eq!(
            a.first_moves,
            vec![(mv(4, 5), Outcome::Draw), (mv(9, 5), Outcome::Draw)]
        );
        let line = &a.opening[1];
        assert_eq!(
            line.moves,
            vec![
                (Color::Black, mv(9, 5)),
                (Color::White, mv(6, 9)),
                (Color::Black, mv(5, 6))
            ]
        );
        assert!(line.options.contains(&(mv(9, 5), Outcome::Loss(6))));
        assert_eq!(line.options.iter().filter(|(_, v)| v.is_loss()).count(), 1);
        // The mirror line through 4 -> 5 ends the same way.
        let mirror = &a.opening[0];
        assert_eq!(mirror.moves[0], (Color::Black, mv(4, 5)));
        assert!(mirror.options.contains(&(mv(4, 5), Outcome::Loss(6))));
        let trap = Trap {
            position: line.position,
            losing_move: mv(9, 5),
            opponent_wins_in: 5,
        };
        assert!(a.traps.contains(&trap));
    }

    #[test]
    fn traps_are_exactly_the_losing_moves_of_drawn_positions() {
        let solution = Solution::get();
        let a = Analysis::new(solution);
        let mut expected = Vec::new();
        for (p, value) in solution.iter() {
            for &m in &p.legal_moves() {
                if value == Outcome::Draw && solution.move_value(p, m).is_loss() {
                    expected.push((p, m));
                }
            }
        }
        let found: Vec<(Position, Move)> = a.traps.iter().map(|t| (t.position, t.losing_move)).collect();
        assert_eq!(found, expected);
        assert_eq!(
            a.trap_classes.iter().map(|c| c.members).sum::<usize>(),
            a.traps.len()
        );
        for t in &a.traps {
            assert_eq!(
                solution.move_value(t.position, t.losing_move),
                Outcome::Loss(t.opponent_wins_in + 1)
            );
        }
    }

    #[test]
    fn every_line_of_the_table_is_the_value_of_its_position() {
        // The order and the format are checked through the binary, in
        // tests/it/mu_torere_cli.rs.
        let solution = Solution::get();
        let mut out = Vec::new();
        write_table(solution, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), solution.len());
        for line in text.lines() {
            let (position, value) = line.split_at(11);
            let p: Position = position.parse().unwrap();
            let expected = match solution.outcome(p) {
                Outcome::Win(n) => format!(" W {n}"),
                Outcome::Loss(n) => format!(" L {n}"),
                Outcome::Draw | Outcome::Tie(_) => " D -".to_owned(),
            };
            assert_eq!(value, expected, "{line}");
        }
    }
}
