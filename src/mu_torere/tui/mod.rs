//! The full-screen game in a terminal: the octagon drawn as it is, stones
//! moved by a click or a number key, with the move history, an optional
//! evaluation and the key help beside it.
//! [`run`] plays a game until the user quits; inside, in private modules:
//!
//! - `app`: the game as a pure state machine of keys and clicks.
//! - `layout`: where the panels and the points of the octagon go.
//! - `draw`: one frame of the screen, and the parts that the board on `2n`
//!   points draws alike.
//!
//! The terminal, the keys and the event loop are those of every board
//! (`crate::tui`).
//! The rules, the solution and the program's move choice are the same as in
//! line mode ([`crate::mu_torere::play`]); only the input and output differ.

pub(crate) mod app;
pub(crate) mod draw;
pub(crate) mod layout;
#[cfg(test)]
mod tests;

pub(crate) use app::{App, Player};
pub(crate) use draw::draw;

use super::play::Config;
use super::solver::Solution;
use crate::tui::{Board, Flow, run_board};
use ratatui::Frame;
use ratatui::crossterm::event::Event;
use ratatui::layout::Rect;
use std::io;

pub use crate::tui::Ending;

/// Plays in the terminal until the user quits, a termination signal
/// arrives, or the terminal hangs up.
pub fn run(solution: &'static Solution, config: Config) -> io::Result<Ending> {
    run_board(&mut App::new(solution, config))
}

impl Board for App {
    fn draw(&mut self, frame: &mut Frame) {
        draw(frame, self);
    }

    fn handle(&mut self, event: &Event, area: Rect) -> Flow {
        App::handle(self, event, area)
    }
}
