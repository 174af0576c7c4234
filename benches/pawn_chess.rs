//! Pawn chess: answering every legal input in one go, as
//! `gamespace pawn-chess < all.in` does, with the table and with plain
//! memoised negamax; building the table alone; and solving the same space
//! with retrograde analysis instead.
//!
//! The input (all 275,836 legal positions, about 6 MB) is generated here
//! rather than committed, and also written to `$TMPDIR/pawn-chess-all.in`
//! so the whole process can be timed, e.g.
//! `hyperfine 'target/release/gamespace pawn-chess /tmp/pawn-chess-all.in'`.

use criterion::{Criterion, criterion_group, criterion_main};
use gamespace::pawn_chess::PawnChess;
use gamespace::pawn_chess::Position;
use gamespace::pawn_chess::{Board, Engine, Explain, Side, Solver, parse_cases, write_answers};
use gamespace::solve::retrograde;
use gamespace::solve::table::{Table, graph};
use std::hint::black_box;

/// Every input the statement allows, in the judge's format.
fn all_legal_inputs() -> Vec<u8> {
    let sets = |allowed: u16| (1..=u16::MAX).filter(move |&s| s & !allowed == 0 && s.count_ones() <= 4);
    let mut cases = Vec::new();
    for white in sets(0xfff0) {
        for black in sets(0x0fff) {
            let Some(board) = Board::new(white, black) else {
                continue;
            };
            let mut can_move = false;
            Position::from_board(board, Side::White).for_each_move(|_| can_move = true);
            if can_move {
                cases.push(board);
            }
        }
    }
    let mut text = format!("{}\n", cases.len());
    for board in cases {
        text.push('\n');
        for row in board.rows() {
            text.push_str(&row);
            text.push('\n');
        }
    }
    text.into_bytes()
}

/// What the command does, minus reading and printing: parse, build the
/// solver, answer every case into one buffer.
fn answer(input: &[u8], engine: Engine) -> Vec<u8> {
    let boards = parse_cases(input).unwrap();
    let mut solver = Solver::new(engine);
    let mut out = Vec::with_capacity(boards.len() * 11);
    write_answers(&boards, &mut solver, Explain::Verdict, &mut out).unwrap();
    out
}

fn bench(c: &mut Criterion) {
    let input = all_legal_inputs();
    let path = std::env::temp_dir().join("pawn-chess-all.in");
    std::fs::write(&path, &input).expect("writing the generated input");
    eprintln!("wrote {} ({} bytes)", path.display(), input.len());

    let mut group = c.benchmark_group("pawn_chess");
    group.sample_size(20);
    group.bench_function("all_legal_inputs/table", |b| {
        b.iter(|| answer(black_box(&input), Engine::Table))
    });
    group.bench_function("all_legal_inputs/negamax", |b| {
        b.iter(|| answer(black_box(&input), Engine::Negamax))
    });
    group.bench_function("build_table", |b| b.iter(|| Table::solve(black_box(&PawnChess))));
    // The same space through the engine Mu Torere uses: explicit graph, then retrograde analysis.
    group.bench_function("build_graph_and_retrograde", |b| {
        b.iter(|| retrograde::solve(&graph(black_box(&PawnChess))))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
