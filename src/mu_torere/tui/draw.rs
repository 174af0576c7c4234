//! Drawing one frame: the octagon with its stones, the side panels and the
//! status line, or a plain message when the terminal is too small.
//!
//! Colour is never the only cue, so the picture reads the same under
//! `NO_COLOR`: black stones are `●`, white `○`, the empty point `·`; the
//! stones that can move are in brackets `[●]`, and with the evaluation shown
//! those whose move loses are marked `✗●✗`.
//!
//! The colours are the terminal's own text colour and the plain ANSI red,
//! magenta and green, never white, yellow or light grey, so that the board
//! reads on a light background as on a dark one.

use super::app::{App, Evaluation, Player};
use super::layout::{MIN_HEIGHT, MIN_WIDTH, Octagon, Screen, inner};
use crate::mu_torere::board::{Color as Stone, Square};
use crate::mu_torere::play::RULES;
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Position as Cell, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::canvas::{Canvas, Line as Segment};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

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
            Some(Stone::Black) => self.fg(Color::Red).add_modifier(Modifier::BOLD),
            Some(Stone::White) => Style::new().add_modifier(Modifier::BOLD),
            None => self.fg(Color::DarkGray),
        }
    }

    fn line_colour(self, highlighted: bool) -> Color {
        match (self.colour, highlighted) {
            (false, _) => Color::Reset,
            (true, false) => Color::DarkGray,
            (true, true) => Color::Magenta,
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
    if app.shows_help() {
        help(
            frame,
            app,
            Rect::new(area.x, screen.board.y, area.width, screen.board.height),
        );
    }
}

/// The rules and the keys, over the board and the panel.
fn help(frame: &mut Frame, app: &App, area: Rect) {
    let mut lines = vec![
        Line::styled("Rules", Style::new().add_modifier(Modifier::BOLD)),
        Line::from(format!(
            "{} {}",
            RULES.replace('\n', " "),
            app.draw_rule().describe()
        )),
        Line::from(""),
        Line::styled("Keys", Style::new().add_modifier(Modifier::BOLD)),
    ];
    lines.extend(KEYS.iter().map(|&(key, what)| key_line(key, what)));
    lines.push(key_line("Ctrl-Z", "suspend (fg to come back)"));
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: true }).block(
            Block::new()
                .borders(Borders::ALL)
                .title(" Help ")
                .title_bottom(Line::from(" any key closes ").alignment(Alignment::Center)),
        ),
        area,
    );
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
    let over = theme
        .fg(Color::Magenta)
        .add_modifier(Modifier::BOLD | Modifier::REVERSED);
    let (heading, footer) = match app.winner() {
        Some(winner) => {
            // Who that is, the status line says: the title has no room.
            let by = app
                .winning_move()
                .map(|m| format!(" with {m}"))
                .unwrap_or_default();
            (
                Span::styled(format!(" GAME OVER: {winner} wins{by} "), over),
                " press n to play again ",
            )
        }
        None if app.drawn() => (
            Span::styled(" GAME OVER: draw by repetition ", over),
            " press n to play again ",
        ),
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
            style = theme.fg(Color::Magenta);
        }
        let Cell { x, y } = octagon.stone(square);
        let (left, right, mark) = if losing.contains(&square) {
            ('✗', '✗', theme.fg(Color::Red).add_modifier(Modifier::BOLD))
        } else if movable.contains(&square) {
            ('[', ']', theme.fg(Color::Magenta).add_modifier(Modifier::BOLD))
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
            theme.fg(Color::DarkGray)
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
    let evaluation_lines = if app.shows_evaluation() {
        evaluation_lines(app, theme)
    } else {
        Vec::new()
    };
    let evaluation_height = match evaluation_lines.len() {
        0 => 0,
        n => n as u16 + 2,
    };
    let [evaluation, history, keys] = Layout::vertical([
        Constraint::Length(evaluation_height),
        Constraint::Min(3),
        Constraint::Length(KEYS.len() as u16 + 2),
    ])
    .areas(area);
    if app.shows_evaluation() {
        frame.render_widget(
            Paragraph::new(evaluation_lines)
                .wrap(Wrap { trim: true })
                .block(Block::new().borders(Borders::ALL).title(" Evaluation ")),
            evaluation,
        );
    }
    frame.render_widget(history_box(app, theme, history), history);
    frame.render_widget(keys_box(), keys);
}

/// `3`, `3, 9`.
fn squares(squares: &[Square]) -> String {
    squares
        .iter()
        .map(Square::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The verdict, then what each kind of move does: at most three lines.
fn evaluation_lines(app: &App, theme: Theme) -> Vec<Line<'static>> {
    let Some(evaluation) = app.evaluation() else {
        let over = match app.winning_move() {
            Some(m) => format!("game over: won with {m}"),
            None if app.drawn() => "game over: drawn by repetition".to_owned(),
            None => "game over".to_owned(),
        };
        return vec![Line::from(over)];
    };
    let Evaluation {
        verdict,
        losing_moves,
        winning_moves,
        every_move_loses,
    } = evaluation;
    let colour = if verdict.starts_with("you") {
        Color::Green
    } else if verdict.starts_with("lost") {
        Color::Red
    } else {
        Color::Reset
    };
    let mut lines = vec![Line::styled(
        verdict,
        theme.fg(colour).add_modifier(Modifier::BOLD),
    )];
    if !winning_moves.is_empty() {
        let s = if winning_moves.len() == 1 { "" } else { "s" };
        lines.push(Line::from(format!(
            "✓ winning move{s}: {}",
            squares(&winning_moves)
        )));
    }
    if every_move_loses {
        lines.push(Line::from("every move loses"));
    } else if !losing_moves.is_empty() {
        lines.push(Line::from(format!("✗ losing moves: {}", squares(&losing_moves))));
    } else if winning_moves.is_empty() {
        lines.push(Line::from("no move of yours loses"));
    }
    lines
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

/// The keys, as the panel and the help list them.
const KEYS: [(&str, &str); 7] = [
    ("1-9, click", "move that stone"),
    ("u", "undo your last move"),
    ("n", "new game"),
    ("s", "swap sides"),
    ("e", "show/hide evaluation"),
    ("?, h", "rules and help"),
    ("q, Esc", "quit"),
];

fn key_line(key: &str, what: &str) -> Line<'static> {
    Line::from(vec![
        Span::styled(format!(" {key:<11}"), Style::new().add_modifier(Modifier::BOLD)),
        Span::raw(what.to_owned()),
    ])
}

fn keys_box() -> Paragraph<'static> {
    let lines: Vec<Line> = KEYS.iter().map(|&(key, what)| key_line(key, what)).collect();
    Paragraph::new(lines).block(Block::new().borders(Borders::ALL).title(" Keys "))
}
