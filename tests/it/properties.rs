//! Property tests of every input: the parsers against plain oracles that
//! share nothing with them (`split_ascii_whitespace` and string checks), the
//! binary against the engines' own answers, and the line-mode game and the
//! terminal's key decoder on random input. Each property runs a bounded
//! number of cases, so `cargo test` stays quick; set `PROPTEST_CASES` to run
//! more.

use gamespace::cephalopods::{Board as Dice, parse_puzzle, path_hash_sum, read_puzzle};
use gamespace::mu_torere::play::{Config, play};
use gamespace::mu_torere::{Board as Octagon, Color, Position, Solution, choose};
use gamespace::pawn_chess::{Board, Cases, Engine, Solver, parse_cases, write_verdict};
use proptest::prelude::*;
use std::io::{BufReader, Write};
use std::process::{Command, Output, Stdio};

/// `cases` cases, unless `PROPTEST_CASES` asks for another number.
fn config(cases: u32) -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    config
}

/// Separators: ASCII whitespace, none at all, and whitespace from outside
/// ASCII, which separates nothing.
fn separator() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => Just(" ".to_owned()),
        2 => Just("\n".to_owned()),
        1 => prop::sample::select(vec!["\t", "\r\n", "\x0c", "  \n\n ", "", "\x0b", "\u{a0}", "\u{2003}", "\u{3000}"])
            .prop_map(str::to_owned),
    ]
}

/// Words joined by separators, one before each.
fn joined(words: Vec<String>, separators: Vec<String>) -> String {
    words
        .iter()
        .zip(separators.iter().cycle())
        .map(|(word, separator)| format!("{separator}{word}"))
        .collect()
}

fn die_word() -> impl Strategy<Value = String> {
    prop_oneof![
        12 => (0u8..=6).prop_map(|d| d.to_string()),
        1 => prop::sample::select(vec!["7", "9", "-1", "+1", "00", "x", "é", "\u{1b}[31m", "1\u{a0}"])
            .prop_map(str::to_owned),
    ]
}

fn depth_word() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => (0u32..=5).prop_map(|d| d.to_string()),
        1 => any::<u32>().prop_map(|d| d.to_string()),
        1 => prop::sample::select(vec!["-0", "+3", "-2", "0004", "4294967295", "4294967296", "99999999999999999999", "2.5", "", "d"])
            .prop_map(str::to_owned),
    ]
}

/// Puzzle-like text: usually a depth and nine dice, sometimes a word too
/// few or too many, with any separators.
fn puzzle_text() -> impl Strategy<Value = String> {
    (
        depth_word(),
        prop::collection::vec(die_word(), 8..=10),
        prop::collection::vec(separator(), 1..12),
        separator(),
    )
        .prop_map(|(depth, dice, separators, end)| {
            let mut words = vec![depth];
            words.extend(dice);
            joined(words, separators) + &end
        })
}

/// The puzzle as read plainly: ten words of ASCII-whitespace-separated
/// UTF-8 text, a whole number in 32 bits (sign allowed, `-` only on zero),
/// then nine single digits 0 to 6.
fn puzzle_oracle(bytes: &[u8]) -> Option<(u32, [u8; 9])> {
    let text = std::str::from_utf8(bytes).ok()?;
    let words: Vec<&str> = text.split_ascii_whitespace().collect();
    let [depth, dice @ ..] = words.as_slice() else {
        return None;
    };
    if dice.len() != 9 {
        return None;
    }
    let (negative, digits) = match depth.as_bytes().first() {
        Some(b'-') => (true, &depth[1..]),
        Some(b'+') => (false, &depth[1..]),
        _ => (false, &depth[..]),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let significant = digits.trim_start_matches('0');
    if negative && !significant.is_empty() {
        return None;
    }
    let depth: u64 = if significant.is_empty() {
        0
    } else if significant.len() > 10 {
        return None;
    } else {
        significant.parse().ok()?
    };
    let depth = u32::try_from(depth).ok()?;
    let mut cells = [0; 9];
    for (cell, die) in cells.iter_mut().zip(dice) {
        match die.as_bytes() {
            [d @ b'0'..=b'6'] => *cell = d - b'0',
            _ => return None,
        }
    }
    Some((depth, cells))
}

fn row_word() -> impl Strategy<Value = String> {
    prop_oneof![
        20 => prop::collection::vec(prop::sample::select(vec!['P', 'p', '.', '.']), 4)
            .prop_map(|cells| cells.into_iter().collect()),
        1 => prop::sample::select(vec!["...", ".....", "..x.", ".é..", "\u{1b}[..", "PPPPPPPPPPPPPPPPPPPP"])
            .prop_map(str::to_owned),
    ]
}

/// Case-file-like text: a count, usually right, and rows.
fn cases_text() -> impl Strategy<Value = String> {
    (
        0usize..6,
        prop::collection::vec(row_word(), 0..26),
        prop::collection::vec(separator(), 1..8),
        prop_oneof![8 => Just(None), 1 => prop::sample::select(vec!["x", "-1", "+2", "007", "99999999999999999999999"]).prop_map(Some)],
    )
        .prop_map(|(count, mut rows, separators, count_word)| {
            if count_word.is_none() && rows.len() > 4 * count && rows.len() % 7 != 0 {
                rows.truncate(4 * count);
            }
            let count = count_word.map_or(count.to_string(), str::to_owned);
            let mut words = vec![count];
            words.extend(rows);
            joined(words, separators) + "\n"
        })
}

/// The cases as read plainly: a count of ASCII digits, then that many
/// times four rows of four of `P`, `p` and `.`, and nothing else.
fn cases_oracle(bytes: &[u8]) -> Option<Vec<(u16, u16)>> {
    let text = std::str::from_utf8(bytes).ok()?;
    let words: Vec<&str> = text.split_ascii_whitespace().collect();
    let (count, rows) = words.split_first()?;
    if !count.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let count: usize = count.parse().ok()?;
    if rows.len() != count.checked_mul(4)? {
        return None;
    }
    let mut boards = Vec::new();
    for case in rows.chunks(4) {
        let (mut white, mut black) = (0u16, 0u16);
        for (r, row) in case.iter().enumerate() {
            if row.len() != 4 {
                return None;
            }
            for (c, square) in row.bytes().enumerate() {
                let bit = 1 << (4 * r + c);
                match square {
                    b'P' => white |= bit,
                    b'p' => black |= bit,
                    b'.' => {}
                    _ => return None,
                }
            }
        }
        boards.push((white, black));
    }
    Some(boards)
}

/// `gamespace` with `args` and `input` on stdin.
fn binary(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamespace"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("it starts");
    // A program that stops early closes its stdin: what is left is not taken.
    let _ = child.stdin.take().expect("piped").write_all(input);
    child.wait_with_output().expect("it ends")
}

/// One error line on stderr, nothing that looks like a panic or a raw
/// control character, and exit status 1.
fn assert_one_error_line(output: &Output, about: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{about}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{about}: {stderr:?}");
    assert!(stderr.starts_with("gamespace: error: "), "{about}: {stderr:?}");
    assert!(!stderr.contains("panicked"), "{about}: {stderr:?}");
    assert!(
        !stderr.trim_end_matches('\n').chars().any(char::is_control),
        "{about}: {stderr:?}"
    );
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn the_puzzle_parser_reads_what_the_oracle_reads(text in puzzle_text()) {
        let parsed = parse_puzzle(&text).ok().map(|p| (p.depth, p.board));
        let expected = puzzle_oracle(text.as_bytes()).map(|(d, cells)| (d, Dice::from_cells(cells)));
        prop_assert_eq!(parsed, expected);
    }

    #[test]
    fn the_puzzle_parser_takes_any_bytes_through_any_buffer(
        bytes in prop::collection::vec(prop_oneof![4 => 0x30u8..0x37, 2 => Just(b' '), 1 => any::<u8>()], 0..40),
        capacity in 1usize..16,
    ) {
        let parsed = read_puzzle(BufReader::with_capacity(capacity, &bytes[..])).expect("a slice reads");
        let expected = puzzle_oracle(&bytes).map(|(d, cells)| (d, Dice::from_cells(cells)));
        prop_assert_eq!(parsed.as_ref().ok().map(|p| (p.depth, p.board)), expected);
        if let Err(error) = parsed {
            prop_assert!(!error.to_string().chars().any(char::is_control), "{}", error);
        }
    }

    #[test]
    fn the_case_parser_reads_what_the_oracle_reads(text in cases_text(), capacity in 1usize..40) {
        let expected = cases_oracle(text.as_bytes())
            .map(|boards| boards.into_iter().map(|(w, b)| Board::new(w, b).expect("apart")).collect::<Vec<_>>());
        let parsed = parse_cases(text.as_bytes());
        prop_assert_eq!(parsed.as_ref().ok(), expected.as_ref());
        if let Err(error) = &parsed {
            prop_assert!(!error.to_string().chars().any(char::is_control), "{}", error);
        }
        // The same through a small buffer, errors included.
        let mut streamed = Vec::new();
        let outcome = match Cases::new(BufReader::with_capacity(capacity, text.as_bytes())).expect("a slice reads") {
            Err(error) => Err(error),
            Ok(mut cases) => loop {
                match cases.next_board().expect("a slice reads") {
                    Ok(Some(board)) => streamed.push(board),
                    Ok(None) => break Ok(streamed),
                    Err(error) => break Err(error),
                }
            },
        };
        prop_assert_eq!(outcome, parsed);
    }

    #[test]
    fn the_case_parser_takes_any_bytes(
        bytes in prop::collection::vec(prop_oneof![4 => Just(b'.'), 2 => Just(b'P'), 2 => Just(b'p'), 3 => Just(b'\n'), 1 => Just(b'1'), 1 => any::<u8>()], 0..80),
    ) {
        let mut input = b"2\n".to_vec();
        input.extend_from_slice(&bytes);
        let expected = cases_oracle(&input)
            .map(|boards| boards.into_iter().map(|(w, b)| Board::new(w, b).expect("apart")).collect::<Vec<_>>());
        prop_assert_eq!(parse_cases(&input).ok(), expected);
    }

    #[test]
    fn a_position_parses_exactly_when_it_is_a_board(
        chars in prop::collection::vec(prop::sample::select(vec!['b', 'w', 'o', 'b', 'w', 'x', 'é', '\u{1b}', '\r']), 0..12),
    ) {
        let text: String = chars.iter().collect();
        let counts = |c: char| chars.iter().filter(|&&x| x == c).count();
        let good = chars.len() == 9 && counts('b') == 4 && counts('w') == 4 && counts('o') == 1;
        let parsed = text.parse::<Octagon>();
        prop_assert_eq!(parsed.is_ok(), good);
        match parsed {
            Ok(board) => prop_assert_eq!(board.to_string(), text),
            Err(error) => prop_assert!(!error.to_string().chars().any(char::is_control), "{}", error),
        }
    }
}

/// One line typed at the game: squares, commands, noise, control
/// characters, a long line, or bytes that are not text.
fn typed_line() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        10 => (1u8..=9).prop_map(|n| format!("{n}\n").into_bytes()),
        3 => prop::sample::select(vec![
            "0\n", "10\n", "help\n", "?\n", " 4 \n", "\n", "\r\n", "x\n", "4\u{a0}\n", "\u{1b}]0;x\u{7}\n", "9\r\n",
        ])
        .prop_map(|l| l.as_bytes().to_vec()),
        1 => Just(b"\xff\xfe\n".to_vec()),
        1 => Just([vec![b'5'; 3000], vec![b'\n']].concat()),
    ]
}

proptest! {
    #![proptest_config(config(128))]

    /// The game's protocol on random input: every move line is a legal move
    /// of the side to move, the program's are those of `choose`, a win is
    /// announced exactly when the game is over, and nothing raw reaches the
    /// prompts.
    #[test]
    fn the_line_game_plays_by_the_rules_on_any_input(
        lines in prop::collection::vec(typed_line(), 0..30),
        human_white in any::<bool>(),
    ) {
        let solution = Solution::get();
        let config = Config {
            human: if human_white { Color::White } else { Color::Black },
            ..Config::default()
        };
        let input = lines.concat();
        let (mut out, mut talk) = (Vec::new(), Vec::new());
        play(solution, config, &input[..], &mut out, &mut talk).expect("in memory");
        let out = String::from_utf8(out).expect("the protocol is text");
        let talk = String::from_utf8(talk).expect("the prompts are text");
        prop_assert!(!talk.chars().any(|c| c.is_control() && c != '\n'), "{:?}", talk);
        let mut p: Position = config.start;
        for line in out.lines().filter(|l| l.contains(" moves ") || l.ends_with(" wins")) {
            if line.ends_with(" wins") {
                prop_assert!(p.is_over(), "{}", line);
                prop_assert_eq!(line, format!("{} wins", p.to_move.opponent()));
                continue;
            }
            let played = p.legal_moves().iter().copied().find(|&m| format!("{} moves {m}", p.to_move) == line);
            prop_assert!(played.is_some(), "{} is not legal", line);
            let m = played.expect("checked");
            if p.to_move != config.human {
                prop_assert_eq!(Some(m), choose(solution, p));
            }
            p = p.play(m);
        }
    }
}

proptest! {
    #![proptest_config(config(24))]

    /// Through the binary: a good puzzle gets the engine's own sum, any
    /// other input one error line.
    #[test]
    fn the_binary_answers_puzzles_as_the_engine_does(
        dice in prop::collection::vec(die_word(), 9),
        depth in 0u32..4,
        separators in prop::collection::vec(separator(), 1..4),
    ) {
        let mut words = vec![depth.to_string()];
        words.extend(dice);
        let text = joined(words, separators);
        let output = binary(&["cephalopods"], text.as_bytes());
        match puzzle_oracle(text.as_bytes()) {
            Some((depth, cells)) => {
                prop_assert!(output.status.success(), "{:?}", output);
                let expected = format!("{}\n", path_hash_sum(Dice::from_cells(cells), depth));
                prop_assert_eq!(String::from_utf8_lossy(&output.stdout), expected);
            }
            None => {
                assert_one_error_line(&output, &text);
                prop_assert!(output.stdout.is_empty());
            }
        }
    }

    /// Through the binary: good cases get the engine's verdicts; a bad
    /// input, one error line after the verdicts of some of the good cases
    /// before it.
    #[test]
    fn the_binary_answers_cases_as_the_engine_does(text in cases_text()) {
        let output = binary(&["pawn-chess"], text.as_bytes());
        let mut solver = Solver::new(Engine::Table);
        let verdicts = |boards: &[Board], solver: &mut Solver| {
            let mut out = Vec::new();
            for &board in boards {
                write_verdict(&mut out, solver.solve(board)).expect("in memory");
            }
            String::from_utf8(out).expect("verdicts are text")
        };
        match cases_oracle(text.as_bytes()) {
            Some(boards) => {
                prop_assert!(output.status.success(), "{:?}", output);
                let boards: Vec<Board> = boards.into_iter().map(|(w, b)| Board::new(w, b).expect("apart")).collect();
                prop_assert_eq!(String::from_utf8_lossy(&output.stdout), verdicts(&boards, &mut solver));
            }
            None => {
                assert_one_error_line(&output, &text);
                let stdout = String::from_utf8_lossy(&output.stdout);
                prop_assert!(stdout.is_empty() || stdout.ends_with('\n'));
                prop_assert!(stdout.lines().all(|l| l.starts_with("white (") || l.starts_with("black (")));
            }
        }
    }
}
