//! The process heap, as the `gamespace` binary sets it up: a one-line
//! error instead of an abort when memory runs out, and tuning for a large
//! puzzle search, taken only once a search proves large.
//!
//! These are process-wide settings, so they belong to the binary; the
//! library's engine only says when a search proves large
//! (`SearchOptions::when_large`).
//!
//! **Tuning.** The engine allocates a few large tables per level and frees
//! them a level or two later. Every 4 KiB page it touches for the first
//! time costs a page fault, and a deep search touches tens of MiB.
//! Transparent huge pages take 512 times fewer faults for the same memory,
//! but Linux gives them by default only to memory marked for them
//! (`madvise`), which glibc's heap is not. So on Linux with glibc, once a
//! search proves large, the heap grows by [`ROOM`], which is marked, and
//! keeps large blocks (instead of mapping and unmapping each on its own)
//! and freed memory (instead of handing it back). A fresh huge page costs
//! more to clear than a small one, so the first [`SMALL_ROOM`] past the
//! heap's top is left in small pages, for the searches that have only just
//! proved large. Small searches never get here and pay nothing for it.
//!
//! ```text
//!   heap:  [ in use | probe | SMALL_ROOM (4 KiB pages) | huge pages ... ]
//!                           ^ next large block          ^ marked, up to ROOM
//! ```
//!
//! Under an address-space limit (`ulimit -v`) too tight to spare [`ROOM`],
//! the heap is left as glibc sets it. Elsewhere than Linux with glibc this
//! module does nothing.

use std::alloc::{GlobalAlloc, Layout, System};

/// Sets the heap up for a large search, once per process; later calls do
/// nothing. Only where memory comes from changes: every allocation works
/// as before, with or without huge pages.
pub fn prefer_huge_pages() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    ONCE.call_once(tune_for_large_searches);
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    ONCE.call_once(|| ());
}

/// How far the heap grows at once, marked for huge pages.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const ROOM: usize = 64 << 20;

/// Transparent huge pages come in this size, aligned to it.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const HUGE_PAGE: usize = 2 << 20;

/// Whether the process may map [`ROOM`] several times over: no address
/// space limit, or a generous one. A search that proves large needs the
/// room, its own tables and its counts' mapping; under a tighter limit
/// the tuning would take room the search needs.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn address_space_to_spare() -> bool {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `getrlimit` writes only the `rlimit` it is given.
    let status = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) };
    status == 0 && (limit.rlim_cur == libc::RLIM_INFINITY || limit.rlim_cur >= 16 * ROOM as libc::rlim_t)
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn tune_for_large_searches() {
    use std::ffi::c_int;

    // More than the heap keeps free at the top by default (128 KiB).
    const PROBE: usize = 1 << 20;
    // glibc's bookkeeping next to a block, with room to spare.
    const SLACK: usize = 64;

    if !address_space_to_spare() {
        return;
    }

    // SAFETY: `mallopt` only sets glibc's allocation parameters, which any
    // values keep consistent.
    unsafe {
        // One arena for every thread, so that the second thread (`--threads`)
        // allocates here too, in huge pages. The two then share the arena's
        // lock, but they seldom wait on it, and mostly for a page fault that
        // one of them takes anyway; an arena of its own, in small pages,
        // costs more than the waits.
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

/// How much of the heap a search that has just proved large uses first
/// in small (4 KiB) pages, before the huge ones: a search a little past
/// the threshold then clears no 2 MiB huge page, and a larger one pays only
/// 64 more small page faults.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const SMALL_ROOM: usize = 256 << 10;

/// The system's allocator, except that an allocation it cannot serve ends
/// the process with the one-line error (exit status 1) instead of the
/// standard library's abort: under an address-space limit too tight for a
/// search, say. Only on Linux with glibc, where `_exit` is at hand.
pub struct ExitWhenOutOfMemory;

// SAFETY: every method passes its arguments to `System` unchanged and
// returns what it returns; only a null pointer, which the caller would
// have to handle as a failure, ends the process instead.
unsafe impl GlobalAlloc for ExitWhenOutOfMemory {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's promises about `layout` hold for `System`.
        served(unsafe { System.alloc(layout) }, layout.size())
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as in `alloc`.
        served(unsafe { System.alloc_zeroed(layout) }, layout.size())
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System`, through this allocator.
        unsafe { System.dealloc(ptr, layout) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as in `dealloc`, and the caller's promises hold for `System`.
        served(unsafe { System.realloc(ptr, layout, new_size) }, new_size)
    }
}

/// `ptr`, unless it is null: then the process ends, out of memory for
/// `size` bytes.
#[inline(always)]
fn served(ptr: *mut u8, size: usize) -> *mut u8 {
    if ptr.is_null() {
        out_of_memory(size);
    }
    ptr
}

/// Writes the error and ends the process at once, without running
/// anything that might allocate (no formatting, no flushing of stdout,
/// which holds no result yet: results are written at the end).
#[cold]
fn out_of_memory(size: usize) -> ! {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = size;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    let parts: [&[u8]; 3] = [
        b"gamespace: error: out of memory: could not allocate ",
        &digits[at..],
        b" bytes (is the address space limited, as by ulimit -v?)\n",
    ];
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        for part in parts {
            // SAFETY: writes `part`, which lives, to the standard error's
            // descriptor; a failure leaves nothing to do.
            unsafe { libc::write(2, part.as_ptr().cast(), part.len()) };
        }
        // SAFETY: ends the process; nothing runs after.
        unsafe { libc::_exit(1) }
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    {
        use std::io::Write;
        let mut stderr = std::io::stderr();
        for part in parts {
            stderr.write_all(part).unwrap_or(());
        }
        std::process::exit(1)
    }
}
