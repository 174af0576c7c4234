//! Perfect play: the program's choice of move, the board as text, and the
//! line-mode game against a human.
//!
//! The line protocol keeps two streams apart. `out` carries only what
//! programs rely on: the board after every move, a move line such as
//! `white plays b2xa2c2`, a refusal line `illegal: ...`, and at the end
//! `white wins`, `black wins` or `tie`. `talk` carries prompts and help.

use super::board::{Player, Position};
use super::moves::Move;
use super::solver::Solution;
use crate::solve::Outcome;
use std::cmp::Ordering;
use std::io::{self, BufRead, Write};

/// The board as a grid with ranks on the left and files below:
///
/// ```text
/// 3 | w1  .  b2
/// 2 |  .  w3  .
/// 1 |  .   .   .
///      a   b   c
/// ```
pub fn picture(position: Position) -> String {
    let size = position.size();
    let mut text = String::new();
    for row in 0..size.rows() {
        text.push_str(&format!("{} |", size.rows() - row));
        for col in 0..size.cols() {
            match position.die(row * size.cols() + col) {
                None => text.push_str("  ."),
                Some(d) => text.push_str(&format!(" {}{}", d.owner.letter(), d.value)),
            }
        }
        text.push('\n');
    }
    text.push_str("   ");
    for col in 0..size.cols() {
        text.push_str(&format!("  {}", (b'a' + col as u8) as char));
    }
    text.push('\n');
    text
}

/// A move with what it is worth and how it leaves the opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankedMove {
    /// The move.
    pub mv: Move,
    /// The move's value for the player making it.
    pub value: Outcome,
    /// The opponent's replies that lose for them.
    pub losing_replies: usize,
    /// The opponent's replies that win for them.
    pub winning_replies: usize,
}

/// Every move of `position` ranked best first by the spec's rules: the
/// quickest win; in a tie, never a losing move, and among the tying moves
/// the one that leaves the opponent the most losing replies (then the
/// quickest tie); when lost, the slowest loss, then the move that leaves
/// the opponent the fewest winning replies. Equal
/// moves keep the order of their text, so the choice is deterministic.
/// `None` if a position is missing from the solution.
pub fn ranked_moves(solution: &Solution, position: Position) -> Option<Vec<RankedMove>> {
    let mut ranked = Vec::new();
    for (mv, value) in solution.move_values(position)? {
        let next = position.play(mv);
        let replies = solution.move_values(next)?;
        ranked.push(RankedMove {
            mv,
            value,
            losing_replies: replies.iter().filter(|(_, v)| v.is_loss()).count(),
            winning_replies: replies.iter().filter(|(_, v)| v.is_win()).count(),
        });
    }
    ranked.sort_by(|a, b| preference(b, a));
    Some(ranked)
}

/// How much better `a` is than `b` for the player making them. Among
/// tying moves the most losing replies count first, as the spec asks, and
/// then the quicker tie.
fn preference(a: &RankedMove, b: &RankedMove) -> Ordering {
    if let (Outcome::Tie(_), Outcome::Tie(_)) = (a.value, b.value) {
        return a
            .losing_replies
            .cmp(&b.losing_replies)
            .then_with(|| a.value.cmp(&b.value));
    }
    a.value.cmp(&b.value).then_with(|| match a.value {
        Outcome::Loss(_) => b.winning_replies.cmp(&a.winning_replies),
        _ => a.losing_replies.cmp(&b.losing_replies),
    })
}

/// The program's move, or `None` on a full board.
pub fn choose(solution: &Solution, position: Position) -> Option<Move> {
    ranked_moves(solution, position)?.first().map(|r| r.mv)
}

/// How a game is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// The side the person at the keyboard plays; the program plays the other.
    pub human: Player,
    /// The position the game starts from.
    pub start: Position,
    /// Line mode only: once a game ends, wait for `new` (or `quit`, or the
    /// end of the input) instead of returning, so that one run plays many
    /// games. The terminal board always offers a new game.
    pub keep_going: bool,
}

/// How a game ended (with `keep_going`, the last game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The board filled; the winner, or `None` for a tie.
    Over(Option<Player>),
    /// The human typed `quit`.
    Quit,
    /// The input ran out.
    EndOfInput,
}

/// The longest line the game reads; a longer one is refused unread.
pub const MAX_LINE: usize = 1024;

/// The rules of a move and of the end, for the help of line mode and of
/// the terminal board; [`Rule::goal`](super::solver::Rule::goal) says who wins.
pub const RULES: &str = "\
Cephalopod: players take turns putting a die of their colour on an empty cell.
If two or more of the cell's orthogonal neighbours (of either colour) can be
chosen with values summing to at most 6, the move must capture: those dice
leave the board and the new die shows their sum. Otherwise it shows 1. The
game ends when the board is full.";

const HELP: &str = "\
commands:
  b2         place on cell b2 (files a.. from the left, ranks 1.. from the bottom)
  b2xa2c2    place on b2 capturing a2 and c2, when b2 has several capture sets
  moves      list your legal moves
  new        start a new game (from the starting position, or from the
             position given, as in `new w1.b2/.w3./... b`); you keep your side
  help       show this help
  quit       leave the game (end of input does the same)";

/// The winner on a full board under the solution's rule, or `None` for a
/// tie.
pub fn winner(solution: &Solution, position: Position) -> Option<Player> {
    match solution.game().rule().full_board_value(position) {
        Outcome::Win(_) => Some(position.to_move()),
        Outcome::Loss(_) => Some(position.to_move().other()),
        _ => None,
    }
}

/// Plays one game (with `keep_going`, as many as the human starts): the
/// human's lines come from `input`, the protocol goes to `out` and the
/// conversation to `talk`.
///
/// `new [POSITION]` starts a new game at any time, from `POSITION` or from
/// `config.start`: its board is printed as at the start, and the program
/// moves first if it is its turn there.
pub fn play(
    solution: &Solution,
    config: Config,
    input: &mut impl BufRead,
    out: &mut impl Write,
    talk: &mut impl Write,
) -> io::Result<Ending> {
    let size = config.start.size();
    let mut p = config.start;
    // The end of the game in progress, once announced.
    let mut over = None;
    out.write_all(picture(p).as_bytes())?;
    loop {
        if p.is_full() && over.is_none() {
            let winner = winner(solution, p);
            match winner {
                Some(w) => writeln!(out, "{w} wins")?,
                None => writeln!(out, "tie")?,
            }
            out.flush()?;
            if !config.keep_going {
                return Ok(Ending::Over(winner));
            }
            over = Some(winner);
        }
        let mv = if p.is_full() || p.to_move() == config.human {
            out.flush()?;
            if p.is_full() {
                write!(talk, "game over: new starts another game, quit leaves: ")?;
            } else {
                write!(
                    talk,
                    "{} to move (you): a move such as {}, or help: ",
                    p.to_move(),
                    p.moves()[0].text(size)
                )?;
            }
            talk.flush()?;
            let mut line = Vec::new();
            let read = io::Read::take(&mut *input, MAX_LINE as u64 + 1).read_until(b'\n', &mut line)?;
            if read == 0 {
                writeln!(talk)?;
                out.flush()?;
                return Ok(over.map_or(Ending::EndOfInput, Ending::Over));
            }
            if line.len() > MAX_LINE {
                if !line.ends_with(b"\n") {
                    skip_line(input)?;
                }
                writeln!(out, "illegal: a line longer than {MAX_LINE} bytes")?;
                continue;
            }
            let text = String::from_utf8_lossy(&line);
            let word = text.trim();
            match word {
                "" => continue,
                "help" | "?" => {
                    writeln!(talk, "{RULES}\n{}\n{HELP}", solution.game().rule().goal())?;
                    continue;
                }
                "quit" | "exit" => {
                    out.flush()?;
                    return Ok(Ending::Quit);
                }
                "moves" if !p.is_full() => {
                    let moves: Vec<String> = p.moves().iter().map(|m| m.text(size)).collect();
                    writeln!(talk, "your moves: {}", moves.join(" "))?;
                    continue;
                }
                _ if word == "new" || word.starts_with("new ") => {
                    match new_start(solution, config.start, word["new".len()..].trim()) {
                        Ok(start) => {
                            p = start;
                            over = None;
                            out.write_all(picture(p).as_bytes())?;
                        }
                        Err(why) => writeln!(out, "illegal: {why}")?,
                    }
                    continue;
                }
                _ if p.is_full() => {
                    writeln!(out, "illegal: the game is over; new starts another")?;
                    continue;
                }
                _ => match p.parse_move(word) {
                    Ok(m) => m,
                    Err(why) => {
                        writeln!(out, "illegal: {why}")?;
                        continue;
                    }
                },
            }
        } else {
            choose(solution, p).expect("every position reached in play is solved")
        };
        writeln!(out, "{} plays {}", p.to_move(), mv.text(size))?;
        p = p.play(mv);
        out.write_all(picture(p).as_bytes())?;
    }
}

/// The start of a new game: `text` as a position of the solution's board,
/// or `start` if `text` is empty. A full board, or a position that cannot
/// be reached from the empty board, is refused.
fn new_start(solution: &Solution, start: Position, text: &str) -> Result<Position, String> {
    if text.is_empty() {
        return Ok(start);
    }
    let shown = crate::text::shortened(text, 32);
    let p = Position::parse_sized(text, start.size()).map_err(|e| format!("bad position `{shown}`: {e}"))?;
    if p.is_full() {
        return Err(format!(
            "bad position `{shown}`: the board is full, so the game is over"
        ));
    }
    if solution.value(p).is_none() {
        return Err(format!(
            "bad position `{shown}`: it cannot be reached from the empty board, so it has no solved value"
        ));
    }
    Ok(p)
}

/// Reads and drops the rest of a line, a bounded piece at a time.
fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    let mut scratch = Vec::new();
    loop {
        scratch.clear();
        let read = io::Read::take(&mut *input, 1 << 16).read_until(b'\n', &mut scratch)?;
        if read == 0 || scratch.ends_with(b"\n") {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cephalopods::game::{Rule, Size};

    fn solution(size: &str) -> Solution {
        Solution::solve(size.parse::<Size>().unwrap(), Rule::Majority, |_| {}).unwrap()
    }

    #[test]
    fn the_picture_names_ranks_and_files() {
        let p: Position = "w1.b2/.w3./... b".parse().unwrap();
        assert_eq!(
            picture(p),
            "3 | w1  . b2\n2 |  . w3  .\n1 |  .  .  .\n     a  b  c\n"
        );
    }

    #[test]
    fn the_program_keeps_the_value_of_every_position() {
        let s = solution("2x3");
        for (p, value) in s.iter().filter(|(p, _)| !p.is_full()) {
            let ranked = ranked_moves(&s, p).unwrap();
            let best = ranked[0];
            if let Outcome::Tie(_) = value {
                // A tie is kept, by the move with the most losing replies.
                assert!(matches!(best.value, Outcome::Tie(_)), "{p}");
                let most = ranked
                    .iter()
                    .filter(|r| matches!(r.value, Outcome::Tie(_)))
                    .map(|r| r.losing_replies)
                    .max();
                assert_eq!(Some(best.losing_replies), most, "{p}");
            } else {
                assert_eq!(best.value, value, "{p}");
            }
        }
    }

    /// The moves of `side`, a line each, in a whole game from `start` in
    /// which both sides move as the program chooses.
    fn program_lines(s: &Solution, start: Position, side: Player) -> String {
        let mut p = start;
        let mut lines = String::new();
        while !p.is_full() {
            let m = choose(s, p).unwrap();
            if p.to_move() == side {
                lines.push_str(&m.text(p.size()));
                lines.push('\n');
            }
            p = p.play(m);
        }
        lines
    }

    #[test]
    fn a_game_against_itself_ends_with_the_solved_result() {
        let s = solution("2x2");
        let start = Position::start("2x2".parse().unwrap());
        // The human plays black, so white (the program) moves; black's
        // moves come from the input, chosen as the program would.
        let input = program_lines(&s, start, Player::Black);
        let mut out = Vec::new();
        let ending = play(
            &s,
            Config {
                human: Player::Black,
                start,
                keep_going: false,
            },
            &mut input.as_bytes(),
            &mut out,
            &mut io::sink(),
        )
        .unwrap();
        // The empty 2x2 board is a tie.
        assert_eq!(ending, Ending::Over(None));
        let out = String::from_utf8(out).unwrap();
        assert!(out.ends_with("tie\n"), "{out}");
        assert!(out.contains("white plays "));
    }

    #[test]
    fn refusals_are_lines_of_their_own() {
        let s = solution("2x2");
        let start = Position::start("2x2".parse().unwrap());
        let mut out = Vec::new();
        let config = Config {
            human: Player::White,
            start,
            keep_going: false,
        };
        let long = "x".repeat(5000);
        let input = format!("z9\n{long}\nhelp\n");
        let ending = play(&s, config, &mut input.as_bytes(), &mut out, &mut io::sink()).unwrap();
        assert_eq!(ending, Ending::EndOfInput);
        let out = String::from_utf8(out).unwrap();
        let illegal: Vec<&str> = out.lines().filter(|l| l.starts_with("illegal: ")).collect();
        assert_eq!(illegal.len(), 2, "{out}");
        assert!(illegal[1].contains("longer than 1024 bytes"));
    }

    #[test]
    fn new_starts_another_game_and_keep_going_waits_for_it() {
        let s = solution("2x2");
        let start = Position::start("2x2".parse().unwrap());
        let config = Config {
            human: Player::White,
            start,
            keep_going: true,
        };
        // A whole game by the program's own choices, for white's lines.
        let moves = program_lines(&s, start, Player::White);
        let bad = "new w1../b1 w\nnew b1w1/w1b1 w\nnew w1w1/.. b\n";
        let input = format!("{moves}a1\n{bad}new\n{moves}new w1b1/.. w\n");
        let mut out = Vec::new();
        let ending = play(&s, config, &mut input.as_bytes(), &mut out, &mut io::sink()).unwrap();
        let out = String::from_utf8(out).unwrap();
        let one_game = {
            let mut game = Vec::new();
            play(
                &s,
                Config {
                    keep_going: false,
                    ..config
                },
                &mut moves.as_bytes(),
                &mut game,
                &mut io::sink(),
            )
            .unwrap();
            String::from_utf8(game).unwrap()
        };
        // The game, refusals after its end, the same game again, then a
        // game from a position of the human's choice.
        let refusals = [
            "illegal: the game is over; new starts another",
            "illegal: bad position `w1../b1 w`: row 2 has 1 cells, but row 1 has 3",
            "illegal: bad position `b1w1/w1b1 w`: the board is full, so the game is over",
            "illegal: bad position `w1w1/.. b`: it cannot be reached from the empty board, so it has no solved value",
        ];
        let from = Position::parse_sized("w1b1/.. w", start.size()).unwrap();
        let expected = format!("{one_game}{}\n{one_game}{}", refusals.join("\n"), picture(from));
        assert_eq!(out, expected);
        assert_eq!(ending, Ending::EndOfInput, "the last game was left unfinished");
    }
}
