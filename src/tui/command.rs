//! The keys that every board reads the same way: Ctrl-C quits, Ctrl-Z
//! suspends, `?`, `h` and F1 ask for help, `u` and Backspace undo, `q`
//! quits, the arrows move a cursor; and the keys that are not commands at
//! all (a modifier alone, Caps Lock), which every board ignores.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

/// A direction for a cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

/// A key press as a board reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// A character that is none of the commands below.
    Char(char),
    Cursor(Direction),
    Enter,
    Tab,
    /// Shift-Tab.
    BackTab,
    Escape,
    Undo,
    Help,
    /// Give the terminal back and stop, as Ctrl-Z does in a shell.
    Suspend,
    Quit,
    /// Any other key, Ctrl with another letter among them.
    Other(KeyCode),
}

/// What `key` asks for, or `None` for a key that is no command: a
/// release, or a key that only changes a mode.
pub fn command(key: &KeyEvent) -> Option<Command> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return Some(match key.code {
            KeyCode::Char('c' | 'C') => Command::Quit,
            KeyCode::Char('z' | 'Z') => Command::Suspend,
            code => Command::Other(code),
        });
    }
    Some(match key.code {
        KeyCode::Up => Command::Cursor(Direction::Up),
        KeyCode::Down => Command::Cursor(Direction::Down),
        KeyCode::Left => Command::Cursor(Direction::Left),
        KeyCode::Right => Command::Cursor(Direction::Right),
        KeyCode::Enter => Command::Enter,
        KeyCode::Tab => Command::Tab,
        KeyCode::BackTab => Command::BackTab,
        KeyCode::Esc => Command::Escape,
        KeyCode::Char('u' | 'U') | KeyCode::Backspace => Command::Undo,
        KeyCode::Char('?' | 'h' | 'H') | KeyCode::F(1) => Command::Help,
        KeyCode::Char('q' | 'Q') => Command::Quit,
        KeyCode::Char(c) => Command::Char(c),
        KeyCode::Modifier(_) | KeyCode::CapsLock | KeyCode::NumLock | KeyCode::ScrollLock => return None,
        code => Command::Other(code),
    })
}

/// How the hint for a key that does nothing names it: `` `z` ``, or `That
/// key` for one that is no character.
pub fn key_name(code: KeyCode) -> String {
    match code {
        KeyCode::Char(c) => format!("`{c}`"),
        _ => "That key".to_owned(),
    }
}
