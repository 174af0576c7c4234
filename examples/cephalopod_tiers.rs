//! Counts the positions of one Cephalopod board reachable from the empty
//! board, up to symmetry, tier by tier (pips, dice), without solving them
//! and without keeping them: each tier is dropped once expanded. For
//! sizing boards beyond those `gamespace` solves. It stops when the
//! positions held at once (the open tiers, repeats included) pass a
//! budget.
//!
//! ```text
//! cargo run --release --example cephalopod_tiers -- 3x3 [BUDGET_POSITIONS]
//! ```
//!
//! Prints a line a tier: pips, dice, positions, moves leaving them, and the
//! positions the open tiers held when it closed; then the totals, the
//! widest tier, and the most positions in two successive pip levels (what
//! solving level by level keeps at once).

use gamespace::cephalopods::game::{Cephalopod, Position, Rule, Size};
use gamespace::solve::tiered::{self, TierIndex};
use std::collections::BTreeMap;
use std::ops::ControlFlow;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (size, budget) = match args.as_slice() {
        [size] => (size.parse::<Size>()?, u64::MAX),
        [size, budget] => (size.parse::<Size>()?, budget.parse()?),
        _ => return Err("usage: cephalopod_tiers RxC [BUDGET_POSITIONS]".into()),
    };
    let game = Cephalopod::new(size, Rule::Majority);
    let t0 = std::time::Instant::now();
    let (mut classes, mut moves, mut widest, mut held) = (0u64, 0u64, 0u64, 0u64);
    let mut by_pips: BTreeMap<u16, u64> = BTreeMap::new();
    println!("pips dice positions moves open");
    let finished = tiered::survey(&game, [game.key(Position::start(size))], |closed| {
        let n = closed.index.len() as u64;
        let (pips, dice) = (closed.tier >> 8, 255 - (closed.tier & 0xff));
        println!("{pips} {dice} {n} {} {}", closed.moves, closed.pending);
        classes += n;
        moves += closed.moves;
        widest = widest.max(n);
        held = held.max(closed.pending + n);
        *by_pips.entry(pips).or_default() += n;
        eprintln!("{:?}: pips {pips}, {classes} positions", t0.elapsed());
        if closed.pending > budget {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    let levels: Vec<u64> = by_pips.values().copied().collect();
    let two_levels = levels.windows(2).map(|w| w[0] + w[1]).max().unwrap_or(classes);
    println!(
        "{}: {classes} positions, {moves} moves, widest tier {widest}, widest two pip levels {two_levels}, \
         most held in discovery {held}",
        if finished {
            "total"
        } else {
            "stopped at the budget"
        }
    );
    Ok(())
}
