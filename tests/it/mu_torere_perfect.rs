//! Proof that `gamespace mu-torere` plays perfectly, by driving the real
//! binary from every position reachable from the start, with every legal
//! reply of the human, for both colours.
//!
//! The rules and values here are written afresh, plainly, on `SQUARES`
//! strings, so the program is checked against a separate implementation:
//! values come from depth-limited game-tree search, not retrograde analysis.

use std::collections::{HashMap, HashSet, VecDeque};
use std::thread;

/// The rim, clockwise, by square number.
const RIM: [usize; 8] = [1, 2, 3, 6, 9, 8, 7, 4];
const CENTRE: usize = 5;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Value {
    Win(u32),
    Loss(u32),
    Draw,
}

/// A board as `SQUARES` (index 0 is square 1) and the side to move, `b`/`w`.
type Pos = (Vec<u8>, u8);

fn opponent(side: u8) -> u8 {
    if side == b'b' { b'w' } else { b'b' }
}

fn rim_neighbours(square: usize) -> [usize; 2] {
    let k = RIM.iter().position(|&s| s == square).unwrap();
    [RIM[(k + 7) % 8], RIM[(k + 1) % 8]]
}

/// Legal moves as (from, to) square numbers, by increasing `from`.
fn moves(p: &Pos) -> Vec<(usize, usize)> {
    let (board, side) = p;
    let to = board.iter().position(|&c| c == b'o').unwrap() + 1;
    (1..=9)
        .filter(|&from| board[from - 1] == *side)
        .filter(|&from| {
            if to == CENTRE {
                rim_neighbours(from)
                    .iter()
                    .any(|&n| board[n - 1] == opponent(*side))
            } else {
                from == CENTRE || rim_neighbours(to).contains(&from)
            }
        })
        .map(|from| (from, to))
        .collect()
}

fn apply(p: &Pos, (from, to): (usize, usize)) -> Pos {
    let mut board = p.0.clone();
    board.swap(from - 1, to - 1);
    (board, opponent(p.1))
}

/// Game values by plain search: a win in `d` means the side to move can
/// force the end within `d` plies and not fewer.
struct Oracle {
    lose_memo: HashMap<(Pos, u32), bool>,
    values: HashMap<Pos, Value>,
}

impl Oracle {
    const HORIZON: u32 = 30;

    fn win_within(&mut self, p: &Pos, depth: u32) -> bool {
        depth > 0
            && moves(p)
                .into_iter()
                .any(|m| self.lose_within(&apply(p, m), depth - 1))
    }

    fn lose_within(&mut self, p: &Pos, depth: u32) -> bool {
        if let Some(&known) = self.lose_memo.get(&(p.clone(), depth)) {
            return known;
        }
        let ms = moves(p);
        let result =
            ms.is_empty() || (depth > 0 && ms.into_iter().all(|m| self.win_within(&apply(p, m), depth - 1)));
        self.lose_memo.insert((p.clone(), depth), result);
        result
    }

    fn value(&mut self, p: &Pos) -> Value {
        if let Some(&v) = self.values.get(p) {
            return v;
        }
        let mut v = Value::Draw;
        for depth in 0..=Self::HORIZON {
            if self.win_within(p, depth) {
                v = Value::Win(depth);
                break;
            }
            if self.lose_within(p, depth) {
                v = Value::Loss(depth);
                break;
            }
        }
        self.values.insert(p.clone(), v);
        v
    }

    /// The value of a move for the player making it.
    fn move_value(&mut self, p: &Pos, m: (usize, usize)) -> Value {
        match self.value(&apply(p, m)) {
            Value::Win(n) => Value::Loss(n + 1),
            Value::Loss(n) => Value::Win(n + 1),
            Value::Draw => Value::Draw,
        }
    }
}

fn picture(board: &[u8]) -> String {
    let c = |i: usize| board[i] as char;
    format!(
        "{}-{}-{}\n|\\|/|\n{}-{}-{}\n|/|\\|\n{}-{}-{}\n",
        c(0),
        c(1),
        c(2),
        c(3),
        c(4),
        c(5),
        c(6),
        c(7),
        c(8)
    )
}

fn show(p: &Pos) -> String {
    format!("{} {}", String::from_utf8_lossy(&p.0), p.1 as char)
}

fn name(side: u8) -> &'static str {
    if side == b'b' { "black" } else { "white" }
}

fn is_move_line(line: &str) -> bool {
    let w: Vec<&str> = line.split(' ').collect();
    let digit = |s: &str| s.len() == 1 && (b'1'..=b'9').contains(&s.as_bytes()[0]);
    w.len() == 5
        && (w[0] == "black" || w[0] == "white")
        && w[1] == "moves"
        && digit(w[2])
        && w[3] == "to"
        && digit(w[4])
}

fn reachable_from_start() -> Vec<Pos> {
    let start: Pos = (b"wwwbowbbb".to_vec(), b'b');
    let mut seen = HashSet::from([start.clone()]);
    let mut queue = VecDeque::from([start]);
    let mut order = Vec::new();
    while let Some(p) = queue.pop_front() {
        for m in moves(&p) {
            let next = apply(&p, m);
            if seen.insert(next.clone()) {
                queue.push_back(next);
            }
        }
        order.push(p);
    }
    order
}

/// One scripted game: the human (the side to move in `p`) plays `m`, then
/// input ends.
struct Case {
    p: Pos,
    m: (usize, usize),
}

/// What the program must print for `case`, given its reply (read from its
/// output) — or a description of what is wrong with that output.
fn check(case: &Case, oracle: &mut Oracle, stdout: &str, stderr: &str, success: bool) -> Result<(), String> {
    let (p, m) = (&case.p, case.m);
    let human = p.1;
    if !success {
        return Err(format!("exit status not 0; stderr: {stderr}"));
    }
    if stdout.contains('\x1b') || stderr.contains('\x1b') {
        return Err("escape codes in plain output".into());
    }
    if let Some(bad) = stderr.lines().find(|l| is_move_line(l)) {
        return Err(format!("stderr line looks like a move: {bad}"));
    }
    let mut expected = picture(&p.0);
    expected += &format!("{} moves {} to {}\n", name(human), m.0, m.1);
    let p1 = apply(p, m);
    expected += &picture(&p1.0);
    let replies = moves(&p1);
    if replies.is_empty() {
        expected += &format!("{} wins\n", name(human));
        return if stdout == expected {
            Ok(())
        } else {
            Err(format!("expected\n{expected}got\n{stdout}"))
        };
    }
    let Some(rest) = stdout.strip_prefix(&expected) else {
        return Err(format!("expected to start with\n{expected}got\n{stdout}"));
    };
    let line = rest.lines().next().unwrap_or("");
    let program = name(p1.1);
    let reply = replies
        .iter()
        .copied()
        .find(|&(from, to)| line == format!("{program} moves {from} to {to}"))
        .ok_or_else(|| format!("`{line}` is not a legal move of {program} in {}", show(&p1)))?;
    let p2 = apply(&p1, reply);
    let mut tail = format!("{line}\n{}", picture(&p2.0));
    if moves(&p2).is_empty() {
        tail += &format!("{program} wins\n");
    }
    if rest != tail {
        return Err(format!("after the reply expected\n{tail}got\n{rest}"));
    }
    let value = oracle.value(&p1);
    let got = oracle.move_value(&p1, reply);
    // Equal values: the quickest win, a draw kept, or the slowest loss.
    if got != value {
        return Err(format!(
            "reply {reply:?} in {p1:?} is worth {got:?}, the position {value:?}"
        ));
    }
    if value == Value::Draw {
        let traps = |o: &mut Oracle, r| {
            let next = apply(&p1, r);
            moves(&next)
                .into_iter()
                .filter(|&h| matches!(o.move_value(&next, h), Value::Loss(_)))
                .count()
        };
        let chosen = traps(oracle, reply);
        for r in replies {
            if oracle.move_value(&p1, r) == Value::Draw && traps(oracle, r) > chosen {
                return Err(format!("in {}, {r:?} sets more traps than {reply:?}", show(&p1)));
            }
        }
    }
    Ok(())
}

fn run_case(case: &Case) -> (String, String, bool) {
    let output = assert_cmd::Command::cargo_bin("gamespace")
        .unwrap()
        .args([
            "mu-torere",
            "--human",
            name(case.p.1),
            "--position",
            std::str::from_utf8(&case.p.0).unwrap(),
            "--to-move",
            name(case.p.1),
        ])
        .write_stdin(format!("{}\n", case.m.0))
        .output()
        .unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.success(),
    )
}

#[test]
fn the_program_answers_every_human_move_perfectly() {
    let reachable = reachable_from_start();
    assert_eq!(reachable.len(), 1180);
    let cases: Vec<Case> = reachable
        .iter()
        .flat_map(|p| moves(p).into_iter().map(|m| Case { p: p.clone(), m }))
        .collect();
    for side in [b'b', b'w'] {
        assert!(
            cases.iter().any(|c| c.p.1 == side),
            "no case with {} to move",
            name(side)
        );
    }
    let threads = thread::available_parallelism().map_or(2, |n| n.get()).min(4);
    let outputs: Vec<(String, String, bool)> = thread::scope(|s| {
        let handles: Vec<_> = cases
            .chunks(cases.len().div_ceil(threads))
            .map(|chunk| s.spawn(move || chunk.iter().map(run_case).collect::<Vec<_>>()))
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    let mut oracle = Oracle {
        lose_memo: HashMap::new(),
        values: HashMap::new(),
    };
    let mut failures = Vec::new();
    for (case, (stdout, stderr, success)) in cases.iter().zip(&outputs) {
        if let Err(why) = check(case, &mut oracle, stdout, stderr, *success) {
            failures.push(format!("{} human plays {}: {why}", show(&case.p), case.m.0));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases fail; first:\n{}",
        failures.len(),
        cases.len(),
        failures[0]
    );
}

#[test]
fn the_table_agrees_with_plain_search_on_every_position() {
    let output = assert_cmd::Command::cargo_bin("gamespace")
        .unwrap()
        .args(["mu-torere", "analyze", "--table"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let mut oracle = Oracle {
        lose_memo: HashMap::new(),
        values: HashMap::new(),
    };
    let mut all = Vec::new();
    for squares in (0..3usize.pow(9)).map(|code| {
        (0..9u32)
            .map(|i| b"bow"[code / 3usize.pow(8 - i) % 3])
            .collect::<Vec<u8>>()
    }) {
        let count = |c: u8| squares.iter().filter(|&&x| x == c).count();
        if (count(b'b'), count(b'w'), count(b'o')) == (4, 4, 1) {
            for side in [b'b', b'w'] {
                all.push((squares.clone(), side));
            }
        }
    }
    assert_eq!(all.len(), 1260);
    let expected: String = all
        .iter()
        .map(|p| {
            let (result, dist) = match oracle.value(p) {
                Value::Win(n) => ('W', n.to_string()),
                Value::Loss(n) => ('L', n.to_string()),
                Value::Draw => ('D', "-".to_owned()),
            };
            format!(
                "{} {} {result} {dist}\n",
                std::str::from_utf8(&p.0).unwrap(),
                p.1 as char
            )
        })
        .collect();
    assert_eq!(text, expected);
    let tally = |r: char| {
        expected
            .lines()
            .filter(|l| l.split(' ').nth(2) == Some(&r.to_string()))
            .count()
    };
    assert_eq!((tally('W'), tally('L'), tally('D')), (240, 128, 892));
}
