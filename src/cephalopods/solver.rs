//! The path-sum engine: a layer-by-layer count of paths over boards reduced
//! by the symmetries of the square.
//!
//! Layer `t` maps each canonical board `c` to eight path counts, one per
//! image of `c` (in the order of [`Board::images`]): `counts[k]` is the
//! number of paths that reach image `k` of `c` after `t` moves. Moves commute
//! with symmetries, so one canonical board carries all eight orientations
//! and the work shrinks almost eightfold. Counts wrap in `u32`, which is
//! exact modulo 2^30 because 2^30 divides 2^32.

use super::MODULUS;
use super::board::{Board, IMAGE_SYMMETRY};
use super::moves::for_each_child;
use rustc_hash::FxHashMap;

/// Path counts of one canonical board, one lane per image.
type Lanes = [u32; 8];

/// `GATHER[j][m]`: when a child equals image `j`'s inverse applied to its
/// canonical form, lane `m` of the child takes lane `GATHER[j][m]` of the
/// parent.
static GATHER: [[u8; 8]; 8] = {
    let mut table = [[0u8; 8]; 8];
    let mut j = 0;
    while j < 8 {
        let undo = IMAGE_SYMMETRY[j].inverse();
        let mut k = 0;
        while k < 8 {
            // Parent lane k is the parent seen under image k; its child is
            // the canonical child seen under `undo` then image k.
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

/// Sum of `counts[k] * hash(image k of board)`, wrapping.
#[inline]
fn weighted_hash(board: Board, counts: &Lanes) -> u32 {
    let images = board.images();
    let mut sum = 0u32;
    for k in 0..8 {
        sum = sum.wrapping_add(counts[k].wrapping_mul(images[k].hash()));
    }
    sum
}

/// The sum, over every game path of at most `depth` moves from `board`
/// (shorter only when the board fills), of the final board's hash, modulo
/// 2^30.
pub fn path_hash_sum(board: Board, depth: u32) -> u32 {
    if depth == 0 || board.is_full() {
        return board.hash() % MODULUS;
    }
    let (canonical, k) = board.canonical();
    let mut start: Lanes = [0; 8];
    // `board` is image k's inverse applied to `canonical`, i.e. its lane is
    // the one GATHER[k] fills from lane 0 of an identity parent.
    let lane = GATHER[k].iter().position(|&src| src == 0).expect("a permutation");
    start[lane] = 1;

    let mut layer: FxHashMap<Board, Lanes> = FxHashMap::default();
    let mut next: FxHashMap<Board, Lanes> = FxHashMap::default();
    layer.insert(canonical, start);
    let mut total = 0u32;
    for moves_made in 0..depth {
        let last = moves_made + 1 == depth;
        next.clear();
        for (&parent, counts) in &layer {
            for_each_child(parent, |child| {
                if child.is_full() || last {
                    total = total.wrapping_add(weighted_hash(child, counts));
                    return;
                }
                let (canonical, j) = child.canonical();
                let gather = &GATHER[j];
                let slot = next.entry(canonical).or_insert([0; 8]);
                for m in 0..8 {
                    slot[m] = slot[m].wrapping_add(counts[gather[m] as usize]);
                }
            });
        }
        std::mem::swap(&mut layer, &mut next);
        if layer.is_empty() {
            break;
        }
    }
    total % MODULUS
}
