//! Times the path-sum engine in process on puzzle files and prints the median
//! of `REPEATS` runs over all of them, in milliseconds. With `--threads 2`
//! the searches may use a second thread, as `gamespace cephalopods` does by
//! default; one thread is the default here, as in `path_hash_sum`.
//!
//! For comparing two builds on a noisy machine, where criterion's runs of
//! one build after the other, minutes apart, drift more than the builds
//! differ: build this example in both, then run the two copies in turn,
//! many times, and compare the medians (see BENCHMARKS.md).
//!
//! ```text
//! cargo run --release --example time_cephalopods -- 5 examples/cephalopods/*.txt
//! cargo run --release --example time_cephalopods -- --threads 2 5 examples/cephalopods/*.txt
//! ```

use gamespace::cephalopods::{SearchOptions, parse_puzzle, path_hash_sum_with};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1).peekable();
    let usage = "usage: time_cephalopods [--threads N] REPEATS PUZZLE_FILE...";
    let threads: usize = if args.next_if(|arg| arg == "--threads").is_some() {
        args.next().ok_or(usage)?.parse()?
    } else {
        1
    };
    let repeats: usize = args.next().ok_or(usage)?.parse()?;
    let puzzles = args
        .map(|path| {
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
            Ok(parse_puzzle(&text).map_err(|e| format!("{path}: {e}"))?)
        })
        .collect::<Result<Vec<_>, Box<dyn std::error::Error>>>()?;
    if threads == 0 || repeats == 0 || puzzles.is_empty() {
        return Err(usage.into());
    }
    let options = SearchOptions {
        threads,
        ..SearchOptions::default()
    };
    let mut times: Vec<f64> = (0..repeats)
        .map(|_| {
            let start = Instant::now();
            for puzzle in &puzzles {
                let board = std::hint::black_box(puzzle.board);
                std::hint::black_box(path_hash_sum_with(board, puzzle.depth, &options));
            }
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    println!("{:.3}", times[times.len() / 2]);
    Ok(())
}
