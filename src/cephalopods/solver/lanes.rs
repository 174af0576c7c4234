//! Path counts for the eight symmetric images of a board, and how they move
//! between a board and a child stored in a different orientation.
//!
//! A canonical board `c` carries `Lanes`, where lane `k` counts the paths
//! reaching image `k` of `c` (in the order of [`Board::images`]). Counts wrap
//! in `u32`, which is exact modulo 2^30 because 2^30 divides 2^32.

use crate::cephalopods::board::{Board, IMAGE_SYMMETRY};

pub type Lanes = [u32; 8];

/// `GATHER[j][m]`: for a child whose canonical form is its own image `j`,
/// lane `m` of the canonical child takes lane `GATHER[j][m]` of the parent.
pub static GATHER: [[u8; 8]; 8] = {
    let mut table = [[0u8; 8]; 8];
    let mut j = 0;
    while j < 8 {
        let undo = IMAGE_SYMMETRY[j].inverse();
        let mut k = 0;
        while k < 8 {
            // Image k of the parent moves to image k of the child, which is
            // the canonical child seen under `undo`, then image k.
            let target = undo.then(IMAGE_SYMMETRY[k]);
            let mut m = 0;
            while IMAGE_SYMMETRY[m].0 != target.0 {
                m += 1;
            }
            table[j][m] = k as u8;
            k += 1;
        }
        j += 1;
    }
    table
};

/// The lanes of a board that is the start itself, in orientation `j` of its
/// canonical form: one path, at the image that is the start.
pub fn start(j: usize) -> Lanes {
    let mut lanes = [0; 8];
    let mut identity = [0; 8];
    identity[0] = 1;
    for m in 0..8 {
        lanes[m] = identity[GATHER[j][m] as usize];
    }
    lanes
}

/// Sum of `counts[k] * hash(image k of board)`, wrapping.
#[inline]
pub fn weighted_hash(board: Board, counts: &Lanes) -> u32 {
    let images = board.images();
    let mut sum = 0u32;
    for k in 0..8 {
        sum = sum.wrapping_add(counts[k].wrapping_mul(images[k].hash()));
    }
    sum
}
