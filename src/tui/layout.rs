//! The parts of a screen that every board lays out alike: a title line on
//! top, the status box at the bottom, and between them the board on the
//! left and a panel on the right.

use ratatui::layout::{Constraint, Layout, Rect};

/// Terminal cells are about this much taller than wide: a shape drawn
/// round on the screen is this many columns wide per row high.
pub const CELL_ASPECT: f64 = 2.2;

/// The rows of the status box, borders included: two lines of text.
pub const STATUS_HEIGHT: u16 = 4;

/// The parts of a screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts {
    pub title: Rect,
    /// What the board has: all the width the panel leaves.
    pub board: Rect,
    pub panel: Rect,
    pub status: Rect,
}

impl Parts {
    /// `area` cut into its parts, with a panel `panel_width` wide.
    pub fn new(area: Rect, panel_width: u16) -> Parts {
        let [title, body, status] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(0),
            Constraint::Length(STATUS_HEIGHT),
        ])
        .areas(area);
        let [board, panel] =
            Layout::horizontal([Constraint::Min(0), Constraint::Length(panel_width)]).areas(body);
        Parts {
            title,
            board,
            panel,
            status,
        }
    }
}

/// The area inside a one-cell border.
pub fn inner(area: Rect) -> Rect {
    Rect::new(
        area.x + 1,
        area.y + 1,
        area.width.saturating_sub(2),
        area.height.saturating_sub(2),
    )
}
