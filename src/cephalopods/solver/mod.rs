//! The path-sum engine.
//!
//! Every path from the start visits boards whose "potential" `2·pips − dice`
//! rises with each move: a plain placement adds a pip and a die, a capture
//! keeps the pips and removes dice. So the boards form a finite DAG, and a
//! board reached after `t` moves can also be reached after other numbers of
//! moves only within a short window of layers. The engine works in two
//! passes over that DAG, with boards reduced by the symmetries of the square:
//!
//! 1. `graph` discovers every canonical board reachable within the depth,
//!    in topological order, with its window of layers and its moves.
//! 2. `sweep` pushes path counts along the recorded moves, one vector of
//!    eight lanes (one per symmetric image) per board and layer, and adds up
//!    the hashes of the boards where paths stop. Lanes that the start's own
//!    symmetries make equal are stored once (`lanes`): two per board and
//!    layer from the empty board.
//!
//! Each move is generated, canonicalised and looked up once, instead of
//! once per layer the board appears in (about four times fewer), and the
//! counting pass is flat vector arithmetic. The passes go level by level
//! (one pip total at a time): each level is counted as soon as it is
//! discovered, while it is still in cache, and once a search proves large
//! enough to pay for a second thread, where one is allowed, discovery moves
//! there and the passes run side by side. Counting takes less time than
//! discovery, so while the counting thread waits for a level it generates
//! moves for discovery to look up (`assist`). The last levels are the other
//! way round, so once discovery has sent them all, its thread works out
//! what it can of the levels still to count (`finals`).

mod assist;
mod finals;
mod graph;
mod heap;
mod kernel;
mod lanes;
mod pipeline;
mod sweep;
#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod zeroed;

use super::{Board, MODULUS};
use graph::Discovery;
use lanes::Folding;
use pipeline::{Finish, Levels};
use std::sync::atomic::{AtomicBool, Ordering};

pub use heap::prefer_huge_pages;

/// Transparent huge pages come in this size, aligned to it.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const HUGE_PAGE: usize = 2 << 20;

/// No game lasts longer: `2·pips − dice` is never negative (each die shows
/// at least one pip), rises by at least one with every move and is at most
/// `2·54 − 9` on a full board. Deeper searches are answered as this one.
pub const LONGEST_GAME: u32 = 2 * 54 - 9;

/// The code for the engine's innermost operations (images, index lookups
/// and lane permutes; see `kernel`). [`path_hash_sum`] picks the
/// fastest the CPU supports; naming one lets tests check each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// Scalar code for any CPU.
    Portable,
    /// AVX2 lane permutes, on x86-64 CPUs that have AVX2 and the bit
    /// manipulation sets BMI1 and BMI2, as every AVX2 CPU from Intel and
    /// AMD does. The engine is compiled with all three: BMI's trailing-zero
    /// count without a guard for zero, and-not, and shifts that keep their
    /// source took 1.3% fewer instructions than AVX2 alone (the time
    /// was within the machine's noise).
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
            Kernel::Avx2 => {
                std::arch::is_x86_feature_detected!("avx2")
                    && std::arch::is_x86_feature_detected!("bmi1")
                    && std::arch::is_x86_feature_detected!("bmi2")
            }
            #[cfg(not(target_arch = "x86_64"))]
            Kernel::Avx2 => false,
        }
    }
}

/// Whether searches keep their counts apart, as [`map_counts_apart`] asks.
static COUNTS_APART: AtomicBool = AtomicBool::new(false);

/// Has every later search in this process keep its counts, once they
/// outgrow a first room on the heap, in memory mapped for them alone, on
/// Linux with glibc (elsewhere this changes nothing). The kernel hands out
/// such memory as zeros, where counts on the heap are cleared once more.
/// That pays in a process that runs one search, as `gamespace cephalopods`
/// does: there `1 2 0 / 0 0 0 / 0 0 0` at depth 40 ran 1.03x to 1.06x
/// faster, and the 12 public tests 1.03x. A process that runs many searches
/// does better without it (the default), as the heap reuses memory already
/// faulted in (BENCHMARKS.md, round 21). The answers never depend on it.
pub fn map_counts_apart() {
    COUNTS_APART.store(true, Ordering::Relaxed);
}

fn counts_apart() -> bool {
    COUNTS_APART.load(Ordering::Relaxed)
}

/// The sum, over every game path of `depth` moves from `board` (fewer when
/// the board fills first), of the final board's hash, modulo 2^30.
pub fn path_hash_sum(board: Board, depth: u32) -> u32 {
    path_hash_sum_with(board, depth, Kernel::detect(), 1)
}

/// [`path_hash_sum`] with a chosen kernel and at most `threads` threads.
///
/// With two threads or more, a search that proves large (a level of two
/// thousand boards) goes on as a pipeline on two threads, where the
/// process may run on two CPUs: discovery moves to a thread of its own, on
/// another CPU, and a level is counted while later ones are still being
/// discovered (see `pipeline`).
/// Smaller searches never start a thread, and more threads than two change
/// nothing. The answer is the same for any choice.
///
/// # Panics
/// If the CPU does not support `kernel`.
pub fn path_hash_sum_with(board: Board, depth: u32, kernel: Kernel, threads: usize) -> u32 {
    let second_thread_from = (threads > 1).then_some(SECOND_THREAD_FROM);
    path_hash_sum_switching(board, depth, kernel, second_thread_from)
}

/// How many boards a level must hold for discovery to move to a second
/// thread after it, where one is allowed. The pipeline loses where little
/// work follows the move: starting the thread costs about 0.1 ms. Public
/// test 6 (0.2 ms, levels of up to 634 boards) took 0.89x to 0.91x when
/// discovery moved after a level of 300 or 600 boards. Test 7 (1.1 ms,
/// levels of up to 4,190) gained 1.05x alike with 1,000 to 2,000 against
/// 5,000; tests 8 and 9 1.03x to 1.06x. See `pipeline` for what made the
/// early move pay, where before it lost.
const SECOND_THREAD_FROM: usize = 2_000;

/// [`path_hash_sum_with`] where discovery moves to a second thread after
/// the first level of at least `second_thread_from` boards, or never
/// (`None`).
fn path_hash_sum_switching(
    board: Board,
    depth: u32,
    kernel: Kernel,
    second_thread_from: Option<usize>,
) -> u32 {
    assert!(kernel.is_supported(), "this CPU cannot run the {kernel:?} kernel");
    if depth == 0 || board.is_full() {
        return board.hash() % MODULUS;
    }
    let depth = depth.min(LONGEST_GAME + 1);
    match lanes::lane_count(board) {
        2 => solve::<2>(board, depth, kernel, second_thread_from),
        4 => solve::<4>(board, depth, kernel, second_thread_from),
        _ => solve::<8>(board, depth, kernel, second_thread_from),
    }
}

/// The solve with `N` lanes per board and layer (see [`Folding`]).
fn solve<const N: usize>(board: Board, depth: u32, kernel: Kernel, second_thread_from: Option<usize>) -> u32 {
    let folding = Folding::<N>::new(board);
    let total = match kernel {
        Kernel::Portable => count::<kernel::Portable, N>(board, depth, &folding, second_thread_from),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the caller checked `kernel.is_supported()`: the CPU has
        // AVX2, BMI1 and BMI2.
        Kernel::Avx2 => unsafe { count_avx2(board, depth, &folding, second_thread_from) },
        #[cfg(not(target_arch = "x86_64"))]
        Kernel::Avx2 => unreachable!("AVX2 is never supported off x86-64"),
    };
    folding.unfold(total)
}

/// Discovers and counts the paths from `board`, each level counted as soon
/// as it is discovered, with discovery moved to a second thread after the
/// first level of at least `second_thread_from` boards. Without a second
/// thread the discovery is counted as it is, with no pipeline around it:
/// the engine compiled with the pipeline's checks ran 0.3% more
/// instructions but took 1.04x to 1.09x as long on one thread (public
/// tests 10 and 11), by where its loops fell.
#[inline(always)]
fn count<K: Finish + 'static, const N: usize>(
    board: Board,
    depth: u32,
    folding: &Folding<N>,
    second_thread_from: Option<usize>,
) -> u32 {
    let start = graph::Start::of(board);
    match second_thread_from {
        None => {
            let discovery = Discovery::<K>::new(board, depth);
            sweep::sum_final_hashes::<K, N>(discovery, start, depth, folding)
        }
        Some(level_size) => {
            let levels = Levels::<K>::new(Discovery::new(board, depth), level_size);
            sweep::sum_final_hashes::<K, N>(levels, start, depth, folding)
        }
    }
}

/// Like [`count`], in AVX2 code, discovery included: handing a discovery
/// over from plain code measured 0.8% more instructions.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2")]
fn count_avx2<const N: usize>(
    board: Board,
    depth: u32,
    folding: &Folding<N>,
    second_thread_from: Option<usize>,
) -> u32 {
    count::<kernel::Avx2, N>(board, depth, folding, second_thread_from)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Boards whose searches are deep and wide, with their known answers:
    /// with 2 (the empty board), 4 (the third) and 8 lanes per board.
    const DEEP: [([u8; 9], u32, u32); 4] = [
        ([0; 9], 40, 503_115_192),
        ([0, 0, 0, 1, 0, 1, 0, 1, 0], 20, 830_689_962),
        ([1, 0, 0, 3, 5, 2, 1, 0, 0], 20, 808_014_757),
        ([0, 5, 1, 0, 0, 0, 4, 0, 1], 20, 738_691_369),
    ];

    #[test]
    fn every_kernel_and_thread_count_gives_the_same_answer() {
        let kernels: Vec<Kernel> = [Kernel::Portable, Kernel::Avx2]
            .into_iter()
            .filter(|k| k.is_supported())
            .collect();
        for (cells, depth, expected) in DEEP {
            let board = Board::from_cells(cells);
            for &kernel in &kernels {
                for threads in [1, 2, 3] {
                    assert_eq!(
                        path_hash_sum_with(board, depth, kernel, threads),
                        expected,
                        "{board:?} depth {depth} {kernel:?} {threads} threads"
                    );
                }
            }
        }
    }

    /// Discovery moves to a second thread after the first level, after
    /// one of the later ones, or never (with a size no level reaches).
    #[test]
    fn the_answer_does_not_depend_on_when_discovery_moves() {
        for (cells, depth, expected) in DEEP {
            let board = Board::from_cells(cells);
            for from in [Some(0), Some(1_000), Some(20_000), Some(usize::MAX), None] {
                assert_eq!(
                    path_hash_sum_switching(board, depth, Kernel::detect(), from),
                    expected,
                    "{board:?} depth {depth}, second thread from a level of {from:?}"
                );
            }
        }
    }

    #[test]
    fn shallow_depths_agree_across_kernels_and_threads() {
        for depth in 1..=12 {
            let board = Board::from_cells([0, 0, 3, 0, 2, 0, 1, 0, 0]);
            let reference = path_hash_sum_with(board, depth, Kernel::Portable, 1);
            assert_eq!(path_hash_sum_with(board, depth, Kernel::Portable, 2), reference);
            assert_eq!(path_hash_sum(board, depth), reference);
        }
    }

    #[test]
    fn no_path_outlasts_the_longest_game() {
        // Depth `LONGEST_GAME` is searched as asked; `u32::MAX` is cut to one
        // more. They agree only if every path has filled the board by then.
        for cells in [[0; 9], [0, 0, 0, 0, 6, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0, 1]] {
            let board = Board::from_cells(cells);
            assert_eq!(
                path_hash_sum(board, LONGEST_GAME),
                path_hash_sum(board, u32::MAX),
                "{board:?}"
            );
        }
    }
}
