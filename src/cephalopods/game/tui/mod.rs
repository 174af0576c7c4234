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
//! wait for input, signals and a hang-up), the keys and the event loop are
//! those of every board (`crate::tui`). The rules, the solution and the
//! program's move choice are the same as in line mode
//! ([`crate::cephalopods::game::play`]); only the input and output differ.

pub(crate) mod app;
pub(crate) mod draw;
pub(crate) mod layout;

use app::App;
use draw::draw;

use super::play::Config;
use super::solver::Solution;
use crate::tui::{Board, Flow, run_board};

pub use crate::tui::Ending;
use ratatui::Frame;
use ratatui::crossterm::event::Event;
use ratatui::layout::Rect;
use std::io;

/// Plays in the terminal until the user quits, a termination signal
/// arrives, or the terminal hangs up (reported as SIGHUP, its meaning).
/// `colour` is off under `NO_COLOR`.
pub fn run(solution: &Solution, config: Config, colour: bool) -> io::Result<Ending> {
    run_board(&mut App::new(solution, config, colour))
}

impl Board for App<'_> {
    fn draw(&mut self, frame: &mut Frame) {
        draw(frame, self);
    }

    fn handle(&mut self, event: &Event, area: Rect) -> Flow {
        App::handle(self, event, area)
    }
}
