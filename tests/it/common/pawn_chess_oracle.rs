//! A plain oracle for pawn chess on a board of any size, for the tests of
//! both the 4x4 contest engine and the engine for every size.
//!
//! It shares nothing with the library: a grid of characters, its own move
//! generator, memoised recursion over whole positions, no tiers, no
//! symmetry, no shortcuts.

use gamespace::solve::Outcome;
use std::collections::HashMap;

/// Rows of characters, top row first (White's goal), and White to move.
pub type Position = (Vec<Vec<u8>>, bool);

pub struct Oracle {
    /// Keyed by the rows one after another, then the width (boards of
    /// several shapes share a memo), then 1 if White is to move.
    memo: HashMap<Vec<u8>, (bool, u32)>,
}

/// Every move of the side to move: the grid after it, and whether the pawn
/// reached its goal row.
pub fn moves(grid: &[Vec<u8>], white: bool) -> Vec<(Vec<Vec<u8>>, bool)> {
    let rows = grid.len() as isize;
    let columns = grid[0].len() as isize;
    let (me, enemy, step, goal) = if white {
        (b'P', b'p', -1, 0)
    } else {
        (b'p', b'P', 1, rows - 1)
    };
    let mut out = Vec::new();
    for r in 0..rows {
        for c in 0..columns {
            if grid[r as usize][c as usize] != me {
                continue;
            }
            let nr = r + step;
            if nr < 0 || nr >= rows {
                continue;
            }
            for dc in [-1, 0, 1] {
                let nc = c + dc;
                if nc < 0 || nc >= columns {
                    continue;
                }
                let there = grid[nr as usize][nc as usize];
                if (dc == 0 && there == b'.') || (dc != 0 && there == enemy) {
                    let mut next = grid.to_vec();
                    next[r as usize][c as usize] = b'.';
                    next[nr as usize][nc as usize] = me;
                    out.push((next, nr == goal));
                }
            }
        }
    }
    out
}

impl Oracle {
    pub fn new() -> Oracle {
        Oracle { memo: HashMap::new() }
    }

    /// (the side to move wins, plies to the end), for a game that goes on.
    pub fn solve(&mut self, grid: &[Vec<u8>], white: bool) -> (bool, u32) {
        let mut key = grid.concat();
        key.extend([grid[0].len() as u8, u8::from(white)]);
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let mut quickest_win: Option<u32> = None;
        let mut slowest_loss: u32 = 0;
        for (next, reached_goal) in moves(grid, white) {
            let (child_wins, child_plies) = if reached_goal {
                (false, 0)
            } else {
                self.solve(&next, !white)
            };
            if child_wins {
                slowest_loss = slowest_loss.max(child_plies + 1);
            } else {
                quickest_win = Some(quickest_win.map_or(child_plies + 1, |q| q.min(child_plies + 1)));
            }
        }
        // No move at all (which includes having no pawns) is a loss in 0.
        let value = match quickest_win {
            Some(plies) => (true, plies),
            None => (false, slowest_loss),
        };
        self.memo.insert(key, value);
        value
    }

    /// The value for the side to move, with the documented answers where a
    /// side already stands on its goal row (White's looked at first).
    pub fn value(&mut self, (grid, white): &Position) -> Outcome {
        let winner_white = if grid[0].contains(&b'P') {
            Some(true)
        } else if grid[grid.len() - 1].contains(&b'p') {
            Some(false)
        } else {
            None
        };
        if let Some(w) = winner_white {
            return if w == *white {
                Outcome::Win(0)
            } else {
                Outcome::Loss(0)
            };
        }
        match self.solve(grid, *white) {
            (true, n) => Outcome::Win(n),
            (false, n) => Outcome::Loss(n),
        }
    }
}
