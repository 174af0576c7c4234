//! The full-screen game in a terminal: the octagon drawn as it is, stones
//! moved by a click or a number key, with the move history, an optional
//! evaluation and the key help beside it.
//! [`run`] plays a game until the user quits; inside, in private modules:
//!
//! - `app`: the game as a pure state machine of keys and clicks.
//! - `layout`: where the panels and the points of the octagon go.
//! - `draw`: one frame of the screen.
//! - `keys`: the bytes the terminal sends, decoded into keys and clicks.
//! - `terminal`: raw mode and its restoration on every way out, and the
//!   wait for input, signals and a hang-up.
//!
//! The rules, the solution and the program's move choice are the same as in
//! line mode ([`crate::mu_torere::play`]); only the input and output differ.

pub(crate) mod app;
pub(crate) mod command;
pub(crate) mod draw;
#[cfg(fuzzing)]
pub mod keys;
#[cfg(not(fuzzing))]
pub(crate) mod keys;
pub(crate) mod layout;
pub(crate) mod terminal;
#[cfg(test)]
mod tests;

pub(crate) use app::{App, Flow, Player};
pub(crate) use draw::draw;

use super::play::Config;
use super::solver::Solution;
use ratatui::Frame;
use ratatui::crossterm::event::Event;
use ratatui::layout::Rect;
use std::io;
use std::time::{Duration, Instant};
use terminal::Input;

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

/// Plays in the terminal until the user quits, a termination signal
/// arrives, or the terminal hangs up.
pub fn run(solution: &'static Solution, config: Config) -> io::Result<Ending> {
    run_board(&mut App::new(solution, config))
}

/// A full-screen board: a state machine of keys and clicks, and its frame.
pub(crate) trait Board {
    /// Draws the whole screen.
    fn draw(&self, frame: &mut Frame);
    /// Takes one key or click, on a screen of `area`.
    fn handle(&mut self, event: &Event, area: Rect) -> Flow;
}

impl Board for App {
    fn draw(&self, frame: &mut Frame) {
        draw(frame, self);
    }

    fn handle(&mut self, event: &Event, area: Rect) -> Flow {
        App::handle(self, event, area)
    }
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
