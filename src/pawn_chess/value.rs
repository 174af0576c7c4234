//! Values of positions on any board: the tiered solver from
//! [`crate::solve::tiered`] run from the positions asked about, with the
//! documented answers for positions where the game is already over.
//!
//! - A side with a pawn on its goal row has won (0 plies). White's goal is
//!   looked at first, so a board where both sides stand on their goals is
//!   White's.
//! - A side to move with no pawns, or no legal move, has lost (0 plies).
//! - Otherwise the rules decide, under perfect play: the winner hurries,
//!   the loser delays.
//!
//! `Space` discovers every position reachable from the positions asked
//! about, solves them all, and keeps every solved tier for lookups. A
//! budget of positions is checked as discovery goes, so a board too large
//! for the machine is an error long before memory runs out.

use super::board::Side;
use super::sizes::{Setup, Size, Step};
use super::tiers::{Boards, Key, key_bits};
use crate::solve::tiered::{self, Hashed, Progress, SolvedTier, TierIndex, TieredGame};
use crate::solve::{Game, Outcome};
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use thiserror::Error;

/// Bytes a position costs at the peak of a solve: its key, kept from
/// discovery to the end, its packed value, and room for the children
/// discovery lists before removing duplicates.
pub const fn bytes_per_position<K>() -> u64 {
    std::mem::size_of::<K>() as u64 + 8
}

/// Why a board cannot be solved here.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum TooLarge {
    /// A position of the board does not fit the solver's 64-bit keys.
    #[error(
        "{size}: beyond reach: a position of this board takes {bits} bits, and the solver's keys hold 64 (boards up to 6x6, 7x5, 5x7, 8x4 and 4x8 fit)"
    )]
    KeyTooWide {
        /// The board.
        size: Size,
        /// The bits a position takes.
        bits: u32,
    },
    /// The positions would take more memory than the limit.
    #[error(
        "{size}: beyond reach: {found} positions found in the first {tiers} tiers already take {} at {bytes} bytes each, over the limit of {} (set with --memory)",
        human(*found * *bytes),
        human(*limit_bytes)
    )]
    Memory {
        /// The board.
        size: Size,
        /// The positions found so far.
        found: u64,
        /// The tiers they fill.
        tiers: usize,
        /// The bytes each takes.
        bytes: u64,
        /// The limit, in bytes.
        limit_bytes: u64,
    },
}

/// `bytes` in MB or GB, one decimal.
fn human(bytes: u64) -> String {
    let mb = bytes as f64 / f64::from(1u32 << 20);
    if mb < 1024.0 {
        format!("{mb:.1} MB")
    } else {
        format!("{:.1} GB", mb / 1024.0)
    }
}

/// Every position reachable from some starts, solved, on one board size.
pub(crate) struct Space<K: Key> {
    game: Boards<K>,
    tiers: BTreeMap<u16, SolvedTier<Hashed<K>>>,
    positions: u64,
}

impl<K: Key> Space<K> {
    /// Discovers and solves every position reachable from `starts` (all of
    /// `game`'s size; finished ones are skipped), stopping with an error as
    /// soon as more than `limit_bytes` would be needed. Only the tiers
    /// `keep` asks for stay once solved.
    pub fn solve(
        game: Boards<K>,
        starts: impl IntoIterator<Item = Setup>,
        limit_bytes: u64,
        mut keep: impl FnMut(u16) -> bool,
        mut progress: impl FnMut(Progress),
    ) -> Result<Space<K>, TooLarge> {
        let starts: Vec<K> = starts.into_iter().filter_map(|s| game.key(s)).collect();
        let bytes = bytes_per_position::<K>();
        let limit = limit_bytes / bytes;
        let mut over = None;
        let tiers = tiered::try_discover(&game, starts, |p| {
            progress(p);
            match p {
                Progress::Discovered { tiers, positions } if positions > limit => {
                    over = Some((tiers, positions));
                    ControlFlow::Break(())
                }
                _ => ControlFlow::Continue(()),
            }
        });
        let Some(tiers) = tiers else {
            let (tiers, found) = over.expect("discovery stops only over the limit");
            return Err(TooLarge::Memory {
                size: game.size(),
                found,
                tiers,
                bytes,
                limit_bytes,
            });
        };
        let positions = tiers.values().map(|t| t.len() as u64).sum();
        let tiers = tiered::solve(&game, tiers, |t, _| keep(t), progress);
        Ok(Space {
            game,
            tiers,
            positions,
        })
    }

    /// How many positions were solved, up to mirror images.
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// The value of `setup` for its side to move, if the game is over there
    /// or it was solved.
    pub fn value(&self, setup: Setup) -> Option<Outcome> {
        if let Some(over) = finished(setup) {
            return Some(over);
        }
        let key = self.game.canonical(self.game.key(setup)?);
        if let Some(win) = self.game.primitive(key) {
            return Some(win);
        }
        let tier = self.tiers.get(&self.game.tier(key))?;
        Some(tier.outcome(tier.index.index(key)?))
    }
}

/// The value of a position where the game is over, for the side to move.
pub fn finished(setup: Setup) -> Option<Outcome> {
    let winner = setup.winner()?;
    Some(if winner == setup.to_move() {
        Outcome::Win(0)
    } else {
        Outcome::Loss(0)
    })
}

/// A solved space of either key width.
enum Either {
    Narrow(Space<u64>),
    Wide(Space<u128>),
}

/// Answers positions of one board size, solving more when asked about a
/// position it has not met.
pub struct Solver {
    size: Size,
    limit_bytes: u64,
    space: Option<Either>,
}

impl Solver {
    /// A solver for `size` that may use up to `limit_bytes` for one solve.
    pub fn new(size: Size, limit_bytes: u64) -> Solver {
        Solver {
            size,
            limit_bytes,
            space: None,
        }
    }

    /// The board it solves.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Solves every position reachable from `starts` and from their
    /// children (so that each move of a start has its value), replacing
    /// what was solved before.
    pub fn prepare(&mut self, starts: &[Setup], progress: impl FnMut(Progress)) -> Result<(), TooLarge> {
        let mut all = Vec::with_capacity(starts.len());
        for &s in starts {
            all.push(s);
            if s.ending().is_none() {
                s.for_each_move(|m| all.push(s.play(m)));
            }
        }
        self.solve_all(all, progress)
    }

    /// Solves every position reachable from `starts`, replacing what was
    /// solved before.
    pub fn solve_all(
        &mut self,
        starts: impl IntoIterator<Item = Setup>,
        progress: impl FnMut(Progress),
    ) -> Result<(), TooLarge> {
        let all = starts.into_iter().filter(|s| s.ending().is_none());
        self.space = Some(if key_bits(self.size) <= 64 {
            let game = Boards::new(self.size).expect("fits in 64 bits");
            Either::Narrow(Space::solve(game, all, self.limit_bytes, |_| true, progress)?)
        } else {
            let game = Boards::new(self.size).expect("every board fits in 128 bits");
            Either::Wide(Space::solve(game, all, self.limit_bytes, |_| true, progress)?)
        });
        Ok(())
    }

    fn lookup(&self, setup: Setup) -> Option<Outcome> {
        if let Some(over) = finished(setup) {
            return Some(over);
        }
        match self.space.as_ref()? {
            Either::Narrow(space) => space.value(setup),
            Either::Wide(space) => space.value(setup),
        }
    }

    /// The value of `setup` for its side to move.
    pub fn value(&mut self, setup: Setup) -> Result<Outcome, TooLarge> {
        assert_eq!(setup.size(), self.size, "a solver answers one board size");
        if let Some(known) = self.lookup(setup) {
            return Ok(known);
        }
        self.prepare(&[setup], |_| {})?;
        Ok(self.lookup(setup).expect("a prepared position is solved"))
    }

    /// Every legal move of `setup` with the value it leaves the side to
    /// move, best first; among equals, in the order of the move generator.
    pub fn moves(&mut self, setup: Setup) -> Result<Vec<(Step, Outcome)>, TooLarge> {
        if let Some(valued) = self.solved_moves(setup) {
            return Ok(valued);
        }
        self.prepare(&[setup], |_| {})?;
        Ok(self
            .solved_moves(setup)
            .expect("children of a prepared position are solved"))
    }

    /// [`Solver::moves`] if every child of `setup` is solved already.
    fn solved_moves(&self, setup: Setup) -> Option<Vec<(Step, Outcome)>> {
        let mut valued = setup
            .moves()
            .into_iter()
            .map(|m| Some((m, self.lookup(setup.play(m))?.parent())))
            .collect::<Option<Vec<_>>>()?;
        valued.sort_by_key(|&(_, value)| std::cmp::Reverse(value));
        Some(valued)
    }

    /// The value of `setup` and its moves as [`Solver::value`] and
    /// [`Solver::moves`] give them (no moves once the game is over), if
    /// they are solved already: a lookup that never solves, for a solver
    /// shared between threads.
    pub fn solved(&self, setup: Setup) -> Option<(Outcome, Vec<(Step, Outcome)>)> {
        if setup.size() != self.size {
            return None;
        }
        let value = self.lookup(setup)?;
        if setup.ending().is_some() {
            return Some((value, Vec::new()));
        }
        Some((value, self.solved_moves(setup)?))
    }

    /// The move perfect play makes: the quickest win or the slowest loss,
    /// the first in generator order among equals. `None` once the game is over.
    pub fn best_move(&mut self, setup: Setup) -> Result<Option<Step>, TooLarge> {
        if setup.ending().is_some() {
            return Ok(None);
        }
        Ok(self.moves(setup)?.first().map(|&(m, _)| m))
    }

    /// The value of `setup` and one line of perfect play from it to the end.
    pub fn line(&mut self, setup: Setup) -> Result<(Outcome, Vec<(Step, Setup)>), TooLarge> {
        let value = self.value(setup)?;
        let mut plies = Vec::new();
        let mut at = setup;
        while let Some(m) = self.best_move(at)? {
            at = at.play(m);
            plies.push((m, at));
        }
        Ok((value, plies))
    }
}

/// The value for White of each of `boards` (White to move), in order, as the
/// case files ask: `boards` are solved together, sharing their positions.
pub fn answer_all(size: Size, boards: &[Setup], limit_bytes: u64) -> Result<Vec<Outcome>, TooLarge> {
    let mut solver = Solver::new(size, limit_bytes);
    let white: Vec<Setup> = boards.iter().map(|b| b.with_turn(Side::White)).collect();
    solver.solve_all(white.iter().copied(), |_| {})?;
    white.iter().map(|&b| solver.value(b)).collect()
}

/// The start of a board solved: its value for White, who moves first, and
/// how many positions are reachable from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartValue {
    /// The board.
    pub size: Size,
    /// The start's value for White.
    pub value: Outcome,
    /// Positions reachable from the start where the game goes on, counting
    /// a position and its mirror image once.
    pub positions: u64,
}

/// Whether [`solve_start`] can hold the positions of `size` at all.
pub fn check_start(size: Size) -> Result<(), TooLarge> {
    let bits = key_bits(size);
    match Boards::<u64>::new(size) {
        Some(_) => Ok(()),
        None => Err(TooLarge::KeyTooWide { size, bits }),
    }
}

/// Solves the start position of `size` with the tiered solver, freeing each
/// tier once nothing left moves into it. Boards whose positions need more
/// than 64 bits are refused at once; others once discovery finds more
/// positions than `limit_bytes` can hold.
pub fn solve_start(
    size: Size,
    limit_bytes: u64,
    progress: impl FnMut(Progress),
) -> Result<StartValue, TooLarge> {
    check_start(size)?;
    let game = Boards::<u64>::new(size).expect("checked");
    let start = size.start();
    let start_tier = game.tier(game.canonical(game.key(start).expect("the start goes on")));
    let space = Space::solve(game, [start], limit_bytes, |t| t == start_tier, progress)?;
    Ok(StartValue {
        size,
        value: space.value(start).expect("the start's tier is kept"),
        positions: space.positions(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_too_small_is_an_error_not_a_crash() {
        let size: Size = "5x5".parse().unwrap();
        let err = solve_start(size, 1 << 20, |_| {}).unwrap_err();
        assert!(matches!(err, TooLarge::Memory { .. }), "{err}");
        let wide = solve_start("7x7".parse().unwrap(), 1 << 40, |_| {}).unwrap_err();
        assert_eq!(
            wide,
            TooLarge::KeyTooWide {
                size: "7x7".parse().unwrap(),
                bits: 85
            }
        );
    }

    #[test]
    fn finished_positions_get_the_documented_answers() {
        let value = |t: &str| {
            let setup: Setup = t.parse().unwrap();
            Solver::new(setup.size(), 1 << 30).value(setup).unwrap()
        };
        // White on its goal has won, even with Black on its goal too.
        assert_eq!(value("P../.../..p w"), Outcome::Win(0));
        assert_eq!(value("P../.../..p b"), Outcome::Loss(0));
        assert_eq!(value(".../.P./..p w"), Outcome::Loss(0));
        // No pawns, or no move, for the side to move: lost.
        assert_eq!(value(".../.p./... w"), Outcome::Loss(0));
        assert_eq!(value(".../p../P.. w"), Outcome::Loss(0));
        // No enemy pawns: any move wins.
        assert_eq!(value(".../.../P.. w"), Outcome::Win(1));
        assert_eq!(value(".p./.../... b"), Outcome::Win(1));
    }
}
