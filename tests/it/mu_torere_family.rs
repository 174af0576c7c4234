//! Mu Torere on 2n points, checked through the real binary against rules
//! and values written afresh here, plainly, on `SQUARES` strings: a naive
//! retrograde analysis, level by level over a list of every position, with
//! no code shared with the engine.
//!
//! The sampled play tests cover ten and twelve points; the exhaustive one
//! of the traditional board is in `mu_torere_perfect.rs`.

use crate::test_rng::XorShift;
use std::collections::{HashMap, HashSet, VecDeque};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Value {
    Win(u32),
    Loss(u32),
    Draw,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    Standard,
    Free,
}

/// A board in `SQUARES` order for 2n != 8 (rim points 1..=2n, then the
/// centre) and the side to move, `b` or `w`.
type Pos = (Vec<u8>, u8);

fn opponent(side: u8) -> u8 {
    if side == b'b' { b'w' } else { b'b' }
}

/// The point number shown to players of the character at `i`.
fn point_name(n: usize, i: usize) -> usize {
    if i == 2 * n { 0 } else { i + 1 }
}

/// Legal moves as (from, to) character places.
fn moves(n: usize, rule: Rule, p: &Pos) -> Vec<(usize, usize)> {
    let (board, side) = p;
    let rim = 2 * n;
    let centre = rim;
    let to = board.iter().position(|&c| c == b'o').unwrap();
    let around = |i: usize| [(i + rim - 1) % rim, (i + 1) % rim];
    let mut found = Vec::new();
    for from in 0..=rim {
        if board[from] != *side {
            continue;
        }
        let legal = if to == centre {
            rule == Rule::Free || around(from).iter().any(|&k| board[k] == opponent(*side))
        } else {
            from == centre || around(to).contains(&from)
        };
        if legal {
            found.push((from, to));
        }
    }
    found
}

fn apply(p: &Pos, (from, to): (usize, usize)) -> Pos {
    let mut board = p.0.clone();
    board.swap(from, to);
    (board, opponent(p.1))
}

fn start(n: usize) -> Pos {
    let mut board = vec![b'b'; n];
    board.extend(vec![b'w'; n]);
    board.push(b'o');
    (board, b'b')
}

/// Every position, boards in text order, `b` before `w`.
fn all_positions(n: usize) -> Vec<Pos> {
    let mut out = Vec::new();
    let mut board = vec![];
    fn fill(n: usize, board: &mut Vec<u8>, b: usize, w: usize, o: usize, out: &mut Vec<Pos>) {
        if board.len() == 2 * n + 1 {
            out.push((board.clone(), b'b'));
            out.push((board.clone(), b'w'));
            return;
        }
        for (c, left) in [(b'b', b), (b'o', o), (b'w', w)] {
            if left > 0 {
                board.push(c);
                let (b, w, o) = match c {
                    b'b' => (b - 1, w, o),
                    b'w' => (b, w - 1, o),
                    _ => (b, w, o - 1),
                };
                fill(n, board, b, w, o, out);
                board.pop();
            }
        }
    }
    fill(n, &mut board, n, n, 1, &mut out);
    out
}

/// The solved board: values of every position by naive retrograde analysis.
struct Oracle {
    n: usize,
    rule: Rule,
    positions: Vec<Pos>,
    values: HashMap<Pos, Value>,
}

impl Oracle {
    fn new(n: usize, rule: Rule) -> Oracle {
        let positions = all_positions(n);
        let children: Vec<Vec<Pos>> = positions
            .iter()
            .map(|p| moves(n, rule, p).into_iter().map(|m| apply(p, m)).collect())
            .collect();
        let mut values: HashMap<Pos, Value> = HashMap::new();
        // Level d: wins in d (d odd) reach a loss in d - 1; losses in d
        // (d even) have only wins, the slowest in d - 1. No new value at
        // one level means none at any later level.
        for d in 0.. {
            let mut found = Vec::new();
            for (p, kids) in positions.iter().zip(&children) {
                if values.contains_key(p) {
                    continue;
                }
                let value_of = |q: &Pos| values.get(q).copied();
                let v = if d % 2 == 1 {
                    kids.iter()
                        .any(|q| value_of(q) == Some(Value::Loss(d - 1)))
                        .then_some(Value::Win(d))
                } else {
                    let all_won_sooner = kids
                        .iter()
                        .all(|q| matches!(value_of(q), Some(Value::Win(k)) if k < d));
                    let last_now = d == 0 || kids.iter().any(|q| value_of(q) == Some(Value::Win(d - 1)));
                    (all_won_sooner && last_now).then_some(Value::Loss(d))
                };
                if let Some(v) = v {
                    found.push((p.clone(), v));
                }
            }
            if found.is_empty() {
                break;
            }
            values.extend(found);
        }
        for p in &positions {
            values.entry(p.clone()).or_insert(Value::Draw);
        }
        Oracle {
            n,
            rule,
            positions,
            values,
        }
    }

    fn value(&self, p: &Pos) -> Value {
        self.values[p]
    }

    fn move_value(&self, p: &Pos, m: (usize, usize)) -> Value {
        match self.value(&apply(p, m)) {
            Value::Win(n) => Value::Loss(n + 1),
            Value::Loss(n) => Value::Win(n + 1),
            Value::Draw => Value::Draw,
        }
    }

    fn reachable(&self) -> Vec<Pos> {
        let s = start(self.n);
        let mut seen = HashSet::from([s.clone()]);
        let mut queue = VecDeque::from([s]);
        let mut order = Vec::new();
        while let Some(p) = queue.pop_front() {
            for m in moves(self.n, self.rule, &p) {
                let q = apply(&p, m);
                if seen.insert(q.clone()) {
                    queue.push_back(q);
                }
            }
            order.push(p);
        }
        order
    }

    /// The least image of `p` under rotations and reflections of the rim.
    fn canonical(&self, p: &Pos) -> Pos {
        let rim = 2 * self.n;
        let mut best = p.clone();
        for reflect in [false, true] {
            for turn in 0..rim {
                let mut board = p.0.clone();
                for i in 0..rim {
                    let from = if reflect { (rim - i) % rim } else { i };
                    board[(i + turn) % rim] = p.0[from];
                }
                best = best.min((board, p.1));
            }
        }
        best
    }
}

/// The spec's traditional squares of ring points 1..=8, then the centre.
const SQUARE_OF_POINT: [usize; 9] = [9, 8, 7, 4, 1, 2, 3, 6, 5];

/// The oracle's text of an eight-point board read from traditional `SQUARES`.
fn from_squares(squares: &str) -> Vec<u8> {
    SQUARE_OF_POINT
        .iter()
        .map(|&s| squares.as_bytes()[s - 1])
        .collect()
}

fn gamespace(args: &[&str], stdin: &str) -> (String, String, bool) {
    let output = assert_cmd::Command::cargo_bin("gamespace")
        .unwrap()
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.success(),
    )
}

fn rule_name(rule: Rule) -> &'static str {
    match rule {
        Rule::Standard => "standard",
        Rule::Free => "free",
    }
}

fn line_of(oracle: &Oracle, text: &[u8], side: u8) -> String {
    let (result, dist) = match oracle.value(&(text.to_vec(), side)) {
        Value::Win(d) => ('W', d.to_string()),
        Value::Loss(d) => ('L', d.to_string()),
        Value::Draw => ('D', "-".to_owned()),
    };
    format!(
        "{} {} {result} {dist}",
        std::str::from_utf8(text).unwrap(),
        side as char
    )
}

#[test]
fn the_table_agrees_with_naive_retrograde_analysis_for_n_2_to_6() {
    for n in 2..=6 {
        for rule in [Rule::Standard, Rule::Free] {
            let oracle = Oracle::new(n, rule);
            let points = (2 * n).to_string();
            let (out, err, ok) = gamespace(
                &[
                    "mu-torere",
                    "analyze",
                    "--points",
                    &points,
                    "--rule",
                    rule_name(rule),
                    "--table",
                ],
                "",
            );
            assert!(ok, "n {n} {rule:?}: {err}");
            let lines: Vec<&str> = out.lines().collect();
            assert_eq!(lines.len(), oracle.positions.len(), "n {n} {rule:?}");
            if n == 4 {
                // The traditional squares, in their own text order.
                let mut keys = Vec::new();
                for line in &lines {
                    let (squares, rest) = line.split_once(' ').unwrap();
                    let side = rest.as_bytes()[0];
                    let expected = line_of(&oracle, &from_squares(squares), side);
                    assert_eq!(&expected[2 * n + 1..], &line[9..], "{line} ({rule:?})");
                    keys.push((squares, side));
                }
                assert!(keys.windows(2).all(|w| w[0] < w[1]), "sorted");
            } else {
                let expected: Vec<String> = oracle
                    .positions
                    .iter()
                    .map(|(b, s)| line_of(&oracle, b, *s))
                    .collect();
                assert_eq!(lines, expected, "n {n} {rule:?}");
            }
        }
    }
}

/// The figure of `label` in the `all` and `reachable` columns of a report.
fn figures(report: &str, label: &str) -> (u64, u64) {
    let line = report
        .lines()
        .find(|l| l.trim_start().starts_with(label))
        .unwrap();
    let numbers: Vec<u64> = line.split_whitespace().filter_map(|w| w.parse().ok()).collect();
    (numbers[numbers.len() - 2], numbers[numbers.len() - 1])
}

fn report(points: &str, rule: &str) -> String {
    let (out, err, ok) = gamespace(&["mu-torere", "analyze", "--points", points, "--rule", rule], "");
    assert!(ok, "{err}");
    out
}

#[test]
fn ascher_ten_points_free_rule_the_first_player_wins_at_once_272_classes() {
    let oracle = Oracle::new(5, Rule::Free);
    assert_eq!(oracle.value(&start(5)), Value::Win(1));
    let reachable = oracle.reachable();
    let classes: HashSet<Pos> = reachable.iter().map(|p| oracle.canonical(p)).collect();
    assert_eq!(classes.len(), 272);
    let out = report("10", "free");
    assert!(
        out.contains("start (bbbbbwwwwwo, black to move): win in 1\n"),
        "{out}"
    );
    assert_eq!(figures(&out, "classes up to").1, 272);
    assert_eq!(figures(&out, "positions").1, reachable.len() as u64);
}

#[test]
fn eight_points_free_rule_black_wins_with_the_first_move() {
    let oracle = Oracle::new(4, Rule::Free);
    assert_eq!(oracle.value(&start(4)), Value::Win(1));
    let out = report("8", "free");
    assert!(
        out.contains("start (wwwbowbbb, black to move): win in 1\n"),
        "{out}"
    );
}

#[test]
fn six_points_standard_rule_is_a_draw_with_280_positions_268_reachable() {
    let oracle = Oracle::new(3, Rule::Standard);
    assert_eq!(oracle.positions.len(), 280);
    assert_eq!(oracle.reachable().len(), 268);
    assert_eq!(oracle.value(&start(3)), Value::Draw);
    let out = report("6", "standard");
    assert_eq!(figures(&out, "positions"), (280, 268));
    assert!(out.contains("start (bbbwwwo, black to move): draw\n"));
}

#[test]
fn every_figure_of_the_report_agrees_with_the_oracle_for_n_2_to_6() {
    for n in [2, 3, 5, 6] {
        for rule in [Rule::Standard, Rule::Free] {
            let oracle = Oracle::new(n, rule);
            let reachable: HashSet<Pos> = oracle.reachable().into_iter().collect();
            let count = |set: &mut dyn Iterator<Item = &Pos>, f: &dyn Fn(Value) -> bool| {
                set.filter(|p| f(oracle.value(p))).count() as u64
            };
            let both = |f: &dyn Fn(Value) -> bool| {
                (
                    count(&mut oracle.positions.iter(), f),
                    count(&mut reachable.iter(), f),
                )
            };
            let out = report(&(2 * n).to_string(), rule_name(rule));
            let all_classes: HashSet<Pos> = oracle.positions.iter().map(|p| oracle.canonical(p)).collect();
            let seen_classes: HashSet<Pos> = reachable.iter().map(|p| oracle.canonical(p)).collect();
            let context = format!("n {n} {rule:?}");
            assert_eq!(figures(&out, "positions"), both(&|_| true), "{context}");
            assert_eq!(
                figures(&out, "won for"),
                both(&|v| matches!(v, Value::Win(_))),
                "{context}"
            );
            assert_eq!(
                figures(&out, "lost for"),
                both(&|v| matches!(v, Value::Loss(_))),
                "{context}"
            );
            assert_eq!(figures(&out, "drawn"), both(&|v| v == Value::Draw), "{context}");
            assert_eq!(
                figures(&out, "terminal"),
                both(&|v| v == Value::Loss(0)),
                "{context}"
            );
            assert_eq!(
                figures(&out, "classes up to"),
                (all_classes.len() as u64, seen_classes.len() as u64),
                "{context}"
            );
            let traps = |set: &mut dyn Iterator<Item = &Pos>| -> u64 {
                set.filter(|p| oracle.value(p) == Value::Draw)
                    .map(|p| {
                        moves(n, rule, p)
                            .into_iter()
                            .filter(|&m| matches!(oracle.move_value(p, m), Value::Loss(_)))
                            .count() as u64
                    })
                    .sum()
            };
            assert_eq!(
                figures(&out, "traps"),
                (traps(&mut oracle.positions.iter()), traps(&mut reachable.iter())),
                "{context}"
            );
            let longest = oracle
                .positions
                .iter()
                .filter_map(|p| match oracle.value(p) {
                    Value::Win(d) => Some(d),
                    _ => None,
                })
                .max()
                .unwrap_or(0);
            assert!(
                out.contains(&format!("longest forced win: {longest} pl")),
                "{context}"
            );
        }
    }
}

fn side_name(side: u8) -> &'static str {
    if side == b'b' { "black" } else { "white" }
}

/// Drives the binary from `p`, the human playing `m` for the side to move,
/// and checks that the program's reply is perfect.
fn check_reply(oracle: &Oracle, p: &Pos, m: (usize, usize)) -> Result<(), String> {
    let n = oracle.n;
    let points = (2 * n).to_string();
    let squares = String::from_utf8(p.0.clone()).unwrap();
    let human = side_name(p.1);
    let (out, err, ok) = gamespace(
        &[
            "mu-torere",
            "play",
            "--points",
            &points,
            "--rule",
            rule_name(oracle.rule),
            "--human",
            human,
            "--position",
            &squares,
            "--to-move",
            human,
        ],
        &format!("{}\n", point_name(n, m.0)),
    );
    if !ok {
        return Err(format!("failed: {err}"));
    }
    let move_lines: Vec<&str> = out.lines().filter(|l| l.contains(" moves ")).collect();
    let mine = format!("{human} moves {} to {}", point_name(n, m.0), point_name(n, m.1));
    if move_lines.first() != Some(&mine.as_str()) {
        return Err(format!("expected `{mine}` first, got {move_lines:?}"));
    }
    let p1 = apply(p, m);
    let replies = moves(n, oracle.rule, &p1);
    if replies.is_empty() {
        return if move_lines.len() == 1 && out.ends_with(&format!("\n{human} wins\n")) {
            Ok(())
        } else {
            Err(format!("expected {human} to win:\n{out}"))
        };
    }
    let program = side_name(p1.1);
    let line = move_lines.get(1).ok_or("no reply")?;
    let reply = replies
        .iter()
        .copied()
        .find(|&(f, t)| *line == format!("{program} moves {} to {}", point_name(n, f), point_name(n, t)))
        .ok_or_else(|| format!("`{line}` is not a legal move"))?;
    let value = oracle.value(&p1);
    let got = oracle.move_value(&p1, reply);
    if got != value {
        return Err(format!("reply {line} is worth {got:?}, the position {value:?}"));
    }
    if value == Value::Draw {
        let traps = |r| {
            let next = apply(&p1, r);
            moves(n, oracle.rule, &next)
                .into_iter()
                .filter(|&h| matches!(oracle.move_value(&next, h), Value::Loss(_)))
                .count()
        };
        let chosen = traps(reply);
        if let Some(r) = replies
            .iter()
            .find(|&&r| oracle.move_value(&p1, r) == Value::Draw && traps(r) > chosen)
        {
            return Err(format!("{r:?} sets more traps than {line}"));
        }
    }
    Ok(())
}

#[test]
fn the_program_answers_sampled_human_moves_perfectly_on_ten_and_twelve_points() {
    let mut rng = XorShift::new(0x853c_49e6_748f_ea9b);
    let mut next = move |bound: usize| rng.below(bound as u64) as usize;
    for n in [5, 6] {
        for rule in [Rule::Standard, Rule::Free] {
            let oracle = Oracle::new(n, rule);
            let cases: Vec<(Pos, (usize, usize))> = oracle
                .reachable()
                .into_iter()
                .flat_map(|p| moves(n, rule, &p).into_iter().map(move |m| (p.clone(), m)))
                .collect();
            let sample: Vec<&(Pos, (usize, usize))> = (0..40).map(|_| &cases[next(cases.len())]).collect();
            let failures: Vec<String> = sample
                .iter()
                .filter_map(|(p, m)| {
                    check_reply(&oracle, p, *m).err().map(|why| {
                        format!(
                            "n {n} {rule:?} {} {}: {why}",
                            String::from_utf8_lossy(&p.0),
                            p.1 as char
                        )
                    })
                })
                .collect();
            assert!(failures.is_empty(), "{failures:#?}");
        }
    }
}

/// Runs the binary expecting a failure: one line on stderr, nothing on
/// stdout, a non-zero status. Returns the line.
fn fails(args: &[&str]) -> String {
    let output = assert_cmd::Command::cargo_bin("gamespace")
        .unwrap()
        .args(args)
        .write_stdin("")
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(!output.status.success(), "{args:?} succeeded");
    assert!(output.stdout.is_empty(), "{args:?} wrote a result");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.starts_with("gamespace: error: "), "{stderr}");
    stderr
}

#[test]
fn bad_points_are_refused_in_one_line() {
    for sub in ["play", "analyze"] {
        assert!(fails(&["mu-torere", sub, "--points", "7"]).contains("even number"));
        assert!(fails(&["mu-torere", sub, "--points", "2"]).contains("4 to 30"));
        assert!(fails(&["mu-torere", sub, "--points", "0"]).contains("4 to 30"));
        assert!(fails(&["mu-torere", sub, "--points", "34"]).contains("4 to 30"));
        assert!(fails(&["mu-torere", sub, "--points", "ten"]).contains("--points"));
        assert!(fails(&["mu-torere", sub, "--rule", "loose"]).contains("--rule"));
        // Numbers past any integer type, signs, and nothing at all.
        for points in ["99999999999", "4294967296", "", " 10", "1e1", "10.0"] {
            assert!(fails(&["mu-torere", sub, "--points", points]).contains("--points"));
        }
        assert!(fails(&["mu-torere", sub, "--points", "-4"]).contains("'-4'"));
        assert!(fails(&["mu-torere", sub, "--points", "4294967295"]).contains("even number"));
        assert!(fails(&["mu-torere", sub, "--points", "4294967294"]).contains("4 to 30"));
        for rule in ["", "FREE", "standard "] {
            assert!(fails(&["mu-torere", sub, "--points", "10", "--rule", rule]).contains("--rule"));
        }
    }
}

#[test]
fn a_board_too_large_for_memory_is_refused_before_any_work() {
    // Thirty points need about 35 GB; a machine with more memory free than
    // that would start solving, so the check only runs where it cannot.
    let available_kb = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find_map(|l| l.strip_prefix("MemAvailable:"))
                .and_then(|r| r.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        })
        .unwrap_or(0);
    if available_kb > 30 << 20 {
        return;
    }
    for sub in ["play", "analyze"] {
        let line = fails(&["mu-torere", sub, "--points", "30"]);
        assert!(line.contains("30 points is too large for this machine"), "{line}");
        assert!(line.contains("MiB"), "{line}");
    }
}

#[test]
fn a_bad_position_on_a_larger_board_is_refused_in_one_line() {
    let base = ["mu-torere", "play", "--points", "10", "--position"];
    let with = |p: &'static str| {
        let mut args = base.to_vec();
        args.push(p);
        fails(&args)
    };
    assert!(with("bbbbwwwwo").contains("expected 11 characters"));
    assert!(with("bbbbbbwwwwo").contains("exactly 5 b, 5 w and 1 o"));
    assert!(with("bbbbbwwwwwx").contains("character 11 is `x`"));
    assert!(with("wwwbowbbb").contains("expected 11 characters"));
    assert!(with("bbbbbwwwwwoo").ends_with("found 12\n"));
    assert!(with("").ends_with("found 0\n"));
    // Two empty points, or none.
    assert!(with("bbbbbwwwwoo").contains("found 5 b, 4 w and 2 o"));
    assert!(with("bbbbbbwwwww").contains("found 6 b, 5 w and 0 o"));
}

#[test]
fn a_point_off_the_board_is_refused_as_in_the_traditional_game() {
    let (out, err, ok) = gamespace(&["mu-torere", "--points", "12"], "13\n99999999999\n-3\n1.5\n1\n");
    assert!(ok, "{err}");
    // The refusals are protocol lines, as in the traditional game; the
    // hints go to stderr.
    let refusals: Vec<&str> = out.lines().filter(|l| l.starts_with("illegal: ")).collect();
    assert_eq!(
        refusals,
        [
            "illegal: there is no point 13 (points are 0 to 12)",
            "illegal: `99999999999` is not a point number",
            "illegal: `-3` is not a point number",
            "illegal: `1.5` is not a point number",
        ]
    );
    assert_eq!(
        err.matches("you can move 1 or 6 (or type help)\n").count(),
        4,
        "{err}"
    );
    let moves: Vec<&str> = out.lines().filter(|l| l.contains(" moves ")).collect();
    assert_eq!(moves[0], "black moves 1 to 0");
    assert!(moves[1].starts_with("white moves "));
    assert!(!out.contains('\x1b') && !err.contains('\x1b'));
}

#[test]
fn line_mode_explains_each_rule_and_why_a_stone_is_held() {
    // Ten points: black's stones 2, 3 and 4 sit between two of their own.
    let input = "3\n0\n7\nhelp\n";
    let (out, err, ok) = gamespace(&["mu-torere", "play", "--points", "10", "--plain"], input);
    assert!(ok, "{err}");
    let refusals: Vec<&str> = out.lines().filter(|l| l.starts_with("illegal: ")).collect();
    assert_eq!(
        refusals,
        [
            "illegal: the stone on 3 cannot move: a stone enters the centre only beside an \
             opponent's, and 2 and 4 are black",
            "illegal: point 0 is the empty point",
            "illegal: point 7 holds a white stone, and black is to move",
        ]
    );
    let help = err.replace('\n', " ");
    for said in [
        "The player who cannot move loses.",
        "only if one of its rim neighbours holds an opponent's stone",
        "comes up a third time",
        "0-10    move your stone on that point",
    ] {
        assert!(help.contains(said), "{said}: {err}");
    }
    // Under the free rule the same stone may go: black wins at once.
    let (out, err, ok) = gamespace(
        &["mu-torere", "--points", "10", "--rule", "free", "--plain"],
        input,
    );
    assert!(ok, "{err}");
    assert!(!out.contains("illegal"), "{out}");
    assert!(out.contains("\nblack moves 3 to 0\n"), "{out}");
    assert!(out.ends_with("\nblack wins\n"), "{out}");
    let (_, err, _) = gamespace(&["mu-torere", "--points", "10", "--rule", "free"], "help\n");
    let help = err.replace('\n', " ");
    assert!(help.contains("Under the free rule any stone may go from the rim into the empty centre"));
    assert!(!help.contains("only if"), "{err}");
    // A rim stone reaches only the rim points beside the empty one, under
    // either rule: on bbbbwowwww, the centre black, white's 8 is far from 6.
    for rule in ["standard", "free"] {
        let (out, err, ok) = gamespace(
            &[
                "mu-torere",
                "--points",
                "10",
                "--rule",
                rule,
                "--position",
                "bbbbwowwwwb",
                "--human",
                "white",
                "--to-move",
                "white",
            ],
            "8\n",
        );
        assert!(ok, "{err}");
        assert!(
            out.contains("\nillegal: the stone on 8 cannot move: no line joins it to the empty point 6\n"),
            "{rule}: {out}"
        );
        assert!(
            err.contains("you can move 5 or 7 (or type help)"),
            "{rule}: {err}"
        );
    }
}

#[test]
fn without_points_the_traditional_game_is_unchanged() {
    let (plain, _, _) = gamespace(&["mu-torere", "analyze"], "");
    let (eight, _, _) = gamespace(
        &["mu-torere", "analyze", "--points", "8", "--rule", "standard"],
        "",
    );
    assert_eq!(plain, eight);
    assert!(plain.starts_with("Mu Torere, solved by retrograde analysis of every position\n"));
    let (play, _, _) = gamespace(&["mu-torere", "--points", "8"], "9\n");
    assert!(play.starts_with("w-w-w\n|\\|/|\nb-o-w\n|/|\\|\nb-b-b\nblack moves 9 to 5\n"));
}

#[test]
fn the_picture_of_a_larger_board_shows_every_point_and_edge() {
    let (out, _, ok) = gamespace(&["mu-torere", "--points", "12"], "");
    assert!(ok);
    assert_eq!(
        out,
        " 1   2   3   4   5   6   7   8   9  10  11  12\n\
         \x20b---b---b---b---b---b---w---w---w---w---w---w---1\n\
         \x20|   |   |   |   |   |   |   |   |   |   |   |\n\
         \x20+---+---+---+---+---o---+---+---+---+---+---+  0 (centre)\n"
    );
}

/// Six points, standard rule, the human black and the program white: from
/// the start the human moves 1, 0, and then 2, 1, 0 over and over. Every
/// position on the way is drawn (`analyze --points 6 --table`), and the
/// program's replies bring the same positions back after each round.
const SIX_POINT_CYCLE: &str = "1\n0\n2\n1\n0\n2\n1\n0\n2\n1\n0\n2\n1\n0\n";

fn move_lines(out: &str) -> Vec<&str> {
    out.lines().filter(|l| l.contains(" moves ")).collect()
}

#[test]
fn a_family_game_ends_drawn_when_a_position_comes_up_a_third_time() {
    for args in [
        &["mu-torere", "play", "--points", "6"][..],
        &["mu-torere", "play", "--points", "6", "--draw-rule", "repetition"][..],
    ] {
        let (out, err, ok) = gamespace(args, SIX_POINT_CYCLE);
        assert!(ok, "{err}");
        assert!(out.ends_with("\ndraw\n"), "{out}");
        assert!(!out.contains("wins"), "{out}");
        // wbbwwbo with white to move comes up after moves 3, 9 and 15
        // (black's and white's), the third time ending the game.
        let moves = move_lines(&out);
        assert_eq!(moves.len(), 15, "{out}");
        assert_eq!(moves[0], "black moves 1 to 0");
        assert_eq!(moves[1], "white moves 6 to 1");
        assert_eq!(moves[14], moves[8]);
        assert!(
            err.contains("this position, white to move, has come up a third time: the game is drawn\n"),
            "{err}"
        );
        // The human was not asked for a move after the draw.
        assert_eq!(err.matches("to move (you)").count(), 8, "{err}");
    }
}

#[test]
fn without_a_draw_rule_the_family_game_goes_on() {
    let (out, err, ok) = gamespace(
        &["mu-torere", "play", "--points", "6", "--draw-rule", "none"],
        SIX_POINT_CYCLE,
    );
    assert!(ok, "{err}");
    assert!(!out.lines().any(|l| l == "draw"), "{out}");
    assert!(!out.contains("wins"), "{out}");
    assert!(!err.contains("third time"), "{err}");
    // Every line of the input was played and answered.
    let moves = move_lines(&out);
    assert_eq!(moves.len(), 2 * SIX_POINT_CYCLE.lines().count(), "{out}");
    assert_eq!(moves[moves.len() - 1], moves[moves.len() - 7]);
}
