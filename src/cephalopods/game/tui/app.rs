//! The terminal game as a pure state machine: keys and clicks in, a new
//! state out. Nothing here touches the terminal, so the tests drive it
//! directly.
//!
//! A move is made in one or two steps. Choosing an empty cell plays at
//! once when the cell has one move (a plain placement, or a single capture
//! set); when it has several capture sets, the cell is held and the first
//! set is proposed: Tab cycles through the sets, choosing a neighbouring
//! die adds it to the set or takes it out, and choosing the held cell
//! again (or Enter) plays the set when it is a legal one. A cell is chosen
//! by a click, by typing its name (`b2`), or with the cursor (arrows, then
//! Space).
//!
//! The program answers at once, with the same [`choose`] as line mode, so
//! whenever the game is not over it is the human's turn.

use super::layout::Screen;
use crate::cephalopods::game::board::{Player, Position, Size};
use crate::cephalopods::game::moves::Move;
use crate::cephalopods::game::play::{Config, RankedMove, choose, ranked_moves, winner};
use crate::cephalopods::game::solver::{Rule, Solution};
use crate::solve::Outcome;
use crate::tui::Flow;
pub use crate::tui::command::Direction;
use crate::tui::command::{Command, command};
use crate::tui::history::{History, undo_note};
use crate::tui::panels::{Panels, Status};
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, MouseButton, MouseEventKind};
use ratatui::layout::{Position as Spot, Rect};

/// Who made a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    Human,
    Program,
}

/// One move of the game so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply {
    pub player: Player,
    pub by: Mover,
    pub mv: Move,
}

/// What the user asked for, once keys and clicks are decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Choose this cell (a click, or a typed cell name): an empty cell to
    /// play on, or while a cell is held, a neighbour's die to capture or
    /// not, or the held cell to play.
    Cell(usize),
    /// A file letter typed, the first half of a cell's name.
    File(usize),
    /// A rank digit typed, the second half of a cell's name.
    Rank(usize),
    Cursor(Direction),
    /// Choose the cell under the cursor (Space).
    Choose,
    /// Play the held cell's proposed set, or choose the cursor's cell (Enter).
    Confirm,
    /// The next or the previous capture set of the held cell (Tab,
    /// Shift-Tab).
    NextSet,
    PreviousSet,
    /// Let go of the held cell, or quit if none is held (Esc).
    Cancel,
    Undo,
    NewGame,
    SwapSides,
    ToggleValues,
    /// Show or hide the rules and the keys.
    Help,
    /// Give the terminal back and stop, as Ctrl-Z does in a shell.
    Suspend,
    /// A key that does nothing here: it gets a hint.
    Unknown(KeyCode),
    Quit,
}

/// An empty cell with several capture sets, held while its set is chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Held {
    pub cell: usize,
    /// The cell's moves, each a capture set, in the order Tab goes through.
    pub options: Vec<Move>,
    /// The dice picked for capture so far, a bit per cell: a legal set or
    /// not yet one.
    pub picked: u32,
}

impl Held {
    /// The move the picked dice make, if they are one of the cell's sets.
    pub fn chosen(&self) -> Option<Move> {
        self.options.iter().copied().find(|&m| mask(m) == self.picked)
    }

    /// The cells whose dice may be captured from the held cell: every one
    /// that some set takes.
    pub fn candidates(&self) -> u32 {
        self.options.iter().fold(0, |all, &m| all | mask(m))
    }
}

/// The captured cells of `m`, a bit per cell.
pub fn mask(m: Move) -> u32 {
    m.captured().fold(0, |all, c| all | 1 << c)
}

/// One move in the values panel: its value for the human, and how it
/// compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Valued {
    pub mv: Move,
    pub value: Outcome,
    /// Whether the move keeps the position's value: the quickest win, the
    /// quickest tie, or in a lost position the slowest loss.
    pub best: bool,
}

/// The evaluation of the current position for the human.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// The position's value for the human.
    pub value: Outcome,
    /// `you can win in 3 plies`, `a tie in 8 plies`, `lost: the program
    /// wins in 5 plies`.
    pub verdict: String,
    /// Every legal move of the human, best first as the program would
    /// rank them; empty when it is not the human's turn.
    pub moves: Vec<Valued>,
    /// Whether every move loses: the position is lost.
    pub every_move_loses: bool,
}

/// One game in the terminal, with its history for undo and what the
/// screen shows besides the board.
pub struct App<'a> {
    solution: &'a Solution,
    human: Player,
    /// Draw in colour; off under `NO_COLOR`.
    pub colour: bool,
    game: History<Position, Ply>,
    cursor: usize,
    held: Option<Held>,
    /// A file letter typed, waiting for its rank.
    file: Option<usize>,
    panels: Panels,
    status: String,
}

/// `1 ply`, `3 plies`.
pub fn plies(n: u32) -> String {
    if n == 1 {
        "1 ply".to_owned()
    } else {
        format!("{n} plies")
    }
}

impl<'a> App<'a> {
    /// A new game as `config` sets it up; if the program moves first, it
    /// already has. `config.start` must be solved in `solution`.
    pub fn new(solution: &'a Solution, config: Config, colour: bool) -> App<'a> {
        let size = config.start.size();
        let mut app = App {
            solution,
            human: config.human,
            colour,
            game: History::new(config.start),
            // The middle of the board.
            cursor: (size.rows() / 2) * size.cols() + size.cols() / 2,
            held: None,
            file: None,
            panels: Panels::default(),
            status: String::new(),
        };
        app.new_game();
        app
    }

    pub fn position(&self) -> Position {
        self.game.position()
    }

    pub fn size(&self) -> Size {
        self.position().size()
    }

    pub fn rule(&self) -> Rule {
        self.solution.game().rule()
    }

    pub fn human(&self) -> Player {
        self.human
    }

    pub fn plies(&self) -> &[Ply] {
        self.game.plies()
    }

    pub fn last_move(&self) -> Option<Ply> {
        self.plies().last().copied()
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    pub fn held(&self) -> Option<&Held> {
        self.held.as_ref()
    }

    pub fn status(&self) -> &str {
        &self.status
    }

    pub fn shows_values(&self) -> bool {
        self.panels.evaluation
    }

    pub fn shows_help(&self) -> bool {
        self.panels.help
    }

    /// Whether the board is full: the game is over.
    pub fn is_over(&self) -> bool {
        self.position().is_full()
    }

    /// Once the game is over: the winner, or `None` for a tie.
    pub fn winner(&self) -> Option<Player> {
        winner(self.solution, self.position())
    }

    /// What the winner is counted by: each player's dice, or sixes.
    pub fn score(&self) -> (u32, u32) {
        let p = self.position();
        let sixes = self.rule() == Rule::Sixes;
        (p.count(Player::White, sixes), p.count(Player::Black, sixes))
    }

    /// The game's end in words: `white wins, 5 dice to 4`.
    pub fn result(&self) -> String {
        let (white, black) = self.score();
        let counted = match self.rule() {
            Rule::Majority => "dice",
            Rule::Sixes => "sixes",
        };
        match self.winner() {
            Some(Player::White) => format!("white wins, {white} {counted} to {black}"),
            Some(Player::Black) => format!("black wins, {black} {counted} to {white}"),
            None => format!("a tie, {white} {counted} each"),
        }
    }

    /// The value of the current position for the human.
    pub fn value(&self) -> Outcome {
        let p = self.position();
        let value = self
            .solution
            .value(p)
            .expect("every position reached in play is solved");
        if p.to_move() == self.human {
            value
        } else {
            // The human's value is the opposite of the program's.
            match value {
                Outcome::Win(n) => Outcome::Loss(n),
                Outcome::Loss(n) => Outcome::Win(n),
                other => other,
            }
        }
    }

    /// The evaluation for the human, or `None` once the game is over.
    pub fn evaluation(&self) -> Option<Evaluation> {
        if self.is_over() {
            return None;
        }
        let p = self.position();
        let value = self.value();
        let verdict = match value {
            Outcome::Win(n) => format!("you can win in {}", plies(n)),
            Outcome::Loss(n) => format!("lost: the program wins in {}", plies(n)),
            Outcome::Tie(n) => format!("a tie in {}", plies(n)),
            Outcome::Draw => "a draw".to_owned(),
        };
        let ranked: Vec<RankedMove> = if p.to_move() == self.human {
            ranked_moves(self.solution, p).expect("every position reached in play is solved")
        } else {
            Vec::new()
        };
        let moves = ranked
            .iter()
            .map(|r| Valued {
                mv: r.mv,
                value: r.value,
                best: r.value == value,
            })
            .collect();
        Some(Evaluation {
            value,
            verdict,
            moves,
            every_move_loses: !ranked.is_empty() && ranked.iter().all(|r| r.value.is_loss()),
        })
    }

    /// Decodes a terminal event: keys, and left clicks on the board as laid
    /// out on a screen of size `area`.
    pub fn action(&self, event: &Event, area: Rect) -> Option<Action> {
        match event {
            Event::Key(key) => self.key_action(key),
            Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                let grid = Screen::new(area, self.size())?.grid();
                grid.hit(Spot::new(mouse.column, mouse.row)).map(Action::Cell)
            }
            _ => None,
        }
    }

    fn key_action(&self, key: &KeyEvent) -> Option<Action> {
        let size = self.size();
        Some(match command(key)? {
            Command::Char(c @ 'a'..='e') if usize::from(c as u8 - b'a') < size.cols() => {
                Action::File(usize::from(c as u8 - b'a'))
            }
            Command::Char(c @ '1'..='5') if usize::from(c as u8 - b'0') <= size.rows() => {
                Action::Rank(usize::from(c as u8 - b'0'))
            }
            Command::Cursor(direction) => Action::Cursor(direction),
            Command::Char(' ') => Action::Choose,
            Command::Enter => Action::Confirm,
            Command::Tab => Action::NextSet,
            Command::BackTab => Action::PreviousSet,
            Command::Escape => Action::Cancel,
            Command::Undo => Action::Undo,
            Command::Char('n' | 'N') => Action::NewGame,
            Command::Char('s' | 'S') => Action::SwapSides,
            Command::Char('v' | 'V') => Action::ToggleValues,
            Command::Help => Action::Help,
            Command::Suspend => Action::Suspend,
            Command::Quit => Action::Quit,
            Command::Char(_) | Command::Other(_) => Action::Unknown(key.code),
        })
    }

    /// Handles one terminal event on a screen of size `area`. On a screen
    /// too small to show the board only quitting works: nothing changes
    /// unseen.
    pub fn handle(&mut self, event: &Event, area: Rect) -> Flow {
        match self.action(event, area) {
            Some(action @ (Action::Quit | Action::Suspend)) => self.apply(action),
            Some(action) if Screen::new(area, self.size()).is_some() => self.apply(action),
            _ => Flow::Continue,
        }
    }

    pub fn apply(&mut self, action: Action) -> Flow {
        self.close_help(matches!(action, Action::Help | Action::Suspend));
        // A typed file letter waits only for the very next key.
        let file = self.file.take();
        match action {
            Action::Cell(cell) => self.choose(cell),
            Action::File(col) => {
                let row = self.cursor / self.size().cols();
                self.cursor = row * self.size().cols() + col;
                self.file = Some(col);
                self.status = format!(
                    "{}: now its rank, 1 to {}",
                    (b'a' + col as u8) as char,
                    self.size().rows()
                );
            }
            Action::Rank(rank) => match file {
                Some(col) => {
                    let cell = (self.size().rows() - rank) * self.size().cols() + col;
                    self.choose(cell);
                }
                None => {
                    self.describe_turn(&format!("Type a cell as its file, then its rank: b{rank}, say. "))
                }
            },
            Action::Cursor(direction) => {
                self.move_cursor(direction);
                self.describe_turn("");
            }
            Action::Choose => self.choose(self.cursor),
            Action::Confirm => match &self.held {
                Some(held) => self.choose(held.cell),
                None => self.choose(self.cursor),
            },
            Action::NextSet => self.cycle(1),
            Action::PreviousSet => self.cycle(-1),
            Action::Cancel => match self.held.take() {
                Some(held) => {
                    self.describe_turn(&format!("Let go of {}. ", self.size().cell_name(held.cell)))
                }
                None => return Flow::Quit,
            },
            Action::Undo => self.undo(),
            Action::NewGame => self.new_game(),
            Action::SwapSides => {
                self.human = self.human.other();
                self.held = None;
                self.program_turn(&format!("You now play {}. ", self.human));
            }
            Action::ToggleValues => self.toggle_evaluation(),
            Action::Help => self.toggle_help(),
            Action::Unknown(code) => {
                let last = self.size().cell_name(self.size().cols() - 1);
                self.does_nothing(code, &format!("click a cell or type its name (a1 to {last})"));
            }
            Action::Suspend => return Flow::Suspend,
            Action::Quit => return Flow::Quit,
        }
        Flow::Continue
    }

    fn move_cursor(&mut self, direction: Direction) {
        let (rows, cols) = (self.size().rows(), self.size().cols());
        let (mut row, mut col) = (self.cursor / cols, self.cursor % cols);
        match direction {
            Direction::Up => row = row.saturating_sub(1),
            Direction::Down => row = (row + 1).min(rows - 1),
            Direction::Left => col = col.saturating_sub(1),
            Direction::Right => col = (col + 1).min(cols - 1),
        }
        self.cursor = row * cols + col;
    }

    /// Chooses `cell`: see the module's description.
    fn choose(&mut self, cell: usize) {
        self.cursor = cell;
        if self.is_over() {
            self.describe_turn("");
            return;
        }
        let p = self.position();
        let size = self.size();
        let name = size.cell_name(cell);
        if let Some(held) = &mut self.held {
            if cell == held.cell {
                match held.chosen() {
                    Some(m) => self.play(m),
                    None => self.status = format!("{}Tab proposes one.", self.not_a_set()),
                }
                return;
            }
            if held.candidates() & (1 << cell) != 0 {
                held.picked ^= 1 << cell;
                self.describe_turn("");
                return;
            }
            if p.die(cell).is_some() {
                let (from, candidates) = (size.cell_name(held.cell), held.candidates());
                self.status = format!(
                    "{name} is not a neighbour that {from} can capture; choose one of {}, \
                     or {from} again to play",
                    self.cells(candidates),
                );
                return;
            }
        }
        if let Some(d) = p.die(cell) {
            self.status = format!("{name} holds {} {}: choose an empty cell", d.owner, d.value);
            return;
        }
        let options: Vec<Move> = p.moves().into_iter().filter(|m| m.cell() == cell).collect();
        match options.as_slice() {
            [only] => self.play(*only),
            several => {
                let picked = mask(several[0]);
                self.held = Some(Held {
                    cell,
                    options: several.to_vec(),
                    picked,
                });
                self.describe_turn("");
            }
        }
    }

    /// Proposes the next (`step` 1) or previous (`step` -1) capture set of
    /// the held cell.
    fn cycle(&mut self, step: isize) {
        let Some(held) = &mut self.held else {
            self.describe_turn(
                "Tab goes through the capture sets of a cell with several: choose one first. ",
            );
            return;
        };
        let n = held.options.len() as isize;
        let next = match held.options.iter().position(|&m| mask(m) == held.picked) {
            Some(i) => (i as isize + step).rem_euclid(n),
            None if step > 0 => 0,
            None => n - 1,
        };
        held.picked = mask(held.options[next as usize]);
        self.describe_turn("");
    }

    /// `a2, c2` for the cells in `cells`, a bit each, in reading order.
    fn cells(&self, cells: u32) -> String {
        (0..self.size().cells())
            .filter(|c| cells & (1 << c) != 0)
            .map(|c| self.size().cell_name(c))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Why the held cell's picked dice are not a capture set.
    fn not_a_set(&self) -> String {
        let held = self.held.as_ref().expect("a held cell");
        let p = self.position();
        let count = held.picked.count_ones();
        let sum: u32 = (0..self.size().cells())
            .filter(|c| held.picked & (1 << c) != 0)
            .filter_map(|c| p.die(c))
            .map(|d| u32::from(d.value))
            .sum();
        let why = if count < 2 {
            "a capture takes at least two dice".to_owned()
        } else {
            format!("{} sum to {sum}, over 6", self.cells(held.picked))
        };
        format!("Not a capture set: {why}. ")
    }

    fn play(&mut self, m: Move) {
        self.held = None;
        self.push(Mover::Human, m);
        self.program_turn("");
    }

    fn undo(&mut self) {
        if self.held.take().is_some() {
            self.describe_turn("Let go of the held cell. ");
            return;
        }
        let note = undo_note(self.game.undo(|_, ply| ply.by == Mover::Human));
        self.describe_turn(note);
    }

    fn new_game(&mut self) {
        self.game.restart();
        self.held = None;
        self.program_turn(&format!("New game: you play {}. ", self.human));
    }

    fn push(&mut self, by: Mover, mv: Move) {
        let p = self.position();
        let ply = Ply {
            player: p.to_move(),
            by,
            mv,
        };
        self.game.push(ply, p.play(mv));
    }

    /// Lets the program move if it is its turn, then says what happened
    /// after `note`.
    fn program_turn(&mut self, note: &str) {
        let p = self.position();
        if p.to_move() != self.human
            && let Some(m) = choose(self.solution, p)
        {
            self.push(Mover::Program, m);
        }
        self.describe_turn(note);
    }
}

impl Status for App<'_> {
    fn panels(&mut self) -> &mut Panels {
        &mut self.panels
    }

    fn describe_turn(&mut self, note: &str) {
        let size = self.size();
        let last = match self.plies().last() {
            Some(ply) if ply.by == Mover::Program => {
                format!("The program ({}) played {}. ", ply.player, ply.mv.text(size))
            }
            _ => String::new(),
        };
        if self.is_over() {
            let who = match self.winner() {
                Some(w) if w == self.human => ": you win",
                Some(_) => ": the program wins",
                None => "",
            };
            self.status = format!(
                "{note}{last}Game over: {}{who}. n: new game, u: undo, q: quit",
                self.result()
            );
            return;
        }
        if let Some(held) = &self.held {
            let cell = size.cell_name(held.cell);
            let now = match held.chosen() {
                Some(m) => {
                    let value = self.position().play(m).die(held.cell).map_or(1, |d| d.value);
                    format!(
                        "{cell} captures {} (a {value}): {cell} or Enter plays it",
                        self.cells(held.picked)
                    )
                }
                None => format!("{}{cell} or Enter then", self.not_a_set()),
            };
            self.status = format!(
                "{note}{cell} has {} capture sets. {now}; Tab: another set, \
                 a neighbour: add or remove it, Esc: let go",
                held.options.len()
            );
            return;
        }
        self.status = format!(
            "{note}{last}Your move ({}): click an empty cell, or type its name",
            self.human
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::KeyModifiers;
    use std::sync::OnceLock;

    fn solution(size: &str) -> &'static Solution {
        static SOLUTIONS: OnceLock<[Solution; 2]> = OnceLock::new();
        let all = SOLUTIONS.get_or_init(|| {
            ["2x2", "2x3"].map(|s| Solution::solve(s.parse().unwrap(), Rule::Majority, |_| {}).unwrap())
        });
        match size {
            "2x2" => &all[0],
            "2x3" => &all[1],
            _ => unreachable!("only 2x2 and 2x3 are solved here"),
        }
    }

    fn app(size: &str, position: Option<&str>, human: Player) -> App<'static> {
        let start = match position {
            Some(text) => text.parse().unwrap(),
            None => Position::start(size.parse().unwrap()),
        };
        App::new(
            solution(size),
            Config {
                human,
                start,
                keep_going: false,
            },
            false,
        )
    }

    impl App<'_> {
        /// What pressing `c` means on this board.
        fn press(&mut self, c: char) -> Flow {
            let event = Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
            match self.action(&event, Rect::new(0, 0, 80, 24)) {
                Some(action) => self.apply(action),
                None => Flow::Continue,
            }
        }

        fn typed(&mut self, text: &str) {
            for c in text.chars() {
                assert_eq!(self.press(c), Flow::Continue, "{c}");
            }
        }
    }

    #[test]
    fn typing_a_cell_with_one_move_plays_it_and_the_program_answers() {
        let mut a = app("2x2", None, Player::White);
        a.typed("a2");
        assert_eq!(a.plies().len(), 2);
        assert_eq!(a.plies()[0].mv.text(a.size()), "a2");
        assert_eq!(a.plies()[1].by, Mover::Program);
        assert_eq!(a.position().to_move(), Player::White);
        assert!(
            a.status().contains("The program (black) played"),
            "{}",
            a.status()
        );
    }

    #[test]
    fn the_program_moves_first_when_the_human_plays_black() {
        let a = app("2x2", None, Player::Black);
        assert_eq!(a.plies().len(), 1);
        assert_eq!(a.position().to_move(), Player::Black);
    }

    #[test]
    fn a_cell_with_several_sets_is_held_and_tab_cycles_the_sets() {
        // b2 touches three 1s: four capture sets.
        let mut a = app("2x3", Some("w1.w1/.b1b1 w"), Player::White);
        let p = a.position();
        let b2 = a.size().cell_named("b2").unwrap();
        a.apply(Action::Cell(b2));
        let held = a.held().unwrap().clone();
        assert_eq!(held.cell, b2);
        let at_b2: Vec<Move> = p.moves().into_iter().filter(|m| m.cell() == b2).collect();
        assert_eq!(held.options, at_b2);
        assert_eq!(held.chosen(), Some(at_b2[0]));
        let mut seen = vec![held.chosen().unwrap()];
        for _ in 1..at_b2.len() {
            a.apply(Action::NextSet);
            seen.push(a.held().unwrap().chosen().unwrap());
        }
        assert_eq!(seen, at_b2, "Tab goes through every set once");
        a.apply(Action::NextSet);
        assert_eq!(a.held().unwrap().chosen(), Some(at_b2[0]), "and around");
        a.apply(Action::PreviousSet);
        assert_eq!(a.held().unwrap().chosen(), at_b2.last().copied());
        assert!(a.plies().is_empty(), "nothing is played yet");
        a.apply(Action::Confirm);
        assert_eq!(a.plies()[0].mv, *at_b2.last().unwrap());
        assert!(a.held().is_none());
    }

    #[test]
    fn neighbours_are_picked_one_by_one_and_the_held_cell_plays_them() {
        let mut a = app("2x3", Some("w1.w1/.b1b1 w"), Player::White);
        let size = a.size();
        let cell = |name: &str| size.cell_named(name).unwrap();
        a.apply(Action::Cell(cell("b2")));
        // Take the proposed set apart, then pick a2 and c2 alone.
        let first = a.held().unwrap().picked;
        for c in 0..size.cells() {
            if first & (1 << c) != 0 {
                a.apply(Action::Cell(c));
            }
        }
        assert_eq!(a.held().unwrap().picked, 0);
        a.apply(Action::Cell(cell("b2")));
        assert!(
            a.status()
                .starts_with("Not a capture set: a capture takes at least two dice")
        );
        assert!(a.plies().is_empty());
        a.apply(Action::Cell(cell("a2")));
        a.apply(Action::Cell(cell("c2")));
        let chosen = a.held().unwrap().chosen().unwrap();
        assert_eq!(chosen.text(size), "b2xa2c2");
        assert!(a.status().contains("b2 captures a2, c2 (a 2)"), "{}", a.status());
        a.apply(Action::Cell(cell("b2")));
        assert_eq!(a.plies()[0].mv.text(size), "b2xa2c2");
    }

    #[test]
    fn typed_names_pick_neighbours_too_and_esc_lets_go() {
        let mut a = app("2x3", Some("w1.w1/.b1b1 w"), Player::White);
        a.typed("b2");
        assert!(a.held().is_some());
        assert_eq!(a.apply(Action::Cancel), Flow::Continue);
        assert!(a.held().is_none());
        assert!(a.status().starts_with("Let go of b2."));
        assert_eq!(a.apply(Action::Cancel), Flow::Quit, "Esc with nothing held quits");
    }

    #[test]
    fn occupied_cells_and_far_dice_are_refused_with_a_reason() {
        let mut a = app("2x3", Some("w1.w1/.b1b1 w"), Player::White);
        a.typed("a2");
        assert!(a.status().starts_with("a2 holds white 1"), "{}", a.status());
        assert!(a.plies().is_empty());
        let mut a = app("2x3", Some("w1.w1/.b1b1 w"), Player::White);
        a.typed("a1");
        // a1 touches a2 and b1: one set, played at once.
        assert_eq!(a.plies()[0].mv.text(a.size()), "a1xa2b1");
    }

    #[test]
    fn the_cursor_moves_and_space_chooses() {
        let mut a = app("2x2", None, Player::White);
        let size = a.size();
        a.apply(Action::Cursor(Direction::Up));
        a.apply(Action::Cursor(Direction::Left));
        a.apply(Action::Cursor(Direction::Left));
        assert_eq!(size.cell_name(a.cursor()), "a2");
        a.apply(Action::Cursor(Direction::Right));
        a.apply(Action::Cursor(Direction::Down));
        a.apply(Action::Cursor(Direction::Down));
        assert_eq!(size.cell_name(a.cursor()), "b1");
        a.apply(Action::Choose);
        assert_eq!(a.plies()[0].mv.text(size), "b1");
    }

    #[test]
    fn undo_takes_back_the_human_move_and_the_reply() {
        let mut a = app("2x2", None, Player::White);
        a.typed("a2");
        a.typed("u");
        assert!(a.plies().is_empty());
        assert_eq!(a.position(), Position::start(a.size()));
        a.apply(Action::Undo);
        assert!(a.status().starts_with("Nothing to undo"));
        // As black, the program's opening stays.
        let mut a = app("2x2", None, Player::Black);
        let opening = a.position();
        let cell = (0..4).find(|&c| opening.die(c).is_none()).unwrap();
        a.apply(Action::Cell(cell));
        a.apply(Action::Undo);
        assert_eq!(a.position(), opening);
    }

    #[test]
    fn swapping_sides_lets_the_program_move() {
        let mut a = app("2x2", None, Player::White);
        a.typed("s");
        assert_eq!(a.human(), Player::Black);
        assert_eq!(a.plies().len(), 1);
        assert_eq!(a.plies()[0].by, Mover::Program);
        a.typed("n");
        assert_eq!(
            a.plies().len(),
            1,
            "a new game as black starts with the program's move"
        );
    }

    #[test]
    fn help_and_values_toggle_and_unknown_keys_get_a_hint() {
        let mut a = app("2x2", None, Player::White);
        a.typed("?");
        assert!(a.shows_help());
        a.typed("v");
        assert!(!a.shows_help(), "any key closes the help");
        assert!(a.shows_values(), "and keeps its meaning");
        a.typed("z");
        assert!(a.status().starts_with("`z` does nothing here"), "{}", a.status());
        a.typed("9");
        assert!(a.status().starts_with("`9` does nothing here"), "{}", a.status());
        a.typed("2");
        assert!(
            a.status().starts_with("Type a cell as its file"),
            "{}",
            a.status()
        );
        assert_eq!(a.press('q'), Flow::Quit);
    }

    #[test]
    fn the_evaluation_values_every_move_as_the_solution_does() {
        let s = solution("2x3");
        for (p, value) in s.iter().filter(|(p, _)| !p.is_full()).step_by(7) {
            let a = App::new(
                s,
                Config {
                    human: p.to_move(),
                    start: p,
                    keep_going: false,
                },
                false,
            );
            let e = a.evaluation().unwrap();
            assert_eq!(e.value, value, "{p}");
            let mut listed: Vec<(Move, Outcome)> = e.moves.iter().map(|v| (v.mv, v.value)).collect();
            listed.sort();
            let mut expected = s.move_values(p).unwrap();
            expected.sort();
            assert_eq!(listed, expected, "{p}");
            assert_eq!(e.moves[0].value.name(), value.name(), "{p}: best first");
            assert!(e.moves.iter().any(|v| v.best), "{p}");
            assert!(e.moves.iter().all(|v| v.best == (v.value == value)), "{p}");
            assert_eq!(e.every_move_loses, value.is_loss(), "{p}");
        }
    }

    #[test]
    fn a_finished_game_is_announced_and_offers_a_new_one() {
        let mut a = app("2x2", None, Player::White);
        while !a.is_over() {
            let p = a.position();
            let empty = (0..4).find(|&c| p.die(c).is_none()).unwrap();
            a.apply(Action::Cell(empty));
            if a.held().is_some() {
                a.apply(Action::Confirm);
            }
            assert_ne!(a.position(), p, "a move was made");
        }
        assert!(a.evaluation().is_none());
        assert!(a.status().contains("Game over: "), "{}", a.status());
        assert!(a.status().contains("n: new game"), "{}", a.status());
        let before = a.position();
        a.apply(Action::Cell(0));
        assert_eq!(a.position(), before, "no move after the end");
        a.typed("n");
        assert!(!a.is_over());
    }
}
