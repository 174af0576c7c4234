//! Discovery handed over to a second thread once a search proves large:
//! the levels it finds come back over a channel, and this thread counts
//! each one while the next ones are being discovered.
//!
//! ```text
//!   this thread:    discovery ... level of >= 2,000 boards ─┐ hand over
//!   second thread:                                          └─> discovery ─levels─┐
//!   this thread:    count, count, ... <────────── channel ────────────────────────┘
//!                   (while waiting: spin, and generate moves for discovery)
//! ```
//!
//! Two things decide whether the pair runs side by side:
//! - **Where the second thread starts.** Linux may start a new thread on
//!   the CPU of the thread that made it and leave it there for
//!   milliseconds, the two sharing one CPU. So the second thread is moved
//!   at once to the process's other CPUs, and it moves itself there too,
//!   as its first step, in case it runs before its maker could move it.
//!   Nor does it wait for anything from its maker: the discovery is there
//!   before it starts, so it never spins on its maker's CPU.
//! - **How the counting thread waits.** A thread that sleeps until a level
//!   arrives may take up to a millisecond to wake (an idle virtual CPU has
//!   to be woken too). So it spins for a while first. The two threads run
//!   on different CPUs, so the spinning does not slow discovery. While it
//!   spins, it generates moves for discovery where it can (see `assist`).

use std::sync::mpsc::{Receiver, TryRecvError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use std::sync::{Arc, Mutex, PoisonError};

use super::discovery::{BoardAssist, Discovery, Level};
use super::finals::Finals;
use super::kernel::{self, Ops};
use super::options::SearchOptions;
use crate::cephalopods::puzzle::moves::Moves;

/// A discovery that may get help.
type Helped<K> = Discovery<K, Option<Arc<BoardAssist>>>;

/// How long the counting thread spins before it sleeps while it waits for
/// a level: longer than a level of a large search takes to discover, so
/// that the counting thread seldom sleeps.
const SPIN_FOR: Duration = Duration::from_millis(2);

/// The levels of a discovery, in order, as counting takes them. They are
/// found on this thread until one holds `handover_at` boards, then on a
/// second thread, which sends them on.
pub struct Levels<K> {
    /// The discovery, while it runs on this thread.
    here: Option<Helped<K>>,
    /// The second thread, once discovery runs there.
    elsewhere: Option<DiscoveryThread<K>>,
    /// Until the level that decides the handover has come.
    handover_at: Option<usize>,
    /// Called when that level comes (see [`SearchOptions::when_large`]).
    when_large: Option<fn()>,
    /// Asked then whether to start the second thread (see
    /// [`SearchOptions::second_thread_if`]).
    second_thread_if: Option<fn() -> bool>,
}

impl<K: Finish + 'static> Levels<K> {
    /// The levels of `discovery`, which moves to a second thread after the
    /// first level of at least `handover_at` boards, if the process may run
    /// on a second CPU and `options` allow it. `options.when_large` is
    /// called before, at that level.
    pub fn new(discovery: Helped<K>, handover_at: usize, options: &SearchOptions) -> Levels<K> {
        Levels {
            here: Some(discovery),
            elsewhere: None,
            handover_at: Some(handover_at),
            when_large: options.when_large,
            second_thread_if: options.second_thread_if,
        }
    }
}

impl<K: Finish + 'static> Iterator for Levels<K> {
    type Item = Level;

    #[inline(always)]
    fn next(&mut self) -> Option<Level> {
        let Some(discovery) = &mut self.here else {
            return self.elsewhere.as_mut()?.next_level();
        };
        let level = discovery.next()?;
        // The machine is asked only once the search is big, and once.
        if self
            .handover_at
            .take_if(|size| level.board_count() >= *size)
            .is_some()
        {
            if let Some(when_large) = self.when_large {
                when_large();
            }
            if self.second_thread_if.is_none_or(|allowed| allowed())
                && let Some(cpus) = OtherCpus::find()
            {
                // Where no thread can be had, discovery goes on here.
                self.elsewhere = DiscoveryThread::start(&mut self.here, &cpus, spawn);
            }
        }
        Some(level)
    }
}

/// The second thread, which runs the discovery, and the levels it sends.
struct DiscoveryThread<K> {
    levels: Receiver<Level>,
    /// Where this thread helps the discovery while it waits.
    assist: Arc<BoardAssist>,
    /// The discovery's kernel, for this thread's help.
    kernel: K,
    moves: Moves,
    /// Until it has been joined, once every level has come.
    thread: Option<JoinHandle<()>>,
}

/// Starts a thread; the standard library's way, as a function that tests
/// can stand in for.
type Spawn = fn(Box<dyn FnOnce() + Send>) -> std::io::Result<JoinHandle<()>>;

fn spawn(run: Box<dyn FnOnce() + Send>) -> std::io::Result<JoinHandle<()>> {
    std::thread::Builder::new().spawn(run)
}

impl<K: Finish + 'static> DiscoveryThread<K> {
    /// Runs the rest of the discovery in `here` on a thread made by `spawn`,
    /// moved to `cpus`. Leaves the discovery where it is if no thread can
    /// be made.
    fn start(here: &mut Option<Helped<K>>, cpus: &OtherCpus, spawn: Spawn) -> Option<DiscoveryThread<K>> {
        let (sender, levels) = std::sync::mpsc::channel();
        let assist = Arc::new(BoardAssist::default());
        let mut discovery = here.take()?;
        let kernel = discovery.kernel();
        discovery.set_help(Some(Arc::clone(&assist)));
        // The slot keeps the discovery if no thread can be made.
        let slot = Arc::new(Mutex::new(Some(discovery)));
        let handed = Arc::clone(&slot);
        let there = *cpus;
        let thread = spawn(Box::new(move || {
            there.move_here();
            // Loudly: a thread that sent no levels would pass for a search
            // that found none.
            let discovery = take(&handed).expect("the discovery is in place before the thread");
            // The receiver goes away only once every level has come, or when
            // counting failed: then the levels are no longer needed.
            kernel.finish(discovery, |level| sender.send(level).unwrap_or(()));
        }));
        let Ok(thread) = thread else {
            let mut discovery = take(&slot).expect("no thread took the discovery");
            discovery.set_help(None);
            *here = Some(discovery);
            return None;
        };
        cpus.move_there(&thread);
        Some(DiscoveryThread {
            levels,
            assist,
            kernel,
            moves: Moves::new(),
            thread: Some(thread),
        })
    }

    /// The next level, once the second thread has sent it; `None` once it
    /// has sent them all. A panic on the second thread resumes here, so
    /// that a discovery cut short never passes for a whole one.
    #[inline(always)]
    fn next_level(&mut self) -> Option<Level> {
        let (kernel, assist, moves) = (self.kernel, &self.assist, &mut self.moves);
        receive(&self.levels, || kernel.help(assist, moves)).or_else(|| self.join())
    }

    fn join(&mut self) -> Option<Level> {
        if let Some(thread) = self.thread.take()
            && let Err(panic) = thread.join()
        {
            std::panic::resume_unwind(panic);
        }
        None
    }
}

/// What `slot` holds, leaving it empty. No thread panics while it holds
/// the lock, so a poisoned lock still holds what it held.
fn take<T>(slot: &Mutex<Option<T>>) -> Option<T> {
    slot.lock().unwrap_or_else(PoisonError::into_inner).take()
}

/// The next message on `channel`, spinning for up to [`SPIN_FOR`] before
/// sleeping; `None` once the sending end is gone. Meanwhile `help` is
/// called, and says whether it found something to do.
#[inline(always)]
fn receive<T>(channel: &Receiver<T>, mut help: impl FnMut() -> bool) -> Option<T> {
    let mut waiting_since = Instant::now();
    while waiting_since.elapsed() < SPIN_FOR {
        for _ in 0..64 {
            match channel.try_recv() {
                Ok(message) => return Some(message),
                Err(TryRecvError::Empty) => {
                    if help() {
                        waiting_since = Instant::now();
                    } else {
                        std::hint::spin_loop();
                    }
                }
                Err(TryRecvError::Disconnected) => return None,
            }
        }
    }
    channel.recv().ok()
}

/// The CPUs a second thread may use: those this process may run on, less
/// the one this thread runs on.
#[derive(Clone, Copy)]
pub struct OtherCpus {
    /// `None` where the CPUs are not known one by one: the thread then
    /// stays where the system puts it.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    set: Option<libc::cpu_set_t>,
}

impl OtherCpus {
    /// `None` if this process may run on one CPU only. On Linux with glibc
    /// this asks for the CPUs the process may run on, in one system call:
    /// `available_parallelism` also reads the cgroup's CPU quota from
    /// files, dozens of times slower. Only the number of
    /// CPUs decides: a quota of one CPU over two of them still runs the
    /// pipeline, as two threads that take turns, within the quota.
    pub fn find() -> Option<OtherCpus> {
        #[cfg(all(target_os = "linux", target_env = "gnu"))]
        if let Some(mut set) = allowed_cpus() {
            // SAFETY: `sched_getcpu` takes no arguments and only reads.
            let here = unsafe { libc::sched_getcpu() };
            if let Ok(here) = usize::try_from(here)
                && here < libc::CPU_SETSIZE as usize
            {
                // SAFETY: `here` is within the set, as checked.
                unsafe { libc::CPU_CLR(here, &mut set) };
            }
            // SAFETY: `CPU_COUNT` only reads the set it is given.
            let others = unsafe { libc::CPU_COUNT(&set) };
            return (others > 0).then_some(OtherCpus { set: Some(set) });
        }
        std::thread::available_parallelism()
            .is_ok_and(|n| n.get() > 1)
            .then_some(OtherCpus {
                #[cfg(all(target_os = "linux", target_env = "gnu"))]
                set: None,
            })
    }

    /// Moves the calling thread to these CPUs. Only a hint, as
    /// [`Self::move_there`].
    fn move_here(&self) {
        #[cfg(all(target_os = "linux", target_env = "gnu"))]
        if let Some(set) = &self.set {
            // SAFETY: the call reads at most the given size from `set`.
            unsafe { libc::sched_setaffinity(0, std::mem::size_of_val(set), set) };
        }
    }

    /// Moves `thread` to these CPUs. Only a hint: if it fails, the thread
    /// runs where the system puts it, as it would anyway.
    fn move_there(&self, thread: &JoinHandle<()>) {
        #[cfg(all(target_os = "linux", target_env = "gnu"))]
        if let Some(set) = &self.set {
            use std::os::unix::thread::JoinHandleExt;
            // SAFETY: the thread has not been joined, so its handle is
            // valid, and the call reads at most the given size from `set`.
            unsafe { libc::pthread_setaffinity_np(thread.as_pthread_t(), std::mem::size_of_val(set), set) };
        }
        #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
        let _ = thread;
    }
}

/// The CPUs this thread may run on, if the system says.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn allowed_cpus() -> Option<libc::cpu_set_t> {
    // SAFETY: an all-zero `cpu_set_t` is an empty set, a valid value of the
    // plain bit array it is.
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    // SAFETY: the call writes at most the given size into `set`.
    let status = unsafe { libc::sched_getaffinity(0, std::mem::size_of_val(&set), &mut set) };
    (status == 0).then_some(set)
}

/// Runs the rest of a discovery, handing on each level, and then works out
/// what it can of the levels counting has not taken (see [`super::finals`]),
/// with the code of the kernel: a second thread's entry point must enable
/// the kernel's CPU features itself, as code inlined into a plain closure
/// would run without them.
pub trait Finish: kernel::Ops {
    fn finish(self, discovery: Helped<Self>, finished: impl FnMut(Level));

    /// Generates the moves of a chunk on offer (see [`super::assist`]),
    /// with the kernel's code: whether there was one.
    fn help(self, assist: &BoardAssist, moves: &mut Moves) -> bool;
}

impl Finish for kernel::Portable {
    fn finish(self, discovery: Helped<Self>, mut finished: impl FnMut(Level)) {
        run_to_end(self, discovery, &mut finished);
    }

    fn help(self, assist: &BoardAssist, moves: &mut Moves) -> bool {
        help_with(self, assist, moves)
    }
}

#[cfg(target_arch = "x86_64")]
impl Finish for kernel::Avx2 {
    fn finish(self, discovery: Helped<Self>, mut finished: impl FnMut(Level)) {
        // SAFETY: `self` proves the CPU has AVX2, BMI1 and BMI2.
        unsafe { finish_avx2(self, discovery, &mut finished) }
    }

    fn help(self, assist: &BoardAssist, moves: &mut Moves) -> bool {
        // SAFETY: as in `finish`.
        unsafe { help_avx2(self, assist, moves) }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2")]
fn help_avx2(kernel: kernel::Avx2, assist: &BoardAssist, moves: &mut Moves) -> bool {
    help_with(kernel, assist, moves)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2")]
fn finish_avx2(kernel: kernel::Avx2, discovery: Helped<kernel::Avx2>, finished: &mut impl FnMut(Level)) {
    run_to_end(kernel, discovery, finished);
}

/// [`Finish::help`], inlined into the kernel's entry point.
#[inline(always)]
fn help_with<K: Ops>(kernel: K, assist: &BoardAssist, moves: &mut Moves) -> bool {
    assist.help(|job, boards, chunk| {
        // SAFETY: `Assist::help` hands on boards of the job on offer, which
        // stay in place and whose boards and windows no other thread
        // writes meanwhile (see `Discovery`'s offers).
        unsafe { chunk.generate(kernel, job, boards, moves) }
    })
}

/// [`Finish::finish`], inlined into the kernel's entry point. Counting
/// takes levels in order, so once it has taken one, it has taken every
/// level below.
#[inline(always)]
fn run_to_end<K: Ops>(kernel: K, discovery: Helped<K>, finished: &mut impl FnMut(Level)) {
    // A plain loop: `for_each` and its closure need not be inlined, and
    // code that is not would run without the kernel's CPU features.
    let mut untaken: Vec<Arc<Finals>> = Vec::new();
    for level in discovery {
        untaken.retain(|finals| !finals.is_claimed());
        if !level.finals.per_board.is_empty() {
            untaken.push(Arc::clone(&level.finals));
        }
        finished(level);
    }
    for finals in untaken.iter().rev() {
        if !finals.work_out(kernel) {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cephalopods::puzzle::Board;
    use crate::cephalopods::puzzle::solver::kernel::Portable;

    /// The CPUs this process may run on are never fewer than what the
    /// standard library finds (it also caps them by the CPU quota).
    #[test]
    fn a_second_cpu_is_seen_where_the_standard_library_sees_one() {
        if std::thread::available_parallelism().is_ok_and(|n| n.get() > 1) {
            assert!(OtherCpus::find().is_some());
        }
    }

    /// The search the handover tests move between threads.
    fn discovery() -> Helped<Portable> {
        Discovery::new(Portable, Board::from_cells([0, 0, 3, 0, 2, 0, 1, 0, 0]), 12)
    }

    /// How many boards each level holds.
    fn sizes(levels: impl Iterator<Item = Level>) -> Vec<usize> {
        levels.map(|level| level.board_count()).collect()
    }

    /// CPUs not known one by one: the thread stays where it is made.
    fn unknown_cpus() -> OtherCpus {
        OtherCpus {
            #[cfg(all(target_os = "linux", target_env = "gnu"))]
            set: None,
        }
    }

    /// Where no thread can be made, the discovery comes back whole, and
    /// goes on where it was.
    #[test]
    fn a_thread_that_cannot_be_made_leaves_the_discovery_here() {
        let expected = sizes(discovery());
        let mut here = Some(discovery());
        let first = here
            .as_mut()
            .and_then(|discovery| discovery.next())
            .map(|level| level.board_count());
        let refused: Spawn = |_| Err(std::io::Error::other("no more threads"));
        assert!(
            DiscoveryThread::start(&mut here, &unknown_cpus(), refused).is_none(),
            "a thread was made"
        );
        let rest = sizes(here.expect("the discovery is still here"));
        assert_eq!([first.into_iter().collect(), rest].concat(), expected);
    }

    /// A second thread that runs to its end before the thread that made it
    /// goes on, as one that first ran on its maker's CPU might, finds the
    /// discovery there and sends every level.
    #[test]
    fn a_thread_that_runs_before_its_maker_finds_the_discovery() {
        let expected = sizes(discovery());
        let at_once: Spawn = |run| {
            run();
            std::thread::Builder::new().spawn(|| ())
        };
        let mut here = Some(discovery());
        let mut thread =
            DiscoveryThread::start(&mut here, &unknown_cpus(), at_once).expect("a thread was made");
        assert!(here.is_none(), "the discovery was handed over");
        let levels = std::iter::from_fn(|| thread.next_level());
        assert_eq!(sizes(levels), expected);
    }

    /// On a thread allowed two CPUs, the second thread gets the other one;
    /// on a thread allowed one, there is no second thread.
    #[test]
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    fn the_second_thread_gets_the_cpus_this_one_is_not_on() {
        let Some(allowed) = allowed_cpus() else {
            return;
        };
        let cpus: Vec<usize> = (0..libc::CPU_SETSIZE as usize)
            // SAFETY: each CPU is within the set's size.
            .filter(|&cpu| unsafe { libc::CPU_ISSET(cpu, &allowed) })
            .take(2)
            .collect();
        // A thread of its own, as its CPUs are restricted.
        std::thread::spawn(move || {
            let restrict = |to: &[usize]| {
                // SAFETY: as in `allowed_cpus`; each CPU is within the set's
                // size, and the call reads at most that size from `set`.
                let status = unsafe {
                    let mut set: libc::cpu_set_t = std::mem::zeroed();
                    for &cpu in to {
                        libc::CPU_SET(cpu, &mut set);
                    }
                    libc::sched_setaffinity(0, std::mem::size_of_val(&set), &set)
                };
                assert_eq!(status, 0, "restricting this thread to {to:?}");
            };
            restrict(&cpus[..1]);
            assert!(OtherCpus::find().is_none(), "one CPU: {cpus:?}");
            if let [first, second] = cpus[..] {
                restrict(&cpus);
                let others = OtherCpus::find().and_then(|o| o.set).expect("two CPUs");
                // This thread may have moved since, but it ran on one of them.
                // SAFETY: `CPU_COUNT` and `CPU_ISSET` only read the set.
                let (count, has_first, has_second) = unsafe {
                    (
                        libc::CPU_COUNT(&others),
                        libc::CPU_ISSET(first, &others),
                        libc::CPU_ISSET(second, &others),
                    )
                };
                assert_eq!(count, 1, "one CPU of {cpus:?} left");
                assert!(has_first != has_second, "{cpus:?}");
            }
        })
        .join()
        .expect("the check passes");
    }
}
