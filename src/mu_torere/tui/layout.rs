//! Where everything goes on the screen: the panels, and the cell of every
//! point of the octagon. Drawing and mouse clicks both ask this module, so a
//! click lands on exactly the stone that is drawn there.

use crate::mu_torere::board::Square;
use crate::tui::layout::{CELL_ASPECT, Parts, inner};
use ratatui::layout::{Position as Cell, Rect};
use std::ops::Deref;

/// The smallest terminal the whole picture fits in.
pub const MIN_WIDTH: u16 = 72;
pub const MIN_HEIGHT: u16 = 22;

/// The width of the side panel (history, evaluation, keys).
const PANEL_WIDTH: u16 = 36;
/// Vertical radius of the octagon, in rows: at least this, at most that.
const MIN_RADIUS: u16 = 6;
const MAX_RADIUS: u16 = 10;

/// The parts of a screen big enough to play on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Screen(Parts);

impl Deref for Screen {
    type Target = Parts;

    fn deref(&self) -> &Parts {
        &self.0
    }
}

impl Screen {
    /// The layout of `area`, or `None` when it is too small to play on.
    pub fn new(area: Rect) -> Option<Screen> {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            return None;
        }
        Some(Screen(Parts::new(area, PANEL_WIDTH)))
    }

    /// The octagon inside the board panel (within its border).
    pub fn octagon(&self) -> Octagon {
        Octagon::fit(inner(self.board))
    }
}

/// The octagon drawn in an area: the cell of each point's stone and label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Octagon {
    pub area: Rect,
    /// The cell of the stone on each square, indexed by [`Square::index`].
    stones: [Cell; 9],
    labels: [Cell; 9],
}

impl Octagon {
    /// The largest octagon that fits `area`, centred in it, leaving room for
    /// the labels around it.
    pub fn fit(area: Rect) -> Octagon {
        let by_height = area.height.saturating_sub(3) / 2;
        let by_width = (f64::from(area.width.saturating_sub(9)) / (2.0 * CELL_ASPECT)) as u16;
        let ry = by_height.min(by_width).clamp(MIN_RADIUS, MAX_RADIUS);
        let rx = (f64::from(ry) * CELL_ASPECT).round();
        let ry = f64::from(ry);
        let cx = i32::from(area.x) + i32::from(area.width / 2);
        let cy = i32::from(area.y) + i32::from(area.height / 2);
        let at = |dx: f64, dy: f64| {
            let x = (cx + dx.round() as i32).max(0) as u16;
            let y = (cy + dy.round() as i32).max(0) as u16;
            Cell::new(x, y)
        };
        let mut stones = [Cell::new(0, 0); 9];
        let mut labels = [Cell::new(0, 0); 9];
        stones[Square::CENTRE.index()] = at(0.0, 0.0);
        // The centre's label sits in the gap between the spokes to 2 and 3.
        labels[Square::CENTRE.index()] = at(2.0, -2.0);
        for (k, square) in Square::RIM.into_iter().enumerate() {
            // Square 1 is at 135 degrees; the rim runs clockwise.
            let angle = (135.0 - 45.0 * k as f64).to_radians();
            let (dx, dy) = (rx * angle.cos(), -ry * angle.sin());
            stones[square.index()] = at(dx, dy);
            let (lx, ly) = match k {
                1 => (0.0, -1.0),
                5 => (0.0, 1.0),
                _ => (3.0 * dx.signum(), 0.0),
            };
            labels[square.index()] = at(dx.round() + lx, dy.round() + ly);
        }
        Octagon { area, stones, labels }
    }

    /// The cell at the middle of the stone on `square`; the stone is drawn
    /// over it and the cells on either side.
    pub fn stone(&self, square: Square) -> Cell {
        self.stones[square.index()]
    }

    /// The cell holding the square number of `square`.
    pub fn label(&self, square: Square) -> Cell {
        self.labels[square.index()]
    }

    /// The point a click on `cell` means: anywhere on a stone, beside it, or
    /// on its number.
    pub fn hit(&self, cell: Cell) -> Option<Square> {
        Square::ALL.into_iter().find(|&s| {
            let (stone, label) = (self.stone(s), self.label(s));
            (cell.y == stone.y && cell.x.abs_diff(stone.x) <= 2)
                || (cell.y.abs_diff(stone.y) == 1 && cell.x.abs_diff(stone.x) <= 1)
                || cell == label
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_point_is_hit_on_its_stone_and_label_only() {
        for (w, h) in [(MIN_WIDTH, MIN_HEIGHT), (80, 24), (100, 32), (200, 60)] {
            let screen = Screen::new(Rect::new(0, 0, w, h)).unwrap();
            let octagon = screen.octagon();
            for s in Square::ALL {
                assert_eq!(octagon.hit(octagon.stone(s)), Some(s), "{w}x{h} {s}");
                assert_eq!(octagon.hit(octagon.label(s)), Some(s), "{w}x{h} {s}");
                assert!(inner(screen.board).contains(octagon.stone(s)));
                assert!(inner(screen.board).contains(octagon.label(s)));
            }
        }
    }

    /// Whether the open segments `a`-`b` and `c`-`d` cross (touching at a
    /// shared end does not count).
    fn cross(a: Cell, b: Cell, c: Cell, d: Cell) -> bool {
        let p = |c: Cell| (i64::from(c.x), i64::from(c.y));
        let orient = |a: (i64, i64), b: (i64, i64), c: (i64, i64)| {
            ((b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)).signum()
        };
        if a == c || a == d || b == c || b == d {
            // Sharing an end, they cross only by running along each other.
            let overlap = [c, d].iter().any(|&x| x != a && x != b && on_segment(a, b, x))
                || [a, b].iter().any(|&x| x != c && x != d && on_segment(c, d, x));
            return overlap;
        }
        let (a, b, c, d) = (p(a), p(b), p(c), p(d));
        orient(a, b, c) * orient(a, b, d) < 0 && orient(c, d, a) * orient(c, d, b) < 0
    }

    #[test]
    fn no_two_edges_cross_and_no_edge_runs_through_another_point() {
        for (w, h) in [(MIN_WIDTH, MIN_HEIGHT), (80, 24), (100, 32), (200, 60)] {
            let octagon = Screen::new(Rect::new(0, 0, w, h)).unwrap().octagon();
            let at = |s: Square| octagon.stone(s);
            for (i, &(a, b)) in Square::EDGES.iter().enumerate() {
                for &(c, d) in &Square::EDGES[i + 1..] {
                    assert!(!cross(at(a), at(b), at(c), at(d)), "{w}x{h}: {a}-{b} and {c}-{d}");
                }
                for s in Square::ALL.into_iter().filter(|&s| s != a && s != b) {
                    assert!(
                        !on_segment(at(a), at(b), at(s)),
                        "{w}x{h}: {a}-{b} runs through {s}"
                    );
                }
            }
        }
    }

    fn on_segment(a: Cell, b: Cell, p: Cell) -> bool {
        let (ax, ay, bx, by, px, py) = (
            i64::from(a.x),
            i64::from(a.y),
            i64::from(b.x),
            i64::from(b.y),
            i64::from(p.x),
            i64::from(p.y),
        );
        (bx - ax) * (py - ay) == (by - ay) * (px - ax)
            && px >= ax.min(bx)
            && px <= ax.max(bx)
            && py >= ay.min(by)
            && py <= ay.max(by)
    }

    #[test]
    fn opposite_rim_points_mirror_each_other_through_the_centre() {
        let octagon = Screen::new(Rect::new(0, 0, 80, 24)).unwrap().octagon();
        let centre = octagon.stone(Square::CENTRE);
        for k in 0..8 {
            let (p, q) = (
                octagon.stone(Square::RIM[k]),
                octagon.stone(Square::RIM[(k + 4) % 8]),
            );
            assert_eq!(
                (p.x + q.x, p.y + q.y),
                (2 * centre.x, 2 * centre.y),
                "rim point {k}"
            );
        }
    }

    #[test]
    fn too_small_areas_have_no_layout() {
        assert!(Screen::new(Rect::new(0, 0, MIN_WIDTH - 1, 40)).is_none());
        assert!(Screen::new(Rect::new(0, 0, 120, MIN_HEIGHT - 1)).is_none());
    }
}
