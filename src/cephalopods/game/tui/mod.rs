//! The full-screen game in a terminal: the board as a grid of dice, a cell
//! chosen by a click, its name or the cursor, then a capture set when the
//! cell has several; with the moves so far, the value of every move and the
//! keys beside it.
//!
//! - `app`: the game as a pure state machine of keys and clicks.
//! - `layout`: where the panels and the squares go.
//! - `draw`: one frame of the screen.
//!
//! The terminal session (raw mode, its restoration on every way out, the
//! wait for input, signals and a hang-up) and the key decoder are the Mu
//! Torere board's (`mu_torere::tui::terminal`,
//! `mu_torere::tui::keys`). The rules, the solution and the
//! program's move choice are the same as in line mode
//! ([`crate::cephalopods::game::play`]); only the input and output differ.

pub(crate) mod app;
pub(crate) mod draw;
pub(crate) mod layout;

use app::App;
use draw::draw;

use super::play::Config;
use super::solver::Solution;
use crate::mu_torere::tui::terminal::{self, Input};
use crate::mu_torere::tui::{Ending, Flow, keys};
use ratatui::layout::Rect;
use std::io;
use std::time::{Duration, Instant};

/// How long the loop waits before it looks for a termination signal
/// again, should a signal's wake-up be missed.
const SIGNAL_CHECK: Duration = Duration::from_millis(200);

/// How long a sequence of bytes that has begun may wait for its end (see
/// [`keys`]).
const SEQUENCE_WAIT: Duration = Duration::from_millis(100);

/// Plays in the terminal until the user quits, a termination signal
/// arrives, or the terminal hangs up (reported as SIGHUP, its meaning).
/// `colour` is off under `NO_COLOR`.
pub fn run(solution: &Solution, config: Config, colour: bool) -> io::Result<Ending> {
    match play(solution, config, colour) {
        // What cannot be written or asked of a terminal that hung up fails
        // so, whenever the hang-up comes.
        Err(error) if error.raw_os_error() == Some(libc::EIO) => Ok(hung_up()),
        ending => ending,
    }
}

fn hung_up() -> Ending {
    Ending::Signal(signal_hook::consts::SIGHUP)
}

fn play(solution: &Solution, config: Config, colour: bool) -> io::Result<Ending> {
    let mut session = terminal::Session::start()?;
    let mut app = App::new(solution, config, colour);
    let mut decoder = keys::Decoder::default();
    let mut events = Vec::new();
    let mut bytes = [0; 1024];
    let mut waiting_since: Option<Instant> = None;
    loop {
        if let Some(signal) = session.signal() {
            return Ok(Ending::Signal(signal));
        }
        session.terminal.draw(|frame| draw(frame, &app))?;
        let timeout = waiting_since.map_or(SIGNAL_CHECK, |since| {
            SEQUENCE_WAIT.saturating_sub(since.elapsed())
        });
        match session.wait(timeout, &mut bytes)? {
            Input::Bytes(read) => decoder.feed(&bytes[..read], &mut events),
            Input::HungUp => return Ok(hung_up()),
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
            match app.handle(&event, Rect::new(0, 0, size.width, size.height)) {
                Flow::Continue => {}
                Flow::Suspend => session.suspend()?,
                Flow::Quit => return Ok(Ending::Quit),
            }
        }
    }
}
