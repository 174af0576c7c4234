//! The full-screen game in a terminal: the octagon drawn as it is, stones
//! moved by a click or a number key, with the move history, an optional
//! evaluation and the key help beside it.
//!
//! - [`app`]: the game as a pure state machine of keys and clicks.
//! - [`layout`]: where the panels and the points of the octagon go.
//! - [`draw`](mod@draw): one frame of the screen.
//! - [`terminal`]: raw mode and its restoration on every way out.
//!
//! The rules, the solution and the program's move choice are the same as in
//! line mode ([`crate::mu_torere::play`]); only the input and output differ.

pub mod app;
pub mod draw;
pub mod layout;
pub mod terminal;

pub use app::{Action, App, Flow};
pub use draw::draw;

use super::play::Config;
use super::solver::Solution;
use ratatui::crossterm::event;
use ratatui::layout::Rect;
use std::io;
use std::time::Duration;

/// How often the loop looks for a termination signal while waiting for input.
const SIGNAL_CHECK: Duration = Duration::from_millis(200);

/// How a game in the terminal ended, with the terminal given back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The user quit.
    Quit,
    /// This termination signal arrived (see [`terminal`]). A program that
    /// was sent it is expected to end as if killed by it, which the
    /// caller, now that the terminal is restored, can do.
    Signal(i32),
}

/// Plays in the terminal until the user quits or a termination signal
/// arrives.
pub fn run(solution: &'static Solution, config: Config) -> io::Result<Ending> {
    let mut session = terminal::Session::start()?;
    let mut app = App::new(solution, config);
    loop {
        session.terminal.draw(|frame| draw(frame, &app))?;
        if let Some(signal) = session.signal() {
            return Ok(Ending::Signal(signal));
        }
        if event::poll(SIGNAL_CHECK)? {
            let event = event::read()?;
            let size = session.terminal.size()?;
            match app.handle(&event, Rect::new(0, 0, size.width, size.height)) {
                Flow::Continue => {}
                Flow::Suspend => session.suspend()?,
                Flow::Quit => return Ok(Ending::Quit),
            }
        }
    }
}
