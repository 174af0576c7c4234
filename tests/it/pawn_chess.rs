//! Pawn chess against the judge's vectors and against a naive oracle on
//! every legal input, plus boards outside the statement's promises.
//!
//! The oracle (`common/pawn_chess_oracle.rs`) shares nothing with the
//! library: its own board (a grid of characters), its own move generator,
//! plain recursion. Its memo is a plain `HashMap` so the whole run takes
//! seconds, not hours.

use crate::pawn_chess_oracle::{Oracle, moves as oracle_moves};
use crate::test_rng::XorShift;
use gamespace::pawn_chess::Ending;
use gamespace::pawn_chess::PawnChess;
use gamespace::pawn_chess::{Board, Engine, Side, Solver, parse_cases, write_verdict};
use gamespace::solve::Outcome;
use gamespace::solve::retrograde;
use gamespace::solve::table::{IndexedGame, Table, graph};

/// Rows of characters, the first input row (White's goal) first.
type Grid = Vec<Vec<u8>>;

fn grid(board: Board) -> Grid {
    board.rows().iter().map(|row| row.as_bytes().to_vec()).collect()
}

/// The value for White to move, as the oracle finds it.
fn white_to_move(oracle: &mut Oracle, g: &Grid) -> Outcome {
    oracle.value(&(g.clone(), true))
}

/// Every input the statement allows: 1-4 pawns a side, no White pawn on the
/// first row, no Black pawn on the last, and a legal move for White.
fn legal_inputs() -> Vec<Board> {
    let sets = |allowed: u16| -> Vec<u16> {
        (1..=u16::MAX)
            .filter(|&s| s & !allowed == 0 && s.count_ones() <= 4)
            .collect()
    };
    let whites = sets(0xfff0);
    let blacks = sets(0x0fff);
    let mut boards = Vec::new();
    for &w in &whites {
        for &b in &blacks {
            if let Some(board) = Board::new(w, b)
                && !oracle_moves(&grid(board), true).is_empty()
            {
                boards.push(board);
            }
        }
    }
    boards
}

fn answers(input: &[u8], engine: Engine) -> Vec<u8> {
    let mut solver = Solver::new(engine);
    let mut out = Vec::new();
    for board in parse_cases(input).unwrap() {
        write_verdict(&mut out, solver.solve(board)).unwrap();
    }
    out
}

#[test]
fn the_judges_vectors_pass_with_both_engines() {
    for (input, expected) in [
        (
            &include_bytes!("../data/pawn-chess-sample.in")[..],
            &include_bytes!("../data/pawn-chess-sample.out")[..],
        ),
        (
            include_bytes!("../data/pawn-chess-300.in"),
            include_bytes!("../data/pawn-chess-300.out"),
        ),
    ] {
        for engine in [Engine::Table, Engine::Negamax] {
            let got = answers(input, engine);
            assert_eq!(
                String::from_utf8(got).unwrap(),
                String::from_utf8_lossy(expected),
                "{engine:?}"
            );
        }
    }
}

#[test]
fn every_legal_input_agrees_with_the_naive_oracle() {
    let boards = legal_inputs();
    assert_eq!(boards.len(), 275_836);
    let mut solver = Solver::default();
    let mut oracle = Oracle::new();
    let mut longest_win = 0;
    let mut seen = [[false; 16]; 2];
    for &board in &boards {
        let got = solver.solve(board);
        assert_eq!(got, white_to_move(&mut oracle, &grid(board)), "{board}");
        if let Outcome::Win(n) = got {
            longest_win = longest_win.max(n);
        }
        seen[usize::from(got.is_loss())][got.plies().unwrap() as usize] = true;
    }
    assert_eq!(longest_win, 13, "the longest answer is white (13)");
    // Every answer from white (1) to white (13) and black (2) to black (12) occurs.
    assert!((1..=13).step_by(2).all(|n| seen[0][n]));
    assert!((2..=12).step_by(2).all(|n| seen[1][n]));
}

#[test]
fn boards_outside_the_promises_agree_with_the_oracle_and_the_documented_rules() {
    let mut rng = XorShift::new(0x5851_f42d_4c95_7f2d);
    let mut next = move || rng.next_u64();
    let mut solver = Solver::default();
    let mut oracle = Oracle::new();
    for _ in 0..20_000 {
        let (a, b) = (next() as u16, next() as u16);
        // Sparse and crowded boards alike: up to 16 pawns, no side capped at four.
        let (white, black) = if next() % 2 == 0 {
            (a & next() as u16, b & next() as u16)
        } else {
            (a, b)
        };
        let Some(board) = Board::new(white, black & !white) else {
            continue;
        };
        assert_eq!(
            solver.solve(board),
            white_to_move(&mut oracle, &grid(board)),
            "{board}"
        );
    }
    let b = |w, b| Board::new(w, b).unwrap();
    assert_eq!(
        solver.solve(b(1 << 3, 1 << 4)),
        Outcome::Win(0),
        "White already on rank 4"
    );
    assert_eq!(
        solver.solve(b(1 << 3, 1 << 12)),
        Outcome::Win(0),
        "both on their goals"
    );
    assert_eq!(
        solver.solve(b(1 << 9, 1 << 13)),
        Outcome::Loss(0),
        "Black already on rank 1"
    );
    assert_eq!(solver.solve(b(0, 1 << 5)), Outcome::Loss(0), "no White pawns");
    assert_eq!(solver.solve(b(1 << 9, 1 << 5)), Outcome::Loss(0), "White blocked");
    assert_eq!(solver.solve(b(1 << 9, 0)), Outcome::Win(1), "no Black pawns");
}

#[test]
fn table_negamax_and_retrograde_agree_on_the_whole_space() {
    let game = PawnChess;
    let table = Table::solve(&game);
    let backwards = retrograde::solve(&graph(&game));
    let mut search = gamespace::solve::negamax::Negamax::new(PawnChess);
    let mut listed = vec![false; game.slots()];
    game.for_each_position(|p| {
        let i = game.index(p);
        let value = table.outcome(i).unwrap();
        assert_eq!(backwards[i], value, "{p:?}");
        if i % 7 == 0 {
            assert_eq!(search.solve(p), value, "{p:?}");
        }
        listed[i] = true;
    });
    // Every legal input has its slot solved (mirror images share one).
    for board in legal_inputs() {
        let position = gamespace::pawn_chess::Position::from_board(board, Side::White);
        assert!(listed[game.index(position)], "{board}");
    }
}

#[test]
fn explained_lines_are_legal_optimal_and_end_as_the_verdict_says() {
    let mut solver = Solver::default();
    for board in legal_inputs().into_iter().step_by(97) {
        let line = solver.line(board);
        assert_eq!(line.outcome, solver.solve(board));
        assert_eq!(Some(line.plies.len() as u32), line.outcome.plies(), "{board}");
        let mut g = grid(board);
        let mut white = true;
        for ply in &line.plies {
            assert_eq!(ply.side, if white { Side::White } else { Side::Black });
            let after = grid(ply.board);
            assert!(
                oracle_moves(&g, white).iter().any(|(m, _)| *m == after),
                "{board}: {ply:?}"
            );
            g = after;
            white = !white;
        }
        let winner = if line.outcome.is_win() {
            Side::White
        } else {
            Side::Black
        };
        let loser_to_move = if white { Side::White } else { Side::Black };
        match line.ending {
            Ending::GoalReached(side) => assert_eq!(side, winner),
            Ending::NoPawns(side) | Ending::NoMove(side) => {
                assert_eq!(side, loser_to_move);
                assert_eq!(side, winner.other());
                assert!(oracle_moves(&g, white).is_empty());
            }
        }
    }
}

#[test]
fn every_first_move_has_the_value_the_oracle_gives_it() {
    let mut solver = Solver::default();
    let mut oracle = Oracle::new();
    for board in legal_inputs().into_iter().step_by(89) {
        let g = grid(board);
        let moves = solver.first_moves(board);
        let expected = oracle_moves(&g, true);
        assert_eq!(moves.len(), expected.len(), "{board}");
        for (ply, value) in &moves {
            let after = grid(ply.board);
            let &(_, reached_goal) = expected
                .iter()
                .find(|(next, _)| *next == after)
                .unwrap_or_else(|| panic!("{board}: {ply:?} is not a legal move"));
            let want = if reached_goal {
                Outcome::Win(1)
            } else {
                match oracle.solve(&after, false) {
                    (true, plies) => Outcome::Loss(plies + 1),
                    (false, plies) => Outcome::Win(plies + 1),
                }
            };
            assert_eq!(*value, want, "{board}: {ply:?}");
        }
        // The best of them is the position's value.
        let best = moves.iter().map(|&(_, v)| v).max();
        assert_eq!(best, Some(solver.solve(board)), "{board}");
    }
}
