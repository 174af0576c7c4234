//! The line-mode game against a human.
//!
//! Two output streams keep the protocol clean: `out` carries only what the
//! protocol makes exact (boards, move lines, `illegal: ...` for a refused
//! input, and the result line, `black wins`, `white wins` or `draw`), so a
//! program can drive the game through it; `talk` carries prompts, help and
//! hints. The CLI sends `talk` to stderr.

use super::board::{Color, Position, Square};
use super::choice::choose;
pub use super::draw::DrawRule;
use super::draw::announce_end;
use super::moves::{Move, MoveError};
use super::render::{Highlight, annotated_picture, picture};
use super::solver::Solution;
use crate::lex::Line;
use std::io::{self, BufRead, Write};

/// How a game is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// The side the person at the keyboard plays; the program plays the other.
    pub human: Color,
    /// The position the game starts from.
    pub start: Position,
    /// Draw boards with ANSI colours (only for a terminal).
    pub colour: bool,
    /// Show the square numbering beside each board and bring out the last
    /// move and the movable stones (only for a terminal, with or without
    /// colour).
    pub annotate: bool,
    /// End each prompt with a newline: for a `talk` stream that is not a
    /// terminal, where the answer does not follow on the prompt's line.
    pub prompt_lines: bool,
    /// When a game that goes round in circles ends.
    pub draw_rule: DrawRule,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            human: Color::Black,
            start: Position::START,
            colour: false,
            annotate: false,
            prompt_lines: false,
            draw_rule: DrawRule::default(),
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The other side could not move.
    Won(Color),
    /// A position came up as often as the draw rule allows.
    Drawn,
    /// The human typed `quit`.
    Quit,
    /// The input ran out.
    EndOfInput,
}

/// The rules, as `help` in line mode, `--help` and the terminal board's
/// help state them.
pub const RULES: &str = "\
The goal: leave your opponent without a move. The player who cannot move loses.
Black moves first. Eight of the nine points hold a stone: a move slides one of
your stones along a line into the one empty point. A stone may go from the rim
into the centre only if one of its rim neighbours holds an opponent's stone; a
stone in the centre may always go out.";

const HELP: &str = "\
commands:
  1-9     move your stone on that square into the empty point
  help    show this help
  quit    leave the game (end of input does the same)
squares:
  1-2-3
  |\\|/|
  4-5-6    5 is the centre; the rim runs 1 2 3 6 9 8 7 4
  |/|\\|
  7-8-9";

/// The longest line read whole: a longer one is refused, and only this
/// much of it is kept.
const LINE_LIMIT: usize = 1024;

/// What one line typed by the human asks for.
enum Request {
    Move(Move),
    Help,
    Quit,
    Nothing,
    /// Why the input is refused, for the `illegal: ` line.
    Refused(String),
}

/// `4`, `4 or 9`, `1, 3 or 9`.
fn list_squares(squares: &[Square]) -> String {
    let names: Vec<String> = squares.iter().map(Square::to_string).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

fn movable(p: Position) -> Vec<Square> {
    p.legal_moves().iter().map(|m| m.from).collect()
}

/// Why `square` names no move in `p`, in the words of the rules.
pub fn refusal(p: Position, square: Square, why: &MoveError) -> String {
    match why {
        MoveError::Blocked(_) => match p.why_blocked(square) {
            Some(reason) => format!("{why}: {reason}"),
            None => why.to_string(),
        },
        _ => why.to_string(),
    }
}

fn interpret(line: &str, p: Position) -> Request {
    let line = line.trim_ascii();
    let word = line.to_ascii_lowercase();
    match word.as_str() {
        "" => Request::Nothing,
        "help" | "h" | "?" => Request::Help,
        "quit" | "q" | "exit" => Request::Quit,
        _ => match word.parse::<u32>() {
            Err(_) => Request::Refused(format!(
                "`{}` is not a square number",
                crate::text::shortened(line, 32)
            )),
            Ok(n) => match Square::from_number(n) {
                None => Request::Refused(format!("there is no square {n} (squares are 1 to 9)")),
                Some(square) => match p.move_from(square) {
                    Ok(m) => Request::Move(m),
                    Err(why) => Request::Refused(refusal(p, square, &why)),
                },
            },
        },
    }
}

struct Game<'a, O, T> {
    solution: &'a Solution,
    config: Config,
    out: O,
    talk: T,
}

impl<O: Write, T: Write> Game<'_, O, T> {
    fn show(&mut self, p: Position, last_move: Option<Move>) -> io::Result<()> {
        let text = if self.config.annotate {
            let movable = if p.to_move == self.config.human {
                movable(p)
            } else {
                Vec::new()
            };
            let highlight = Highlight {
                last_move,
                movable: &movable,
            };
            annotated_picture(p.board, highlight, self.config.colour)
        } else {
            picture(p.board)
        };
        self.out.write_all(text.as_bytes())
    }

    fn announce(&mut self, p: Position, m: Move) -> io::Result<Position> {
        writeln!(self.out, "{} moves {m}", p.to_move)?;
        let next = p.play(m);
        self.show(next, Some(m))?;
        Ok(next)
    }

    /// Asks until the human names a legal move or leaves.
    fn ask(&mut self, p: Position, input: &mut impl BufRead) -> io::Result<Result<Move, Ending>> {
        let end = if self.config.prompt_lines { "\n" } else { "" };
        loop {
            self.out.flush()?;
            write!(
                self.talk,
                "{} to move (you): square of the stone to move ({}), or help: {end}",
                p.to_move,
                list_squares(&movable(p))
            )?;
            self.talk.flush()?;
            let mut bytes = Vec::new();
            let read = crate::lex::read_line(input, &mut bytes, LINE_LIMIT);
            if !matches!(read, Ok(Line::Whole | Line::TooLong)) {
                // The prompt's line ends here, if it is still open: at the
                // end of the input, or before a failed read is reported
                // (that error first).
                let ended = if self.config.prompt_lines {
                    Ok(())
                } else {
                    writeln!(self.talk)
                };
                read?;
                ended?;
                return Ok(Err(Ending::EndOfInput));
            }
            if matches!(read, Ok(Line::TooLong)) {
                writeln!(self.out, "illegal: a line longer than {LINE_LIMIT} bytes")?;
                self.out.flush()?;
                continue;
            }
            // Bytes that are not UTF-8 are just more input to refuse politely.
            let line = String::from_utf8_lossy(&bytes);
            match interpret(&line, p) {
                Request::Move(m) => return Ok(Ok(m)),
                Request::Quit => return Ok(Err(Ending::Quit)),
                Request::Help => writeln!(
                    self.talk,
                    "{RULES}\n{}\n\n{HELP}",
                    self.config.draw_rule.describe()
                )?,
                Request::Nothing => {}
                Request::Refused(why) => {
                    writeln!(self.out, "illegal: {why}")?;
                    self.out.flush()?;
                    writeln!(
                        self.talk,
                        "you can move {} (or type help)",
                        list_squares(&movable(p))
                    )?;
                }
            }
        }
    }

    fn run(&mut self, input: &mut impl BufRead) -> io::Result<Ending> {
        let mut history = vec![self.config.start];
        let mut p = self.config.start;
        self.show(p, None)?;
        loop {
            let (stuck, rule) = (p.is_over(), self.config.draw_rule);
            if let Some(end) = announce_end(&mut self.out, &mut self.talk, p.to_move, stuck, rule, &history)?
            {
                return Ok(end);
            }
            let m = if p.to_move == self.config.human {
                match self.ask(p, input)? {
                    Ok(m) => m,
                    Err(ending) => {
                        self.out.flush()?;
                        return Ok(ending);
                    }
                }
            } else {
                choose(self.solution, p).expect("a position that is not over has a move")
            };
            p = self.announce(p, m)?;
            history.push(p);
        }
    }
}

/// Plays one game: the human's lines come from `input`, the protocol goes
/// to `out` and the conversation to `talk`.
pub fn play(
    solution: &Solution,
    config: Config,
    mut input: impl BufRead,
    out: impl Write,
    talk: impl Write,
) -> io::Result<Ending> {
    Game {
        solution,
        config,
        out,
        talk,
    }
    .run(&mut input)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(config: Config, input: &str) -> (Ending, String, String) {
        let (mut out, mut talk) = (Vec::new(), Vec::new());
        let ending = play(Solution::get(), config, input.as_bytes(), &mut out, &mut talk).unwrap();
        (
            ending,
            String::from_utf8(out).unwrap(),
            String::from_utf8(talk).unwrap(),
        )
    }

    #[test]
    fn human_move_then_program_reply() {
        let (ending, out, _) = run(Config::default(), "9\n");
        assert_eq!(ending, Ending::EndOfInput);
        assert_eq!(
            out,
            "w-w-w\n|\\|/|\nb-o-w\n|/|\\|\nb-b-b\n\
             black moves 9 to 5\nw-w-w\n|\\|/|\nb-b-w\n|/|\\|\nb-b-o\n\
             white moves 6 to 9\nw-w-w\n|\\|/|\nb-b-o\n|/|\\|\nb-b-w\n"
        );
    }

    #[test]
    fn refusals_explain_and_ask_again() {
        let (ending, out, talk) = run(Config::default(), "x\n5\n1\n8\n12\n\nhelp\nquit\n9\n");
        assert_eq!(ending, Ending::Quit);
        let refusals: Vec<&str> = out.lines().skip(5).collect();
        assert_eq!(
            refusals,
            [
                "illegal: `x` is not a square number",
                "illegal: square 5 is the empty point",
                "illegal: square 1 holds a white stone, and black is to move",
                "illegal: the stone on 8 cannot move: a stone enters the centre only beside an \
                 opponent's, and 7 and 9 are black",
                "illegal: there is no square 12 (squares are 1 to 9)",
            ]
        );
        assert_eq!(
            out.lines().take(5).collect::<Vec<_>>().join("\n") + "\n",
            picture(Position::START.board)
        );
        assert_eq!(talk.matches("you can move 4 or 9 (or type help)").count(), 5);
        assert!(talk.contains("commands:"));
        assert!(talk.contains("The player who cannot move loses"));
        assert!(talk.contains("only if one of its rim neighbours holds an opponent's stone"));
        assert!(talk.contains("comes up a third time"));
        assert_eq!(talk.matches("to move (you)").count(), 8);
    }

    #[test]
    fn prompts_end_their_lines_when_asked() {
        let config = Config {
            prompt_lines: true,
            ..Config::default()
        };
        let (_, _, talk) = run(config, "x\n");
        assert_eq!(
            talk,
            "black to move (you): square of the stone to move (4 or 9), or help: \n\
             you can move 4 or 9 (or type help)\n\
             black to move (you): square of the stone to move (4 or 9), or help: \n"
        );
        let (_, _, talk) = run(Config::default(), "");
        assert_eq!(
            talk,
            "black to move (you): square of the stone to move (4 or 9), or help: \n"
        );
    }

    #[test]
    fn a_position_seen_a_third_time_ends_the_game_drawn() {
        // The human plays the first drawing move in square order, the
        // program its usual choice: both are fixed by the position, so the
        // game comes back to a position it has seen, again and again.
        let solution = Solution::get();
        let config = Config::default();
        let mut p = Position::START;
        let (mut seen, mut squares, mut lines) = (vec![p], Vec::new(), Vec::new());
        loop {
            let m = if p.to_move == config.human {
                let m = p
                    .legal_moves()
                    .iter()
                    .copied()
                    .find(|&m| !solution.move_value(p, m).is_loss())
                    .unwrap();
                squares.push(m.from.to_string());
                m
            } else {
                choose(solution, p).unwrap()
            };
            lines.push(format!("{} moves {m}", p.to_move));
            p = p.play(m);
            seen.push(p);
            if config.draw_rule.is_drawn(&seen) {
                break;
            }
        }
        let input = squares.join("\n") + "\n";
        let (ending, out, talk) = run(config, &input);
        assert_eq!(ending, Ending::Drawn);
        assert!(out.ends_with("\ndraw\n"), "{out}");
        assert!(talk.contains("has come up a third time"));
        // The program's moves are its choice without the rule.
        let played: Vec<&str> = out.lines().filter(|l| l.contains(" moves ")).collect();
        assert_eq!(played, lines);
        // The game ends at the first third time, not before.
        assert_eq!(seen.iter().filter(|&&q| q == p).count(), 3);
        assert!(!config.draw_rule.is_drawn(&seen[..seen.len() - 1]));
        // Without the rule the same moves leave the game going.
        let endless = Config {
            draw_rule: DrawRule::None,
            ..config
        };
        let (ending, out, _) = run(endless, &input);
        assert_eq!(ending, Ending::EndOfInput);
        assert!(!out.lines().any(|l| l == "draw"));
    }

    #[test]
    fn the_draw_rule_counts_positions_with_the_side_to_move() {
        let a = Position::START;
        let b = Position::new(a.board, Color::White);
        let rule = DrawRule::Repetition;
        assert!(!rule.is_drawn::<Position>(&[]));
        assert!(rule.is_drawn(&[a, b, a, b, a, b]));
        assert!(rule.is_drawn(&[a, b, a, b, a]));
        assert!(!rule.is_drawn(&[a, b, a, b]));
        assert!(!rule.is_drawn(&[a, a, b, b]));
        assert!(!DrawRule::None.is_drawn(&[a, a, a, a]));
    }

    #[test]
    fn program_opens_as_black_when_the_human_is_white() {
        let config = Config {
            human: Color::White,
            ..Config::default()
        };
        let (_, out, _) = run(config, "");
        assert_eq!(out.lines().nth(5), Some("black moves 4 to 5"));
    }

    #[test]
    fn a_finished_position_announces_the_winner() {
        // White has no move: every neighbour of the empty point 1 is black.
        let board = "obwbbwbww".parse().unwrap();
        let config = Config {
            start: Position::new(board, Color::White),
            ..Config::default()
        };
        let (ending, out, _) = run(config, "");
        assert_eq!(ending, Ending::Won(Color::Black));
        assert!(out.ends_with("\nblack wins\n"));
    }

    #[test]
    fn input_that_is_not_text_is_refused_like_any_other() {
        let (mut out, mut talk) = (Vec::new(), Vec::new());
        let input: &[u8] = b"\xff\xfe\n4\n";
        let ending = play(Solution::get(), Config::default(), input, &mut out, &mut talk).unwrap();
        assert_eq!(ending, Ending::EndOfInput);
        let out = String::from_utf8(out).unwrap();
        assert!(
            out.contains("\nillegal: `\u{fffd}\u{fffd}` is not a square number\n"),
            "{out}"
        );
        assert!(String::from_utf8(talk).unwrap().contains("you can move 4 or 9"));
        assert!(out.contains("\nblack moves 4 to 5\n"));
    }

    #[test]
    fn colour_keeps_the_move_lines_exact() {
        let config = Config {
            colour: true,
            annotate: true,
            ..Config::default()
        };
        let (_, out, _) = run(config, "9\n");
        assert!(out.contains('\x1b'));
        let moves: Vec<&str> = out.lines().filter(|l| l.contains(" moves ")).collect();
        assert_eq!(moves, ["black moves 9 to 5", "white moves 6 to 9"]);
    }

    #[test]
    fn list_squares_reads_naturally() {
        let sq = |n| Square::from_number(n).unwrap();
        assert_eq!(list_squares(&[sq(4)]), "4");
        assert_eq!(list_squares(&[sq(4), sq(9)]), "4 or 9");
        assert_eq!(list_squares(&[sq(1), sq(3), sq(9)]), "1, 3 or 9");
    }
}
