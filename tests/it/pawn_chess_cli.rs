//! `gamespace pawn-chess` driven as a user would: stdin, files, `--explain`
//! and bad input.

use assert_cmd::Command;
use predicates::prelude::*;

const SAMPLE_IN: &str = include_str!("../data/pawn-chess-sample.in");
const SAMPLE_OUT: &str = include_str!("../data/pawn-chess-sample.out");

fn gamespace() -> Command {
    Command::cargo_bin("gamespace").unwrap()
}

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn answers_the_sample_from_stdin_and_from_a_file() {
    gamespace()
        .arg("pawn-chess")
        .write_stdin(SAMPLE_IN)
        .assert()
        .success()
        .stdout(SAMPLE_OUT)
        .stderr("");
    gamespace()
        .args(["pawn-chess", &data("pawn-chess-sample.in")])
        .assert()
        .success()
        .stdout(SAMPLE_OUT);
    gamespace()
        .args(["pawn-chess", "-"])
        .write_stdin(SAMPLE_IN)
        .assert()
        .success()
        .stdout(SAMPLE_OUT);
}

#[test]
fn answers_the_300_vectors_with_either_engine() {
    for engine in ["table", "negamax"] {
        gamespace()
            .args(["pawn-chess", "--engine", engine, &data("pawn-chess-300.in")])
            .assert()
            .success()
            .stdout(include_str!("../data/pawn-chess-300.out"));
    }
}

/// The explained cases: each starts at a verdict, the only lines that are
/// not indented, and is followed by a blank line but the last.
fn split_cases(text: &str) -> Vec<String> {
    let mut cases: Vec<String> = Vec::new();
    for line in text.lines() {
        if line.starts_with("white (") || line.starts_with("black (") {
            if let Some(previous) = cases.last_mut() {
                assert!(previous.ends_with("\n\n"), "{previous}");
                previous.pop();
            }
            cases.push(String::new());
        }
        let case = cases.last_mut().expect("text starts with a verdict");
        case.push_str(line);
        case.push('\n');
    }
    cases
}

/// What `gamespace pawn-chess FLAG` prints for the sample input.
fn explained(flag: &str) -> String {
    let output = gamespace()
        .args(["pawn-chess", flag])
        .write_stdin(SAMPLE_IN)
        .output()
        .unwrap();
    assert!(output.status.success(), "{flag}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn explain_prints_the_verdict_the_moves_then_the_boards_four_to_a_row() {
    let text = explained("--explain");
    let cases = split_cases(&text);
    assert_eq!(cases.len(), 2, "{text}");
    for (case, verdict) in cases.iter().zip(SAMPLE_OUT.lines()) {
        let lines: Vec<&str> = case.lines().collect();
        assert_eq!(lines[0], verdict);
        let plies: usize = verdict[7..verdict.len() - 1].parse().unwrap();
        // The moves in notation, White's numbered: `1. b2-b3 c3xb2 2. ...`.
        let words: Vec<&str> = lines[1].split_whitespace().collect();
        let moves: Vec<&str> = words.iter().copied().filter(|w| !w.ends_with('.')).collect();
        assert_eq!(moves.len(), plies, "{case}");
        for (i, word) in words.iter().enumerate().filter(|(_, w)| w.ends_with('.')) {
            assert_eq!(*word, format!("{}.", i / 3 + 1), "{}", lines[1]);
        }
        for m in &moves {
            let b = m.as_bytes();
            assert!(
                b.len() == 5
                    && (b'a'..=b'd').contains(&b[0])
                    && (b'1'..=b'4').contains(&b[1])
                    && (b[2] == b'-' || b[2] == b'x')
                    && (b'a'..=b'd').contains(&b[3])
                    && (b'1'..=b'4').contains(&b[4]),
                "{m}"
            );
        }
        // The start board and one board per move, four to a row.
        let files: Vec<usize> = lines
            .iter()
            .map(|l| l.matches("abcd").count())
            .filter(|&n| n > 0)
            .collect();
        assert_eq!(files.iter().sum::<usize>(), plies + 1, "{case}");
        assert!(files.iter().all(|&n| n <= 4) && files[..files.len() - 1].iter().all(|&n| n == 4));
        assert!(lines.last().unwrap().starts_with("  end: "), "{case}");
        assert!(lines.iter().all(|l| l.len() < 80 && l.trim_end() == *l));
        assert!(!case.contains('\x1b'));
    }
    assert!(text.starts_with("white (7)\n  1. c2-c3 "), "{text}");
    assert!(text.contains("\n  start        1. c2-c3 "), "{text}");
    assert!(text.contains("\n  4 .ppp       4 .ppp "), "{text}");
}

#[test]
fn explain_all_lists_every_first_move_with_its_value() {
    let text = explained("--explain=all");
    let cases = split_cases(&text);
    let first = cases[0].as_str();
    let listed: Vec<&str> = first
        .lines()
        .skip_while(|l| !l.starts_with("  every move of the start"))
        .skip(1)
        .collect();
    // White's pawns on b2, c2, d2 each step forward; none can capture.
    assert_eq!(listed.len(), 3, "{first}");
    assert!(
        listed
            .iter()
            .all(|l| l.ends_with(')') && (l.contains("white (") || l.contains("black (")))
    );
    // The best of them is the verdict.
    assert!(listed.iter().any(|l| l.ends_with(" white (7)")), "{first}");
    // Plain --explain has no such list; `--explain all` is not the option's value.
    let plain = gamespace()
        .args(["pawn-chess", "--explain"])
        .write_stdin(SAMPLE_IN)
        .output()
        .unwrap();
    assert!(!String::from_utf8(plain.stdout).unwrap().contains("every move"));
    gamespace()
        .args(["pawn-chess", "--explain=some"])
        .write_stdin(SAMPLE_IN)
        .assert()
        .code(2);
}

#[test]
fn boards_outside_the_promises_get_answers_not_crashes() {
    gamespace()
        .arg("pawn-chess")
        .write_stdin("5\nP...\n....\n....\n...p\n....\n....\n.P..\n...p\n....\n.p..\n.P..\n....\n....\n....\n.P..\n....\nPPPP\nPPPP\npppp\npppp\n")
        .assert()
        .success()
        .stdout("white (0)\nblack (0)\nblack (0)\nwhite (1)\nwhite (0)\n");
}

/// The answers to the good cases before the bad one, then the error.
fn rejects_after(input: impl Into<Vec<u8>>, answers: &str, message: &str) {
    gamespace()
        .arg("pawn-chess")
        .write_stdin(input)
        .assert()
        .failure()
        .code(1)
        .stdout(answers.to_owned())
        .stderr(predicate::str::starts_with(
            "gamespace: error: bad pawn-chess input: ",
        ))
        .stderr(predicate::str::contains(message))
        .stderr(predicate::str::contains("panicked").not())
        .stderr(predicate::function(|e: &str| e.lines().count() == 1));
}

fn rejects(input: impl Into<Vec<u8>>, message: &str) {
    rejects_after(input, "", message);
}

#[test]
fn bad_input_gets_a_one_line_error_naming_the_case_and_row() {
    rejects(
        "1\n....\n.x..\n....\n.P..\n",
        "case 1, row 2 (line 3): `.x..` has `x` at column 2",
    );
    rejects_after(
        "2\n\n....\n....\n....\n.P..\n\n...\n",
        "white (1)\n",
        "case 2, row 1 (line 8): `...` has 3 characters",
    );
    rejects(
        "1\n....\n....\n..P..\n",
        "case 1, row 3 (line 4): `..P..` has 5 characters",
    );
    rejects_after(
        "3\n....\n....\n....\n.P..\n",
        "white (1)\n",
        "case 2, row 1: missing; the input ends after 1 of the 3 cases",
    );
    rejects("x\n....\n", "line 1: the case count `x` is not a whole number");
    rejects("", "the input is empty");
    rejects_after(
        "1\n....\n....\n....\n.P..\n....\n",
        "white (1)\n",
        "line 6: unexpected `....` after the last of the 1 cases",
    );
    rejects(
        &b"1\n....\n..\xe2\x82\n....\n.P..\n"[..],
        "line 3: the input is not UTF-8 text (byte 10)",
    );
}

#[test]
fn a_missing_file_is_a_one_line_error() {
    gamespace()
        .args(["pawn-chess", "/nonexistent/cases.in"])
        .assert()
        .failure()
        .stderr(predicate::str::starts_with(
            "gamespace: error: cannot read /nonexistent/cases.in",
        ));
}

#[test]
fn help_documents_the_notation_and_the_out_of_promise_answers() {
    gamespace()
        .args(["pawn-chess", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("b2-b3"))
        .stdout(predicate::str::contains("white (0)"))
        .stdout(predicate::str::contains("--explain"))
        .stdout(predicate::str::contains("diagonally forward"))
        .stdout(predicate::str::contains("has no legal move"));
}
