//! The solved games a server holds: each variant is solved once, on a
//! blocking thread, and every request for it waits for that one solve.
//!
//! A solve runs in a task of its own, not in the request that started it,
//! so a client that goes away does not cancel it and the next request does
//! not start another: a solve on a blocking thread cannot be stopped, and
//! two of a board that takes minutes would take twice the memory. The
//! outcome, a solution or the reason there is none, is kept for the life of
//! the server; every variant that can be asked for is bounded in size (see
//! [`super::limits`]), so what is kept is bounded too.
//!
//! Solves are limited in number: at most [`LARGE_SOLVES`] large ones (the
//! Cephalopod boards that take minutes and most of a gigabyte) and
//! [`SMALL_SOLVES`] others at once; the rest wait for a turn.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::{Semaphore, watch};

/// Large solves at once: each can take most of a gigabyte.
pub const LARGE_SOLVES: usize = 1;
/// Other solves at once: one per core of a small machine.
pub const SMALL_SOLVES: usize = 2;

/// What a solve gives: the solution, or why there is none, in one line.
pub type Solved<T> = Result<Arc<T>, String>;

/// A solve that is under way or done: it holds `Some` once done.
type Pending<T> = watch::Receiver<Option<Solved<T>>>;

/// How much a solve costs, which decides whose turn it waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    Small,
    Large,
}

/// The solves of one kind of game, by variant.
pub struct Solutions<K, T> {
    pending: Mutex<HashMap<K, Pending<T>>>,
}

impl<K: Eq + Hash + Clone, T: Send + Sync + 'static> Solutions<K, T> {
    pub fn new() -> Solutions<K, T> {
        Solutions {
            pending: Mutex::new(HashMap::new()),
        }
    }

    /// The solution of `variant`: the one already made, the one under way,
    /// or one `solve` makes now on a blocking thread once `turns` allows.
    pub async fn get(
        &self,
        variant: K,
        turns: &Turns,
        weight: Weight,
        solve: impl FnOnce() -> Result<T, String> + Send + 'static,
    ) -> Solved<T> {
        let mut pending = {
            // Never held across an await; a panic cannot poison it in a
            // release build (it aborts), and the map stays whole if one did.
            let mut map = self.pending.lock().unwrap_or_else(PoisonError::into_inner);
            match map.get(&variant) {
                Some(pending) => pending.clone(),
                None => {
                    let (done, pending) = watch::channel(None);
                    map.insert(variant, pending.clone());
                    let turn = turns.of(weight);
                    tokio::spawn(async move {
                        // The semaphore is never closed, so a permit comes.
                        let _permit = turn.acquire_owned().await;
                        let solved = match tokio::task::spawn_blocking(solve).await {
                            Ok(result) => result.map(Arc::new),
                            Err(_) => Err("the solve failed".to_owned()),
                        };
                        done.send_replace(Some(solved));
                    });
                    pending
                }
            }
        };
        match pending.wait_for(Option::is_some).await {
            Ok(done) => done.clone().unwrap_or_else(|| Err("the solve failed".to_owned())),
            // The sender is dropped only after sending, or if the runtime
            // shuts down under the solve.
            Err(_) => Err("the server is shutting down".to_owned()),
        }
    }
}

impl<K: Eq + Hash + Clone, T: Send + Sync + 'static> Default for Solutions<K, T> {
    fn default() -> Self {
        Solutions::new()
    }
}

/// The turns that solves wait for.
pub struct Turns {
    small: Arc<Semaphore>,
    large: Arc<Semaphore>,
    /// Puzzle searches: short, but many clients could ask at once.
    puzzles: Arc<Semaphore>,
}

impl Turns {
    pub fn new() -> Turns {
        Turns {
            small: Arc::new(Semaphore::new(SMALL_SOLVES)),
            large: Arc::new(Semaphore::new(LARGE_SOLVES)),
            puzzles: Arc::new(Semaphore::new(SMALL_SOLVES)),
        }
    }

    fn of(&self, weight: Weight) -> Arc<Semaphore> {
        match weight {
            Weight::Small => self.small.clone(),
            Weight::Large => self.large.clone(),
        }
    }

    /// Runs `work` on a blocking thread once a turn of `weight` is free:
    /// for work that is not kept, such as a position off the solved space
    /// or a puzzle.
    pub async fn run<R: Send + 'static>(
        &self,
        weight: Option<Weight>,
        work: impl FnOnce() -> R + Send + 'static,
    ) -> Result<R, String> {
        let turn = weight.map_or_else(|| self.puzzles.clone(), |w| self.of(w));
        let _permit = turn
            .acquire_owned()
            .await
            .map_err(|_| "the server is shutting down".to_owned())?;
        tokio::task::spawn_blocking(work)
            .await
            .map_err(|_| "the computation failed".to_owned())
    }
}

impl Default for Turns {
    fn default() -> Self {
        Turns::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    /// Many requests for one variant at once start one solve, and all get
    /// its answer; another variant gets a solve of its own.
    #[test]
    fn concurrent_requests_share_one_solve() {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_time()
            .build()
            .unwrap();
        let solves = Arc::new(AtomicUsize::new(0));
        let solutions: Arc<Solutions<u32, u32>> = Arc::new(Solutions::new());
        let turns = Arc::new(Turns::new());
        let answers = runtime.block_on(async {
            let mut tasks = Vec::new();
            for i in 0..20u32 {
                let (solves, solutions, turns) = (solves.clone(), solutions.clone(), turns.clone());
                let variant = u32::from(i == 19);
                tasks.push(tokio::spawn(async move {
                    solutions
                        .get(variant, &turns, Weight::Small, move || {
                            solves.fetch_add(1, Ordering::SeqCst);
                            std::thread::sleep(Duration::from_millis(50));
                            Ok(variant * 100 + 7)
                        })
                        .await
                }));
            }
            let mut answers = Vec::new();
            for task in tasks {
                answers.push(*task.await.unwrap().unwrap());
            }
            answers
        });
        assert_eq!(solves.load(Ordering::SeqCst), 2);
        assert_eq!(answers[..19], [7; 19]);
        assert_eq!(answers[19], 107);
    }

    /// A refusal is kept and given to every later request.
    #[test]
    fn a_refusal_is_an_answer_too() {
        let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
        let solutions: Solutions<u8, u8> = Solutions::new();
        let turns = Turns::new();
        let first = runtime.block_on(solutions.get(1, &turns, Weight::Large, || Err("too big".into())));
        let second = runtime.block_on(solutions.get(1, &turns, Weight::Large, || Ok(1)));
        assert_eq!(first, Err("too big".to_owned()));
        assert_eq!(second, Err("too big".to_owned()));
    }
}
