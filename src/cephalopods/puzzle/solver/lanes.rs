//! Path counts for the eight symmetric images of a board, how they move
//! between a board and a child stored in a different orientation, and how
//! they fold together when the start board is itself symmetric.
//!
//! A canonical board `c` carries eight lanes, where lane `k` counts the
//! paths reaching image `k` of `c` (in the order of [`Board::images`]).
//! Counts wrap in `u32`, which is exact modulo 2^30 because 2^30 divides
//! 2^32.
//!
//! If a symmetry `h` leaves the start board unchanged, applying `h` to a
//! whole path gives another path from the start, ending on the image of
//! its final board: the engine's steps commute with `h`. So starting with
//! one path in each of the start's lanes that a group `H` of such
//! symmetries relates (the start counted `|H|` times) keeps every board's
//! lanes constant on the classes `{k · h : h ∈ H}`, and one lane per class,
//! `8 / |H|` in all, carries everything; the total comes out multiplied by
//! `|H|`. With `|H|` at most 4 that factor still fits beside the 30 bits of
//! the answer in a `u32`. On the empty board this stores and adds two lanes
//! per board and layer instead of eight.

use crate::cephalopods::puzzle::CacheAligned;
use crate::cephalopods::puzzle::board::{Board, CELLS, IMAGE_SYMMETRY, ROW_BITS};
use crate::symmetry::Symmetry;

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
            table[j][image_of(target)] = k as u8;
            k += 1;
        }
        j += 1;
    }
    table
};

/// `PLACE_VALUES[k][cell]`: what one pip on `cell` adds to the hash of
/// image `k` (the hash reads cells as a decimal number, top left first).
static PLACE_VALUES: [[u32; CELLS]; 8] = {
    let mut table = [[0; CELLS]; 8];
    let mut k = 0;
    while k < 8 {
        let positions = IMAGE_SYMMETRY[k].cell_permutation::<3, CELLS>();
        let mut cell = 0;
        while cell < CELLS {
            table[k][cell] = 10u32.pow(CELLS as u32 - 1 - positions[cell] as u32);
            cell += 1;
        }
        k += 1;
    }
    table
};

/// The number of ways to pack a row.
const ROW_PATTERNS: usize = 1 << ROW_BITS;

/// The position of `symmetry` in [`IMAGE_SYMMETRY`].
const fn image_of(symmetry: Symmetry) -> usize {
    let mut k = 0;
    while IMAGE_SYMMETRY[k].0 != symmetry.0 {
        k += 1;
    }
    k
}

/// The most symmetries of the start that are folded: folding eight would
/// need a 33-bit count to keep the answer's 30 bits.
const MAX_FOLDED: usize = 4;

/// The symmetries of `start` that the engine folds: all of them if there
/// are at most [`MAX_FOLDED`], else the quarter turns (a subgroup of four).
fn folded_symmetries(start: Board) -> Vec<Symmetry> {
    let fixing: Vec<Symmetry> = Symmetry::ALL
        .into_iter()
        .filter(|&s| start.transformed(s) == start)
        .collect();
    if fixing.len() <= MAX_FOLDED {
        fixing
    } else {
        fixing.into_iter().filter(|s| s.0 < 4).collect()
    }
}

/// How many lanes the engine keeps per board and layer when starting from
/// `start`: 8, 4 or 2.
pub fn lane_count(start: Board) -> usize {
    8 / folded_symmetries(start).len()
}

/// The folded lanes for one start board: `N` lanes per board and layer.
#[derive(Clone, Debug)]
pub struct Folding<const N: usize> {
    /// `gather[j][i]`: lane `i` of a child stored as its own image `j`
    /// takes lane `gather[j][i]` of its parent. `u32` so that the eight-lane
    /// form loads straight into an AVX2 permutation.
    pub gather: [[u32; N]; 8],
    /// `gather` repeated over a block of `8 / N` layers' lanes (eight
    /// `u32`s): entry `m` of a child's block takes entry `block_gather[j][m]`
    /// of its parent's block. Counts move a block at a time.
    pub block_gather: CacheAligned<[[u32; 8]; 8]>,
    /// Which of the eight lanes each folded lane stands for, as a bit set.
    #[cfg(test)]
    classes: [u8; N],
    /// `row_hashes[r][row][i]`: what row `r`, packed as `row`, adds to the
    /// hashes of the images in class `i`. A board's hashes over each class
    /// are then three lookups, one per row, and additions.
    row_hashes: Box<[[[u32; N]; ROW_PATTERNS]; 3]>,
    /// `cell_weights[cell][i]`: what a pip on `cell` adds to the hashes of
    /// the images in class `i`.
    cell_weights: [[u32; N]; CELLS],
    start: [u32; N],
    /// log2 of the number of symmetries folded: totals come out multiplied
    /// by `1 << shift`.
    shift: u32,
}

impl<const N: usize> Folding<N> {
    /// # Panics
    /// If `N` is not [`lane_count`] of `start`.
    pub fn new(start: Board) -> Folding<N> {
        assert_eq!(N, lane_count(start), "wrong lane count for {start:?}");
        let folded = folded_symmetries(start);
        // Lane k's class: every lane k · h, that is image k then h.
        let mut class_of = [usize::MAX; 8];
        let mut classes = [0u8; N];
        let mut representative = [0usize; N];
        let mut next = 0;
        for k in 0..8 {
            if class_of[k] != usize::MAX {
                continue;
            }
            for &h in &folded {
                let member = image_of(IMAGE_SYMMETRY[k].then(h));
                class_of[member] = next;
                classes[next] |= 1 << member;
            }
            representative[next] = k;
            next += 1;
        }
        let gather = std::array::from_fn(|j| {
            std::array::from_fn(|i| class_of[usize::from(GATHER[j][representative[i]])] as u32)
        });
        // The start is image `j` of its canonical form: its one path sits in
        // the lane that takes the identity's lane under that orientation.
        let j = start.canonical().1;
        let lane = (0..8)
            .position(|m| GATHER[j][m] == 0)
            .expect("GATHER[j] is a permutation");
        let mut start_lanes = [0; N];
        start_lanes[class_of[lane]] = 1;
        let block_gather = CacheAligned(std::array::from_fn(|j| {
            std::array::from_fn(|m| (m / N * N) as u32 + gather[j][m % N])
        }));
        // `cell_hashes[cell][value]`: what `value` on `cell` adds to the
        // hashes of the images in each class.
        let cell_hashes: [[[u32; N]; 8]; CELLS] = std::array::from_fn(|cell| {
            std::array::from_fn(|value| {
                classes.map(|class| {
                    (0..8)
                        .filter(|k| class & (1 << k) != 0)
                        .map(|k| PLACE_VALUES[k][cell].wrapping_mul(value as u32))
                        .fold(0u32, u32::wrapping_add)
                })
            })
        });
        let mut row_hashes = Box::new([[[0u32; N]; ROW_PATTERNS]; 3]);
        for (r, patterns) in row_hashes.iter_mut().enumerate() {
            for (row, hashes) in patterns.iter_mut().enumerate() {
                // A row packs like the first three cells of a board.
                let row = Board::from_packed(row as u32);
                let parts = [0, 1, 2].map(|c| &cell_hashes[3 * r + c][usize::from(row.cell(c))]);
                for (i, hash) in hashes.iter_mut().enumerate() {
                    *hash = parts[0][i].wrapping_add(parts[1][i]).wrapping_add(parts[2][i]);
                }
            }
        }
        let cell_weights = std::array::from_fn(|cell| cell_hashes[cell][1]);
        Folding {
            gather,
            cell_weights,
            block_gather,
            #[cfg(test)]
            classes,
            row_hashes,
            start: start_lanes,
            shift: folded.len().trailing_zeros(),
        }
    }

    /// The lanes of the start board, canonical.
    pub fn start(&self) -> [u32; N] {
        self.start
    }

    /// Sum of `counts[i]` times the hashes of the images of `board` in
    /// class `i`, wrapping.
    #[inline(always)]
    pub fn weighted_hash(&self, board: Board, counts: &[u32; N]) -> u32 {
        let [top, middle, bottom] = board.rows();
        let [top, middle, bottom] = [
            &self.row_hashes[0][top],
            &self.row_hashes[1][middle],
            &self.row_hashes[2][bottom],
        ];
        let hashes = std::array::from_fn(|i| top[i].wrapping_add(middle[i]).wrapping_add(bottom[i]));
        weigh(&hashes, counts)
    }

    /// [`Self::weighted_hash`] summed over `boards`, with the same counts.
    #[inline(always)]
    pub fn weighted_hashes(&self, boards: &[Board], counts: &[u32; N]) -> u32 {
        (boards.iter()).fold(0, |sum, &board| {
            sum.wrapping_add(self.weighted_hash(board, counts))
        })
    }

    /// Sum of `counts[i]` times the hashes, over the images in class `i`,
    /// of boards whose cells add up to `sums`, wrapping: the hash is linear
    /// in the cells.
    #[inline(always)]
    pub fn weighted_cell_sums(&self, sums: &[u32; CELLS], counts: &[u32; N]) -> u32 {
        let mut hashes = [0u32; N];
        for (&sum, weights) in sums.iter().zip(&self.cell_weights) {
            for (hash, &weight) in hashes.iter_mut().zip(weights) {
                *hash = hash.wrapping_add(sum.wrapping_mul(weight));
            }
        }
        weigh(&hashes, counts)
    }

    /// The answer, modulo 2^30, from a total of [`Self::weighted_hash`]es.
    pub fn unfold(&self, total: u32) -> u32 {
        (total >> self.shift) % crate::cephalopods::puzzle::MODULUS
    }
}

/// Sum of `counts[i]` times `hashes[i]`, wrapping.
#[inline(always)]
fn weigh<const N: usize>(hashes: &[u32; N], counts: &[u32; N]) -> u32 {
    (hashes.iter().zip(counts)).fold(0, |total, (&hash, &count)| {
        total.wrapping_add(count.wrapping_mul(hash))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lane_counts_follow_the_start_symmetries() {
        let cases: [([u8; 9], usize); 5] = [
            ([0; 9], 2),
            ([1, 0, 0, 0, 0, 0, 0, 0, 1], 2),
            ([0, 0, 0, 1, 0, 1, 0, 1, 0], 4),
            ([1, 2, 0, 0, 0, 0, 0, 0, 0], 8),
            ([0, 0, 0, 0, 3, 0, 0, 0, 0], 2),
        ];
        for (cells, lanes) in cases {
            assert_eq!(lane_count(Board::from_cells(cells)), lanes, "{cells:?}");
        }
    }

    /// Folding must be a faithful quotient: a gather of folded lanes is the
    /// fold of the same gather on eight lanes that are constant on classes.
    fn check_folding<const N: usize>(start: Board) {
        let folding = Folding::<N>::new(start);
        let mut lanes = [0u32; 8];
        let folded: [u32; N] = std::array::from_fn(|i| 1000 + i as u32);
        for (i, &class) in folding.classes.iter().enumerate() {
            for k in (0..8).filter(|k| class & (1 << k) != 0) {
                lanes[k] = folded[i];
            }
        }
        for j in 0..8 {
            let moved: [u32; 8] = std::array::from_fn(|m| lanes[usize::from(GATHER[j][m])]);
            for (i, &class) in folding.classes.iter().enumerate() {
                let expected = folded[folding.gather[j][i] as usize];
                for k in (0..8).filter(|k| class & (1 << k) != 0) {
                    assert_eq!(moved[k], expected, "{start:?} orientation {j} lane {k}");
                }
            }
        }
        let ones = folding.classes.iter().map(|c| c.count_ones()).collect::<Vec<_>>();
        assert!(
            ones.iter().all(|&n| n == 8 / N as u32),
            "{start:?}: classes {ones:?}"
        );
    }

    /// The row tables and the cell weights add up to the images' hashes,
    /// and a block moves each of its layers like `gather`.
    fn check_weights_and_blocks<const N: usize>(start: Board) {
        let folding = Folding::<N>::new(start);
        let mut rng = crate::test_rng::XorShift::new(0x6861_7368 + N as u64);
        for _ in 0..2_000 {
            let board = Board::from_cells(std::array::from_fn(|_| rng.below(7) as u8));
            let counts: [u32; N] = std::array::from_fn(|_| rng.below(1 << 32) as u32);
            let images = board.images();
            let expected = (0..8).fold(0u32, |sum, k| {
                let class = folding.classes.iter().position(|c| c & (1 << k) != 0).unwrap();
                sum.wrapping_add(counts[class].wrapping_mul(images[k].hash()))
            });
            assert_eq!(folding.weighted_hash(board, &counts), expected, "{board:?}");
            // Two boards' hashes, from their cells added up.
            let other = Board::from_cells(std::array::from_fn(|_| rng.below(7) as u8));
            let sums = std::array::from_fn(|cell| u32::from(board.cell(cell) + other.cell(cell)));
            assert_eq!(
                folding.weighted_cell_sums(&sums, &counts),
                expected.wrapping_add(folding.weighted_hash(other, &counts)),
                "{board:?} {other:?}"
            );
        }
        for j in 0..8 {
            for m in 0..8 {
                let (layer, lane) = (m / N, m % N);
                let from = folding.block_gather[j][m] as usize;
                assert_eq!((from / N, from % N), (layer, folding.gather[j][lane] as usize));
            }
        }
    }

    #[test]
    fn class_hashes_and_blocks_follow_the_lanes() {
        check_weights_and_blocks::<2>(Board::EMPTY);
        check_weights_and_blocks::<4>(Board::from_cells([0, 0, 0, 1, 0, 1, 0, 1, 0]));
        check_weights_and_blocks::<8>(Board::from_cells([1, 2, 0, 0, 0, 0, 0, 0, 0]));
    }

    #[test]
    fn folded_lanes_move_like_the_lanes_they_stand_for() {
        check_folding::<2>(Board::EMPTY);
        check_folding::<2>(Board::from_cells([1, 0, 0, 0, 0, 0, 0, 0, 1]));
        check_folding::<2>(Board::from_cells([0, 2, 0, 2, 0, 2, 0, 2, 0]));
        check_folding::<4>(Board::from_cells([0, 0, 0, 1, 0, 1, 0, 1, 0]));
        check_folding::<2>(Board::from_cells([0, 0, 5, 0, 0, 0, 5, 0, 0]));
        check_folding::<4>(Board::from_cells([3, 0, 3, 0, 0, 0, 0, 0, 0]));
        check_folding::<8>(Board::from_cells([1, 2, 0, 0, 0, 0, 0, 0, 0]));
    }
}
