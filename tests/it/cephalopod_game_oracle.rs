//! The test oracle for Cephalopod, the game (`tests/common/cephalopod_oracle.rs`),
//! checked on its own: notation and moves against examples worked out by hand
//! from the spec, and values against the spec's table of facts. Nothing here
//! touches the engine; `tests/cephalopod_game.rs` compares the two.

use crate::cephalopod_oracle as oracle;

use oracle::{Pos, Rule, Side, Solver, Value, reachable};

fn moves_at(p: &Pos, cell: &str) -> Vec<String> {
    let mut texts: Vec<String> = p
        .moves()
        .iter()
        .filter(|m| p.cell_name(m.cell) == cell)
        .map(|m| p.move_text(m))
        .collect();
    texts.sort();
    texts
}

#[test]
fn the_spec_example_position_reads_and_prints_back() {
    let text = "w1.b2/.w3./... b";
    let p = Pos::parse(text).unwrap();
    assert_eq!((p.rows, p.cols, p.to_move), (3, 3, Side::Black));
    assert_eq!(p.cells[0], Some((Side::White, 1)));
    assert_eq!(p.cells[2], Some((Side::Black, 2)));
    assert_eq!(p.cells[4], Some((Side::White, 3)));
    assert_eq!(p.cells.iter().filter(|c| c.is_some()).count(), 3);
    assert_eq!(p.to_string(), text);
    for wrong in [
        "w1.b2/.w3./... x",
        "w1.b2/.w3./...",
        "w7.b2/.w3./... b",
        "w1.b2/.w3/... b",
        "w1.b2/.w3./..a w",
        "w w",
        "...... w",
        ". w",
    ] {
        assert!(Pos::parse(wrong).is_err(), "{wrong:?} was accepted");
    }
}

#[test]
fn cells_are_named_as_in_chess() {
    let p = Pos::empty(3, 3);
    assert_eq!(p.cell_name(0), "a3");
    assert_eq!(p.cell_name(2), "c3");
    assert_eq!(p.cell_name(4), "b2");
    assert_eq!(p.cell_name(6), "a1");
    assert_eq!(p.cell_name(8), "c1");
    let wide = Pos::empty(2, 5);
    assert_eq!(wide.cell_name(0), "a2");
    assert_eq!(wide.cell_name(9), "e1");
}

#[test]
fn a_capture_is_forced_on_its_cell_and_named_in_reading_order() {
    // a2 holds a white 1, c2 a black 2: placing on b2 must take both.
    let p = Pos::parse(".../w1.b2/... w").unwrap();
    assert_eq!(moves_at(&p, "b2"), ["b2xa2c2"]);
    let m = p
        .moves()
        .into_iter()
        .find(|m| p.cell_name(m.cell) == "b2")
        .unwrap();
    assert_eq!(p.play(&m).to_string(), ".../.w3./... b");
    // A single neighbour is never captured: a plain 1.
    assert_eq!(moves_at(&p, "a3"), ["a3"]);
    assert_eq!(moves_at(&p, "b1"), ["b1"]);
    assert_eq!(p.moves().len(), 7);
}

#[test]
fn every_capture_set_is_a_separate_move() {
    // Around b2: b3 = 1, a2 = 2, c2 = 3, b1 = 4. The sets of two or more
    // with a sum of at most 6: {1,2} {1,3} {1,4} {2,3} {2,4} {1,2,3}.
    let p = Pos::parse(".b1./w2.b3/.w4. b").unwrap();
    assert_eq!(
        moves_at(&p, "b2"),
        ["b2xa2b1", "b2xa2c2", "b2xb3a2", "b2xb3a2c2", "b2xb3b1", "b2xb3c2"]
    );
    let after = |text: &str| {
        let m = p.moves().into_iter().find(|m| p.move_text(m) == text).unwrap();
        p.play(&m).to_string()
    };
    assert_eq!(after("b2xb3a2c2"), ".../.b6./.w4. w");
    assert_eq!(after("b2xa2b1"), ".b1./.b6b3/... w");
    // Sums above 6 never capture: 5 + 2 on a1's neighbours gives a plain 1.
    let q = Pos::parse("b5../.w2./... w").unwrap();
    assert_eq!(moves_at(&q, "a2"), ["a2"]);
}

#[test]
fn the_full_board_is_worth_its_count_for_the_side_to_move() {
    let p = Pos::parse("w1b6/b6w6 w").unwrap();
    assert_eq!(p.final_value(Rule::Majority), Value::Tie(0));
    assert_eq!(p.final_value(Rule::Sixes), Value::Loss(0));
    let q = Pos::parse("w1b6/b6w6 b").unwrap();
    assert_eq!(q.final_value(Rule::Sixes), Value::Win(0));
    let r = Pos::parse("w1w1b1 b").unwrap();
    assert_eq!(r.final_value(Rule::Majority), Value::Loss(0));
    assert_eq!(r.final_value(Rule::Sixes), Value::Tie(0));
}

#[test]
fn the_smallest_board_is_counted_by_hand() {
    // 1x2: the empty board, a white 1 on either cell, then the full board
    // with a black 1 beside it, twice.
    assert_eq!(reachable(1, 2).len(), 5);
    for rule in Rule::BOTH {
        let mut solver = Solver::new(rule);
        assert_eq!(solver.value(&Pos::empty(1, 2)), Value::Tie(2));
    }
}

#[test]
fn the_spec_facts_hold() {
    let facts = [
        (1, 3, Rule::Majority, Value::Win(3)),
        (1, 3, Rule::Sixes, Value::Tie(3)),
        (2, 2, Rule::Majority, Value::Tie(14)),
        (2, 2, Rule::Sixes, Value::Tie(14)),
        (2, 3, Rule::Majority, Value::Loss(26)),
        (2, 3, Rule::Sixes, Value::Loss(26)),
        (3, 2, Rule::Majority, Value::Loss(26)),
        (3, 2, Rule::Sixes, Value::Loss(26)),
    ];
    for (rows, cols, rule, expected) in facts {
        let mut solver = Solver::new(rule);
        assert_eq!(
            solver.value(&Pos::empty(rows, cols)),
            expected,
            "{rows}x{cols} {}",
            rule.name()
        );
    }
}

#[test]
fn every_move_raises_pips_or_lowers_dice() {
    // The spec's argument that no position repeats, checked on every
    // reachable position of 2x3.
    let measure = |p: &Pos| {
        let pips: i32 = p.cells.iter().flatten().map(|&(_, v)| v as i32).sum();
        let dice = p.cells.iter().flatten().count() as i32;
        (pips, -dice)
    };
    for p in reachable(2, 3) {
        for m in p.moves() {
            assert!(measure(&p.play(&m)) > measure(&p), "{p} {}", p.move_text(&m));
        }
    }
}

#[test]
fn the_solver_values_every_reachable_position_once() {
    let all = reachable(2, 3);
    let set: std::collections::HashSet<&Pos> = all.iter().collect();
    let mut solver = Solver::new(Rule::Majority);
    solver.value(&Pos::empty(2, 3));
    assert_eq!(solver.known(), all.len());
    for (p, v) in solver.entries(2, 3) {
        assert!(set.contains(&p), "{p} is not reachable");
        assert_eq!(p.is_full(), v.remoteness() == 0, "{p} {v}");
    }
}
