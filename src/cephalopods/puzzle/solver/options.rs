//! How a search runs: the kernel, the threads, where the counts live, and
//! what to call when a search proves large. A value, passed to each search,
//! so that searches in one process can run differently; none of it changes
//! the answer.

/// The code for the engine's innermost operations (images, index lookups
/// and lane permutes; see `kernel`). [`Kernel::detect`] picks the fastest
/// the CPU supports; naming one lets tests check each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// Scalar code for any CPU.
    Portable,
    /// AVX2 lane permutes, on x86-64 CPUs that have AVX2 and the bit
    /// manipulation sets BMI1 and BMI2, as every AVX2 CPU from Intel and
    /// AMD does. The engine is compiled with all three: BMI's trailing-zero
    /// count without a guard for zero, and-not, and shifts that keep their
    /// source take fewer instructions than AVX2 alone.
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

    /// Whether this CPU can run the kernel.
    pub fn is_supported(self) -> bool {
        match self {
            Kernel::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => super::kernel::Avx2::detect().is_some(),
            #[cfg(not(target_arch = "x86_64"))]
            Kernel::Avx2 => false,
        }
    }
}

/// Where a search keeps its counts once they outgrow a first room on the
/// heap (in searches of a millisecond or more).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CountsIn {
    /// On the heap, which reuses memory already faulted in: best for a
    /// process that runs many searches.
    #[default]
    Heap,
    /// In memory mapped for them alone, on Linux with glibc (elsewhere, on
    /// the heap). The kernel hands out such memory as zeros, where counts
    /// on the heap are cleared once more: best for a process that runs one
    /// search, as `gamespace cephalopods` does.
    OwnMapping,
}

/// How a search runs. None of it changes the answer.
#[derive(Clone, Copy, Debug)]
pub struct SearchOptions {
    /// The code for the innermost operations. [`super::path_hash_sum_with`]
    /// panics if the CPU does not support it.
    pub kernel: Kernel,
    /// The most threads to use. With two or more, a search that proves
    /// large (a level of two thousand boards) goes on as a pipeline on two
    /// threads, where the process may run on two CPUs: discovery moves to a
    /// thread of its own, on another CPU, and a level is counted while
    /// later ones are still being discovered (see `pipeline`). Smaller
    /// searches never start a thread, and more threads than two change
    /// nothing.
    pub threads: usize,
    /// Where the counts live.
    pub counts: CountsIn,
    /// Called at most once or twice in a search, on the thread that runs
    /// it, when the search proves large: when its counts outgrow a few
    /// KiB (early in any search of a millisecond or more, while little of
    /// its memory is allocated), and where a second thread is allowed, just
    /// before discovery moves there. A process can then set itself up for
    /// a large search (its heap, say) without the smallest searches paying
    /// for it. It must be safe to call more than once.
    pub when_large: Option<fn()>,
    /// Asked once, when a search with [`threads`](Self::threads) of two or
    /// more first proves large enough for a second thread, whether to start
    /// it: a policy that costs something to decide (the machine's load,
    /// say) is then paid only by the searches it concerns. `None` starts it.
    pub second_thread_if: Option<fn() -> bool>,
}

impl Default for SearchOptions {
    /// The fastest kernel, one thread, counts on the heap, nothing called.
    fn default() -> SearchOptions {
        SearchOptions {
            kernel: Kernel::detect(),
            threads: 1,
            counts: CountsIn::Heap,
            when_large: None,
            second_thread_if: None,
        }
    }
}
