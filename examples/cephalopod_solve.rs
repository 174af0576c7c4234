//! Strongly solves one Cephalopod board, by the tiered engine or by the
//! plain baseline it is measured against: memoised negamax over positions
//! canonicalised under the board's symmetries. Prints the empty board's
//! value and how many positions were solved.
//!
//! ```text
//! cargo run --release --example cephalopod_solve -- 3x3 majority tiered
//! cargo run --release --example cephalopod_solve -- 3x3 majority negamax
//! ```

use gamespace::cephalopods::game::Key;
use gamespace::cephalopods::game::{Cephalopod, Position, Rule, Size, Solution};
use gamespace::solve::negamax::Negamax;
use gamespace::solve::tiered::TieredGame;
use gamespace::solve::{Game, Outcome};

/// The game with every successor replaced by its canonical image.
struct Canonical(Cephalopod);

impl Game for Canonical {
    type Position = Key;
    fn for_each_successor(&self, p: Key, mut visit: impl FnMut(Key)) {
        self.0.for_each_successor(p, |c| visit(self.0.canonical(c)))
    }
    fn primitive(&self, p: Key) -> Option<Outcome> {
        self.0.primitive(p)
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [size, rule, engine] = args.as_slice() else {
        return Err("usage: cephalopod_solve RxC majority|sixes tiered|negamax".into());
    };
    let size: Size = size.parse()?;
    let rule: Rule = rule.parse()?;
    let start = Position::start(size);
    let (value, positions) = match engine.as_str() {
        "tiered" => {
            let t0 = std::time::Instant::now();
            let mut discovered = None;
            let solution = Solution::solve(size, rule, |p| {
                if matches!(p, gamespace::solve::tiered::Progress::Solved { .. }) && discovered.is_none() {
                    discovered = Some(t0.elapsed());
                    eprintln!("discovered in {:?}", t0.elapsed());
                }
            })?;
            eprintln!("solved in {:?}", t0.elapsed());
            (
                solution.value(start).expect("the start is solved"),
                solution.classes(),
            )
        }
        "negamax" => {
            let game = Cephalopod::new(size, rule);
            let key = game.key(start);
            let mut negamax = Negamax::new(Canonical(game));
            let value = negamax.solve(key);
            (value, negamax.solved_positions() as u64)
        }
        other => return Err(format!("unknown engine {other}").into()),
    };
    println!("{size} {rule}: {value}, {positions} positions");
    Ok(())
}
