//! The one lexer every input goes through: words separated by ASCII
//! whitespace, read as a stream, and lines of bounded length.
//!
//! Whitespace is the ASCII set of the contest protocols (space, tab, line
//! feed, form feed and carriage return), the same for every game. Any other
//! byte, a non-breaking space included, belongs to a word, and a word that
//! is not what its place asks for is an error that shows it (escaped, see
//! [`crate::text`]).
//!
//! Memory stays flat whatever the input: [`Words`] holds the reader's own
//! buffer and the first [`HEAD`] bytes of one word, however long the word
//! or the run of whitespace before it, and [`read_line`] keeps at most the
//! bytes it was asked for.

use std::io::{self, BufRead};

/// Whether `byte` separates words: space, `\t`, `\n`, form feed or `\r`.
#[inline]
pub const fn is_space(byte: u8) -> bool {
    byte.is_ascii_whitespace()
}

/// How many bytes of a word are kept, to show it or read it: enough for
/// 32 characters of any script.
pub const HEAD: usize = 128;

/// A word of the input and where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    /// The word's first bytes, all of it if it has at most [`HEAD`].
    head: Vec<u8>,
    /// Its length in bytes.
    pub bytes: usize,
    /// Its length in characters (bytes that do not continue a character).
    pub chars: usize,
    /// The line it starts on, from 1.
    pub line: usize,
    /// The character it starts at on that line, from 1.
    pub column: usize,
    /// The number of its first byte in the input, from 1.
    pub start: usize,
    /// The number in the input (from 1) of the first byte of the word's
    /// first sequence that is not UTF-8, if it has one.
    pub not_utf8: Option<usize>,
}

impl Word {
    /// The whole word, if it is UTF-8 text short enough to be kept.
    pub fn text(&self) -> Option<&str> {
        if self.bytes > self.head.len() || self.not_utf8.is_some() {
            return None;
        }
        std::str::from_utf8(&self.head).ok()
    }

    /// The word as a message shows it: its first `limit` characters
    /// (at most [`HEAD`] / 4), escaped, then a mark if it is longer.
    pub fn shown(&self, limit: usize) -> String {
        debug_assert!(limit < HEAD / 4, "the characters shown are all kept");
        let head = String::from_utf8_lossy(&self.head);
        let mut shown = crate::text::shortened(&head, limit);
        if self.chars > limit && !shown.ends_with(crate::text::SHORTENED) {
            shown.push(crate::text::SHORTENED);
        }
        shown
    }
}

/// The words of a stream, with where each starts.
pub struct Words<R> {
    reader: R,
    /// The line and the column (both from 1) of the next byte.
    line: usize,
    column: usize,
    /// How many bytes come before the next one.
    offset: usize,
    /// Whether a read found the end. A terminal ends its input once per
    /// Ctrl-D, and a read after that waits for more, so none is made.
    ended: bool,
}

impl<R: BufRead> Words<R> {
    pub fn new(reader: R) -> Words<R> {
        Words {
            reader,
            line: 1,
            column: 1,
            offset: 0,
            ended: false,
        }
    }

    /// The bytes buffered from the next one on, refilled if none are;
    /// empty at the end of the input.
    #[inline]
    pub fn buffered(&mut self) -> io::Result<&[u8]> {
        if self.ended {
            return Ok(&[]);
        }
        let length = loop {
            match self.reader.fill_buf() {
                Ok(buffer) => break buffer.len(),
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(error),
            }
        };
        if length == 0 {
            self.ended = true;
            return Ok(&[]);
        }
        // Served from the buffer just filled, without reading again.
        self.reader.fill_buf()
    }

    /// Passes over `bytes` bytes the caller has read in [`Words::buffered`]:
    /// ASCII, holding `newlines` line feeds, the last of them followed by
    /// `after` bytes.
    #[inline]
    pub fn skip_known(&mut self, bytes: usize, newlines: usize, after: usize) {
        self.reader.consume(bytes);
        self.offset += bytes;
        if newlines == 0 {
            self.column += bytes;
        } else {
            self.line += newlines;
            self.column = after + 1;
        }
    }

    /// Passes over whitespace, up to the next word or the end.
    #[inline]
    pub fn skip_space(&mut self) -> io::Result<()> {
        loop {
            let (mut line, mut column) = (self.line, self.column);
            let buffer = self.buffered()?;
            let length = buffer.len();
            let mut spaces = 0;
            for &byte in buffer {
                if !is_space(byte) {
                    break;
                }
                spaces += 1;
                if byte == b'\n' {
                    line += 1;
                    column = 1;
                } else {
                    column += 1;
                }
            }
            self.reader.consume(spaces);
            (self.line, self.column) = (line, column);
            self.offset += spaces;
            if spaces < length || length == 0 {
                return Ok(());
            }
        }
    }

    /// The next word, or `None` at the end of the input.
    pub fn next_word(&mut self) -> io::Result<Option<Word>> {
        self.next_word_with(|_| {})
    }

    /// The next word, each of whose bytes is also handed to `each` in
    /// order: how a word too long to keep is still read whole.
    pub fn next_word_with(&mut self, mut each: impl FnMut(u8)) -> io::Result<Option<Word>> {
        self.skip_space()?;
        let mut word = Word {
            head: Vec::new(),
            bytes: 0,
            chars: 0,
            line: self.line,
            column: self.column,
            start: self.offset + 1,
            not_utf8: None,
        };
        let mut utf8 = Utf8::default();
        loop {
            let offset = self.offset;
            let buffer = self.buffered()?;
            let length = buffer.len();
            let end = buffer.iter().position(|&b| is_space(b)).unwrap_or(length);
            let mut chars = 0;
            for (at, &byte) in buffer[..end].iter().enumerate() {
                each(byte);
                chars += usize::from(byte & 0xc0 != 0x80);
                if !utf8.step(byte, offset + at + 1) && word.not_utf8.is_none() {
                    word.not_utf8 = Some(utf8.sequence);
                }
            }
            let kept = end.min(HEAD - word.head.len());
            word.head.extend_from_slice(&buffer[..kept]);
            self.reader.consume(end);
            self.offset += end;
            self.column += chars;
            word.bytes += end;
            word.chars += chars;
            if end < length || length == 0 {
                break;
            }
        }
        if utf8.needed > 0 && word.not_utf8.is_none() {
            word.not_utf8 = Some(utf8.sequence);
        }
        Ok((word.bytes > 0).then_some(word))
    }
}

/// UTF-8 checked a byte at a time, by the table of well-formed sequences
/// (Unicode 3.9, table 3-7): no overlong forms, surrogates or values past
/// U+10FFFF, as `std::str::from_utf8` checks.
struct Utf8 {
    /// Bytes still to come in the current sequence.
    needed: u8,
    /// The range the next of them must lie in.
    low: u8,
    high: u8,
    /// The number of the current sequence's first byte.
    sequence: usize,
}

impl Default for Utf8 {
    fn default() -> Utf8 {
        Utf8 {
            needed: 0,
            low: 0x80,
            high: 0xbf,
            sequence: 0,
        }
    }
}

impl Utf8 {
    /// Takes `byte`, the input's byte number `number`; false if it makes
    /// the text ill-formed, which leaves the sequence's start in
    /// `self.sequence`.
    fn step(&mut self, byte: u8, number: usize) -> bool {
        if self.needed > 0 {
            if !(self.low..=self.high).contains(&byte) {
                return false;
            }
            self.needed -= 1;
            (self.low, self.high) = (0x80, 0xbf);
            return true;
        }
        self.sequence = number;
        let (needed, low, high) = match byte {
            0x00..=0x7f => return true,
            0xc2..=0xdf => (1, 0x80, 0xbf),
            0xe0 => (2, 0xa0, 0xbf),
            0xe1..=0xec | 0xee..=0xef => (2, 0x80, 0xbf),
            0xed => (2, 0x80, 0x9f),
            0xf0 => (3, 0x90, 0xbf),
            0xf1..=0xf3 => (3, 0x80, 0xbf),
            0xf4 => (3, 0x80, 0x8f),
            _ => return false,
        };
        (self.needed, self.low, self.high) = (needed, low, high);
        true
    }
}

/// A decimal whole number with an optional sign, read a byte at a time
/// as its word streams past, so that no length of word is too long to
/// judge (leading zeros included).
#[derive(Clone, Copy, Debug, Default)]
pub struct Decimal {
    bytes: usize,
    sign: Option<u8>,
    digits: usize,
    other: bool,
    nonzero: bool,
    /// The value, or `None` past `u64::MAX`.
    value: Option<u64>,
}

impl Decimal {
    pub fn new() -> Decimal {
        Decimal {
            value: Some(0),
            ..Decimal::default()
        }
    }

    pub fn push(&mut self, byte: u8) {
        match byte {
            b'+' | b'-' if self.bytes == 0 => self.sign = Some(byte),
            b'0'..=b'9' => {
                self.digits += 1;
                self.nonzero |= byte != b'0';
                self.value = self
                    .value
                    .and_then(|v| v.checked_mul(10)?.checked_add(u64::from(byte - b'0')));
            }
            _ => self.other = true,
        }
        self.bytes += 1;
    }

    /// `+` or `-`, if the word starts with one.
    pub fn sign(&self) -> Option<u8> {
        self.sign
    }

    /// Whether the word is digits, after the sign if any.
    pub fn is_number(&self) -> bool {
        !self.other && self.digits > 0
    }

    /// Whether every digit is 0.
    pub fn is_zero(&self) -> bool {
        !self.nonzero
    }

    /// The digits' value, or `None` if it is past `u64::MAX`.
    pub fn value(&self) -> Option<u64> {
        self.value
    }
}

/// The rows and the columns of a board size written `RxC` (`4x4`, `2X3`):
/// two runs of ASCII digits on either side of an `x` or `X`; `None` for any
/// other text. A number too long for a `u32` reads as `u32::MAX`, so that
/// it is out of range rather than not a size.
pub fn board_size(text: &str) -> Option<(u32, u32)> {
    let (rows, columns) = text.split_once(['x', 'X'])?;
    let number = |part: &str| {
        (!part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
            .then(|| part.parse::<u32>().unwrap_or(u32::MAX))
    };
    Some((number(rows)?, number(columns)?))
}

/// How [`read_line`] found a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// The input had ended; nothing was read.
    End,
    /// A whole line (its `\n` included, unless it is the input's last).
    Whole,
    /// A line longer than the limit: the first bytes were kept, the rest
    /// up to and with its `\n` read and dropped.
    TooLong,
}

/// Reads the next line into `line` (cleared first), keeping at most
/// `limit` bytes of it, however long it is.
pub fn read_line(reader: &mut impl BufRead, line: &mut Vec<u8>, limit: usize) -> io::Result<Line> {
    line.clear();
    let mut read_any = false;
    let mut too_long = false;
    loop {
        let buffer = match reader.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            break;
        }
        read_any = true;
        let (taken, ended) = match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => (at + 1, true),
            None => (buffer.len(), false),
        };
        let room = limit.saturating_sub(line.len());
        too_long |= taken > room;
        line.extend_from_slice(&buffer[..taken.min(room)]);
        reader.consume(taken);
        if ended {
            break;
        }
    }
    Ok(match (read_any, too_long) {
        (false, _) => Line::End,
        (true, false) => Line::Whole,
        (true, true) => Line::TooLong,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every word of `input`, read through a buffer of `capacity` bytes.
    fn words(input: &[u8], capacity: usize) -> Vec<Word> {
        let mut words = Words::new(io::BufReader::with_capacity(capacity, input));
        std::iter::from_fn(|| words.next_word().unwrap()).collect()
    }

    #[test]
    fn a_board_size_is_digits_on_either_side_of_an_x() {
        assert_eq!(board_size("4x5"), Some((4, 5)));
        assert_eq!(board_size("02X3"), Some((2, 3)));
        assert_eq!(board_size("99999999999x1"), Some((u32::MAX, 1)));
        for bad in ["", "4", "x4", "4x", "4x4x4", "+4x4", "4 x4", "4×4", "ax4"] {
            assert_eq!(board_size(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn words_and_places_are_the_same_through_any_buffer() {
        let input = "  12\tab\r\n\n é-x \x0cz\u{a0}z\n".as_bytes();
        for capacity in [1, 2, 3, 7, 64] {
            let found = words(input, capacity);
            let summary: Vec<_> = found
                .iter()
                .map(|w| (w.text().unwrap(), w.line, w.column, w.start, w.chars))
                .collect();
            assert_eq!(
                summary,
                [
                    ("12", 1, 3, 3, 2),
                    ("ab", 1, 6, 6, 2),
                    ("é-x", 3, 2, 12, 3),
                    ("z\u{a0}z", 3, 7, 18, 3),
                ],
                "capacity {capacity}"
            );
        }
        assert!(words(b" \n\t\r\x0c ", 4).is_empty());
        assert_eq!(
            words(b"a\x0bb", 4).len(),
            1,
            "a vertical tab is not ASCII whitespace"
        );
    }

    #[test]
    fn a_long_word_is_read_whole_and_shown_shortened() {
        let long = format!("x {}\u{1b} y", ".".repeat(10_000));
        let found = words(long.as_bytes(), 16);
        assert_eq!(found.len(), 3);
        let word = &found[1];
        assert_eq!((word.bytes, word.chars, word.text()), (10_001, 10_001, None));
        assert_eq!(word.shown(4), "....…");
        assert_eq!(found[2].start, 10_005);
        let escaped = &words(b"\x1b[31m", 4)[0];
        assert_eq!(escaped.shown(16), r"\u{1b}[31m");
        assert_eq!(escaped.shown(2), r"\u{1b}[…");
    }

    #[test]
    fn text_that_is_not_utf8_is_found_as_the_standard_library_finds_it() {
        let samples: [&[u8]; 9] = [
            b"ab\xff",
            b"\xe2\x82",
            b"\xe2\x82x",
            b"\xc3\xa9\xc3",
            b"\xed\xa0\x80",
            b"\xf4\x90\x80\x80",
            b"\xe0\x80\xaf",
            b"\xc0\xaf",
            b"ok\xf0\x9f\x98\x80",
        ];
        for sample in samples {
            let expected = std::str::from_utf8(sample).err().map(|e| e.valid_up_to() + 3);
            let mut input = b"x ".to_vec();
            input.extend_from_slice(sample);
            for capacity in [1, 3, 64] {
                let found = words(&input, capacity);
                assert_eq!(found[1].not_utf8, expected, "{sample:?} through {capacity}");
            }
        }
    }

    #[test]
    fn decimals_read_any_length_and_say_what_they_are() {
        let read = |word: &str| {
            let mut number = Decimal::new();
            word.bytes().for_each(|b| number.push(b));
            number
        };
        let n = read(&format!("+{}42", "0".repeat(1000)));
        assert_eq!((n.sign(), n.is_number(), n.value()), (Some(b'+'), true, Some(42)));
        assert!(read("-000").is_zero() && read("-000").is_number());
        assert!(!read("-").is_number() && !read("1-").is_number() && !read("2.5").is_number());
        assert_eq!(read("18446744073709551616").value(), None);
        assert_eq!(read("18446744073709551615").value(), Some(u64::MAX));
    }

    #[test]
    fn lines_are_kept_up_to_the_limit_and_the_rest_dropped() {
        let input = format!("short\n{}\nlast", "y".repeat(5000));
        let mut reader = io::BufReader::with_capacity(7, input.as_bytes());
        let mut line = Vec::new();
        assert_eq!(read_line(&mut reader, &mut line, 16).unwrap(), Line::Whole);
        assert_eq!(line, b"short\n");
        assert_eq!(read_line(&mut reader, &mut line, 16).unwrap(), Line::TooLong);
        assert_eq!(line, b"yyyyyyyyyyyyyyyy");
        assert_eq!(read_line(&mut reader, &mut line, 16).unwrap(), Line::Whole);
        assert_eq!(line, b"last");
        assert_eq!(read_line(&mut reader, &mut line, 16).unwrap(), Line::End);
        assert!(line.is_empty());
    }
}
