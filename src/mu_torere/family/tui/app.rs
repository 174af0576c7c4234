//! The game on `2n` points as a pure state machine: keys and clicks in, a
//! new state out. Nothing here touches the terminal, so the tests drive it
//! directly.
//!
//! A stone is chosen by a click, by the cursor (the arrows, then Enter or
//! Space), or by typing its point's number. A number that another digit
//! could still make longer waits for it: on twelve points `1` waits, then
//! `2` chooses 12, and Enter or Space chooses 1; `3` chooses 3 at once, as
//! no point is numbered 30 or more. Any other key drops the digit waiting,
//! then does what it does. Enter, rather than a pause, ends a short number,
//! so that a slow typist never moves a stone they did not mean.
//!
//! The program answers at once, with the family's own [`choose`], so
//! whenever the game is not over it is the human's turn.

use super::layout::Screen;
use crate::mu_torere::family::choice::{choose, ranked_moves};
use crate::mu_torere::family::play::RingConfig;
use crate::mu_torere::family::{Numbering, Ring, RingMove, RingPosition, RingSolution};
use crate::mu_torere::tui::Player;
use crate::mu_torere::tui::app::{Common, Evaluation, Played, Ply};
use crate::tui::Flow;
use crate::tui::command::{Command, Direction, command};
use crate::tui::history::History;
use crate::tui::panels::{Panels, Status};
use ratatui::crossterm::event::{Event, KeyCode, MouseButton, MouseEventKind};
use ratatui::layout::{Position as Cell, Rect};
use std::ops::{Deref, DerefMut};

/// What the user asked for, once keys and clicks are decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Move the stone on this point (a click, or a whole number typed).
    Select(u32),
    /// A digit of a point's number.
    Digit(u32),
    Cursor(Direction),
    /// Choose the number typed so far, or the point under the cursor
    /// (Enter, Space).
    Choose,
    /// Drop the number typed so far, or quit when there is none (Esc).
    Cancel,
    Undo,
    NewGame,
    SwapSides,
    ToggleEvaluation,
    /// Show or hide the rules and the keys.
    Help,
    /// Give the terminal back and stop, as Ctrl-Z does in a shell.
    Suspend,
    /// A key that does nothing here: it gets a hint.
    Unknown(KeyCode),
    Quit,
}

/// One game on a board of the family, with its history for undo and what
/// the screen shows besides the board.
pub struct App<'a> {
    solution: &'a RingSolution,
    numbering: Numbering,
    /// What players call each point, the centre first.
    names: Vec<u32>,
    game: History<RingPosition, Ply<RingMove>>,
    common: Common,
    /// The point under the cursor.
    cursor: u32,
    /// The digits typed so far of a point's number.
    typed: Option<u32>,
}

impl Played for App<'_> {
    type Position = RingPosition;
    type Move = RingMove;

    fn game(&self) -> &History<RingPosition, Ply<RingMove>> {
        &self.game
    }

    fn game_mut(&mut self) -> &mut History<RingPosition, Ply<RingMove>> {
        &mut self.game
    }

    fn is_stuck(&self, p: RingPosition) -> bool {
        self.ring().move_count(p) == 0
    }

    fn next(&self, p: RingPosition, mv: RingMove) -> RingPosition {
        self.ring().play(p, mv)
    }

    fn choose(&self, p: RingPosition) -> Option<RingMove> {
        choose(self.solution, &self.numbering, p)
    }

    /// `12 to 0`.
    fn move_text(&self, m: RingMove) -> String {
        format!("{} to {}", self.name(m.from), self.name(m.to))
    }

    fn movable_names(&self) -> Vec<String> {
        let mut movable: Vec<u32> = self.movable().iter().map(|&k| self.name(k)).collect();
        movable.sort_unstable();
        movable.iter().map(u32::to_string).collect()
    }
}

impl Status for App<'_> {
    fn panels(&mut self) -> &mut Panels {
        &mut self.panels
    }

    fn describe_turn(&mut self, note: &str) {
        self.status = self.turn("type its number: ").status(note);
    }
}

impl<'a> App<'a> {
    /// A new game as `config` sets it up; if the program moves first, it
    /// already has.
    pub fn new(solution: &'a RingSolution, config: RingConfig, colour: bool) -> App<'a> {
        let ring = solution.ring();
        let numbering = Numbering::of(ring);
        let names = (0..ring.points()).map(|k| numbering.name(k)).collect();
        let mut app = App {
            solution,
            numbering,
            names,
            game: History::new(config.start),
            common: Common::new(config.human, colour, config.draw_rule),
            cursor: 0,
            typed: None,
        };
        app.new_game();
        app
    }

    pub fn ring(&self) -> &Ring {
        self.solution.ring()
    }

    /// What players call each point, the centre first.
    pub fn names(&self) -> &[u32] {
        &self.names
    }

    /// What players call `point`.
    pub fn name(&self, point: u32) -> u32 {
        self.numbering.name(point)
    }

    pub fn cursor(&self) -> u32 {
        self.cursor
    }

    /// The digits typed so far of a point's number.
    pub fn typed(&self) -> Option<u32> {
        self.typed
    }

    /// The points of the stones the human may move now.
    pub fn movable(&self) -> Vec<u32> {
        let p = self.position();
        if p.to_move != self.human || self.drawn() {
            return Vec::new();
        }
        self.ring().moves(p).iter().map(|m| m.from).collect()
    }

    /// The evaluation for the human, moves named by their points' names,
    /// or `None` once the game is over.
    pub fn evaluation(&self) -> Option<Evaluation<u32>> {
        if self.is_over() {
            return None;
        }
        let p = self.position();
        let mut value = self.solution.outcome(p);
        let mut moves = Vec::new();
        if p.to_move == self.human {
            moves = ranked_moves(self.solution, &self.numbering, p)
                .iter()
                .map(|r| (self.name(r.mv.from), r.value))
                .collect();
        } else {
            value = value.parent();
        }
        Some(Evaluation::new(value, &moves))
    }

    /// The least and the greatest names of a point.
    pub fn range(&self) -> (u32, u32) {
        self.numbering.range()
    }

    /// Decodes a terminal event: keys, and left clicks on the board as laid
    /// out on a screen of size `area`.
    pub fn action(&self, event: &Event, area: Rect) -> Option<Action> {
        match event {
            Event::Key(key) => Some(match command(key)? {
                Command::Char(c @ '0'..='9') => Action::Digit(c.to_digit(10)?),
                Command::Cursor(direction) => Action::Cursor(direction),
                Command::Char(' ') | Command::Enter => Action::Choose,
                Command::Escape => Action::Cancel,
                Command::Undo => Action::Undo,
                Command::Char('n' | 'N') => Action::NewGame,
                Command::Char('s' | 'S') => Action::SwapSides,
                Command::Char('e' | 'E') => Action::ToggleEvaluation,
                Command::Help => Action::Help,
                Command::Suspend => Action::Suspend,
                Command::Quit => Action::Quit,
                Command::Char(c) => Action::Unknown(KeyCode::Char(c)),
                Command::Tab => Action::Unknown(KeyCode::Tab),
                Command::BackTab => Action::Unknown(KeyCode::BackTab),
                Command::Other(code) => Action::Unknown(code),
            }),
            Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                let screen = Screen::new(area, &self.names)?;
                screen
                    .polygon
                    .hit(Cell::new(mouse.column, mouse.row))
                    .map(Action::Select)
            }
            _ => None,
        }
    }

    /// Handles one terminal event on a screen of size `area`. On a screen
    /// too small to show the board only quitting works: nothing changes
    /// unseen.
    pub fn handle(&mut self, event: &Event, area: Rect) -> Flow {
        match self.action(event, area) {
            Some(action @ (Action::Quit | Action::Suspend)) => self.apply(action),
            Some(action) if Screen::new(area, &self.names).is_some() => self.apply(action),
            _ => Flow::Continue,
        }
    }

    pub fn apply(&mut self, action: Action) -> Flow {
        self.close_help(matches!(action, Action::Help | Action::Suspend));
        // A number typed waits only for its next digit or Enter.
        let typed = self.typed.take();
        match (action, typed) {
            (Action::Digit(digit), _) => self.digit(typed, digit),
            (Action::Choose, Some(name)) => self.select_name(name),
            (Action::Choose, None) => self.select(self.cursor),
            (Action::Cancel | Action::Undo, Some(name)) => {
                self.describe_turn(&format!("Dropped the {name} typed. "))
            }
            (Action::Cancel, None) => return Flow::Quit,
            (Action::Select(point), _) => self.select(point),
            (Action::Cursor(direction), _) => {
                self.cursor = step(self.ring().n(), self.cursor, direction);
                self.describe_turn("");
            }
            (Action::Undo, None) => self.undo(),
            (Action::NewGame, _) => self.new_game(),
            (Action::SwapSides, _) => self.swap_sides(),
            (Action::ToggleEvaluation, _) => self.toggle_evaluation(),
            (Action::Help, _) => self.toggle_help(),
            (Action::Unknown(code), _) => {
                let (low, high) = self.numbering.range();
                self.does_nothing(
                    code,
                    &format!("type a point's number ({low} to {high}) or click a stone"),
                );
            }
            (Action::Suspend, _) => {
                self.typed = typed;
                return Flow::Suspend;
            }
            (Action::Quit, _) => return Flow::Quit,
        }
        Flow::Continue
    }

    /// `digit` typed after the digits `typed`: a whole number chooses its
    /// point, one that a digit could still make longer waits for it.
    fn digit(&mut self, typed: Option<u32>, digit: u32) {
        let name = typed.map_or(digit, |typed| typed * 10 + digit);
        let (low, high) = self.numbering.range();
        if self.numbering.point(name).is_none() {
            self.describe_turn(&format!(
                "There is no point {name} (points are {low} to {high}). "
            ));
        } else if name != 0 && name * 10 <= high {
            self.typed = Some(name);
            let (shortest, longest) = (name * 10, (name * 10 + 9).min(high));
            let longer = if longest == shortest {
                shortest.to_string()
            } else {
                format!("{shortest}-{longest}")
            };
            self.status = format!("{name}: another digit for {longer}, or Enter for {name}");
        } else {
            self.select_name(name);
        }
    }

    fn select_name(&mut self, name: u32) {
        match self.numbering.point(name) {
            Some(point) => self.select(point),
            None => self.describe_turn(&format!("There is no point {name}. ")),
        }
    }

    fn select(&mut self, point: u32) {
        self.cursor = point;
        if self.is_over() {
            self.describe_turn("");
            return;
        }
        let p = self.position();
        match self.ring().moves(p).into_iter().find(|m| m.from == point) {
            Some(m) => {
                self.push(Player::Human, m);
                self.program_turn("");
            }
            None => self.status = self.refusal(p, point),
        }
    }

    /// Why the stone on `point` cannot move, in the words of the rules.
    fn refusal(&self, p: RingPosition, point: u32) -> String {
        let name = self.name(point);
        let empty = self.ring().empty(p.stones);
        match p.stones.at(point) {
            None => format!("{name} is the empty point: pick a stone next to it"),
            Some(owner) if owner != self.human => {
                format!(
                    "{name} is a {owner} stone, the program's; you play {}",
                    self.human
                )
            }
            Some(_) if self.ring().neighbours(empty) & (1 << point) == 0 => format!(
                "{name} cannot move: it is not joined to the empty point, {}",
                self.name(empty)
            ),
            Some(_) => {
                format!("{name} cannot move: a stone enters the centre only from beside an opponent's stone")
            }
        }
    }
}

impl Deref for App<'_> {
    type Target = Common;

    fn deref(&self) -> &Common {
        &self.common
    }
}

impl DerefMut for App<'_> {
    fn deref_mut(&mut self) -> &mut Common {
        &mut self.common
    }
}

/// Where a cursor on point `from` of a board of `2n` points goes in
/// `direction`, as the points stand on the screen: to the nearest point
/// within 45 degrees of that way, one straight ahead rather than one aside;
/// nowhere if there is none.
pub fn step(n: u32, from: u32, direction: Direction) -> u32 {
    let at = |point: u32| {
        if point == 0 {
            (0.0, 0.0)
        } else {
            let angle = (f64::from(point) * 180.0 / f64::from(n)).to_radians();
            (angle.cos(), angle.sin())
        }
    };
    let (dx, dy) = match direction {
        Direction::Up => (0.0, -1.0),
        Direction::Down => (0.0, 1.0),
        Direction::Left => (-1.0, 0.0),
        Direction::Right => (1.0, 0.0),
    };
    let (x, y) = at(from);
    (0..=2 * n)
        .filter_map(|point| {
            let (px, py) = at(point);
            let ahead = (px - x) * dx + (py - y) * dy;
            let aside = ((px - x) * dy - (py - y) * dx).abs();
            (ahead > 1e-9 && aside <= ahead + 1e-9).then_some((ahead + 2.0 * aside, point))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map_or(from, |(_, point)| point)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::mu_torere::board::Color;
    use crate::mu_torere::draw::DrawRule;
    use crate::mu_torere::family::Rule;
    use crate::solve::Outcome;
    use ratatui::crossterm::event::{KeyEvent, KeyModifiers};

    fn solution(n: u32, rule: Rule) -> RingSolution {
        RingSolution::new(Ring::new(n, rule).unwrap())
    }

    /// A game of `solution` from its start, `human` against the program,
    /// under the repetition rule (the drawing tests use it too).
    pub(in crate::mu_torere::family::tui) fn app(solution: &RingSolution, human: Color) -> App<'_> {
        let config = RingConfig {
            human,
            start: solution.ring().start(),
            draw_rule: DrawRule::Repetition,
            prompt_lines: false,
        };
        App::new(solution, config, false)
    }

    fn key(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    impl App<'_> {
        fn press(&mut self, code: KeyCode) -> Flow {
            match self.action(&key(code), Rect::new(0, 0, 80, 24)) {
                Some(action) => self.apply(action),
                None => Flow::Continue,
            }
        }

        fn typed_keys(&mut self, text: &str) {
            for c in text.chars() {
                let code = match c {
                    '\n' => KeyCode::Enter,
                    c => KeyCode::Char(c),
                };
                assert_eq!(self.press(code), Flow::Continue, "{c}");
            }
        }
    }

    #[test]
    fn keys_map_to_actions() {
        let s = solution(6, Rule::Standard);
        let a = app(&s, Color::Black);
        let area = Rect::new(0, 0, 80, 24);
        let action = |code| a.action(&key(code), area);
        assert_eq!(action(KeyCode::Char('7')), Some(Action::Digit(7)));
        assert_eq!(action(KeyCode::Char('0')), Some(Action::Digit(0)));
        assert_eq!(action(KeyCode::Up), Some(Action::Cursor(Direction::Up)));
        assert_eq!(action(KeyCode::Enter), Some(Action::Choose));
        assert_eq!(action(KeyCode::Char(' ')), Some(Action::Choose));
        assert_eq!(action(KeyCode::Esc), Some(Action::Cancel));
        assert_eq!(action(KeyCode::Char('u')), Some(Action::Undo));
        assert_eq!(action(KeyCode::Backspace), Some(Action::Undo));
        assert_eq!(action(KeyCode::Char('n')), Some(Action::NewGame));
        assert_eq!(action(KeyCode::Char('s')), Some(Action::SwapSides));
        assert_eq!(action(KeyCode::Char('e')), Some(Action::ToggleEvaluation));
        assert_eq!(action(KeyCode::Char('?')), Some(Action::Help));
        assert_eq!(action(KeyCode::Char('h')), Some(Action::Help));
        assert_eq!(action(KeyCode::Char('q')), Some(Action::Quit));
        assert_eq!(
            action(KeyCode::Char('x')),
            Some(Action::Unknown(KeyCode::Char('x')))
        );
        let ctrl = |c| Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL));
        assert_eq!(a.action(&ctrl('c'), area), Some(Action::Quit));
        assert_eq!(a.action(&ctrl('z'), area), Some(Action::Suspend));
    }

    #[test]
    fn two_digits_choose_a_point_past_nine_and_enter_ends_a_short_number() {
        // Twelve points: 1 waits (10, 11, 12 begin with it), 2 to 9 do not.
        let s = solution(6, Rule::Standard);
        let mut a = app(&s, Color::Black);
        let start = a.position();
        a.typed_keys("1");
        assert_eq!(a.typed(), Some(1));
        assert!(
            a.status()
                .starts_with("1: another digit for 10-12, or Enter for 1")
        );
        assert_eq!(a.position(), start, "nothing moves yet");
        // Black's movable stones at the start are 1 and 6, next to the centre
        // and to white: 1, then Enter, moves the stone on 1.
        a.typed_keys("\n");
        assert_eq!(a.typed(), None);
        assert_eq!(a.plies()[0].mv, RingMove { from: 1, to: 0 });
        assert_eq!(a.plies()[1].by, Player::Program);
        // A number past the board is refused, and nothing waits after it.
        let mut a = app(&s, Color::Black);
        a.typed_keys("13");
        assert!(
            a.status()
                .starts_with("There is no point 13 (points are 0 to 12)")
        );
        assert_eq!(a.typed(), None);
        assert!(a.plies().is_empty());
        // 12 is white's: refused with the reason; 6 chooses at once.
        a.typed_keys("12");
        assert!(a.status().starts_with("12 is a white stone"), "{}", a.status());
        a.typed_keys("6");
        assert_eq!(a.plies()[0].mv, RingMove { from: 6, to: 0 });
    }

    #[test]
    fn any_other_key_drops_the_digit_waiting_and_keeps_its_meaning() {
        let s = solution(5, Rule::Standard);
        let mut a = app(&s, Color::Black);
        a.typed_keys("1");
        assert_eq!(a.press(KeyCode::Esc), Flow::Continue, "Esc drops the digit");
        assert_eq!(a.typed(), None);
        assert!(a.status().starts_with("Dropped the 1 typed."));
        a.typed_keys("1");
        a.typed_keys("e");
        assert_eq!(a.typed(), None);
        assert!(a.shows_evaluation());
        a.typed_keys("1");
        a.press(KeyCode::Backspace);
        assert_eq!(a.typed(), None);
        assert!(a.plies().is_empty());
        assert_eq!(a.press(KeyCode::Esc), Flow::Quit, "with nothing typed, Esc quits");
    }

    #[test]
    fn one_digit_is_enough_below_ten_points() {
        for n in 2..=4 {
            let s = solution(n, Rule::Free);
            let mut a = app(&s, Color::Black);
            let movable = a.movable()[0];
            let name = a.name(movable);
            a.typed_keys(&name.to_string());
            assert_eq!(a.plies()[0].mv.from, movable, "{n}");
        }
    }

    #[test]
    fn the_arrows_reach_every_point_on_every_board() {
        for n in Ring::MIN_N..=Ring::MAX_N {
            let directions = [Direction::Up, Direction::Down, Direction::Left, Direction::Right];
            let mut reached = vec![false; 2 * n as usize + 1];
            let mut queue = vec![0];
            reached[0] = true;
            while let Some(point) = queue.pop() {
                for direction in directions {
                    let next = step(n, point, direction);
                    if !reached[next as usize] {
                        reached[next as usize] = true;
                        queue.push(next);
                    }
                }
            }
            assert!(reached.iter().all(|&r| r), "{} points: {reached:?}", 2 * n);
            // From the centre, Right is the east point, 2n; Left the west, n.
            assert_eq!(step(n, 0, Direction::Right), 2 * n, "{n}");
            assert_eq!(step(n, 0, Direction::Left), n, "{n}");
            // From the east point, Left goes back to the centre.
            assert_eq!(step(n, 2 * n, Direction::Left), 0, "{n}");
        }
    }

    #[test]
    fn enter_moves_the_stone_under_the_cursor() {
        let s = solution(5, Rule::Standard);
        let mut a = app(&s, Color::Black);
        assert_eq!(a.cursor(), 0);
        // From the centre, Left is the west point, 5: a movable stone.
        a.press(KeyCode::Left);
        assert_eq!(a.cursor(), 5);
        a.press(KeyCode::Enter);
        assert_eq!(a.plies()[0].mv, RingMove { from: 5, to: 0 });
        assert_eq!(a.plies()[1].by, Player::Program);
    }

    #[test]
    fn a_stone_that_cannot_move_is_explained() {
        let s = solution(5, Rule::Standard);
        let mut a = app(&s, Color::Black);
        // 3 is black's, between two black stones: it may not enter the centre.
        a.apply(Action::Select(3));
        assert!(
            a.status().contains("enters the centre only from beside"),
            "{}",
            a.status()
        );
        a.apply(Action::Select(0));
        assert!(a.status().starts_with("0 is the empty point"));
        a.apply(Action::Select(7));
        assert!(a.status().starts_with("7 is a white stone, the program's"));
        assert!(a.plies().is_empty());
        a.apply(Action::Select(5));
        // With the stone gone from the centre, a black stone away from the
        // empty point cannot move.
        let p = a.position();
        let empty = a.ring().empty(p.stones);
        assert_ne!(empty, 0);
        let far = (1..=10)
            .find(|&k| p.stones.at(k) == Some(Color::Black) && a.ring().neighbours(empty) & (1 << k) == 0)
            .unwrap();
        a.apply(Action::Select(far));
        assert!(
            a.status().contains("not joined to the empty point"),
            "{}",
            a.status()
        );
    }

    #[test]
    fn undo_swap_and_new_game() {
        let s = solution(5, Rule::Standard);
        let mut a = app(&s, Color::Black);
        a.apply(Action::Select(5));
        assert_eq!(a.plies().len(), 2);
        a.apply(Action::Undo);
        assert!(a.plies().is_empty());
        assert!(a.status().starts_with("Took back your last move."));
        a.apply(Action::Undo);
        assert!(a.status().starts_with("Nothing to undo."));
        a.apply(Action::SwapSides);
        assert_eq!(a.human(), Color::White);
        assert_eq!(a.plies().len(), 1, "the program moved for black");
        assert_eq!(a.plies()[0].by, Player::Program);
        a.apply(Action::NewGame);
        assert_eq!(
            a.plies().len(),
            1,
            "as white, a new game starts with black's move"
        );
        assert!(a.status().starts_with("New game: you play white."));
    }

    #[test]
    fn the_program_plays_the_family_choice() {
        let s = solution(5, Rule::Standard);
        let numbering = Numbering::of(s.ring());
        let mut a = app(&s, Color::Black);
        for _ in 0..6 {
            if a.is_over() {
                break;
            }
            let p = a.position();
            let m = a.ring().moves(p)[0];
            a.apply(Action::Select(m.from));
            let after = a.ring().play(p, m);
            if let Some(reply) = a
                .plies()
                .get(a.plies().len() - 1)
                .filter(|r| r.by == Player::Program)
            {
                assert_eq!(Some(reply.mv), choose(&s, &numbering, after));
            }
        }
    }

    #[test]
    fn the_free_rule_on_ten_points_loses_at_once_as_white() {
        let s = solution(5, Rule::Free);
        let a = app(&s, Color::White);
        assert_eq!(a.winner(), Some(Color::Black));
        assert!(a.is_over());
        assert!(a.evaluation().is_none());
        assert!(
            a.status().contains("Game over: black wins with "),
            "{}",
            a.status()
        );
    }

    #[test]
    fn the_evaluation_names_the_winning_and_losing_moves() {
        let s = solution(4, Rule::Free);
        let a = app(&s, Color::Black);
        let e = a.evaluation().unwrap();
        assert_eq!(e.verdict, "you can win in 1 ply");
        assert!(!e.winning_moves.is_empty());
        for name in &e.winning_moves {
            let point = Numbering::of(s.ring()).point(*name).unwrap();
            let m = RingMove { from: point, to: 0 };
            assert_eq!(s.move_value(a.position(), m), Outcome::Win(1));
        }
    }

    #[test]
    fn a_third_repetition_draws_the_game() {
        let s = solution(3, Rule::Standard);
        let mut a = app(&s, Color::Black);
        // Play the first movable stone each time: the standard game on six
        // points is a draw, so with the draw rule it ends drawn.
        for _ in 0..200 {
            if a.is_over() {
                break;
            }
            let point = a.movable()[0];
            a.apply(Action::Select(point));
        }
        assert!(a.is_over());
        let ending = if a.drawn() {
            "Draw: this position"
        } else {
            "Game over: "
        };
        assert!(a.status().contains(ending), "{}", a.status());
    }
}
