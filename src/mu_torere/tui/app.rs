//! The terminal game as a pure state machine: keys and clicks in, a new
//! state out. Nothing here touches the terminal, so the tests drive it
//! directly.
//!
//! The program answers at once, with the same [`choose`] as line mode, so
//! whenever the game is not over it is the human's turn.

use super::layout::Screen;
use crate::mu_torere::board::{Color, Position, Sided, Square};
use crate::mu_torere::choice::{choose, ranked_moves};
use crate::mu_torere::moves::{Move, MoveError};
use crate::mu_torere::play::{Config, DrawRule};
use crate::mu_torere::solver::Solution;
use crate::solve::Outcome;
use crate::tui::Flow;
use crate::tui::command::{Command, command};
use crate::tui::history::{History, undo_note};
use crate::tui::panels::{Panels, Status};
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, MouseButton, MouseEventKind};
use ratatui::layout::{Position as Cell, Rect};
use std::ops::{Deref, DerefMut};

/// Who made a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Human,
    Program,
}

/// One move of the game so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply<M = Move> {
    pub mover: Color,
    pub by: Player,
    pub mv: M,
}

/// What the user asked for, once keys and clicks are decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Move the stone on this square (a number key or a click).
    Select(Square),
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

/// The evaluation of the current position for the human, with the moves
/// named by the point `P` of the stone that moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation<P = Square> {
    /// `drawn`, `you can win in 3 plies`, `lost: the program wins in 5 plies`.
    pub verdict: String,
    /// The human's moves that turn the position into a loss while another
    /// move does not, in point order.
    pub losing_moves: Vec<P>,
    /// The human's moves that win as fast as possible, in point order.
    pub winning_moves: Vec<P>,
    /// Whether every move of the human loses (a lost position).
    pub every_move_loses: bool,
}

impl<P: Copy + Ord> Evaluation<P> {
    /// The evaluation of a position worth `value` to the human, whose
    /// moves, when it is the human's turn, are `moves`: the point of the
    /// stone that moves and what the move is worth to the human.
    pub fn new(value: Outcome, moves: &[(P, Outcome)]) -> Evaluation<P> {
        let plies = |n: u32| {
            if n == 1 {
                "1 ply".to_owned()
            } else {
                format!("{n} plies")
            }
        };
        let verdict = match value {
            Outcome::Draw | Outcome::Tie(_) => "drawn".to_owned(),
            Outcome::Win(n) => format!("you can win in {}", plies(n)),
            Outcome::Loss(n) => format!("lost: the program wins in {}", plies(n)),
        };
        let points = |keep: &dyn Fn(Outcome) -> bool| {
            let mut points: Vec<P> = moves
                .iter()
                .filter(|&&(_, value)| keep(value))
                .map(|&(point, _)| point)
                .collect();
            points.sort();
            points
        };
        let every_move_loses = !moves.is_empty() && moves.iter().all(|(_, value)| value.is_loss());
        let losing_moves = if every_move_loses {
            Vec::new()
        } else {
            points(&|v: Outcome| v.is_loss())
        };
        let winning_moves = match value {
            Outcome::Win(_) => points(&|v: Outcome| v == value),
            _ => Vec::new(),
        };
        Evaluation {
            verdict,
            losing_moves,
            winning_moves,
            every_move_loses,
        }
    }
}

/// One game in the terminal, with its history for undo and what the
/// screen shows besides the board.
pub struct App {
    solution: &'static Solution,
    game: History<Position, Ply>,
    common: Common,
}

/// A game on a Mu Torere board, the same on every board: each board keeps
/// its game, and says how its rules move and end it and what its status
/// line says; how a game ends, undo, a new game and the program's turn
/// follow, once for every board.
pub trait Played: DerefMut<Target = Common> + Status {
    /// A board and the side to move.
    type Position: Sided;
    type Move: Copy;

    /// The game so far.
    fn game(&self) -> &History<Self::Position, Ply<Self::Move>>;

    fn game_mut(&mut self) -> &mut History<Self::Position, Ply<Self::Move>>;

    /// Whether the side to move in `p` has no move, and so has lost.
    fn is_stuck(&self, p: Self::Position) -> bool;

    /// The position after `mv`.
    fn next(&self, p: Self::Position, mv: Self::Move) -> Self::Position;

    /// The program's move in `p`, if it has one.
    fn choose(&self, p: Self::Position) -> Option<Self::Move>;

    /// How the status line writes `mv`: `4-5`, `12 to 0`.
    fn move_text(&self, mv: Self::Move) -> String;

    /// The names of the stones the human may move now, in order.
    fn movable_names(&self) -> Vec<String>;

    /// How the game stands, for the status line; `how` tells how to name
    /// a stone.
    fn turn(&self, how: &'static str) -> Turn {
        Turn {
            human: self.human,
            to_move: self.position().side_to_move(),
            winner: self.winner(),
            won_with: self.winning_move().map(|m| self.move_text(m)),
            drawn: self.drawn(),
            program_moved: self
                .plies()
                .last()
                .filter(|ply| ply.by == Player::Program)
                .map(|ply| (self.move_text(ply.mv), ply.mover)),
            movable: self.movable_names(),
            how,
        }
    }

    fn position(&self) -> Self::Position {
        self.game().position()
    }

    fn plies(&self) -> &[Ply<Self::Move>] {
        self.game().plies()
    }

    /// The winner, once the side to move has no move.
    fn winner(&self) -> Option<Color> {
        let p = self.position();
        self.is_stuck(p).then(|| p.side_to_move().opponent())
    }

    /// The last move played, if any.
    fn last_move(&self) -> Option<Self::Move> {
        self.plies().last().map(|p| p.mv)
    }

    /// Whether the positions so far make a draw under the draw rule.
    fn repeated(&self) -> bool {
        self.draw_rule.is_drawn(self.game().positions())
    }

    /// Whether the game has ended in a draw under the draw rule.
    fn drawn(&self) -> bool {
        self.winner().is_none() && self.repeated()
    }

    /// Whether the game has ended, won or drawn.
    fn is_over(&self) -> bool {
        self.winner().is_some() || self.drawn()
    }

    /// The move that won the game, once it is won.
    fn winning_move(&self) -> Option<Self::Move> {
        self.winner().and(self.last_move())
    }

    /// Takes back the human's last move, and every move after it.
    fn undo(&mut self) {
        let human = self.human;
        let note = undo_note(self.game_mut().undo(|_, ply| ply.mover == human));
        self.describe_turn(note);
    }

    /// Back to the start; if the program moves first, it already has.
    fn new_game(&mut self) {
        self.game_mut().restart();
        let note = format!("New game: you play {}. ", self.human);
        self.program_turn(&note);
    }

    /// Plays `mv`, made `by` the human or the program.
    fn push(&mut self, by: Player, mv: Self::Move) {
        let p = self.position();
        let ply = Ply {
            mover: p.side_to_move(),
            by,
            mv,
        };
        let next = self.next(p, mv);
        self.game_mut().push(ply, next);
    }

    /// The human takes the other side; the program moves if it is its
    /// turn.
    fn swap_sides(&mut self) {
        self.human = self.human.opponent();
        let note = format!("You now play {}. ", self.human);
        self.program_turn(&note);
    }

    /// Lets the program move if it is its turn, then says what happened
    /// after `note`.
    fn program_turn(&mut self, note: &str) {
        let p = self.position();
        if p.side_to_move() != self.human
            && !self.drawn()
            && let Some(m) = self.choose(p)
        {
            self.push(Player::Program, m);
        }
        self.describe_turn(note);
    }
}

impl Played for App {
    type Position = Position;
    type Move = Move;

    fn game(&self) -> &History<Position, Ply> {
        &self.game
    }

    fn game_mut(&mut self) -> &mut History<Position, Ply> {
        &mut self.game
    }

    fn is_stuck(&self, p: Position) -> bool {
        p.is_over()
    }

    fn next(&self, p: Position, mv: Move) -> Position {
        p.play(mv)
    }

    fn choose(&self, p: Position) -> Option<Move> {
        choose(self.solution, p)
    }

    fn move_text(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn movable_names(&self) -> Vec<String> {
        self.movable().iter().map(Square::to_string).collect()
    }
}

impl Status for App {
    fn panels(&mut self) -> &mut Panels {
        &mut self.panels
    }

    fn describe_turn(&mut self, note: &str) {
        self.status = self.turn("press ").status(note);
    }
}

/// What every Mu Torere board keeps besides the game: the sides, the draw
/// rule and what the screen shows. A board dereferences to it.
pub struct Common {
    pub human: Color,
    /// Draw in colour; off under `NO_COLOR`.
    pub colour: bool,
    pub draw_rule: DrawRule,
    pub panels: Panels,
    pub status: String,
}

impl Common {
    /// The human playing `human`, nothing shown yet.
    pub fn new(human: Color, colour: bool, draw_rule: DrawRule) -> Common {
        Common {
            human,
            colour,
            draw_rule,
            panels: Panels::default(),
            status: String::new(),
        }
    }

    pub fn human(&self) -> Color {
        self.human
    }

    pub fn status(&self) -> &str {
        &self.status
    }

    pub fn shows_evaluation(&self) -> bool {
        self.panels.evaluation
    }

    pub fn shows_help(&self) -> bool {
        self.panels.help
    }

    pub fn draw_rule(&self) -> DrawRule {
        self.draw_rule
    }
}

impl Deref for App {
    type Target = Common;

    fn deref(&self) -> &Common {
        &self.common
    }
}

impl DerefMut for App {
    fn deref_mut(&mut self) -> &mut Common {
        &mut self.common
    }
}

impl App {
    /// A new game as `config` sets it up; if the program moves first, it
    /// already has.
    pub fn new(solution: &'static Solution, config: Config) -> App {
        let mut app = App {
            solution,
            game: History::new(config.start),
            common: Common::new(config.human, config.colour, config.draw_rule),
        };
        app.new_game();
        app
    }

    /// The squares of the stones the human may move now.
    pub fn movable(&self) -> Vec<Square> {
        let p = self.position();
        if p.to_move != self.human || self.drawn() {
            return Vec::new();
        }
        p.legal_moves().iter().map(|m| m.from).collect()
    }

    /// The evaluation for the human, or `None` once the game is over.
    pub fn evaluation(&self) -> Option<Evaluation> {
        let p = self.position();
        if self.is_over() {
            return None;
        }
        let mut value = self.solution.outcome(p);
        if p.to_move != self.human {
            value = value.parent();
        }
        let moves: Vec<(Square, Outcome)> = if p.to_move == self.human {
            ranked_moves(self.solution, p)
                .iter()
                .map(|r| (r.mv.from, r.value))
                .collect()
        } else {
            Vec::new()
        };
        Some(Evaluation::new(value, &moves))
    }

    /// Decodes a terminal event: keys, and left clicks on the board as laid
    /// out on a screen of size `area`.
    pub fn action(event: &Event, area: Rect) -> Option<Action> {
        match event {
            Event::Key(key) => Self::key_action(key),
            Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                let octagon = Screen::new(area)?.octagon();
                octagon
                    .hit(Cell::new(mouse.column, mouse.row))
                    .map(Action::Select)
            }
            _ => None,
        }
    }

    fn key_action(key: &KeyEvent) -> Option<Action> {
        Some(match command(key)? {
            Command::Char(c @ '1'..='9') => Action::Select(Square::from_number(c.to_digit(10)?)?),
            Command::Undo => Action::Undo,
            Command::Char('n' | 'N') => Action::NewGame,
            Command::Char('s' | 'S') => Action::SwapSides,
            Command::Char('e' | 'E') => Action::ToggleEvaluation,
            Command::Help => Action::Help,
            Command::Suspend => Action::Suspend,
            Command::Quit | Command::Escape => Action::Quit,
            _ => Action::Unknown(key.code),
        })
    }

    /// Handles one terminal event on a screen of size `area`. On a screen
    /// too small to show the board only quitting works: nothing changes
    /// unseen.
    pub fn handle(&mut self, event: &Event, area: Rect) -> Flow {
        match Self::action(event, area) {
            Some(action @ (Action::Quit | Action::Suspend)) => self.apply(action),
            Some(action) if Screen::new(area).is_some() => self.apply(action),
            _ => Flow::Continue,
        }
    }

    pub fn apply(&mut self, action: Action) -> Flow {
        self.close_help(matches!(action, Action::Help | Action::Suspend));
        match action {
            Action::Select(square) => self.select(square),
            Action::Undo => self.undo(),
            Action::NewGame => self.new_game(),
            Action::SwapSides => self.swap_sides(),
            Action::ToggleEvaluation => self.toggle_evaluation(),
            Action::Help => self.toggle_help(),
            Action::Unknown(code) => self.does_nothing(code, "1-9 moves a stone"),
            Action::Suspend => return Flow::Suspend,
            Action::Quit => return Flow::Quit,
        }
        Flow::Continue
    }

    fn select(&mut self, square: Square) {
        let p = self.position();
        if self.is_over() {
            self.describe_turn("");
            return;
        }
        match p.move_from(square) {
            Ok(m) => {
                self.push(Player::Human, m);
                self.program_turn("");
            }
            Err(why) => self.status = self.refusal(p, square, why),
        }
    }

    /// Why the stone on `square` cannot move, in the words of the rules.
    fn refusal(&self, p: Position, square: Square, why: MoveError) -> String {
        match why {
            MoveError::Empty(_) => format!("{square} is the empty point: pick a stone next to it"),
            MoveError::NotYours { owner, .. } => {
                format!(
                    "{square} is a {owner} stone, the program's; you play {}",
                    self.human
                )
            }
            MoveError::Blocked(_) => format!(
                "{square} cannot move: {}",
                p.why_blocked(square).unwrap_or_default()
            ),
        }
    }
}

/// What the status line of a Mu Torere board says of the turn.
pub struct Turn {
    pub human: Color,
    pub to_move: Color,
    pub winner: Option<Color>,
    /// The winning move, once a side has won.
    pub won_with: Option<String>,
    pub drawn: bool,
    /// The last move, if the program made it, and its side.
    pub program_moved: Option<(String, Color)>,
    /// The names of the stones the human may move, in order.
    pub movable: Vec<String>,
    /// How to name a stone, before the list of them: `press `.
    pub how: &'static str,
}

impl Turn {
    /// The status line: `note`, then how the game ended, or what the
    /// program played and which stones the human may move.
    pub fn status(self, note: &str) -> String {
        if let Some(winner) = self.winner {
            let who = if winner == self.human {
                "you win"
            } else {
                "the program wins"
            };
            let by = self.won_with.map(|m| format!(" with {m}")).unwrap_or_default();
            return format!(
                "{note}Game over: {winner} wins{by}, {who}: {} cannot move. n: new game, u: undo, q: quit",
                winner.opponent()
            );
        }
        if self.drawn {
            return format!(
                "{note}Draw: this position, {} to move, has come up a third time. \
                 n: new game, u: undo, q: quit",
                self.to_move
            );
        }
        let mut movable = self.movable;
        let last_mover = movable.pop().unwrap_or_default();
        let movable = if movable.is_empty() {
            last_mover
        } else {
            format!("{} or {last_mover}", movable.join(", "))
        };
        let last = self
            .program_moved
            .map(|(mv, mover)| format!("The program moved {mv} ({mover}). "))
            .unwrap_or_default();
        format!("{note}{last}Your move: click a stone or {}{movable}", self.how)
    }
}
