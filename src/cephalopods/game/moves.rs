//! Moves: a placement on an empty cell, with every capture set.
//!
//! A placement must capture when two or more of the cell's orthogonal
//! neighbours can be chosen with values summing to at most 6; each such
//! choice is a move of its own, and the new die shows the sum. Otherwise
//! the new die shows 1. A move's text is its cell, then `x` and the
//! captured cells in reading order: `b2`, `b2xa2c2`.

use super::board::{Die, Position, Size};
use std::fmt;

/// A move: the cell the new die goes on and the cells it captures.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    cell: u8,
    /// A bit per captured cell, by cell number.
    captured: u32,
}

impl Move {
    /// The cell the die is placed on.
    pub const fn cell(self) -> usize {
        self.cell as usize
    }

    /// The captured cells, in reading order.
    pub fn captured(self) -> impl Iterator<Item = usize> {
        let mut rest = self.captured;
        std::iter::from_fn(move || {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest.wrapping_sub(1);
            (cell < 32).then_some(cell)
        })
    }

    /// Whether the move captures.
    pub const fn is_capture(self) -> bool {
        self.captured != 0
    }

    /// The move's text on a board of `size`: `b2` or `b2xa2c2`.
    pub fn text(self, size: Size) -> String {
        let mut text = size.cell_name(self.cell());
        if self.is_capture() {
            text.push('x');
            for c in self.captured() {
                text.push_str(&size.cell_name(c));
            }
        }
        text
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move(cell {}, captures {:#b})", self.cell, self.captured)
    }
}

/// The orthogonal neighbours of every cell of one board size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Neighbours {
    cells: [[u8; 4]; super::board::MAX_CELLS],
    count: [u8; super::board::MAX_CELLS],
}

impl Neighbours {
    /// The neighbours on a board of `size`, each cell's in reading order.
    pub const fn of(size: Size) -> Neighbours {
        let mut n = Neighbours {
            cells: [[0; 4]; super::board::MAX_CELLS],
            count: [0; super::board::MAX_CELLS],
        };
        let (rows, cols) = (size.rows(), size.cols());
        let mut i = 0;
        while i < rows * cols {
            let (r, c) = (i / cols, i % cols);
            let mut k = 0;
            if r > 0 {
                n.cells[i][k] = (i - cols) as u8;
                k += 1;
            }
            if c > 0 {
                n.cells[i][k] = (i - 1) as u8;
                k += 1;
            }
            if c + 1 < cols {
                n.cells[i][k] = (i + 1) as u8;
                k += 1;
            }
            if r + 1 < rows {
                n.cells[i][k] = (i + cols) as u8;
                k += 1;
            }
            n.count[i] = k as u8;
            i += 1;
        }
        n
    }

    /// The neighbours of cell `i`.
    pub fn of_cell(&self, i: usize) -> &[u8] {
        &self.cells[i][..usize::from(self.count[i])]
    }
}

/// Calls `visit` with every legal move in `position`, cell by cell in
/// reading order, a cell's capture sets in increasing order of their masks
/// over its neighbours.
pub fn for_each_move(position: Position, neighbours: &Neighbours, mut visit: impl FnMut(Move)) {
    let cells = position.size().cells();
    for cell in 0..cells {
        if position.nibble(cell) != 0 {
            continue;
        }
        let around = neighbours.of_cell(cell);
        let mut values = [0u8; 4];
        let mut present = 0u8;
        for (k, &n) in around.iter().enumerate() {
            values[k] = position.nibble(usize::from(n)) & 7;
            if values[k] != 0 {
                present |= 1 << k;
            }
        }
        let mut captured_any = false;
        // Every subset of the occupied neighbours with at least two dice.
        let mut set = present;
        while set != 0 {
            if set.count_ones() >= 2 {
                let sum: u8 = (0..4).filter(|k| set & (1 << k) != 0).map(|k| values[k]).sum();
                if sum <= 6 {
                    let captured = (0..around.len())
                        .filter(|k| set & (1 << k) != 0)
                        .fold(0u32, |m, k| m | 1 << around[k]);
                    visit(Move {
                        cell: cell as u8,
                        captured,
                    });
                    captured_any = true;
                }
            }
            set = (set - 1) & present;
        }
        if !captured_any {
            visit(Move {
                cell: cell as u8,
                captured: 0,
            });
        }
    }
}

impl Position {
    /// Every legal move, in the order the solver visits them. A full board has
    /// none: the game is over.
    pub fn moves(self) -> Vec<Move> {
        let neighbours = Neighbours::of(self.size());
        let mut moves = Vec::new();
        for_each_move(self, &neighbours, |m| moves.push(m));
        moves.sort_unstable();
        moves
    }

    /// The position after `m`, which must be legal here.
    #[inline]
    pub fn play(self, m: Move) -> Position {
        let mut value = 0u8;
        let mut cells = self.cell_bits();
        for c in m.captured() {
            value += self.nibble(c) & 7;
            cells &= !(0xf << (4 * c));
        }
        let die = Die {
            owner: self.to_move(),
            value: value.max(1),
        };
        self.with_cell_bits(cells)
            .with_die(m.cell(), Some(die))
            .with_to_move(self.to_move().other())
    }

    /// The legal move that `text` names: a cell, and for a capture `x` and
    /// the captured cells in any order. A cell alone names its one move, or
    /// its one capture set.
    pub fn parse_move(self, text: &str) -> Result<Move, MoveError> {
        let size = self.size();
        let shown = || text.escape_debug().to_string();
        let (cell_text, captures_text) = match text.split_once('x') {
            Some((c, rest)) => (c, Some(rest)),
            None => (text, None),
        };
        let cell = size
            .cell_named(cell_text)
            .ok_or_else(|| MoveError::NoCell { text: shown(), size })?;
        if self.nibble(cell) != 0 {
            return Err(MoveError::Occupied(size.cell_name(cell)));
        }
        let at_cell: Vec<Move> = self.moves().into_iter().filter(|m| m.cell() == cell).collect();
        match captures_text {
            None => match at_cell.as_slice() {
                [only] => Ok(*only),
                several => Err(MoveError::Ambiguous {
                    cell: size.cell_name(cell),
                    options: several
                        .iter()
                        .map(|m| m.text(size))
                        .collect::<Vec<_>>()
                        .join(", "),
                }),
            },
            Some(rest) => {
                let mut captured = 0u32;
                let bytes = rest.as_bytes();
                let mut start = 0;
                while start < bytes.len() {
                    // A cell is a letter and one digit: ranks stop at 5.
                    let end = (start + 2).min(bytes.len());
                    let name = rest
                        .get(start..end)
                        .ok_or_else(|| MoveError::NoCell { text: shown(), size })?;
                    let c = size
                        .cell_named(name)
                        .ok_or_else(|| MoveError::NoCell { text: shown(), size })?;
                    captured |= 1 << c;
                    start = end;
                }
                at_cell
                    .iter()
                    .copied()
                    .find(|m| m.captured == captured)
                    .ok_or_else(|| MoveError::NotACapture {
                        text: shown(),
                        options: at_cell
                            .iter()
                            .map(|m| m.text(size))
                            .collect::<Vec<_>>()
                            .join(", "),
                    })
            }
        }
    }
}

/// Why a move text names no legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text names no cell of the board.
    #[error("`{text}` is not a move: cells run from a1 to {last}", last = .size.cell_name(.size.cols() - 1))]
    NoCell {
        /// The move as it is written.
        text: String,
        /// The board.
        size: Size,
    },
    /// The cell, named here, holds a die already.
    #[error("{0} already holds a die")]
    Occupied(String),
    /// A cell named alone where several capture sets are legal.
    #[error("{cell} has several capture sets; choose one of {options}")]
    Ambiguous {
        /// The cell.
        cell: String,
        /// The legal moves there, as text.
        options: String,
    },
    /// A capture set that is not legal there.
    #[error("`{text}` is not a legal capture; the moves there are {options}")]
    NotACapture {
        /// The move as it is written.
        text: String,
        /// The legal moves there, as text.
        options: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(p: &str) -> Vec<String> {
        let p: Position = p.parse().unwrap();
        p.moves().iter().map(|m| m.text(p.size())).collect()
    }

    #[test]
    fn the_worked_example_captures_both_ones() {
        // 1 0 1 / 0 0 0 / 0 0 0: the top middle cell must capture both 1s.
        let moves = texts("w1.w1/.../... b");
        assert!(moves.contains(&"b3xa3c3".to_owned()), "{moves:?}");
        assert!(!moves.contains(&"b3".to_owned()));
        assert_eq!(moves.len(), 7);
        let p: Position = "w1.w1/.../... b".parse().unwrap();
        let after = p.play(p.parse_move("b3").unwrap());
        assert_eq!(after.to_string(), ".b2./.../... w");
    }

    #[test]
    fn every_capture_set_is_a_move() {
        // b2 touches four 1s: six pairs, four triples, one quadruple.
        let moves = texts(".w1./b1.w1/.b1. w");
        let at_b2: Vec<_> = moves.iter().filter(|m| m.starts_with("b2")).collect();
        assert_eq!(at_b2.len(), 11, "{at_b2:?}");
        let p: Position = ".w1./b1.w1/.b1. w".parse().unwrap();
        let err = p.parse_move("b2").unwrap_err().to_string();
        assert!(
            err.starts_with("b2 has several capture sets; choose one of b2xb3a2"),
            "{err}"
        );
        let m = p.parse_move("b2xc2a2b3b1").unwrap();
        assert_eq!(m.text(p.size()), "b2xb3a2c2b1");
        assert_eq!(p.play(m).to_string(), ".../.w4./... b");
    }

    #[test]
    fn sums_over_six_do_not_capture() {
        assert_eq!(texts("w6w6. w").len(), 1);
        assert_eq!(texts("w6w6. w")[0], "c1");
        let p: Position = "w6.w6 b".parse().unwrap();
        assert_eq!(p.play(p.parse_move("b1").unwrap()).to_string(), "w6b1w6 w");
    }

    #[test]
    fn bad_moves_are_named() {
        let p: Position = "w1.b2/.w3./... b".parse().unwrap();
        assert_eq!(
            p.parse_move("a3").unwrap_err().to_string(),
            "a3 already holds a die"
        );
        assert!(
            p.parse_move("d1")
                .unwrap_err()
                .to_string()
                .contains("cells run from a1 to c3")
        );
        assert!(
            p.parse_move("a2xa1")
                .unwrap_err()
                .to_string()
                .contains("not a legal capture")
        );
        assert_eq!(p.parse_move("a2").unwrap().text(p.size()), "a2xa3b2");
        assert!(p.parse_move("").is_err());
        assert!(p.parse_move("b2x").is_err());
    }
}
