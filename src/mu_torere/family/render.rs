//! The picture of a board of the family, for the line protocol: every
//! point with its name and every edge.
//!
//! The eight-point board keeps the traditional five-line picture. Other
//! boards are drawn as the rim unrolled into a row, clockwise from point 1,
//! its last edge leading back to point 1, and the centre as a bar below it
//! that every rim point's spoke joins:
//!
//! ```text
//!  1   2   3   4   5   6
//!  b---b---b---w---w---w---1
//!  |   |   |   |   |   |
//!  +---+---o---+---+---+  0 (centre)
//! ```

use super::numbering::Numbering;
use super::ring::{Ring, Stones};
use crate::mu_torere::board::{Board, Color};
use crate::mu_torere::render;

fn letter(point: Option<Color>) -> char {
    point.map_or('o', Color::letter)
}

/// The lines of the picture, each ending in a newline.
pub fn picture(ring: &Ring, numbering: &Numbering, stones: Stones) -> String {
    if ring.rim() == 8 {
        let board: Board = numbering
            .squares(stones)
            .to_string()
            .parse()
            .expect("an eight-point board is a traditional board");
        return render::picture(board);
    }
    let rim = ring.rim() as usize;
    let mut names = String::new();
    let mut row = String::from(" ");
    let mut spokes = String::from(" ");
    let mut bar = String::from(" ");
    // Point k stands in column 4(k - 1) + 1, its name right-aligned over it.
    for k in 1..=rim {
        let edge = if k == rim { "" } else { "---" };
        names.push_str(&format!("{:>2}  ", numbering.name(k as u32)));
        row.push(letter(stones.at(k as u32)));
        row.push_str(edge);
        spokes.push('|');
        spokes.push_str(if k == rim { "" } else { "   " });
        // The centre's stone sits on the bar under the middle of the rim.
        bar.push(if k == rim.div_ceil(2) {
            letter(stones.at(0))
        } else {
            '+'
        });
        bar.push_str(edge);
    }
    format!("{}\n{row}---1\n{spokes}\n{bar}  0 (centre)\n", names.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mu_torere::family::ring::Rule;

    #[test]
    fn the_starts_of_six_and_eight_points() {
        // Eight points keep the traditional picture, under either rule.
        for (points, rule, expected) in [
            (
                6,
                Rule::Standard,
                " 1   2   3   4   5   6\n b---b---b---w---w---w---1\n |   |   |   |   |   |\n +---+---o---+---+---+  0 (centre)\n",
            ),
            (8, Rule::Free, "w-w-w\n|\\|/|\nb-o-w\n|/|\\|\nb-b-b\n"),
        ] {
            let ring = Ring::with_points(points, rule).unwrap();
            let numbering = Numbering::of(&ring);
            assert_eq!(picture(&ring, &numbering, ring.start().stones), expected);
        }
    }
}
