//! Inputs and surroundings chosen to break the program: control characters
//! meant for the terminal, inputs far larger than any valid one, a closed
//! standard output, and whitespace from outside ASCII.
#![cfg(all(target_os = "linux", target_env = "gnu"))]

use std::io::Write;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};

fn gamespace() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gamespace"))
}

/// How a child ended, what it wrote, and its peak resident memory in KiB
/// once all its input was written.
struct Finished {
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: String,
    peak_kib: u64,
}

/// The peak resident memory of process `pid` so far (`VmHWM`, which the
/// kernel keeps for each program image, so not the parent's before exec),
/// or 0 if it has ended.
fn peak_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let line = status.lines().find(|l| l.starts_with("VmHWM:"));
    line.and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        .unwrap_or(0)
}

/// Runs `command` with `input` on its stdin. Every program here reads to
/// the end of its input (a game waits for its next line, a parser for the
/// end): so once the input is written, the peak memory is taken while the
/// child still runs, and only then is its stdin closed.
fn run(mut command: Command, input: impl AsRef<[u8]> + Send + 'static) -> Finished {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("it starts");
    let mut stdin = child.stdin.take().expect("piped");
    let (written, sampled) = (std::sync::mpsc::channel(), std::sync::mpsc::channel::<()>());
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_ref());
        let _ = written.0.send(());
        let _ = sampled.1.recv();
    });
    let pump = |mut from: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            from.read_to_end(&mut bytes).expect("it reads");
            bytes
        })
    };
    let stdout = pump(Box::new(child.stdout.take().expect("piped")));
    let stderr = pump(Box::new(child.stderr.take().expect("piped")));
    written.1.recv().expect("the input is written");
    // What is left in the pipe (at most its 64 KiB) is read by now.
    std::thread::sleep(std::time::Duration::from_millis(100));
    let peak_kib = peak_kib(child.id());
    let _ = sampled.0.send(());
    feeder.join().expect("the feeder ends");
    let status = child.wait().expect("it ends");
    Finished {
        code: status.code(),
        stdout: stdout.join().expect("stdout is read"),
        stderr: String::from_utf8(stderr.join().expect("stderr is read")).expect("UTF-8"),
        peak_kib,
    }
}

fn command(args: &[&str]) -> Command {
    let mut command = gamespace();
    command.args(args);
    command
}

/// How much more memory than a small input a large one may take: the
/// program's buffers, not the input.
const FLAT_KIB: u64 = 8 * 1024;

/// A large input (64 MiB and up) costs no more memory than a small one:
/// the puzzle skips whitespace as a stream, pawn chess answers each case
/// as it is read, and line mode keeps a bounded part of a long line.
#[test]
fn memory_stays_flat_with_the_size_of_the_input() {
    const MIB: usize = 1 << 20;
    let puzzle = |padding: usize| format!("1\n1 0 1\n0 0 0\n0 0{}0\n", " ".repeat(padding));
    let cases = |count: usize| format!("{count}\n{}", ".ppp\n....\n.PPP\n....\n".repeat(count));
    let line = |length: usize| format!("{}\n", "x".repeat(length));
    let jobs: [(&[&str], String, String); 3] = [
        (&["cephalopods"], puzzle(1), puzzle(64 * MIB)),
        (&["pawn-chess"], cases(10), cases(4 * MIB)),
        (&["mu-torere", "--plain"], line(10), line(64 * MIB)),
    ];
    for (args, small, large) in jobs {
        let small = run(command(args), small);
        let large = run(command(args), large);
        assert_eq!(small.code, Some(0), "{args:?}: {}", small.stderr);
        assert_eq!(large.code, Some(0), "{args:?}: {}", large.stderr);
        assert!(
            small.peak_kib > 0 && large.peak_kib > 0,
            "{args:?} ran to the end of its input"
        );
        assert!(
            large.peak_kib.saturating_sub(small.peak_kib) < FLAT_KIB,
            "{args:?}: {} KiB for a small input, {} KiB for a large one",
            small.peak_kib,
            large.peak_kib
        );
    }
}

/// A line too long for line mode is refused with a message that says so,
/// not echoed back.
#[test]
fn a_long_line_is_refused_without_an_echo() {
    let finished = run(
        command(&["mu-torere", "--plain"]),
        format!("{}\n9\n", "4".repeat(100_000)),
    );
    assert_eq!(finished.code, Some(0));
    assert!(finished.stderr.len() < 2000, "{}", finished.stderr);
    let stdout = String::from_utf8(finished.stdout).expect("UTF-8");
    assert!(
        stdout.contains("illegal: a line longer than 1024 bytes\n"),
        "{stdout}"
    );
    assert!(stdout.len() < 2000, "{stdout}");
    assert!(stdout.contains("black moves 9 to 5"), "{stdout}");
}

/// No byte of user text reaches the terminal raw: every message echoing
/// input escapes the control characters in it.
#[test]
fn control_characters_in_messages_are_escaped() {
    let title = "\u{1b}]0;pwned\u{7}";
    let missing = format!("/nonexistent/{title}\r.in");
    let jobs: [(Vec<&str>, String, &str); 8] = [
        (
            vec!["mu-torere", "--position", "wwwb\u{1b}bb\rb"],
            String::new(),
            r"`wwwb\u{1b}bb\rb`: square 5 is `\u{1b}`",
        ),
        (
            vec!["mu-torere", "--points", "10", "--position", "bbbbw\u{1b}wwwwo"],
            String::new(),
            r"`bbbbw\u{1b}wwwwo`: character 6 is `\u{1b}`",
        ),
        (
            vec!["mu-torere", "--points", "10", "--rule", title],
            String::new(),
            "for '--rule <RULE>'",
        ),
        (
            vec!["mu-torere", "--points", "10", "--plain"],
            format!("{title}\n"),
            r"illegal: `\u{1b}]0;pwned\u{7}` is not a point number",
        ),
        (
            vec!["mu-torere", "--plain"],
            format!("{title}\n"),
            r"`\u{1b}]0;pwned\u{7}` is not a square number",
        ),
        (
            vec!["cephalopods", &missing],
            String::new(),
            r"cannot read /nonexistent/\u{1b}]0;pwned\u{7}\r.in: No such file",
        ),
        (
            vec!["pawn-chess", &missing],
            String::new(),
            r"cannot read /nonexistent/\u{1b}]0;pwned\u{7}\r.in: No such file",
        ),
        (
            vec!["cephalopods"],
            format!("1 1 0 1 0 0 0 0 0 {title}"),
            r"`\u{1b}]0;pwned\u{7}` is not a die value",
        ),
    ];
    for (args, input, expected) in jobs {
        let finished = run(command(&args), input);
        // Errors go to stderr, and the line game's refusals to stdout.
        let said = format!("{}{}", finished.stderr, String::from_utf8_lossy(&finished.stdout));
        assert!(said.contains(expected), "{args:?}: {said:?}");
        assert!(
            !said.contains(['\u{1b}', '\u{7}', '\r']),
            "{args:?}: a control character reached the output: {said:?}"
        );
    }
}

/// A result that cannot be written because standard output is closed
/// (`>&-`) is an error, as on a full disk; the standard library would
/// otherwise write it to `/dev/null` in silence.
#[test]
fn a_closed_stdout_is_a_one_line_error() {
    let jobs: [(&[&str], &str); 6] = [
        (&["cephalopods"], "1\n0 0 0\n0 0 0\n0 0 0\n"),
        (&["pawn-chess"], "1\n.ppp\n....\n.PPP\n....\n"),
        (&["mu-torere", "analyze"], ""),
        (&["mu-torere", "--plain"], "9\n"),
        (&["--help"], ""),
        (&["--version"], ""),
    ];
    for (args, input) in jobs {
        let mut command = command(args);
        // SAFETY: between fork and exec, one async-signal-safe call.
        unsafe {
            command.pre_exec(|| {
                libc::close(1);
                Ok(())
            });
        }
        let output = command
            .stdin(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                let _ = child.stdin.take().expect("piped").write_all(input.as_bytes());
                child.wait_with_output()
            })
            .expect("it runs");
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            "gamespace: error: cannot write standard output: Bad file descriptor (os error 9)\n",
            "{args:?}"
        );
    }
}

/// Words are separated by ASCII whitespace in every input: a space from
/// elsewhere in Unicode is part of a word, and is shown escaped.
#[test]
fn only_ascii_whitespace_separates_words() {
    let cephalopods = run(command(&["cephalopods"]), "1 1\u{2003}0 1 0 0 0 0 0 0 0");
    assert_eq!(cephalopods.code, Some(1));
    assert!(
        cephalopods.stderr.contains(r"`1\u{2003}0`"),
        "{}",
        cephalopods.stderr
    );
    let pawn_chess = run(command(&["pawn-chess"]), "1\u{a0}.ppp\n....\n.PPP\n....\n");
    assert_eq!(pawn_chess.code, Some(1));
    assert!(
        pawn_chess.stderr.contains(r"`1\u{a0}.ppp`"),
        "{}",
        pawn_chess.stderr
    );
    let game = run(command(&["mu-torere", "--plain"]), "4\u{a0}\nquit\n");
    assert_eq!(game.code, Some(0));
    let refusals = String::from_utf8_lossy(&game.stdout).into_owned();
    assert!(
        refusals.contains(r"illegal: `4\u{a0}` is not a square number"),
        "{}",
        refusals
    );
    assert!(!String::from_utf8_lossy(&game.stdout).contains("moves"));
}

/// A word cut short in a message ends with an ellipsis, which no input
/// word of dots can be mistaken for.
#[test]
fn a_shortened_word_is_marked() {
    let finished = run(command(&["pawn-chess"]), format!("1\n{}\n", ".".repeat(40)));
    assert!(
        finished.stderr.contains("`................…` has 40 characters"),
        "{}",
        finished.stderr
    );
}
