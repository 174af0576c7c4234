//! Answers for White to move, and one optimal line of play.
//!
//! Positions within the statement's promises come from a complete
//! [`Table`], built once. Everything else well formed still gets an answer
//! from the same rules:
//!
//! - White already has a pawn on rank 4: White has won, `white (0)`. This
//!   is checked first, so it also decides boards where both sides have
//!   reached their goal rows.
//! - Black already has a pawn on rank 1, or White has no legal move (which
//!   includes having no pawns): White has lost, `black (0)`.
//! - Black has no pawns: play goes on by the rules, so White wins with any
//!   move, `white (1)`, as Black then cannot move.
//! - More than four pawns a side: solved by memoised search
//!   ([`Negamax`]), shared across questions.

use super::board::{Board, Side, Square};
use super::game::PawnChess;
use super::moves::{Move, Position};
use crate::solve::Outcome;
use crate::solve::negamax::Negamax;
use crate::solve::table::{IndexedGame, Table};

/// Which shared engine answers the positions within the promises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Engine {
    /// Build the table of every position first (a few milliseconds), then
    /// answer each question with one load.
    #[default]
    Table,
    /// Search from each question, remembering every position met; faster
    /// for a handful of questions, slower for many.
    Negamax,
}

/// Solves positions with White to move.
pub struct Solver {
    table: Option<Table>,
    search: Negamax<PawnChess>,
}

/// One move of an optimal line, in board coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The side that moves.
    pub side: Side,
    /// The square its pawn leaves.
    pub from: Square,
    /// The square it moves to.
    pub to: Square,
    /// Whether it takes a pawn there.
    pub capture: bool,
    /// The board after the move.
    pub board: Board,
}

/// Why a game is over, with `Side` the player it concerns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The side has a pawn on its goal row, and has won.
    GoalReached(Side),
    /// The side is to move and has no pawns left, so it has lost.
    NoPawns(Side),
    /// The side is to move and every pawn is blocked, so it has lost.
    NoMove(Side),
}

impl Ending {
    /// Why the game ended, in words, on a board of `rows` ranks (White's
    /// goal is rank `rows`, Black's rank 1).
    pub fn describe(self, rows: usize) -> String {
        match self {
            Ending::GoalReached(side) => {
                let rank = if side == Side::White { rows } else { 1 };
                let name = side.name();
                format!("{name} has a pawn on rank {rank}, so {name} wins")
            }
            Ending::NoPawns(side) => format!(
                "{} has no pawns left, so {} wins",
                side.name(),
                side.other().name()
            ),
            Ending::NoMove(side) => format!(
                "{} has no legal move, so {} wins",
                side.name(),
                side.other().name()
            ),
        }
    }
}

/// A position's value with one optimal way to play it out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The board the line starts from, White to move.
    pub start: Board,
    /// For White, who moves first.
    pub outcome: Outcome,
    /// The moves of both sides, in turn.
    pub plies: Vec<Ply>,
    /// How the game ends.
    pub ending: Ending,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new(Engine::default())
    }
}

impl Solver {
    /// A solver that answers with `engine`.
    pub fn new(engine: Engine) -> Solver {
        Solver {
            table: (engine == Engine::Table).then(|| Table::solve(&PawnChess)),
            search: Negamax::new(PawnChess),
        }
    }

    /// The value of `board` for White, who is to move.
    #[inline]
    pub fn solve(&mut self, board: Board) -> Outcome {
        self.value(Position::from_board(board, Side::White))
    }

    /// The value for the side to move of any position play can reach, and
    /// of any board with White to move.
    fn value(&mut self, position: Position) -> Outcome {
        if position.has_won_already() {
            return Outcome::Win(0);
        }
        match &self.table {
            Some(table) if PawnChess::in_table(position) => {
                let plies = u32::from(table.plies(PawnChess.index(position)));
                if plies % 2 == 1 {
                    Outcome::Win(plies)
                } else {
                    Outcome::Loss(plies)
                }
            }
            _ => self.search.solve(position),
        }
    }

    /// The value of `board` for White and one line of optimal play: at each
    /// turn, the first move in the generator's order that keeps the value.
    pub fn line(&mut self, board: Board) -> Line {
        let outcome = self.solve(board);
        let mut plies = Vec::new();
        let mut side = Side::White;
        let mut position = Position::from_board(board, side);
        let mut value = outcome;
        while let Some(mv) = self.best_move(position, value) {
            position = position.play(mv);
            let on_board = |s: Square| if side == Side::White { s } else { s.flipped() };
            plies.push(Ply {
                side,
                from: on_board(mv.from),
                to: on_board(mv.to),
                capture: mv.capture,
                board: position.board(side.other()),
            });
            side = side.other();
            value = self.value(position);
        }
        let last = plies.last().map_or(board, |p| p.board);
        let ending = ending(last, side).expect("a line of play stops only when the game is over");
        Line {
            start: board,
            outcome,
            plies,
            ending,
        }
    }

    /// Every White move on `board`, in the generator's order, with the
    /// value for White of playing it, counted in plies from `board`; none
    /// when the game is already over.
    pub fn first_moves(&mut self, board: Board) -> Vec<(Ply, Outcome)> {
        if ending(board, Side::White).is_some() {
            return Vec::new();
        }
        let position = Position::from_board(board, Side::White);
        let mut moves = Vec::new();
        position.for_each_move(|mv| moves.push(mv));
        moves
            .into_iter()
            .map(|mv| {
                let next = position.play(mv);
                let ply = Ply {
                    side: Side::White,
                    from: mv.from,
                    to: mv.to,
                    capture: mv.capture,
                    board: next.board(Side::Black),
                };
                (ply, self.value(next).parent())
            })
            .collect()
    }

    fn best_move(&mut self, position: Position, value: Outcome) -> Option<Move> {
        if position.has_won_already() {
            return None;
        }
        let mut moves = Vec::new();
        position.for_each_move(|mv| moves.push(mv));
        moves
            .into_iter()
            .find(|&mv| self.value(position.play(mv)).parent() == value)
    }
}

/// Why the game is over on `board` with `to_move` to move, or `None` if it
/// goes on. White's goal is checked first, as in [`Solver::solve`].
pub fn ending(board: Board, to_move: Side) -> Option<Ending> {
    let position = Position::from_board(board, to_move);
    let (mover_won, mover_lost) = (position.has_won_already(), position.is_lost_already());
    if (to_move == Side::White && mover_won) || (to_move == Side::Black && mover_lost) {
        return Some(Ending::GoalReached(Side::White));
    }
    if mover_won || mover_lost {
        return Some(Ending::GoalReached(Side::Black));
    }
    if position.mover() == 0 {
        return Some(Ending::NoPawns(to_move));
    }
    let mut can_move = false;
    position.for_each_move(|_| can_move = true);
    (!can_move).then_some(Ending::NoMove(to_move))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pawn_chess::board::BLACK_GOAL;
    use Outcome::{Loss, Win};

    #[test]
    fn the_opening_is_a_white_win_in_eleven_either_way() {
        for engine in [Engine::Table, Engine::Negamax] {
            let mut solver = Solver::new(engine);
            assert_eq!(solver.solve(Board::START), Win(11));
        }
    }

    #[test]
    fn boards_outside_the_promises_get_the_documented_answers() {
        let mut solver = Solver::default();
        let b = |white, black| Board::new(white, black).unwrap();
        // White on rank 4 has won, even if Black is on rank 1 too.
        assert_eq!(solver.solve(b(1, 1 << 4)), Win(0));
        assert_eq!(solver.solve(b(1, BLACK_GOAL)), Win(0));
        // Black on rank 1 has won; White without a move or pawns has lost.
        assert_eq!(solver.solve(b(1 << 4, 1 << 12)), Loss(0));
        assert_eq!(solver.solve(b(1 << 8, 1 << 4)), Loss(0));
        assert_eq!(solver.solve(b(0, 1 << 4)), Loss(0));
        assert_eq!(solver.solve(b(0, 0)), Loss(0));
        // No black pawns: White's first move leaves Black without one.
        assert_eq!(solver.solve(b(1 << 8, 0)), Win(1));
        // Eight pawns a side leave the table but not the rules.
        let crowded = b(0xff00 & !(1 << 9), 0x00ff & !(1 << 5));
        let mut search = Solver::new(Engine::Negamax);
        assert_eq!(solver.solve(crowded), search.solve(crowded));
        assert_eq!(
            ending(b(1 << 8, 1 << 4), Side::White),
            Some(Ending::NoMove(Side::White))
        );
        assert_eq!(ending(b(1 << 8, 1 << 5), Side::Black), None);
        assert_eq!(
            ending(b(1, BLACK_GOAL), Side::Black),
            Some(Ending::GoalReached(Side::White))
        );
    }

    #[test]
    fn lines_replay_to_their_verdict() {
        let mut solver = Solver::default();
        let line = solver.line(Board::START);
        assert_eq!(line.outcome, Win(11));
        assert_eq!(line.plies.len(), 11);
        assert_eq!(line.ending, Ending::GoalReached(Side::White));
        let mut board = Board::START;
        for (i, ply) in line.plies.iter().enumerate() {
            let side = if i % 2 == 0 { Side::White } else { Side::Black };
            assert_eq!(ply.side, side);
            let mut legal = Vec::new();
            let position = Position::from_board(board, side);
            position.for_each_move(|mv| legal.push(position.play(mv).board(side.other())));
            assert!(legal.contains(&ply.board), "ply {i} is not a legal move");
            board = ply.board;
        }
        let stuck = solver.line(Board::new(1 << 8, 1 << 4).unwrap());
        assert!(stuck.plies.is_empty());
        assert_eq!(stuck.ending, Ending::NoMove(Side::White));
    }
}
