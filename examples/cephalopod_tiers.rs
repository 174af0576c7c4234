//! Discovers the positions of one Cephalopod board reachable from the
//! empty board, up to symmetry, without solving them: how many each tier
//! (pips, dice) holds and how many moves leave them. For sizing boards
//! beyond those `gamespace` solves; it stops once the positions found pass
//! a budget.
//!
//! ```text
//! cargo run --release --example cephalopod_tiers -- 3x3 [BUDGET_POSITIONS]
//! ```

use gamespace::cephalopods::game::{Cephalopod, Position, Rule, Size};
use gamespace::solve::Game;
use gamespace::solve::tiered::{self, Progress, TierIndex, TieredGame};
use rayon::prelude::*;
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
    let mut last = 0;
    let found = tiered::try_discover(&game, [game.key(Position::start(size))], |p| {
        if let Progress::Discovered { positions, .. } = p {
            last = positions;
            if positions > budget {
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
    let Some(found) = found else {
        println!("stopped: more than {budget} positions ({last} found)");
        return Ok(());
    };
    eprintln!("discovered in {:?}", t0.elapsed());
    println!("tier pips dice classes moves");
    let (mut classes, mut moves, mut widest) = (0u64, 0u64, 0usize);
    for (&tier, index) in &found {
        let edges: u64 = index
            .as_slice()
            .par_iter()
            .map(|&k| {
                let mut n = 0u64;
                if game.primitive(k).is_none() {
                    game.for_each_successor(k, |_| n += 1);
                }
                n
            })
            .sum();
        println!(
            "{tier} {} {} {} {edges}",
            tier >> 8,
            255 - (tier & 0xff),
            index.len()
        );
        classes += index.len() as u64;
        moves += edges;
        widest = widest.max(index.len());
    }
    let _ = game.tier(game.key(Position::start(size)));
    println!(
        "total: {} tiers, {classes} classes, {moves} moves, widest tier {widest}",
        found.len()
    );
    Ok(())
}
