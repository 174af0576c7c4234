//! The rules: who may move where, and when the game is over.
//!
//! A [`Position`] is a board with its side to move, each side's pawns seen
//! from that side, walking up the board (towards row 0) as White does. The
//! two sides are then alike: a move swaps their roles and needs no turning
//! of the board, and one move generator and one table serve both colours.

use super::board::{Board, Side, Square, Squares, WHITE_GOAL, flip};

const FILE_A: Squares = 0x1111;
const FILE_D: Squares = 0x8888;
/// Row 0 of a side's own view: where its pawns are going.
const GOAL_ROW: Squares = WHITE_GOAL;

/// A board and its side to move. Both sets of pawns are in their owner's
/// view, where the owner walks towards row 0; the waiting side's pawns as
/// the mover sees them are `flip(waiting)`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    mover: Squares,
    waiting: Squares,
}

/// The board in the mover's view, as if White were to move:
/// `Position(pppp/..../..../PPPP)` is the start with either side to move.
impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.board(Side::White))
    }
}

/// One pawn move, in the mover's view: one step forward onto an empty
/// square, or one step diagonally forward onto an enemy pawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square the pawn leaves, in the mover's view.
    pub from: Square,
    /// The square it moves to.
    pub to: Square,
    /// Whether it takes a pawn there.
    pub capture: bool,
}

impl Position {
    /// The position with the mover's pawns on `mover` and the other side's on
    /// `waiting`, each in its owner's view. No square may hold two pawns.
    pub const fn new(mover: Squares, waiting: Squares) -> Position {
        assert!(mover & flip(waiting) == 0, "a square holds one pawn");
        Position { mover, waiting }
    }

    /// The position of `board` with `to_move` to move.
    pub const fn from_board(board: Board, to_move: Side) -> Position {
        match to_move {
            Side::White => Position::new(board.white(), flip(board.black())),
            Side::Black => Position::new(flip(board.black()), board.white()),
        }
    }

    /// The board this is, given whose turn it is.
    pub fn board(self, to_move: Side) -> Board {
        let (white, black) = match to_move {
            Side::White => (self.mover, flip(self.waiting)),
            Side::Black => (self.waiting, flip(self.mover)),
        };
        Board::new(white, black).expect("the two sides never share a square")
    }

    /// The mover's pawns, in its own view.
    pub const fn mover(self) -> Squares {
        self.mover
    }

    /// The waiting side's pawns, in its own view.
    pub const fn waiting(self) -> Squares {
        self.waiting
    }

    /// The waiting side has a pawn on its goal row: it won with its last
    /// move, so the mover has lost and may not move.
    pub const fn is_lost_already(self) -> bool {
        self.waiting & GOAL_ROW != 0
    }

    /// The mover has a pawn on its own goal row. Play never leads here (the
    /// game ends on the move that gets there), but input can.
    pub const fn has_won_already(self) -> bool {
        self.mover & GOAL_ROW != 0
    }

    /// The position after `mv`, with the other side to move.
    pub const fn play(self, mv: Move) -> Position {
        Position {
            mover: self.waiting & !mv.to.flipped().bit(),
            waiting: self.mover ^ mv.from.bit() ^ mv.to.bit(),
        }
    }

    /// Calls `visit` with every legal move. There is none once the game is
    /// over, including when the waiting side has already reached its goal.
    pub fn for_each_move(self, mut visit: impl FnMut(Move)) {
        if self.is_lost_already() {
            return;
        }
        let (mover, enemy) = (self.mover, flip(self.waiting));
        let steps = (mover >> 4) & !(mover | enemy);
        let left = ((mover & !FILE_A) >> 5) & enemy;
        let right = ((mover & !FILE_D) >> 3) & enemy;
        for (targets, back, capture) in [(steps, 4, false), (left, 5, true), (right, 3, true)] {
            for_each_square(targets, |to| {
                visit(Move {
                    from: Square::new(to.index() + back),
                    to,
                    capture,
                })
            });
        }
    }

    /// Calls `visit` with the position after every legal move, in the order
    /// of [`Position::for_each_move`]; the hot loop of the solvers, so it
    /// works on whole sets at once.
    #[inline]
    pub fn for_each_successor(self, mut visit: impl FnMut(Position)) {
        if self.is_lost_already() {
            return;
        }
        let (mover, waiting) = (self.mover, self.waiting);
        let enemy = flip(waiting);
        let mut steps = (mover >> 4) & !(mover | enemy);
        while steps != 0 {
            let to = steps & steps.wrapping_neg();
            steps ^= to;
            visit(Position {
                mover: waiting,
                waiting: mover ^ to ^ (to << 4),
            });
        }
        for (mut targets, back) in [
            (((mover & !FILE_A) >> 5) & enemy, 5),
            (((mover & !FILE_D) >> 3) & enemy, 3),
        ] {
            while targets != 0 {
                let to = targets & targets.wrapping_neg();
                targets ^= to;
                visit(Position {
                    mover: waiting ^ (1 << (to.trailing_zeros() ^ 12)),
                    waiting: mover ^ to ^ (to << back),
                });
            }
        }
    }
}

fn for_each_square(mut squares: Squares, mut visit: impl FnMut(Square)) {
    while squares != 0 {
        visit(Square::new(squares.trailing_zeros() as u8));
        squares &= squares - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: [&str; 4]) -> Board {
        let mut white = 0;
        let mut black = 0;
        for (i, c) in rows.concat().bytes().enumerate() {
            match c {
                b'P' => white |= 1 << i,
                b'p' => black |= 1 << i,
                _ => {}
            }
        }
        Board::new(white, black).unwrap()
    }

    /// The moves of `side` in board coordinates, as `from-to` or `fromxto`.
    fn moves(b: Board, side: Side) -> Vec<String> {
        let on_board = |s: Square| if side == Side::White { s } else { s.flipped() };
        let mut all = Vec::new();
        Position::from_board(b, side).for_each_move(|m| {
            let sep = if m.capture { "x" } else { "-" };
            all.push(format!("{}{sep}{}", on_board(m.from), on_board(m.to)));
        });
        all.sort();
        all
    }

    #[test]
    fn pawns_step_forward_or_capture_diagonally() {
        let b = board([".p..", "pP.p", "P.P.", "...."]);
        assert_eq!(moves(b, Side::White), ["c2-c3", "c2xd3"]);
        assert_eq!(moves(b, Side::Black), ["d3-d2", "d3xc2"]);
        let open = board(["....", ".p..", "P.P.", "...."]);
        assert_eq!(moves(open, Side::White), ["a2-a3", "a2xb3", "c2-c3", "c2xb3"]);
        assert_eq!(moves(open, Side::Black), ["b3-b2", "b3xa2", "b3xc2"]);
    }

    #[test]
    fn successors_match_the_moves_played() {
        let mut rng = crate::test_rng::XorShift::new(0x9e37_79b9_7f4a_7c15);
        let mut next = move || rng.next_u64() as u16;
        let boards = (0..500).map(|_| {
            let white = next() & next();
            Board::new(white, next() & next() & !white).unwrap()
        });
        for (b, side) in boards.flat_map(|b| [(b, Side::White), (b, Side::Black)]) {
            let p = Position::from_board(b, side);
            let mut played = Vec::new();
            p.for_each_move(|m| played.push(p.play(m)));
            let mut fast = Vec::new();
            p.for_each_successor(|s| fast.push(s));
            assert_eq!(played, fast);
            for s in fast {
                let after = s.board(side.other());
                let pawns = |b: Board| match side {
                    Side::White => b.white().count_ones(),
                    Side::Black => b.black().count_ones(),
                };
                assert_eq!(pawns(after), pawns(b), "the mover loses no pawn");
                assert_ne!(after, b);
            }
        }
    }

    #[test]
    fn nobody_moves_after_the_goal_is_reached() {
        let b = board(["....", "p...", ".P..", "...p"]);
        let white = Position::from_board(b, Side::White);
        assert!(white.is_lost_already());
        assert!(moves(b, Side::White).is_empty());
        assert_eq!(Position::from_board(b, Side::Black).board(Side::Black), b);
    }
}
