//! User text as messages show it: escaped, so that nothing typed or read
//! can steer the terminal the message is printed on, and cut short with a
//! mark that cannot be mistaken for input.
//!
//! Every message that echoes input (a parser's token, a refused line, a
//! file name) goes through [`shown`] or [`shortened`], so the rule lives
//! here once.

use std::fmt::Write;

/// The mark at the end of a shortened word. An ellipsis, not three dots,
/// since dots are what some inputs are made of.
pub const SHORTENED: char = '…';

/// `text` with every character that could act on a terminal, or hide in
/// one, spelled out as a Rust string literal spells it: control characters
/// (`\u{1b}`, `\r`, `\n`, `\t`...), whitespace other than the space, and the
/// invisible formatting characters (bidirectional overrides, zero-width
/// joiners). A backslash is doubled, so an escape in the output always
/// means an escaped character in the input.
pub fn shown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_shown(&mut out, c);
    }
    out
}

/// One character as [`shown`] shows it.
pub fn shown_char(c: char) -> String {
    let mut out = String::new();
    push_shown(&mut out, c);
    out
}

/// [`shown`] for at most `limit` characters of `text`, followed by
/// [`SHORTENED`] when `text` is longer.
pub fn shortened(text: &str, limit: usize) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    for c in chars.by_ref().take(limit) {
        push_shown(&mut out, c);
    }
    if chars.next().is_some() {
        out.push(SHORTENED);
    }
    out
}

fn push_shown(out: &mut String, c: char) {
    match c {
        '\\' => out.push_str("\\\\"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c if needs_escape(c) => {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        }
        c => out.push(c),
    }
}

/// Control characters, whitespace other than the space, and the format
/// characters that change how the text around them is laid out or hide
/// themselves: bidirectional marks, embeddings, overrides and isolates,
/// zero-width characters, the byte order mark, and the interlinear
/// annotation marks.
fn needs_escape(c: char) -> bool {
    c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(
            c,
            '\u{ad}'
                | '\u{61c}'
                | '\u{180e}'
                | '\u{200b}'..='\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2066}'..='\u{206f}'
                | '\u{feff}'
                | '\u{fff9}'..='\u{fffb}'
        )
}

/// `text` broken into lines of at most `width` characters at its spaces,
/// each line as long as it can be (a longer word stands on a line alone).
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = 0;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let length = word.chars().count();
        if line > 0 && line + 1 + length > width {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(word);
        line += length;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_and_invisible_characters_are_spelled_out() {
        assert_eq!(shown("plain text, `quoted`"), "plain text, `quoted`");
        assert_eq!(shown("\u{1b}]0;pwned\u{7}"), r"\u{1b}]0;pwned\u{7}");
        assert_eq!(shown("a\r\nb\tc"), r"a\r\nb\tc");
        assert_eq!(shown("\u{9b}31m"), r"\u{9b}31m", "the 8-bit CSI");
        assert_eq!(shown("x\u{202e}y\u{200b}"), r"x\u{202e}y\u{200b}");
        assert_eq!(shown("1\u{a0}2"), r"1\u{a0}2", "a space that is not one");
        assert_eq!(shown(r"C:\u{1b}"), r"C:\\u{1b}", "a literal backslash");
        assert_eq!(shown("é ü 漢"), "é ü 漢");
    }

    #[test]
    fn a_shortened_text_is_marked_as_such() {
        assert_eq!(shortened("....", 4), "....");
        assert_eq!(shortened(".....", 4), "....…");
        assert_eq!(shortened("\u{1b}\u{1b}\u{1b}", 2), r"\u{1b}\u{1b}…");
        assert_eq!(shortened("", 0), "");
    }

    #[test]
    fn wrapped_lines_are_as_long_as_they_may_be() {
        assert_eq!(wrap("a bb ccc dddd", 6), "a bb\nccc\ndddd");
        assert_eq!(wrap("a bb ccc dddd", 8), "a bb ccc\ndddd");
        assert_eq!(wrap("unbreakable word", 4), "unbreakable\nword");
        assert_eq!(wrap("", 10), "");
    }
}
