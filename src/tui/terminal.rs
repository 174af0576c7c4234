//! Taking over the terminal, and always giving it back: on a normal exit, an
//! error, a panic, Ctrl-C, or a termination signal.
//!
//! In raw mode Ctrl-C arrives as a key, which the app turns into quit, and
//! Ctrl-Z too, which it turns into [`Session::suspend`];
//! signals sent from outside (SIGINT, SIGTERM, SIGHUP, SIGQUIT) are only
//! noted for the event loop, which checks for one, ends, and says which:
//! the guard restores the terminal, and the caller can then end the
//! process as the signal would have. A panic restores it in the panic
//! hook, before the previous hook prints the message on the normal screen
//! (this works with `panic = "abort"` too, where no destructor runs).
//!
//! The session reads the terminal itself ([`Session::wait`]), with
//! `poll(2)` on the terminal and on a pipe that every watched signal and
//! every resize writes to: so a signal or a resize is seen at once, and a
//! terminal that hangs up (its window closed, its connection dropped) is
//! seen as such, where a read that returns nothing could otherwise be
//! taken for no input yet, for ever.

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::Show;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use std::fs::File;
use std::io::{self, Read, Stdout};
use std::mem::ManuallyDrop;
use std::os::fd::{AsFd, AsRawFd};
use std::os::unix::net::UnixStream;
use std::panic;
use std::sync::Arc;
use std::sync::Once;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

/// Whether the terminal is in our hands, so that restoring happens once.
static ACTIVE: AtomicBool = AtomicBool::new(false);
static PANIC_HOOK: Once = Once::new();

/// The signals that end the game from outside.
const SIGNALS: [i32; 4] = [
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGHUP,
    signal_hook::consts::SIGQUIT,
];

/// The terminal in raw mode on the alternate screen with the mouse on,
/// until dropped.
pub struct Session {
    /// Never dropped: its own drop shows the cursor and, where that fails
    /// (on a terminal that hung up), prints the failure with `eprintln!`,
    /// which panics when standard error is that terminal too. [`restore`]
    /// shows the cursor instead, and ignores what fails.
    pub terminal: ManuallyDrop<Terminal<CrosstermBackend<Stdout>>>,
    /// The last termination signal to arrive, or 0.
    arrived: Arc<AtomicUsize>,
    /// The terminal's input (a copy of stdin's descriptor).
    keys: File,
    /// The end of the pipe that signals and resizes write a byte to.
    woken: UnixStream,
}

/// What [`Session::wait`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// These many bytes from the terminal.
    Bytes(usize),
    /// The terminal hung up: nothing will come from it again.
    HungUp,
    /// No input: the time ran out, or a signal or a resize woke the wait.
    Nothing,
}

impl Session {
    pub fn start() -> io::Result<Session> {
        PANIC_HOOK.call_once(|| {
            let previous = panic::take_hook();
            panic::set_hook(Box::new(move |info| {
                restore();
                previous(info);
            }));
        });
        let arrived = Arc::new(AtomicUsize::new(0));
        for signal in SIGNALS {
            signal_hook::flag::register_usize(signal, Arc::clone(&arrived), signal as usize)?;
        }
        // The flags are set before the pipe is written, as registered.
        let (woken, waker) = UnixStream::pair()?;
        woken.set_nonblocking(true)?;
        waker.set_nonblocking(true)?;
        for signal in SIGNALS.into_iter().chain([signal_hook::consts::SIGWINCH]) {
            signal_hook::low_level::pipe::register(signal, waker.try_clone()?)?;
        }
        let keys = File::from(io::stdin().as_fd().try_clone_to_owned()?);
        let terminal = ManuallyDrop::new(Terminal::new(CrosstermBackend::new(io::stdout()))?);
        enable_raw_mode()?;
        ACTIVE.store(true, Ordering::SeqCst);
        // From here on a failure drops the half-made session, which restores.
        let mut session = Session {
            terminal,
            arrived,
            keys,
            woken,
        };
        execute!(
            session.terminal.backend_mut(),
            EnterAlternateScreen,
            EnableMouseCapture
        )?;
        session.terminal.clear()?;
        Ok(session)
    }

    /// Gives the terminal back and stops the process, as Ctrl-Z does
    /// outside raw mode; once the shell continues it (`fg`), takes the
    /// terminal again, to be redrawn whole.
    pub fn suspend(&mut self) -> io::Result<()> {
        restore();
        signal_hook::low_level::raise(signal_hook::consts::SIGTSTP)?;
        enable_raw_mode()?;
        ACTIVE.store(true, Ordering::SeqCst);
        execute!(
            self.terminal.backend_mut(),
            EnterAlternateScreen,
            EnableMouseCapture
        )?;
        self.terminal.clear()
    }

    /// The termination signal that has arrived, if one has.
    pub fn signal(&self) -> Option<i32> {
        match self.arrived.load(Ordering::SeqCst) {
            0 => None,
            signal => Some(signal as i32),
        }
    }
}

impl Session {
    /// Waits at most `timeout` for the terminal to send bytes, which are
    /// read into `bytes`, or to hang up, or for a signal or a resize.
    pub fn wait(&mut self, timeout: Duration, bytes: &mut [u8]) -> io::Result<Input> {
        let mut watched = [
            libc::pollfd {
                fd: self.keys.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: self.woken.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            },
        ];
        let milliseconds = libc::c_int::try_from(timeout.as_millis()).unwrap_or(libc::c_int::MAX);
        // SAFETY: `poll` reads and writes the two entries of `watched`, an
        // array that lives through the call, and whose length it is given.
        let ready = unsafe { libc::poll(watched.as_mut_ptr(), 2, milliseconds) };
        if ready == -1 {
            let error = io::Error::last_os_error();
            return match error.kind() {
                io::ErrorKind::Interrupted => Ok(Input::Nothing),
                _ => Err(error),
            };
        }
        if watched[1].revents != 0 {
            // Empty the pipe, so that it wakes the next wait only anew.
            let mut drained = [0; 64];
            while matches!((&self.woken).read(&mut drained), Ok(1..)) {}
        }
        let terminal = watched[0].revents;
        if terminal & libc::POLLIN != 0 {
            return match self.keys.read(bytes) {
                Ok(0) => Ok(Input::HungUp),
                Ok(read) => Ok(Input::Bytes(read)),
                Err(error) if error.raw_os_error() == Some(libc::EIO) => Ok(Input::HungUp),
                Err(error)
                    if matches!(
                        error.kind(),
                        io::ErrorKind::Interrupted | io::ErrorKind::WouldBlock
                    ) =>
                {
                    Ok(Input::Nothing)
                }
                Err(error) => Err(error),
            };
        }
        if terminal & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0 {
            return Ok(Input::HungUp);
        }
        Ok(Input::Nothing)
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        restore();
    }
}

/// Puts the terminal back as it was, if it is still ours. Errors are
/// ignored: this runs on the way out, when nothing better can be done.
fn restore() {
    if ACTIVE.swap(false, Ordering::SeqCst) {
        let _ = execute!(io::stdout(), DisableMouseCapture, LeaveAlternateScreen, Show);
        let _ = disable_raw_mode();
    }
}
