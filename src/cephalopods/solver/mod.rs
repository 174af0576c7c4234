//! The path-sum engine.
//!
//! Every path from the start visits boards whose "potential" `2·pips − dice`
//! rises with each move: a plain placement adds a pip and a die, a capture
//! keeps the pips and removes dice. So the boards form a finite DAG, and a
//! board reached after `t` moves can also be reached after other numbers of
//! moves only within a short window of layers. The engine works in two
//! passes over that DAG, with boards reduced by the symmetries of the square:
//!
//! 1. [`graph`] discovers every canonical board reachable within the depth,
//!    in topological order, with its window of layers and its moves.
//! 2. [`sweep`] pushes path counts along the recorded moves, one vector of
//!    eight lanes (one per symmetric image) per board and layer, and adds up
//!    the hashes of the boards where paths stop.
//!
//! Each move is generated, canonicalised and looked up once, instead of
//! once per layer the board appears in (about four times fewer), and the
//! counting pass is flat vector arithmetic.

mod graph;
mod kernel;
mod lanes;
mod sweep;

use super::{Board, MODULUS};

/// No game lasts longer: `2·pips − dice` starts at 0 or more, rises by at
/// least one per move and is at most `2·54 − 9` on a full board.
pub const LONGEST_GAME: u32 = 2 * 54;

/// The counting pass's inner kernel. [`path_hash_sum`] picks the fastest
/// the CPU supports; naming one lets tests check each path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// Scalar code for any CPU.
    Portable,
    /// AVX2 lane permutes, on x86-64 CPUs that have AVX2.
    Avx2,
}

impl Kernel {
    /// The fastest kernel this CPU runs.
    pub fn detect() -> Kernel {
        if Kernel::Avx2.is_supported() {
            Kernel::Avx2
        } else {
            Kernel::Portable
        }
    }

    pub fn is_supported(self) -> bool {
        match self {
            Kernel::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => std::arch::is_x86_feature_detected!("avx2"),
            #[cfg(not(target_arch = "x86_64"))]
            Kernel::Avx2 => false,
        }
    }
}

/// The sum, over every game path of `depth` moves from `board` (fewer when
/// the board fills first), of the final board's hash, modulo 2^30.
pub fn path_hash_sum(board: Board, depth: u32) -> u32 {
    path_hash_sum_with(board, depth, Kernel::detect())
}

/// [`path_hash_sum`] with a chosen kernel.
///
/// # Panics
/// If the CPU does not support `kernel`.
pub fn path_hash_sum_with(board: Board, depth: u32, kernel: Kernel) -> u32 {
    assert!(kernel.is_supported(), "this CPU cannot run the {kernel:?} kernel");
    if depth == 0 || board.is_full() {
        return board.hash() % MODULUS;
    }
    let depth = depth.min(LONGEST_GAME + 1);
    let total = match kernel {
        Kernel::Portable => solve::<kernel::Portable>(board, depth),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `is_supported` confirmed above that this CPU has AVX2.
        Kernel::Avx2 => unsafe { solve_avx2(board, depth) },
        #[cfg(not(target_arch = "x86_64"))]
        Kernel::Avx2 => unreachable!("AVX2 is never supported off x86-64"),
    };
    total % MODULUS
}

#[inline(always)]
fn solve<K: kernel::Ops>(board: Board, depth: u32) -> u32 {
    let graph = graph::Graph::discover::<K>(board, depth);
    sweep::sum_final_hashes::<K>(&graph, depth)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn solve_avx2(board: Board, depth: u32) -> u32 {
    solve::<kernel::Avx2>(board, depth)
}
