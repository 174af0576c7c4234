//! The full-screen game on any board of the family: the `2n`-gon drawn
//! with its spokes, stones chosen by a click, by the cursor or by their
//! point's number (typed in several digits where there are ten points or
//! more), with the move history, an optional evaluation and the key help
//! beside it.
//!
//! - `app`: the game as a pure state machine of keys and clicks.
//! - `layout`: where the panels and the points of the polygon go.
//! - `draw`: one frame of the screen.
//!
//! The terminal itself and the event loop are those of every board
//! (`crate::tui`); the rules, the solution and the program's move choice
//! are the same as in line mode ([`crate::mu_torere::family::play`]).

pub(crate) mod app;
pub(crate) mod draw;
pub(crate) mod layout;

use super::RingSolution;
use super::play::RingConfig;
use crate::tui::{Board, Ending, Flow, run_board};
use app::App;
use ratatui::Frame;
use ratatui::crossterm::event::Event;
use ratatui::layout::Rect;
use std::io;

/// Plays in the terminal until the user quits, a termination signal
/// arrives, or the terminal hangs up (reported as SIGHUP, its meaning).
/// `colour` is off under `NO_COLOR`.
pub fn run(solution: &RingSolution, config: RingConfig, colour: bool) -> io::Result<Ending> {
    run_board(&mut App::new(solution, config, colour))
}

impl Board for App<'_> {
    fn draw(&mut self, frame: &mut Frame) {
        draw::draw(frame, self);
    }

    fn handle(&mut self, event: &Event, area: Rect) -> Flow {
        App::handle(self, event, area)
    }
}
