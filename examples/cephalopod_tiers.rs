//! Counts the positions of one Cephalopod board reachable from the empty
//! board, up to symmetry, tier by tier (pips, dice), without solving them
//! and without keeping them: each tier is dropped once expanded. For
//! sizing boards beyond those `gamespace` solves. It stops when the
//! positions held at once (the open tiers, repeats included) pass a
//! budget.
//!
//! ```text
//! cargo run --release --example cephalopod_tiers -- 3x3 [BUDGET_POSITIONS]
//! cargo run --release --example cephalopod_tiers -- 2x5 BUDGET_POSITIONS majority
//! ```
//!
//! With a rule, it solves the board instead, for the empty board's value
//! alone: discovery keeps every tier (stopping if the positions pass the
//! budget), and the solve frees each tier once no tier left moves into it,
//! so that boards larger than `gamespace` stores can be solved.
//!
//! Prints a line a tier: pips, dice, positions, moves leaving them, and the
//! positions the open tiers held when it closed; then the totals, the
//! widest tier, and the most positions in two successive pip levels (what
//! solving level by level keeps at once).

use gamespace::cephalopods::game::{Cephalopod, Position, Rule, Size};
use gamespace::solve::tiered::{self, Progress, TierIndex, TieredGame};
use std::collections::BTreeMap;
use std::ops::ControlFlow;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (size, budget) = match args.as_slice() {
        [size] => (size.parse::<Size>()?, u64::MAX),
        [size, budget] => (size.parse::<Size>()?, budget.parse()?),
        [size, budget, rule] => return solve(size.parse()?, budget.parse()?, rule.parse()?),
        _ => return Err("usage: cephalopod_tiers RxC [BUDGET_POSITIONS [RULE]]".into()),
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

/// Solves `size` under `rule` for the empty board's value, keeping only
/// the tiers still needed.
fn solve(size: Size, budget: u64, rule: Rule) -> Result<(), Box<dyn std::error::Error>> {
    let game = Cephalopod::new(size, rule);
    let start = game.canonical(game.key(Position::start(size)));
    let t0 = std::time::Instant::now();
    let found = tiered::try_discover(&game, [start], |p| match p {
        Progress::Discovered { positions, .. } if positions > budget => ControlFlow::Break(()),
        _ => ControlFlow::Continue(()),
    })
    .ok_or_else(|| format!("more than {budget} positions"))?;
    let classes: usize = found.values().map(|t| t.len()).sum();
    eprintln!("{:?}: discovered {classes} positions", t0.elapsed());
    let start_tier = game.tier(start);
    let solved = tiered::solve(&game, found, |t, _| t == start_tier, |_| {});
    let tier = &solved[&start_tier];
    let value = tier.outcome(tier.index.index(start).ok_or("the start is not solved")?);
    eprintln!("{:?}: solved", t0.elapsed());
    println!("{size} {rule}: {value}, {classes} positions");
    Ok(())
}
