//! Drawing one frame: the octagon with its stones, the side panels and the
//! status line, or a plain message when the terminal is too small. The
//! parts that every Mu Torere board draws alike (the stones, the lines
//! between them, the panels, the help) are here for the board on `2n`
//! points too.
//!
//! Colour is never the only cue, so the picture reads the same under
//! `NO_COLOR`: black stones are `●`, white `○`, the empty point `·`; the
//! stones that can move are in brackets `[●]`, and with the evaluation shown
//! those whose move loses are marked `✗●✗`.
//!
//! The colours are the terminal's own text colour and the plain ANSI red,
//! magenta and green, never white, yellow or light grey, so that the board
//! reads on a light background as on a dark one.

use super::app::{App, Evaluation, Played, Player};
use super::layout::{MIN_HEIGHT, MIN_WIDTH, Screen};
use crate::mu_torere::board::{Color as Stone, Square};
use crate::mu_torere::play::RULES;
use crate::tui::draw::{self as tui, Theme, help, history, keys_box, status, too_small};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Position as Cell, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::canvas::{Canvas, Line as Segment};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};
use std::fmt::Display;

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

/// The styles of Mu Torere's pieces.
impl Theme {
    pub fn stone(self, point: Option<Stone>) -> Style {
        match point {
            Some(Stone::Black) => self.fg(Color::Red).add_modifier(Modifier::BOLD),
            Some(Stone::White) => Style::new().add_modifier(Modifier::BOLD),
            None => self.fg(Color::DarkGray),
        }
    }

    pub fn line_colour(self, highlighted: bool) -> Color {
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
        too_small(frame, area, (MIN_WIDTH, MIN_HEIGHT));
        return;
    };
    frame.render_widget(title("Mu Torere", app.human(), theme), screen.title);
    board(frame.buffer_mut(), app, theme, &screen);
    let evaluation = app
        .shows_evaluation()
        .then(|| evaluation_lines(theme, app.evaluation(), app.winning_move(), app.drawn()));
    let plies: Vec<(Stone, Player, String)> = app
        .plies()
        .iter()
        .map(|ply| (ply.mover, ply.by, ply.mv.to_string()))
        .collect();
    panel(frame, theme, screen.panel, evaluation, &plies, &KEYS);
    status(frame, app.status(), screen.status);
    if app.shows_help() {
        let rules = format!("{} {}", RULES.replace('\n', " "), app.draw_rule().describe());
        help(
            frame,
            &rules,
            &KEYS,
            Rect::new(area.x, screen.board.y, area.width, screen.board.height),
        );
    }
}

/// The title line: the game, and who plays which side.
pub fn title(game: &str, human: Stone, theme: Theme) -> Line<'static> {
    let side = |colour: Stone| {
        Span::styled(
            format!("{} {colour}", glyph(Some(colour))),
            theme.stone(Some(colour)),
        )
    };
    tui::title(game, side(human), side(human.opponent()))
}

/// The board's box: whose move it is, or how the game ended (`won_with`,
/// the winning move, once a side has won), and what to do.
pub fn board_box(
    theme: Theme,
    winner: Option<Stone>,
    won_with: Option<String>,
    drawn: bool,
    to_move: Stone,
    how: &'static str,
) -> Block<'static> {
    let over = theme
        .fg(Color::Magenta)
        .add_modifier(Modifier::BOLD | Modifier::REVERSED);
    let (heading, footer) = match winner {
        Some(winner) => {
            // Who that is, the status line says: the title has no room.
            let by = won_with.map(|m| format!(" with {m}")).unwrap_or_default();
            (
                Span::styled(format!(" GAME OVER: {winner} wins{by} "), over),
                " press n to play again ",
            )
        }
        None if drawn => (
            Span::styled(" GAME OVER: draw by repetition ", over),
            " press n to play again ",
        ),
        None => (Span::raw(format!(" {to_move} to move (you) ")), how),
    };
    Block::new()
        .borders(Borders::ALL)
        .title(Line::from(heading))
        .title_bottom(Line::from(footer).alignment(Alignment::Center))
}

/// How a stone is marked on either side: `[●]` movable, `✗●✗` a losing
/// move, `>●<` the cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Plain,
    Movable,
    Losing,
    Cursor,
}

/// Draws what stands on a point, centred on `cell`, with its `mark`; the
/// last move's stone in reverse video, the point it left in magenta.
pub fn stone(
    buf: &mut Buffer,
    theme: Theme,
    cell: Cell,
    point: Option<Stone>,
    last: (bool, bool),
    mark: Mark,
) {
    let (moved_to, moved_from) = last;
    let mut style = theme.stone(point);
    if moved_to {
        style = style.add_modifier(Modifier::REVERSED);
    }
    if moved_from {
        style = theme.fg(Color::Magenta);
    }
    let (left, right, marked) = mark_style(theme, mark);
    let Cell { x, y } = cell;
    buf.set_string(x - 1, y, left.to_string(), marked);
    buf.set_string(x, y, glyph(point).to_string(), style);
    buf.set_string(x + 1, y, right.to_string(), marked);
}

/// The characters on either side of a stone with `mark`, and their style.
fn mark_style(theme: Theme, mark: Mark) -> (char, char, Style) {
    match mark {
        Mark::Losing => ('✗', '✗', theme.fg(Color::Red).add_modifier(Modifier::BOLD)),
        Mark::Movable => ('[', ']', theme.fg(Color::Magenta).add_modifier(Modifier::BOLD)),
        Mark::Cursor => ('>', '<', theme.fg(Color::Magenta).add_modifier(Modifier::BOLD)),
        Mark::Plain => (' ', ' ', Style::new()),
    }
}

/// Draws a point's number at `cell`: in the mark's style when the stone
/// there may move, dim otherwise.
pub fn number(buf: &mut Buffer, theme: Theme, cell: Cell, name: impl Display, mark: Mark) {
    let style = match mark {
        Mark::Plain => theme.fg(Color::DarkGray),
        mark => mark_style(theme, mark).2,
    };
    buf.set_string(cell.x, cell.y, name.to_string(), style);
}

fn board(buf: &mut Buffer, app: &App, theme: Theme, screen: &Screen) {
    let p = app.position();
    board_box(
        theme,
        app.winner(),
        app.winning_move().map(|m| m.to_string()),
        app.drawn(),
        p.to_move,
        " click a stone or press its number ",
    )
    .render(screen.board, buf);
    let octagon = screen.octagon();
    let last = app.last_move();
    let lines: Vec<(Cell, Cell, bool)> = Square::EDGES
        .iter()
        .map(|&(a, b)| {
            let highlighted = last.is_some_and(|m| (m.from, m.to) == (a, b) || (m.from, m.to) == (b, a));
            (octagon.stone(a), octagon.stone(b), highlighted)
        })
        .collect();
    edges(buf, octagon.area, theme, &lines);
    let movable = app.movable();
    let losing = match (app.shows_evaluation(), app.evaluation()) {
        (true, Some(evaluation)) => evaluation.losing_moves,
        _ => Vec::new(),
    };
    for square in Square::ALL {
        let mark = if losing.contains(&square) {
            Mark::Losing
        } else if movable.contains(&square) {
            Mark::Movable
        } else {
            Mark::Plain
        };
        let moved = (
            last.is_some_and(|m| m.to == square),
            last.is_some_and(|m| m.from == square),
        );
        stone(buf, theme, octagon.stone(square), p.board.at(square), moved, mark);
        let number_mark = if movable.contains(&square) {
            mark
        } else {
            Mark::Plain
        };
        number(buf, theme, octagon.label(square), square, number_mark);
    }
}

/// The `lines` (from a stone's cell to another's, and whether the last
/// move took it) as fine Braille lines in `area`.
pub fn edges(buf: &mut Buffer, area: Rect, theme: Theme, lines: &[(Cell, Cell, bool)]) {
    let (w, h) = (f64::from(area.width), f64::from(area.height));
    // One canvas unit per Braille dot, y upwards.
    let dot = |cell: Cell| {
        let x = 2.0 * f64::from(cell.x - area.x);
        let y = 4.0 * h - 1.0 - (4.0 * f64::from(cell.y - area.y) + 1.0);
        (x, y)
    };
    Canvas::default()
        .marker(Marker::Braille)
        .x_bounds([0.0, 2.0 * w - 1.0])
        .y_bounds([0.0, 4.0 * h - 1.0])
        .paint(|ctx| {
            for &(a, b, highlighted) in lines {
                let ((x1, y1), (x2, y2)) = (dot(a), dot(b));
                ctx.draw(&Segment::new(x1, y1, x2, y2, theme.line_colour(highlighted)));
            }
        })
        .render(area, buf);
}

/// The side panel: the evaluation when it is shown, the moves (a side, who
/// made it and the move each) and the `keys`.
pub fn panel(
    frame: &mut Frame,
    theme: Theme,
    area: Rect,
    evaluation: Option<Vec<Line<'static>>>,
    plies: &[(Stone, Player, String)],
    keys: &[(&str, &str)],
) {
    let evaluation_height = match &evaluation {
        None => 0,
        Some(lines) => lines.len() as u16 + 2,
    };
    let [evaluation_area, history, keys_area] = Layout::vertical([
        Constraint::Length(evaluation_height),
        Constraint::Min(3),
        Constraint::Length(keys.len() as u16 + 2),
    ])
    .areas(area);
    if let Some(lines) = evaluation {
        frame.render_widget(
            Paragraph::new(lines)
                .wrap(Wrap { trim: true })
                .block(Block::new().borders(Borders::ALL).title(" Evaluation ")),
            evaluation_area,
        );
    }
    frame.render_widget(history_box(theme, plies, history), history);
    frame.render_widget(keys_box(keys), keys_area);
}

/// `3`, `3, 9`.
fn points<P: Display>(points: &[P]) -> String {
    points.iter().map(P::to_string).collect::<Vec<_>>().join(", ")
}

/// The verdict, then what each kind of move does: at most three lines; or
/// how the game ended.
pub fn evaluation_lines<P: Display>(
    theme: Theme,
    evaluation: Option<Evaluation<P>>,
    won_with: Option<impl Display>,
    drawn: bool,
) -> Vec<Line<'static>> {
    let Some(evaluation) = evaluation else {
        let over = match won_with {
            Some(m) => format!("game over: won with {m}"),
            None if drawn => "game over: drawn by repetition".to_owned(),
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
            points(&winning_moves)
        )));
    }
    if every_move_loses {
        lines.push(Line::from("every move loses"));
    } else if !losing_moves.is_empty() {
        lines.push(Line::from(format!("✗ losing moves: {}", points(&losing_moves))));
    } else if winning_moves.is_empty() {
        lines.push(Line::from("no move of yours loses"));
    }
    lines
}

fn history_box(theme: Theme, plies: &[(Stone, Player, String)], area: Rect) -> Paragraph<'static> {
    let plies = plies
        .iter()
        .map(|(mover, by, mv)| {
            let by = match by {
                Player::Human => "you",
                Player::Program => "program",
            };
            vec![
                Span::styled(
                    format!("{} {mover}", glyph(Some(*mover))),
                    theme.stone(Some(*mover)),
                ),
                Span::raw(format!(" {mv}  {by}")),
            ]
        })
        .collect();
    history(plies, area)
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
