//! The judge's format: a case count, then four rows of four squares per
//! case; one `white (N)` or `black (N)` line per case back.
//!
//! Rows and the count are whitespace-separated words, so blank lines,
//! indentation and `\r\n` line ends are all fine. The input is read as
//! bytes, since test files hold hundreds of thousands of cases; every
//! rejection names the case, the row and the line it is on.

use super::board::Board;
use crate::solve::Outcome;
use std::fmt;
use std::io::{self, Write};
use thiserror::Error;

/// A word of the input as it appears in messages: at most 16 characters,
/// control characters escaped, so an error stays one readable line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown(String);

impl Shown {
    fn new(word: &[u8]) -> Shown {
        let text = String::from_utf8_lossy(word);
        let mut shown: String = text.chars().take(16).flat_map(char::escape_debug).collect();
        if text.chars().nth(16).is_some() {
            shown.push_str("...");
        }
        Shown(shown)
    }
}

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum ParseError {
    #[error("the input is empty: expected the number of cases")]
    Empty,
    #[error("line {line}: the case count `{word}` is not a whole number")]
    CountNotANumber { word: Shown, line: usize },
    #[error("line {line}: the case count `{word}` is negative")]
    CountNegative { word: Shown, line: usize },
    #[error("line {line}: the case count `{word}` is too large")]
    CountTooLarge { word: Shown, line: usize },
    #[error(
        "case {case}, row {row} (line {line}): `{word}` has `{found}` at column {column}; rows hold only `p`, `P` and `.`"
    )]
    BadCharacter {
        case: usize,
        row: usize,
        line: usize,
        word: Shown,
        found: Shown,
        column: usize,
    },
    #[error("case {case}, row {row} (line {line}): `{word}` has {length} characters; a row has 4")]
    BadRowLength {
        case: usize,
        row: usize,
        line: usize,
        word: Shown,
        length: usize,
    },
    #[error("case {case}, row {row}: missing; the input ends after {found} of the {count} cases announced")]
    MissingCase {
        case: usize,
        row: usize,
        found: usize,
        count: usize,
    },
    #[error("line {line}: unexpected `{word}` after the last of the {count} cases announced")]
    ExtraInput { word: Shown, line: usize, count: usize },
    #[error("line {line}: the input is not UTF-8 text (byte {byte})")]
    NotUtf8 { line: usize, byte: usize },
}

/// What a byte can be in a row: a pawn of either colour, an empty square,
/// whitespace between words, or anything else.
const WHITE_PAWN: u8 = 1;
const BLACK_PAWN: u8 = 2;
const SPACE: u8 = 4;
const OTHER: u8 = 8;

const CLASS: [u8; 256] = {
    let mut class = [OTHER; 256];
    class[b'P' as usize] = WHITE_PAWN;
    class[b'p' as usize] = BLACK_PAWN;
    class[b'.' as usize] = 0;
    let mut byte = 0;
    while byte < 256 {
        if (byte as u8).is_ascii_whitespace() {
            class[byte] = SPACE;
        }
        byte += 1;
    }
    class
};

/// Whitespace-separated words with the line each starts on.
struct Words<'a> {
    bytes: &'a [u8],
    at: usize,
    line: usize,
}

impl<'a> Words<'a> {
    fn new(bytes: &'a [u8]) -> Words<'a> {
        Words {
            bytes,
            at: 0,
            line: 1,
        }
    }

    #[inline]
    fn skip_space(&mut self) {
        while let Some(&byte) = self.bytes.get(self.at) {
            if CLASS[usize::from(byte)] != SPACE {
                break;
            }
            self.line += usize::from(byte == b'\n');
            self.at += 1;
        }
    }

    fn next(&mut self) -> Option<(&'a [u8], usize)> {
        self.skip_space();
        let start = self.at;
        let length = self.bytes[start..]
            .iter()
            .position(|&byte| CLASS[usize::from(byte)] == SPACE)
            .unwrap_or(self.bytes.len() - start);
        self.at += length;
        (length > 0).then(|| (&self.bytes[start..self.at], self.line))
    }

    /// The next case when it is laid out as the judge's files are, four
    /// good rows each ending a line with `\n`; otherwise `None`, having read
    /// nothing but whitespace. The common case, done a whole board at once.
    #[inline]
    fn next_plain_case(&mut self) -> Option<(u16, u16)> {
        self.skip_space();
        let case = self.bytes.get(self.at..self.at + 19)?;
        let ends = self
            .bytes
            .get(self.at + 19)
            .is_none_or(|&next| CLASS[usize::from(next)] == SPACE);
        if case[4] != b'\n' || case[9] != b'\n' || case[14] != b'\n' || !ends {
            return None;
        }
        let (mut white, mut black, mut good) = (0, 0, u32::MAX);
        for row in 0..4 {
            let bytes = [
                case[5 * row],
                case[5 * row + 1],
                case[5 * row + 2],
                case[5 * row + 3],
            ];
            let (w, b, empty) = row_masks(u32::from_le_bytes(bytes));
            good &= w | b | empty;
            white |= gather(w) << (4 * row);
            black |= gather(b) << (4 * row);
        }
        if good != 0x8080_8080 {
            return None;
        }
        self.at += 19;
        self.line += 3;
        Some((white, black))
    }

    /// The next word as White's and Black's squares in one row (bit 0 file
    /// a), if it is a good row; otherwise `None`, having read nothing but
    /// whitespace, so that [`Words::next`] can take the word to report it.
    #[inline]
    fn next_row(&mut self) -> Option<(u16, u16)> {
        self.skip_space();
        let word = self.bytes.get(self.at..self.at + 4)?;
        let class = |i: usize| CLASS[usize::from(word[i])];
        let (a, b, c, d) = (class(0), class(1), class(2), class(3));
        let ends = self
            .bytes
            .get(self.at + 4)
            .is_none_or(|&next| CLASS[usize::from(next)] == SPACE);
        if (a | b | c | d) & (SPACE | OTHER) != 0 || !ends {
            return None;
        }
        self.at += 4;
        let squares = u16::from(a) | u16::from(b) << 2 | u16::from(c) << 4 | u16::from(d) << 6;
        let white = pext_odd(squares);
        let black = pext_odd(squares >> 1);
        Some((white, black))
    }
}

/// The bytes of a row read as a little-endian word: for each of `P`, `p`
/// and `.`, the high bit of every byte that equals it. Exact, with no carries
/// between bytes, so a row is good when every byte matches one of the three.
#[inline]
const fn row_masks(row: u32) -> (u32, u32, u32) {
    const HIGH: u32 = 0x8080_8080;
    const fn equal(row: u32, byte: u8) -> u32 {
        let t = row ^ (byte as u32 * 0x0101_0101);
        !(((t & !HIGH) + !HIGH) | t) & HIGH
    }
    (equal(row, b'P'), equal(row, b'p'), equal(row, b'.'))
}

/// The high bits of a row's four bytes (file a first), as bits 0 to 3.
#[inline]
const fn gather(high_bits: u32) -> u16 {
    (((high_bits >> 7) as u64 * 0x0020_4081) >> 21) as u16 & 0xf
}

/// Bits 0, 2, 4 and 6 of `pairs`, packed into bits 0 to 3.
#[inline]
const fn pext_odd(pairs: u16) -> u16 {
    (pairs & 1) | (pairs >> 1 & 2) | (pairs >> 2 & 4) | (pairs >> 3 & 8)
}

/// Reads every case. Nothing is answered unless the whole input is good.
pub fn parse_cases(input: &[u8]) -> Result<Vec<Board>, ParseError> {
    let mut words = Words::new(input);
    let (word, line) = words.next().ok_or(ParseError::Empty)?;
    let count = parse_count(word, line).map_err(|error| about_word(input, word, line, error))?;
    // A huge count in a short input must fail on the missing case, not on allocation.
    let mut boards = Vec::with_capacity(count.min(input.len() / 16 + 1));
    for case in 1..=count {
        if let Some((white, black)) = words.next_plain_case() {
            boards.push(Board::new(white, black).expect("each square holds one character"));
            continue;
        }
        let (mut white, mut black) = (0u16, 0u16);
        for row in 0..4 {
            if let Some((w, b)) = words.next_row() {
                white |= w << (4 * row);
                black |= b << (4 * row);
                continue;
            }
            return Err(match words.next() {
                None => ParseError::MissingCase {
                    case,
                    row: row + 1,
                    found: case - 1,
                    count,
                },
                Some((word, line)) => about_word(input, word, line, bad_row(case, row + 1, line, word)),
            });
        }
        boards.push(Board::new(white, black).expect("each square holds one character"));
    }
    if let Some((word, line)) = words.next() {
        let extra = ParseError::ExtraInput {
            word: Shown::new(word),
            line,
            count,
        };
        return Err(about_word(input, word, line, extra));
    }
    Ok(boards)
}

/// `error`, about `word` on `line` of `input`, unless the word is not UTF-8
/// text. Its characters then cannot be named (a lossy reading would show
/// characters that are not in the input), so the error says instead where
/// the first byte that is not text lies, as the other games' errors do.
/// Words split at ASCII whitespace only, which never falls inside a
/// character, so a word is text exactly where the input around it is.
fn about_word(input: &[u8], word: &[u8], line: usize, error: ParseError) -> ParseError {
    match std::str::from_utf8(word) {
        Ok(_) => error,
        Err(bad) => ParseError::NotUtf8 {
            line,
            byte: word.as_ptr() as usize - input.as_ptr() as usize + bad.valid_up_to() + 1,
        },
    }
}

/// The error for a word that is not a row: too short, too long, or with a
/// character other than `p`, `P` and `.`.
fn bad_row(case: usize, row: usize, line: usize, word: &[u8]) -> ParseError {
    let length = String::from_utf8_lossy(word).chars().count();
    if length == 4 {
        return bad_character(case, row, line, word);
    }
    ParseError::BadRowLength {
        case,
        row,
        line,
        word: Shown::new(word),
        length,
    }
}

fn bad_character(case: usize, row: usize, line: usize, word: &[u8]) -> ParseError {
    let text = String::from_utf8_lossy(word);
    let (index, found) = text
        .chars()
        .enumerate()
        .find(|&(_, c)| !matches!(c, 'p' | 'P' | '.'))
        .expect("a row with a bad byte has a bad character");
    ParseError::BadCharacter {
        case,
        row,
        line,
        word: Shown::new(word),
        found: Shown(found.escape_debug().collect()),
        column: index + 1,
    }
}

fn parse_count(word: &[u8], line: usize) -> Result<usize, ParseError> {
    if let [b'-', digits @ ..] = word
        && !digits.is_empty()
        && digits.iter().all(u8::is_ascii_digit)
    {
        return Err(ParseError::CountNegative {
            word: Shown::new(word),
            line,
        });
    }
    if !word.iter().all(u8::is_ascii_digit) {
        return Err(ParseError::CountNotANumber {
            word: Shown::new(word),
            line,
        });
    }
    word.iter()
        .try_fold(0usize, |n, &d| {
            n.checked_mul(10)?.checked_add(usize::from(d - b'0'))
        })
        .ok_or_else(|| ParseError::CountTooLarge {
            word: Shown::new(word),
            line,
        })
}

/// Verdict lines for up to this many plies are spelled out in advance.
const SPELLED: usize = 100;

/// `white (N)\n` for odd N and `black (N)\n` for even N below
/// [`SPELLED`], with their lengths: the verdict for White's outcome is one
/// copy, and the output grows once per line.
static LINES: [([u8; 12], u8); SPELLED] = {
    let mut lines = [([0u8; 12], 0u8); SPELLED];
    let mut plies = 0;
    while plies < SPELLED {
        let (line, length) = &mut lines[plies];
        let winner = if plies % 2 == 1 { b"white (" } else { b"black (" };
        let mut at = 0;
        while at < 7 {
            line[at] = winner[at];
            at += 1;
        }
        if plies >= 10 {
            line[at] = b'0' + (plies / 10) as u8;
            at += 1;
        }
        line[at] = b'0' + (plies % 10) as u8;
        line[at + 1] = b')';
        line[at + 2] = b'\n';
        *length = at as u8 + 3;
        plies += 1;
    }
    lines
};

/// Writes the judge's verdict line for `outcome`, the value for White.
#[inline]
pub fn write_verdict(out: &mut impl Write, outcome: Outcome) -> io::Result<()> {
    let (winner, plies) = match outcome {
        Outcome::Win(n) => ("white", n),
        Outcome::Loss(n) => ("black", n),
        Outcome::Draw => return out.write_all(b"draw\n"),
    };
    // Wins are odd and losses even, which is what the spelled lines assume.
    match LINES.get(plies as usize) {
        Some((line, length)) if (plies % 2 == 1) == outcome.is_win() => {
            out.write_all(&line[..usize::from(*length)])
        }
        _ => writeln!(out, "{winner} ({plies})"),
    }
}

/// The verdict line without its newline, for explanations.
pub fn verdict(outcome: Outcome) -> String {
    let mut line = Vec::new();
    write_verdict(&mut line, outcome).expect("writing to a Vec");
    line.pop();
    String::from_utf8(line).expect("verdicts are ASCII")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_sample_and_free_whitespace() {
        let boards = parse_cases(b"2\n\n.ppp\n....\n.PPP\n....\n\n...p\n...p\npP.P\n...P\n").unwrap();
        assert_eq!(boards.len(), 2);
        assert_eq!(boards[0].to_string(), ".ppp/..../.PPP/....");
        let loose = parse_cases(b"  2\r\n.ppp .... .PPP ....\r\n\t...p\n\n\n...p pP.P ...P").unwrap();
        assert_eq!(loose, boards);
        assert_eq!(parse_cases(b"0\n").unwrap(), []);
    }

    #[test]
    fn rejections_name_the_case_row_and_line() {
        let err = |t: &[u8]| parse_cases(t).unwrap_err().to_string();
        assert_eq!(err(b""), "the input is empty: expected the number of cases");
        assert_eq!(err(b" \n"), "the input is empty: expected the number of cases");
        assert_eq!(
            err(b"two\n"),
            "line 1: the case count `two` is not a whole number"
        );
        assert_eq!(err(b"\n-1\n"), "line 2: the case count `-1` is negative");
        assert_eq!(
            err(b"99999999999999999999999 ...."),
            "line 1: the case count `9999999999999999...` is too large"
        );
        assert_eq!(
            err(b"1\n\n..x.\n"),
            "case 1, row 1 (line 3): `..x.` has `x` at column 3; rows hold only `p`, `P` and `.`"
        );
        assert_eq!(
            err("1\n....\n.é..\n".as_bytes()),
            "case 1, row 2 (line 3): `.é..` has `é` at column 2; rows hold only `p`, `P` and `.`"
        );
        assert_eq!(
            err(b"1\n....\n....\n...\n"),
            "case 1, row 3 (line 4): `...` has 3 characters; a row has 4"
        );
        assert_eq!(
            err(b"1\n....\n.....\n"),
            "case 1, row 2 (line 3): `.....` has 5 characters; a row has 4"
        );
        assert_eq!(
            err(b"2\n....\n....\n....\n.P..\n"),
            "case 2, row 1: missing; the input ends after 1 of the 2 cases announced"
        );
        assert_eq!(
            err(b"1\n....\n....\n"),
            "case 1, row 3: missing; the input ends after 0 of the 1 cases announced"
        );
        assert_eq!(
            err(b"1\n....\n....\n....\n.P..\n\n....\n"),
            "line 7: unexpected `....` after the last of the 1 cases announced"
        );
        assert_eq!(
            err(b"1\n....\n..\xe2\x82\n"),
            "line 3: the input is not UTF-8 text (byte 10)"
        );
        assert_eq!(
            err(b"1\n....\n\xff...\n"),
            "line 3: the input is not UTF-8 text (byte 8)"
        );
        assert_eq!(
            err(b"\n\n1\xff\n"),
            "line 3: the input is not UTF-8 text (byte 4)"
        );
        assert_eq!(
            err(b"1\n....\n.\xc3\xa9\xff\n"),
            "line 3: the input is not UTF-8 text (byte 11)",
            "after a character of two bytes in the same word"
        );
        assert_eq!(
            err(b"1\n....\n....\n....\n.P..\nok\xc3("),
            "line 6: the input is not UTF-8 text (byte 25)"
        );
        assert_eq!(
            err(b"1\n\x1b[31m\n"),
            "case 1, row 1 (line 2): `\\u{1b}[31m` has 5 characters; a row has 4"
        );
    }

    #[test]
    fn verdicts_use_the_judges_words() {
        let mut out = Vec::new();
        write_verdict(&mut out, Outcome::Win(13)).unwrap();
        write_verdict(&mut out, Outcome::Loss(0)).unwrap();
        write_verdict(&mut out, Outcome::Loss(2)).unwrap();
        write_verdict(&mut out, Outcome::Win(0)).unwrap();
        write_verdict(&mut out, Outcome::Loss(100)).unwrap();
        write_verdict(&mut out, Outcome::Win(99)).unwrap();
        assert_eq!(
            out,
            b"white (13)\nblack (0)\nblack (2)\nwhite (0)\nblack (100)\nwhite (99)\n"
        );
        assert_eq!(verdict(Outcome::Win(7)), "white (7)");
    }
}
