//! The rules: which stones may slide into the empty point.
//!
//! Since only one point is empty, a move is fixed by the stone that moves,
//! which is why a player names a move by a single square.

use super::board::{Color, Position, Square};
use std::fmt;
use std::ops::Deref;
use thiserror::Error;

/// A stone sliding along an edge from `from` into the empty point `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The square the stone leaves.
    pub from: Square,
    /// The empty point it slides into.
    pub to: Square,
}

/// `4 to 5`, as in the move lines `black moves 4 to 5`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} to {}", self.from, self.to)
    }
}

/// The legal moves of one position, at most four, in order of the moving
/// stone's square number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveList {
    moves: [Move; MoveList::MAX],
    len: u8,
}

impl MoveList {
    /// An empty rim point has three neighbours; the empty centre can be
    /// entered by at most four stones of one colour, since each needs an
    /// opponent's stone beside it on the rim.
    pub const MAX: usize = 4;

    fn push(&mut self, m: Move) {
        self.moves[self.len as usize] = m;
        self.len += 1;
    }
}

impl Deref for MoveList {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Why a square named by a player is not a move, phrased for that player.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum MoveError {
    /// The square named is the empty point.
    #[error("square {0} is the empty point")]
    Empty(Square),
    /// The square holds the opponent's stone.
    #[error("square {square} holds a {owner} stone, and {to_move} is to move")]
    NotYours {
        /// The square.
        square: Square,
        /// The stone's colour.
        owner: Color,
        /// The side to move.
        to_move: Color,
    },
    /// The stone on the square has no legal move.
    #[error("the stone on {0} cannot move")]
    Blocked(Square),
}

/// Why a stone of the side to move cannot move, in the words of the rules,
/// on any board: the traditional one names points by square, the family by
/// number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocked {
    /// The stone is on the rim, and so is the empty point, but not beside it.
    NoLine {
        /// The name of the empty point.
        empty: u32,
    },
    /// The empty point is the centre, and the standard rule lets a rim stone
    /// in only beside an opponent's: both its rim neighbours are the mover's.
    NoOpponentBeside {
        /// The names of the stone's rim neighbours, in order.
        neighbours: [u32; 2],
        /// The side to move, whose stones they are.
        mover: Color,
    },
}

/// `no line joins it to the empty point 9`, or `a stone enters the centre
/// only beside an opponent's, and 7 and 9 are black`.
impl fmt::Display for Blocked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Blocked::NoLine { empty } => write!(f, "no line joins it to the empty point {empty}"),
            Blocked::NoOpponentBeside {
                neighbours: [a, b],
                mover,
            } => write!(
                f,
                "a stone enters the centre only beside an opponent's, and {a} and {b} are {mover}"
            ),
        }
    }
}

impl Position {
    /// Whether the stone on `from` may slide into the empty point now.
    pub fn can_move(self, from: Square) -> bool {
        let to = self.board.empty();
        if self.board.at(from) != Some(self.to_move) || !from.is_adjacent(to) {
            return false;
        }
        if !to.is_centre() {
            return true;
        }
        let opponent = Some(self.to_move.opponent());
        from.rim_neighbours()
            .expect("a stone entering the centre comes from the rim")
            .iter()
            .any(|&n| self.board.at(n) == opponent)
    }

    /// The legal moves of the side to move, in square order.
    pub fn legal_moves(self) -> MoveList {
        let to = self.board.empty();
        let mut list = MoveList {
            moves: [Move { from: to, to }; MoveList::MAX],
            len: 0,
        };
        for from in Square::ALL {
            if self.can_move(from) {
                list.push(Move { from, to });
            }
        }
        list
    }

    /// The side to move has lost when it has no legal move.
    pub fn is_over(self) -> bool {
        self.legal_moves().is_empty()
    }

    /// The move of the stone on `from`, or why there is none.
    pub fn move_from(self, from: Square) -> Result<Move, MoveError> {
        match self.board.at(from) {
            None => Err(MoveError::Empty(from)),
            Some(owner) if owner != self.to_move => Err(MoveError::NotYours {
                square: from,
                owner,
                to_move: self.to_move,
            }),
            Some(_) if self.can_move(from) => Ok(Move {
                from,
                to: self.board.empty(),
            }),
            Some(_) => Err(MoveError::Blocked(from)),
        }
    }

    /// Why the stone on `from`, one of the mover's, cannot move, in the
    /// words of the rules: `no line joins it to the empty point 9`, or `a
    /// stone enters the centre only beside an opponent's, and 7 and 9 are
    /// black`. `None` when it can move.
    pub fn why_blocked(self, from: Square) -> Option<String> {
        if self.can_move(from) || self.board.at(from) != Some(self.to_move) {
            return None;
        }
        let to = self.board.empty();
        let why = if from.is_adjacent(to) {
            let neighbours = from
                .rim_neighbours()
                .expect("only a rim stone is kept out of the centre")
                .map(|s| u32::from(s.number()));
            Blocked::NoOpponentBeside {
                neighbours: [neighbours[0].min(neighbours[1]), neighbours[0].max(neighbours[1])],
                mover: self.to_move,
            }
        } else {
            Blocked::NoLine {
                empty: u32::from(to.number()),
            }
        };
        Some(why.to_string())
    }

    /// The position after `m`, which must be legal here.
    pub fn play(self, m: Move) -> Position {
        debug_assert!(self.legal_moves().contains(&m), "{m} is not legal in {self:?}");
        Position::new(self.board.slide(m.from), self.to_move.opponent())
    }

    /// Every legal move with the position it leads to.
    pub fn successors(self) -> impl Iterator<Item = (Move, Position)> {
        let moves = self.legal_moves();
        (0..moves.len()).map(move |i| (moves[i], self.play(moves[i])))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mu_torere::board::Board;

    fn sq(n: u32) -> Square {
        Square::from_number(n).unwrap()
    }

    fn pos(text: &str, to_move: Color) -> Position {
        Position::new(text.parse().unwrap(), to_move)
    }

    /// The rules read straight off the picture, by square number, on the
    /// `SQUARES` string: the reference for the move generator.
    fn naive_moves(text: &str, to_move: char) -> Vec<(usize, usize)> {
        let cells: Vec<char> = text.chars().collect();
        let rim = [1, 2, 3, 6, 9, 8, 7, 4];
        let rim_adjacent = |a: usize, b: usize| {
            (0..8).any(|k| rim[k] == a && (rim[(k + 1) % 8] == b || rim[(k + 7) % 8] == b))
        };
        let to = cells.iter().position(|&c| c == 'o').unwrap() + 1;
        let opponent = if to_move == 'b' { 'w' } else { 'b' };
        let mut moves = Vec::new();
        for from in 1..=9 {
            if cells[from - 1] != to_move {
                continue;
            }
            let ok = if to == 5 {
                (1..=9).any(|n| rim_adjacent(from, n) && cells[n - 1] == opponent)
            } else {
                from == 5 || rim_adjacent(from, to)
            };
            if ok {
                moves.push((from, to));
            }
        }
        moves
    }

    #[test]
    fn moves_agree_with_the_rules_read_off_the_picture_in_every_position() {
        let mut most = 0;
        for board in Board::all() {
            for to_move in Color::ALL {
                let p = Position::new(board, to_move);
                let ours: Vec<(usize, usize)> = p
                    .legal_moves()
                    .iter()
                    .map(|m| (m.from.number() as usize, m.to.number() as usize))
                    .collect();
                assert_eq!(
                    ours,
                    naive_moves(&board.to_string(), to_move.letter()),
                    "{board} {to_move}"
                );
                most = most.max(ours.len());
                for (m, next) in p.successors() {
                    assert_eq!(next.to_move, to_move.opponent());
                    assert_eq!(next.board.empty(), m.from);
                    assert_eq!(next.board.at(m.to), Some(to_move));
                }
            }
        }
        assert_eq!(most, MoveList::MAX);
    }

    #[test]
    fn black_opens_with_an_end_stone_of_its_half() {
        let moves = Position::START.legal_moves();
        let froms: Vec<u8> = moves.iter().map(|m| m.from.number()).collect();
        assert_eq!(froms, vec![4, 9]);
        assert!(moves.iter().all(|m| m.to == Square::CENTRE));
    }

    #[test]
    fn move_from_explains_every_refusal() {
        let p = Position::START;
        assert_eq!(p.move_from(sq(5)), Err(MoveError::Empty(sq(5))));
        assert_eq!(
            p.move_from(sq(1)),
            Err(MoveError::NotYours {
                square: sq(1),
                owner: Color::White,
                to_move: Color::Black
            })
        );
        assert_eq!(p.move_from(sq(8)), Err(MoveError::Blocked(sq(8))));
        assert_eq!(
            p.move_from(sq(4)),
            Ok(Move {
                from: sq(4),
                to: sq(5)
            })
        );
        assert_eq!(p.move_from(sq(4)).unwrap().to_string(), "4 to 5");
    }

    #[test]
    fn why_blocked_names_the_rule_that_holds_a_stone() {
        let p = Position::START;
        assert_eq!(
            p.why_blocked(sq(8)).as_deref(),
            Some("a stone enters the centre only beside an opponent's, and 7 and 9 are black")
        );
        assert_eq!(p.why_blocked(sq(4)), None);
        assert_eq!(p.why_blocked(sq(1)), None);
        assert_eq!(p.why_blocked(sq(5)), None);
        // 9 to 5 leaves 9 empty: 7 is a rim stone with no line to it.
        let after = pos("wwwbbwbbo", Color::White);
        assert_eq!(
            pos("wwwbbwbbo", Color::Black).why_blocked(sq(7)).as_deref(),
            Some("no line joins it to the empty point 9")
        );
        assert_eq!(after.why_blocked(sq(6)), None);
    }

    #[test]
    fn the_centre_stone_may_always_leave() {
        let p = pos("wwwbbwbob", Color::Black);
        assert_eq!(
            p.move_from(sq(5)),
            Ok(Move {
                from: sq(5),
                to: sq(8)
            })
        );
    }
}
