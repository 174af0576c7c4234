//! The full-screen game of `gamespace mu-torere` in a real (pseudo)
//! terminal: a termination signal gives the terminal back as it was, and
//! then ends the program as the signal would have; a terminal that hangs
//! up ends it as SIGHUP would; and no half-sent sequence of bytes locks
//! the keys or the signals.
#![cfg(all(target_os = "linux", target_env = "gnu"))]

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, Command};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

const ENTER_ALTERNATE_SCREEN: &[u8] = b"\x1b[?1049h";
const LEAVE_ALTERNATE_SCREEN: &[u8] = b"\x1b[?1049l";
const PATIENCE: Duration = Duration::from_secs(20);

/// A new pseudo-terminal of 80 by 24: the side a terminal emulator holds,
/// and the terminal a program runs in.
fn pseudo_terminal() -> (File, OwnedFd) {
    let (mut screen, mut terminal) = (-1, -1);
    let size = libc::winsize {
        ws_row: 24,
        ws_col: 80,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: `openpty` writes the two descriptors it opens into the two
    // integers and reads the size; no name or settings are asked for.
    let status = unsafe {
        libc::openpty(
            &mut screen,
            &mut terminal,
            std::ptr::null_mut(),
            std::ptr::null(),
            &size,
        )
    };
    assert_eq!(status, 0, "openpty: {}", std::io::Error::last_os_error());
    for fd in [screen, terminal] {
        // SAFETY: only sets a flag on a descriptor just opened. Without it,
        // the program would inherit the screen's side too, and a program
        // that holds both sides never sees its terminal hang up.
        let flagged = unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) };
        assert_ne!(flagged, -1, "{}", std::io::Error::last_os_error());
    }
    // SAFETY: both descriptors were just opened, and nothing else owns them.
    unsafe { (File::from_raw_fd(screen), OwnedFd::from_raw_fd(terminal)) }
}

/// The program, killed and reaped if the test ends before it does.
struct Program(Child);

impl Drop for Program {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `gamespace mu-torere` in `terminal`, which becomes its controlling
/// terminal, as a terminal emulator's program has it: the game reads its
/// size there.
fn start_in(terminal: OwnedFd) -> Program {
    start_with_args_in(terminal, &["mu-torere"], true)
}

/// `gamespace mu-torere` in `terminal`, as its controlling terminal or
/// not: a terminal that is no process's controlling terminal sends no
/// SIGHUP when it hangs up.
fn start(terminal: OwnedFd, controlling: bool) -> Program {
    start_with_args_in(terminal, &["mu-torere"], controlling)
}

/// `gamespace` with `args` in `terminal`, as [`start`] starts the game.
fn start_with_args_in(terminal: OwnedFd, args: &[&str], controlling: bool) -> Program {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gamespace"));
    command
        .args(args)
        .stdin(terminal.try_clone().expect("a copy"))
        .stdout(terminal.try_clone().expect("a copy"))
        .stderr(terminal);
    if !controlling {
        return Program(command.spawn().expect("it starts"));
    }
    // SAFETY: between fork and exec, only two async-signal-safe calls.
    unsafe {
        command.pre_exec(|| {
            if libc::setsid() == -1 || libc::ioctl(0, libc::TIOCSCTTY, 0) == -1 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    Program(command.spawn().expect("it starts"))
}

/// Whether the terminal's line discipline echoes and edits lines, as it
/// does until a program puts it in raw mode.
fn is_cooked(screen: &File) -> bool {
    // SAFETY: `termios` is plain data, all zeros a valid value, and
    // `tcgetattr` only fills it in from an open descriptor.
    let mut settings: libc::termios = unsafe { std::mem::zeroed() };
    assert_eq!(unsafe { libc::tcgetattr(screen.as_raw_fd(), &mut settings) }, 0);
    settings.c_lflag & (libc::ICANON | libc::ECHO) == (libc::ICANON | libc::ECHO)
}

/// Everything the program writes to the terminal, as it comes, until it
/// and every copy of its terminal are gone.
fn screen_output(mut screen: File) -> Receiver<Vec<u8>> {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let mut bytes = [0; 4096];
        // Once no program holds the terminal, reading fails (EIO).
        while let Ok(read @ 1..) = screen.read(&mut bytes) {
            if sender.send(bytes[..read].to_vec()).is_err() {
                break;
            }
        }
    });
    receiver
}

fn find(bytes: &[u8], wanted: &[u8]) -> Option<usize> {
    bytes.windows(wanted.len()).position(|w| w == wanted)
}

/// Reads `output` into `seen` until it holds `wanted`, and says where,
/// failing the test if that takes too long.
fn wait_for(output: &Receiver<Vec<u8>>, seen: &mut Vec<u8>, wanted: &[u8]) -> usize {
    let deadline = Instant::now() + PATIENCE;
    loop {
        if let Some(at) = find(seen, wanted) {
            return at;
        }
        let left = deadline.saturating_duration_since(Instant::now());
        match output.recv_timeout(left) {
            Ok(bytes) => seen.extend(bytes),
            Err(error) => panic!(
                "no {wanted:?} on the screen ({error}); it showed {:?}",
                String::from_utf8_lossy(seen)
            ),
        }
    }
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

/// How the program ended, failing the test if it is still running after
/// [`PATIENCE`].
fn ending(program: &mut Program, after: &str) -> std::process::ExitStatus {
    let deadline = Instant::now() + PATIENCE;
    loop {
        if let Some(status) = program.0.try_wait().expect("waiting works") {
            return status;
        }
        assert!(Instant::now() < deadline, "the program went on after {after}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Reads the screen until the board is on it, then closes the screen's
/// side, as a terminal emulator does when its window is closed.
fn close_once_the_board_is_up(screen: File) {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let mut screen = screen;
        let mut seen = Vec::new();
        let mut bytes = [0; 4096];
        while let Ok(read @ 1..) = screen.read(&mut bytes) {
            seen.extend_from_slice(&bytes[..read]);
            if find(&seen, ENTER_ALTERNATE_SCREEN).is_some() {
                break;
            }
        }
        drop(screen);
        let _ = sender.send(());
    });
    receiver
        .recv_timeout(PATIENCE)
        .expect("the board takes the screen");
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
    let mut program = start(terminal, false);
    close_once_the_board_is_up(screen);
    let status = ending(&mut program, "its terminal hung up");
    assert_eq!(status.signal(), Some(libc::SIGHUP), "{status:?}");
}

/// The starts of sequences that a key or a mouse may send and never end:
/// Alt+[, an SGR and an X10 mouse report, and a byte that is not text.
const UNFINISHED: [&[u8]; 4] = [b"\x1b[", b"\x1b[<", b"\x1b[M", b"\xff"];

/// After the start of a sequence that never ends, a termination signal
/// still ends the program at once.
#[test]
fn a_half_sent_sequence_does_not_block_the_signals() {
    for unfinished in UNFINISHED {
        let (screen, terminal) = pseudo_terminal();
        let mut program = start_in(terminal);
        let output = screen_output(screen.try_clone().expect("a copy"));
        let mut seen = Vec::new();
        wait_for(&output, &mut seen, ENTER_ALTERNATE_SCREEN);
        (&screen).write_all(unfinished).expect("the keys are sent");
        std::thread::sleep(Duration::from_millis(50));
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
        let (screen, terminal) = pseudo_terminal();
        let mut program = start_in(terminal);
        let output = screen_output(screen.try_clone().expect("a copy"));
        let mut seen = Vec::new();
        wait_for(&output, &mut seen, ENTER_ALTERNATE_SCREEN);
        (&screen).write_all(unfinished).expect("the keys are sent");
        std::thread::sleep(Duration::from_millis(500));
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
    let _program = start_with_args_in(terminal, &["cephalopods"], true);
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
