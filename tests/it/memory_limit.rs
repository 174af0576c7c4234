//! The binary under an address-space limit (`ulimit -v`): small inputs of
//! every subcommand run within 64 MiB, and a limit too tight for a search
//! gives the one-line error and exit status 1, never an abort.
//!
//! Linux with glibc only, where the limit is set with `setrlimit` in the
//! child before it runs the binary.
#![cfg(all(target_os = "linux", target_env = "gnu"))]

use std::io::Write;
use std::os::unix::process::CommandExt;
use std::process::{Command, Output, Stdio};

const MIB: libc::rlim_t = 1 << 20;

/// Runs `gamespace args` with `stdin`, its address space limited to
/// `limit` bytes.
fn run_limited(limit: libc::rlim_t, args: &[&str], stdin: &str) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gamespace"));
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: the closure runs in the child between fork and exec, and
    // calls only `setrlimit`, which is async-signal-safe and allocates
    // nothing.
    unsafe {
        command.pre_exec(move || {
            let rlimit = libc::rlimit {
                rlim_cur: limit,
                rlim_max: limit,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &rlimit) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
    let mut child = command.spawn().expect("the binary starts");
    let mut input = child.stdin.take().expect("a pipe");
    // A child that exits early closes the pipe: what it did not read does
    // not matter here.
    input.write_all(stdin.as_bytes()).unwrap_or(());
    drop(input);
    child.wait_with_output().expect("the binary runs")
}

/// Asserts that `output` is a success with `expected` on stdout.
fn assert_answers(output: &Output, expected: &str, what: &str) {
    assert_eq!(
        output.status.code(),
        Some(0),
        "{what}: stderr {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains(expected), "{what}: stdout {stdout}");
}

#[test]
fn small_inputs_of_every_subcommand_run_within_64_mib() {
    let limit = 64 * MIB;
    let cases: [(&[&str], &str, &str); 11] = [
        (&["cephalopods"], "0\n0 0 0\n0 0 0\n0 0 0\n", "0\n"),
        (&["cephalopods"], "20\n0 6 0\n2 2 2\n1 6 1\n", "322444322\n"),
        (
            &["cephalopods", "-t", "1"],
            "1\n1 0 1\n0 0 0\n0 0 0\n",
            "626111111\n",
        ),
        (
            &["cephalopods", "analyze", "--size", "2x2", "--no-cache"],
            "",
            "reachable positions: 301",
        ),
        (
            &["cephalopods", "value", "--size", "2x2", "--no-cache", "../.. w"],
            "",
            "../.. w tie 14",
        ),
        (
            &["cephalopods", "play", "--size", "2x2", "--no-cache"],
            "quit\n",
            "a  b",
        ),
        (&["pawn-chess"], "1\n.ppp\n....\n.PPP\n....\n", "white (7)\n"),
        (
            &["pawn-chess", "--engine", "negamax", "--explain"],
            "1\n.ppp\n....\n.PPP\n....\n",
            "white (7)\n",
        ),
        (&["mu-torere", "--plain"], "quit\n", "w-w-w"),
        (&["mu-torere", "analyze"], "", "positions"),
        (&["mu-torere", "analyze", "--table"], "", "wwwwobbbb"),
    ];
    for (args, stdin, expected) in cases {
        let output = run_limited(limit, args, stdin);
        assert_answers(&output, expected, &format!("{args:?}"));
    }
}

/// The deepest search from the empty board needs more than 16 MiB: the
/// error names the cause in one line, and the status is 1, not the 134 of
/// an abort.
#[test]
fn a_limit_too_tight_for_a_search_is_a_one_line_error() {
    for threads in ["1", "2"] {
        let output = run_limited(
            16 * MIB,
            &["cephalopods", "-t", threads],
            "100\n0 0 0\n0 0 0\n0 0 0\n",
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(
            output.status.code(),
            Some(1),
            "{threads} threads: stderr {stderr}"
        );
        assert!(output.stdout.is_empty(), "no answer");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with("gamespace: error: out of memory") && stderr.contains("ulimit -v"),
            "{stderr}"
        );
    }
}
