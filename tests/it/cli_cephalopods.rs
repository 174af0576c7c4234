//! `gamespace cephalopods` as a user meets it: input from stdin, a file or
//! `-`, exactly one line on stdout, the help text, the shipped example files,
//! and a one-line error (never a number, never a panic) for each kind of bad input.

use crate::common;

use assert_cmd::Command;
use std::path::PathBuf;

fn gamespace() -> Command {
    Command::cargo_bin("gamespace").unwrap()
}

fn example(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("examples/cephalopods")
        .join(file)
}

/// The answer line the vector `id` expects.
fn expected_line(id: &str) -> String {
    format!("{}\n", common::case(id).expected)
}

/// The worked example read from stdin, from a file named as the argument,
/// and from stdin named `-`.
#[test]
fn the_worked_example_from_stdin_a_file_or_a_dash() {
    let file = example("worked-example.txt");
    let stdin = "1\n1 0 1\n0 0 0\n0 0 0\n";
    for (args, stdin) in [
        (vec![], stdin),
        (vec![file.to_str().unwrap()], ""),
        (vec!["-"], stdin),
    ] {
        gamespace()
            .arg("cephalopods")
            .args(&args)
            .write_stdin(stdin)
            .assert()
            .success()
            .stdout("626111111\n")
            .stderr("");
    }
}

#[test]
fn tokens_may_be_separated_by_any_whitespace() {
    for input in [
        "1 1 0 1 0 0 0 0 0 0",
        "\n\n  1\t1 0 1\r\n0 0 0\r\n0\t0 0",
        "1\n1 0 1\n0 0 0\n0 0 0",
    ] {
        gamespace()
            .arg("cephalopods")
            .write_stdin(input)
            .assert()
            .success()
            .stdout("626111111\n");
    }
}

#[test]
fn stdout_is_exactly_one_line_holding_a_decimal_number() {
    let output = gamespace()
        .arg("cephalopods")
        .write_stdin(common::case("11").input)
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let line = stdout.strip_suffix('\n').expect("stdout ends with a newline");
    assert!(
        !line.is_empty() && line.bytes().all(|b| b.is_ascii_digit()),
        "stdout {stdout:?}"
    );
    assert!(output.stderr.is_empty());
}

#[test]
fn help_explains_the_input_format() {
    let output = gamespace().args(["cephalopods", "--help"]).output().unwrap();
    assert!(output.status.success());
    let help = String::from_utf8(output.stdout).unwrap().to_lowercase();
    for word in ["depth", "dice", "whitespace", "stdin"] {
        assert!(
            help.contains(word),
            "`cephalopods --help` does not mention {word:?}:\n{help}"
        );
    }
}

#[test]
fn the_shipped_examples_print_their_vectors_answers() {
    for (file, id) in [
        ("worked-example.txt", "x05"),
        ("empty-depth-40.txt", "e40"),
        ("public-11.txt", "11"),
        ("full-board.txt", "x07"),
    ] {
        let path = example(file);
        let text = std::fs::read_to_string(&path).unwrap();
        let case = common::case(id);
        assert_eq!(
            text.split_whitespace().collect::<Vec<_>>(),
            case.input.split_whitespace().collect::<Vec<_>>(),
            "{file} is not vector {}",
            case.name
        );
        gamespace()
            .arg("cephalopods")
            .arg(&path)
            .assert()
            .success()
            .stdout(expected_line(id))
            .stderr("");
    }
}

/// One thread, two (the default: discovery moves to the second thread
/// once a level is wide, as it is on both boards) or three: one answer.
#[test]
fn the_answer_does_not_depend_on_the_threads() {
    for (file, id) in [("empty-depth-40.txt", "e40"), ("public-11.txt", "11")] {
        for threads in [&["-t", "1"][..], &["--threads", "2"], &["-t", "3"]] {
            gamespace()
                .arg("cephalopods")
                .args(threads)
                .arg(example(file))
                .assert()
                .success()
                .stdout(expected_line(id))
                .stderr("");
        }
    }
}

/// Runs `args` with `stdin` and checks the rejection: failure, nothing on
/// stdout, one line on stderr that contains every one of `names`.
fn assert_rejected(what: &str, args: &[&str], stdin: &str, names: &[&str]) {
    let output = gamespace().args(args).write_stdin(stdin).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !output.status.success(),
        "{what}: accepted; stdout {:?}",
        String::from_utf8_lossy(&output.stdout)
    );
    assert!(
        output.stdout.is_empty(),
        "{what}: printed {:?}",
        String::from_utf8_lossy(&output.stdout)
    );
    assert!(!stderr.contains("panicked"), "{what}: panicked: {stderr}");
    assert_eq!(
        stderr.lines().count(),
        1,
        "{what}: stderr is not one line: {stderr:?}"
    );
    assert!(
        stderr.ends_with('\n'),
        "{what}: stderr line unterminated: {stderr:?}"
    );
    let lower = stderr.to_lowercase();
    for name in names {
        assert!(
            lower.contains(&name.to_lowercase()),
            "{what}: stderr does not name {name:?}: {stderr:?}"
        );
    }
}

#[test]
fn bad_input_gets_one_line_naming_the_problem() {
    let cephalopods = &["cephalopods"][..];
    let cases: [(&str, &str, &[&str]); 12] = [
        ("empty input", "", &["empty"]),
        ("blank input", " \n\t\n", &["empty"]),
        (
            "a word for the depth",
            "abc\n0 0 0\n0 0 0\n0 0 0\n",
            &["abc", "depth"],
        ),
        (
            "a word for a die",
            "3\n0 0 0\n0 seven 0\n0 0 0\n",
            &["seven", "line 3"],
        ),
        ("a die of 7", "1\n0 0 0\n0 7 0\n0 0 0\n", &["7", "die", "line 3"]),
        (
            "a negative depth",
            "-3\n0 0 0\n0 0 0\n0 0 0\n",
            &["-3", "negative"],
        ),
        (
            "a fractional depth",
            "2.5\n0 0 0\n0 0 0\n0 0 0\n",
            &["2.5", "depth"],
        ),
        ("a missing token", "1\n0 0 0\n0 0 0\n0 0\n", &["8", "dice"]),
        ("only the depth", "1\n", &["dice"]),
        (
            "an extra token",
            "1\n0 0 0\n0 0 0\n0 0 0\n42\n",
            &["42", "line 5"],
        ),
        (
            "a depth too large to parse",
            "99999999999\n0 0 0\n0 0 0\n0 0 0\n",
            &["99999999999", "large"],
        ),
        ("a die of -1", "1\n0 0 0\n0 0 -1\n0 0 0\n", &["-1", "die"]),
    ];
    for (what, stdin, names) in cases {
        assert_rejected(what, cephalopods, stdin, names);
    }
}

#[test]
fn a_nonexistent_file_gets_one_line_naming_it() {
    let missing = example("no-such-puzzle.txt");
    let missing = missing.to_str().unwrap();
    assert_rejected("a nonexistent file", &["cephalopods", missing], "", &[missing]);
}
