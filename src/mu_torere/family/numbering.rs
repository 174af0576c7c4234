//! How players name the points of a ring, and the `SQUARES` text of a
//! board.
//!
//! For `2n != 8` a point's name is its number (centre 0, rim 1..=2n), and
//! `SQUARES` lists the rim 1..=2n, then the centre. The eight-point board
//! keeps the traditional squares 1..=9, read like a page, for both.

use super::ring::{Ring, Stones};
use crate::mu_torere::board::{Color, Square};
use std::fmt;
use thiserror::Error;

/// The names of a ring's points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Numbering {
    /// `names[k]`: what players call point `k`.
    names: Vec<u32>,
    /// The points in `SQUARES` order.
    order: Vec<u32>,
    /// Stones a side, for the counts in errors.
    n: u32,
}

/// Why a `SQUARES` string is not a board of this ring.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum SquaresError {
    /// Not one character per point.
    #[error("expected {expected} characters (one per point, each b, w or o), found {found}")]
    WrongLength {
        /// The ring's points.
        expected: usize,
        /// The characters found.
        found: usize,
    },
    /// A character other than `b`, `w` and `o`.
    #[error("character {place} is `{}`; each must be b, w or o", crate::text::shown_char(*.found))]
    BadCharacter {
        /// Its place in the text, from 1.
        place: usize,
        /// The character.
        found: char,
    },
    /// Not `n` stones a side and one empty point.
    #[error("a board holds exactly {n} b, {n} w and 1 o; found {black} b, {white} w and {empty} o")]
    WrongCounts {
        /// The ring's stones a side.
        n: u32,
        /// The black stones found.
        black: u32,
        /// The white stones found.
        white: u32,
        /// The empty points found.
        empty: u32,
    },
}

impl Numbering {
    /// The numbering of `ring`'s points.
    pub fn of(ring: &Ring) -> Numbering {
        let points = ring.points();
        if ring.rim() == 8 {
            // Point k + 1 is corner k of the traditional rim counted from
            // square 9, the first black stone of its start, clockwise.
            let mut names = vec![Square::CENTRE.number() as u32; points as usize];
            for k in 0..8 {
                names[k + 1] = Square::RIM[(k + 4) % 8].number() as u32;
            }
            let mut order: Vec<u32> = (0..points).collect();
            order.sort_by_key(|&k| names[k as usize]);
            Numbering { names, order, n: 4 }
        } else {
            let mut order: Vec<u32> = (1..points).collect();
            order.push(0);
            Numbering {
                names: (0..points).collect(),
                order,
                n: ring.n(),
            }
        }
    }

    /// What players call point `k`.
    pub fn name(&self, point: u32) -> u32 {
        self.names[point as usize]
    }

    /// The point players call `name`, if there is one.
    pub fn point(&self, name: u32) -> Option<u32> {
        self.names.iter().position(|&n| n == name).map(|k| k as u32)
    }

    /// What players call a point: `square` on the eight-point board, as in
    /// the traditional game, `point` on the others.
    pub fn noun(&self) -> &'static str {
        if self.n == 4 { "square" } else { "point" }
    }

    /// The least and greatest names.
    pub fn range(&self) -> (u32, u32) {
        let min = *self.names.iter().min().expect("a ring has points");
        let max = *self.names.iter().max().expect("a ring has points");
        (min, max)
    }

    /// The points in `SQUARES` order.
    pub fn order(&self) -> &[u32] {
        &self.order
    }

    /// The board as `SQUARES` text.
    pub fn squares(&self, stones: Stones) -> Squares<'_> {
        Squares {
            numbering: self,
            stones,
        }
    }

    /// Reads `SQUARES` text.
    pub fn parse(&self, text: &str) -> Result<Stones, SquaresError> {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != self.order.len() {
            return Err(SquaresError::WrongLength {
                expected: self.order.len(),
                found: chars.len(),
            });
        }
        let mut stones = Stones { black: 0, white: 0 };
        let mut empty = 0;
        for (place, (&c, &point)) in chars.iter().zip(&self.order).enumerate() {
            match c {
                'b' => stones.black |= 1 << point,
                'w' => stones.white |= 1 << point,
                'o' => empty += 1,
                _ => {
                    return Err(SquaresError::BadCharacter {
                        place: place + 1,
                        found: c,
                    });
                }
            }
        }
        let (black, white) = (stones.black.count_ones(), stones.white.count_ones());
        if black != self.n || white != self.n || empty != 1 {
            return Err(SquaresError::WrongCounts {
                n: self.n,
                black,
                white,
                empty,
            });
        }
        Ok(stones)
    }
}

/// A board's `SQUARES` text, for display.
pub struct Squares<'a> {
    numbering: &'a Numbering,
    stones: Stones,
}

impl fmt::Display for Squares<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &point in &self.numbering.order {
            let c = self.stones.at(point).map_or('o', Color::letter);
            write!(f, "{c}")?;
        }
        Ok(())
    }
}
