//! The terminal board of `gamespace mu-torere play`: frames drawn on
//! ratatui's test backend, and the game driven by key and mouse events,
//! checked against the line-mode game and the program's move choice.
//!
//! Unit tests of the crate: the app, the layout and the drawing are its
//! internals. `gamespace::` paths name this crate (see `lib.rs`).

use crate::test_rng::XorShift;
use gamespace::mu_torere::play::{Config, play};
use gamespace::mu_torere::tui::app::{Action, Played};
use gamespace::mu_torere::tui::draw::{BLACK_STONE, EMPTY_POINT, WHITE_STONE, glyph};
use gamespace::mu_torere::tui::layout::{MIN_HEIGHT, MIN_WIDTH, Octagon, Screen};
use gamespace::mu_torere::tui::{App, draw};
use gamespace::mu_torere::{Board, Color, Move, Position, Solution, Square, choose};
use gamespace::solve::Outcome;
use gamespace::tui::Flow;
use gamespace::tui::keys::Decoder;
use proptest::prelude::*;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::{Position as Cell, Rect};
use ratatui::style::{Color as Paint, Modifier};

const AREA: Rect = Rect::new(0, 0, 80, 24);

fn sq(n: u32) -> Square {
    Square::from_number(n).unwrap()
}

fn app_with(human: Color, start: Position, colour: bool) -> App {
    App::new(
        Solution::get(),
        Config {
            human,
            start,
            colour,
            ..Config::default()
        },
    )
}

fn new_app() -> App {
    app_with(Color::Black, Position::START, true)
}

fn render(app: &App, area: Rect) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(area.width, area.height)).unwrap();
    terminal.draw(|frame| draw(frame, app)).unwrap();
    terminal.backend().buffer().clone()
}

fn rows(buf: &Buffer) -> Vec<String> {
    let area = buf.area;
    (area.top()..area.bottom())
        .map(|y| {
            (area.left()..area.right())
                .map(|x| buf[(x, y)].symbol())
                .collect()
        })
        .collect()
}

fn screen_text(buf: &Buffer) -> String {
    rows(buf).join("\n")
}

fn octagon(area: Rect) -> Octagon {
    Screen::new(area).unwrap().octagon()
}

fn at(buf: &Buffer, cell: Cell) -> &str {
    buf[(cell.x, cell.y)].symbol()
}

/// The three cells of the stone on `square`: left mark, glyph, right mark.
fn token(buf: &Buffer, o: &Octagon, square: Square) -> String {
    let Cell { x, y } = o.stone(square);
    [x - 1, x, x + 1].iter().map(|&x| buf[(x, y)].symbol()).collect()
}

fn key(c: char) -> Event {
    Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
}

fn click(cell: Cell, button: MouseButton) -> Event {
    Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(button),
        column: cell.x,
        row: cell.y,
        modifiers: KeyModifiers::NONE,
    })
}

fn is_braille(s: &str) -> bool {
    s.chars().all(|c| ('\u{2801}'..='\u{28ff}').contains(&c)) && !s.is_empty()
}

/// The first position, in table order, with `to_move` to move and this value.
fn position_valued(to_move: Color, value: Outcome) -> Position {
    Solution::get()
        .iter()
        .find(|&(p, o)| p.to_move == to_move && o == value)
        .map(|(p, _)| p)
        .unwrap()
}

#[test]
fn start_position_shows_every_point_labelled_with_its_stone() {
    let app = new_app();
    let buf = render(&app, AREA);
    let o = octagon(AREA);
    for square in Square::ALL {
        assert_eq!(at(&buf, o.label(square)), square.to_string(), "label of {square}");
        assert_eq!(
            at(&buf, o.stone(square)),
            glyph(Board::START.at(square)).to_string(),
            "stone on {square}"
        );
    }
    assert_eq!(token(&buf, &o, sq(4)), format!("[{BLACK_STONE}]"));
    assert_eq!(token(&buf, &o, sq(9)), format!("[{BLACK_STONE}]"));
    assert_eq!(token(&buf, &o, sq(8)), format!(" {BLACK_STONE} "));
    assert_eq!(token(&buf, &o, sq(1)), format!(" {WHITE_STONE} "));
    assert_eq!(token(&buf, &o, sq(5)), format!(" {EMPTY_POINT} "));
    let text = screen_text(&buf);
    assert!(text.contains("you: ● black   program: ○ white"));
    assert!(text.contains("black to move (you)"));
    assert!(text.contains("Your move: click a stone or press 4 or 9"));
    assert!(text.contains("no moves yet"));
    assert!(text.contains("swap sides"));
    assert!(
        !text.contains("Evaluation"),
        "the evaluation is hidden by default"
    );
}

#[test]
fn all_sixteen_edges_are_drawn_between_their_points() {
    let buf = render(&new_app(), AREA);
    let o = octagon(AREA);
    for (a, b) in Square::EDGES {
        let (p, q) = (o.stone(a), o.stone(b));
        let middle = Cell::new((p.x + q.x) / 2, (p.y + q.y) / 2);
        assert!(is_braille(at(&buf, middle)), "edge {a}-{b} at {middle:?}");
    }
    // Between the stones of a horizontal edge the line is unbroken.
    let (four, five) = (o.stone(sq(4)), o.stone(sq(5)));
    for x in four.x + 2..five.x - 1 {
        assert!(is_braille(at(&buf, Cell::new(x, four.y))), "4-5 at column {x}");
    }
}

#[test]
fn after_a_move_the_board_history_and_status_follow_the_game() {
    let mut app = new_app();
    assert_eq!(app.handle(&key('9'), AREA), Flow::Continue);
    let reply = choose(
        Solution::get(),
        Position::START.play(Position::START.move_from(sq(9)).unwrap()),
    );
    let reply = reply.unwrap();
    let buf = render(&app, AREA);
    let o = octagon(AREA);
    let board = app.position().board;
    assert_eq!(app.position().to_move, Color::Black);
    for square in Square::ALL {
        assert_eq!(at(&buf, o.stone(square)), glyph(board.at(square)).to_string());
    }
    assert_eq!(board.at(sq(5)), Some(Color::Black));
    assert_eq!(board.at(reply.to), Some(Color::White));
    let moved = &buf[(o.stone(reply.to).x, o.stone(reply.to).y)];
    assert!(
        moved.modifier.contains(Modifier::REVERSED),
        "the last move stands out"
    );
    let text = screen_text(&buf);
    assert!(text.contains("1. ● black 9 to 5  you"));
    assert!(text.contains(&format!("2. ○ white {reply}  program")));
    assert!(text.contains(&format!("The program moved {reply} (white)")));
}

#[test]
fn game_over_is_announced_with_the_way_to_play_again() {
    // Black to move and lost in two plies: whatever black does, white wins.
    let start = position_valued(Color::Black, Outcome::Loss(2));
    let mut app = app_with(Color::Black, start, true);
    let mover = app.movable()[0];
    app.apply(Action::Select(mover));
    assert_eq!(app.winner(), Some(Color::White));
    assert!(app.movable().is_empty());
    // The winning move is named on the board and in the status line.
    let won_with = app.last_move().unwrap();
    assert_eq!(app.winning_move(), Some(won_with));
    app.apply(Action::ToggleEvaluation);
    let text = screen_text(&render(&app, AREA));
    assert!(text.contains(&format!("GAME OVER: white wins with {won_with} ")));
    assert!(text.contains("the program wins"));
    assert!(text.contains("press n to play again"));
    assert!(text.contains(&format!("Game over: white wins with {won_with}")));
    assert!(text.contains(&format!("game over: won with {won_with}")));
    app.apply(Action::ToggleEvaluation);
    // Further stones do nothing; n starts again from the same position.
    app.apply(Action::Select(sq(1)));
    assert_eq!(app.plies().len(), 2);
    app.handle(&key('n'), AREA);
    assert_eq!(app.position(), start);
    assert!(app.plies().is_empty());
    assert!(!screen_text(&render(&app, AREA)).contains("GAME OVER"));
}

#[test]
fn a_terminal_too_small_gets_a_message_instead_of_the_board() {
    let mut app = new_app();
    let small = Rect::new(0, 0, MIN_WIDTH - 1, MIN_HEIGHT + 2);
    let buf = render(&app, small);
    let text = screen_text(&buf);
    assert!(text.contains("Terminal too small"));
    assert!(text.contains(&format!(
        "{}x{} now, {MIN_WIDTH}x{MIN_HEIGHT} needed",
        small.width, small.height
    )));
    assert!(!text.contains(BLACK_STONE) && !text.contains(WHITE_STONE));
    // Nothing moves unseen, but q still quits.
    assert_eq!(app.handle(&key('9'), small), Flow::Continue);
    assert!(app.plies().is_empty());
    assert_eq!(app.handle(&key('q'), small), Flow::Quit);
    // The smallest size that is big enough shows the whole board.
    let buf = render(&app, Rect::new(0, 0, MIN_WIDTH, MIN_HEIGHT));
    assert!(screen_text(&buf).contains("Keys"));
}

#[test]
fn without_colour_the_stones_still_differ_and_no_cell_is_coloured() {
    let mut plain = app_with(Color::Black, Position::START, false);
    plain.apply(Action::Select(sq(4)));
    let buf = render(&plain, AREA);
    for cell in buf.content() {
        assert_eq!((cell.fg, cell.bg), (Paint::Reset, Paint::Reset), "{cell:?}");
    }
    let o = octagon(AREA);
    let board = plain.position().board;
    for square in Square::ALL {
        assert_eq!(at(&buf, o.stone(square)), glyph(board.at(square)).to_string());
    }
    // In colour, black and white stones differ in colour as well.
    let buf = render(&new_app(), AREA);
    let fg = |n| buf[(o.stone(sq(n)).x, o.stone(sq(n)).y)].fg;
    assert_ne!(fg(1), fg(9));
    assert_ne!(fg(1), Paint::Reset);
}

#[test]
fn keys_map_to_actions() {
    let cases = [
        (key('4'), Some(Action::Select(sq(4)))),
        (key('9'), Some(Action::Select(sq(9)))),
        (key('0'), Some(Action::Unknown(KeyCode::Char('0')))),
        (key('?'), Some(Action::Help)),
        (key('h'), Some(Action::Help)),
        (key('u'), Some(Action::Undo)),
        (key('n'), Some(Action::NewGame)),
        (key('s'), Some(Action::SwapSides)),
        (key('e'), Some(Action::ToggleEvaluation)),
        (key('q'), Some(Action::Quit)),
        (key('x'), Some(Action::Unknown(KeyCode::Char('x')))),
        (
            Event::Key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL)),
            Some(Action::Suspend),
        ),
        (
            Event::Key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE)),
            Some(Action::Quit),
        ),
        (
            Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
            Some(Action::Quit),
        ),
        (Event::Resize(100, 40), None),
    ];
    for (event, action) in cases {
        assert_eq!(App::action(&event, AREA), action, "{event:?}");
    }
}

#[test]
fn a_click_on_a_stone_or_its_number_selects_that_point() {
    for area in [
        AREA,
        Rect::new(0, 0, 100, 32),
        Rect::new(0, 0, MIN_WIDTH, MIN_HEIGHT),
    ] {
        let o = octagon(area);
        for square in Square::ALL {
            let stone = o.stone(square);
            for cell in [
                stone,
                Cell::new(stone.x - 1, stone.y),
                Cell::new(stone.x + 1, stone.y),
                o.label(square),
            ] {
                let action = App::action(&click(cell, MouseButton::Left), area);
                assert_eq!(action, Some(Action::Select(square)), "{area:?} {square} {cell:?}");
            }
            assert_eq!(App::action(&click(stone, MouseButton::Right), area), None);
        }
        assert_eq!(
            App::action(&click(Cell::new(0, 0), MouseButton::Left), area),
            None
        );
    }
    // A click plays the move, as the number key does.
    let mut app = new_app();
    app.handle(&click(octagon(AREA).stone(sq(4)), MouseButton::Left), AREA);
    assert_eq!(app.plies()[0].mv, Position::START.move_from(sq(4)).unwrap());
}

#[test]
fn a_stone_that_cannot_move_is_explained_and_nothing_changes() {
    let mut app = new_app();
    let cases = [
        (
            8,
            "8 cannot move: a stone enters the centre only beside an opponent's, and 7 and 9 are black",
        ),
        (1, "1 is a white stone, the program's; you play black"),
        (5, "5 is the empty point"),
    ];
    for (n, why) in cases {
        app.handle(&key(char::from_digit(n, 10).unwrap()), AREA);
        assert!(app.status().contains(why), "{n}: {}", app.status());
        assert_eq!(app.position(), Position::START);
        assert!(screen_text(&render(&app, AREA)).contains(&why[..20]));
    }
    // A rim stone away from an empty rim point.
    app.handle(&key('9'), AREA);
    let empty = app.position().board.empty();
    let far = Square::RIM
        .into_iter()
        .find(|&s| app.position().board.at(s) == Some(Color::Black) && !s.is_adjacent(empty))
        .unwrap();
    app.apply(Action::Select(far));
    assert!(app.status().contains(&format!(
        "{far} cannot move: no line joins it to the empty point {empty}"
    )));
}

#[test]
fn undo_takes_back_a_full_move() {
    let mut app = new_app();
    app.handle(&key('9'), AREA);
    let after_one = app.position();
    let mover = app.movable()[0];
    app.apply(Action::Select(mover));
    assert_eq!(app.plies().len(), 4);
    app.handle(&key('u'), AREA);
    assert_eq!((app.position(), app.plies().len()), (after_one, 2));
    app.handle(&key('u'), AREA);
    assert_eq!((app.position(), app.plies().len()), (Position::START, 0));
    app.handle(&key('u'), AREA);
    assert!(app.status().contains("Nothing to undo"));
    assert_eq!(app.position(), Position::START);

    // After a lost game, undo goes back to before the losing move.
    let start = position_valued(Color::Black, Outcome::Loss(2));
    let mut app = app_with(Color::Black, start, true);
    app.apply(Action::Select(app.movable()[0]));
    assert!(app.winner().is_some());
    app.apply(Action::Undo);
    assert_eq!((app.position(), app.winner()), (start, None));

    // When the program opened, its first move cannot be taken back.
    let mut app = app_with(Color::White, Position::START, true);
    assert_eq!(app.plies().len(), 1);
    app.apply(Action::Undo);
    assert_eq!(app.plies().len(), 1);
}

#[test]
fn swapping_sides_hands_the_program_the_turn() {
    let mut app = new_app();
    app.handle(&key('s'), AREA);
    assert_eq!(app.human(), Color::White);
    let expected = choose(Solution::get(), Position::START).unwrap();
    assert_eq!(app.plies()[0].mv, expected);
    assert_eq!(app.position().to_move, Color::White);
    assert!(app.status().contains("You now play white"));
    let movable: Vec<String> = app.movable().iter().map(Square::to_string).collect();
    let listed = match movable.as_slice() {
        [only] => only.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
        [] => unreachable!("the game goes on"),
    };
    assert!(
        app.status().ends_with(&format!("press {listed}")),
        "{}",
        app.status()
    );
    assert!(screen_text(&render(&app, AREA)).contains("you: ○ white   program: ● black"));
    app.handle(&key('s'), AREA);
    assert_eq!(app.human(), Color::Black);
    assert_eq!(app.plies().len(), 2);
    assert_eq!(app.position().to_move, Color::Black);
}

#[test]
fn the_evaluation_toggles_and_marks_the_losing_moves() {
    // The known trap: after 9->5 and 6->9 the program as black plays 5->6,
    // and white must not answer 9->5.
    let start = Position::new("wwwbbobbw".parse().unwrap(), Color::Black);
    let mut app = app_with(Color::White, start, true);
    let o = octagon(AREA);
    assert!(app.status().ends_with("press 1, 3 or 9"), "{}", app.status());
    let hidden = render(&app, AREA);
    assert_eq!(token(&hidden, &o, sq(9)), format!("[{WHITE_STONE}]"));
    app.handle(&key('e'), AREA);
    assert!(app.shows_evaluation());
    let evaluation = app.evaluation().unwrap();
    assert_eq!(evaluation.verdict, "drawn");
    assert_eq!(evaluation.losing_moves, vec![sq(9)]);
    let shown = render(&app, AREA);
    assert_eq!(token(&shown, &o, sq(9)), format!("✗{WHITE_STONE}✗"));
    let text = screen_text(&shown);
    assert!(text.contains("Evaluation"));
    assert!(text.contains("drawn"));
    assert!(text.contains("✗ losing moves: 9"));
    app.handle(&key('e'), AREA);
    assert!(!screen_text(&render(&app, AREA)).contains("Evaluation"));
}

#[test]
fn the_verdict_counts_the_plies_to_the_end() {
    let solution = Solution::get();
    for (p, value) in solution.iter().filter(|&(p, _)| !p.is_over()) {
        let app = app_with(p.to_move, p, true);
        let verdict = app.evaluation().unwrap().verdict;
        let expected = match value {
            Outcome::Draw => "drawn".to_owned(),
            Outcome::Win(1) => "you can win in 1 ply".to_owned(),
            Outcome::Win(n) => format!("you can win in {n} plies"),
            Outcome::Loss(n) => format!("lost: the program wins in {n} plies"),
            Outcome::Tie(_) => panic!("Mu Torere has no ties"),
        };
        assert_eq!(verdict, expected, "{} {}", p.board, p.to_move);
    }
    let lost = position_valued(Color::White, Outcome::Loss(4));
    let mut app = app_with(Color::White, lost, true);
    app.apply(Action::ToggleEvaluation);
    assert!(screen_text(&render(&app, AREA)).contains("lost: the program wins in 4 plies"));
}

/// The seeded generator of the unit tests, so the random games are the
/// same every run, with indices.
struct Rng(XorShift);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n as u64) as usize
    }
}

fn move_line(mover: Color, m: Move) -> String {
    format!("{mover} moves {m}")
}

#[test]
fn the_program_replies_exactly_as_in_line_mode() {
    let solution = Solution::get();
    let positions: Vec<Position> = solution.iter().map(|(p, _)| p).collect();
    let mut rng = Rng(XorShift::new(0x5eed_1234_abcd_0001));
    for game in 0..300 {
        let start = if game % 3 == 0 {
            Position::START
        } else {
            positions[rng.below(positions.len())]
        };
        let human = Color::ALL[rng.below(2)];
        let mut app = app_with(human, start, false);
        let mut typed = String::new();
        for _ in 0..rng.below(40) {
            let movable = app.movable();
            if movable.is_empty() {
                break;
            }
            let square = movable[rng.below(movable.len())];
            typed.push_str(&format!("{square}\n"));
            let before = app.plies().len();
            app.handle(
                &key(char::from_digit(u32::from(square.number()), 10).unwrap()),
                AREA,
            );
            assert_eq!(app.plies()[before].mv.from, square);
        }
        // Every program move is the program's choice in its position.
        let mut p = start;
        for ply in app.plies() {
            if ply.mover != human {
                assert_eq!(Some(ply.mv), choose(solution, p));
            }
            p = p.play(ply.mv);
        }
        let config = Config {
            human,
            start,
            ..Config::default()
        };
        let (mut out, mut talk) = (Vec::new(), Vec::new());
        play(solution, config, typed.as_bytes(), &mut out, &mut talk).unwrap();
        let out = String::from_utf8(out).unwrap();
        let line_mode: Vec<&str> = out.lines().filter(|l| l.contains(" moves ")).collect();
        let ours: Vec<String> = app
            .plies()
            .iter()
            .map(|ply| move_line(ply.mover, ply.mv))
            .collect();
        assert_eq!(
            line_mode, ours,
            "game {game} from {} {}",
            start.board, start.to_move
        );
        if let Some(winner) = app.winner() {
            assert!(out.ends_with(&format!("{winner} wins\n")));
        }
    }
}

#[test]
fn an_unknown_key_gets_a_hint_and_changes_nothing() {
    let mut app = new_app();
    assert_eq!(app.handle(&key('x'), AREA), Flow::Continue);
    assert!(app.status().contains("`x` does nothing here"), "{}", app.status());
    assert!(app.status().contains("? shows the rules"));
    assert!(app.status().ends_with("press 4 or 9"), "{}", app.status());
    assert!(app.plies().is_empty());
    let text = screen_text(&render(&app, AREA));
    assert!(text.contains("`x` does nothing here"));
}

#[test]
fn ctrl_z_asks_the_loop_to_suspend() {
    let mut app = new_app();
    let ctrl_z = Event::Key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL));
    assert_eq!(app.handle(&ctrl_z, AREA), Flow::Suspend);
    // Also on a screen too small to play on, and nothing changes.
    assert_eq!(app.handle(&ctrl_z, Rect::new(0, 0, 10, 5)), Flow::Suspend);
    assert!(app.plies().is_empty());
}

#[test]
fn the_help_key_shows_the_rules_until_any_key() {
    let mut app = new_app();
    app.handle(&key('?'), AREA);
    assert!(app.shows_help());
    // The text as read, its wrapped lines joined.
    let text: Vec<String> = rows(&render(&app, AREA))
        .iter()
        .map(|row| {
            row.trim_matches(|c: char| c == '│' || c.is_whitespace())
                .to_owned()
        })
        .collect();
    let text = text.join(" ");
    for rule in [
        "The player who cannot move loses",
        "only if one of its rim neighbours holds an opponent's stone",
        "comes up a third time",
        "Ctrl-Z",
        "any key closes",
    ] {
        assert!(text.contains(rule), "{rule} in\n{text}");
    }
    // The rules fit the smallest screen too.
    let small = Rect::new(0, 0, MIN_WIDTH, MIN_HEIGHT);
    assert!(screen_text(&render(&app, small)).contains("any key closes"));
    // Any key closes the help and does what it does.
    app.handle(&key('9'), AREA);
    assert!(!app.shows_help());
    assert_eq!(app.plies().len(), 2);
    app.handle(&key('h'), AREA);
    app.handle(&key('h'), AREA);
    assert!(!app.shows_help());
    assert!(screen_text(&render(&app, AREA)).contains("rules and help"));
}

#[test]
fn a_third_repetition_ends_the_game_drawn_and_offers_a_new_one() {
    // The human (black) plays the first drawing move in square order; the
    // program, fixed by the position, answers: positions come back.
    let solution = Solution::get();
    let mut app = new_app();
    let mut moves = 0;
    while !app.is_over() {
        let p = app.position();
        let m = p
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| !solution.move_value(p, m).is_loss())
            .unwrap();
        app.apply(Action::Select(m.from));
        moves += 1;
        assert!(moves < 100, "no repetition");
    }
    assert!(app.drawn());
    assert_eq!(app.winner(), None);
    assert!(app.movable().is_empty());
    assert_eq!(app.evaluation(), None);
    let now = app.position();
    let positions: Vec<Position> = std::iter::once(Position::START)
        .chain(app.plies().iter().scan(Position::START, |p, ply| {
            *p = p.play(ply.mv);
            Some(*p)
        }))
        .collect();
    assert_eq!(positions.iter().filter(|&&p| p == now).count(), 3);
    // The program's moves are its choice as ever.
    let mut p = Position::START;
    for ply in app.plies() {
        if ply.by == gamespace::mu_torere::tui::app::Player::Program {
            assert_eq!(Some(ply.mv), choose(solution, p));
        }
        p = p.play(ply.mv);
    }
    let text = screen_text(&render(&app, AREA));
    assert!(text.contains("GAME OVER: draw by repetition"));
    assert!(text.contains("press n to play again"));
    assert!(
        app.status().contains("has come up a third time"),
        "{}",
        app.status()
    );
    // Stones do nothing now; n starts again.
    let plies = app.plies().len();
    app.handle(&key('4'), AREA);
    app.handle(&key('9'), AREA);
    assert_eq!(app.plies().len(), plies);
    app.handle(&key('n'), AREA);
    assert!(!app.is_over());
    assert!(app.plies().is_empty());
    // Without the rule the game goes on.
    let mut endless = App::new(
        solution,
        Config {
            draw_rule: gamespace::mu_torere::play::DrawRule::None,
            ..Config::default()
        },
    );
    for ply in app_plies_of(&positions) {
        endless.apply(Action::Select(ply));
    }
    assert!(!endless.is_over());
}

/// The human's squares in a game of positions `positions`, black to move
/// first: every other move, from the first.
fn app_plies_of(positions: &[Position]) -> Vec<Square> {
    positions
        .windows(2)
        .step_by(2)
        .map(|w| w[1].board.empty())
        .collect()
}

#[test]
fn a_lost_position_says_every_move_loses_and_a_won_one_names_the_winning_moves() {
    let lost = position_valued(Color::Black, Outcome::Loss(4));
    let mut app = app_with(Color::Black, lost, true);
    app.apply(Action::ToggleEvaluation);
    let evaluation = app.evaluation().unwrap();
    assert!(evaluation.every_move_loses);
    assert!(evaluation.losing_moves.is_empty());
    let buf = render(&app, AREA);
    let text = screen_text(&buf);
    assert!(text.contains("every move loses"));
    assert!(!text.contains("losing moves"));
    // No stone is marked as losing: they all do.
    assert!(!text.contains('✗'));

    let won = position_valued(Color::Black, Outcome::Win(3));
    let mut app = app_with(Color::Black, won, true);
    app.apply(Action::ToggleEvaluation);
    let evaluation = app.evaluation().unwrap();
    assert!(!evaluation.every_move_loses);
    let best: Vec<Square> = {
        let mut best: Vec<Square> = won
            .legal_moves()
            .iter()
            .filter(|&&m| Solution::get().move_value(won, m) == Outcome::Win(3))
            .map(|m| m.from)
            .collect();
        best.sort();
        best
    };
    assert!(!best.is_empty());
    assert_eq!(evaluation.winning_moves, best);
    let listed: Vec<String> = best.iter().map(Square::to_string).collect();
    let text = screen_text(&render(&app, AREA));
    assert!(text.contains(&format!(": {}", listed.join(", "))), "{text}");
    assert!(text.contains("✓ winning move"));
}

proptest::proptest! {
    /// Whatever bytes arrive, in whatever chunks, the decoder gives up a
    /// sequence that does not end, and reads the next key as a key.
    #[test]
    fn the_key_decoder_never_locks(
        chunks in prop::collection::vec(prop::collection::vec(prop_oneof![3 => Just(0x1bu8), 3 => Just(b'['), 2 => Just(b'<'), 2 => Just(b'M'), 4 => 0x30u8..0x3c, 4 => any::<u8>()], 0..12), 0..8),
    ) {
        let mut decoder = Decoder::default();
        let mut events = Vec::new();
        for chunk in &chunks {
            decoder.feed(chunk, &mut events);
        }
        decoder.expire(&mut events);
        prop_assert!(!decoder.is_waiting());
        events.clear();
        decoder.feed(b"q", &mut events);
        prop_assert_eq!(events.len(), 1, "q is a key again");
    }
}
