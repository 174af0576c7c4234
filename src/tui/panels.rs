//! What a board shows beside the board and can hide, the help and the
//! evaluation (the values of the moves), and what the keys that every
//! board has alike do to them and to the status line.

use crate::tui::command::key_name;
use ratatui::crossterm::event::KeyCode;

/// Which of the panels that can be hidden a board shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Panels {
    /// The rules and the keys.
    pub help: bool,
    /// The evaluation of the position, or the values of the moves.
    pub evaluation: bool,
}

/// A board with [`Panels`] and a status line.
pub(crate) trait Status {
    fn panels(&mut self) -> &mut Panels;

    /// Sets the status line: `note`, then how the game stands.
    fn describe_turn(&mut self, note: &str);

    /// Before the action of a key: any key closes the help, and keeps its
    /// meaning, except the help's own key and suspend (`keeps_help`).
    fn close_help(&mut self, keeps_help: bool) {
        if !keeps_help {
            self.panels().help = false;
        }
    }

    /// Shows or hides the help.
    fn toggle_help(&mut self) {
        let panels = self.panels();
        panels.help = !panels.help;
        self.describe_turn("");
    }

    /// Shows or hides the evaluation.
    fn toggle_evaluation(&mut self) {
        let panels = self.panels();
        panels.evaluation = !panels.evaluation;
        self.describe_turn("");
    }

    /// Says that the key `code` does nothing here, and `how` what does:
    /// `1-9 moves a stone`.
    fn does_nothing(&mut self, code: KeyCode, how: &str) {
        let key = key_name(code);
        self.describe_turn(&format!(
            "{key} does nothing here: {how}, ? shows the rules and keys, q quits. "
        ));
    }
}
