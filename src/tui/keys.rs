//! The bytes a terminal sends, decoded into the events the app reads:
//! keys, and mouse buttons in the encodings [`EnableMouseCapture`] asks
//! for (SGR `ESC [ < b ; x ; y M`, urxvt `ESC [ b ; x ; y M` and X10
//! `ESC [ M b x y`).
//!
//! The arrows and Shift-Tab are decoded too, for boards with a cursor.
//!
//! A sequence that has begun but not ended (`ESC [` as Alt+[ sends it, a
//! mouse report cut short, the first byte of a character) waits for its
//! end only until [`Decoder::expire`]: then a lone `ESC` is the Escape key
//! and anything else is dropped, so that no byte can leave the keys
//! locked. Bytes that are not UTF-8 and sequences the game has no use for
//! are dropped too.
//!
//! [`EnableMouseCapture`]: ratatui::crossterm::event::EnableMouseCapture

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

const ESC: u8 = 0x1b;

/// The longest sequence kept waiting for its end; a longer one is garbage,
/// and dropped.
const LONGEST: usize = 64;

/// Bytes in, events out, with the start of an unfinished sequence kept.
#[derive(Debug, Default)]
pub struct Decoder {
    pending: Vec<u8>,
}

/// What the bytes at the start of the pending input are.
enum Step {
    /// These many bytes made this event, or nothing the game uses.
    Done(usize, Option<Event>),
    /// A sequence that has not ended yet.
    Unfinished,
}

impl Decoder {
    /// Takes `bytes` as read, appending to `events` what they complete.
    pub fn feed(&mut self, bytes: &[u8], events: &mut Vec<Event>) {
        self.pending.extend_from_slice(bytes);
        let mut at = 0;
        while at < self.pending.len() {
            match step(&self.pending[at..]) {
                Step::Done(length, event) => {
                    events.extend(event);
                    at += length;
                }
                Step::Unfinished if self.pending.len() - at > LONGEST => at = self.pending.len(),
                Step::Unfinished => break,
            }
        }
        self.pending.drain(..at);
    }

    /// Whether a sequence has begun and not ended: the caller then calls
    /// [`Decoder::expire`] if nothing more comes soon.
    pub fn is_waiting(&self) -> bool {
        !self.pending.is_empty()
    }

    /// Gives up waiting: a lone `ESC` was the Escape key; what else had
    /// begun is dropped.
    pub fn expire(&mut self, events: &mut Vec<Event>) {
        if self.pending == [ESC] {
            events.push(key(KeyCode::Esc, KeyModifiers::NONE));
        }
        self.pending.clear();
    }
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, modifiers))
}

/// The first event of `bytes`, which is not empty.
fn step(bytes: &[u8]) -> Step {
    match bytes[0] {
        ESC => escape(bytes),
        byte @ 0x00..=0x7f => Step::Done(1, control_or_ascii(byte, KeyModifiers::NONE)),
        _ => character(bytes, KeyModifiers::NONE),
    }
}

/// A byte below 0x80 as the key that sends it.
fn control_or_ascii(byte: u8, modifiers: KeyModifiers) -> Option<Event> {
    let code = match byte {
        b'\r' | b'\n' => KeyCode::Enter,
        b'\t' => KeyCode::Tab,
        0x7f | 0x08 => KeyCode::Backspace,
        0x01..=0x1a => {
            return Some(key(
                KeyCode::Char(char::from(byte - 1 + b'a')),
                modifiers | KeyModifiers::CONTROL,
            ));
        }
        0x20..=0x7e => KeyCode::Char(char::from(byte)),
        _ => return None,
    };
    Some(key(code, modifiers))
}

/// A UTF-8 character at the start of `bytes`, whose first byte is not
/// ASCII; a byte that cannot start one is dropped.
fn character(bytes: &[u8], modifiers: KeyModifiers) -> Step {
    let length = match bytes[0] {
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return Step::Done(1, None),
    };
    let Some(encoded) = bytes.get(..length) else {
        return match std::str::from_utf8(bytes) {
            Err(error) if error.error_len().is_some() => Step::Done(1, None),
            _ => Step::Unfinished,
        };
    };
    match std::str::from_utf8(encoded)
        .ok()
        .and_then(|text| text.chars().next())
    {
        Some(c) => Step::Done(length, Some(key(KeyCode::Char(c), modifiers))),
        None => Step::Done(1, None),
    }
}

/// A sequence that starts with `ESC`.
fn escape(bytes: &[u8]) -> Step {
    match bytes.get(1) {
        None => Step::Unfinished,
        Some(b'[') => csi(bytes),
        // SS3: F1 to F4 and the arrows in application mode.
        Some(b'O') => match bytes.get(2) {
            None => Step::Unfinished,
            Some(&last) => Step::Done(3, arrow(last)),
        },
        // Escape pressed twice: the first is a key of its own.
        Some(&ESC) => Step::Done(1, Some(key(KeyCode::Esc, KeyModifiers::NONE))),
        Some(&byte) if byte < 0x80 => match control_or_ascii(byte, KeyModifiers::ALT) {
            event @ Some(_) => Step::Done(2, event),
            None => Step::Done(2, None),
        },
        Some(_) => match character(&bytes[1..], KeyModifiers::ALT) {
            Step::Done(length, event) => Step::Done(length + 1, event),
            Step::Unfinished => Step::Unfinished,
        },
    }
}

/// A control sequence, `ESC [`, then parameter and intermediate bytes,
/// then one final byte; or an X10 mouse report.
fn csi(bytes: &[u8]) -> Step {
    if bytes.get(2) == Some(&b'M') {
        // X10: three bytes follow, each a value plus 32, whatever they are.
        let Some(report) = bytes.get(3..6) else {
            return Step::Unfinished;
        };
        let value = |i: usize| u16::from(report[i].saturating_sub(32));
        return Step::Done(6, mouse_at(value(0), value(1), value(2), true));
    }
    let Some(end) = bytes[2..].iter().position(|byte| (0x40..=0x7e).contains(byte)) else {
        // Parameters and intermediates only so far; anything else ends
        // the sequence as garbage.
        return match bytes[2..].iter().position(|byte| !(0x20..=0x3f).contains(byte)) {
            Some(bad) => Step::Done(2 + bad, None),
            None => Step::Unfinished,
        };
    };
    let length = 2 + end + 1;
    let body = &bytes[2..2 + end];
    if let Some(bad) = body.iter().position(|byte| !(0x20..=0x3f).contains(byte)) {
        return Step::Done(2 + bad, None);
    }
    let last = bytes[2 + end];
    let numbers = |text: &[u8]| -> Option<Vec<u16>> {
        std::str::from_utf8(text)
            .ok()?
            .split(';')
            .map(|n| n.parse().ok())
            .collect()
    };
    let event = match (body.first(), last) {
        // SGR: `<` button ; column ; row, `M` pressed, `m` released.
        (Some(b'<'), b'M' | b'm') => numbers(&body[1..]).and_then(|n| match n[..] {
            [button, column, row] => mouse_at(button, column, row, last == b'M'),
            _ => None,
        }),
        // urxvt: button + 32 ; column ; row.
        (Some(b'0'..=b'9'), b'M') => numbers(body).and_then(|n| match n[..] {
            [button, column, row] => mouse_at(button.checked_sub(32)?, column, row, true),
            _ => None,
        }),
        (None, b'Z') => Some(key(KeyCode::BackTab, KeyModifiers::SHIFT)),
        (None, last) => arrow(last),
        _ => None,
    };
    Step::Done(length, event)
}

/// The arrow key whose sequence ends in `last`, without modifiers.
fn arrow(last: u8) -> Option<Event> {
    let code = match last {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        _ => return None,
    };
    Some(key(code, KeyModifiers::NONE))
}

/// A left button pressed at (`column`, `row`), counted from 1; other
/// buttons, releases, motion and the wheel are of no use to the game.
fn mouse_at(button: u16, column: u16, row: u16, pressed: bool) -> Option<Event> {
    let left_press = pressed && button & 0b1100_0011 == 0 && button & 32 == 0;
    (left_press && column >= 1 && row >= 1).then(|| {
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: column - 1,
            row: row - 1,
            modifiers: KeyModifiers::NONE,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decoded(chunks: &[&[u8]]) -> (Vec<Event>, bool) {
        let mut decoder = Decoder::default();
        let mut events = Vec::new();
        for chunk in chunks {
            decoder.feed(chunk, &mut events);
        }
        (events, decoder.is_waiting())
    }

    fn plain(c: char) -> Event {
        key(KeyCode::Char(c), KeyModifiers::NONE)
    }

    fn click(column: u16, row: u16) -> Event {
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        })
    }

    #[test]
    fn keys_and_characters() {
        let (events, waiting) = decoded(&[b"q4\x03\x7f\r", "é".as_bytes()]);
        assert!(!waiting);
        assert_eq!(
            events,
            [
                plain('q'),
                plain('4'),
                key(KeyCode::Char('c'), KeyModifiers::CONTROL),
                key(KeyCode::Backspace, KeyModifiers::NONE),
                key(KeyCode::Enter, KeyModifiers::NONE),
                plain('é'),
            ]
        );
    }

    #[test]
    fn mouse_reports_in_every_encoding_split_anywhere() {
        let reports: [&[u8]; 3] = [b"\x1b[<0;10;5M", b"\x1b[32;10;5M", b"\x1b[M *%"];
        for report in reports {
            for split in 0..=report.len() {
                let (events, waiting) = decoded(&[&report[..split], &report[split..], b"q"]);
                assert_eq!(events, [click(9, 4), plain('q')], "{report:?} split at {split}");
                assert!(!waiting);
            }
        }
        let (events, _) = decoded(&[b"\x1b[<0;10;5m\x1b[<2;1;1M\x1b[<32;3;3M\x1b[<64;3;3M"]);
        assert!(events.is_empty(), "releases, other buttons, motion and the wheel");
    }

    #[test]
    fn other_sequences_are_dropped_whole() {
        let (events, waiting) = decoded(&[b"\x1b[1;5D\x1b[3~\x1bOP\x1b[200~x"]);
        assert_eq!(events, [plain('x')]);
        assert!(!waiting);
    }

    #[test]
    fn arrows_and_shift_tab() {
        let (events, waiting) = decoded(&[b"\x1b[A\x1bOB\x1b[C\x1b[D\x1b[Z"]);
        let none = KeyModifiers::NONE;
        assert_eq!(
            events,
            [
                key(KeyCode::Up, none),
                key(KeyCode::Down, none),
                key(KeyCode::Right, none),
                key(KeyCode::Left, none),
                key(KeyCode::BackTab, KeyModifiers::SHIFT),
            ]
        );
        assert!(!waiting);
    }

    #[test]
    fn an_unfinished_sequence_waits_then_gives_the_keys_back() {
        let unfinished: [&[u8]; 6] = [
            b"\x1b[",
            b"\x1b[<",
            b"\x1b[M",
            b"\x1b[<0;10",
            b"\xc3",
            b"\xf0\x9f",
        ];
        for start in unfinished {
            let mut decoder = Decoder::default();
            let mut events = Vec::new();
            decoder.feed(start, &mut events);
            assert!(events.is_empty() && decoder.is_waiting(), "{start:?}");
            decoder.expire(&mut events);
            assert!(!decoder.is_waiting(), "{start:?}");
            decoder.feed(b"q", &mut events);
            assert_eq!(events, [plain('q')], "{start:?}");
        }
    }

    #[test]
    fn a_lone_escape_is_the_escape_key_once_nothing_follows() {
        let mut decoder = Decoder::default();
        let mut events = Vec::new();
        decoder.feed(b"\x1b", &mut events);
        assert!(events.is_empty() && decoder.is_waiting());
        decoder.expire(&mut events);
        assert_eq!(events, [key(KeyCode::Esc, KeyModifiers::NONE)]);
        let (events, _) = decoded(&[b"\x1bq\x1b\x1b["]);
        assert_eq!(
            events,
            [
                key(KeyCode::Char('q'), KeyModifiers::ALT),
                key(KeyCode::Esc, KeyModifiers::NONE)
            ]
        );
    }

    #[test]
    fn bytes_that_are_not_text_are_dropped() {
        let (events, waiting) = decoded(&[b"\xff\xfe\x80q\xc3(", b"4"]);
        assert_eq!(events, [plain('q'), plain('('), plain('4')]);
        assert!(!waiting);
    }

    #[test]
    fn garbage_cannot_grow_the_pending_input() {
        let mut decoder = Decoder::default();
        let mut events = Vec::new();
        decoder.feed(b"\x1b[", &mut events);
        for _ in 0..1000 {
            decoder.feed(b"1;", &mut events);
        }
        assert!(decoder.pending.len() <= LONGEST + 2);
    }
}
