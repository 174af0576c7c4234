//! The line-mode game on any input: it plays by the rules, the program's
//! moves are those of `choose`, and no control character reaches the
//! prompts.
#![no_main]

use gamespace::mu_torere::play::{Config, play};
use gamespace::mu_torere::{Color, Solution, choose};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&side, input)) = data.split_first() else {
        return;
    };
    let solution = Solution::get();
    let config = Config {
        human: if side % 2 == 0 { Color::Black } else { Color::White },
        ..Config::default()
    };
    let (mut out, mut talk) = (Vec::new(), Vec::new());
    play(solution, config, input, &mut out, &mut talk).expect("in memory");
    let out = String::from_utf8(out).expect("the protocol is text");
    let talk = String::from_utf8(talk).expect("the prompts are text");
    assert!(!talk.chars().any(|c| c.is_control() && c != '\n'), "{talk:?}");
    let mut p = config.start;
    for line in out.lines().filter(|l| l.contains(" moves ")) {
        let m = p
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| format!("{} moves {m}", p.to_move) == line)
            .expect("every move line is a legal move");
        if p.to_move != config.human {
            assert_eq!(Some(m), choose(solution, p));
        }
        p = p.play(m);
    }
});
