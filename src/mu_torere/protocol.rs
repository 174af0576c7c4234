//! The line protocol, the same on every board: the traditional octagon and
//! every board of the family.
//!
//! Two output streams keep the protocol clean: `out` carries only what the
//! protocol makes exact (boards, move lines `black moves 4 to 5`, `illegal:
//! ...` for a refused input, and the result line, `black wins`, `white
//! wins` or `draw`), so a program can drive the game through it; `talk`
//! carries prompts, help and hints.
//!
//! A board takes part through [`LineBoard`]: its pictures, its names for the
//! points, its rules and the program's choice. The conversation, the draw
//! rule and the order of the lines are this module's, once for all boards.

use super::board::{Color, Sided};
use super::draw::{DrawRule, announce_end};
use super::play::Ending;
use crate::lex::Line;
use std::io::{self, BufRead, Write};

/// The longest line read whole: a longer one is refused, and only this
/// much of it is kept.
pub(crate) const LINE_LIMIT: usize = 1024;

/// A board as line mode plays it.
pub(crate) trait LineBoard {
    /// A board and the side to move.
    type Position: Sided;
    /// A legal move.
    type Move: Copy;

    /// Whether the side to move in `p` has no legal move, and so has lost.
    fn is_stuck(&self, p: Self::Position) -> bool;
    /// The position after `m`.
    fn play(&self, p: Self::Position, m: Self::Move) -> Self::Position;
    /// The program's move in `p`, which is not stuck.
    fn choose(&self, p: Self::Position) -> Self::Move;
    /// `4 to 5`: the names of the move's two points.
    fn move_text(&self, m: Self::Move) -> String;
    /// The picture of `p`, reached by `last_move`; the human is to move
    /// when `human_to_move`.
    fn picture(&self, p: Self::Position, last_move: Option<Self::Move>, human_to_move: bool) -> String;
    /// What players call a point: `square` or `point`.
    fn noun(&self) -> &'static str;
    /// The names of the stones that can move, in order.
    fn movable(&self, p: Self::Position) -> Vec<u32>;
    /// The move of the stone called `name`, or why there is none, in the
    /// words of the rules, for the `illegal: ` line.
    fn move_named(&self, p: Self::Position, name: u32) -> Result<Self::Move, String>;
    /// The rules and the commands, for `help`.
    fn help(&self, draw_rule: DrawRule) -> String;
}

/// `4`, `4 or 9`, `1, 3 or 9`.
pub(crate) fn list_names(names: &[u32]) -> String {
    let names: Vec<String> = names.iter().map(u32::to_string).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// How a line-mode game is set up, on a board whose positions are `P`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineConfig<P> {
    /// The side the person at the keyboard plays; the program plays the other.
    pub human: Color,
    /// The position the game starts from.
    pub start: P,
    /// How a game that neither side can win ends.
    pub draw_rule: DrawRule,
    /// End each prompt with a newline: for a `talk` stream that is not a
    /// terminal, where the answer does not follow on the prompt's line.
    pub prompt_lines: bool,
}

/// What one line typed by the human asks for.
enum Request<M> {
    Move(M),
    Help,
    Quit,
    Nothing,
    /// Why the input is refused, for the `illegal: ` line.
    Refused(String),
}

struct Game<'a, B: LineBoard, O, T> {
    board: &'a B,
    setup: LineConfig<B::Position>,
    out: O,
    talk: T,
}

impl<B: LineBoard, O: Write, T: Write> Game<'_, B, O, T> {
    fn show(&mut self, p: B::Position, last_move: Option<B::Move>) -> io::Result<()> {
        let human_to_move = p.side_to_move() == self.setup.human;
        let text = self.board.picture(p, last_move, human_to_move);
        self.out.write_all(text.as_bytes())
    }

    fn interpret(&self, line: &str, p: B::Position) -> Request<B::Move> {
        let line = line.trim_ascii();
        let word = line.to_ascii_lowercase();
        match word.as_str() {
            "" => Request::Nothing,
            "help" | "h" | "?" => Request::Help,
            "quit" | "q" | "exit" => Request::Quit,
            _ => match word.parse::<u32>() {
                Err(_) => Request::Refused(format!(
                    "`{}` is not a {} number",
                    crate::text::shortened(line, 32),
                    self.board.noun()
                )),
                Ok(name) => match self.board.move_named(p, name) {
                    Ok(m) => Request::Move(m),
                    Err(why) => Request::Refused(why),
                },
            },
        }
    }

    /// Asks until the human names a legal move or leaves.
    fn ask(&mut self, p: B::Position, input: &mut impl BufRead) -> io::Result<Result<B::Move, Ending>> {
        let end = if self.setup.prompt_lines { "\n" } else { "" };
        let movable = list_names(&self.board.movable(p));
        loop {
            self.out.flush()?;
            write!(
                self.talk,
                "{} to move (you): {} of the stone to move ({movable}), or help: {end}",
                p.side_to_move(),
                self.board.noun(),
            )?;
            self.talk.flush()?;
            let mut bytes = Vec::new();
            let read = crate::lex::read_line(input, &mut bytes, LINE_LIMIT);
            if !matches!(read, Ok(Line::Whole | Line::TooLong)) {
                // The prompt's line ends here, if it is still open: at the
                // end of the input, or before a failed read is reported
                // (that error first).
                let ended = if self.setup.prompt_lines {
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
            match self.interpret(&line, p) {
                Request::Move(m) => return Ok(Ok(m)),
                Request::Quit => return Ok(Err(Ending::Quit)),
                Request::Help => writeln!(self.talk, "{}", self.board.help(self.setup.draw_rule))?,
                Request::Nothing => {}
                Request::Refused(why) => {
                    writeln!(self.out, "illegal: {why}")?;
                    self.out.flush()?;
                    writeln!(self.talk, "you can move {movable} (or type help)")?;
                }
            }
        }
    }

    fn run(&mut self, input: &mut impl BufRead) -> io::Result<Ending> {
        let mut p = self.setup.start;
        let mut history = vec![p];
        self.show(p, None)?;
        loop {
            let (stuck, rule) = (self.board.is_stuck(p), self.setup.draw_rule);
            if let Some(end) = announce_end(
                &mut self.out,
                &mut self.talk,
                p.side_to_move(),
                stuck,
                rule,
                &history,
            )? {
                return Ok(end);
            }
            let m = if p.side_to_move() == self.setup.human {
                match self.ask(p, input)? {
                    Ok(m) => m,
                    Err(ending) => {
                        self.out.flush()?;
                        return Ok(ending);
                    }
                }
            } else {
                self.board.choose(p)
            };
            writeln!(self.out, "{} moves {}", p.side_to_move(), self.board.move_text(m))?;
            p = self.board.play(p, m);
            self.show(p, Some(m))?;
            history.push(p);
        }
    }
}

/// Plays one game on `board`: the human's lines come from `input`, the
/// protocol goes to `out` and the conversation to `talk`.
pub(crate) fn play<B: LineBoard>(
    board: &B,
    setup: LineConfig<B::Position>,
    mut input: impl BufRead,
    out: impl Write,
    talk: impl Write,
) -> io::Result<Ending> {
    Game {
        board,
        setup,
        out,
        talk,
    }
    .run(&mut input)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_naturally() {
        assert_eq!(list_names(&[]), "");
        assert_eq!(list_names(&[4]), "4");
        assert_eq!(list_names(&[4, 9]), "4 or 9");
        assert_eq!(list_names(&[1, 3, 9]), "1, 3 or 9");
    }
}
