//! Work sharing between the discovery thread and the counting thread,
//! while the counting thread waits for a level.
//!
//! In the pipeline, discovery takes longer than counting, and the counting
//! thread waits for the rest. Part of discovery's work needs nothing that
//! discovery changes: generating a board's moves needs only the board,
//! while looking the children up changes the indexes, which only discovery
//! touches. So a bucket's boards are offered in chunks: discovery claims
//! them from the front, doing the whole work, and the waiting counting
//! thread, the helper, claims them from the back and does the shareable
//! part, into a buffer per chunk that discovery then finishes.
//!
//! ```text
//!   chunks:   [0][1][2][3][4][5][6][7]
//!   claims:   discovery ──>    <── helper
//!   helped:            discovery finishes the helper's chunks as they
//!                      come, between its own (from the back down)
//! ```
//!
//! This module knows nothing of boards: the work is a job of `len` items
//! (`J`), each chunk's result a value of `C` that the helper fills in (see
//! [`Assist::help`]), and which items each side may touch is all it
//! decides. Claims are one atomic word (the offer's number, the first and
//! one past the last chunk not yet claimed), so each chunk goes to exactly
//! one side.
//!
//! Discovery finishes each of the helper's chunks as soon as it is done,
//! rather than all at the end of the bucket, so that the helper keeps
//! generating meanwhile; the items are then visited out of order, a chunk
//! at a time, and counting follows that order (see
//! `discovery::Bucket::visit_order`). Discovery never waits long for the
//! helper: a helper that the system stops for a while (another process on
//! its CPU) would stop discovery too. Past [`LONGEST_WAIT`], discovery takes
//! back the helper's chunks that are not done, and offers nothing more
//! until the helper has caught up.

use std::cell::UnsafeCell;
use std::ops::Range;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Items per chunk. Each chunk costs discovery a claim, a look at the
/// helper's count and a fetch of the chunk's results from the other CPU,
/// on cache lines that the helper writes, so chunks must be long enough
/// for that to be small beside the work; and short enough that the helper
/// gets several of a bucket.
const CHUNK: usize = 256;

/// Buckets with fewer items are visited alone.
pub const HELP_FROM: usize = 2 * CHUNK;

/// How long discovery waits for the helper's last chunk: many times what a
/// chunk of boards takes to generate, so that only a helper the system
/// stopped is given up on.
const LONGEST_WAIT: Duration = Duration::from_micros(50);

/// What the helper makes of one chunk. Kept from offer to offer, so that
/// its buffers are reused.
pub trait Output: Default {
    /// Starts fetching the result into this CPU's cache: the helper wrote
    /// it on another.
    fn prefetch(&self);
}

/// One job on offer at a time, shared by the discovery thread and its
/// helper: a job `J` of items in chunks, with a result `C` per chunk.
pub struct Assist<J, C> {
    /// The offer's number, then the first and one past the last chunk not
    /// yet claimed, 16 bits each: discovery takes from the front, the
    /// helper from the back.
    claims: AtomicU64,
    /// How many chunks the helper has done, over all offers.
    generated: AtomicU32,
    /// How many chunks the helper claimed in earlier offers. Only the
    /// discovery thread uses it.
    claimed: AtomicU32,
    /// The job on offer and its number of items. Written only while the
    /// helper holds no claim.
    job: UnsafeCell<Option<(J, usize)>>,
    /// By chunk. Chunk `c` is written only by the helper, from its claim
    /// until it counts as generated, and read by discovery only after; the
    /// list grows only while the helper holds no claim. Each chunk in a
    /// cell of its own, so that discovery can read the done ones while a
    /// helper that stalled still writes another.
    chunks: UnsafeCell<Vec<UnsafeCell<C>>>,
}

impl<J, C> Default for Assist<J, C> {
    fn default() -> Self {
        Assist {
            claims: AtomicU64::new(0),
            generated: AtomicU32::new(0),
            claimed: AtomicU32::new(0),
            job: UnsafeCell::new(None),
            chunks: UnsafeCell::new(Vec::new()),
        }
    }
}

// SAFETY: the cells are shared as the comments on `Assist`'s fields say,
// through the claims (see `Offer` and `Assist::help`). A job is handed to
// the helper by copy, and its items only as far as the claims allow (see
// `Assist::offer`).
unsafe impl<J: Copy, C: Send> Sync for Assist<J, C> {}
// SAFETY: as above.
unsafe impl<J: Copy, C: Send> Send for Assist<J, C> {}

const FRONT_SHIFT: u32 = 16;
const EPOCH_SHIFT: u32 = 32;
const INDEX: u64 = (1 << FRONT_SHIFT) - 1;

fn unpack(claims: u64) -> (usize, usize) {
    (
        ((claims >> FRONT_SHIFT) & INDEX) as usize,
        (claims & INDEX) as usize,
    )
}

/// Items per chunk for a job of `len`, so that chunks can be counted in
/// 16 bits.
fn chunk_len(len: usize) -> usize {
    CHUNK.max(len.div_ceil(INDEX as usize))
}

/// The items of `chunks` in a job of `len`.
fn items(len: usize, chunks: Range<usize>) -> Range<usize> {
    let chunk_len = chunk_len(len);
    chunks.start * chunk_len..(chunks.end * chunk_len).min(len)
}

impl<J: Copy, C: Output> Assist<J, C> {
    /// Offers the `len` items of `job` in chunks; `None` while the helper
    /// is still doing a chunk of an earlier offer.
    ///
    /// # Safety
    /// The items of `job` must stay in place, and the helper may read them
    /// (through [`Assist::help`]'s `work`), as long as the helper may still
    /// be working on this offer. Until the offer's [`Offer::finish`]
    /// returns, the caller may touch only the items that [`Offer::claim`]
    /// hands it, and those of the chunks that [`Offer::helped`] hands on,
    /// and after `finish` also those of the parts it hands on; of the
    /// helper's chunks, only what the helper never reads. Only one thread
    /// makes offers.
    pub unsafe fn offer(&self, job: J, len: usize) -> Option<Offer<'_, J, C>> {
        let claimed = self.claimed.load(Ordering::Relaxed);
        if self.generated.load(Ordering::Acquire) != claimed {
            return None;
        }
        let chunks = len.div_ceil(chunk_len(len));
        // SAFETY: the helper holds no claim, and cannot make one now, so no
        // one else reads these cells.
        unsafe {
            *self.job.get() = Some((job, len));
            let list = &mut *self.chunks.get();
            if list.len() < chunks {
                list.resize_with(chunks, UnsafeCell::default);
            }
        }
        let epoch = (self.claims.load(Ordering::Relaxed) >> EPOCH_SHIFT).wrapping_add(1);
        self.claims
            .store((epoch << EPOCH_SHIFT) | chunks as u64, Ordering::Release);
        Some(Offer {
            assist: self,
            len,
            chunks,
            claimed,
            helped_from: chunks,
            generated_from: chunks,
            handed_from: chunks,
        })
    }

    /// Does the chunk at the back of the offer, if one is left, by calling
    /// `work` with the job, the chunk's items and its result to fill in:
    /// whether there was one. While `work` runs, no other thread writes
    /// those items' parts that the offer's maker promised the helper may
    /// read (see [`Assist::offer`]), and they stay in place.
    #[inline(always)]
    pub fn help(&self, work: impl FnOnce(&J, Range<usize>, &mut C)) -> bool {
        let mut claims = self.claims.load(Ordering::Acquire);
        let chunk = loop {
            let (front, back) = unpack(claims);
            if front >= back {
                return false;
            }
            match self
                .claims
                .compare_exchange_weak(claims, claims - 1, Ordering::Acquire, Ordering::Acquire)
            {
                Ok(_) => break back - 1,
                Err(now) => claims = now,
            }
        };
        // SAFETY: the claim was made on the current offer; the chunk's
        // result is this thread's alone until it counts as generated, and
        // the offer's job and the list of chunks do not change until then.
        unsafe {
            let (job, len) = (*self.job.get()).expect("an offer has a job");
            let list: &Vec<UnsafeCell<C>> = &*self.chunks.get();
            work(&job, items(len, chunk..chunk + 1), &mut *list[chunk].get());
        }
        self.generated.fetch_add(1, Ordering::Release);
        true
    }

    /// Chunk `chunk` of the current offer, as the helper did it.
    ///
    /// # Safety
    /// The helper must be done with the chunk: it must count as generated,
    /// or lie past the helper's claims once the offer can take no more.
    #[inline(always)]
    unsafe fn generated_chunk(&self, chunk: usize) -> &C {
        // SAFETY: the list does not change while an offer lasts, and by the
        // caller's promise no one writes this chunk any more.
        unsafe {
            let list: &Vec<UnsafeCell<C>> = &*self.chunks.get();
            &*list[chunk].get()
        }
    }
}

/// One job on offer, as the discovery thread sees it.
pub struct Offer<'a, J, C> {
    assist: &'a Assist<J, C>,
    len: usize,
    chunks: usize,
    /// The helper's claims in earlier offers.
    claimed: u32,
    /// The first chunk the helper claimed, once every chunk is claimed.
    helped_from: usize,
    /// The first chunk the helper is known to have generated: it generates
    /// its chunks from the back down, one at a time.
    generated_from: usize,
    /// The first of the helper's chunks handed on to be looked up.
    handed_from: usize,
}

/// A part of the helper's share of the job on offer, in order: items
/// that it claimed but did not do in time (and may still be reading), or
/// a chunk that it did.
pub enum Part<'a, C> {
    TakenBack(Range<usize>),
    Helped(&'a C, Range<usize>),
}

impl<'a, J: Copy, C: Output> Offer<'a, J, C> {
    /// The items of the next chunk at the front, if one is left.
    #[inline(always)]
    pub fn claim(&mut self) -> Option<Range<usize>> {
        let claims = &self.assist.claims;
        let mut now = claims.load(Ordering::Relaxed);
        loop {
            let (front, back) = unpack(now);
            if front >= back {
                self.helped_from = back;
                return None;
            }
            match claims.compare_exchange_weak(
                now,
                now + (1 << FRONT_SHIFT),
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return Some(items(self.len, front..front + 1)),
                Err(then) => now = then,
            }
        }
    }

    /// The next chunk the helper has done, from the back down, that was
    /// not handed on yet, with its items. The one after it, if done too,
    /// starts coming from the helper's CPU meanwhile.
    #[inline(always)]
    pub fn helped(&mut self) -> Option<(&'a C, Range<usize>)> {
        if self.generated_from == self.handed_from {
            let generated = self.assist.generated.load(Ordering::Acquire) - self.claimed;
            self.generated_from = self.chunks - generated as usize;
            if self.generated_from == self.handed_from {
                return None;
            }
        }
        self.handed_from -= 1;
        let chunk = self.handed_from;
        let assist = self.assist;
        if chunk > self.generated_from {
            // SAFETY: the helper generated the chunks from `generated_from`
            // on, this one's neighbour among them.
            unsafe { assist.generated_chunk(chunk - 1) }.prefetch();
        }
        // SAFETY: the helper generated the chunks from `generated_from` on.
        let generated = unsafe { assist.generated_chunk(chunk) };
        Some((generated, items(self.len, chunk..chunk + 1)))
    }

    /// Once every chunk is claimed: the rest of the job, in order of
    /// items. The helper's chunks that it has not done within
    /// [`LONGEST_WAIT`] come back to be done by discovery.
    #[inline(always)]
    pub fn finish(self) -> impl Iterator<Item = Part<'a, C>> {
        let helped = (self.chunks - self.helped_from) as u32;
        let assist = self.assist;
        assist.claimed.store(self.claimed + helped, Ordering::Relaxed);
        let done = || assist.generated.load(Ordering::Acquire) - self.claimed;
        let mut generated = done();
        if generated < helped {
            let waiting_since = Instant::now();
            while generated < helped && waiting_since.elapsed() < LONGEST_WAIT {
                for _ in 0..16 {
                    std::hint::spin_loop();
                }
                generated = done();
            }
        }
        // The helper generates its chunks from the back down.
        let ready_from = self.chunks - generated as usize;
        let alone = (ready_from > self.helped_from)
            .then(|| Part::TakenBack(items(self.len, self.helped_from..ready_from)));
        let len = self.len;
        // Those from `handed_from` on were handed on by `helped`, which saw
        // no more generated than there are now.
        let not_handed = ready_from..self.handed_from;
        alone.into_iter().chain(not_handed.map(move |c| {
            // SAFETY: the helper is done with the chunks from `ready_from`
            // on, and can claim no more in this offer.
            Part::Helped(unsafe { assist.generated_chunk(c) }, items(len, c..c + 1))
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A job of `len` items, whose chunk's result lists the items done.
    type Listed = Assist<usize, Vec<usize>>;

    impl Output for Vec<usize> {
        fn prefetch(&self) {}
    }

    impl Listed {
        /// Claims the chunk at the back without doing it, as a helper that
        /// the system stops at once.
        fn claim_and_stall(&self) -> usize {
            let claims = self.claims.fetch_sub(1, Ordering::Acquire);
            let (front, back) = unpack(claims);
            assert!(front < back, "a chunk is left");
            back - 1
        }

        /// Does the chunk at the back, listing its items.
        fn list_one(&self) -> bool {
            self.help(|&len, items, out: &mut Vec<usize>| {
                assert!(items.end <= len);
                out.clear();
                out.extend(items);
            })
        }
    }

    /// Checks that `chunk` lists `items`.
    fn check_chunk(chunk: &[usize], items: &Range<usize>) {
        assert!(chunk.iter().copied().eq(items.clone()), "{items:?}");
    }

    /// Discovery takes the front a chunk at a time, and the helper's chunks
    /// from the back down as they are done; the rest come at the end, and
    /// every item comes once.
    #[test]
    fn the_parts_cover_the_job() {
        let len = 10 * CHUNK + 5;
        let assist = Listed::default();
        // SAFETY: the job is a number, which nothing writes.
        let mut offer = unsafe { assist.offer(len, len) }.expect("nothing owed");
        let first = offer.claim().expect("a chunk");
        assert_eq!(first, 0..CHUNK);
        let mut visited = vec![first];
        assert!(offer.helped().is_none(), "nothing done yet");
        for _ in 0..3 {
            assert!(assist.list_one());
        }
        for expected in [10 * CHUNK..10 * CHUNK + 5, 9 * CHUNK..10 * CHUNK] {
            let (chunk, items) = offer.helped().expect("a chunk done");
            assert_eq!(items, expected);
            check_chunk(chunk, &items);
            visited.push(items);
        }
        while let Some(items) = offer.claim() {
            assert_eq!(items.len(), CHUNK);
            visited.push(items);
        }
        assert_eq!(visited.last(), Some(&(7 * CHUNK..8 * CHUNK)));
        assert!(!assist.list_one(), "nothing left to claim");
        for part in offer.finish() {
            let Part::Helped(chunk, items) = part else {
                panic!("a chunk done came back");
            };
            assert_eq!(items, 8 * CHUNK..9 * CHUNK);
            check_chunk(chunk, &items);
            visited.push(items);
        }
        visited.sort_by_key(|items| items.start);
        assert_eq!(visited.first().map(|items| items.start), Some(0));
        assert!(visited.windows(2).all(|pair| pair[0].end == pair[1].start));
        assert_eq!(visited.last().map(|items| items.end), Some(len));
    }

    /// A helper that stops with a chunk claimed costs discovery at most
    /// [`LONGEST_WAIT`]: the chunk comes back to discovery, and nothing
    /// more is offered until the helper is done with it.
    #[test]
    fn a_stalled_helper_is_not_waited_for() {
        let len = 4 * CHUNK;
        let assist = Listed::default();
        // SAFETY: as above.
        let mut offer = unsafe { assist.offer(len, len) }.expect("nothing owed");
        assert!(assist.list_one());
        assert_eq!(assist.claim_and_stall(), 2);
        assert_eq!(offer.claim(), Some(0..CHUNK));
        assert_eq!(offer.claim(), Some(CHUNK..2 * CHUNK));
        assert_eq!(offer.claim(), None);
        let started = Instant::now();
        let parts: Vec<(bool, Range<usize>)> = (offer.finish())
            .map(|part| match part {
                Part::TakenBack(items) => (false, items),
                Part::Helped(_, items) => (true, items),
            })
            .collect();
        assert!(started.elapsed() >= LONGEST_WAIT);
        assert_eq!(
            parts,
            [(false, 2 * CHUNK..3 * CHUNK), (true, 3 * CHUNK..4 * CHUNK)]
        );
        // SAFETY: as above.
        assert!(
            unsafe { assist.offer(len, len) }.is_none(),
            "the helper owes a chunk"
        );
        assist.generated.fetch_add(1, Ordering::Release);
        // SAFETY: as above.
        let mut offer = unsafe { assist.offer(len, len) }.expect("the helper caught up");
        assert_eq!(offer.claim(), Some(0..CHUNK));
    }

    #[test]
    fn chunks_are_counted_in_sixteen_bits() {
        assert_eq!(chunk_len(100), CHUNK);
        let huge: usize = 10_000_000;
        assert!(huge.div_ceil(chunk_len(huge)) <= INDEX as usize);
    }
}
