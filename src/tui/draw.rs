//! The parts of a frame that every board draws alike: the title line, the
//! status box, the list of moves, the keys, the help over the board, and
//! the message that replaces everything on a terminal too small.
//!
//! Colour is never the only cue, and under `NO_COLOR` there is none: a
//! [`Theme`] leaves the colours out of every style it paints. The colours
//! are the terminal's own text colour and the plain ANSI red, magenta and
//! green, never white, yellow or light grey, so that a board reads on a
//! light background as on a dark one.

use super::layout::inner;
use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

/// Styles, with the colours left out under `NO_COLOR`. Each board adds
/// the styles of its own pieces.
#[derive(Clone, Copy)]
pub struct Theme {
    pub colour: bool,
}

impl Theme {
    pub fn paint(self, style: Style) -> Style {
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

    pub fn fg(self, colour: Color) -> Style {
        self.paint(Style::new().fg(colour))
    }
}

fn bold() -> Style {
    Style::new().add_modifier(Modifier::BOLD)
}

/// The title line: the game, then who plays which side, as `you` and
/// `program` show them.
pub fn title(game: &str, you: Span<'static>, program: Span<'static>) -> Line<'static> {
    Line::from(vec![
        Span::styled(format!(" {game} "), bold()),
        Span::raw("  you: "),
        you,
        Span::raw("   program: "),
        program,
    ])
}

/// The status line, in its box.
pub fn status(frame: &mut Frame, text: &str, area: Rect) {
    let status = Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .block(Block::new().borders(Borders::ALL).title(" Status "));
    frame.render_widget(status, area);
}

/// The moves so far, a line each (`plies`, without their numbers), the
/// last that fit in `area`, numbered from the first.
pub fn history(plies: Vec<Vec<Span<'static>>>, area: Rect) -> Paragraph<'static> {
    let rows = usize::from(inner(area).height);
    let skipped = plies.len().saturating_sub(rows);
    let lines: Vec<Line> = plies
        .into_iter()
        .enumerate()
        .skip(skipped)
        .map(|(i, spans)| {
            let mut line = vec![Span::raw(format!("{:>3}. ", i + 1))];
            line.extend(spans);
            Line::from(line)
        })
        .collect();
    let lines = if lines.is_empty() {
        vec![Line::from("  no moves yet")]
    } else {
        lines
    };
    Paragraph::new(lines).block(Block::new().borders(Borders::ALL).title(" Moves "))
}

/// The `keys` and what each does, a line each, the keys in a column.
pub fn key_lines(keys: &[(&str, &str)]) -> Vec<Line<'static>> {
    let width = keys
        .iter()
        .map(|(key, _)| key.chars().count() + 1)
        .max()
        .unwrap_or(0)
        .max(11);
    keys.iter()
        .map(|&(key, what)| {
            Line::from(vec![
                Span::styled(format!(" {key:<width$}"), bold()),
                Span::raw(what.to_owned()),
            ])
        })
        .collect()
}

/// The `keys`, in their box.
pub fn keys_box(keys: &[(&str, &str)]) -> Paragraph<'static> {
    Paragraph::new(key_lines(keys)).block(Block::new().borders(Borders::ALL).title(" Keys "))
}

/// The rules and the keys (Ctrl-Z among them) over `area`, until any key.
pub fn help(frame: &mut Frame, rules: &str, keys: &[(&str, &str)], area: Rect) {
    let mut lines = vec![
        Line::styled("Rules", bold()),
        Line::from(rules.to_owned()),
        Line::from(""),
        Line::styled("Keys", bold()),
    ];
    let mut keys = keys.to_vec();
    keys.push(("Ctrl-Z", "suspend (fg to come back)"));
    lines.extend(key_lines(&keys));
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

/// What a screen smaller than `needed` (columns, rows) shows instead of
/// the board.
pub fn too_small(frame: &mut Frame, area: Rect, needed: (u16, u16)) {
    let (width, height) = needed;
    let text = vec![
        Line::from("Terminal too small"),
        Line::from(format!(
            "{}x{} now, {width}x{height} needed",
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
