//! The process heap set up for a deep search, in a process that runs one.
//!
//! The engine allocates a few large tables per level and frees them a level
//! or two later. Every 4 KiB page it touches for the first time costs a page
//! fault, about 2 µs on the development VM, and a deep search touches 12 to
//! 21 MiB: 3,000 to 5,400 faults, a tenth of its time. Transparent huge pages
//! take 512 times fewer faults for the same memory, but Linux gives them by
//! default only to memory marked for them (`madvise`), which glibc's heap is
//! not. So on Linux with glibc, the heap grows once, by 64 MiB, which is
//! marked, and keeps large blocks (instead of mapping and unmapping each on
//! its own) and freed memory (instead of handing it back). A huge page
//! costs about 0.2 to 0.35 ms when first touched there, mostly the host's
//! work (the VM hands free memory back to it), where clearing 2 MiB takes
//! 0.06 to 0.09 ms. The smallest searches touch only 4 to 37 small pages
//! past what start-up takes. So the first 256 KiB of the engine's memory
//! are left in small pages (`SMALL_ROOM`), and huge pages begin past them.
//! See BENCHMARKS.md, rounds 13, 16, 21 and 36.
//! Elsewhere this does nothing.

#[cfg(all(target_os = "linux", target_env = "gnu"))]
use super::HUGE_PAGE;

/// Grows the heap and marks the new room, past a first `SMALL_ROOM`, for
/// transparent huge pages, for every later allocation in this process.
/// Only where memory comes from changes: every allocation works as before,
/// with or without huge pages. Meant for a process that runs one large
/// search, as `gamespace cephalopods` does: it sets glibc's allocation
/// parameters for the whole process.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn prefer_huge_pages() {
    use std::ffi::c_int;

    const ROOM: usize = 64 << 20;
    // More than the heap keeps free at the top by default (128 KiB).
    const PROBE: usize = 1 << 20;
    // glibc's bookkeeping next to a block, with room to spare.
    const SLACK: usize = 64;

    // SAFETY: `mallopt` only sets glibc's allocation parameters, which any
    // values keep consistent.
    unsafe {
        // One arena for every thread, so that the second thread (`--threads`)
        // allocates here too. The two then share the arena's lock, but they
        // seldom wait on it, and mostly for a page fault that one of them
        // takes anyway; an arena of its own, in small pages, cost far more
        // (BENCHMARKS.md, round 41).
        libc::mallopt(libc::M_ARENA_MAX, 1);
        // Blocks up to 32 MiB (glibc's most) from the heap, not from 128 KiB.
        libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, c_int::MAX);
        libc::mallopt(libc::M_TOP_PAD, ROOM as c_int);
    }
    // A block larger than the heap has free makes glibc grow the heap by the
    // block and the room past it. `black_box` keeps the allocation, which
    // the compiler could otherwise drop as unused.
    let probe = std::hint::black_box(Vec::<u8>::with_capacity(PROBE));
    let start = probe.as_ptr() as usize;
    drop(probe);
    // SAFETY: `sbrk(0)` moves nothing: it returns the end of the heap.
    let end = unsafe { libc::sbrk(0) } as usize;
    // Only if the probe came from the heap: below its end, and near it.
    if !(start < end && end - start <= PROBE + 2 * ROOM) {
        return;
    }
    // glibc wrote its bookkeeping just past the probe, so that page is
    // already there, in small pages: huge pages start past it, and past
    // the small room.
    let from = (start + PROBE + SLACK + SMALL_ROOM).next_multiple_of(HUGE_PAGE);
    let to = end / HUGE_PAGE * HUGE_PAGE;
    if from >= to {
        return;
    }
    // SAFETY: the range lies in the heap, which is mapped; the advice is a
    // hint that changes no memory. A failure (a kernel without huge pages)
    // leaves things as they were, so it is ignored.
    unsafe { libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE) };
    // The heap serves large blocks from its lowest free address, `start`
    // again: a block kept up to the small room makes the next ones start
    // there, and go on into huge pages. It is never touched, so it takes
    // no memory.
    let head = from - start - SLACK - SMALL_ROOM;
    std::mem::forget(std::hint::black_box(Vec::<u8>::with_capacity(head)));
}

/// How much of the heap the engine uses first in small (4 KiB) pages, before
/// the huge ones: enough for public tests 1 to 6 (16 to 148 KiB each), which
/// then clear no 2 MiB huge page. Each took about 0.25 ms less, and the
/// larger searches, which fill the room, about 0.1 ms more for its 64 page
/// faults: the 12 public tests' compute 1.05x faster (BENCHMARKS.md, round
/// 21).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const SMALL_ROOM: usize = 256 << 10;

/// Does nothing off Linux with glibc.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn prefer_huge_pages() {}
