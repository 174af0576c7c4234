//! Where everything goes on the screen: the panels, and the cell of every
//! square of the board. Drawing and mouse clicks both ask this module, so a
//! click lands on exactly the square that is drawn there.
//!
//! The screen is a title line, then the board (with the moves below it) on
//! the left and the values and the keys on the right, then the status.

use crate::cephalopods::game::board::Size;
pub use crate::tui::layout::inner;
use crate::tui::layout::{Parts, STATUS_HEIGHT};
use ratatui::layout::{Constraint, Layout, Position as Spot, Rect};

/// The width of the right-hand panel (values, keys).
pub const PANEL_WIDTH: u16 = 38;
/// The rows of the keys box, borders included.
pub const KEYS_HEIGHT: u16 = 8;
/// The fewest rows of the moves list, borders included.
const HISTORY_HEIGHT: u16 = 4;
/// The width inside a square: a die (`w1`) with a mark on each side and
/// the cursor's brackets around them.
const SQUARE_WIDTH: u16 = 6;
/// The width of the rank numbers on the left of the grid.
const RANK_WIDTH: u16 = 3;

/// The parts of a screen big enough to play on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Screen {
    pub title: Rect,
    pub board: Rect,
    pub history: Rect,
    pub panel: Rect,
    pub status: Rect,
    size: Size,
    /// The height inside a square: 1, or 3 when there is room.
    square_height: u16,
}

/// The rows the board's box takes with squares `square_height` high.
fn board_height(size: Size, square_height: u16) -> u16 {
    // Borders, the grid's lines and squares, and the files below.
    2 + (square_height + 1) * size.rows() as u16 + 1 + 1
}

/// The columns the board's box takes.
fn board_width(size: Size) -> u16 {
    2 + RANK_WIDTH + (SQUARE_WIDTH + 1) * size.cols() as u16 + 1
}

/// The smallest screen the whole picture fits in for a board of `size`.
pub fn min_size(size: Size) -> (u16, u16) {
    let width = board_width(size).max(40) + PANEL_WIDTH;
    let left = board_height(size, 1) + HISTORY_HEIGHT;
    let right = KEYS_HEIGHT + 6;
    (width, 1 + left.max(right) + STATUS_HEIGHT)
}

impl Screen {
    /// The layout of `area` for a board of `size`, or `None` when it is too
    /// small to play on.
    pub fn new(area: Rect, size: Size) -> Option<Screen> {
        let (min_width, min_height) = min_size(size);
        if area.width < min_width || area.height < min_height {
            return None;
        }
        let Parts {
            title,
            board: left,
            panel,
            status,
        } = Parts::new(area, PANEL_WIDTH);
        let square_height = if board_height(size, 3) + HISTORY_HEIGHT <= left.height {
            3
        } else {
            1
        };
        let [board, history] = Layout::vertical([
            Constraint::Length(board_height(size, square_height)),
            Constraint::Min(0),
        ])
        .areas(left);
        Some(Screen {
            title,
            board,
            history,
            panel,
            status,
            size,
            square_height,
        })
    }

    /// The grid inside the board's box, centred.
    pub fn grid(&self) -> Grid {
        let inner = inner(self.board);
        let width = RANK_WIDTH + (SQUARE_WIDTH + 1) * self.size.cols() as u16 + 1;
        let x = inner.x + inner.width.saturating_sub(width) / 2;
        Grid {
            size: self.size,
            x: x + RANK_WIDTH,
            y: inner.y,
            square_height: self.square_height,
        }
    }
}

/// The board's grid on the screen: lines between the squares, the rank
/// numbers on the left and the file letters below.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    pub size: Size,
    /// The top-left corner of the grid's lines.
    pub x: u16,
    pub y: u16,
    pub square_height: u16,
}

impl Grid {
    /// The area inside the lines of square `cell` (row by row from the top
    /// left).
    pub fn square(&self, cell: usize) -> Rect {
        let (row, col) = (cell / self.size.cols(), cell % self.size.cols());
        Rect::new(
            self.x + 1 + (SQUARE_WIDTH + 1) * col as u16,
            self.y + 1 + (self.square_height + 1) * row as u16,
            SQUARE_WIDTH,
            self.square_height,
        )
    }

    /// The whole grid, lines included.
    pub fn area(&self) -> Rect {
        Rect::new(
            self.x,
            self.y,
            (SQUARE_WIDTH + 1) * self.size.cols() as u16 + 1,
            (self.square_height + 1) * self.size.rows() as u16 + 1,
        )
    }

    /// Where the rank number of `row` (from the top) goes.
    pub fn rank_label(&self, row: usize) -> Spot {
        let square = self.square(row * self.size.cols());
        Spot::new(self.x - RANK_WIDTH + 1, square.y + self.square_height / 2)
    }

    /// Where the file letter of `col` goes.
    pub fn file_label(&self, col: usize) -> Spot {
        let square = self.square(col);
        Spot::new(square.x + SQUARE_WIDTH / 2, self.area().bottom())
    }

    /// The square a click on `spot` means: anywhere inside its lines.
    pub fn hit(&self, spot: Spot) -> Option<usize> {
        (0..self.size.cells()).find(|&cell| self.square(cell).contains(spot))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes() -> Vec<Size> {
        let mut sizes = Vec::new();
        for rows in 1..=5 {
            for cols in 1..=5 {
                if let Ok(size) = Size::new(rows, cols)
                    && size.cells() <= 9
                {
                    sizes.push(size);
                }
            }
        }
        sizes
    }

    #[test]
    fn every_solvable_board_fits_a_terminal_of_80_by_24() {
        for size in sizes() {
            let (w, h) = min_size(size);
            assert!(w <= 80 && h <= 24, "{size}: {w}x{h}");
        }
    }

    #[test]
    fn every_square_is_hit_inside_its_lines_only_and_within_the_board() {
        for size in sizes() {
            let (w, h) = min_size(size);
            for (w, h) in [(w, h), (80, 24), (100, 40), (200, 60)] {
                let screen = Screen::new(Rect::new(0, 0, w, h), size).unwrap();
                let grid = screen.grid();
                assert!(inner(screen.board).contains(Spot::new(grid.x - 2, grid.y)));
                let bottom = grid.area().bottom();
                assert!(bottom < inner(screen.board).bottom(), "{size} {w}x{h}: files fit");
                let right = grid.area().right();
                assert!(right <= inner(screen.board).right(), "{size} {w}x{h}");
                for cell in 0..size.cells() {
                    let square = grid.square(cell);
                    for x in square.left()..square.right() {
                        for y in square.top()..square.bottom() {
                            assert_eq!(grid.hit(Spot::new(x, y)), Some(cell), "{size} {w}x{h}");
                        }
                    }
                    // The lines around it hit nothing.
                    assert_eq!(grid.hit(Spot::new(square.x - 1, square.y)), None);
                    assert_eq!(grid.hit(Spot::new(square.x, square.y - 1)), None);
                }
            }
        }
    }

    #[test]
    fn too_small_areas_have_no_layout() {
        let size = Size::SQUARE_3;
        let (w, h) = min_size(size);
        assert!(Screen::new(Rect::new(0, 0, w, h), size).is_some());
        assert!(Screen::new(Rect::new(0, 0, w - 1, 40), size).is_none());
        assert!(Screen::new(Rect::new(0, 0, 120, h - 1), size).is_none());
    }
}
