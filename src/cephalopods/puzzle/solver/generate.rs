//! Generating a board's moves for discovery, and the types that discovery
//! and its helper share: a board as discovery keeps it ([`Entry`]), a
//! generated move ([`MoveCode`]) and a looked-up one ([`Edge`]), a bucket's
//! boards on offer ([`Job`]) and the moves generated for a chunk of them
//! apart ([`Chunk`]).
//!
//! Generating a move takes the board alone: its placements, each child's
//! eight images and the least of them (its canonical form), and where in
//! an index the child's lookup begins ([`spread`]). Looking the child up
//! changes the index, which only discovery does (see `discovery`). So
//! another thread can generate moves for discovery, and hand them over.
//!
//! ```text
//!   Entry ──generate──> MoveCode (child, kind, orientation) ──look up──> Edge
//!                       or a final child (paths end within two moves)
//! ```

use std::ops::Range;

use super::assist::Output;
use super::kernel::Ops;
use crate::cephalopods::puzzle::board::Board;
use crate::cephalopods::puzzle::moves::Moves;

/// One move to a child that was looked up, packed in a `u32`: the child's
/// index in its bucket, the kind of move (which fixes the child's bucket
/// relative to the parent's) and the child's orientation (see
/// [`super::lanes::GATHER`]).
#[derive(Clone, Copy, Debug)]
pub struct Edge(u32);

impl Edge {
    const ORIENTATION_BITS: u32 = 3;
    const KIND_BITS: u32 = 2;

    /// A move of `kind` to the child numbered `child` in `orientation`.
    #[cfg(test)]
    pub(super) fn new(child: u32, kind: usize, orientation: usize) -> Edge {
        Edge::to_child(MoveCode::new(Board::EMPTY, kind, orientation), child)
    }

    /// The move of `code` (see [`MoveCode`]) to the child numbered `child`,
    /// which fits: a bucket never holds 2^27 boards, as there are only 7^9
    /// boards.
    pub(super) fn to_child(code: MoveCode, child: u32) -> Edge {
        Edge((child << (Self::KIND_BITS + Self::ORIENTATION_BITS)) | (code.0 & MoveCode::EDGE_BITS))
    }

    pub fn orientation(self) -> usize {
        (self.0 & ((1 << Self::ORIENTATION_BITS) - 1)) as usize
    }

    /// 0 for a plain placement, else the number of dice captured minus one.
    pub fn kind(self) -> usize {
        ((self.0 >> Self::ORIENTATION_BITS) & ((1 << Self::KIND_BITS) - 1)) as usize
    }

    pub fn child(self) -> usize {
        (self.0 >> (Self::KIND_BITS + Self::ORIENTATION_BITS)) as usize
    }
}

/// One generated move before its child is looked up: the canonical child
/// in the top 27 bits, then the move's kind and the child's orientation as
/// in an [`Edge`], which takes them over unchanged.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MoveCode(u32);

impl MoveCode {
    const EDGE_BITS: u32 = (1 << (Edge::KIND_BITS + Edge::ORIENTATION_BITS)) - 1;

    fn new(canonical: Board, kind: usize, orientation: usize) -> MoveCode {
        MoveCode(
            (canonical.packed() << (Edge::KIND_BITS + Edge::ORIENTATION_BITS))
                | ((kind as u32) << Edge::ORIENTATION_BITS)
                | orientation as u32,
        )
    }

    pub(super) fn child(self) -> Board {
        Board::from_packed(self.0 >> (Edge::KIND_BITS + Edge::ORIENTATION_BITS))
    }

    pub(super) fn kind(self) -> usize {
        Edge(self.0).kind()
    }
}

/// A canonical board, the first and last layer it appears in (last capped
/// at the depth) and, once discovery has visited it, how many of its moves
/// lead to children that were looked up (`inner_moves`) and to children
/// kept as reached, where every path through the move ends within two
/// moves (`final_moves`; see [`super::discovery::Level::finals`]).
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub board: Board,
    /// `[u8::MAX - first, last, inner_moves, final_moves]`: every move
    /// into a board widens its window, and stored so, that is a bytewise
    /// max, which compiles to one vector instruction (see [`Entry::widen`]).
    pub(super) reach: [u8; 4],
}

impl Entry {
    /// A window of no layers and no moves: widened by any window, it
    /// becomes that window, as a board's first arrival should.
    pub(super) const UNREACHED: Entry = Entry {
        board: Board::EMPTY,
        reach: [0; 4],
    };

    /// What widens a window to cover layers `first..=last`.
    pub(super) fn widening(first: u8, last: u8) -> [u8; 4] {
        [u8::MAX - first, last, 0, 0]
    }

    /// Widens the window by `widening` (see [`Entry::widening`]), leaving
    /// the counts of moves as they are.
    #[inline(always)]
    pub(super) fn widen(&mut self, widening: [u8; 4]) {
        #[cfg(target_arch = "x86_64")]
        {
            // The compiler does not always find this instruction for the
            // loop below on its own.
            use std::arch::x86_64::{_mm_cvtsi32_si128, _mm_cvtsi128_si32, _mm_max_epu8};
            // SAFETY: SSE2 is part of every x86-64 CPU, and only registers
            // are read.
            let wider = unsafe {
                _mm_cvtsi128_si32(_mm_max_epu8(
                    _mm_cvtsi32_si128(i32::from_le_bytes(self.reach)),
                    _mm_cvtsi32_si128(i32::from_le_bytes(widening)),
                ))
            };
            self.reach = wider.to_le_bytes();
        }
        #[cfg(not(target_arch = "x86_64"))]
        for (reach, by) in self.reach.iter_mut().zip(widening) {
            *reach = (*reach).max(by);
        }
    }

    pub fn first(&self) -> u8 {
        u8::MAX - self.reach[0]
    }

    pub fn last(&self) -> u8 {
        self.reach[1]
    }

    pub fn inner_moves(&self) -> u8 {
        self.reach[2]
    }

    pub fn final_moves(&self) -> u8 {
        self.reach[3]
    }
}

/// More moves than any board has (at most eleven on each of nine cells),
/// and a power of two, so that indices into a list of moves need no
/// checks.
pub const MOST_MOVES: usize = 128;
const _: () = assert!(9 * 11 <= MOST_MOVES);

/// Bits that spread boards evenly: lookups of a board start at the group
/// numbered by as many of its low bits as a table needs. Discovery works
/// them out once per move, to fetch the group ahead and to look up.
#[inline(always)]
pub fn spread(board: Board) -> u32 {
    (u64::from(board.packed()).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as u32
}

/// One bucket's boards while discovery visits them, shared with a helper
/// (see [`super::assist`]): `entries` points to `len` boards, whose moves
/// lead at most `depth` layers on; `fills` where they have one empty cell
/// (see [`generate`]).
#[derive(Clone, Copy)]
pub struct Job {
    pub(super) entries: *mut Entry,
    pub(super) len: usize,
    pub(super) depth: u32,
    pub(super) fills: bool,
}

/// What generating one board's moves gave: how many moves were made for
/// lookup, with what they widen their children's windows by, or how many
/// final children were kept.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Generated {
    pub(super) inner: u8,
    pub(super) finals: u8,
    pub(super) widening: [u8; 4],
}

/// Where generated moves go: on the discovery thread, to a board's list
/// with their slots fetched; on the helper, to a chunk's list.
pub trait Sink {
    fn put(&mut self, kind: usize, code: MoveCode, spread: u32);
}

impl Sink for Vec<(MoveCode, u32)> {
    #[inline(always)]
    fn put(&mut self, _: usize, code: MoveCode, spread: u32) {
        self.push((code, spread));
    }
}

/// Generates the moves of the board of `entry`, one of `job`'s: into
/// `sink` for lookup, or as `final_children`.
#[inline(always)]
pub fn generate<K: Ops>(
    kernel: K,
    entry: &Entry,
    job: &Job,
    moves: &mut Moves,
    sink: &mut impl Sink,
    final_children: &mut Vec<Board>,
) -> Generated {
    let mut made = Generated {
        inner: 0,
        finals: 0,
        widening: [0; 4],
    };
    let depth = job.depth;
    if u32::from(entry.first()) < depth {
        let (parent, first, last) = (entry.board, entry.first(), entry.last());
        let child_first = first + 1;
        let child_last = last.min(depth as u8 - 1) + 1;
        kernel.gather(moves, parent);
        // Children first reached at the last layer end every path through
        // them at once, as full ones do, and children first reached at the
        // layer before within a move (see `sweep`). Only a plain placement
        // on the last empty cell fills the board, and it is then the cell's
        // only move: a capture, where there is one, is forced. So a board's
        // moves all end paths, or none.
        let ending = u32::from(child_first) + 1 >= depth
            || (job.fills && moves.iter().next().is_some_and(|p| p.kind() == 0));
        if ending {
            final_children.extend(moves.iter().map(|p| p.apply(parent)));
            made.finals = moves.iter().len() as u8;
        } else {
            let images = kernel.images(parent);
            for placement in moves.iter() {
                let images = kernel.child_images(&images, placement);
                let kind = placement.kind();
                let canonical = Board::from_packed(images.least);
                sink.put(
                    kind,
                    MoveCode::new(canonical, kind, images.orientation),
                    spread(canonical),
                );
            }
            made.inner = moves.iter().len() as u8;
            made.widening = Entry::widening(child_first, child_last);
        }
    }
    made
}

/// Starts fetching every cache line of `items`.
#[inline(always)]
pub fn prefetch_all<T>(items: &[T]) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        let bytes = std::mem::size_of_val(items);
        let start = items.as_ptr().cast::<u8>();
        for offset in (0..bytes).step_by(64) {
            // SAFETY: as in `BoardIndex::prefetch`; the address lies within
            // `items`.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(start.wrapping_add(offset).cast()) };
        }
    }
}

/// The moves a helper generated for one chunk of a bucket's boards.
#[derive(Default, Debug)]
pub struct Chunk {
    pub(super) codes: Vec<(MoveCode, u32)>,
    pub(super) made: Vec<Generated>,
    pub(super) finals: Vec<Board>,
}

impl Chunk {
    /// Generates the moves of `boards` of `job`.
    ///
    /// # Safety
    /// `boards` must lie within `job`'s, which must still be in place, and
    /// no other thread may write their boards and windows meanwhile.
    #[inline(always)]
    pub unsafe fn generate<K: Ops>(&mut self, kernel: K, job: &Job, boards: Range<usize>, moves: &mut Moves) {
        self.codes.clear();
        self.made.clear();
        self.finals.clear();
        for i in boards {
            let at = job.entries.wrapping_add(i);
            // SAFETY: by the caller's promise. Only the board and its window
            // are read: discovery may be writing the counts of moves (see
            // `assist`).
            let entry = unsafe {
                Entry {
                    board: (*at).board,
                    reach: [(*at).reach[0], (*at).reach[1], 0, 0],
                }
            };
            let made = generate(kernel, &entry, job, moves, &mut self.codes, &mut self.finals);
            self.made.push(made);
        }
    }
}

impl Output for Chunk {
    /// Starts fetching the chunk's moves, which the helper wrote on
    /// another CPU.
    #[inline(always)]
    fn prefetch(&self) {
        prefetch_all(&self.codes);
        prefetch_all(&self.made);
        prefetch_all(&self.finals);
    }
}
