//! A plainly written oracle for the Cephalopods path sum, built straight from
//! the spec and sharing nothing with the engine: its own board, move rules and
//! hash, and a naive recursion over every path (no memo, no symmetry). It is
//! first checked against the small vectors, then against the engine on seeded
//! random boards.

use crate::common;

use gamespace::cephalopods::{Board, path_hash_sum};

/// Cells row by row, top-left first; 0 is empty, 1..=6 a die.
type Cells = [u8; 9];

const MASK_30: u32 = (1 << 30) - 1;

mod oracle {
    use super::{Cells, MASK_30};

    /// The orthogonal neighbours of cell `i`.
    pub fn neighbours(i: usize) -> Vec<usize> {
        let (row, col) = (i / 3, i % 3);
        let mut out = Vec::new();
        if row > 0 {
            out.push(i - 3);
        }
        if row < 2 {
            out.push(i + 3);
        }
        if col > 0 {
            out.push(i - 1);
        }
        if col < 2 {
            out.push(i + 1);
        }
        out
    }

    /// Every board one legal move away, one entry per move.
    pub fn children(cells: &Cells) -> Vec<Cells> {
        let mut out = Vec::new();
        for cell in 0..9 {
            if cells[cell] != 0 {
                continue;
            }
            let occupied: Vec<usize> = neighbours(cell).into_iter().filter(|&n| cells[n] != 0).collect();
            let mut captured_here = false;
            for subset in 0u32..(1 << occupied.len()) {
                if subset.count_ones() < 2 {
                    continue;
                }
                let chosen: Vec<usize> = (0..occupied.len())
                    .filter(|&k| subset & (1 << k) != 0)
                    .map(|k| occupied[k])
                    .collect();
                let sum: u32 = chosen.iter().map(|&n| u32::from(cells[n])).sum();
                if sum <= 6 {
                    let mut child = *cells;
                    for &n in &chosen {
                        child[n] = 0;
                    }
                    child[cell] = sum as u8;
                    out.push(child);
                    captured_here = true;
                }
            }
            if !captured_here {
                let mut child = *cells;
                child[cell] = 1;
                out.push(child);
            }
        }
        out
    }

    pub fn is_full(cells: &Cells) -> bool {
        cells.iter().all(|&c| c != 0)
    }

    /// The nine cells read as one decimal number.
    pub fn hash(cells: &Cells) -> u32 {
        cells.iter().fold(0, |acc, &c| acc * 10 + u32::from(c))
    }

    /// Sum of final-board hashes over every path, wrapping; masked by the caller.
    fn walk(cells: &Cells, depth: u32) -> u32 {
        if depth == 0 || is_full(cells) {
            return hash(cells);
        }
        children(cells)
            .iter()
            .fold(0u32, |acc, child| acc.wrapping_add(walk(child, depth - 1)))
    }

    pub fn path_hash_sum(cells: &Cells, depth: u32) -> u32 {
        walk(cells, depth) & MASK_30
    }

    /// The number of complete games from `cells`, or `None` once it passes `limit`.
    pub fn games_within(cells: &Cells, limit: u64) -> Option<u64> {
        if is_full(cells) {
            return Some(1);
        }
        let mut total = 0;
        for child in children(cells) {
            total += games_within(&child, limit - total)?;
            if total > limit {
                return None;
            }
        }
        Some(total)
    }

    /// The number of moves in the longest game from `cells`.
    pub fn longest_game(cells: &Cells) -> u32 {
        if is_full(cells) {
            return 0;
        }
        children(cells)
            .iter()
            .map(|c| 1 + longest_game(c))
            .max()
            .expect("a non-full board has a move")
    }
}

/// SplitMix64: a fixed seed gives the same boards on every machine.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi` (the modulo bias is irrelevant here).
    fn range(&mut self, lo: u32, hi: u32) -> u32 {
        lo + (self.next() % u64::from(hi - lo + 1)) as u32
    }

    /// A board with exactly `dice` dice on distinct cells, values 1..=6.
    fn board(&mut self, dice: u32) -> Cells {
        let mut order: Vec<usize> = (0..9).collect();
        for i in (1..9).rev() {
            order.swap(i, self.range(0, i as u32) as usize);
        }
        let mut cells = [0; 9];
        for &i in &order[..dice as usize] {
            cells[i] = self.range(1, 6) as u8;
        }
        cells
    }
}

fn engine(cells: &Cells, depth: u32) -> u32 {
    path_hash_sum(Board::from_cells(*cells), depth)
}

fn show(cells: &Cells) -> String {
    cells
        .chunks(3)
        .map(|r| format!("{} {} {}", r[0], r[1], r[2]))
        .collect::<Vec<_>>()
        .join(" / ")
}

fn assert_engine_agrees(cells: &Cells, depth: u32) {
    assert_eq!(
        engine(cells, depth),
        oracle::path_hash_sum(cells, depth),
        "engine vs oracle on `{}` at depth {depth}; input:\n{depth}\n{}",
        show(cells),
        show(cells).replace(" / ", "\n"),
    );
}

#[test]
fn oracle_hash_follows_the_spec() {
    assert_eq!(oracle::hash(&[1, 0, 0, 3, 2, 1, 0, 1, 5]), 100_321_015);
    assert_eq!(oracle::hash(&[6; 9]), 666_666_666);
    assert!(oracle::hash(&[6; 9]) < 1 << 30);
    assert_eq!(oracle::hash(&[0; 9]), 0);
}

#[test]
fn oracle_moves_follow_the_spec() {
    // The worked example: one capture on the top middle, six plain 1s.
    let children = oracle::children(&[1, 0, 1, 0, 0, 0, 0, 0, 0]);
    assert_eq!(children.len(), 7);
    assert!(children.contains(&[0, 2, 0, 0, 0, 0, 0, 0, 0]));
    assert!(
        !children.contains(&[1, 1, 1, 0, 0, 0, 0, 0, 0]),
        "capture is mandatory"
    );

    // A centre with four 1s around it: 6 pairs, 4 triples, 1 quadruple.
    let plus = [0, 1, 0, 1, 0, 1, 0, 1, 0];
    let centre: Vec<Cells> = oracle::children(&plus)
        .into_iter()
        .filter(|c| c[4] != 0)
        .collect();
    assert_eq!(centre.len(), 11);
    assert_eq!(centre.iter().filter(|c| c[4] == 2).count(), 6);
    assert_eq!(centre.iter().filter(|c| c[4] == 3).count(), 4);
    assert!(centre.contains(&[0, 0, 0, 0, 4, 0, 0, 0, 0]));

    // A 6 is never captured; a pair over 6 is no capture, so a plain 1 goes down.
    assert_eq!(
        oracle::children(&[6, 0, 1, 6, 6, 6, 6, 6, 6]),
        vec![[6, 1, 1, 6, 6, 6, 6, 6, 6]]
    );
    assert_eq!(
        oracle::children(&[3, 0, 4, 6, 6, 6, 6, 6, 6]),
        vec![[3, 1, 4, 6, 6, 6, 6, 6, 6]]
    );
    // Only the subsets that fit: of 5, 1, 1 around a cell, the three pairs but not the triple (7).
    let mut fitting = oracle::children(&[6, 5, 6, 1, 0, 1, 6, 6, 6]);
    fitting.sort_unstable();
    assert_eq!(
        fitting,
        vec![
            [6, 0, 6, 0, 6, 1, 6, 6, 6],
            [6, 0, 6, 1, 6, 0, 6, 6, 6],
            [6, 5, 6, 0, 2, 0, 6, 6, 6]
        ]
    );

    assert!(oracle::children(&[6; 9]).is_empty());
    assert_eq!(oracle::children(&[0; 9]).len(), 9);
}

#[test]
fn oracle_reproduces_the_small_vectors() {
    let small = [
        "01", "02", "03", "04", "05", "x02", "x03", "x04", "x05", "x06", "x07", "x08", "e02", "e03", "e04",
        "e05", "e06", "e07", "e08",
    ];
    for id in small {
        let case = common::case(id);
        assert_eq!(
            oracle::path_hash_sum(&case.cells, case.depth),
            case.expected,
            "vector {}",
            case.name
        );
    }
    // The vectors start the empty board at depth 2; depth 1 is each cell's 1.
    assert_eq!(oracle::path_hash_sum(&[0; 9], 1), 111_111_111);
}

#[test]
fn engine_matches_oracle_on_320_seeded_random_boards() {
    let mut rng = SplitMix64(0x00C0_FFEE_2025);
    for i in 0..320 {
        // Every dice count and depth shows up; the rest is random.
        let dice = i % 9;
        let depth = 1 + (i / 9) % 8;
        let cells = rng.board(dice);
        assert_engine_agrees(&cells, depth);
    }
}

#[test]
fn engine_matches_oracle_on_deeper_crowded_boards() {
    let mut rng = SplitMix64(0xDEE9_D1CE);
    for i in 0..24 {
        let dice = 6 + i % 3;
        let cells = rng.board(dice);
        let depth = rng.range(9, 14);
        assert_engine_agrees(&cells, depth);
    }
    // Crowded boards with big dice run out of moves early, so go deeper.
    for i in 0..12 {
        let cells = loop {
            let cells = rng.board(7 + i % 2);
            if cells.iter().map(|&c| u32::from(c)).sum::<u32>() >= 30 {
                break cells;
            }
        };
        assert_engine_agrees(&cells, rng.range(15, 20));
    }
}

/// Boards that some symmetries of the square leave unchanged, which the
/// engine handles with fewer counts per board. Each group is given by its
/// orbits on the cells, written out by hand; one value per orbit.
#[test]
fn engine_matches_oracle_on_symmetric_boards() {
    let groups: [&[&[usize]]; 9] = [
        // every symmetry (the quarter turns have the same orbits)
        &[&[0, 2, 6, 8], &[1, 3, 5, 7], &[4]],
        // half turn
        &[&[0, 8], &[2, 6], &[1, 7], &[3, 5], &[4]],
        // mirror left-right
        &[&[0, 2], &[3, 5], &[6, 8], &[1], &[4], &[7]],
        // mirror top-bottom
        &[&[0, 6], &[1, 7], &[2, 8], &[3], &[4], &[5]],
        // transpose
        &[&[1, 3], &[2, 6], &[5, 7], &[0], &[4], &[8]],
        // anti-transpose
        &[&[0, 8], &[1, 5], &[3, 7], &[2], &[4], &[6]],
        // both mirrors and the half turn
        &[&[0, 2, 6, 8], &[1, 7], &[3, 5], &[4]],
        // both diagonals and the half turn
        &[&[0, 8], &[2, 6], &[1, 3, 5, 7], &[4]],
        // nothing: a control
        &[&[0], &[1], &[2], &[3], &[4], &[5], &[6], &[7], &[8]],
    ];
    let mut rng = SplitMix64(0x5117_3E7C);
    for (g, orbits) in groups.iter().enumerate() {
        for i in 0..16u32 {
            let mut cells = [0u8; 9];
            for orbit in orbits.iter() {
                // Mostly empty, so that the searches run deep.
                let value = if rng.range(0, 2) == 0 {
                    rng.range(1, 6) as u8
                } else {
                    0
                };
                for &cell in orbit.iter() {
                    cells[cell] = value;
                }
            }
            let depth = 1 + (i + g as u32) % 8;
            assert_engine_agrees(&cells, depth);
        }
    }
}

#[test]
fn depth_zero_is_the_boards_own_hash() {
    let mut rng = SplitMix64(0x0D0D_0D0D);
    for i in 0..200 {
        let cells = rng.board(i % 10);
        assert_eq!(
            engine(&cells, 0),
            oracle::hash(&cells),
            "`{}` at depth 0",
            show(&cells)
        );
        assert_eq!(oracle::path_hash_sum(&cells, 0), oracle::hash(&cells));
    }
}

#[test]
fn a_full_board_is_one_path_at_every_depth() {
    let mut rng = SplitMix64(0xF011);
    for _ in 0..100 {
        let cells = rng.board(9);
        for depth in [0, 1, 2, 7, 40, 1000, u32::MAX] {
            assert_eq!(
                engine(&cells, depth),
                oracle::hash(&cells),
                "full `{}` at depth {depth}",
                show(&cells)
            );
        }
    }
}

#[test]
fn a_huge_depth_equals_the_whole_game() {
    let mut boards = vec![
        [6, 6, 6, 6, 0, 6, 6, 6, 6],
        [5, 0, 6, 4, 5, 0, 0, 6, 4],
        [6, 1, 6, 1, 0, 1, 6, 1, 6],
    ];
    // Crowded boards whose games run long but whose every game the oracle can still walk.
    let mut rng = SplitMix64(0xB16_DE97);
    let mut long_games = 0;
    while long_games < 8 {
        let dice = rng.range(5, 8);
        let cells = rng.board(dice);
        if oracle::games_within(&cells, 100_000).is_some() && oracle::longest_game(&cells) >= 12 {
            boards.push(cells);
            long_games += 1;
        }
    }
    for cells in &boards {
        let longest = oracle::longest_game(cells);
        let whole = oracle::path_hash_sum(cells, u32::MAX);
        assert_eq!(oracle::path_hash_sum(cells, longest), whole);
        for depth in [longest, longest + 1, longest + 10, 1 << 20, u32::MAX] {
            assert_eq!(
                engine(cells, depth),
                whole,
                "`{}` at depth {depth} (longest game {longest})",
                show(cells)
            );
        }
        assert_engine_agrees(cells, longest - 1);
    }
}
