//! The line-mode game against a human.
//!
//! Two output streams keep the protocol clean: `out` carries only what the
//! spec makes exact (boards, move lines, the result line), so a program can
//! drive the game through it; `talk` carries prompts, help and explanations
//! of refused input. The CLI sends `talk` to stderr.

use super::board::{Color, Position, Square};
use super::choice::choose;
use super::moves::Move;
use super::render::{Highlight, coloured_picture, picture};
use super::solver::Solution;
use crate::lex::Line;
use std::io::{self, BufRead, Write};

/// How a game is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    pub human: Color,
    pub start: Position,
    /// Draw boards with ANSI colours (only for a terminal).
    pub colour: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            human: Color::Black,
            start: Position::START,
            colour: false,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The other side could not move.
    Won(Color),
    /// The human typed `quit`.
    Quit,
    /// The input ran out.
    EndOfInput,
}

const HELP: &str = "\
commands:
  1-9     move your stone on that square into the empty point
  help    show this help
  quit    leave the game (end of input does the same)
squares:
  1-2-3
  |\\|/|
  4-5-6    5 is the centre
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

fn interpret(line: &str, p: Position) -> Request {
    let line = line.trim_ascii();
    let word = line.to_ascii_lowercase();
    let hint = || format!("you can move {}", list_squares(&movable(p)));
    match word.as_str() {
        "" => Request::Nothing,
        "help" | "h" | "?" => Request::Help,
        "quit" | "q" | "exit" => Request::Quit,
        _ => match word.parse::<u32>() {
            Err(_) => Request::Refused(format!(
                "`{}` is not a square number; {} (or type help)",
                crate::text::shortened(line, 32),
                hint()
            )),
            Ok(n) => match Square::from_number(n) {
                None => Request::Refused(format!("there is no square {n} (squares are 1 to 9); {}", hint())),
                Some(square) => match p.move_from(square) {
                    Ok(m) => Request::Move(m),
                    Err(why) => Request::Refused(format!("{why}; {}", hint())),
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
        let text = if self.config.colour {
            let movable = if p.to_move == self.config.human {
                movable(p)
            } else {
                Vec::new()
            };
            coloured_picture(
                p.board,
                Highlight {
                    last_move,
                    movable: &movable,
                },
            )
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
        loop {
            self.out.flush()?;
            write!(
                self.talk,
                "{} to move (you): square of the stone to move ({}), or help: ",
                p.to_move,
                list_squares(&movable(p))
            )?;
            self.talk.flush()?;
            let mut bytes = Vec::new();
            let read = crate::lex::read_line(input, &mut bytes, LINE_LIMIT);
            if !matches!(read, Ok(Line::Whole | Line::TooLong)) {
                // The prompt's line ends here: at the end of the input, or
                // before a failed read is reported (that error first).
                let ended = writeln!(self.talk);
                read?;
                ended?;
                return Ok(Err(Ending::EndOfInput));
            }
            if matches!(read, Ok(Line::TooLong)) {
                writeln!(
                    self.talk,
                    "that line is longer than {LINE_LIMIT} bytes; type a square number or help"
                )?;
                continue;
            }
            // Bytes that are not UTF-8 are just more input to refuse politely.
            let line = String::from_utf8_lossy(&bytes);
            match interpret(&line, p) {
                Request::Move(m) => return Ok(Ok(m)),
                Request::Quit => return Ok(Err(Ending::Quit)),
                Request::Help => writeln!(self.talk, "{HELP}")?,
                Request::Nothing => {}
                Request::Refused(why) => writeln!(self.talk, "{why}")?,
            }
        }
    }

    fn run(&mut self, input: &mut impl BufRead) -> io::Result<Ending> {
        let mut p = self.config.start;
        self.show(p, None)?;
        loop {
            if p.is_over() {
                let winner = p.to_move.opponent();
                writeln!(self.out, "{winner} wins")?;
                self.out.flush()?;
                return Ok(Ending::Won(winner));
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
        assert_eq!(out, picture(Position::START.board));
        assert!(talk.contains("`x` is not a square number; you can move 4 or 9"));
        assert!(talk.contains("square 5 is the empty point; you can move 4 or 9"));
        assert!(talk.contains("square 1 holds a white stone, and black is to move"));
        assert!(talk.contains("the stone on 8 cannot move"));
        assert!(talk.contains("there is no square 12"));
        assert!(talk.contains("commands:"));
        assert_eq!(talk.matches("to move (you)").count(), 8);
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
        assert!(
            String::from_utf8(talk)
                .unwrap()
                .contains("is not a square number")
        );
        assert!(String::from_utf8(out).unwrap().contains("\nblack moves 4 to 5\n"));
    }

    #[test]
    fn colour_keeps_the_move_lines_exact() {
        let config = Config {
            colour: true,
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
