//! Times `path_hash_sum` in process on puzzle files and prints the median
//! of `REPEATS` runs over all of them, in milliseconds.
//!
//! For comparing two builds on a noisy machine, where criterion's runs of
//! one build after the other, minutes apart, drift more than the builds
//! differ: build this example in both, then run the two copies in turn,
//! many times, and compare the medians (see BENCHMARKS.md).
//!
//! ```text
//! cargo run --release --example time_cephalopods -- 5 examples/cephalopods/*.txt
//! ```

use gamespace::cephalopods::{parse_puzzle, path_hash_sum};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: time_cephalopods REPEATS PUZZLE_FILE...";
    let repeats: usize = args.next().ok_or(usage)?.parse()?;
    let puzzles = args
        .map(|path| {
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
            Ok(parse_puzzle(&text).map_err(|e| format!("{path}: {e}"))?)
        })
        .collect::<Result<Vec<_>, Box<dyn std::error::Error>>>()?;
    if repeats == 0 || puzzles.is_empty() {
        return Err(usage.into());
    }
    let mut times: Vec<f64> = (0..repeats)
        .map(|_| {
            let start = Instant::now();
            for puzzle in &puzzles {
                std::hint::black_box(path_hash_sum(std::hint::black_box(puzzle.board), puzzle.depth));
            }
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    println!("{:.3}", times[times.len() / 2]);
    Ok(())
}
