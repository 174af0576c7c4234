//! The counting thread's help with discovery, while it waits for a level.
//!
//! In the pipeline, discovery takes about three times as long as counting,
//! and the counting thread waits for the rest. Generating a board's moves
//! (their children's canonical forms) needs only the board, while looking
//! the children up changes the indexes, which only discovery touches. So
//! a bucket's boards are offered in chunks: discovery claims them from the
//! front, generating and looking up as alone, and the waiting counting
//! thread claims them from the back and only generates, into buffers that
//! discovery then looks up.
//!
//! Discovery looks each of the helper's chunks up as soon as it is
//! generated, between chunks of its own, rather than all at the end of
//! the bucket: the helper meanwhile goes on generating, where it used to
//! wait for the bucket to be looked up, and it generates more of it. The
//! boards are then visited out of order, a chunk at a time, and counting
//! follows that order (see `Bucket::visit_order`). Looking the helper's
//! chunks up at the end, public tests 7 to 12 took 1.02x as long on two
//! threads (BENCHMARKS.md, round 51).
//!
//! The help saves less than its share of the work suggests: looking a
//! chunk's moves up waits on memory, which a visit hides behind the next
//! board's generation, so a chunk the helper generated still costs
//! discovery about three quarters of a visit. A helper that claimed from
//! the front too, and kept busy longer, left discovery more lookups and
//! ran slower (BENCHMARKS.md, round 26).
//!
//! Discovery never waits long for its helper: a helper that the system
//! stops for a while (another process on its CPU) would stop discovery
//! too. Past [`LONGEST_WAIT`], discovery generates the helper's chunks that
//! are not done itself, and offers nothing more until the helper has
//! caught up.

use std::cell::UnsafeCell;
use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::graph::{Chunk, Job};
use super::kernel::Ops;
use crate::cephalopods::moves::Moves;

/// Boards per chunk: about 7 µs of the helper's work (round 26 timed 32
/// boards at 2,210 ticks of 2.6 GHz). Each chunk costs discovery a claim,
/// a look at the helper's count and a fetch of the chunk's moves from the
/// other CPU, on cache lines that the helper writes: with chunks of 64
/// boards the public tests 7 to 12 took 1.09x as long on two threads, and
/// with 128 1.01x; 512 to 1,024 measured alike (BENCHMARKS.md, round 51).
const CHUNK: usize = 256;

/// Buckets with fewer boards are visited alone.
pub const HELP_FROM: usize = 2 * CHUNK;

/// How long discovery waits for the helper's last chunk: a chunk takes
/// about 7 µs to generate.
const LONGEST_WAIT: Duration = Duration::from_micros(50);

/// Whether a discovery has help.
pub trait Help {
    fn assist(&self) -> Option<&Assist>;
}

/// No help: the discovery of a one-thread search.
#[derive(Default)]
pub struct Alone;

impl Help for Alone {
    #[inline(always)]
    fn assist(&self) -> Option<&Assist> {
        None
    }
}

/// Help, once a second thread runs the discovery.
impl Help for Option<Arc<Assist>> {
    #[inline(always)]
    fn assist(&self) -> Option<&Assist> {
        self.as_deref()
    }
}

/// One bucket's boards on offer, shared by the discovery thread and its
/// helper.
#[derive(Default)]
pub struct Assist {
    /// The offer's number, then the first and one past the last chunk not
    /// yet claimed, 16 bits each: discovery takes from the front, the
    /// helper from the back.
    claims: AtomicU64,
    /// How many chunks the helper has generated, over all offers.
    generated: AtomicU32,
    /// How many chunks the helper claimed in earlier offers. Only the
    /// discovery thread uses it.
    claimed: AtomicU32,
    /// The bucket on offer. Written only while the helper holds no claim.
    job: UnsafeCell<Option<Job>>,
    /// By chunk. Chunk `c` is written only by the helper, from its claim
    /// until it counts as generated, and read by discovery only after; the
    /// list grows only while the helper holds no claim. Each chunk in a
    /// cell of its own, so that discovery can read the generated ones while
    /// a helper that stalled still writes another.
    chunks: UnsafeCell<Vec<UnsafeCell<Chunk>>>,
}

// SAFETY: the cells are shared as the comments on `Assist`'s fields say,
// through the claims (see `Offer` and `Assist::help`), and the boards that
// `job` points to likewise.
unsafe impl Sync for Assist {}
// SAFETY: as above; `job` is a pointer that only a claim lets anyone use.
unsafe impl Send for Assist {}

const FRONT_SHIFT: u32 = 16;
const EPOCH_SHIFT: u32 = 32;
const INDEX: u64 = (1 << FRONT_SHIFT) - 1;

fn unpack(claims: u64) -> (usize, usize) {
    (
        ((claims >> FRONT_SHIFT) & INDEX) as usize,
        (claims & INDEX) as usize,
    )
}

/// Boards per chunk for a bucket of `len`, so that chunks can be counted in
/// 16 bits.
fn chunk_len(len: usize) -> usize {
    CHUNK.max(len.div_ceil(INDEX as usize))
}

/// The boards of `chunks` in a bucket of `len`.
fn boards(len: usize, chunks: Range<usize>) -> Range<usize> {
    let chunk_len = chunk_len(len);
    chunks.start * chunk_len..(chunks.end * chunk_len).min(len)
}

impl Assist {
    /// Offers the boards of `job` in chunks; `None` while the helper is
    /// still generating a chunk of an earlier offer.
    ///
    /// # Safety
    /// `job.entries` must point to `job.len` boards, which must stay in
    /// place as long as the level they belong to is not counted. Until the
    /// offer's [`Offer::finish`] returns, the caller may touch only the
    /// boards that [`Offer::claim`] hands it, and those of the chunks that
    /// [`Offer::helped`] hands on, and after `finish` also those of the
    /// chunks it hands on; of the helper's chunks, only the counts of
    /// moves. Only one thread makes offers.
    pub unsafe fn offer(&self, job: Job) -> Option<Offer<'_>> {
        let claimed = self.claimed.load(Ordering::Relaxed);
        if self.generated.load(Ordering::Acquire) != claimed {
            return None;
        }
        let chunks = job.len.div_ceil(chunk_len(job.len));
        // SAFETY: the helper holds no claim, and cannot make one now, so no
        // one else reads these cells.
        unsafe {
            *self.job.get() = Some(job);
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
            len: job.len,
            chunks,
            claimed,
            helped_from: chunks,
            generated_from: chunks,
            handed_from: chunks,
        })
    }

    /// Generates the chunk at the back of the offer, if one is left:
    /// whether it did.
    #[inline(always)]
    pub fn help<K: Ops>(&self, moves: &mut Moves) -> bool {
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
        // SAFETY: the claim was made on the current offer, whose boards stay
        // in place while this thread does not count; the chunk's buffer is
        // this thread's alone until it counts as generated, and the offer's
        // job and the list of chunks do not change until then.
        unsafe {
            let job = (*self.job.get()).expect("an offer has a job");
            let list: &Vec<UnsafeCell<Chunk>> = &*self.chunks.get();
            let out = &mut *list[chunk].get();
            out.generate::<K>(&job, boards(job.len, chunk..chunk + 1), moves);
        }
        self.generated.fetch_add(1, Ordering::Release);
        true
    }

    /// Chunk `chunk` of the current offer, as the helper generated it.
    ///
    /// # Safety
    /// The helper must be done with the chunk: it must count as generated,
    /// or lie past the helper's claims once the offer can take no more.
    #[inline(always)]
    unsafe fn generated_chunk(&self, chunk: usize) -> &Chunk {
        // SAFETY: the list does not change while an offer lasts, and by the
        // caller's promise no one writes this chunk any more.
        unsafe {
            let list: &Vec<UnsafeCell<Chunk>> = &*self.chunks.get();
            &*list[chunk].get()
        }
    }
}

/// One bucket on offer, as the discovery thread sees it.
pub struct Offer<'a> {
    assist: &'a Assist,
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

/// A part of the helper's share of the bucket on offer, in order: boards
/// that it claimed but did not generate in time (and may still be reading),
/// or a chunk that it generated.
pub enum Part<'a> {
    TakenBack(Range<usize>),
    Helped(&'a Chunk, Range<usize>),
}

impl<'a> Offer<'a> {
    /// The boards of the next chunk at the front, if one is left.
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
                Ok(_) => return Some(boards(self.len, front..front + 1)),
                Err(then) => now = then,
            }
        }
    }

    /// The next chunk the helper has generated, from the back down, that
    /// was not handed on yet, with its boards. The one after it, if
    /// generated too, starts coming from the helper's CPU meanwhile.
    #[inline(always)]
    pub fn helped(&mut self) -> Option<(&'a Chunk, Range<usize>)> {
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
        Some((generated, boards(self.len, chunk..chunk + 1)))
    }

    /// Once every chunk is claimed: the rest of the bucket, in order of
    /// boards. The helper's chunks that it has not generated within
    /// [`LONGEST_WAIT`] come back to be generated by discovery.
    #[inline(always)]
    pub fn finish(self) -> impl Iterator<Item = Part<'a>> {
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
            .then(|| Part::TakenBack(boards(self.len, self.helped_from..ready_from)));
        let len = self.len;
        // Those from `handed_from` on were handed on by `helped`, which saw
        // no more generated than there are now.
        let not_handed = ready_from..self.handed_from;
        alone.into_iter().chain(not_handed.map(move |c| {
            // SAFETY: the helper is done with the chunks from `ready_from`
            // on, and can claim no more in this offer.
            Part::Helped(unsafe { assist.generated_chunk(c) }, boards(len, c..c + 1))
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cephalopods::Board;
    use crate::cephalopods::solver::graph::Entry;
    use crate::cephalopods::solver::kernel::Portable;
    use crate::test_rng::XorShift;

    /// `len` random boards with a few empty cells, reached at layers 2 to 4.
    fn entries(len: usize) -> Vec<Entry> {
        let mut rng = XorShift::new(0xa551_57ed);
        (0..len)
            .map(|_| {
                let cells = std::array::from_fn(|_| match rng.below(3) {
                    0 => 0,
                    _ => rng.below(6) as u8 + 1,
                });
                Entry::reached(Board::from_cells(cells), 2, 4)
            })
            .collect()
    }

    impl Assist {
        /// Claims the chunk at the back without generating it, as a helper
        /// that the system stops at once.
        fn claim_and_stall(&self) -> usize {
            let claims = self.claims.fetch_sub(1, Ordering::Acquire);
            let (front, back) = unpack(claims);
            assert!(front < back, "a chunk is left");
            back - 1
        }
    }

    /// What `help` makes of `boards`, made directly.
    fn generated(job: &Job, boards: Range<usize>) -> Chunk {
        let mut chunk = Chunk::default();
        // SAFETY: the boards lie in `job`, and no other thread runs.
        unsafe { chunk.generate::<Portable>(job, boards, &mut Moves::new()) };
        chunk
    }

    /// Checks that `chunk` holds what `help` makes of `boards` of `job`.
    fn check_chunk(job: &Job, chunk: &Chunk, boards: &Range<usize>) {
        assert_eq!(chunk.boards(), boards.len());
        let expected = generated(job, boards.clone());
        assert_eq!(format!("{chunk:?}"), format!("{expected:?}"), "{boards:?}");
    }

    /// Discovery takes the front a chunk at a time, and the helper's chunks
    /// from the back down as they are generated; the rest come at the end,
    /// and every board comes once.
    #[test]
    fn the_parts_cover_the_bucket() {
        let mut boards = entries(10 * CHUNK + 5);
        let job = Job::of(&mut boards, 20);
        let assist = Assist::default();
        let mut moves = Moves::new();
        // SAFETY: the boards stay in place, and only this thread runs.
        let mut offer = unsafe { assist.offer(job) }.expect("nothing owed");
        let first = offer.claim().expect("a chunk");
        assert_eq!(first, 0..CHUNK);
        let mut visited = vec![first];
        assert!(offer.helped().is_none(), "nothing generated yet");
        for _ in 0..3 {
            assert!(assist.help::<Portable>(&mut moves));
        }
        for expected in [10 * CHUNK..10 * CHUNK + 5, 9 * CHUNK..10 * CHUNK] {
            let (chunk, boards) = offer.helped().expect("a generated chunk");
            assert_eq!(boards, expected);
            check_chunk(&job, chunk, &boards);
            visited.push(boards);
        }
        while let Some(boards) = offer.claim() {
            assert_eq!(boards.len(), CHUNK);
            visited.push(boards);
        }
        assert_eq!(visited.last(), Some(&(7 * CHUNK..8 * CHUNK)));
        assert!(!assist.help::<Portable>(&mut moves), "nothing left to claim");
        for part in offer.finish() {
            let Part::Helped(chunk, boards) = part else {
                panic!("a generated chunk came back");
            };
            assert_eq!(boards, 8 * CHUNK..9 * CHUNK);
            check_chunk(&job, chunk, &boards);
            visited.push(boards);
        }
        visited.sort_by_key(|boards| boards.start);
        assert_eq!(visited.first().map(|boards| boards.start), Some(0));
        assert!(visited.windows(2).all(|pair| pair[0].end == pair[1].start));
        assert_eq!(visited.last().map(|boards| boards.end), Some(job.len));
    }

    /// A helper that stops with a chunk claimed costs discovery at most
    /// [`LONGEST_WAIT`]: the chunk comes back to discovery, and
    /// nothing more is offered until the helper is done with it.
    #[test]
    fn a_stalled_helper_is_not_waited_for() {
        let mut boards = entries(4 * CHUNK);
        let job = Job::of(&mut boards, 20);
        let assist = Assist::default();
        let mut moves = Moves::new();
        // SAFETY: as above.
        let mut offer = unsafe { assist.offer(job) }.expect("nothing owed");
        assert!(assist.help::<Portable>(&mut moves));
        assert_eq!(assist.claim_and_stall(), 2);
        assert_eq!(offer.claim(), Some(0..CHUNK));
        assert_eq!(offer.claim(), Some(CHUNK..2 * CHUNK));
        assert_eq!(offer.claim(), None);
        let started = Instant::now();
        let parts: Vec<(bool, Range<usize>)> = (offer.finish())
            .map(|part| match part {
                Part::TakenBack(boards) => (false, boards),
                Part::Helped(_, boards) => (true, boards),
            })
            .collect();
        assert!(started.elapsed() >= LONGEST_WAIT);
        assert_eq!(
            parts,
            [(false, 2 * CHUNK..3 * CHUNK), (true, 3 * CHUNK..4 * CHUNK)]
        );
        // SAFETY: as above.
        assert!(unsafe { assist.offer(job) }.is_none(), "the helper owes a chunk");
        assist.generated.fetch_add(1, Ordering::Release);
        // SAFETY: as above.
        let mut offer = unsafe { assist.offer(job) }.expect("the helper caught up");
        assert_eq!(offer.claim(), Some(0..CHUNK));
    }

    #[test]
    fn chunks_are_counted_in_sixteen_bits() {
        assert_eq!(chunk_len(100), CHUNK);
        let huge: usize = 10_000_000;
        assert!(huge.div_ceil(chunk_len(huge)) <= INDEX as usize);
    }
}
