//! Drawing one frame of the game on `2n` points: the polygon with its
//! spokes, stones and numbers, the side panel and the status line, or a
//! plain message when the terminal is too small. The stones, the lines, the
//! panels and the help are drawn as on the traditional board
//! ([`crate::mu_torere::tui::draw`]): colour is never the only cue, the
//! stones that can move are in brackets `[●]`, the cursor's stone is
//! `>●<`, and with the evaluation shown the losing moves are `✗●✗`.

use super::app::App;
use super::layout::{Polygon, Screen, min_size};
use crate::mu_torere::board::Color as Stone;
use crate::mu_torere::family::play::rules;
use crate::mu_torere::family::{RingMove, Stones};
use crate::mu_torere::tui::Player;
use crate::mu_torere::tui::app::Played;
use crate::mu_torere::tui::draw::{Mark, board_box, edges, evaluation_lines, number, panel, stone, title};
use crate::tui::draw::{Theme, help, status, too_small};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as Cell, Rect};
use ratatui::style::Style;
use ratatui::widgets::Widget;

pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    let theme = Theme { colour: app.colour };
    let Some(screen) = Screen::new(area, app.names()) else {
        too_small(frame, area, min_size(app.names()));
        return;
    };
    let ring = app.ring();
    let game = format!("Mu Torere on {} points, {} rule", ring.rim(), ring.rule());
    frame.render_widget(title(&game, app.human(), theme), screen.title);
    board(frame.buffer_mut(), app, theme, &screen);
    let won_with = app.winning_move().map(|m| app.move_text(m));
    let evaluation = app
        .shows_evaluation()
        .then(|| evaluation_lines(theme, app.evaluation(), won_with, app.drawn()));
    let plies: Vec<(Stone, Player, String)> = app
        .plies()
        .iter()
        .map(|ply| (ply.mover, ply.by, app.move_text(ply.mv)))
        .collect();
    let (low, high) = app.range();
    let numbers = format!("{low}-{high} click");
    let keys = keys(&numbers);
    panel(
        frame,
        theme,
        screen.panel,
        evaluation,
        &plies,
        &keys[..KEYS_SHOWN],
    );
    status(frame, app.status(), screen.status);
    if app.shows_help() {
        let rules = format!(
            "{} {}",
            rules(ring).replace('\n', " "),
            app.draw_rule().describe()
        );
        // Over the board, the panel and the status: the rules of a board
        // named in full take more room than the traditional board's.
        let body = Rect::new(area.x, screen.board.y, area.width, area.bottom() - screen.board.y);
        help(frame, &rules, &keys, body);
    }
}

/// How many of the keys the side panel lists; the help lists them all.
const KEYS_SHOWN: usize = 7;

/// The keys, the first [`KEYS_SHOWN`] as the panel lists them, all as the
/// help does; `numbers` says which numbers there are.
fn keys(numbers: &str) -> [(&str, &str); 8] {
    [
        (numbers, "move that stone"),
        ("arrows Spc", "cursor, move it"),
        ("u", "undo your move"),
        ("n, s", "new game, swap"),
        ("e", "show evaluation"),
        ("?, h", "rules and help"),
        ("q, Esc", "quit"),
        (
            "1 2, 1 Enter",
            "two digits make one number, 12; Enter ends one that a digit could make longer, 1",
        ),
    ]
}

fn board(buf: &mut Buffer, app: &App, theme: Theme, screen: &Screen) {
    let p = app.position();
    let how = if app.typed().is_some() {
        " another digit, or Enter "
    } else {
        " click a stone or type its number "
    };
    board_box(
        theme,
        app.winner(),
        app.winning_move().map(|m| app.move_text(m)),
        app.drawn(),
        p.to_move,
        how,
    )
    .render(screen.board, buf);
    let movable = app.movable();
    let losing = match (app.shows_evaluation(), app.evaluation()) {
        (true, Some(evaluation)) => evaluation.losing_moves,
        _ => Vec::new(),
    };
    let cursor = (!app.is_over()).then(|| app.cursor());
    let marks = |point: u32| {
        let mark = if cursor == Some(point) {
            Mark::Cursor
        } else if losing.contains(&app.name(point)) {
            Mark::Losing
        } else if movable.contains(&point) {
            Mark::Movable
        } else {
            Mark::Plain
        };
        let number = if movable.contains(&point) {
            mark
        } else {
            Mark::Plain
        };
        (mark, number)
    };
    points(buf, theme, &screen.polygon, p.stones, app.last_move(), marks);
}

/// Draws the polygon: the rim and the spokes (the last move's line brought
/// out), then every point's stone and number, each with the marks that
/// `marks` gives it.
fn points(
    buf: &mut Buffer,
    theme: Theme,
    polygon: &Polygon,
    stones: Stones,
    last: Option<RingMove>,
    marks: impl Fn(u32) -> (Mark, Mark),
) {
    let rim = polygon.points() - 1;
    let joined = |a: u32, b: u32| last.is_some_and(|m| (m.from, m.to) == (a, b) || (m.from, m.to) == (b, a));
    let mut lines = Vec::new();
    for k in 1..=rim {
        let next = k % rim + 1;
        lines.push((polygon.stone(k), polygon.stone(next), joined(k, next)));
        lines.push((polygon.stone(0), polygon.stone(k), joined(0, k)));
    }
    edges(buf, polygon.area, theme, &lines);
    // A blank cell on either side of each number keeps it clear of the
    // lines' dots; the layout leaves those cells to no other point.
    for point in 0..=rim {
        let mut cells = polygon.label_cells(point);
        let first = cells.next().expect("a number has a digit");
        let last = cells.last().unwrap_or(first);
        for cell in [Cell::new(first.x - 1, first.y), Cell::new(last.x + 1, last.y)] {
            if polygon.area.contains(cell) {
                buf.set_string(cell.x, cell.y, " ", Style::new());
            }
        }
    }
    for point in 0..=rim {
        let (mark, number_mark) = marks(point);
        let moved = (
            last.is_some_and(|m| m.to == point),
            last.is_some_and(|m| m.from == point),
        );
        stone(buf, theme, polygon.stone(point), stones.at(point), moved, mark);
        number(buf, theme, polygon.label(point), polygon.name(point), number_mark);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mu_torere::family::tui::app::Action;
    use crate::mu_torere::family::tui::app::tests::app;
    use crate::mu_torere::family::{Numbering, Ring, RingSolution, Rule};
    use crate::mu_torere::tui::draw::glyph;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    fn render(app: &App, width: u16, height: u16) -> Buffer {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|frame| draw(frame, app)).unwrap();
        terminal.backend().buffer().clone()
    }

    fn text(buf: &Buffer) -> String {
        let area = buf.area;
        (area.top()..area.bottom())
            .map(|y| {
                (area.left()..area.right())
                    .map(|x| buf[(x, y)].symbol())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn at(buf: &Buffer, cell: Cell) -> String {
        buf[(cell.x, cell.y)].symbol().to_owned()
    }

    #[test]
    fn every_board_shows_every_stone_and_number_on_80_by_24() {
        for n in Ring::MIN_N..=Ring::MAX_N {
            for rule in [Rule::Standard, Rule::Free] {
                let ring = Ring::new(n, rule).unwrap();
                let numbering = Numbering::of(&ring);
                let names: Vec<u32> = (0..ring.points()).map(|k| numbering.name(k)).collect();
                let stones = ring.start().stones;
                let screen = Screen::new(Rect::new(0, 0, 80, 24), &names).unwrap();
                let polygon = &screen.polygon;
                let mut buf = Buffer::empty(Rect::new(0, 0, 80, 24));
                let theme = Theme { colour: true };
                points(&mut buf, theme, polygon, stones, None, |_| {
                    (Mark::Plain, Mark::Plain)
                });
                for point in 0..ring.points() {
                    let shown = at(&buf, polygon.stone(point));
                    assert_eq!(shown, glyph(stones.at(point)).to_string(), "{n}: {point}");
                    let name: String = polygon.label_cells(point).map(|c| at(&buf, c)).collect();
                    assert_eq!(name, numbering.name(point).to_string(), "{n}: {point}");
                }
                // Braille dots draw the lines between the stones.
                let screen = text(&buf);
                assert!(screen.chars().any(|c| ('\u{2801}'..='\u{28ff}').contains(&c)));
            }
        }
    }

    #[test]
    fn a_game_on_sixteen_points_fills_the_screen() {
        let solution = RingSolution::new(Ring::new(8, Rule::Standard).unwrap());
        let a = app(&solution, Stone::Black);
        let screen = text(&render(&a, 80, 24));
        assert!(
            screen.contains("Mu Torere on 16 points, standard rule"),
            "{screen}"
        );
        assert!(screen.contains("black to move (you)"), "{screen}");
        assert!(screen.contains("no moves yet"), "{screen}");
        assert!(
            screen.contains("Your move: click a stone or type its number"),
            "{screen}"
        );
    }

    #[test]
    fn the_movable_stones_the_cursor_and_the_last_move_are_marked() {
        let solution = RingSolution::new(Ring::new(5, Rule::Standard).unwrap());
        let mut a = app(&solution, Stone::Black);
        let buf = render(&a, 80, 24);
        let polygon = Screen::new(buf.area, a.names()).unwrap().polygon;
        let token = |buf: &Buffer, point: u32| {
            let Cell { x, y } = polygon.stone(point);
            (x - 1..=x + 1)
                .map(|x| at(buf, Cell::new(x, y)))
                .collect::<String>()
        };
        // The cursor starts on the empty centre; 1 and 5 may move.
        assert_eq!(token(&buf, 0), ">·<");
        assert_eq!(token(&buf, 1), "[●]");
        assert_eq!(token(&buf, 5), "[●]");
        assert_eq!(token(&buf, 3), " ● ");
        assert_eq!(token(&buf, 7), " ○ ");
        a.apply(Action::Select(5));
        let buf = render(&a, 80, 24);
        assert!(text(&buf).contains("1. ● black 5 to 0  you"), "{}", text(&buf));
        assert!(text(&buf).contains("2. ○ white "), "{}", text(&buf));
    }

    #[test]
    fn the_help_states_the_goal_the_rule_and_the_keys() {
        let solution = RingSolution::new(Ring::new(6, Rule::Free).unwrap());
        let mut a = app(&solution, Stone::Black);
        a.apply(Action::Help);
        let screen = text(&render(&a, 80, 24));
        // The text as read, its wrapped lines joined.
        let flat = screen
            .lines()
            .map(|row| row.trim_matches(|c: char| c == '│' || c.is_whitespace()))
            .collect::<Vec<_>>()
            .join(" ");
        for wanted in [
            "The goal",
            "ring of 12 points",
            "free rule",
            "third time",
            "two digits make",
            "Ctrl-Z",
        ] {
            assert!(flat.contains(wanted), "{wanted} in {screen}");
        }
    }

    #[test]
    fn a_terminal_too_small_says_what_it_needs() {
        let solution = RingSolution::new(Ring::new(7, Rule::Standard).unwrap());
        let a = app(&solution, Stone::Black);
        let (w, h) = min_size(a.names());
        let screen = text(&render(&a, 40, 15));
        assert!(screen.contains("Terminal too small"), "{screen}");
        assert!(screen.contains(&format!("40x15 now, {w}x{h} needed")), "{screen}");
    }
}
