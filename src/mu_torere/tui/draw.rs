//! Drawing one frame: the octagon with its stones, the side panels and the
//! status line, or a plain message when the terminal is too small.
//!
//! Colour is never the only cue, so the picture reads the same under
//! `NO_COLOR`: black stones are `●`, white `○`, the empty point `·`; the
//! stones that can move are in brackets `[●]`, and with the evaluation shown
//! those whose move loses are marked `✗●✗`.

use super::app::{App, Player};
use super::layout::{MIN_HEIGHT, MIN_WIDTH, Octagon, Screen, inner};
use crate::mu_torere::board::{Color as Stone, Square};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Position as Cell, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::canvas::{Canvas, Line as Segment};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

pub const BLACK_STONE: char = '●';
pub const WHITE_STONE: char = '○';
pub const EMPTY_POINT: char = '·';

pub fn glyph(point: Option<Stone>) -> char {
    match point {
        Some(Stone::Black) => BLACK_STONE,
        Some(Stone::White) => WHITE_STONE,
        None => EMPTY_POINT,
    }
}

/// Styles, with the colours left out under `NO_COLOR`.
#[derive(Clone, Copy)]
struct Theme {
    colour: bool,
}

impl Theme {
    fn paint(self, style: Style) -> Style {
        if self.colour {
            style
        } else {
            Style {
                fg: None,
                bg: None,
                ..style
            }
        }
    }

    fn fg(self, colour: Color) -> Style {
        self.paint(Style::new().fg(colour))
    }

    fn stone(self, point: Option<Stone>) -> Style {
        match point {
            Some(Stone::Black) => self.fg(Color::LightRed).add_modifier(Modifier::BOLD),
            Some(Stone::White) => self.fg(Color::White).add_modifier(Modifier::BOLD),
            None => self.fg(Color::DarkGray),
        }
    }

    fn line_colour(self, highlighted: bool) -> Color {
        match (self.colour, highlighted) {
            (false, _) => Color::Reset,
            (true, false) => Color::DarkGray,
            (true, true) => Color::Yellow,
        }
    }
}

pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    let theme = Theme { colour: app.colour };
    let Some(screen) = Screen::new(area) else {
        too_small(frame, area);
        return;
    };
    frame.render_widget(title(app, theme), screen.title);
    board(frame.buffer_mut(), app, theme, &screen);
    panel(frame, app, theme, screen.panel);
    let status = Paragraph::new(app.status())
        .wrap(Wrap { trim: true })
        .block(Block::new().borders(Borders::ALL).title(" Status "));
    frame.render_widget(status, screen.status);
}

fn too_small(frame: &mut Frame, area: Rect) {
    let text = vec![
        Line::from("Terminal too small"),
        Line::from(format!(
            "{}x{} now, {MIN_WIDTH}x{MIN_HEIGHT} needed",
            area.width, area.height
        )),
        Line::from("Enlarge the window, or press q to quit"),
    ];
    let top = area.height.saturating_sub(3) / 2;
    let rect = Rect::new(area.x, area.y + top, area.width, area.height.saturating_sub(top));
    frame.render_widget(
        Paragraph::new(text)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true }),
        rect,
    );
}

fn title(app: &App, theme: Theme) -> Line<'static> {
    let side = |colour: Stone| {
        Span::styled(
            format!("{} {colour}", glyph(Some(colour))),
            theme.stone(Some(colour)),
        )
    };
    Line::from(vec![
        Span::styled(" Mu Torere ", Style::new().add_modifier(Modifier::BOLD)),
        Span::raw("  you: "),
        side(app.human()),
        Span::raw("   program: "),
        side(app.human().opponent()),
    ])
}

fn board(buf: &mut Buffer, app: &App, theme: Theme, screen: &Screen) {
    let p = app.position();
    let (heading, footer) = match app.winner() {
        Some(winner) => {
            let who = if winner == app.human() {
                "you win"
            } else {
                "the program wins"
            };
            (
                Span::styled(
                    format!(" GAME OVER: {winner} wins, {who} "),
                    theme
                        .fg(Color::Yellow)
                        .add_modifier(Modifier::BOLD | Modifier::REVERSED),
                ),
                " press n to play again ",
            )
        }
        None => (
            Span::raw(format!(" {} to move (you) ", p.to_move)),
            " click a stone or press its number ",
        ),
    };
    Block::new()
        .borders(Borders::ALL)
        .title(Line::from(heading))
        .title_bottom(Line::from(footer).alignment(Alignment::Center))
        .render(screen.board, buf);
    let octagon = screen.octagon();
    edges(buf, &octagon, app, theme);
    let movable = app.movable();
    let losing = match (app.shows_evaluation(), app.evaluation()) {
        (true, Some(evaluation)) => evaluation.losing_moves,
        _ => Vec::new(),
    };
    let last = app.last_move();
    for square in Square::ALL {
        let point = p.board.at(square);
        let mut style = theme.stone(point);
        if last.is_some_and(|m| m.to == square) {
            style = style.add_modifier(Modifier::REVERSED);
        }
        if last.is_some_and(|m| m.from == square) {
            style = theme.fg(Color::Yellow);
        }
        let Cell { x, y } = octagon.stone(square);
        let (left, right, mark) = if losing.contains(&square) {
            ('✗', '✗', theme.fg(Color::LightRed).add_modifier(Modifier::BOLD))
        } else if movable.contains(&square) {
            ('[', ']', theme.fg(Color::Yellow).add_modifier(Modifier::BOLD))
        } else {
            (' ', ' ', Style::new())
        };
        buf.set_string(x - 1, y, left.to_string(), mark);
        buf.set_string(x, y, glyph(point).to_string(), style);
        buf.set_string(x + 1, y, right.to_string(), mark);
        let label = octagon.label(square);
        let label_style = if movable.contains(&square) {
            mark
        } else {
            theme.fg(Color::Gray)
        };
        buf.set_string(label.x, label.y, square.to_string(), label_style);
    }
}

/// The 16 edges as fine Braille lines between the stones' cells, the edge
/// of the last move brought out.
fn edges(buf: &mut Buffer, octagon: &Octagon, app: &App, theme: Theme) {
    let area = octagon.area;
    let (w, h) = (f64::from(area.width), f64::from(area.height));
    // One canvas unit per Braille dot, y upwards.
    let dot = |cell: Cell| {
        let x = 2.0 * f64::from(cell.x - area.x);
        let y = 4.0 * h - 1.0 - (4.0 * f64::from(cell.y - area.y) + 1.0);
        (x, y)
    };
    let last = app.last_move();
    Canvas::default()
        .marker(Marker::Braille)
        .x_bounds([0.0, 2.0 * w - 1.0])
        .y_bounds([0.0, 4.0 * h - 1.0])
        .paint(|ctx| {
            for (a, b) in Square::EDGES {
                let highlighted = last.is_some_and(|m| (m.from, m.to) == (a, b) || (m.from, m.to) == (b, a));
                let ((x1, y1), (x2, y2)) = (dot(octagon.stone(a)), dot(octagon.stone(b)));
                ctx.draw(&Segment::new(x1, y1, x2, y2, theme.line_colour(highlighted)));
            }
        })
        .render(area, buf);
}

fn panel(frame: &mut Frame, app: &App, theme: Theme, area: Rect) {
    let evaluation_height = if app.shows_evaluation() { 4 } else { 0 };
    let [evaluation, history, keys] = Layout::vertical([
        Constraint::Length(evaluation_height),
        Constraint::Min(3),
        Constraint::Length(8),
    ])
    .areas(area);
    if app.shows_evaluation() {
        frame.render_widget(evaluation_box(app, theme), evaluation);
    }
    frame.render_widget(history_box(app, theme, history), history);
    frame.render_widget(keys_box(), keys);
}

fn evaluation_box(app: &App, theme: Theme) -> Paragraph<'static> {
    let lines = match app.evaluation() {
        None => vec![Line::from("game over")],
        Some(evaluation) => {
            let colour = if evaluation.verdict.starts_with("you") {
                Color::LightGreen
            } else if evaluation.verdict.starts_with("lost") {
                Color::LightRed
            } else {
                Color::Reset
            };
            let losing: Vec<String> = evaluation.losing_moves.iter().map(Square::to_string).collect();
            let second = if losing.is_empty() {
                "no move of yours loses".to_owned()
            } else {
                format!("✗ losing moves: {}", losing.join(", "))
            };
            vec![
                Line::styled(evaluation.verdict, theme.fg(colour).add_modifier(Modifier::BOLD)),
                Line::from(second),
            ]
        }
    };
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(Block::new().borders(Borders::ALL).title(" Evaluation "))
}

fn history_box(app: &App, theme: Theme, area: Rect) -> Paragraph<'static> {
    let rows = usize::from(inner(area).height);
    let plies = app.plies();
    let lines: Vec<Line> = plies
        .iter()
        .enumerate()
        .skip(plies.len().saturating_sub(rows))
        .map(|(i, ply)| {
            let by = match ply.by {
                Player::Human => "you",
                Player::Program => "program",
            };
            Line::from(vec![
                Span::raw(format!("{:>3}. ", i + 1)),
                Span::styled(
                    format!("{} {}", glyph(Some(ply.mover)), ply.mover),
                    theme.stone(Some(ply.mover)),
                ),
                Span::raw(format!(" {}  {by}", ply.mv)),
            ])
        })
        .collect();
    let lines = if lines.is_empty() {
        vec![Line::from("  no moves yet")]
    } else {
        lines
    };
    Paragraph::new(lines).block(Block::new().borders(Borders::ALL).title(" Moves "))
}

fn keys_box() -> Paragraph<'static> {
    let keys = [
        ("1-9, click", "move that stone"),
        ("u", "undo your last move"),
        ("n", "new game"),
        ("s", "swap sides"),
        ("e", "show/hide evaluation"),
        ("q, Esc", "quit"),
    ];
    let lines: Vec<Line> = keys
        .iter()
        .map(|(key, what)| {
            Line::from(vec![
                Span::styled(format!(" {key:<11}"), Style::new().add_modifier(Modifier::BOLD)),
                Span::raw(*what),
            ])
        })
        .collect();
    Paragraph::new(lines).block(Block::new().borders(Borders::ALL).title(" Keys "))
}
