//! The line-mode game against a human on any board of the family, with the
//! protocol of the traditional game: the board after every move, move lines
//! `black moves 4 to 0`, `white wins` when the side to move is stuck, and
//! `draw` when the draw rule ends the game. Prompts and explanations go to
//! `talk`.

use super::choice::choose;
use super::numbering::Numbering;
use super::render::picture;
use super::ring::{RingMove, RingPosition};
use super::solver::RingSolution;
use crate::mu_torere::board::Color;
use crate::mu_torere::draw::{DrawRule, announce_end};
use crate::mu_torere::play::Ending;
use std::io::{self, BufRead, Write};

/// How a game is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RingConfig {
    /// The side the person at the keyboard plays; the program plays the other.
    pub human: Color,
    /// The position the game starts from.
    pub start: RingPosition,
    /// How a game that neither side can win ends.
    pub draw_rule: DrawRule,
}

struct Game<'a, O, T> {
    solution: &'a RingSolution,
    numbering: &'a Numbering,
    config: RingConfig,
    out: O,
    talk: T,
}

/// `4`, `4 or 9`, `1, 3 or 9`.
fn list(names: &[u32]) -> String {
    let names: Vec<String> = names.iter().map(u32::to_string).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

impl<O: Write, T: Write> Game<'_, O, T> {
    fn show(&mut self, p: RingPosition) -> io::Result<()> {
        let text = picture(self.solution.ring(), self.numbering, p.stones);
        self.out.write_all(text.as_bytes())
    }

    fn movable(&self, p: RingPosition) -> Vec<u32> {
        let mut names: Vec<u32> = self
            .solution
            .ring()
            .moves(p)
            .iter()
            .map(|m| self.numbering.name(m.from))
            .collect();
        names.sort_unstable();
        names
    }

    /// The move the human asks for with `line`, or why it is refused.
    fn interpret(&self, line: &str, p: RingPosition) -> Result<Option<RingMove>, String> {
        let word = line.trim();
        let hint = format!("you can move {}", list(&self.movable(p)));
        let (low, high) = self.numbering.range();
        let name: u32 = word
            .parse()
            .map_err(|_| format!("`{word}` is not a point number; {hint} (or type quit)"))?;
        let point = self
            .numbering
            .point(name)
            .ok_or_else(|| format!("there is no point {name} (points are {low} to {high}); {hint}"))?;
        match p.stones.at(point) {
            None => Err(format!("point {name} is the empty point; {hint}")),
            Some(c) if c != p.to_move => Err(format!(
                "point {name} holds a {c} stone, and {} is to move; {hint}",
                p.to_move
            )),
            Some(_) => self
                .solution
                .ring()
                .moves(p)
                .into_iter()
                .find(|m| m.from == point)
                .map(Some)
                .ok_or_else(|| format!("the stone on {name} cannot move; {hint}")),
        }
    }

    fn ask(&mut self, p: RingPosition, input: &mut impl BufRead) -> io::Result<Result<RingMove, Ending>> {
        loop {
            self.out.flush()?;
            let movable = list(&self.movable(p));
            write!(
                self.talk,
                "{} to move (you): point of the stone to move ({movable}), or quit: ",
                p.to_move
            )?;
            self.talk.flush()?;
            let mut bytes = Vec::new();
            let read = input.read_until(b'\n', &mut bytes);
            if !matches!(read, Ok(1..)) {
                let ended = writeln!(self.talk);
                read?;
                ended?;
                return Ok(Err(Ending::EndOfInput));
            }
            let line = String::from_utf8_lossy(&bytes);
            match line.trim().to_ascii_lowercase().as_str() {
                "" => continue,
                "quit" | "q" | "exit" => return Ok(Err(Ending::Quit)),
                _ => {}
            }
            match self.interpret(&line, p) {
                Ok(Some(m)) => return Ok(Ok(m)),
                Ok(None) => {}
                Err(why) => writeln!(self.talk, "{why}")?,
            }
        }
    }

    fn run(&mut self, input: &mut impl BufRead) -> io::Result<Ending> {
        let ring = self.solution.ring();
        let mut history = vec![self.config.start];
        let mut p = self.config.start;
        self.show(p)?;
        loop {
            let (stuck, rule) = (ring.moves(p).is_empty(), self.config.draw_rule);
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
                choose(self.solution, self.numbering, p).expect("a position with a move has a choice")
            };
            writeln!(
                self.out,
                "{} moves {} to {}",
                p.to_move,
                self.numbering.name(m.from),
                self.numbering.name(m.to)
            )?;
            p = ring.play(p, m);
            self.show(p)?;
            history.push(p);
        }
    }
}

/// Plays one game: the human's lines come from `input`, the protocol goes
/// to `out` and the conversation to `talk`.
pub fn play(
    solution: &RingSolution,
    numbering: &Numbering,
    config: RingConfig,
    mut input: impl BufRead,
    out: impl Write,
    talk: impl Write,
) -> io::Result<Ending> {
    Game {
        solution,
        numbering,
        config,
        out,
        talk,
    }
    .run(&mut input)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mu_torere::family::ring::{Ring, Rule};

    fn run(ring: Ring, human: Color, input: &str) -> (Ending, String, String) {
        let numbering = Numbering::of(&ring);
        let start = ring.start();
        let solution = RingSolution::new(ring);
        let (mut out, mut talk) = (Vec::new(), Vec::new());
        let config = RingConfig {
            human,
            start,
            draw_rule: DrawRule::Repetition,
        };
        let ending = play(
            &solution,
            &numbering,
            config,
            input.as_bytes(),
            &mut out,
            &mut talk,
        )
        .unwrap();
        (
            ending,
            String::from_utf8(out).unwrap(),
            String::from_utf8(talk).unwrap(),
        )
    }

    #[test]
    fn a_move_of_the_human_and_the_reply_on_ten_points() {
        let (ending, out, talk) = run(Ring::new(5, Rule::Standard), Color::Black, "x\n11\n0\n6\n3\n5\n");
        assert_eq!(ending, Ending::EndOfInput);
        assert!(talk.contains("`x` is not a point number; you can move 1 or 5"));
        assert!(talk.contains("there is no point 11 (points are 0 to 10)"));
        assert!(talk.contains("point 0 is the empty point"));
        assert!(talk.contains("point 6 holds a white stone"));
        assert!(talk.contains("the stone on 3 cannot move"));
        let moves: Vec<&str> = out.lines().filter(|l| l.contains(" moves ")).collect();
        assert_eq!(moves[0], "black moves 5 to 0");
        assert!(moves[1].starts_with("white moves "));
    }

    #[test]
    fn the_free_rule_on_ten_points_wins_at_once_for_the_program() {
        let (ending, out, _) = run(Ring::new(5, Rule::Free), Color::White, "");
        assert_eq!(ending, Ending::Won(Color::Black));
        assert!(out.ends_with("\nblack wins\n"));
        assert_eq!(out.lines().filter(|l| l.contains(" moves ")).count(), 1);
    }
}
