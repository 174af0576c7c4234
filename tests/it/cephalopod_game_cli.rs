//! `gamespace cephalopods play|analyze|value` as a user meets them: exact
//! first lines, the solved-game cache, and one line on stderr with a
//! non-zero exit for every kind of bad input.

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::Path;

/// The binary with its cache in `dir`, so tests neither read nor write the
/// user's own.
fn gamespace(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("gamespace").unwrap();
    cmd.env("GAMESPACE_CACHE_DIR", dir).arg("cephalopods");
    cmd
}

/// What `gamespace cephalopods ARGS` prints on stdout, given `stdin`,
/// asserting that it succeeds.
fn stdout_of(dir: &Path, args: &[&str], stdin: &str) -> String {
    let output = gamespace(dir).args(args).write_stdin(stdin).assert().success();
    String::from_utf8(output.get_output().stdout.clone()).unwrap()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gamespace-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn value_gives_the_exact_first_line_and_every_move() {
    let dir = temp_dir("value");
    let out = gamespace(&dir)
        .args(["value", "--size", "2x2", "../.. w", "w1./.. b"])
        .assert()
        .success()
        .stderr("")
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    let firsts: Vec<&str> = out.lines().filter(|l| !l.starts_with(' ')).collect();
    assert_eq!(firsts, ["../.. w tie 14", "w1./.. b tie 13"]);
    assert!(out.contains("\n  a2 tie 14\n"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_specs_facts_through_the_binary() {
    let dir = temp_dir("facts");
    for (size, rule, line) in [
        ("1x3", "majority", "... w win 3"),
        ("1x3", "sixes", "... w tie 3"),
        ("2x2", "sixes", "../.. w tie 14"),
        ("3x2", "majority", "../../.. w loss 26"),
    ] {
        let empty = line.rsplit_once(" w ").unwrap().0.to_owned() + " w";
        gamespace(&dir)
            .args(["value", "--size", size, "--rule", rule, &empty])
            .assert()
            .success()
            .stdout(predicate::str::starts_with(format!("{line}\n")));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn json_names_values_and_moves() {
    let dir = temp_dir("json");
    gamespace(&dir)
        .args(["value", "--json", "--size", "1x3", "... w"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            r#"{"position": "... w", "value": "win", "remoteness": 3, "moves": [{"move": "a1", "position": "w1.. b""#,
        ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_damaged_cache_file_is_rebuilt_and_no_cache_writes_nothing() {
    let dir = temp_dir("cache");
    let args = ["value", "--size", "2x3", "--rule", "sixes", ".../... w"];
    gamespace(&dir).args(args).arg("--no-cache").assert().success();
    assert!(!dir.exists(), "--no-cache leaves the cache alone");
    gamespace(&dir).args(args).assert().success().stderr("");
    let file = std::fs::read_dir(&dir).unwrap().next().unwrap().unwrap().path();
    let good = std::fs::read(&file).unwrap();
    std::fs::write(&file, &good[..good.len() - 3]).unwrap();
    gamespace(&dir)
        .args(["value", "--size", "2x3", "--rule", "sixes", ".../... w"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(".../... w loss 26\n"))
        .stderr(
            predicate::str::contains("is not used: it is truncated").or(predicate::str::contains("checksum")),
        );
    assert_eq!(
        std::fs::read(&file).unwrap(),
        good,
        "the file is written again whole"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn play_follows_the_line_protocol() {
    let dir = temp_dir("play");
    let out = stdout_of(&dir, &["play", "--size", "1x3", "--human", "black"], "c1\na1\n");
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| l.contains(" plays ") || l.ends_with(" wins") || *l == "tie")
        .collect();
    // White wins 1x3 under the majority rule, in three plies: the program
    // moves, black takes an end cell that is free, and white ends it.
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].starts_with("white plays "), "{out}");
    assert!(
        lines[1] == "black plays c1" || lines[1] == "black plays a1",
        "{out}"
    );
    assert_eq!(lines[3], "white wins", "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn each_bad_input_gets_one_line_and_a_failure() {
    let dir = temp_dir("bad");
    let cases: &[(&[&str], &str)] = &[
        (
            &["value", "w7./... w"],
            "bad position `w7./... w`: row 1 `w7.`: cell 1 `w7` is not a die value 1 to 6",
        ),
        (&["value", "w1./... w"], "row 2 has 3 cells, but row 1 has 2"),
        (
            &["value", "..../..../..../.... w"],
            "the position is 4x4, but the board is 3x3",
        ),
        (&["value", "... q"], "the side to move `q` is neither `w` nor `b`"),
        (&["value", "--size", "0x3", "... w"], "0x3 is outside the game"),
        (&["value", "--size", "6x6", "... w"], "6x6 is outside the game"),
        (&["value", "--size", "3x", "... w"], "`3x` is not a size RxC"),
        (
            &["value", "--size", "4x4", "..../..../..../.... w"],
            "too large to solve here",
        ),
        (&["value", "--rule", "most", "../.. w"], "`most` is not a rule"),
        (
            &["value", "--size", "1x3", "w1w1w1 w"],
            "cannot be reached from the empty board",
        ),
        (
            &["play", "--size", "1x3", "--position", "w1b1w1 b"],
            "the board is full, so the game is over",
        ),
        (
            &["play", "--size", "2x2", "--position", "\u{1b}[31m w"],
            "\\u{1b}",
        ),
    ];
    for (args, message) in cases {
        let assert = gamespace(&dir).args(*args).assert().failure();
        let stderr = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("gamespace: error: "), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!stderr.contains('\u{1b}'), "{args:?}: raw escape in {stderr:?}");
        assert!(assert.get_output().stdout.is_empty(), "{args:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn illegal_moves_in_play_are_explained_on_their_own_lines() {
    let dir = temp_dir("illegal");
    let out = stdout_of(&dir, &["play", "--size", "2x2"], "e9\nzz\nquit\n");
    let illegal: Vec<&str> = out.lines().filter(|l| l.starts_with("illegal: ")).collect();
    assert_eq!(illegal.len(), 2, "{out}");
    assert!(illegal[0].contains("cells run from a1 to b2"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}
