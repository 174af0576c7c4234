//! Legal moves: on each empty cell, every capture of two or more orthogonal
//! neighbours summing to at most 6, or a plain 1 when no capture exists.

use super::board::{Board, CELLS};

/// Orthogonal neighbours of each cell, as a list padded with `NONE`.
const NONE: u8 = u8::MAX;
const NEIGHBOURS: [[u8; 4]; CELLS] = {
    let mut table = [[NONE; 4]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let (r, c) = (i / 3, i % 3);
        let mut n = 0;
        if r > 0 {
            table[i][n] = (i - 3) as u8;
            n += 1;
        }
        if c > 0 {
            table[i][n] = (i - 1) as u8;
            n += 1;
        }
        if c < 2 {
            table[i][n] = (i + 1) as u8;
            n += 1;
        }
        if r < 2 {
            table[i][n] = (i + 3) as u8;
        }
        i += 1;
    }
    table
};

/// Calls `visit` with the board after each legal move, once per move: two
/// captures that happen to give the same board are two moves.
#[inline]
pub fn for_each_child(board: Board, mut visit: impl FnMut(Board)) {
    for_each_move(board, |child, _| visit(child));
}

/// Like [`for_each_child`], also passing how many dice the move captured
/// (0 for a plain placement). Captures keep the pip total and remove dice;
/// plain placements add one pip and one die. The solver orders its work by
/// exactly that.
#[inline]
pub fn for_each_move(board: Board, mut visit: impl FnMut(Board, u32)) {
    let mut empty = board.empty_cells();
    while empty != 0 {
        let cell = empty.trailing_zeros() as usize;
        empty &= empty - 1;
        let mut neighbour_count = 0;
        let mut values = [0u32; 4];
        let mut masks = [0u32; 4];
        for &n in &NEIGHBOURS[cell] {
            if n != NONE && board.cell(n as usize) != 0 {
                values[neighbour_count] = board.cell(n as usize) as u32;
                masks[neighbour_count] = Board::cell_mask(n as usize);
                neighbour_count += 1;
            }
        }
        let mut captured = false;
        for subset in 3u32..(1 << neighbour_count) {
            if subset.count_ones() < 2 {
                continue;
            }
            let (mut sum, mut clear) = (0, 0);
            for k in 0..neighbour_count {
                if subset & (1 << k) != 0 {
                    sum += values[k];
                    clear |= masks[k];
                }
            }
            if sum <= 6 {
                captured = true;
                visit(
                    Board::from_packed((board.packed() & !clear) | (sum << (3 * cell))),
                    subset.count_ones(),
                );
            }
        }
        if !captured {
            visit(Board::from_packed(board.packed() | (1 << (3 * cell))), 0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn children(cells: [u8; 9]) -> Vec<Board> {
        let mut out = Vec::new();
        for_each_child(Board::from_cells(cells), |b| out.push(b));
        out
    }

    #[test]
    fn empty_board_has_nine_plain_placements() {
        let kids = children([0; 9]);
        assert_eq!(kids.len(), 9);
        assert!(
            kids.iter()
                .all(|b| b.cells().iter().map(|&v| v as u32).sum::<u32>() == 1)
        );
    }

    #[test]
    fn worked_example_from_the_spec() {
        let kids = children([1, 0, 1, 0, 0, 0, 0, 0, 0]);
        assert_eq!(kids.len(), 7);
        assert!(kids.contains(&Board::from_cells([0, 2, 0, 0, 0, 0, 0, 0, 0])));
        assert!(!kids.contains(&Board::from_cells([1, 1, 1, 0, 0, 0, 0, 0, 0])));
    }

    #[test]
    fn centre_with_four_ones_has_eleven_captures() {
        let kids = children([6, 1, 6, 1, 0, 1, 6, 1, 6]);
        assert_eq!(kids.len(), 11);
        assert!(kids.contains(&Board::from_cells([6, 0, 6, 0, 4, 0, 6, 0, 6])));
    }

    #[test]
    fn sixes_are_never_captured_and_full_boards_have_no_moves() {
        assert_eq!(
            children([6, 6, 6, 6, 0, 6, 6, 6, 6]),
            vec![Board::from_cells([6, 6, 6, 6, 1, 6, 6, 6, 6])]
        );
        assert!(children([1, 2, 3, 4, 5, 6, 1, 2, 3]).is_empty());
    }
}
