//! The answers of the API for each game: a position read from its text, its
//! value and the value of each move, from the same library calls and the
//! same solved-game cache as the command line.
//!
//! Every board the API can be asked about is bounded, so that a request
//! cannot make the server work for long or run out of memory:
//!
//! - Cephalopod: the boards the command line solves, up to
//!   [`MAX_SOLVED_CELLS`] cells; those of [`LARGE_CEPHALOPOD_CELLS`] cells
//!   and more take minutes and most of a gigabyte the first time, and are
//!   kept in the solved-game cache for later runs.
//! - Pawn chess: boards of up to [`MAX_PAWN_CHESS_SQUARES`] squares, whose
//!   start solves in about a second. A position off the start's space (set
//!   up by hand) is solved for its request alone, within
//!   [`PAWN_CHESS_OFF_START_MEMORY`]: a few seconds at most.
//! - Mu Torere: rims of up to [`MAX_MU_TORERE_POINTS`] points, solved whole
//!   in seconds.
//! - The puzzle: any depth the puzzle's own reader takes; its deepest search
//!   takes a few tens of milliseconds.

use super::registry::{Solutions, Turns, Weight};
use crate::cephalopods::game::solver::MAX_SOLVED_CELLS;
use crate::cephalopods::game::{
    Position as CephalopodPosition, Rule as CephalopodRule, Size as CephalopodSize,
    Solution as CephalopodSolution, SolveError,
};
use crate::cephalopods::{Board as PuzzleBoard, path_hash_sum};
use crate::mu_torere::family::{
    Numbering, Ring, RingPosition, RingSolution, Rule as RingRule, RuleError as RingRuleError,
};
use crate::mu_torere::{Board as MuBoard, Color, Position as MuPosition, Solution as MuSolution};
use crate::pawn_chess::sizes::{Setup, Size as PawnSize, Step};
use crate::pawn_chess::value::{Solver as PawnSolver, TooLarge, check_start};
use crate::solve::Outcome;
use crate::text::shortened;
use std::path::PathBuf;

/// Cephalopod boards of this many cells and more are large solves.
pub const LARGE_CEPHALOPOD_CELLS: usize = 8;
/// The most squares of a pawn-chess board served.
pub const MAX_PAWN_CHESS_SQUARES: u32 = 25;
/// The most memory the solve of a pawn-chess start may take: far more than
/// any board served needs.
pub const PAWN_CHESS_MEMORY: u64 = 256 << 20;
/// The most memory the solve of a position off the start's space may take:
/// some positions set up by hand reach far more positions than the start.
pub const PAWN_CHESS_OFF_START_MEMORY: u64 = 64 << 20;
/// The most rim points of a Mu Torere board served.
pub const MAX_MU_TORERE_POINTS: u32 = 20;
/// How many characters of a refused input an error shows.
const SHOWN: usize = 40;

/// Why a request gets no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The request is wrong: a bad parameter, position or board.
    BadRequest(String),
    /// There is no such game or page.
    NotFound(String),
    /// The server cannot answer now.
    Unavailable(String),
}

fn bad(message: impl Into<String>) -> Failure {
    Failure::BadRequest(message.into())
}

/// The value of a position and of each of its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The position in the game's notation.
    pub position: String,
    /// Its value for the side to move.
    pub value: Outcome,
    /// Every legal move, with its value.
    pub moves: Vec<MoveAnswer>,
}

/// One legal move, the position it leads to, and its value for the player
/// who makes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveAnswer {
    /// The move in the game's notation.
    pub text: String,
    /// The position it leads to.
    pub position: String,
    /// Its value for the player who makes it.
    pub value: Outcome,
}

/// The games a server answers, with the solutions it holds.
pub struct Games {
    cache: Option<PathBuf>,
    turns: Turns,
    cephalopod: Solutions<(CephalopodSize, CephalopodRule), CephalopodSolution>,
    pawn_chess: Solutions<PawnSize, PawnSolver>,
    rings: Solutions<(u32, RingRule), (RingSolution, Numbering)>,
}

impl Games {
    /// Games whose Cephalopod solutions are read from and written to the
    /// solved-game files in `cache`, as the command line's are.
    pub fn new(cache: Option<PathBuf>) -> Games {
        Games {
            cache,
            turns: Turns::new(),
            cephalopod: Solutions::new(),
            pawn_chess: Solutions::new(),
            rings: Solutions::new(),
        }
    }

    /// A Cephalopod position (the empty board of `size`, 3x3 unless given,
    /// when there is none) under `rule` (majority unless given).
    pub async fn cephalopod(
        &self,
        position: Option<&str>,
        size: Option<&str>,
        rule: Option<&str>,
    ) -> Result<Answer, Failure> {
        let rule = match rule {
            None => CephalopodRule::Majority,
            Some(text) => text.parse().map_err(|_| {
                bad(format!(
                    "rule `{}` is neither majority nor sixes",
                    shortened(text, SHOWN)
                ))
            })?,
        };
        let size = size
            .map(|text| {
                text.parse::<CephalopodSize>()
                    .map_err(|e| bad(format!("size: {e}")))
            })
            .transpose()?;
        let position = match position {
            None => CephalopodPosition::start(size.unwrap_or(CephalopodSize::SQUARE_3)),
            Some(text) => {
                let p: CephalopodPosition = text
                    .parse()
                    .map_err(|e| bad(format!("bad position `{}`: {e}", shortened(text, SHOWN))))?;
                if let Some(size) = size
                    && p.size() != size
                {
                    return Err(bad(format!(
                        "the position is a {} board, but size is {size}",
                        p.size()
                    )));
                }
                p
            }
        };
        let size = position.size();
        if size.cells() > MAX_SOLVED_CELLS {
            return Err(bad(SolveError::TooLarge(size).to_string()));
        }
        let weight = if size.cells() >= LARGE_CEPHALOPOD_CELLS {
            Weight::Large
        } else {
            Weight::Small
        };
        let cache = self.cache.clone();
        let solution = self
            .cephalopod
            .get((size, rule), &self.turns, weight, move || {
                CephalopodSolution::load_or_solve(
                    size,
                    rule,
                    cache.as_deref(),
                    |_| {},
                    |notice| {
                        eprintln!("gamespace: {}", notice.escape_debug());
                    },
                )
                .map(|(solution, _)| solution)
                .map_err(|e| e.to_string())
            })
            .await
            .map_err(Failure::BadRequest)?;
        let unreachable = || {
            bad(format!(
                "position `{position}` cannot be reached from the empty board, so it has no solved value"
            ))
        };
        let value = solution.value(position).ok_or_else(unreachable)?;
        let moves = solution.move_values(position).ok_or_else(unreachable)?;
        Ok(Answer {
            position: position.to_string(),
            value,
            moves: moves
                .into_iter()
                .map(|(m, value)| MoveAnswer {
                    text: m.text(size),
                    position: position.play(m).to_string(),
                    value,
                })
                .collect(),
        })
    }

    /// A pawn-chess position (the start of `size`, 4x4 unless given, when
    /// there is none).
    pub async fn pawn_chess(&self, position: Option<&str>, size: Option<&str>) -> Result<Answer, Failure> {
        let size = size
            .map(|text| text.parse::<PawnSize>().map_err(|e| bad(format!("size: {e}"))))
            .transpose()?;
        let setup = match position {
            None => size.unwrap_or(PawnSize::FOUR_BY_FOUR).start(),
            Some(text) => {
                let setup: Setup = text.parse().map_err(|e| bad(format!("bad {e}")))?;
                if let Some(size) = size
                    && setup.size() != size
                {
                    return Err(bad(format!(
                        "the position is a {} board, but size is {size}",
                        setup.size()
                    )));
                }
                setup
            }
        };
        let size = setup.size();
        if size.squares() > MAX_PAWN_CHESS_SQUARES {
            return Err(bad(format!(
                "a {size} board is too large to serve: boards of up to {MAX_PAWN_CHESS_SQUARES} \
                 squares are (`gamespace pawn-chess value` solves larger ones)"
            )));
        }
        check_start(size).map_err(|e| bad(too_large(e)))?;
        let solver = self
            .pawn_chess
            .get(size, &self.turns, Weight::Small, move || {
                let mut solver = PawnSolver::new(size, PAWN_CHESS_MEMORY);
                solver.prepare(&[size.start()], |_| {}).map_err(too_large)?;
                Ok(solver)
            })
            .await
            .map_err(Failure::BadRequest)?;
        let (value, moves) = match solver.solved(setup) {
            Some(solved) => solved,
            // A position off the start's space is solved for this request
            // alone: it is bounded by the board, and not kept.
            None => self
                .turns
                .run(Some(Weight::Small), move || {
                    let mut solver = PawnSolver::new(size, PAWN_CHESS_OFF_START_MEMORY);
                    let value = solver.value(setup)?;
                    let moves = if setup.ending().is_some() {
                        Vec::new()
                    } else {
                        solver.moves(setup)?
                    };
                    Ok::<_, TooLarge>((value, moves))
                })
                .await
                .map_err(Failure::Unavailable)?
                .map_err(|e| {
                    bad(format!(
                        "position `{setup}` is too large to serve, off the start's positions: {}",
                        too_large(e)
                    ))
                })?,
        };
        Ok(Answer {
            position: setup.to_string(),
            value,
            moves: moves
                .into_iter()
                .map(|(step, value): (Step, Outcome)| MoveAnswer {
                    text: setup.notation(step),
                    position: setup.play(step).to_string(),
                    value,
                })
                .collect(),
        })
    }

    /// A Mu Torere position (the start when there is none) on a rim of
    /// `points` (8 unless given) under `rule` (standard unless given).
    pub async fn mu_torere(
        &self,
        position: Option<&str>,
        points: Option<&str>,
        rule: Option<&str>,
    ) -> Result<Answer, Failure> {
        let rule = match rule {
            None => RingRule::Standard,
            Some(text) => text.parse().map_err(|e: RingRuleError| bad(e.to_string()))?,
        };
        let points = match points {
            None => 8,
            Some(text) => parse_points(text)?,
        };
        let (squares, to_move) = match position {
            None => (None, Color::Black),
            Some(text) => {
                let shown = || shortened(text, SHOWN);
                let (squares, side) = text.rsplit_once(' ').ok_or_else(|| {
                    bad(format!(
                        "bad position `{}`: expected the squares, a space and the side to move, b or w",
                        shown()
                    ))
                })?;
                let to_move = match side {
                    "b" => Color::Black,
                    "w" => Color::White,
                    _ => {
                        return Err(bad(format!(
                            "bad position `{}`: the side to move must be b or w",
                            shown()
                        )));
                    }
                };
                (Some((squares, shown())), to_move)
            }
        };
        if points == 8 && rule == RingRule::Standard {
            // The traditional game keeps its own engine, as on the command line.
            let solution = MuSolution::get();
            let board = match squares {
                None => MuBoard::START,
                Some((squares, shown)) => squares
                    .parse::<MuBoard>()
                    .map_err(|e| bad(format!("bad position `{shown}`: {e}")))?,
            };
            let p = MuPosition::new(board, to_move);
            let text = |p: MuPosition| format!("{} {}", p.board, p.to_move.letter());
            return Ok(Answer {
                position: text(p),
                value: solution.outcome(p),
                moves: p
                    .legal_moves()
                    .iter()
                    .map(|&m| MoveAnswer {
                        text: format!("{}-{}", m.from, m.to),
                        position: text(p.play(m)),
                        value: solution.move_value(p, m),
                    })
                    .collect(),
            });
        }
        let solved = self
            .rings
            .get((points, rule), &self.turns, Weight::Small, move || {
                let ring = Ring::with_points(points, rule).map_err(|e| e.to_string())?;
                let numbering = Numbering::of(&ring);
                Ok((RingSolution::new(ring), numbering))
            })
            .await
            .map_err(Failure::BadRequest)?;
        let (solution, numbering) = &*solved;
        let ring = solution.ring();
        let p = match squares {
            None => ring.start(),
            Some((squares, shown)) => RingPosition {
                stones: numbering
                    .parse(squares)
                    .map_err(|e| bad(format!("bad position `{shown}`: {e}")))?,
                to_move,
            },
        };
        let text = |p: RingPosition| format!("{} {}", numbering.squares(p.stones), p.to_move.letter());
        Ok(Answer {
            position: text(p),
            value: solution.outcome(p),
            moves: ring
                .moves(p)
                .into_iter()
                .map(|m| MoveAnswer {
                    text: format!("{}-{}", numbering.name(m.from), numbering.name(m.to)),
                    position: text(ring.play(p, m)),
                    value: solution.move_value(p, m),
                })
                .collect(),
        })
    }

    /// The Cephalopods puzzle: the path hash sum of `board` (9 dice 0 to 6,
    /// row by row) at `depth`.
    pub async fn puzzle(&self, depth: Option<&str>, board: Option<&str>) -> Result<u32, Failure> {
        let text = depth.ok_or_else(|| bad("the puzzle needs a depth"))?;
        let depth: u32 = match text.parse() {
            Ok(depth) if text.bytes().all(|b| b.is_ascii_digit()) => depth,
            _ => {
                return Err(bad(format!(
                    "depth `{}` is not a whole number from 0 to {}",
                    shortened(text, SHOWN),
                    u32::MAX
                )));
            }
        };
        let text = board.ok_or_else(|| bad("the puzzle needs a board: 9 dice 0 to 6, row by row"))?;
        let mut cells = [0u8; 9];
        let digits = text.as_bytes();
        if digits.len() != 9 || !digits.iter().all(|d| (b'0'..=b'6').contains(d)) {
            return Err(bad(format!(
                "board `{}` is not 9 dice 0 to 6, row by row, such as 120000000",
                shortened(text, SHOWN)
            )));
        }
        for (cell, digit) in cells.iter_mut().zip(digits) {
            *cell = digit - b'0';
        }
        let board = PuzzleBoard::from_cells(cells);
        self.turns
            .run(None, move || path_hash_sum(board, depth))
            .await
            .map_err(Failure::Unavailable)
    }
}

/// A number of rim points that the server solves: even, from 4 to
/// [`MAX_MU_TORERE_POINTS`].
fn parse_points(text: &str) -> Result<u32, Failure> {
    let points: u32 = match text.parse() {
        Ok(points) if text.bytes().all(|b| b.is_ascii_digit()) => points,
        _ => {
            return Err(bad(format!(
                "points `{}` is not an even whole number from {} to {MAX_MU_TORERE_POINTS}",
                shortened(text, SHOWN),
                2 * Ring::MIN_N
            )));
        }
    };
    Ring::check_points(points).map_err(|e| bad(e.to_string()))?;
    if points > MAX_MU_TORERE_POINTS {
        return Err(bad(format!(
            "{points} points is too large to serve: rims of up to {MAX_MU_TORERE_POINTS} points are \
             (`gamespace mu-torere analyze --points {points}` solves larger ones)"
        )));
    }
    Ok(points)
}

/// A pawn-chess refusal without the command line's option in it.
fn too_large(e: TooLarge) -> String {
    e.to_string().replace(" (set with --memory)", "")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(f: impl std::future::Future<Output = Result<Answer, Failure>>) -> Result<Answer, Failure> {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(f)
    }

    #[test]
    fn the_traditional_start_is_a_draw_with_two_moves() {
        let games = Games::new(None);
        let a = answer(games.mu_torere(None, None, None)).unwrap();
        assert_eq!(a.position, "wwwbowbbb b");
        assert_eq!(a.value, Outcome::Draw);
        let moves: Vec<&str> = a.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["4-5", "9-5"]);
        assert_eq!(a.moves[0].position, "wwwobwbbb w");
    }

    #[test]
    fn an_unreachable_cephalopod_position_is_refused() {
        let games = Games::new(None);
        let e = answer(games.cephalopod(Some("w6w6/.. b"), None, None)).unwrap_err();
        assert!(matches!(e, Failure::BadRequest(m) if m.contains("cannot be reached")));
    }

    #[test]
    fn pawn_chess_off_the_start_is_solved_all_the_same() {
        let games = Games::new(None);
        let a = answer(games.pawn_chess(Some(".ppp/..../.PPP/.... w"), None)).unwrap();
        assert_eq!(a.value, Outcome::Win(7));
        let b = answer(games.pawn_chess(Some("ppp/.../PPP w"), Some("3x3"))).unwrap();
        assert_eq!(b.value, Outcome::Loss(6));
    }
}
