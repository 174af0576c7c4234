//! The command line as a whole: help, version, and usage errors, which
//! follow the same one-line rule as every other error.

use assert_cmd::Command;
use predicates::prelude::*;

fn gamespace() -> Command {
    Command::cargo_bin("gamespace").expect("the binary is built")
}

#[test]
fn help_and_version_go_to_stdout_with_success() {
    for subcommand in ["cephalopods", "pawn-chess", "mu-torere"] {
        gamespace()
            .args([subcommand, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains("Usage: gamespace"))
            .stderr("");
    }
    gamespace()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("cephalopods").and(predicate::str::contains("pawn-chess")));
    gamespace()
        .arg("--version")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("gamespace "));
}

#[test]
fn usage_errors_are_one_line_with_status_2() {
    let cases: [(&[&str], &str); 4] = [
        (&["cephalopods", "--threads", "0"], "--threads"),
        (&["cephalopods", "--thread", "2"], "'--threads'"),
        (&["pawnchess"], "'pawn-chess'"),
        (
            &["mu-torere", "--human", "purple"],
            "[possible values: black, white]",
        ),
    ];
    for (args, named) in cases {
        let output = gamespace().args(args).write_stdin("").output().expect("it runs");
        let stderr = String::from_utf8(output.stderr).expect("UTF-8");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("gamespace: error: ") && stderr.contains(named),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn no_subcommand_shows_the_help_and_fails() {
    gamespace()
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("Usage: gamespace <COMMAND>"));
}
