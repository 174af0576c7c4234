//! The innermost operations of the engine, in a portable form and, on
//! x86-64 CPUs that have it, an AVX2 form:
//!
//! - discovery: a board's eight images, its moves (from its empty cells'
//!   neighbour patterns), a child's images from its parent's with the
//!   least of them, and the match of a key against a group of eight index
//!   slots;
//! - counting: taking a block of eight `u32`s (one to four layers' lanes)
//!   of a parent's counts out of the arena, and adding it into a child's,
//!   reordered.
//!
//! The passes are generic over [`Ops`], so each form is compiled into its
//! own copy of the whole engine, and they call the operations on a value
//! of the kernel's type. That value is the proof that the CPU runs the
//! kernel: [`Portable`] runs anywhere, and an [`Avx2`] is only made by
//! [`Avx2::detect`], after the CPU was found to have AVX2, BMI1 and BMI2.
//! So safe code cannot reach an AVX2 instruction on a CPU without them.
//!
//! ```text
//!   Kernel::Avx2 ──Avx2::detect()──> Some(avx2) ──> engine::<Avx2>(avx2, ...)
//!                                    None       ──> error: not this CPU
//! ```
//!
//! The operations are `#[inline(always)]`: the solver enters the engine
//! through functions compiled with the kernel's CPU features enabled
//! (`#[target_feature]`), into which they inline.

#[cfg(target_arch = "x86_64")]
use crate::cephalopods::puzzle::CacheAligned;
use crate::cephalopods::puzzle::board::{Board, CELLS};
use crate::cephalopods::puzzle::moves::{
    CELL_SHIFTS, Moves, Placement, neighbour_pattern, neighbour_patterns,
};

/// The engine's innermost operations. A value of a type that implements
/// it proves that the CPU runs its code (see the module documentation).
pub trait Ops: Copy + Send + 'static {
    /// The board's eight images, packed, in the order of [`Board::images`].
    fn images(self, board: Board) -> [u32; 8];

    /// Replaces `moves` with the legal moves of `board`, here from the
    /// nine cells' neighbour patterns worked out at once.
    #[inline(always)]
    fn gather(self, moves: &mut Moves, board: Board) {
        let patterns = neighbour_patterns(board);
        moves.gather(board, |cell| patterns[cell]);
    }

    /// One cell's [`neighbour_pattern`].
    #[inline(always)]
    fn neighbour_pattern(self, board: Board, cell: usize) -> u32 {
        neighbour_pattern(board, cell)
    }

    /// The images of the board after `placement`, given the images of the
    /// board before it, with the least of them and its position.
    fn child_images(self, parent: &[u32; 8], placement: Placement) -> ChildImages;

    /// Which of `keys` are `key` and which are `u32::MAX` (an empty slot:
    /// boards take 27 bits), as bit sets.
    fn match_slots(self, keys: &[u32; 8], key: u32) -> (u32, u32);

    /// The entries of `counts` that `keep` (all ones or all zeros per
    /// entry) keeps, which are cleared in `counts`.
    #[inline(always)]
    fn take_block(self, counts: &mut [u32; 8], keep: &[u32; 8]) -> [u32; 8] {
        let taken = std::array::from_fn(|m| counts[m] & keep[m]);
        for (count, keep) in counts.iter_mut().zip(keep) {
            *count &= !keep;
        }
        taken
    }

    /// `into[m] += from[order[m]]` for every lane `m`, wrapping. `order`
    /// is a permutation of `0..N`.
    fn add_gathered<const N: usize>(self, into: &mut [u32; N], from: &[u32; N], order: &[u32; N]);

    /// [`Self::add_gathered`] on `B` blocks of eight `u32`s, block by block:
    /// `into[8 * b + m] += from[b][order[m]]`, wrapping. `order` only moves
    /// entries within a block.
    ///
    /// # Panics
    /// If `into` does not hold `B` blocks.
    #[inline(always)]
    fn add_blocks<const B: usize>(self, into: &mut [u32], from: &[[u32; 8]; B], order: &[u32; 8]) {
        assert_eq!(into.len(), 8 * B, "{B} blocks");
        for (into, from) in into.chunks_exact_mut(8).zip(from) {
            let into: &mut [u32; 8] = into.try_into().expect("chunks of 8");
            self.add_gathered(into, from, order);
        }
    }
}

pub struct ChildImages {
    /// The least image: the child's canonical form.
    pub least: u32,
    /// Which image is the least.
    pub orientation: usize,
}

/// Plain scalar code: runs on every CPU.
#[derive(Clone, Copy, Debug)]
pub struct Portable;

impl Ops for Portable {
    #[inline(always)]
    fn images(self, board: Board) -> [u32; 8] {
        board.images().map(Board::packed)
    }

    #[inline(always)]
    fn child_images(self, parent: &[u32; 8], placement: Placement) -> ChildImages {
        let images = placement.apply_to_images(parent);
        let least = images.iter().copied().fold(u32::MAX, u32::min);
        let orientation = images.iter().position(|&image| image == least).unwrap_or(0);
        ChildImages { least, orientation }
    }

    #[inline(always)]
    fn match_slots(self, keys: &[u32; 8], key: u32) -> (u32, u32) {
        let (mut found, mut empty) = (0, 0);
        for (k, &slot) in keys.iter().enumerate() {
            found |= u32::from(slot == key) << k;
            empty |= u32::from(slot == u32::MAX) << k;
        }
        (found, empty)
    }

    #[inline(always)]
    fn add_gathered<const N: usize>(self, into: &mut [u32; N], from: &[u32; N], order: &[u32; N]) {
        debug_assert!(order.iter().all(|&m| (m as usize) < N));
        for m in 0..N {
            // `% N` (a mask: N is a power of two) instead of a bounds check.
            into[m] = into[m].wrapping_add(from[order[m] as usize % N]);
        }
    }
}

/// Eight 32-bit lanes at a time, with BMI1 and BMI2 for bit fields. A
/// value is a proof that the CPU has AVX2, BMI1 and BMI2: the private
/// field keeps any other code than [`Avx2::detect`] from making one.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub struct Avx2 {
    _proof: (),
}

#[cfg(target_arch = "x86_64")]
impl Avx2 {
    /// The kernel, where the CPU has AVX2, BMI1 and BMI2.
    pub fn detect() -> Option<Avx2> {
        (std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2"))
        .then_some(Avx2 { _proof: () })
    }
}

#[cfg(target_arch = "x86_64")]
impl Ops for Avx2 {
    /// The images of each row's part, looked up and combined.
    #[inline(always)]
    fn images(self, board: Board) -> [u32; 8] {
        use std::arch::x86_64::*;
        let packed = board.packed() as usize;
        let mut images = [0u32; 8];
        // SAFETY: as in `child_images`; each load reads one `[u32; 8]` and
        // the store writes `images`.
        unsafe {
            let mut gathered = _mm256_setzero_si256();
            for (r, rows) in ROW_IMAGES.iter().enumerate() {
                let part = _mm256_loadu_si256(rows[packed >> (9 * r) & 0x1FF].as_ptr().cast());
                gathered = _mm256_or_si256(gathered, part);
            }
            _mm256_storeu_si256(images.as_mut_ptr().cast(), gathered);
        }
        images
    }

    /// The neighbours' bits extracted in one instruction.
    #[inline(always)]
    fn neighbour_pattern(self, board: Board, cell: usize) -> u32 {
        // SAFETY: as in `child_images`: the CPU has BMI2. The mask is read
        // within its table.
        unsafe {
            std::arch::x86_64::_pext_u32(
                board.packed(),
                crate::cephalopods::puzzle::moves::NEIGHBOUR_BITS[cell % CELLS],
            )
        }
    }

    /// Each empty cell's pattern extracted when gathering reaches the
    /// cell, in one instruction. No move needs a taken cell's pattern, and
    /// the boards discovery visits have taken cells, so working all nine
    /// out at once (eight in vector lanes, one by `pext`) does more work
    /// than it saves.
    #[inline(always)]
    fn gather(self, moves: &mut Moves, board: Board) {
        moves.gather(board, |cell| self.neighbour_pattern(board, cell));
    }

    #[inline(always)]
    fn child_images(self, parent: &[u32; 8], placement: Placement) -> ChildImages {
        use std::arch::x86_64::*;
        let (clear, set) = placement.image_masks();
        // SAFETY: `self` proves the CPU has AVX2 (see `Avx2::detect`). The
        // unaligned loads read exactly the 32 bytes of `[u32; 8]` arrays.
        unsafe {
            let parent = _mm256_loadu_si256(parent.as_ptr().cast());
            let clear = _mm256_loadu_si256(clear.as_ptr().cast());
            let set = _mm256_loadu_si256(set.as_ptr().cast());
            let images = _mm256_or_si256(_mm256_andnot_si256(clear, parent), set);
            let halves = _mm256_min_epu32(images, _mm256_permute2x128_si256(images, images, 1));
            let quarters = _mm256_min_epu32(halves, _mm256_shuffle_epi32(halves, 0b01_00_11_10));
            let least = _mm256_min_epu32(quarters, _mm256_shuffle_epi32(quarters, 0b10_11_00_01));
            let at_least = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(images, least)));
            ChildImages {
                least: _mm256_cvtsi256_si32(least) as u32,
                orientation: at_least.trailing_zeros() as usize,
            }
        }
    }

    #[inline(always)]
    fn match_slots(self, keys: &[u32; 8], key: u32) -> (u32, u32) {
        use std::arch::x86_64::*;
        // SAFETY: as in `child_images`; the unaligned load reads the 32
        // bytes of `keys`.
        unsafe {
            let keys = _mm256_loadu_si256(keys.as_ptr().cast());
            let found = _mm256_cmpeq_epi32(keys, _mm256_set1_epi32(key as i32));
            let empty = _mm256_cmpeq_epi32(keys, _mm256_set1_epi32(-1));
            (
                _mm256_movemask_ps(_mm256_castsi256_ps(found)) as u32,
                _mm256_movemask_ps(_mm256_castsi256_ps(empty)) as u32,
            )
        }
    }

    #[inline(always)]
    fn take_block(self, counts: &mut [u32; 8], keep: &[u32; 8]) -> [u32; 8] {
        use std::arch::x86_64::*;
        let mut taken = [0u32; 8];
        // SAFETY: as in `child_images`; each load or store covers exactly
        // one `[u32; 8]`.
        unsafe {
            let block = _mm256_loadu_si256(counts.as_ptr().cast());
            let keep = _mm256_loadu_si256(keep.as_ptr().cast());
            _mm256_storeu_si256(counts.as_mut_ptr().cast(), _mm256_andnot_si256(keep, block));
            _mm256_storeu_si256(taken.as_mut_ptr().cast(), _mm256_and_si256(block, keep));
        }
        taken
    }

    #[inline(always)]
    fn add_gathered<const N: usize>(self, into: &mut [u32; N], from: &[u32; N], order: &[u32; N]) {
        use std::arch::x86_64::*;
        if N != 8 {
            return Portable.add_gathered(into, from, order);
        }
        // SAFETY: as in `child_images`: `self` proves the CPU has AVX2. `N`
        // is 8 here, so each load or store covers exactly one `[u32; 8]`.
        unsafe {
            let order = _mm256_loadu_si256(order.as_ptr().cast());
            let source = _mm256_loadu_si256(from.as_ptr().cast());
            let target = _mm256_loadu_si256(into.as_ptr().cast());
            let sum = _mm256_add_epi32(target, _mm256_permutevar8x32_epi32(source, order));
            _mm256_storeu_si256(into.as_mut_ptr().cast(), sum);
        }
    }
}

/// `ROW_IMAGES[r][row]`: the eight images of a board whose only dice are
/// row `r`'s, packed as `row`. A board's images are the OR of its rows'.
#[cfg(target_arch = "x86_64")]
static ROW_IMAGES: CacheAligned<[[[u32; 8]; 512]; 3]> = CacheAligned({
    let mut table = [[[0; 8]; 512]; 3];
    let mut r = 0;
    while r < 3 {
        let mut row = 0;
        while row < 512 {
            let mut c = 0;
            while c < 3 {
                let value = (row >> (3 * c)) & 7;
                let mut k = 0;
                while k < 8 {
                    table[r][row][k] |= (value as u32) << CELL_SHIFTS[3 * r + c][k];
                    k += 1;
                }
                c += 1;
            }
            row += 1;
        }
        r += 1;
    }
    table
});

/// Runs the test function `$check`, generic over [`Ops`], with every
/// kernel this CPU runs, each given as its argument.
#[cfg(test)]
macro_rules! with_each_kernel {
    ($check:ident) => {{
        $check($crate::cephalopods::puzzle::solver::kernel::Portable);
        #[cfg(target_arch = "x86_64")]
        if let Some(avx2) = $crate::cephalopods::puzzle::solver::kernel::Avx2::detect() {
            $check(avx2);
        }
    }};
}
#[cfg(test)]
pub(crate) use with_each_kernel;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::XorShift;

    fn random_board(rng: &mut XorShift) -> Board {
        Board::from_cells(std::array::from_fn(|_| rng.below(7) as u8))
    }

    /// Every kernel's operations agree with the portable ones.
    fn agrees_with_portable<K: Ops>(kernel: K) {
        let mut rng = XorShift::new(0x6b65_726e_656c);
        for _ in 0..5_000 {
            let board = random_board(&mut rng);
            assert_eq!(kernel.images(board), Portable.images(board), "{board:?}");
            let images = Portable.images(board);
            let mut moves = Moves::new();
            Portable.gather(&mut moves, board);
            let mut kernel_moves = Moves::new();
            kernel.gather(&mut kernel_moves, board);
            assert!(kernel_moves.iter().eq(moves.iter()), "{board:?}");
            for placement in moves.iter() {
                let (fast, plain) = (
                    kernel.child_images(&images, placement),
                    Portable.child_images(&images, placement),
                );
                assert_eq!(
                    (fast.least, fast.orientation),
                    (plain.least, plain.orientation),
                    "{board:?} {placement:?}"
                );
            }
            for cell in 0..CELLS {
                assert_eq!(
                    kernel.neighbour_pattern(board, cell),
                    Portable.neighbour_pattern(board, cell),
                    "{board:?} cell {cell}"
                );
            }
            let keys: [u32; 8] = std::array::from_fn(|_| match rng.below(3) {
                0 => u32::MAX,
                _ => rng.below(4) as u32,
            });
            let key = rng.below(4) as u32;
            assert_eq!(kernel.match_slots(&keys, key), Portable.match_slots(&keys, key));
            let (from, into): ([u32; 8], [u32; 8]) = (
                std::array::from_fn(|_| rng.below(u64::from(u32::MAX)) as u32),
                std::array::from_fn(|_| rng.below(u64::from(u32::MAX)) as u32),
            );
            let keep: [u32; 8] = std::array::from_fn(|_| 0u32.wrapping_sub(rng.below(2) as u32));
            let (mut fast, mut plain) = (into, into);
            assert_eq!(
                kernel.take_block(&mut fast, &keep),
                Portable.take_block(&mut plain, &keep)
            );
            assert_eq!(fast, plain);
            assert_eq!(
                plain.map(|count| count != 0),
                std::array::from_fn(|m| into[m] != 0 && keep[m] == 0),
                "{into:?} {keep:?}"
            );
            for order in &crate::cephalopods::puzzle::solver::lanes::GATHER {
                let order = order.map(u32::from);
                let (mut fast, mut plain) = (into, into);
                kernel.add_gathered(&mut fast, &from, &order);
                Portable.add_gathered(&mut plain, &from, &order);
                assert_eq!(fast, plain);
                let (mut fast, mut plain) = ([into, from].concat(), [into, from].concat());
                kernel.add_blocks(&mut fast, &[from, into], &order);
                Portable.add_blocks(&mut plain, &[from, into], &order);
                assert_eq!(fast, plain);
            }
        }
    }

    /// Skipped, with a note, on a CPU without AVX2, BMI1 or BMI2.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn avx2_agrees_with_portable() {
        match Avx2::detect() {
            Some(avx2) => agrees_with_portable(avx2),
            None => eprintln!("no AVX2, BMI1 or BMI2 on this CPU: the AVX2 kernel was not checked"),
        }
    }

    #[test]
    fn portable_images_and_patterns_follow_the_board() {
        let mut rng = XorShift::new(0x706f_7274);
        for _ in 0..1_000 {
            let board = random_board(&mut rng);
            let images = Portable.images(board);
            for (image, symmetry) in images
                .iter()
                .zip(crate::cephalopods::puzzle::board::IMAGE_SYMMETRY)
            {
                assert_eq!(*image, board.transformed(symmetry).packed());
            }
        }
    }
}
