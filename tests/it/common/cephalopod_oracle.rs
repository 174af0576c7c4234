//! Cephalopod, the two-player game, written again from the spec alone
//! (`cephalopod-game.md`) so that the engine in `src/cephalopods/game/` can be
//! checked against something that shares none of its code or its choices:
//! a board is a plain `Vec` of optional dice, capture sets are found by
//! trying every subset of the neighbours, and values come from a memoised
//! negamax over whole positions, with no symmetry and no tiers.
//!
//! Each test crate that includes this file uses only part of it.

use std::collections::HashMap;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    pub fn letter(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    Majority,
    Sixes,
}

impl Rule {
    pub const BOTH: [Rule; 2] = [Rule::Majority, Rule::Sixes];

    /// The rule's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Majority => "majority",
            Rule::Sixes => "sixes",
        }
    }
}

/// A die: its owner and the number it shows (1 to 6).
pub type Die = (Side, u8);

/// A position: the board and the side to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pos {
    pub rows: usize,
    pub cols: usize,
    /// Cells in reading order: the top row first, each row left to right.
    /// So sorting cell indices puts them in the spec's reading order.
    pub cells: Vec<Option<Die>>,
    pub to_move: Side,
}

/// A move: the die placed on `cell`, showing `die`, after the dice on
/// `captured` (sorted, so in reading order) leave the board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub cell: usize,
    pub captured: Vec<usize>,
    pub die: u8,
}

impl Pos {
    /// The empty board, white to move.
    pub fn empty(rows: usize, cols: usize) -> Pos {
        assert!((1..=5).contains(&rows) && (1..=5).contains(&cols) && rows * cols >= 2);
        Pos {
            rows,
            cols,
            cells: vec![None; rows * cols],
            to_move: Side::White,
        }
    }

    /// Reads the spec's position text, e.g. `w1.b2/.w3./... b`. The board's
    /// size is what the text shows: as many rows as `/`-separated parts, as
    /// many columns as cells in each.
    pub fn parse(text: &str) -> Result<Pos, String> {
        let (board, side) = text
            .split_once(' ')
            .ok_or_else(|| format!("no side to move in {text:?}"))?;
        let to_move = match side {
            "w" => Side::White,
            "b" => Side::Black,
            _ => return Err(format!("side to move {side:?} is not w or b")),
        };
        let mut cells = Vec::new();
        let mut cols = None;
        let mut rows = 0;
        for row in board.split('/') {
            rows += 1;
            let mut width = 0;
            let mut chars = row.chars();
            while let Some(c) = chars.next() {
                width += 1;
                let owner = match c {
                    '.' => {
                        cells.push(None);
                        continue;
                    }
                    'w' => Side::White,
                    'b' => Side::Black,
                    _ => return Err(format!("row {rows}: {c:?} is not a cell")),
                };
                let value = match chars.next() {
                    Some(d @ '1'..='6') => d as u8 - b'0',
                    other => return Err(format!("row {rows}: die {c}{other:?} has no value 1-6")),
                };
                cells.push(Some((owner, value)));
            }
            if *cols.get_or_insert(width) != width {
                return Err(format!("row {rows} has {width} cells, row 1 has {cols:?}"));
            }
        }
        let cols = cols.unwrap_or(0);
        if !(1..=5).contains(&rows) || !(1..=5).contains(&cols) || rows * cols < 2 {
            return Err(format!("a board of {rows}x{cols} is not allowed"));
        }
        Ok(Pos {
            rows,
            cols,
            cells,
            to_move,
        })
    }

    /// The spec's name of cell `i`: file letter from the left, rank number
    /// from the bottom.
    pub fn cell_name(&self, i: usize) -> String {
        let (row, col) = (i / self.cols, i % self.cols);
        format!("{}{}", (b'a' + col as u8) as char, self.rows - row)
    }

    fn neighbours(&self, i: usize) -> Vec<usize> {
        let (row, col) = (i / self.cols, i % self.cols);
        let mut out = Vec::new();
        if row > 0 {
            out.push(i - self.cols);
        }
        if row + 1 < self.rows {
            out.push(i + self.cols);
        }
        if col > 0 {
            out.push(i - 1);
        }
        if col + 1 < self.cols {
            out.push(i + 1);
        }
        out
    }

    pub fn is_full(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    /// Every legal move: on each empty cell, every set of two or more
    /// neighbouring dice whose values sum to at most 6; a plain placement
    /// of a 1 where there is no such set.
    pub fn moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        for cell in 0..self.cells.len() {
            if self.cells[cell].is_some() {
                continue;
            }
            let dice: Vec<(usize, u8)> = self
                .neighbours(cell)
                .into_iter()
                .filter_map(|n| self.cells[n].map(|(_, v)| (n, v)))
                .collect();
            let mut any = false;
            for subset in 1u32..1 << dice.len() {
                if subset.count_ones() < 2 {
                    continue;
                }
                let chosen: Vec<(usize, u8)> = (0..dice.len())
                    .filter(|k| subset >> k & 1 == 1)
                    .map(|k| dice[k])
                    .collect();
                let sum: u8 = chosen.iter().map(|&(_, v)| v).sum();
                if sum <= 6 {
                    let mut captured: Vec<usize> = chosen.iter().map(|&(n, _)| n).collect();
                    captured.sort_unstable();
                    out.push(Move {
                        cell,
                        captured,
                        die: sum,
                    });
                    any = true;
                }
            }
            if !any {
                out.push(Move {
                    cell,
                    captured: Vec::new(),
                    die: 1,
                });
            }
        }
        out
    }

    /// The spec's move text: `b2`, or `b2xa2c2` for a capture.
    pub fn move_text(&self, m: &Move) -> String {
        let mut text = self.cell_name(m.cell);
        if !m.captured.is_empty() {
            text.push('x');
            for &c in &m.captured {
                text += &self.cell_name(c);
            }
        }
        text
    }

    pub fn play(&self, m: &Move) -> Pos {
        let mut next = self.clone();
        for &c in &m.captured {
            next.cells[c] = None;
        }
        next.cells[m.cell] = Some((self.to_move, m.die));
        next.to_move = self.to_move.other();
        next
    }

    /// The value of a full board for the side to move.
    pub fn final_value(&self, rule: Rule) -> Value {
        assert!(self.is_full());
        let count = |side: Side| {
            self.cells
                .iter()
                .filter(|c| match c {
                    Some((owner, value)) => *owner == side && (rule == Rule::Majority || *value == 6),
                    None => false,
                })
                .count()
        };
        let (mine, theirs) = (count(self.to_move), count(self.to_move.other()));
        if mine > theirs {
            Value::Win(0)
        } else if mine < theirs {
            Value::Loss(0)
        } else {
            Value::Tie(0)
        }
    }

    /// A simple key for the memo: the side to move (1 for black), then four
    /// bits a cell in reading order: 0 empty, 1-6 a white die, 7-12 a black one.
    fn key(&self) -> u64 {
        assert!(self.cells.len() <= 15, "the memo key holds at most 15 cells");
        let mut key = (self.to_move == Side::Black) as u64;
        for cell in &self.cells {
            key = key << 4
                | match cell {
                    None => 0,
                    Some((Side::White, v)) => *v as u64,
                    Some((Side::Black, v)) => 6 + *v as u64,
                };
        }
        key
    }
}

impl Pos {
    /// The position whose [`Pos::key`] is `key`, on a board of `rows` x `cols`.
    fn from_key(rows: usize, cols: usize, mut key: u64) -> Pos {
        let mut cells = vec![None; rows * cols];
        for cell in cells.iter_mut().rev() {
            *cell = match key & 15 {
                0 => None,
                v @ 1..=6 => Some((Side::White, v as u8)),
                v => Some((Side::Black, v as u8 - 6)),
            };
            key >>= 4;
        }
        let to_move = if key == 1 { Side::Black } else { Side::White };
        Pos {
            rows,
            cols,
            cells,
            to_move,
        }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, cell) in self.cells.iter().enumerate() {
            if i > 0 && i % self.cols == 0 {
                write!(f, "/")?;
            }
            match cell {
                None => write!(f, ".")?,
                Some((side, value)) => write!(f, "{}{value}", side.letter())?,
            }
        }
        write!(f, " {}", self.to_move.letter())
    }
}

/// A value for the side to move, with its remoteness in plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Win(u32),
    Loss(u32),
    Tie(u32),
}

impl Value {
    /// The value of a move to a position worth `self` to the opponent, for
    /// the player making it.
    pub fn before(self) -> Value {
        match self {
            Value::Win(n) => Value::Loss(n + 1),
            Value::Loss(n) => Value::Win(n + 1),
            Value::Tie(n) => Value::Tie(n + 1),
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Value::Win(_) => "win",
            Value::Loss(_) => "loss",
            Value::Tie(_) => "tie",
        }
    }

    pub fn remoteness(self) -> u32 {
        match self {
            Value::Win(n) | Value::Loss(n) | Value::Tie(n) => n,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.word(), self.remoteness())
    }
}

/// The best of the moves' values by the spec's convention: the quickest
/// win, else the quickest tie, else the slowest loss.
pub fn best(values: impl IntoIterator<Item = Value>) -> Value {
    let (mut win, mut tie, mut loss) = (None, None, None);
    for v in values {
        match v {
            Value::Win(n) => win = Some(win.map_or(n, |w: u32| w.min(n))),
            Value::Tie(n) => tie = Some(tie.map_or(n, |t: u32| t.min(n))),
            Value::Loss(n) => loss = Some(loss.map_or(n, |l: u32| l.max(n))),
        }
    }
    win.map(Value::Win)
        .or(tie.map(Value::Tie))
        .or(loss.map(Value::Loss))
        .expect("a position that is not full has a move")
}

/// Memoised negamax over whole positions of one board under one rule.
pub struct Solver {
    pub rule: Rule,
    memo: HashMap<u64, Value>,
}

impl Solver {
    pub fn new(rule: Rule) -> Solver {
        Solver {
            rule,
            memo: HashMap::new(),
        }
    }

    /// How many positions have been valued so far, full boards included:
    /// after valuing the empty board, every reachable position.
    pub fn known(&self) -> usize {
        self.memo.len()
    }

    /// Every position valued so far, with its value.
    pub fn entries(&self, rows: usize, cols: usize) -> impl Iterator<Item = (Pos, Value)> + '_ {
        self.memo
            .iter()
            .map(move |(&key, &v)| (Pos::from_key(rows, cols, key), v))
    }

    pub fn value(&mut self, p: &Pos) -> Value {
        let key = p.key();
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let v = if p.is_full() {
            p.final_value(self.rule)
        } else {
            let children: Vec<Value> = p
                .moves()
                .iter()
                .map(|m| self.value(&p.play(m)).before())
                .collect();
            best(children)
        };
        self.memo.insert(key, v);
        v
    }

    /// The value of move `m` in `p` for the player making it.
    pub fn move_value(&mut self, p: &Pos, m: &Move) -> Value {
        self.value(&p.play(m)).before()
    }
}

/// Every position reachable from the empty board of `rows` x `cols`, the
/// empty board first, each exactly once.
pub fn reachable(rows: usize, cols: usize) -> Vec<Pos> {
    let start = Pos::empty(rows, cols);
    let mut seen = std::collections::HashSet::from([start.clone()]);
    let mut order = vec![start];
    let mut next = 0;
    while next < order.len() {
        let p = order[next].clone();
        next += 1;
        for m in p.moves() {
            let q = p.play(&m);
            if seen.insert(q.clone()) {
                order.push(q);
            }
        }
    }
    order
}

/// Xorshift64*: a fixed, dependency-free stream of pseudo-random numbers.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A position of `rows` x `cols` from `plies` random moves from the empty
/// board (fewer if the board fills first).
pub fn playout(rng: &mut Rng, rows: usize, cols: usize, plies: usize) -> Pos {
    let mut p = Pos::empty(rows, cols);
    for _ in 0..plies {
        let moves = p.moves();
        if moves.is_empty() {
            break;
        }
        p = p.play(&moves[rng.below(moves.len())]);
    }
    p
}

/// Any arrangement of dice, reachable or not: each cell empty with
/// probability `empty_in_8`/8, else a die of a random owner and value.
pub fn scatter(rng: &mut Rng, rows: usize, cols: usize, empty_in_8: usize) -> Pos {
    let cells = (0..rows * cols)
        .map(|_| {
            if rng.below(8) < empty_in_8 {
                None
            } else {
                let owner = if rng.below(2) == 0 {
                    Side::White
                } else {
                    Side::Black
                };
                Some((owner, 1 + rng.below(6) as u8))
            }
        })
        .collect();
    let to_move = if rng.below(2) == 0 {
        Side::White
    } else {
        Side::Black
    };
    Pos {
        rows,
        cols,
        cells,
        to_move,
    }
}
