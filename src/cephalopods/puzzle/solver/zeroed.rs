//! Counts in memory mapped straight from the kernel, which hands it out as
//! zeros: a buffer that grows by zeros without writing them.
//!
//! The arena of counts (see `sweep`) grows as a search widens, and every
//! count it adds must start at zero. On the heap, that means clearing each
//! count, after the kernel has already cleared the page: on `1 2 0 / 0 0 0 /
//! 0 0 0` at depth 40 the arena grows to 9 MB, and its memory was cleared
//! twice. Mapped on its own, it is cleared once, by the kernel, as it is
//! first touched. That pays in a process that runs one search; one that
//! runs many does better on the heap, which reuses memory already faulted
//! in (see `super::CountsIn`).
//!
//! On Linux with glibc only (where the crate uses `libc`); elsewhere the
//! arena stays on the heap.

use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;

use super::HUGE_PAGE;

/// A growable buffer of `u32`s whose entries past `len` are all zeros, in
/// memory mapped for it alone. The memory is marked for transparent huge
/// pages, as the heap is (`super::heap`): in small pages, every 4 KiB
/// first touched would cost a page fault.
pub struct Zeroed {
    mapping: Mapping,
    len: usize,
}

/// Memory mapped with `mmap`, unmapped when dropped.
struct Mapping {
    /// The start, aligned to a huge page.
    start: NonNull<u32>,
    /// Bytes mapped from `start`.
    bytes: usize,
}

impl Zeroed {
    /// A buffer with room for `capacity` entries, none in use; `None` if
    /// the kernel maps no memory, or no address space is that large.
    pub fn with_capacity(capacity: usize) -> Option<Zeroed> {
        let bytes = (capacity.max(1).checked_mul(size_of::<u32>()))
            .and_then(|bytes| bytes.checked_next_multiple_of(HUGE_PAGE))
            .filter(|&bytes| bytes <= isize::MAX as usize - HUGE_PAGE)?;
        let mapping = Mapping::new(bytes)?;
        Some(Zeroed { mapping, len: 0 })
    }

    /// How many entries fit without moving.
    pub fn capacity(&self) -> usize {
        self.mapping.bytes / size_of::<u32>()
    }

    /// Puts `len` entries in use, the new ones zeros. Past its capacity the
    /// buffer moves to a mapping twice as large (or as large as `len`), as a
    /// `Vec` does; `None`, with the buffer as it was, if the kernel maps no
    /// memory that large.
    pub fn grow_to(&mut self, len: usize) -> Option<()> {
        debug_assert!(len >= self.len, "the buffer never shrinks");
        if len > self.capacity() {
            let mut larger = Zeroed::with_capacity(len.max(2 * self.capacity()))?;
            larger.len = self.len;
            larger.copy_from_slice(self);
            *self = larger;
        }
        // What `Deref` relies on, whatever the sizes.
        assert!(len <= self.capacity(), "a buffer larger than its mapping");
        self.len = self.len.max(len);
        Some(())
    }
}

impl Deref for Zeroed {
    type Target = [u32];

    fn deref(&self) -> &[u32] {
        // SAFETY: the first `len` entries lie in the mapping (`len` never
        // passes the capacity), which is readable, initialised (the kernel
        // maps zeros) and aligned for `u32`, and lives as long as `self`.
        unsafe { std::slice::from_raw_parts(self.mapping.start.as_ptr(), self.len) }
    }
}

impl DerefMut for Zeroed {
    fn deref_mut(&mut self) -> &mut [u32] {
        // SAFETY: as for `deref`, and `&mut self` keeps the mapping to this
        // one borrow.
        unsafe { std::slice::from_raw_parts_mut(self.mapping.start.as_ptr(), self.len) }
    }
}

impl Mapping {
    /// `bytes` (a multiple of a huge page, not 0) of zeros, starting on a
    /// huge page, marked for huge pages; `None` if the kernel maps no
    /// memory.
    fn new(bytes: usize) -> Option<Mapping> {
        debug_assert!(bytes > 0 && bytes.is_multiple_of(HUGE_PAGE));
        // Mapped a huge page larger, then trimmed to start and end on one.
        let loose = bytes.checked_add(HUGE_PAGE)?;
        // SAFETY: a new private anonymous mapping, at an address of the
        // kernel's choosing, changes no memory that Rust knows of.
        let at = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                loose,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                -1,
                0,
            )
        };
        if at == libc::MAP_FAILED {
            return None;
        }
        let at = at as usize;
        let start = at.next_multiple_of(HUGE_PAGE);
        // SAFETY: both ranges lie in the mapping just made (the head is
        // shorter than a huge page, and the tail is what is left), which
        // nothing uses yet. The kernel maps whole pages, so both are whole
        // pages: a huge page is a multiple of every page size Linux uses.
        // A failure would leave a part mapped but unused, which is harmless.
        unsafe {
            if start > at {
                libc::munmap(at as *mut libc::c_void, start - at);
            }
            let tail = at + loose - (start + bytes);
            if tail > 0 {
                libc::munmap((start + bytes) as *mut libc::c_void, tail);
            }
            // Advice only: where the kernel gives no huge pages, the memory
            // works as well in small ones, so a failure is ignored.
            libc::madvise(start as *mut libc::c_void, bytes, libc::MADV_HUGEPAGE);
        }
        Some(Mapping {
            start: NonNull::new(start as *mut u32)?,
            bytes,
        })
    }
}

impl Drop for Mapping {
    fn drop(&mut self) {
        // SAFETY: the mapping is this value's alone, and no borrow of it
        // outlives the buffer that used it. A failure would leave it mapped:
        // a leak.
        unsafe { libc::munmap(self.start.as_ptr().cast(), self.bytes) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_come_as_zeros_and_keep_their_values_as_the_buffer_moves() {
        let mut buffer = Zeroed::with_capacity(1_000).expect("a mapping");
        assert_eq!(buffer.capacity(), HUGE_PAGE / size_of::<u32>());
        assert_eq!(buffer.as_ptr() as usize % HUGE_PAGE, 0, "starts on a huge page");
        buffer.grow_to(100);
        assert!(buffer.iter().all(|&entry| entry == 0));
        for (i, entry) in buffer.iter_mut().enumerate() {
            *entry = i as u32 + 1;
        }
        let first = buffer.as_ptr();
        buffer.grow_to(3_000);
        assert_eq!(buffer.as_ptr(), first, "room to grow where it is");
        let moved_at = buffer.capacity() + 1;
        buffer.grow_to(moved_at);
        assert_ne!(buffer.as_ptr(), first, "moved to a larger mapping");
        assert_eq!(buffer.capacity(), 2 * HUGE_PAGE / size_of::<u32>());
        assert_eq!(buffer.len(), moved_at);
        assert!((0..100).all(|i| buffer[i] == i as u32 + 1));
        assert!(buffer[100..].iter().all(|&entry| entry == 0));
    }

    #[test]
    fn no_buffer_is_larger_than_the_address_space() {
        assert!(Zeroed::with_capacity(usize::MAX / 2).is_none());
        assert!(Zeroed::with_capacity(1 << 62).is_none());
    }
}
