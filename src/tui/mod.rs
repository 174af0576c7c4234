//! What every full-screen board shares: the terminal session, the keys,
//! and the event loop.
//!
//! A board is a [`Board`]: a pure state machine of keys and clicks that
//! draws its own frame; [`run_board`] runs one in the terminal until the
//! user quits, a termination signal arrives or the terminal hangs up.
//!
//! ```text
//!   terminal bytes ──> keys::Decoder ──> Event ──> Board::handle ──> Flow
//!         ^                                              │
//!         └──── terminal::Session <── Board::draw <──────┘
//! ```
//!
//! - `terminal`: raw mode and its restoration on every way out, and the
//!   wait for input, signals and a hang-up.
//! - `keys`: the bytes the terminal sends, decoded into keys and clicks.
//! - `command`: the keys every board reads alike (quit, suspend, help,
//!   undo, the arrows).
//! - `layout` and `draw`: the parts of a screen that every board lays out
//!   and draws alike (the title, the status, the panels of keys and moves,
//!   the help, the message for a terminal too small).
//! - `history`: the game so far, for undo and a new game.
//! - `panels`: the help and the evaluation, shown or hidden, and what the
//!   keys every board has alike do to them and to the status line.

pub(crate) mod command;
pub(crate) mod draw;
pub(crate) mod history;
#[cfg(fuzzing)]
pub mod keys;
#[cfg(not(fuzzing))]
pub(crate) mod keys;
pub(crate) mod layout;
pub(crate) mod panels;
pub(crate) mod terminal;

use ratatui::Frame;
use ratatui::crossterm::event::Event;
use ratatui::layout::Rect;
use std::io;
use std::time::{Duration, Instant};
use terminal::Input;

/// Whether the event loop goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    Continue,
    /// Stop the process until the shell continues it, with the terminal
    /// given back meanwhile.
    Suspend,
    Quit,
}

/// How long the loop waits before it looks for a termination signal
/// again, should a signal's wake-up be missed.
const SIGNAL_CHECK: Duration = Duration::from_millis(200);

/// How long a sequence of bytes that has begun may wait for its end (see
/// [`keys`]).
const SEQUENCE_WAIT: Duration = Duration::from_millis(100);

/// How a game in the terminal ended, with the terminal given back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The user quit.
    Quit,
    /// This termination signal arrived, or the terminal
    /// hung up, which is SIGHUP's meaning. A program that was sent it is
    /// expected to end as if killed by it, which the caller, now that the
    /// terminal is restored, can do.
    Signal(i32),
}

/// The ending for a terminal that hung up.
const HUNG_UP: Ending = Ending::Signal(signal_hook::consts::SIGHUP);

/// A full-screen board: a state machine of keys and clicks, and its frame.
pub(crate) trait Board {
    /// Draws the whole screen.
    fn draw(&mut self, frame: &mut Frame);
    /// Takes one key or click, on a screen of `area`.
    fn handle(&mut self, event: &Event, area: Rect) -> Flow;
}

/// Runs `board` in the terminal until the user quits, a termination signal
/// arrives, or the terminal hangs up: the loop of every game's full-screen
/// board.
pub(crate) fn run_board(board: &mut impl Board) -> io::Result<Ending> {
    match play(board) {
        // What cannot be written or asked of a terminal that hung up fails
        // so, whenever the hang-up comes.
        Err(error) if error.raw_os_error() == Some(libc::EIO) => Ok(HUNG_UP),
        ending => ending,
    }
}

fn play(board: &mut impl Board) -> io::Result<Ending> {
    let mut session = terminal::Session::start()?;
    let mut decoder = keys::Decoder::default();
    let mut events = Vec::new();
    let mut bytes = [0; 1024];
    let mut waiting_since: Option<Instant> = None;
    loop {
        if let Some(signal) = session.signal() {
            return Ok(Ending::Signal(signal));
        }
        session.terminal.draw(|frame| board.draw(frame))?;
        let timeout = waiting_since.map_or(SIGNAL_CHECK, |since| {
            SEQUENCE_WAIT.saturating_sub(since.elapsed())
        });
        match session.wait(timeout, &mut bytes)? {
            Input::Bytes(read) => decoder.feed(&bytes[..read], &mut events),
            Input::HungUp => return Ok(HUNG_UP),
            Input::Nothing => {}
        }
        if decoder.is_waiting() {
            let since = *waiting_since.get_or_insert_with(Instant::now);
            if since.elapsed() >= SEQUENCE_WAIT {
                decoder.expire(&mut events);
            }
        }
        if !decoder.is_waiting() {
            waiting_since = None;
        }
        for event in events.drain(..) {
            let size = session.terminal.size()?;
            match board.handle(&event, Rect::new(0, 0, size.width, size.height)) {
                Flow::Continue => {}
                Flow::Suspend => session.suspend()?,
                Flow::Quit => return Ok(Ending::Quit),
            }
        }
    }
}
