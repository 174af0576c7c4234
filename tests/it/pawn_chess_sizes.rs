//! Pawn chess on boards of every size against a plain oracle: every
//! position reachable from the start of every board up to 4x5 and 5x4, and
//! seeded random positions of 5x5 (outside the usual promises too).
//!
//! The oracle is the one in `common/pawn_chess_oracle.rs`.

use crate::pawn_chess_oracle::{Oracle, Position, moves};
use crate::test_rng::XorShift;
use gamespace::pawn_chess::sizes::{Setup, Size};
use gamespace::pawn_chess::value::{Solver, solve_start};
use gamespace::solve::Outcome;
use std::collections::HashSet;

fn text((grid, white): &Position) -> String {
    let rows: Vec<String> = grid
        .iter()
        .map(|r| String::from_utf8(r.clone()).unwrap())
        .collect();
    format!("{} {}", rows.join("/"), if *white { 'w' } else { 'b' })
}

fn start(rows: usize, columns: usize) -> Position {
    let mut grid = vec![vec![b'.'; columns]; rows];
    grid[0] = vec![b'p'; columns];
    grid[rows - 1] = vec![b'P'; columns];
    (grid, true)
}

/// Every position reachable from `from` by legal play, finished ones too.
fn reachable(from: Position) -> Vec<Position> {
    let mut seen = HashSet::new();
    let mut stack = vec![from];
    while let Some(p) = stack.pop() {
        if !seen.insert(p.clone()) {
            continue;
        }
        let (grid, white) = &p;
        let over = grid[0].contains(&b'P') || grid[grid.len() - 1].contains(&b'p');
        if over {
            continue;
        }
        for (next, _) in moves(grid, *white) {
            stack.push((next, !white));
        }
    }
    let mut all: Vec<Position> = seen.into_iter().collect();
    all.sort();
    all
}

fn boards_up_to_four_by_five_and_five_by_four() -> Vec<(usize, usize)> {
    let mut sizes = Vec::new();
    for rows in 2..=5 {
        for columns in 1..=5 {
            if (rows <= 4 && columns <= 5) || (rows <= 5 && columns <= 4) {
                sizes.push((rows, columns));
            }
        }
    }
    sizes
}

#[test]
fn every_reachable_position_agrees_with_the_oracle() {
    for (rows, columns) in boards_up_to_four_by_five_and_five_by_four() {
        let size = Size::new(rows as u8, columns as u8).unwrap();
        let all = reachable(start(rows, columns));
        let setups: Vec<Setup> = all.iter().map(|p| text(p).parse().unwrap()).collect();
        let mut solver = Solver::new(size, 1 << 30);
        solver.solve_all(setups.iter().copied(), |_| {}).unwrap();
        let mut oracle = Oracle::new();
        for (p, &setup) in all.iter().zip(&setups) {
            assert_eq!(solver.value(setup).unwrap(), oracle.value(p), "{}", text(p));
        }
        // The start alone, as `analyze` solves it, freeing tiers as it goes.
        let from_start = solve_start(size, 1 << 30, |_| {}).unwrap();
        assert_eq!(from_start.value, oracle.value(&start(rows, columns)), "{size}");
    }
}

/// Each move's value, and the line perfect play follows, agree with the
/// oracle's values of the positions they lead to.
#[test]
fn move_values_and_lines_agree_with_the_oracle() {
    let mut oracle = Oracle::new();
    for (rows, columns) in [(3, 3), (4, 4), (4, 5), (5, 4)] {
        let size = Size::new(rows as u8, columns as u8).unwrap();
        let all = reachable(start(rows, columns));
        let setups: Vec<Setup> = all.iter().map(|p| text(p).parse().unwrap()).collect();
        let mut solver = Solver::new(size, 1 << 30);
        solver.solve_all(setups.iter().copied(), |_| {}).unwrap();
        for (p, &setup) in all.iter().zip(&setups).step_by(5) {
            let best = oracle.value(p);
            let moves = solver.moves(setup).unwrap();
            for &(step, value) in &moves {
                let after = setup.play(step);
                let q: Position = {
                    let t = after.to_string();
                    let (board, side) = t.split_once(' ').unwrap();
                    (
                        board.split('/').map(|r| r.as_bytes().to_vec()).collect(),
                        side == "w",
                    )
                };
                assert_eq!(
                    value,
                    oracle.value(&q).parent(),
                    "{} then {}",
                    text(p),
                    setup.notation(step)
                );
            }
            if let Some(&(_, first)) = moves.first() {
                assert_eq!(first, best, "{}", text(p));
            }
            let (value, line) = solver.line(setup).unwrap();
            assert_eq!(value, best);
            assert_eq!(line.len() as u32, best.plies().unwrap(), "{}", text(p));
        }
    }
}

#[test]
fn seeded_random_five_by_five_positions_agree_with_the_oracle() {
    let size = Size::new(5, 5).unwrap();
    let mut rng = XorShift::new(0x853c_49e6_748f_ea9b);
    let mut next = move || rng.next_u64();
    let mut oracle = Oracle::new();
    let mut positions = Vec::new();
    while positions.len() < 400 {
        let mut grid = vec![vec![b'.'; 5]; 5];
        let (mut white, mut black) = (0, 0);
        for (r, row) in grid.iter_mut().enumerate() {
            for square in row.iter_mut() {
                let roll = next() % 8;
                // Pawns on their goal rows are rare: some positions are
                // already over, most are not.
                let mut goal_ok =
                    |piece: u8| !((piece == b'P' && r == 0) || (piece == b'p' && r == 4)) || next() % 16 == 0;
                if roll == 0 && white < 5 && goal_ok(b'P') {
                    *square = b'P';
                    white += 1;
                } else if roll == 1 && black < 5 && goal_ok(b'p') {
                    *square = b'p';
                    black += 1;
                }
            }
        }
        positions.push((grid, next() % 2 == 0));
    }
    let setups: Vec<Setup> = positions.iter().map(|p| text(p).parse().unwrap()).collect();
    let mut solver = Solver::new(size, 1 << 30);
    solver.solve_all(setups.iter().copied(), |_| {}).unwrap();
    let mut over = 0;
    for (p, &setup) in positions.iter().zip(&setups) {
        let expected = oracle.value(p);
        over += usize::from(expected.plies() == Some(0));
        assert_eq!(solver.value(setup).unwrap(), expected, "{}", text(p));
    }
    assert!(
        over > 0 && over < positions.len() / 2,
        "{over} finished positions"
    );
}

#[test]
fn the_specs_facts_hold() {
    for (size, value) in [
        ("3x3", Outcome::Loss(6)),
        ("3x4", Outcome::Win(5)),
        ("4x3", Outcome::Loss(8)),
        ("4x4", Outcome::Win(11)),
        ("5x4", Outcome::Loss(16)),
    ] {
        let (rows, columns) = size.split_once('x').unwrap();
        let (rows, columns) = (rows.parse().unwrap(), columns.parse().unwrap());
        assert_eq!(
            Oracle::new().value(&start(rows, columns)),
            value,
            "{size} by the oracle"
        );
        let solved = solve_start(size.parse().unwrap(), 1 << 30, |_| {}).unwrap();
        assert_eq!(solved.value, value, "{size} by the engine");
    }
}
