//! The full-screen game of `gamespace mu-torere` in a real (pseudo)
//! terminal: a termination signal gives the terminal back as it was, and
//! then ends the program as the signal would have; a terminal that hangs
//! up ends it as SIGHUP would; and no half-sent sequence of bytes locks
//! the keys or the signals.
#![cfg(all(target_os = "linux", target_env = "gnu"))]

use crate::pseudo_terminal::{
    self as pty, ENTER_ALTERNATE_SCREEN, LEAVE_ALTERNATE_SCREEN, PATIENCE, Program, Session, click,
    close_once_the_board_is_up, ending, is_cooked, pseudo_terminal, screen_output, wait_for,
};
use std::fs::File;
use std::io::Write;
use std::os::fd::OwnedFd;
use std::os::unix::process::ExitStatusExt;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

/// `gamespace mu-torere` in `terminal`, which becomes its controlling
/// terminal, as a terminal emulator's program has it: the game reads its
/// size there.
fn start_in(terminal: OwnedFd) -> Program {
    pty::start_in(terminal, &["mu-torere"])
}

#[test]
fn a_termination_signal_gives_the_terminal_back_and_ends_the_program() {
    let (screen, terminal) = pseudo_terminal();
    assert!(is_cooked(&screen), "a new terminal starts cooked");
    let mut program = start_in(terminal);
    let output = screen_output(screen.try_clone().expect("a copy"));
    let mut seen = Vec::new();
    // The signals are watched from before the board takes the screen.
    let entered = wait_for(&output, &mut seen, ENTER_ALTERNATE_SCREEN);
    assert!(!is_cooked(&screen), "the board runs in raw mode");

    let child = &mut program.0;
    let pid = i32::try_from(child.id()).expect("a pid");
    // SAFETY: `kill` only sends a signal, to the child this test started,
    // which is not reaped yet: the pid is still its.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    let deadline = Instant::now() + PATIENCE;
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting works") {
            break status;
        }
        assert!(Instant::now() < deadline, "the program went on after SIGTERM");
        std::thread::sleep(Duration::from_millis(10));
    };
    assert_eq!(status.signal(), Some(libc::SIGTERM), "{status:?}");

    let left = wait_for(&output, &mut seen, LEAVE_ALTERNATE_SCREEN);
    assert!(left > entered, "the screen is given back after the board");
    assert!(is_cooked(&screen), "the terminal is cooked again");
}

/// Closing the terminal window while the board is up ends the program as
/// SIGHUP would, rather than leaving it to read an empty terminal for ever.
#[test]
fn closing_the_terminal_ends_the_program_as_a_hangup() {
    let (screen, terminal) = pseudo_terminal();
    let mut program = start_in(terminal);
    close_once_the_board_is_up(screen);
    let status = ending(&mut program, "its terminal was closed");
    assert_eq!(status.signal(), Some(libc::SIGHUP), "{status:?}");
}

/// A terminal that ends its input without a SIGHUP (it is not the
/// program's controlling terminal) ends the program the same way.
#[test]
fn a_terminal_at_end_of_input_ends_the_program_without_a_signal() {
    let (screen, terminal) = pseudo_terminal();
    let mut program = pty::start_detached_in(terminal, &["mu-torere"]);
    close_once_the_board_is_up(screen);
    let status = ending(&mut program, "its terminal hung up");
    assert_eq!(status.signal(), Some(libc::SIGHUP), "{status:?}");
}

/// The starts of sequences that a key or a mouse may send and never end:
/// Alt+[, an SGR and an X10 mouse report, and a byte that is not text.
const UNFINISHED: [&[u8]; 4] = [b"\x1b[", b"\x1b[<", b"\x1b[M", b"\xff"];

/// The board up in a terminal, after `unfinished` is sent and `pause` has
/// passed: the terminal's screen side, the program, and what it shows.
fn board_after(unfinished: &[u8], pause: Duration) -> (File, Program, Receiver<Vec<u8>>, Vec<u8>) {
    let (screen, terminal) = pseudo_terminal();
    let program = start_in(terminal);
    let output = screen_output(screen.try_clone().expect("a copy"));
    let mut seen = Vec::new();
    wait_for(&output, &mut seen, ENTER_ALTERNATE_SCREEN);
    (&screen).write_all(unfinished).expect("the keys are sent");
    std::thread::sleep(pause);
    (screen, program, output, seen)
}

/// After the start of a sequence that never ends, a termination signal
/// still ends the program at once.
#[test]
fn a_half_sent_sequence_does_not_block_the_signals() {
    for unfinished in UNFINISHED {
        let (_screen, mut program, _, _) = board_after(unfinished, Duration::from_millis(50));
        let pid = i32::try_from(program.0.id()).expect("a pid");
        // SAFETY: `kill` only sends a signal, to the child this test
        // started, which is not reaped yet: the pid is still its.
        assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
        let status = ending(&mut program, &format!("SIGTERM after {unfinished:?}"));
        assert_eq!(status.signal(), Some(libc::SIGTERM), "{unfinished:?}: {status:?}");
    }
}

/// After the start of a sequence that never ends, the keys work again
/// once a moment has passed: `q` quits.
#[test]
fn a_half_sent_sequence_gives_the_keys_back() {
    for unfinished in UNFINISHED {
        let (screen, mut program, output, mut seen) = board_after(unfinished, Duration::from_millis(500));
        (&screen).write_all(b"q").expect("the key is sent");
        let status = ending(&mut program, &format!("q after {unfinished:?}"));
        assert_eq!(status.code(), Some(0), "{unfinished:?}: {status:?}");
        wait_for(&output, &mut seen, LEAVE_ALTERNATE_SCREEN);
    }
}

#[test]
fn ctrl_z_gives_the_terminal_back_and_takes_it_again() {
    let (mut screen, terminal) = pseudo_terminal();
    let _program = start_in(terminal);
    let output = screen_output(screen.try_clone().expect("a copy"));
    let mut seen = Vec::new();
    let entered = wait_for(&output, &mut seen, ENTER_ALTERNATE_SCREEN);
    std::io::Write::write_all(&mut screen, b"\x1a").expect("typing works");
    // The program leaves the screen cooked and stops; here, in a session
    // of its own that no shell watches, the kernel does not stop it, so it
    // goes straight on, and takes the terminal again as after `fg`.
    let left = wait_for(&output, &mut seen, LEAVE_ALTERNATE_SCREEN);
    assert!(left > entered);
    seen.drain(..left);
    wait_for(&output, &mut seen, ENTER_ALTERNATE_SCREEN);
    wait_for(&output, &mut seen, "Mu Torere".as_bytes());
    std::io::Write::write_all(&mut screen, b"q").expect("typing works");
    wait_for(&output, &mut seen, LEAVE_ALTERNATE_SCREEN);
}

#[test]
fn a_puzzle_read_from_the_terminal_gets_a_hint_first() {
    let (mut screen, terminal) = pseudo_terminal();
    let _program = pty::start_in(terminal, &["cephalopods"]);
    let output = screen_output(screen.try_clone().expect("a copy"));
    let mut seen = Vec::new();
    wait_for(
        &output,
        &mut seen,
        b"gamespace: reading the puzzle (the depth, then 9 dice) from the terminal; end it with Ctrl-D",
    );
    std::io::Write::write_all(&mut screen, b"1\n1 0 1\n0 0 0\n0 0 0\n\x04").expect("typing works");
    wait_for(&output, &mut seen, b"626111111");
}

/// The board on ten points: a move by a number that waits for Enter, a
/// refusal, a move by the mouse, undo, the help, an unknown key's hint.
#[test]
fn a_game_on_ten_points_by_number_and_by_the_mouse() {
    let (screen, terminal) = pseudo_terminal();
    let mut program = pty::start_in(terminal, &["mu-torere", "--points", "10"]);
    let mut session = Session::new(screen);
    session.wait_to_show("Mu Torere on 10 points, standard rule");
    session.wait_to_show("no moves yet");
    session.wait_to_show("type its number: 1 or 5");

    // 1 may begin 10: it waits, and Enter chooses 1.
    session.type_keys(b"1");
    session.wait_to_show("1: another digit for 10, or Enter for 1");
    session.type_keys(b"\r");
    session.wait_to_show("1. ● black 1 to 0  you");
    session.wait_to_show("2. ○ white ");
    // Two digits choose 10: white's stone, or the empty point if white
    // left it, and refused either way.
    session.type_keys(b"10");
    session.wait_to_show("10 is ");

    // A click on a stone that may move, as drawn.
    let (row, col) = session.shown.locate("[●]").expect("a movable stone");
    session.type_keys(&click(row, col + 1));
    session.wait_to_show("3. ● black ");
    session.wait_to_show("4. ○ white ");
    session.shared_keys_then_quit(
        &mut program,
        "3. ● black ",
        "A ring of 10 points",
        b"e",
        "Evaluation",
    );
}

/// `--plain` keeps the line protocol on a terminal.
#[test]
fn plain_keeps_line_mode_on_ten_points() {
    let (screen, terminal) = pseudo_terminal();
    let mut program = pty::start_in(terminal, &["mu-torere", "--points", "10", "--plain"]);
    let mut session = Session::new(screen);
    session.wait_to_show("0 (centre)");
    session.type_keys(b"quit\n");
    let status = ending(&mut program, "quit");
    assert_eq!(status.code(), Some(0), "{status:?}");
}
