//! Cephalopods path sums over the hard cases: the 12 public contest tests as
//! a group, the empty board at depth 40, and the deep near-empty boards.
//!
//! `cargo bench --bench cephalopods`; see BENCHMARKS.md for the figures.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gamespace::cephalopods::{Board, Kernel, SearchOptions, parse_puzzle, path_hash_sum, path_hash_sum_with};
use std::hint::black_box;
use std::time::Duration;

/// The contest's public tests, read from the vectors the tests use.
fn public_tests() -> Vec<(Board, u32, u32)> {
    let vectors = include_str!("../tests/data/cephalopods.txt");
    let mut tests = Vec::new();
    for block in vectors.split("\n# ").filter(|b| {
        b.trim_start_matches("# ")
            .starts_with(|c: char| c.is_ascii_digit())
    }) {
        let (input, expected) = block.split_once("\n= ").expect("every case ends with `= answer`");
        let input = input.split_once('\n').expect("a name line").1;
        let puzzle = parse_puzzle(input).expect("the vectors parse");
        let expected = expected.trim().parse().expect("a number");
        tests.push((puzzle.board, puzzle.depth, expected));
    }
    assert_eq!(tests.len(), 12, "the twelve public tests");
    tests
}

/// The deep cases of the issue: (name, board, depth).
const DEEP: [(&str, [u8; 9], u32); 6] = [
    ("empty-d40", [0, 0, 0, 0, 0, 0, 0, 0, 0], 40),
    ("100-000-001-d40", [1, 0, 0, 0, 0, 0, 0, 0, 1], 40),
    ("120-000-000-d40", [1, 2, 0, 0, 0, 0, 0, 0, 0], 40),
    ("000-101-010-d39", [0, 0, 0, 1, 0, 1, 0, 1, 0], 39),
    ("051-000-401-d40", [0, 5, 1, 0, 0, 0, 4, 0, 1], 40),
    ("100-352-100-d40", [1, 0, 0, 3, 5, 2, 1, 0, 0], 40),
];

fn public(c: &mut Criterion) {
    let tests = public_tests();
    for &(board, depth, expected) in &tests {
        assert_eq!(path_hash_sum(board, depth), expected);
    }
    c.bench_function("public-12", |b| {
        b.iter(|| {
            tests
                .iter()
                .map(|&(board, depth, _)| path_hash_sum(black_box(board), black_box(depth)))
                .sum::<u32>()
        })
    });
}

fn deep(c: &mut Criterion) {
    let mut group = c.benchmark_group("deep");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(4))
        .warm_up_time(Duration::from_millis(500));
    for (name, cells, depth) in DEEP {
        let board = Board::try_from_cells(cells).expect("the deep boards hold dice");
        group.bench_with_input(BenchmarkId::new("1-thread", name), &board, |b, &board| {
            b.iter(|| path_hash_sum(black_box(board), black_box(depth)))
        });
    }
    let empty = Board::EMPTY;
    group.bench_function(BenchmarkId::new("2-threads", "empty-d40"), |b| {
        let two = SearchOptions {
            threads: 2,
            ..SearchOptions::default()
        };
        b.iter(|| path_hash_sum_with(black_box(empty), 40, &two))
    });
    group.bench_function(BenchmarkId::new("portable-kernel", "empty-d40"), |b| {
        let portable = SearchOptions {
            kernel: Kernel::Portable,
            ..SearchOptions::default()
        };
        b.iter(|| path_hash_sum_with(black_box(empty), 40, &portable))
    });
    group.finish();
}

criterion_group!(benches, public, deep);
criterion_main!(benches);
