//! A real (pseudo) terminal for the full-screen boards' tests: the program
//! runs in it as in a terminal emulator's window, and the test reads what
//! it draws through a small screen model that follows the cursor moves, so
//! that a test asks what the screen shows, however the frames were sent.
//!
//! Not every board's tests use every helper here.
#![allow(dead_code)]

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

pub const ENTER_ALTERNATE_SCREEN: &[u8] = b"\x1b[?1049h";
pub const LEAVE_ALTERNATE_SCREEN: &[u8] = b"\x1b[?1049l";
pub const PATIENCE: Duration = Duration::from_secs(20);
pub const WIDTH: u16 = 80;
pub const HEIGHT: u16 = 24;

/// A new pseudo-terminal of [`WIDTH`] by [`HEIGHT`]: the side a terminal
/// emulator holds, and the terminal a program runs in.
pub fn pseudo_terminal() -> (File, OwnedFd) {
    let (mut screen, mut terminal) = (-1, -1);
    let size = libc::winsize {
        ws_row: HEIGHT,
        ws_col: WIDTH,
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
pub struct Program(pub Child);

impl Drop for Program {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `gamespace` with `args` in `terminal`, which becomes its controlling
/// terminal, as a terminal emulator's program has it.
pub fn start_in(terminal: OwnedFd, args: &[&str]) -> Program {
    let mut command = command_in(terminal, args);
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

/// `gamespace` with `args` in `terminal`, which is not its controlling
/// terminal: one that sends no SIGHUP when it hangs up.
pub fn start_detached_in(terminal: OwnedFd, args: &[&str]) -> Program {
    Program(command_in(terminal, args).spawn().expect("it starts"))
}

fn command_in(terminal: OwnedFd, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gamespace"));
    command
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(terminal.try_clone().expect("a copy"))
        .stdout(terminal.try_clone().expect("a copy"))
        .stderr(terminal);
    command
}

/// Whether the terminal's line discipline echoes and edits lines, as it
/// does until a program puts it in raw mode.
pub fn is_cooked(screen: &File) -> bool {
    // SAFETY: `termios` is plain data, all zeros a valid value, and
    // `tcgetattr` only fills it in from an open descriptor.
    let mut settings: libc::termios = unsafe { std::mem::zeroed() };
    assert_eq!(unsafe { libc::tcgetattr(screen.as_raw_fd(), &mut settings) }, 0);
    settings.c_lflag & (libc::ICANON | libc::ECHO) == (libc::ICANON | libc::ECHO)
}

/// Everything the program writes to the terminal, as it comes, until it
/// and every copy of its terminal are gone.
pub fn screen_output(mut screen: File) -> Receiver<Vec<u8>> {
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

/// A left click at (`row`, `col`) of the screen, counted from 0, as an SGR
/// mouse report: the press, then the release.
pub fn click(row: u16, col: u16) -> Vec<u8> {
    format!("\x1b[<0;{};{}M\x1b[<0;{};{}m", col + 1, row + 1, col + 1, row + 1).into_bytes()
}

pub fn find(bytes: &[u8], wanted: &[u8]) -> Option<usize> {
    bytes.windows(wanted.len()).position(|w| w == wanted)
}

/// Reads `output` into `seen` until it holds `wanted`, and says where,
/// failing the test if that takes too long.
pub fn wait_for(output: &Receiver<Vec<u8>>, seen: &mut Vec<u8>, wanted: &[u8]) -> usize {
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

/// How the program ended, failing the test if it is still running after
/// [`PATIENCE`].
pub fn ending(program: &mut Program, after: &str) -> std::process::ExitStatus {
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
pub fn close_once_the_board_is_up(screen: File) {
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

/// What a terminal of [`WIDTH`] by [`HEIGHT`] shows, from the bytes sent
/// to it: printed characters at the cursor, cursor positioning (`ESC [ row
/// ; col H`) and clearing the screen (`ESC [ 2 J`); every other sequence
/// (styles, modes) changes nothing that is read here.
pub struct Screen {
    cells: Vec<Vec<char>>,
    row: usize,
    col: usize,
    /// Bytes of a sequence or a character not yet complete.
    pending: Vec<u8>,
}

impl Default for Screen {
    fn default() -> Screen {
        Screen {
            cells: vec![vec![' '; usize::from(WIDTH)]; usize::from(HEIGHT)],
            row: 0,
            col: 0,
            pending: Vec::new(),
        }
    }
}

impl Screen {
    pub fn feed(&mut self, bytes: &[u8]) {
        self.pending.extend_from_slice(bytes);
        let mut at = 0;
        while at < self.pending.len() {
            match self.step(at) {
                Some(next) => at = next,
                None => break,
            }
        }
        self.pending.drain(..at);
    }

    /// Takes in what starts at `at`, and returns where the next thing
    /// starts, or `None` if it is not complete yet.
    fn step(&mut self, at: usize) -> Option<usize> {
        let bytes = &self.pending[at..];
        match bytes[0] {
            0x1b => match bytes.get(1)? {
                b'[' => {
                    let end = bytes[2..].iter().position(|b| (0x40..=0x7e).contains(b))? + 2;
                    let params = String::from_utf8_lossy(&bytes[2..end]).into_owned();
                    match bytes[end] {
                        b'H' => {
                            let mut numbers = params.split(';').map(|n| n.parse::<usize>().unwrap_or(1));
                            self.row = numbers.next().unwrap_or(1).saturating_sub(1);
                            self.col = numbers.next().unwrap_or(1).saturating_sub(1);
                        }
                        b'J' if params == "2" => {
                            for line in &mut self.cells {
                                line.fill(' ');
                            }
                        }
                        _ => {}
                    }
                    Some(at + end + 1)
                }
                _ => Some(at + 2),
            },
            b'\r' => {
                self.col = 0;
                Some(at + 1)
            }
            b'\n' => {
                self.row += 1;
                Some(at + 1)
            }
            byte if byte < 0x20 => Some(at + 1),
            byte => {
                let length = match byte {
                    0xc0..=0xdf => 2,
                    0xe0..=0xef => 3,
                    0xf0..=0xf7 => 4,
                    _ => 1,
                };
                let encoded = bytes.get(..length)?;
                let c = std::str::from_utf8(encoded)
                    .ok()
                    .and_then(|t| t.chars().next())
                    .unwrap_or('?');
                if let Some(cell) = self
                    .cells
                    .get_mut(self.row)
                    .and_then(|line| line.get_mut(self.col))
                {
                    *cell = c;
                }
                self.col += 1;
                Some(at + length)
            }
        }
    }

    /// The screen's text, a line per row.
    pub fn text(&self) -> String {
        self.cells
            .iter()
            .map(|line| line.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Where `wanted` is on the screen: its row and column, if it is there
    /// within one row.
    pub fn locate(&self, wanted: &str) -> Option<(u16, u16)> {
        self.cells.iter().enumerate().find_map(|(row, line)| {
            let text: String = line.iter().collect();
            text.find(wanted).map(|byte| {
                let col = text[..byte].chars().count();
                (row as u16, col as u16)
            })
        })
    }
}

/// Feeds `output` to `screen` until `ready` holds for it, failing the test
/// if that takes too long.
pub fn wait_until(
    output: &Receiver<Vec<u8>>,
    screen: &mut Screen,
    what: &str,
    ready: impl Fn(&Screen) -> bool,
) {
    let deadline = Instant::now() + PATIENCE;
    while !ready(screen) {
        let left = deadline.saturating_duration_since(Instant::now());
        match output.recv_timeout(left) {
            Ok(bytes) => screen.feed(&bytes),
            Err(error) => panic!("{what}: not on the screen ({error}); it shows\n{}", screen.text()),
        }
    }
}

/// Feeds `output` to `screen` until the screen shows `wanted`.
pub fn wait_to_show(output: &Receiver<Vec<u8>>, screen: &mut Screen, wanted: &str) {
    wait_until(output, screen, wanted, |s| s.text().contains(wanted));
}

/// A program in a pseudo-terminal as its user has it: the keys typed on
/// the terminal, and the screen as it stands.
pub struct Session {
    /// The terminal's screen side.
    pub screen: File,
    output: Receiver<Vec<u8>>,
    /// What the screen shows so far.
    pub shown: Screen,
}

impl Session {
    /// Watches what the program writes to `screen`.
    pub fn new(screen: File) -> Session {
        let output = screen_output(screen.try_clone().expect("a copy"));
        Session {
            screen,
            output,
            shown: Screen::default(),
        }
    }

    /// Types `keys` (or sends a mouse report).
    pub fn type_keys(&mut self, keys: &[u8]) {
        self.screen.write_all(keys).expect("typing works");
    }

    /// Waits until the screen shows `wanted`.
    pub fn wait_to_show(&mut self, wanted: &str) {
        wait_to_show(&self.output, &mut self.shown, wanted);
    }

    /// Waits until `ready` holds for the screen (`what`, for the failure).
    pub fn wait_until(&mut self, what: &str, ready: impl Fn(&Screen) -> bool) {
        wait_until(&self.output, &mut self.shown, what, ready);
    }

    /// Takes in what has come so far, without waiting.
    pub fn catch_up(&mut self) {
        while let Ok(bytes) = self.output.try_recv() {
            self.shown.feed(&bytes);
        }
    }

    /// The screen's text.
    pub fn text(&self) -> String {
        self.shown.text()
    }

    /// The keys every board reads alike, just after the human's move
    /// (`moved`, as the history shows it) and the program's reply: undo
    /// takes both back, an unknown key gets a hint, `?` shows the rules
    /// (`rules`), `panel_key` closes them and shows `panel`, and `q` quits
    /// `program`, leaving the terminal cooked.
    pub fn shared_keys_then_quit(
        &mut self,
        program: &mut Program,
        moved: &str,
        rules: &str,
        panel_key: &[u8],
        panel: &str,
    ) {
        self.type_keys(b"u");
        self.wait_to_show("Took back your last move.");
        assert!(!self.text().contains(moved), "{}", self.text());

        self.type_keys(b"z");
        self.wait_to_show("`z` does nothing here");
        self.type_keys(b"?");
        self.wait_to_show(rules);
        self.type_keys(panel_key);
        self.wait_to_show(panel);

        self.type_keys(b"q");
        let status = ending(program, "q");
        assert_eq!(status.code(), Some(0), "{status:?}");
        assert!(is_cooked(&self.screen), "the terminal is cooked again");
    }
}
