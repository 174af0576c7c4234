//! Drawing one frame: the board with its dice, the moves, the values and
//! the keys, and the status line; or a plain message when the terminal is
//! too small.
//!
//! Colour is never the only cue, so the picture reads the same under
//! `NO_COLOR`: every die shows its owner's letter and its value (`w1`,
//! `b6`), the cursor is in brackets `[b6]`, a held cell shows `>w4<` (the
//! die it would make), and the dice its capture set takes are marked
//! `×b1×`; the dice it could take besides are underlined, and the last die
//! placed is in reverse video.
//!
//! The colours are the terminal's own text colour and the plain ANSI red,
//! magenta and green, never white, yellow or light grey, so that the board
//! reads on a light background as on a dark one.

use super::app::{App, Evaluation, Mover};
use super::layout::{KEYS_HEIGHT, Screen, inner, min_size};
use crate::cephalopods::game::board::Player;
use crate::cephalopods::game::play::RULES;
use crate::solve::Outcome;
use crate::tui::draw::{self as tui, Theme, help, history, keys_box, status};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

/// The styles of the dice and the marks.
impl Theme {
    fn die(self, owner: Player) -> Style {
        match owner {
            Player::Black => self.fg(Color::Red).add_modifier(Modifier::BOLD),
            Player::White => Style::new().add_modifier(Modifier::BOLD),
        }
    }

    fn mark(self) -> Style {
        self.fg(Color::Magenta).add_modifier(Modifier::BOLD)
    }

    fn lines(self) -> Style {
        self.fg(Color::DarkGray)
    }
}

pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    let theme = Theme { colour: app.colour };
    let Some(screen) = Screen::new(area, app.size()) else {
        too_small(frame, app, area);
        return;
    };
    frame.render_widget(title(app, theme), screen.title);
    board(frame.buffer_mut(), app, theme, &screen);
    frame.render_widget(history_box(app, theme, screen.history), screen.history);
    panel(frame, app, theme, screen.panel);
    status(frame, app.status(), screen.status);
    if app.shows_help() {
        let body = Rect::new(
            area.x,
            screen.board.y,
            area.width,
            screen.status.y - screen.board.y,
        );
        let rules = format!("{} {}", RULES.replace('\n', " "), app.rule().goal());
        help(frame, &rules, &HELP_KEYS, body);
    }
}

fn too_small(frame: &mut Frame, app: &App, area: Rect) {
    tui::too_small(frame, area, min_size(app.size()));
}

fn title(app: &App, theme: Theme) -> Line<'static> {
    let side = |player: Player| Span::styled(format!("{} {player}", player.letter()), theme.die(player));
    let game = format!("Cephalopod {}, {} rule", app.size(), app.rule());
    tui::title(&game, side(app.human()), side(app.human().other()))
}

fn board(buf: &mut Buffer, app: &App, theme: Theme, screen: &Screen) {
    let p = app.position();
    let size = app.size();
    let over = theme
        .fg(Color::Magenta)
        .add_modifier(Modifier::BOLD | Modifier::REVERSED);
    let (heading, footer) = if app.is_over() {
        (
            Span::styled(format!(" GAME OVER: {} ", app.result()), over),
            " press n to play again ",
        )
    } else if app.held().is_some() {
        (
            Span::raw(format!(" {} to move (you) ", p.to_move())),
            " Tab: another set, Enter: play ",
        )
    } else {
        (
            Span::raw(format!(" {} to move (you) ", p.to_move())),
            " click a cell or type its name ",
        )
    };
    Block::new()
        .borders(Borders::ALL)
        .title(Line::from(heading))
        .title_bottom(Line::from(footer).alignment(Alignment::Center))
        .render(screen.board, buf);
    let grid = screen.grid();
    grid_lines(buf, &grid, theme);
    for row in 0..size.rows() {
        let at = grid.rank_label(row);
        buf.set_string(at.x, at.y, (size.rows() - row).to_string(), theme.lines());
    }
    for col in 0..size.cols() {
        let at = grid.file_label(col);
        buf.set_string(
            at.x,
            at.y,
            ((b'a' + col as u8) as char).to_string(),
            theme.lines(),
        );
    }
    let held = app.held();
    let picked = held.map_or(0, |h| h.picked);
    let candidates = held.map_or(0, |h| h.candidates());
    let last = app.last_move().map(|ply| ply.mv.cell());
    for cell in 0..size.cells() {
        let square = grid.square(cell);
        let y = square.y + square.height / 2;
        let (text, mut style) = match p.die(cell) {
            Some(d) => (format!("{}{}", d.owner.letter(), d.value), theme.die(d.owner)),
            None => (" ·".to_owned(), theme.lines()),
        };
        let (mut left, mut right) = (' ', ' ');
        let mut text = text;
        if held.is_some_and(|h| h.cell == cell) {
            let h = held.expect("a held cell");
            text = match h.chosen() {
                Some(m) => {
                    let die = p.play(m).die(cell).expect("the placed die");
                    format!("{}{}", die.owner.letter(), die.value)
                }
                None => format!("{}?", p.to_move().letter()),
            };
            style = theme.die(p.to_move()).add_modifier(Modifier::REVERSED);
            (left, right) = ('>', '<');
        } else if picked & (1 << cell) != 0 {
            (left, right) = ('×', '×');
        } else if candidates & (1 << cell) != 0 {
            style = style.add_modifier(Modifier::UNDERLINED);
        }
        if last == Some(cell) && held.is_none_or(|h| h.cell != cell) {
            style = style.add_modifier(Modifier::REVERSED);
        }
        let (open, close) = if app.cursor() == cell && !app.is_over() {
            ('[', ']')
        } else {
            (' ', ' ')
        };
        let x = square.x;
        buf.set_string(x, y, open.to_string(), theme.mark());
        buf.set_string(x + 1, y, left.to_string(), theme.mark());
        buf.set_string(x + 2, y, &text, style);
        buf.set_string(x + 4, y, right.to_string(), theme.mark());
        buf.set_string(x + 5, y, close.to_string(), theme.mark());
    }
}

/// The lines between the squares, in box-drawing characters.
fn grid_lines(buf: &mut Buffer, grid: &super::layout::Grid, theme: Theme) {
    let area = grid.area();
    let (rows, cols) = (grid.size.rows(), grid.size.cols());
    let step_x = (area.width - 1) / cols as u16;
    let step_y = (area.height - 1) / rows as u16;
    for dy in 0..area.height {
        for dx in 0..area.width {
            let on_row = dy % step_y == 0;
            let on_col = dx % step_x == 0;
            if !on_row && !on_col {
                continue;
            }
            let (top, bottom) = (dy == 0, dy == area.height - 1);
            let (left, right) = (dx == 0, dx == area.width - 1);
            let symbol = match (on_row, on_col) {
                (true, false) => '─',
                (false, true) => '│',
                _ => match (top, bottom, left, right) {
                    (true, _, true, _) => '┌',
                    (true, _, _, true) => '┐',
                    (_, true, true, _) => '└',
                    (_, true, _, true) => '┘',
                    (true, ..) => '┬',
                    (_, true, ..) => '┴',
                    (_, _, true, _) => '├',
                    (_, _, _, true) => '┤',
                    _ => '┼',
                },
            };
            buf.set_string(area.x + dx, area.y + dy, symbol.to_string(), theme.lines());
        }
    }
}

fn panel(frame: &mut Frame, app: &App, theme: Theme, area: Rect) {
    let [values, keys] = Layout::vertical([Constraint::Min(0), Constraint::Length(KEYS_HEIGHT)]).areas(area);
    let rows = usize::from(inner(values).height);
    let lines = if app.shows_values() {
        value_lines(app, theme, rows)
    } else {
        vec![Line::from("hidden: press v to show the value of every move")]
    };
    // Not trimmed: the moves' marks line up in a column.
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::new().borders(Borders::ALL).title(" Values ")),
        values,
    );
    frame.render_widget(keys_box(&KEYS), keys);
}

/// `win in 5`, `tie in 2`, `loss in 1`.
fn value_words(value: Outcome) -> String {
    match value.plies() {
        Some(n) => format!("{} in {n}", value.name()),
        None => value.name().to_owned(),
    }
}

/// The verdict, then every move with its value and remoteness, best first,
/// in at most `rows` lines.
fn value_lines(app: &App, theme: Theme, rows: usize) -> Vec<Line<'static>> {
    let Some(evaluation) = app.evaluation() else {
        let mut lines = vec![Line::from(format!("game over: {}", app.result()))];
        if let Some(ply) = app.last_move() {
            let how = if app.winner() == Some(ply.player) {
                "won with"
            } else {
                "last move"
            };
            lines.push(Line::from(format!("{how} {}", ply.mv.text(app.size()))));
        }
        return lines;
    };
    let Evaluation {
        value,
        verdict,
        moves,
        every_move_loses,
    } = evaluation;
    let colour = match value {
        Outcome::Win(_) => Color::Green,
        Outcome::Loss(_) => Color::Red,
        _ => Color::Reset,
    };
    let mut lines = vec![Line::styled(
        verdict,
        theme.fg(colour).add_modifier(Modifier::BOLD),
    )];
    if every_move_loses {
        lines.push(Line::from("every move loses; the slowest first:"));
    } else {
        lines.push(Line::from("plies to the end after each move:"));
    }
    let room = rows.saturating_sub(lines.len()).max(1);
    let shown = if moves.len() > room { room - 1 } else { moves.len() };
    for v in &moves[..shown] {
        let (mark, style) = if v.best {
            ('✓', theme.fg(Color::Green))
        } else if v.value.is_loss() && !every_move_loses {
            ('✗', theme.fg(Color::Red))
        } else {
            (' ', Style::new())
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{mark} "), style.add_modifier(Modifier::BOLD)),
            Span::raw(format!("{:<12} ", v.mv.text(app.size()))),
            Span::styled(value_words(v.value), style),
        ]));
    }
    if shown < moves.len() {
        lines.push(Line::from(format!("  … and {} more", moves.len() - shown)));
    }
    lines
}

fn history_box(app: &App, theme: Theme, area: Rect) -> Paragraph<'static> {
    let plies = app
        .plies()
        .iter()
        .map(|ply| {
            let by = match ply.by {
                Mover::Human => "you",
                Mover::Program => "program",
            };
            vec![
                Span::styled(ply.player.to_string(), theme.die(ply.player)),
                Span::raw(format!(" {}  {by}", ply.mv.text(app.size()))),
            ]
        })
        .collect();
    history(plies, area)
}

/// The keys in short, as the panel lists them.
const KEYS: [(&str, &str); 6] = [
    ("click, b2", "choose a cell or a die"),
    ("arrows Spc", "cursor, choose there"),
    ("Tab, Enter", "next capture set, play"),
    ("Esc", "let go of a held cell"),
    ("u, n, s", "undo, new game, swap"),
    ("v, ?, q", "values, help, quit"),
];

/// The keys in full, as the help lists them (with Ctrl-Z).
const HELP_KEYS: [(&str, &str); 12] = [
    (
        "click, b2",
        "choose that cell: click it, or type its file and rank",
    ),
    ("arrows, Space", "move the cursor; choose the cursor's cell"),
    (
        "Tab, Shift-Tab",
        "the next or previous capture set of the held cell",
    ),
    (
        "a die",
        "click or type a neighbour to add it to the set or take it out",
    ),
    ("Enter", "play the held cell's set (or the held cell again)"),
    ("Esc", "let go of the held cell; with none held, quit"),
    ("u, Backspace", "undo your last move"),
    ("n", "new game"),
    ("s", "swap sides"),
    ("v", "show/hide the value of every move"),
    ("?, h", "rules and help"),
    ("q, Ctrl-C", "quit"),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cephalopods::game::play::Config;
    use crate::cephalopods::game::solver::{Rule, Solution};
    use crate::cephalopods::game::tui::app::Action;
    use crate::cephalopods::game::{Position, Size};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    fn screen(app: &App, width: u16, height: u16) -> String {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|frame| draw(frame, app)).unwrap();
        let buffer = terminal.backend().buffer();
        let mut text = String::new();
        for y in 0..height {
            for x in 0..width {
                text.push_str(buffer[(x, y)].symbol());
            }
            text.push('\n');
        }
        text
    }

    #[test]
    fn the_board_shows_every_die_with_its_owner_and_the_held_set() {
        let size: Size = "2x3".parse().unwrap();
        let solution = Solution::solve(size, Rule::Majority, |_| {}).unwrap();
        let start: Position = "w1.w1/.b1b1 w".parse().unwrap();
        let mut app = App::new(
            &solution,
            Config {
                human: Player::White,
                start,
                keep_going: false,
            },
            false,
        );
        let text = screen(&app, 80, 24);
        for die in ["w1", "b1"] {
            assert_eq!(text.matches(die).count(), 2, "{text}");
        }
        assert!(text.contains("Cephalopod 2x3, majority rule"), "{text}");
        app.apply(Action::Cell(size.cell_named("b2").unwrap()));
        let text = screen(&app, 80, 24);
        // The first set of b2 is proposed: its dice marked, the die it makes shown.
        assert!(text.contains(">w2<"), "{text}");
        assert_eq!(
            text.matches("×w1×").count() + text.matches("×b1×").count(),
            2,
            "{text}"
        );
        app.apply(Action::ToggleValues);
        let text = screen(&app, 80, 24);
        assert!(text.contains("✓ b2xa2c2b1    tie in 10"), "{text}");
        assert!(text.contains("  b2xa2b1      tie in 11"), "{text}");
        assert!(text.contains("✗ b2xa2c2      loss in 22"), "{text}");
        app.apply(Action::Help);
        let text = screen(&app, 80, 24);
        assert!(text.contains("The goal (majority rule)"), "{text}");
        let text = screen(&app, 40, 10);
        assert!(text.contains("Terminal too small"), "{text}");
    }

    #[test]
    fn every_move_loses_in_a_lost_position() {
        // The empty 2x3 board is lost for white.
        let size: Size = "2x3".parse().unwrap();
        let solution = Solution::solve(size, Rule::Majority, |_| {}).unwrap();
        let mut app = App::new(
            &solution,
            Config {
                human: Player::White,
                start: Position::start(size),
                keep_going: false,
            },
            false,
        );
        app.apply(Action::ToggleValues);
        let text = screen(&app, 80, 24);
        assert!(text.contains("lost: the program wins in 26 plies"), "{text}");
        assert!(text.contains("every move loses"), "{text}");
        assert!(!text.contains('✗'), "{text}");
    }
}
