//! The line-mode game against a human on the traditional board, in the
//! protocol every board shares: `out` carries only what the protocol
//! makes exact (boards, move lines, `illegal: ...` for a refused input, and
//! the result line, `black wins`, `white wins` or `draw`), so a program can
//! drive the game through it; `talk` carries prompts, help and hints. The
//! CLI sends `talk` to stderr.

use super::board::{Color, Position, Square};
use super::choice::choose;
pub use super::draw::DrawRule;
use super::moves::{Move, MoveError};
pub use super::protocol::LineConfig;
use super::protocol::{self, LineBoard};
use super::render::{Highlight, annotated_picture, picture};
use super::solver::Solution;
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

pub(crate) const HELP: &str = "\
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

/// The traditional board as line mode plays it.
struct Octagon<'a> {
    solution: &'a Solution,
    colour: bool,
    annotate: bool,
}

impl LineBoard for Octagon<'_> {
    type Position = Position;
    type Move = Move;

    fn is_stuck(&self, p: Position) -> bool {
        p.is_over()
    }

    fn play(&self, p: Position, m: Move) -> Position {
        p.play(m)
    }

    fn choose(&self, p: Position) -> Move {
        choose(self.solution, p).expect("a position that is not over has a move")
    }

    fn move_text(&self, m: Move) -> String {
        m.to_string()
    }

    fn picture(&self, p: Position, last_move: Option<Move>, human_to_move: bool) -> String {
        if !self.annotate {
            return picture(p.board);
        }
        let movable = if human_to_move { movable(p) } else { Vec::new() };
        let highlight = Highlight {
            last_move,
            movable: &movable,
        };
        annotated_picture(p.board, highlight, self.colour)
    }

    fn noun(&self) -> &'static str {
        "square"
    }

    fn movable(&self, p: Position) -> Vec<u32> {
        movable(p).iter().map(|s| u32::from(s.number())).collect()
    }

    fn move_named(&self, p: Position, name: u32) -> Result<Move, String> {
        let square = Square::from_number(name)
            .ok_or_else(|| format!("there is no square {name} (squares are 1 to 9)"))?;
        p.move_from(square).map_err(|why| refusal(p, square, &why))
    }

    fn help(&self, draw_rule: DrawRule) -> String {
        format!("{RULES}\n{}\n\n{HELP}", draw_rule.describe())
    }
}

/// Plays one game: the human's lines come from `input`, the protocol goes
/// to `out` and the conversation to `talk`.
pub fn play(
    solution: &Solution,
    config: Config,
    input: impl BufRead,
    out: impl Write,
    talk: impl Write,
) -> io::Result<Ending> {
    let board = Octagon {
        solution,
        colour: config.colour,
        annotate: config.annotate,
    };
    let setup = LineConfig {
        human: config.human,
        start: config.start,
        prompt_lines: config.prompt_lines,
        draw_rule: config.draw_rule,
    };
    protocol::play(&board, setup, input, out, talk)
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
        // Each refusal is one protocol line after the board (their exact
        // words are checked through the binary, in tests/it/mu_torere_cli.rs).
        let refusals: Vec<&str> = out.lines().skip(5).collect();
        assert_eq!(refusals.len(), 5);
        assert!(refusals.iter().all(|l| l.starts_with("illegal: ")));
        assert!(refusals.contains(
            &"illegal: the stone on 8 cannot move: a stone enters the centre only beside an \
              opponent's, and 7 and 9 are black"
        ));
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
        // Both sides play the program's choice, which never gives up a
        // draw and is fixed by the position: so the game comes back to a
        // position it has seen, again and again.
        let solution = Solution::get();
        let config = Config::default();
        let mut p = Position::START;
        let (mut seen, mut squares, mut lines) = (vec![p], Vec::new(), Vec::new());
        loop {
            let m = choose(solution, p).unwrap();
            if p.to_move == config.human {
                squares.push(m.from.to_string());
            }
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
}
