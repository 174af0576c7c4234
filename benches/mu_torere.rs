//! Mu Torere: building and solving the whole position graph, the analysis
//! report, and the program's move choice over every position.
//!
//! Run with `cargo bench --bench mu_torere`.

use criterion::{Criterion, criterion_group, criterion_main};
use gamespace::mu_torere::{Analysis, Solution, choose};
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    c.bench_function("mu_torere/solve all 1260 positions", |b| b.iter(Solution::new));
    let solution = Solution::new();
    c.bench_function("mu_torere/analysis report", |b| {
        b.iter(|| Analysis::new(black_box(&solution)))
    });
    c.bench_function("mu_torere/choose a move in every position", |b| {
        b.iter(|| {
            solution
                .iter()
                .filter_map(|(p, _)| choose(&solution, black_box(p)))
                .count()
        })
    });
}

criterion_group!(mu_torere, benches);
criterion_main!(mu_torere);
