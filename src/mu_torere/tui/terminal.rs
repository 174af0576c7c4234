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

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::Show;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use std::io::{self, Stdout};
use std::panic;
use std::sync::Arc;
use std::sync::Once;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

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
    pub terminal: Terminal<CrosstermBackend<Stdout>>,
    /// The last termination signal to arrive, or 0.
    arrived: Arc<AtomicUsize>,
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
        let terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
        enable_raw_mode()?;
        ACTIVE.store(true, Ordering::SeqCst);
        // From here on a failure drops the half-made session, which restores.
        let mut session = Session { terminal, arrived };
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
