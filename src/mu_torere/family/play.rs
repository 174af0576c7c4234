//! The line-mode game against a human on any board of the family, in the
//! protocol of the traditional game ([`crate::mu_torere::play`]): the board
//! after every move, move lines `black moves 4 to 0`, `illegal: ...` for a
//! refused input, `white wins` when the side to move is stuck, and `draw`
//! when the draw rule ends the game. Prompts, help and hints go to `talk`.

use super::choice::choose;
use super::numbering::Numbering;
use super::render::picture;
use super::ring::{Ring, RingMove, RingPosition, Rule};
use super::solver::RingSolution;
use crate::mu_torere::board::Color;
use crate::mu_torere::draw::DrawRule;
use crate::mu_torere::moves::Blocked;
use crate::mu_torere::play::{Ending, HELP};
use crate::mu_torere::protocol::{self, LineBoard, LineConfig};
use std::io::{self, BufRead, Write};
use thiserror::Error;

/// How a game is set up.
pub type RingConfig = LineConfig<RingPosition>;

/// Why a point named by a player is not a move, phrased for that player.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum RingMoveError {
    /// No point has that name.
    #[error("there is no {noun} {name} ({noun}s are {low} to {high})")]
    NoSuchPoint {
        /// `point`, or `square` on the eight-point board.
        noun: &'static str,
        /// The name given.
        name: u32,
        /// The least name.
        low: u32,
        /// The greatest name.
        high: u32,
    },
    /// The point named is the empty one.
    #[error("{noun} {name} is the empty point")]
    Empty {
        /// `point` or `square`.
        noun: &'static str,
        /// The point's name.
        name: u32,
    },
    /// The point holds the opponent's stone.
    #[error("{noun} {name} holds a {owner} stone, and {to_move} is to move")]
    NotYours {
        /// `point` or `square`.
        noun: &'static str,
        /// The point's name.
        name: u32,
        /// The stone's colour.
        owner: Color,
        /// The side to move.
        to_move: Color,
    },
    /// The stone on the point has no legal move.
    #[error("the stone on {name} cannot move: {why}")]
    Blocked {
        /// The point's name.
        name: u32,
        /// The rule that holds it.
        why: Blocked,
    },
}

/// The move of the stone on the point players call `name`, or why there is
/// none.
pub fn move_named(
    ring: &Ring,
    numbering: &Numbering,
    p: RingPosition,
    name: u32,
) -> Result<RingMove, RingMoveError> {
    let noun = numbering.noun();
    let Some(point) = numbering.point(name) else {
        let (low, high) = numbering.range();
        return Err(RingMoveError::NoSuchPoint {
            noun,
            name,
            low,
            high,
        });
    };
    match p.stones.at(point) {
        None => Err(RingMoveError::Empty { noun, name }),
        Some(owner) if owner != p.to_move => Err(RingMoveError::NotYours {
            noun,
            name,
            owner,
            to_move: p.to_move,
        }),
        Some(_) => {
            let mut found = None;
            ring.for_each_move(p, |m| {
                if m.from == point {
                    found = Some(m);
                }
            });
            found.ok_or_else(|| RingMoveError::Blocked {
                name,
                why: blocked(ring, numbering, p, point),
            })
        }
    }
}

/// Why the stone of the side to move on `point` cannot move.
fn blocked(ring: &Ring, numbering: &Numbering, p: RingPosition, point: u32) -> Blocked {
    let empty = ring.empty(p.stones);
    if ring.neighbours(empty) & (1 << point) == 0 {
        return Blocked::NoLine {
            empty: numbering.name(empty),
        };
    }
    // Next to the empty point and held: it is the centre, and the standard
    // rule keeps the stone out.
    let around = ring.rim_neighbours(point);
    let (a, b) = (around.trailing_zeros(), 31 - around.leading_zeros());
    let (a, b) = (numbering.name(a), numbering.name(b));
    Blocked::NoOpponentBeside {
        neighbours: [a.min(b), a.max(b)],
        mover: p.to_move,
    }
}

/// The rules of `ring`'s game, in lines of at most 80 characters. On eight
/// points under the standard rule these are the traditional game's
/// [`RULES`](crate::mu_torere::play::RULES).
pub fn rules(ring: &Ring) -> String {
    let stones = if ring.rim() == 8 {
        "Eight of the nine points hold a stone".to_owned()
    } else {
        format!(
            "A ring of {} points around a centre, each joined to its neighbours and to the \
             centre: all but one of the {} points hold a stone",
            ring.rim(),
            ring.points()
        )
    };
    let centre = match ring.rule() {
        Rule::Standard => {
            "A stone may go from the rim into the centre only if one of its rim neighbours \
             holds an opponent's stone; a stone in the centre may always go out."
        }
        Rule::Free => {
            "Under the free rule any stone may go from the rim into the empty centre, and a stone \
             in the centre may always go out."
        }
    };
    let board = format!(
        "Black moves first. {stones}: a move slides one of your stones along a line into the one \
         empty point. {centre}"
    );
    format!(
        "{}\n{}",
        crate::text::wrap(
            "The goal: leave your opponent without a move. The player who cannot move loses.",
            80
        ),
        crate::text::wrap(&board, 80)
    )
}

/// A board of the family as line mode plays it.
struct RingBoard<'a> {
    solution: &'a RingSolution,
    numbering: &'a Numbering,
}

impl LineBoard for RingBoard<'_> {
    type Position = RingPosition;
    type Move = RingMove;

    fn is_stuck(&self, p: RingPosition) -> bool {
        self.solution.ring().move_count(p) == 0
    }

    fn play(&self, p: RingPosition, m: RingMove) -> RingPosition {
        self.solution.ring().play(p, m)
    }

    fn choose(&self, p: RingPosition) -> RingMove {
        choose(self.solution, self.numbering, p).expect("a position with a move has a choice")
    }

    fn move_text(&self, m: RingMove) -> String {
        format!("{} to {}", self.numbering.name(m.from), self.numbering.name(m.to))
    }

    fn picture(&self, p: RingPosition, _: Option<RingMove>, _: bool) -> String {
        picture(self.solution.ring(), self.numbering, p.stones)
    }

    fn noun(&self) -> &'static str {
        self.numbering.noun()
    }

    fn movable(&self, p: RingPosition) -> Vec<u32> {
        let mut names = Vec::new();
        self.solution
            .ring()
            .for_each_move(p, |m| names.push(self.numbering.name(m.from)));
        names.sort_unstable();
        names
    }

    fn move_named(&self, p: RingPosition, name: u32) -> Result<RingMove, String> {
        move_named(self.solution.ring(), self.numbering, p, name).map_err(|e| e.to_string())
    }

    fn help(&self, draw_rule: DrawRule) -> String {
        let ring = self.solution.ring();
        let rules = rules(ring);
        let draws = draw_rule.describe();
        if ring.rim() == 8 {
            return format!("{rules}\n{draws}\n\n{HELP}");
        }
        let rim = ring.rim();
        format!(
            "{rules}\n{draws}\n\n\
             commands:\n  \
             {:<8}move your stone on that point into the empty point\n  \
             help    show this help\n  \
             quit    leave the game (end of input does the same)\n\
             points:\n  \
             0 is the centre, joined to every point of the rim;\n  \
             the rim runs 1 to {rim} clockwise, each point joined to the next, and {rim} to 1",
            format!("0-{rim}")
        )
    }
}

/// Plays one game: the human's lines come from `input`, the protocol goes
/// to `out` and the conversation to `talk`.
pub fn play(
    solution: &RingSolution,
    numbering: &Numbering,
    config: RingConfig,
    input: impl BufRead,
    out: impl Write,
    talk: impl Write,
) -> io::Result<Ending> {
    protocol::play(&RingBoard { solution, numbering }, config, input, out, talk)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mu_torere::play::RULES;

    fn ring(points: u32, rule: Rule) -> Ring {
        Ring::with_points(points, rule).unwrap()
    }

    /// A game from `squares` (the start when empty), `human` to play.
    fn run_from(ring: Ring, squares: &str, human: Color, input: &str) -> (Ending, String, String) {
        let numbering = Numbering::of(&ring);
        let start = match squares {
            "" => ring.start(),
            text => RingPosition {
                stones: numbering.parse(text).unwrap(),
                to_move: human,
            },
        };
        let solution = RingSolution::new(ring);
        let (mut out, mut talk) = (Vec::new(), Vec::new());
        let config = RingConfig {
            human,
            start,
            draw_rule: DrawRule::Repetition,
            prompt_lines: true,
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

    fn refusals(out: &str) -> Vec<&str> {
        out.lines().filter(|l| l.starts_with("illegal: ")).collect()
    }

    #[test]
    fn refusals_on_ten_points_are_protocol_lines_and_the_prompt_repeats() {
        let input = "x\n11\n0\n6\n3\n5\n";
        let (ending, out, talk) = run_from(ring(10, Rule::Standard), "", Color::Black, input);
        assert_eq!(ending, Ending::EndOfInput);
        // Their exact words are checked through the binary, in
        // tests/it/mu_torere_family.rs.
        assert_eq!(refusals(&out).len(), 5);
        assert_eq!(
            refusals(&out)[4],
            "illegal: the stone on 3 cannot move: a stone enters the centre only beside an \
             opponent's, and 2 and 4 are black"
        );
        assert_eq!(talk.matches("you can move 1 or 5 (or type help)\n").count(), 5);
        assert_eq!(
            talk.matches("black to move (you): point of the stone to move (1 or 5), or help: \n")
                .count(),
            6
        );
        let moves: Vec<&str> = out.lines().filter(|l| l.contains(" moves ")).collect();
        assert_eq!(moves[0], "black moves 5 to 0");
        assert!(moves[1].starts_with("white moves "));
    }

    #[test]
    fn a_stone_is_held_by_the_rule_of_its_board() {
        // The start of six points: under the standard rule the middle
        // stone of black's half may not enter; under the free rule it may.
        let (_, out, _) = run_from(ring(6, Rule::Standard), "", Color::Black, "2\n");
        assert_eq!(
            refusals(&out),
            [
                "illegal: the stone on 2 cannot move: a stone enters the centre only beside an \
              opponent's, and 1 and 3 are black"
            ]
        );
        let (_, out, _) = run_from(ring(6, Rule::Free), "", Color::Black, "2\n");
        assert_eq!(refusals(&out), [] as [&str; 0]);
        assert!(out.contains("\nblack moves 2 to 0\n"), "{out}");
        // The rim closes: point 1's neighbours are 6 and 2.
        let (_, out, _) = run_from(ring(6, Rule::Standard), "bbwwwbo", Color::Black, "1\n");
        assert_eq!(
            refusals(&out),
            [
                "illegal: the stone on 1 cannot move: a stone enters the centre only beside an \
              opponent's, and 2 and 6 are black"
            ]
        );
        // Under either rule a rim stone reaches only the rim points beside it.
        for rule in [Rule::Standard, Rule::Free] {
            let (_, out, talk) = run_from(ring(6, rule), "obwbwbw", Color::Black, "4\n");
            assert_eq!(
                refusals(&out),
                ["illegal: the stone on 4 cannot move: no line joins it to the empty point 1"],
                "{rule}"
            );
            assert!(talk.contains("you can move 2 or 6 (or type help)"), "{rule}");
        }
    }

    #[test]
    fn the_eight_point_board_of_the_free_rule_speaks_of_squares() {
        let (_, out, talk) = run_from(ring(8, Rule::Free), "", Color::Black, "5\n12\nhelp\n");
        let talk = talk.replace('\n', " ");
        assert_eq!(
            refusals(&out),
            [
                "illegal: square 5 is the empty point",
                "illegal: there is no square 12 (squares are 1 to 9)",
            ]
        );
        assert!(talk.contains("Under the free rule any stone may go from the rim into the empty"));
        assert!(
            talk.contains("5 is the centre; the rim runs 1 2 3 6 9 8 7 4"),
            "{talk}"
        );
    }

    #[test]
    fn help_states_the_goal_and_the_rule_of_the_board() {
        let (_, out, talk) = run_from(ring(12, Rule::Standard), "", Color::Black, "help\n");
        let talk = talk.replace('\n', " ");
        assert!(refusals(&out).is_empty());
        for said in [
            "The player who cannot move loses.",
            "A ring of 12 points around a centre, each joined to its neighbours and to the centre: all but one of the 13 points hold a stone",
            "only if one of its rim neighbours holds an opponent's stone",
            "comes up a third time",
            "0-12    move your stone on that point",
            "the rim runs 1 to 12 clockwise",
        ] {
            assert!(talk.contains(said), "{said}: {talk}");
        }
        let (_, _, talk) = run_from(ring(12, Rule::Free), "", Color::Black, "h\n");
        let talk = talk.replace('\n', " ");
        assert!(
            talk.contains("Under the free rule any stone may go from the rim"),
            "{talk}"
        );
        assert!(!talk.contains("only if"), "{talk}");
    }

    #[test]
    fn the_rules_of_eight_points_are_the_traditional_rules() {
        assert_eq!(rules(&ring(8, Rule::Standard)), RULES);
        for points in (4..=30).step_by(2) {
            for rule in [Rule::Standard, Rule::Free] {
                let text = rules(&ring(points, rule));
                assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
                assert!(text.starts_with("The goal: "));
            }
        }
    }

    #[test]
    fn the_free_rule_on_ten_points_wins_at_once_for_the_program() {
        let (ending, out, _) = run_from(ring(10, Rule::Free), "", Color::White, "");
        assert_eq!(ending, Ending::Won(Color::Black));
        assert!(out.ends_with("\nblack wins\n"));
        assert_eq!(out.lines().filter(|l| l.contains(" moves ")).count(), 1);
    }
}
