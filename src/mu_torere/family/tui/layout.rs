//! Where everything goes on the screen: the panels, and the cell of every
//! point's stone and number on the `2n`-gon. Drawing and mouse clicks both
//! ask this module, so a click lands on exactly the stone drawn there.
//!
//! Rim point `k` of `2n` stands at `k · 180° / n` clockwise from the east:
//! black's first stone at the start is just below the east, the rim runs
//! clockwise, and on eight points the squares stand as on the traditional
//! board. The polygon is an ellipse of `ry` rows by `rx` columns, round on
//! the screen when `rx = 2.2 ry` (a cell is about 2.2 times as tall as it
//! is wide), wider when that is what makes room.
//!
//! A stone takes three cells, `[●]`, and keeps a blank cell from any other
//! on its row. Its number sits beside it, outwards, on the east and the
//! west, and above or below it at the top and the bottom, wherever it keeps
//! a blank cell from any other stone or number on its row and two from any
//! other stone, so that each number reads as its own stone's. A shape in
//! which some number finds no such place is not used: the largest shape
//! that has a place for everything and fits the screen is drawn.

use crate::tui::layout::{CELL_ASPECT, Parts, STATUS_HEIGHT, inner};
use ratatui::layout::{Position as Cell, Rect};
use std::collections::HashMap;
use std::ops::Deref;

/// The width of the side panel (history, evaluation, keys).
pub const PANEL_WIDTH: u16 = 32;
/// The widest ellipse drawn, as columns per row of its radius.
const MAX_STRETCH: f64 = 3.2;
/// Vertical radius of the polygon, in rows, at the most.
const MAX_RADIUS: i32 = 10;

/// The parts of a screen big enough to play on, and the polygon on its
/// board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Screen {
    parts: Parts,
    pub polygon: Polygon,
}

impl Deref for Screen {
    type Target = Parts;

    fn deref(&self) -> &Parts {
        &self.parts
    }
}

impl Screen {
    /// The layout of `area` for the points named `names` (the centre
    /// first, then the rim clockwise from point 1), or `None` when it is
    /// too small to play on.
    pub fn new(area: Rect, names: &[u32]) -> Option<Screen> {
        let (min_width, min_height) = min_size(names);
        if area.width < min_width || area.height < min_height {
            return None;
        }
        let parts = Parts::new(area, PANEL_WIDTH);
        let polygon = Polygon::fit(inner(parts.board), names)?;
        Some(Screen { parts, polygon })
    }
}

/// The smallest screen the whole picture fits in, for the points named
/// `names`.
pub fn min_size(names: &[u32]) -> (u16, u16) {
    let (width, height) = shapes(names, MAX_RADIUS)
        .map(|shape| shape.size())
        .min_by_key(|&(width, height)| (height, width))
        .expect("a polygon of up to 31 points has a shape");
    (width + 2 + PANEL_WIDTH, 1 + height + 2 + STATUS_HEIGHT)
}

/// The polygon drawn in an area: the cell of each point's stone and
/// number, indexed by point (the centre is 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Polygon {
    pub area: Rect,
    stones: Vec<Cell>,
    labels: Vec<Cell>,
    names: Vec<u32>,
}

impl Polygon {
    /// The largest polygon that fits `area` with every number in its
    /// place, centred in it; `None` if none does.
    pub fn fit(area: Rect, names: &[u32]) -> Option<Polygon> {
        let most = ((i32::from(area.height) - 1) / 2).min(MAX_RADIUS);
        let shape = (1..=most).rev().find_map(|ry| {
            stretches(ry).find_map(|rx| {
                let shape = Shape::new(names, ry, rx)?;
                let (width, height) = shape.size();
                (width <= area.width && height <= area.height).then_some(shape)
            })
        })?;
        let (width, height) = shape.size();
        let left = i32::from(area.x) + i32::from((area.width - width) / 2) - shape.min.0;
        let top = i32::from(area.y) + i32::from((area.height - height) / 2) - shape.min.1;
        // Every cell of the shape lies in `area`, so the sums are cells.
        let at = |(x, y): (i32, i32)| Cell::new((left + x) as u16, (top + y) as u16);
        Some(Polygon {
            area,
            stones: shape.stones.iter().map(|&c| at(c)).collect(),
            labels: shape.labels.iter().map(|&c| at(c)).collect(),
            names: names.to_vec(),
        })
    }

    /// What players call `point`.
    pub fn name(&self, point: u32) -> u32 {
        self.names[point as usize]
    }

    /// How many points, the centre included.
    pub fn points(&self) -> u32 {
        self.stones.len() as u32
    }

    /// The cell at the middle of the stone on `point`; the stone is drawn
    /// over it and the cells on either side.
    pub fn stone(&self, point: u32) -> Cell {
        self.stones[point as usize]
    }

    /// The first cell of the number of `point`.
    pub fn label(&self, point: u32) -> Cell {
        self.labels[point as usize]
    }

    /// The cells of the number of `point`.
    pub fn label_cells(&self, point: u32) -> impl Iterator<Item = Cell> {
        let Cell { x, y } = self.label(point);
        let width = digits(self.names[point as usize]) as u16;
        (x..x + width).map(move |x| Cell::new(x, y))
    }

    /// The point a click on `cell` means: on its stone or on its number.
    pub fn hit(&self, cell: Cell) -> Option<u32> {
        (0..self.points()).find(|&point| {
            let stone = self.stone(point);
            (cell.y == stone.y && cell.x.abs_diff(stone.x) <= 1) || self.label_cells(point).any(|c| c == cell)
        })
    }
}

/// The horizontal radii tried for a vertical radius `ry`: round first.
fn stretches(ry: i32) -> impl Iterator<Item = i32> {
    let round = (f64::from(ry) * CELL_ASPECT).round() as i32;
    let widest = (f64::from(ry) * MAX_STRETCH).round() as i32;
    round..=widest
}

/// Every shape with a place for everything, up to a vertical radius of
/// `most` rows.
fn shapes(names: &[u32], most: i32) -> impl Iterator<Item = Shape> + '_ {
    (1..=most).flat_map(move |ry| stretches(ry).filter_map(move |rx| Shape::new(names, ry, rx)))
}

fn digits(name: u32) -> i32 {
    name.to_string().len() as i32
}

/// What stands on a cell of a shape: a stone or a number, and whose.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    Stone(usize),
    Number(usize),
}

impl Mark {
    fn point(self) -> usize {
        match self {
            Mark::Stone(point) | Mark::Number(point) => point,
        }
    }
}

/// A polygon's cells relative to its centre, before it is placed.
struct Shape {
    stones: Vec<(i32, i32)>,
    labels: Vec<(i32, i32)>,
    /// The top-left and bottom-right cells taken.
    min: (i32, i32),
    max: (i32, i32),
}

impl Shape {
    /// The polygon of radii `ry` rows and `rx` columns, if every stone and
    /// number finds a place (see the module's description).
    fn new(names: &[u32], ry: i32, rx: i32) -> Option<Shape> {
        let rim = names.len() - 1;
        let half = rim as f64 / 2.0;
        let direction = |point: usize| {
            let angle = (point as f64 * 180.0 / half).to_radians();
            (angle.cos(), angle.sin())
        };
        let mut stones = vec![(0, 0)];
        for point in 1..=rim {
            let (cos, sin) = direction(point);
            let x = (f64::from(rx) * cos).round() as i32;
            let y = (f64::from(ry) * sin).round() as i32;
            stones.push((x, y));
        }
        let mut taken: HashMap<(i32, i32), Mark> = HashMap::new();
        for (point, &(x, y)) in stones.iter().enumerate() {
            if (x - 2..=x + 2).any(|x| taken.contains_key(&(x, y))) {
                return None;
            }
            for x in x - 1..=x + 1 {
                taken.insert((x, y), Mark::Stone(point));
            }
        }
        let mut labels = vec![(0, 0); rim + 1];
        // The rim's numbers first: the centre's has the most room to move.
        for point in (1..=rim).chain([0]) {
            let (x, y) = stones[point];
            let width = digits(names[point]);
            let right = (x + 2, y);
            let left = (x - 1 - width, y);
            let places = if point == 0 {
                vec![
                    (x + 2, y - 1),
                    (x - 1 - width, y - 1),
                    (x + 2, y + 1),
                    (x - 1 - width, y + 1),
                ]
            } else {
                let (cos, sin) = direction(point);
                let beside = if cos >= 0.0 { right } else { left };
                let over = (x - (width - 1) / 2, if sin < 0.0 { y - 1 } else { y + 1 });
                if cos.abs() * f64::from(rx) >= 0.8 * sin.abs() * f64::from(ry) * CELL_ASPECT {
                    vec![beside, over]
                } else {
                    vec![over, beside]
                }
            };
            let place = places
                .into_iter()
                .find(|&(lx, ly)| Self::is_clear(&taken, point, lx, ly, width))?;
            for x in place.0..place.0 + width {
                taken.insert((x, place.1), Mark::Number(point));
            }
            labels[point] = place;
        }
        let xs = taken.keys().map(|&(x, _)| x);
        let ys = taken.keys().map(|&(_, y)| y);
        let min = (xs.clone().min()?, ys.clone().min()?);
        let max = (xs.max()?, ys.max()?);
        Some(Shape {
            stones,
            labels,
            min,
            max,
        })
    }

    /// Whether the number of `point`, `width` cells from (`x`, `y`), takes
    /// no cell taken, keeps one blank cell from anything else on its row,
    /// and two from any other stone.
    fn is_clear(taken: &HashMap<(i32, i32), Mark>, point: usize, x: i32, y: i32, width: i32) -> bool {
        if (x..x + width).any(|x| taken.contains_key(&(x, y))) {
            return false;
        }
        let near = |x: i32| taken.get(&(x, y)).filter(|mark| mark.point() != point);
        let touching = near(x - 1).is_some() || near(x + width).is_some();
        let stone_near = [x - 2, x + width + 1]
            .into_iter()
            .any(|x| matches!(near(x), Some(Mark::Stone(_))));
        !touching && !stone_near
    }

    /// Columns and rows taken.
    fn size(&self) -> (u16, u16) {
        let width = self.max.0 - self.min.0 + 1;
        let height = self.max.1 - self.min.1 + 1;
        (width as u16, height as u16)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mu_torere::family::{Numbering, Ring, Rule};

    /// The names of every board's points, centre first, for both rules
    /// (eight points under the free rule keep the traditional squares).
    fn boards() -> Vec<Vec<u32>> {
        let mut boards = Vec::new();
        for n in Ring::MIN_N..=Ring::MAX_N {
            for rule in [Rule::Standard, Rule::Free] {
                let ring = Ring::new(n, rule).unwrap();
                let numbering = Numbering::of(&ring);
                boards.push((0..ring.points()).map(|k| numbering.name(k)).collect());
            }
        }
        boards
    }

    #[test]
    fn every_board_fits_a_terminal_of_80_by_24() {
        for names in boards() {
            let (w, h) = min_size(&names);
            assert!(w <= 80 && h <= 24, "{} points: {w}x{h}", names.len() - 1);
            assert!(Screen::new(Rect::new(0, 0, 80, 24), &names).is_some());
            assert!(Screen::new(Rect::new(0, 0, w, h), &names).is_some());
        }
    }

    /// The cells of the stone on `point`.
    fn stone_cells(polygon: &Polygon, point: u32) -> [Cell; 3] {
        let Cell { x, y } = polygon.stone(point);
        [Cell::new(x - 1, y), Cell::new(x, y), Cell::new(x + 1, y)]
    }

    #[test]
    fn every_point_is_inside_distinct_and_its_number_legible() {
        for names in boards() {
            let rim = names.len() - 1;
            let (w, h) = min_size(&names);
            for (w, h) in [(w, h), (80, 24), (100, 32), (200, 60)] {
                let screen = Screen::new(Rect::new(0, 0, w, h), &names).unwrap();
                let polygon = &screen.polygon;
                let board = inner(screen.board);
                assert_eq!(polygon.points() as usize, rim + 1);
                // Who owns each cell: stones and numbers never share one.
                let mut owner: HashMap<Cell, (u32, bool)> = HashMap::new();
                for point in 0..polygon.points() {
                    let cells = stone_cells(polygon, point).map(|c| (c, true));
                    let numbers = polygon.label_cells(point).map(|c| (c, false));
                    for (cell, is_stone) in cells.into_iter().chain(numbers) {
                        assert!(board.contains(cell), "{rim} points at {w}x{h}: {point} outside");
                        let before = owner.insert(cell, (point, is_stone));
                        assert!(before.is_none(), "{rim} points at {w}x{h}: {point} overlaps");
                    }
                }
                for point in 0..polygon.points() {
                    let label: Vec<Cell> = polygon.label_cells(point).collect();
                    let (first, last) = (label[0], label[label.len() - 1]);
                    // A blank cell, or its own stone, on either side of the
                    // number; no other stone two cells away.
                    for (x, gap) in [
                        (first.x.checked_sub(1), 1),
                        (Some(last.x + 1), 1),
                        (first.x.checked_sub(2), 2),
                        (Some(last.x + 2), 2),
                    ] {
                        match x.and_then(|x| owner.get(&Cell::new(x, first.y))) {
                            Some(&(other, is_stone)) if other != point => assert!(
                                gap == 2 && !is_stone,
                                "{rim} points at {w}x{h}: the number of {point} is next to {other}"
                            ),
                            _ => {}
                        }
                    }
                    // The number touches its stone: beside, over or under
                    // it, or (the centre's) at a corner.
                    let stone = stone_cells(polygon, point);
                    assert!(
                        label.iter().any(|c| stone
                            .iter()
                            .any(|s| c.x.abs_diff(s.x).max(c.y.abs_diff(s.y)) == 1)),
                        "{rim} points at {w}x{h}: the number of {point} is away from its stone"
                    );
                    assert_eq!(polygon.hit(polygon.stone(point)), Some(point));
                    assert_eq!(polygon.hit(polygon.label(point)), Some(point));
                }
            }
        }
    }

    #[test]
    fn the_rim_runs_clockwise_from_black_below_the_east() {
        let names: Vec<u32> = (0..=10).collect();
        let polygon = Screen::new(Rect::new(0, 0, 80, 24), &names).unwrap().polygon;
        let centre = polygon.stone(0);
        // 10 is due east, 5 due west; 1 to 4 below, 6 to 9 above.
        assert_eq!(polygon.stone(10).y, centre.y);
        assert!(polygon.stone(10).x > centre.x);
        assert_eq!(polygon.stone(5).y, centre.y);
        assert!(polygon.stone(5).x < centre.x);
        for point in 1..=4 {
            assert!(polygon.stone(point).y > centre.y, "{point}");
            assert!(polygon.stone(10 - point).y < centre.y, "{}", 10 - point);
        }
        // Opposite points mirror each other through the centre.
        for point in 1..=5 {
            let (p, q) = (polygon.stone(point), polygon.stone(point + 5));
            assert_eq!((p.x + q.x, p.y + q.y), (2 * centre.x, 2 * centre.y), "{point}");
        }
    }

    #[test]
    fn a_larger_screen_draws_a_larger_polygon() {
        let names: Vec<u32> = (0..=12).collect();
        let radius = |w, h| {
            let polygon = Screen::new(Rect::new(0, 0, w, h), &names).unwrap().polygon;
            polygon.stone(0).y - polygon.stone(9).y
        };
        assert!(radius(120, 40) > radius(80, 24));
    }

    #[test]
    fn too_small_areas_have_no_layout() {
        for names in boards() {
            let (w, h) = min_size(&names);
            assert!(Screen::new(Rect::new(0, 0, w - 1, 60), &names).is_none());
            assert!(Screen::new(Rect::new(0, 0, 200, h - 1), &names).is_none());
        }
    }
}
