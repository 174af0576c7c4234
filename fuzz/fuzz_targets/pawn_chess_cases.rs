//! The case parser on any bytes, read whole and through a small buffer,
//! and every case it accepts answered alike by both engines.
#![no_main]

use gamespace::pawn_chess::{Cases, Engine, Solver, parse_cases};
use libfuzzer_sys::fuzz_target;
use std::io::BufReader;
use std::sync::{Mutex, OnceLock};

/// The engines, built once for the whole run.
static SOLVERS: OnceLock<Mutex<(Solver, Solver)>> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let Some((&capacity, input)) = data.split_first() else {
        return;
    };
    let whole = parse_cases(input);
    let capacity = usize::from(capacity % 32) + 1;
    let mut streamed = Vec::new();
    let outcome = match Cases::new(BufReader::with_capacity(capacity, input)).expect("a slice reads") {
        Err(error) => Err(error),
        Ok(mut cases) => loop {
            match cases.next_board().expect("a slice reads") {
                Ok(Some(board)) => streamed.push(board),
                Ok(None) => break Ok(streamed),
                Err(error) => break Err(error),
            }
        },
    };
    assert_eq!(outcome, whole);
    match whole {
        Err(error) => assert!(!error.to_string().chars().any(char::is_control), "{error}"),
        Ok(boards) => {
            let solvers = SOLVERS.get_or_init(|| {
                Mutex::new((Solver::new(Engine::Table), Solver::new(Engine::Negamax)))
            });
            let mut solvers = solvers.lock().expect("no panic held it");
            let (table, negamax) = &mut *solvers;
            for board in boards.into_iter().take(64) {
                assert_eq!(table.solve(board), negamax.solve(board), "{board}");
            }
        }
    }
});
