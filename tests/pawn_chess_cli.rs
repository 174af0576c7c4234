//! `gamespace pawn-chess` driven as a user would: stdin, files, `--explain`
//! and bad input.

use assert_cmd::Command;
use predicates::prelude::*;

const SAMPLE_IN: &str = include_str!("data/pawn-chess-sample.in");
const SAMPLE_OUT: &str = include_str!("data/pawn-chess-sample.out");

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
            .stdout(include_str!("data/pawn-chess-300.out"));
    }
}

#[test]
fn explain_prints_the_verdict_then_a_line_with_boards() {
    let output = gamespace()
        .args(["pawn-chess", "--explain"])
        .write_stdin(SAMPLE_IN)
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let cases: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(cases.len(), 2, "{text}");
    for (case, verdict) in cases.iter().zip(SAMPLE_OUT.lines()) {
        let lines: Vec<&str> = case.lines().collect();
        assert_eq!(lines[0], verdict);
        assert_eq!(lines[1], "  start, white to move");
        let plies: usize = verdict[7..verdict.len() - 1].parse().unwrap();
        let moves: Vec<&&str> = lines
            .iter()
            .filter(|l| l.starts_with("  ") && l.contains(". "))
            .collect();
        assert_eq!(moves.len(), plies, "{case}");
        for (i, m) in moves.iter().enumerate() {
            let side = if i % 2 == 0 { "white" } else { "black" };
            let pattern = format!("  {}. {side} ", i + 1);
            assert!(m.starts_with(&pattern), "{m}");
            let notation = &m[pattern.len()..];
            let b = notation.as_bytes();
            assert!(
                b.len() == 5
                    && (b'a'..=b'd').contains(&b[0])
                    && (b'1'..=b'4').contains(&b[1])
                    && (b[2] == b'-' || b[2] == b'x')
                    && (b'a'..=b'd').contains(&b[3])
                    && (b'1'..=b'4').contains(&b[4]),
                "{notation}"
            );
        }
        // The start board and one board per move, each 4 ranks and a file line.
        assert_eq!(lines.iter().filter(|l| l.trim() == "abcd").count(), plies + 1);
        assert!(lines.last().unwrap().starts_with("  end: "), "{case}");
        assert!(!case.contains('\x1b'));
    }
    assert!(text.starts_with("white (7)\n  start, white to move\n    4 .ppp\n    3 ....\n    2 .PPP\n    1 ....\n      abcd\n  1. white "));
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
        .stdout(predicate::str::contains("--explain"));
}
