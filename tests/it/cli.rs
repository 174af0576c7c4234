//! The command line as a whole: help, version, and usage errors, which
//! follow the same one-line rule as every other error.

use assert_cmd::Command;
use predicates::prelude::*;
use std::io::Write;
use std::process::{Output, Stdio};

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
fn the_same_fault_gets_the_same_words_and_no_misleading_tip() {
    let stderr = |args: &[&str], stdin: &str| {
        let output = gamespace()
            .args(args)
            .write_stdin(stdin)
            .output()
            .expect("it runs");
        (
            output.status.code(),
            String::from_utf8(output.stderr).expect("UTF-8"),
        )
    };
    // A negative number is "negative" for an option and in every input.
    let (code, threads) = stderr(&["cephalopods", "-t", "-1"], "");
    assert_eq!(code, Some(2));
    assert!(threads.contains("`-1` is negative"), "{threads}");
    assert!(!threads.contains("-- -1"), "{threads}");
    let (code, depth) = stderr(&["cephalopods"], "-1 0 0 0 0 0 0 0 0 0\n");
    assert_eq!(code, Some(1));
    assert!(depth.contains("`-1` is negative"), "{depth}");
    let (code, count) = stderr(&["pawn-chess"], "-1\n");
    assert_eq!(code, Some(1));
    assert!(count.contains("`-1` is negative"), "{count}");
    // And a word is "not a whole number" everywhere.
    let (_, threads) = stderr(&["cephalopods", "--threads", "two"], "");
    assert!(threads.contains("`two` is not a whole number"), "{threads}");
    let (_, count) = stderr(&["pawn-chess"], "two\n");
    assert!(count.contains("`two` is not a whole number"), "{count}");
    // clap's tips are a clause of the one line, not glued on.
    let (_, similar) = stderr(&["cephalopods", "--thread", "2"], "");
    assert!(
        similar.contains("found; a similar argument exists: '--threads'"),
        "{similar}"
    );
    assert!(!similar.contains("tip:"), "{similar}");
}

#[test]
fn no_subcommand_shows_the_help_and_fails() {
    gamespace()
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("Usage: gamespace <COMMAND>"));
}

/// The binary with `input` on stdin and stdout and stderr as given,
/// waited for: its exit status and what it wrote to the streams that were
/// piped.
fn run_with(args: &[&str], input: &[u8], stdout: Stdio, stderr: Stdio) -> Output {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gamespace"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .expect("it runs");
    // A program that ends before it reads all its input closes the pipe:
    // then what is left is not taken, which is no failure of the test's.
    let _ = child.stdin.take().expect("stdin is piped").write_all(input);
    child.wait_with_output().expect("it ends")
}

#[cfg(target_os = "linux")]
fn dev_full() -> std::fs::File {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full");
    full.expect("/dev/full opens")
}

/// A reader that stops reading (`gamespace ... | head`) ends the program
/// as a success, with nothing said. The pipe is closed before the input is
/// sent, so every answer is written into a pipe with no reader.
#[test]
fn a_closed_pipe_on_stdout_is_a_normal_exit() {
    let many_cases = format!("5000\n{}", ".ppp\n....\n.PPP\n....\n".repeat(5000));
    let jobs: [(&[&str], &[u8]); 4] = [
        (&["cephalopods"], b"20\n0 0 0\n0 0 0\n0 0 0\n"),
        (&["pawn-chess"], many_cases.as_bytes()),
        (&["mu-torere", "--plain"], b"9\n8\n"),
        (&["pawn-chess", "--help"], b""),
    ];
    for (args, input) in jobs {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let output = run_with(args, input, writer.into(), Stdio::piped());
        assert!(output.status.success(), "{args:?}: {output:?}");
        assert_eq!(String::from_utf8_lossy(&output.stderr), "", "{args:?}");
    }
}

/// Standard output that cannot be written (a full disk) is a one-line
/// error that says so, with a failing status.
#[cfg(target_os = "linux")]
#[test]
fn a_full_stdout_is_a_one_line_error_naming_it() {
    let jobs: [(&[&str], &[u8]); 6] = [
        (&["cephalopods"], b"1\n0 0 0\n0 0 0\n0 0 0\n"),
        (&["pawn-chess"], b"1\n.ppp\n....\n.PPP\n....\n"),
        (&["mu-torere", "analyze"], b""),
        (&["mu-torere", "--plain"], b"9\n"),
        (&["--help"], b""),
        (&["--version"], b""),
    ];
    for (args, input) in jobs {
        let output = run_with(args, input, dev_full().into(), Stdio::piped());
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            "gamespace: error: cannot write standard output: No space left on device (os error 28)\n",
            "{args:?}"
        );
    }
}

/// Standard input that cannot be read (here a directory) is a one-line
/// error that says so, with a failing status: read whole, or line by line
/// as a game goes.
#[cfg(target_os = "linux")]
#[test]
fn a_failed_read_of_stdin_says_so() {
    let jobs: [&[&str]; 3] = [&["cephalopods"], &["pawn-chess"], &["mu-torere", "--plain"]];
    for args in jobs {
        let directory = std::fs::File::open("/").expect("a directory opens");
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_gamespace"))
            .args(args)
            .stdin(directory)
            .output()
            .expect("it runs");
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        let error = stderr.lines().last().unwrap_or_default();
        assert_eq!(
            error, "gamespace: error: cannot read standard input: Is a directory (os error 21)",
            "{args:?}"
        );
    }
}

/// Prompts and help are chatter: where standard error cannot be written,
/// the game goes on, and its protocol on stdout is whole.
#[cfg(target_os = "linux")]
#[test]
fn a_game_goes_on_when_its_prompts_cannot_be_written() {
    let output = run_with(
        &["mu-torere", "--plain"],
        b"help\n9\n",
        Stdio::piped(),
        dev_full().into(),
    );
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(
        stdout.contains("black moves 9 to 5\n") && stdout.contains("white moves"),
        "{stdout}"
    );
}
