//! The full-screen game on any board: a cursor on the board, Enter to pick
//! a pawn and again to move it, with the move history, the key help and, on
//! request (`v`), the value of every legal move beside it.
//!
//! The rules, the solver and the program's choice are those of line mode
//! ([`play`](super::play)); the terminal itself (raw mode, its restoration
//! on every way out, signals, a hang-up) and the event loop are those of
//! every board (`crate::tui`).

use super::play::Human;
use super::sized_render::{ending, value_words};
use super::sizes::{Setup, Step};
use super::value::Solver;
use crate::tui::{Board, Flow, run_board};
use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use std::io;

pub use crate::tui::Ending;

/// The game as a state machine of keys.
pub struct App {
    start: Setup,
    at: Setup,
    human: Human,
    solver: Solver,
    /// The square under the cursor, as a bit index of the board.
    cursor: u32,
    /// The pawn picked to move.
    selected: Option<u32>,
    show_values: bool,
    /// Each move played, as `white b1-b2`.
    history: Vec<String>,
    /// The last complaint or solver error, shown until the next key.
    message: String,
}

impl App {
    /// A game from `start`; the program moves at once if it is its turn.
    pub fn new(start: Setup, human: Human, solver: Solver) -> App {
        let size = start.size();
        let mut app = App {
            start,
            at: start,
            human,
            solver,
            // The bottom-left square, where White's pawns start.
            cursor: (u32::from(size.rows()) - 1) * u32::from(size.columns()),
            selected: None,
            show_values: false,
            history: Vec::new(),
            message: String::new(),
        };
        app.program_moves();
        app
    }

    #[cfg(test)]
    fn position(&self) -> Setup {
        self.at
    }

    #[cfg(test)]
    fn history(&self) -> &[String] {
        &self.history
    }

    fn play(&mut self, step: Step) {
        self.history
            .push(format!("{} {}", self.at.to_move().name(), self.at.notation(step)));
        self.at = self.at.play(step);
        self.selected = None;
    }

    /// The program's moves until it is the human's turn or the game is over.
    fn program_moves(&mut self) {
        while self.at.ending().is_none() && self.human != Human::Plays(self.at.to_move()) {
            match self.solver.best_move(self.at) {
                Ok(Some(step)) => self.play(step),
                Ok(None) => break,
                Err(e) => {
                    self.message = e.to_string();
                    break;
                }
            }
        }
    }

    /// Handles one terminal event.
    pub(crate) fn handle(&mut self, event: &Event) -> Flow {
        let Event::Key(key) = event else {
            return Flow::Continue;
        };
        if key.kind != KeyEventKind::Press {
            return Flow::Continue;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            return match key.code {
                KeyCode::Char('c' | 'C') => Flow::Quit,
                KeyCode::Char('z' | 'Z') => Flow::Suspend,
                _ => Flow::Continue,
            };
        }
        self.message.clear();
        let size = self.at.size();
        let (rows, columns) = (u32::from(size.rows()), u32::from(size.columns()));
        let (row, column) = (self.cursor / columns, self.cursor % columns);
        match key.code {
            KeyCode::Char('q') => return Flow::Quit,
            KeyCode::Esc if self.selected.is_none() => return Flow::Quit,
            KeyCode::Esc => self.selected = None,
            KeyCode::Up | KeyCode::Char('k') if row > 0 => self.cursor -= columns,
            KeyCode::Down | KeyCode::Char('j') if row + 1 < rows => self.cursor += columns,
            KeyCode::Left | KeyCode::Char('h') if column > 0 => self.cursor -= 1,
            KeyCode::Right | KeyCode::Char('l') if column + 1 < columns => self.cursor += 1,
            KeyCode::Char('v') => self.show_values = !self.show_values,
            KeyCode::Char('n') => {
                self.at = self.start;
                self.history.clear();
                self.selected = None;
                self.program_moves();
            }
            KeyCode::Enter | KeyCode::Char(' ') => self.choose(),
            _ => {}
        }
        Flow::Continue
    }

    /// Enter on the cursor's square: pick a pawn, or move the picked one there.
    fn choose(&mut self) {
        if self.at.ending().is_some() || self.human != Human::Plays(self.at.to_move()) {
            return;
        }
        let moves = self.at.moves();
        if let Some(from) = self.selected
            && let Some(&step) = moves.iter().find(|m| m.from == from && m.to == self.cursor)
        {
            self.play(step);
            self.program_moves();
            return;
        }
        if moves.iter().any(|m| m.from == self.cursor) {
            self.selected = Some(self.cursor);
        } else {
            self.selected = None;
            self.message = format!("{} has no move from there", self.at.to_move().name());
        }
    }

    /// What the side panel says about the game.
    fn status(&self) -> String {
        match self.at.ending() {
            Some(end) => ending(self.at, end),
            None => format!("{} to move", self.at.to_move().name()),
        }
    }
}

/// One frame: the board on the left, the game and the keys on the right.
pub(crate) fn draw(frame: &mut Frame, app: &mut App) {
    let [board_area, side_area] =
        Layout::horizontal([Constraint::Length(30), Constraint::Min(30)]).areas(frame.area());
    let setup = app.at;
    let size = setup.size();
    let columns = u32::from(size.columns());
    let targets: Vec<u32> = match app.selected {
        Some(from) => setup
            .moves()
            .iter()
            .filter(|m| m.from == from)
            .map(|m| m.to)
            .collect(),
        None => Vec::new(),
    };
    let mut lines = Vec::new();
    for row in 0..u32::from(size.rows()) {
        let mut spans = vec![Span::raw(format!(" {} ", u32::from(size.rows()) - row))];
        for column in 0..columns {
            let square = row * columns + column;
            let mut style = Style::default();
            if Some(square) == app.selected {
                style = style.add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
            }
            if square == app.cursor {
                style = style.add_modifier(Modifier::REVERSED);
            }
            let symbol = match setup.symbol(square) {
                '.' if targets.contains(&square) => '*',
                other => other,
            };
            spans.push(Span::styled(format!(" {symbol} "), style));
        }
        lines.push(Line::from(spans));
    }
    let files: String = (0..size.columns())
        .map(|c| format!(" {} ", char::from(b'a' + c)))
        .collect();
    lines.push(Line::from(format!("   {files}")));
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .title(format!(" pawn chess {size} ")),
        ),
        board_area,
    );

    let mut text = vec![Line::from(app.status())];
    if !app.message.is_empty() {
        text.push(Line::from(app.message.clone()));
    }
    text.push(Line::from(""));
    if app.show_values && setup.ending().is_none() {
        text.push(Line::from(format!("moves for {}:", setup.to_move().name())));
        match app.solver.moves(setup) {
            Ok(moves) => text.extend(moves.into_iter().map(|(step, value)| {
                Line::from(format!("  {} {}", setup.notation(step), value_words(value)))
            })),
            Err(e) => text.push(Line::from(e.to_string())),
        }
        text.push(Line::from(""));
    }
    let shown = app.history.len().saturating_sub(12);
    text.extend(app.history[shown..].iter().map(|m| Line::from(m.clone())));
    text.push(Line::from(""));
    text.push(Line::from(
        "arrows move, Enter picks and moves, v values, n new game, q quits",
    ));
    frame.render_widget(
        Paragraph::new(text).block(Block::default().borders(Borders::ALL).title(" game ")),
        side_area,
    );
}

/// Plays in the terminal until the user quits, a termination signal
/// arrives, or the terminal hangs up (reported as SIGHUP, its meaning).
pub fn run(mut app: App) -> io::Result<Ending> {
    run_board(&mut app)
}

impl Board for App {
    fn draw(&mut self, frame: &mut Frame) {
        draw(frame, self);
    }

    fn handle(&mut self, event: &Event, _area: Rect) -> Flow {
        App::handle(self, event)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pawn_chess::board::Side;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::crossterm::event::{KeyEvent, KeyModifiers};

    fn key(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    fn app(start: &str, human: Human) -> App {
        let start: Setup = start.parse().unwrap();
        let mut solver = Solver::new(start.size(), 1 << 30);
        solver.prepare(&[start], |_| {}).unwrap();
        App::new(start, human, solver)
    }

    fn screen(app: &mut App) -> String {
        let mut terminal = Terminal::new(TestBackend::new(80, 20)).unwrap();
        terminal.draw(|f| draw(f, app)).unwrap();
        let buffer = terminal.backend().buffer().clone();
        buffer
            .content()
            .iter()
            .map(|c| c.symbol())
            .collect::<Vec<_>>()
            .chunks(80)
            .map(|l| l.concat())
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn keys_pick_and_move_a_pawn_and_the_program_answers() {
        let mut app = app("ppp/.../PPP w", Human::Plays(Side::White));
        // The cursor starts on a1: go right to b1, pick it, up to b2, move.
        for code in [KeyCode::Right, KeyCode::Enter, KeyCode::Up, KeyCode::Enter] {
            assert_eq!(app.handle(&key(code)), Flow::Continue);
        }
        assert_eq!(app.history()[0], "white b1-b2");
        assert_eq!(app.history().len(), 2, "the program answered");
        assert_eq!(app.position().to_move(), Side::White);
        assert_eq!(app.handle(&key(KeyCode::Char('q'))), Flow::Quit);
    }

    #[test]
    fn the_screen_shows_the_board_the_values_on_request_and_the_end() {
        let mut app = app(".../.P./... w", Human::Plays(Side::White));
        let text = screen(&mut app);
        assert!(text.contains("white to move"), "{text}");
        assert!(!text.contains("b2-b3 win 1"), "{text}");
        app.handle(&key(KeyCode::Char('v')));
        assert!(screen(&mut app).contains("b2-b3 win 1"));
        // A cell with no pawn of the mover is refused with a message.
        app.handle(&key(KeyCode::Enter));
        assert!(screen(&mut app).contains("white has no move from there"));
        for code in [
            KeyCode::Up,
            KeyCode::Right,
            KeyCode::Enter,
            KeyCode::Up,
            KeyCode::Enter,
        ] {
            app.handle(&key(code));
        }
        assert!(screen(&mut app).contains("white has a pawn on rank 3, so white wins"));
        app.handle(&key(KeyCode::Char('n')));
        assert_eq!(app.position(), ".../.P./... w".parse().unwrap());
    }

    #[test]
    fn the_program_plays_both_sides_to_the_end() {
        let app = app("ppp/.../PPP w", Human::Nobody);
        assert_eq!(app.history().len(), 6);
        assert_eq!(app.position().winner(), Some(Side::Black));
    }
}
