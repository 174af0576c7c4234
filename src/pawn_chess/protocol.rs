//! The judge's format: a case count, then four rows of four squares per
//! case; one `white (N)` or `black (N)` line per case back.
//!
//! Rows and the count are words separated by ASCII whitespace
//! ([`crate::lex`]), so blank lines, indentation and `\r\n` line ends are
//! all fine. The input is read as a stream of bytes, a case at a time, so
//! that a file of any number of cases is read in the same memory; every
//! rejection names the case, the row and the line it is on.

use super::board::Board;
use super::sizes::Size;
use crate::lex::{Decimal, Word, Words};
use crate::solve::Outcome;
use std::fmt;
use std::io::{self, BufRead, Write};
use thiserror::Error;

/// A word of the input as it appears in messages: at most 16 characters,
/// control characters escaped, so an error stays one readable line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown(String);

impl Shown {
    fn new(word: &Word) -> Shown {
        Shown(word.shown(16))
    }
}

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why an input is not a list of cases: each names the word and its line,
/// and within a case the case and the row.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ParseError {
    /// The input holds no word.
    #[error("the input is empty: expected the number of cases")]
    Empty,
    /// The case count is not a whole number.
    #[error("line {line}: the case count `{word}` is not a whole number")]
    CountNotANumber {
        /// The word as it is written.
        word: Shown,
        /// Its line, from 1.
        line: usize,
    },
    /// The case count is negative.
    #[error("line {line}: the case count `{word}` is negative")]
    CountNegative {
        /// The word as it is written.
        word: Shown,
        /// Its line, from 1.
        line: usize,
    },
    /// The case count is larger than a `usize` holds.
    #[error("line {line}: the case count `{word}` is too large")]
    CountTooLarge {
        /// The word as it is written.
        word: Shown,
        /// Its line, from 1.
        line: usize,
    },
    /// A row holds a character other than `p`, `P` and `.`.
    #[error(
        "case {case}, row {row} (line {line}): `{word}` has `{found}` at column {column}; rows hold only `p`, `P` and `.`"
    )]
    BadCharacter {
        /// The case, from 1.
        case: usize,
        /// The row, from 1 at the top.
        row: usize,
        /// Its line, from 1.
        line: usize,
        /// The row as it is written.
        word: Shown,
        /// The character.
        found: Shown,
        /// Its column, from 1.
        column: usize,
    },
    /// A row is not as long as the board is wide.
    #[error("case {case}, row {row} (line {line}): `{word}` has {length} characters; {expected}")]
    BadRowLength {
        /// The case, from 1.
        case: usize,
        /// The row, from 1 at the top.
        row: usize,
        /// Its line, from 1.
        line: usize,
        /// The row as it is written.
        word: Shown,
        /// Its length in characters.
        length: usize,
        /// The length a row should have.
        expected: RowLength,
    },
    /// The input ends before the last case announced.
    #[error("case {case}, row {row}: missing; the input ends after {found} of the {count} cases announced")]
    MissingCase {
        /// The case, from 1.
        case: usize,
        /// The first row missing, from 1.
        row: usize,
        /// How many cases are complete.
        found: usize,
        /// How many the count announced.
        count: usize,
    },
    /// A word follows the last case announced.
    #[error("line {line}: unexpected `{word}` after the last of the {count} cases announced")]
    ExtraInput {
        /// The word as it is written.
        word: Shown,
        /// Its line, from 1.
        line: usize,
        /// How many cases the count announced.
        count: usize,
    },
    /// The input is not UTF-8 text.
    #[error("line {line}: the input is not UTF-8 text (byte {byte})")]
    NotUtf8 {
        /// The line, from 1.
        line: usize,
        /// The first byte that is not UTF-8, counted from 1 in the whole input.
        byte: usize,
    },
}

/// How long a row should be: 4 squares in the judge's format, or the
/// columns of a board of another size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowLength {
    Judge,
    Sized(Size),
}

impl RowLength {
    fn columns(self) -> usize {
        match self {
            RowLength::Judge => 4,
            RowLength::Sized(size) => usize::from(size.columns()),
        }
    }
}

impl fmt::Display for RowLength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RowLength::Judge => write!(f, "a row has 4"),
            RowLength::Sized(size) => write!(f, "a row of a {size} board has {}", size.columns()),
        }
    }
}

/// Why reading a case stopped: the input could not be read, or it is bad.
pub(crate) enum Stop {
    Read(io::Error),
    Bad(ParseError),
}

impl From<io::Error> for Stop {
    fn from(error: io::Error) -> Stop {
        Stop::Read(error)
    }
}

impl From<ParseError> for Stop {
    fn from(error: ParseError) -> Stop {
        Stop::Bad(error)
    }
}

/// The outer error a failure to read, the inner one a bad input.
pub(crate) fn nested<T>(result: Result<T, Stop>) -> io::Result<Result<T, ParseError>> {
    match result {
        Ok(value) => Ok(Ok(value)),
        Err(Stop::Bad(error)) => Ok(Err(error)),
        Err(Stop::Read(error)) => Err(error),
    }
}

/// The words of a case file, whatever the board's size: the case count,
/// then the rows of each case, then nothing but whitespace.
pub(crate) struct CaseWords<R> {
    pub(crate) words: Words<R>,
    count: usize,
    /// The cases begun so far; the current one is number `read`.
    pub(crate) read: usize,
    /// Whether the input is known to end after the last case.
    ended: bool,
}

impl<R: BufRead> CaseWords<R> {
    /// Reads the case count at the start of `input`. The outer error is a
    /// failure to read; the inner one, a count that is missing or bad.
    pub(crate) fn new(input: R) -> io::Result<Result<CaseWords<R>, ParseError>> {
        let mut words = Words::new(input);
        let mut number = Decimal::new();
        let word = match words.next_word_with(|byte| number.push(byte)) {
            Ok(Some(word)) => word,
            Ok(None) => return Ok(Err(ParseError::Empty)),
            Err(error) => return Err(error),
        };
        let count = match parse_count(&number, &word) {
            Ok(count) => count,
            Err(error) => return Ok(Err(error)),
        };
        Ok(Ok(CaseWords {
            words,
            count,
            read: 0,
            ended: false,
        }))
    }

    /// Begins the next case: false once every case announced is read and
    /// nothing but whitespace follows the last.
    pub(crate) fn begin_case(&mut self) -> Result<bool, Stop> {
        if self.read < self.count {
            self.read += 1;
            return Ok(true);
        }
        if !self.ended {
            if let Some(word) = self.words.next_word()? {
                let extra = ParseError::ExtraInput {
                    word: Shown::new(&word),
                    line: word.line,
                    count: self.count,
                };
                return Err(about_word(&word, extra).into());
            }
            self.ended = true;
        }
        Ok(false)
    }

    /// The word of row `row` (from 1) of the current case.
    pub(crate) fn row_word(&mut self, row: usize) -> Result<Word, Stop> {
        let case = self.read;
        self.words.next_word()?.ok_or_else(|| {
            ParseError::MissingCase {
                case,
                row,
                found: case - 1,
                count: self.count,
            }
            .into()
        })
    }

    /// The error for `word`, row `row` of the current case, which is not a
    /// row of `expected` squares.
    pub(crate) fn bad_row(&self, row: usize, word: &Word, expected: RowLength) -> Stop {
        about_word(word, bad_row(self.read, row, word, expected)).into()
    }
}

/// The cases of an input, read one at a time.
pub struct Cases<R> {
    words: CaseWords<R>,
}

impl<R: BufRead> Cases<R> {
    /// Reads the case count at the start of `input`. The outer error is a
    /// failure to read; the inner one, a count that is missing or bad.
    pub fn new(input: R) -> io::Result<Result<Cases<R>, ParseError>> {
        Ok(CaseWords::new(input)?.map(|words| Cases { words }))
    }

    /// How many cases the input announces.
    pub fn count(&self) -> usize {
        self.words.count
    }

    /// The next case's board, or `None` once the last case is read and
    /// nothing but whitespace follows it. The errors are as for
    /// [`Cases::new`].
    pub fn next_board(&mut self) -> io::Result<Result<Option<Board>, ParseError>> {
        nested(self.next())
    }

    fn next(&mut self) -> Result<Option<Board>, Stop> {
        if !self.words.begin_case()? {
            return Ok(None);
        }
        // The common case, from one look at the buffer: a line end or two
        // before a case laid out as the judge's files are.
        let words = &mut self.words.words;
        let buffer = words.buffered()?;
        let spaces = buffer.iter().take(4).take_while(|&&b| b == b'\n').count();
        if let Some((white, black)) = plain_case(&buffer[spaces..]) {
            words.skip_known(spaces + 19, spaces + 3, 4);
            return Ok(Some(board(white, black)));
        }
        words.skip_space()?;
        if let Some((white, black)) = plain_case(words.buffered()?) {
            words.skip_known(19, 3, 4);
            return Ok(Some(board(white, black)));
        }
        let (mut white, mut black) = (0u16, 0u16);
        for row in 0..4 {
            let (w, b) = self.next_row(row + 1)?;
            white |= w << (4 * row);
            black |= b << (4 * row);
        }
        Ok(Some(board(white, black)))
    }

    /// Row `row` (from 1) of the current case, as White's and Black's
    /// squares (bit 0 file a).
    fn next_row(&mut self, row: usize) -> Result<(u16, u16), Stop> {
        let words = &mut self.words.words;
        words.skip_space()?;
        if let Some(squares) = plain_row(words.buffered()?) {
            words.skip_known(4, 0, 0);
            return Ok(squares);
        }
        // A row the buffer does not hold whole, or a bad one: read the
        // word whatever its length.
        let word = self.words.row_word(row)?;
        if let Some(text) = word.text()
            && let Ok(&bytes) = <&[u8; 4]>::try_from(text.as_bytes())
            && let Some(squares) = row_squares(bytes)
        {
            return Ok(squares);
        }
        Err(self.words.bad_row(row, &word, RowLength::Judge))
    }
}

/// The board of two sets of squares read from one character each.
fn board(white: u16, black: u16) -> Board {
    Board::new(white, black).expect("each square holds one character")
}

/// What a byte can be in a row: a pawn of either colour, an empty square,
/// or anything else.
const WHITE_PAWN: u8 = 1;
const BLACK_PAWN: u8 = 2;
const OTHER: u8 = 8;

const CLASS: [u8; 256] = {
    let mut class = [OTHER; 256];
    class[b'P' as usize] = WHITE_PAWN;
    class[b'p' as usize] = BLACK_PAWN;
    class[b'.' as usize] = 0;
    class
};

/// Whether the word before `next` ends there: at whitespace or at the end
/// of the input.
#[inline]
fn ends_at(next: Option<&u8>) -> bool {
    next.is_some_and(|&byte| crate::lex::is_space(byte))
}

/// The case at the start of `bytes` when it is laid out as the judge's
/// files are, four good rows each ending a line with `\n`, and followed by
/// whitespace that `bytes` holds: the common case, done a whole board at
/// once.
#[inline]
fn plain_case(bytes: &[u8]) -> Option<(u16, u16)> {
    let case = bytes.get(..19)?;
    if case[4] != b'\n' || case[9] != b'\n' || case[14] != b'\n' || !ends_at(bytes.get(19)) {
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
    (good == 0x8080_8080).then_some((white, black))
}

/// The row at the start of `bytes` if it is a good one followed by
/// whitespace that `bytes` holds.
#[inline]
fn plain_row(bytes: &[u8]) -> Option<(u16, u16)> {
    let row = bytes.get(..4)?;
    if !ends_at(bytes.get(4)) {
        return None;
    }
    row_squares([row[0], row[1], row[2], row[3]])
}

/// A row of four bytes as White's and Black's squares, if every byte is
/// `P`, `p` or `.`.
#[inline]
fn row_squares(row: [u8; 4]) -> Option<(u16, u16)> {
    let class = |i: usize| CLASS[usize::from(row[i])];
    let (a, b, c, d) = (class(0), class(1), class(2), class(3));
    if (a | b | c | d) & OTHER != 0 {
        return None;
    }
    let squares = u16::from(a) | u16::from(b) << 2 | u16::from(c) << 4 | u16::from(d) << 6;
    Some((pext_odd(squares), pext_odd(squares >> 1)))
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

/// Reads every case of an input held in memory, or the first error.
pub fn parse_cases(input: &[u8]) -> Result<Vec<Board>, ParseError> {
    let mut cases = Cases::new(input).expect("reading a slice cannot fail")?;
    // A huge count in a short input must fail on the missing case, not on allocation.
    let mut boards = Vec::with_capacity(cases.count().min(input.len() / 16 + 1));
    while let Some(board) = cases.next_board().expect("reading a slice cannot fail")? {
        boards.push(board);
    }
    Ok(boards)
}

/// `error`, about `word`, unless the word is not UTF-8 text. Its
/// characters then cannot be named (a lossy reading would show characters
/// that are not in the input), so the error says instead where the first
/// byte that is not text lies, as the other games' errors do.
fn about_word(word: &Word, error: ParseError) -> ParseError {
    match word.not_utf8 {
        None => error,
        Some(byte) => ParseError::NotUtf8 {
            line: word.line,
            byte,
        },
    }
}

/// The error for a word that is not a row of `expected` squares: too
/// short, too long, or with a character other than `p`, `P` and `.`.
fn bad_row(case: usize, row: usize, word: &Word, expected: RowLength) -> ParseError {
    let line = word.line;
    let bad = word
        .text()
        .filter(|_| word.chars == expected.columns())
        .and_then(|text| {
            text.chars()
                .enumerate()
                .find(|&(_, c)| !matches!(c, 'p' | 'P' | '.'))
        });
    match bad {
        Some((index, found)) => ParseError::BadCharacter {
            case,
            row,
            line,
            word: Shown::new(word),
            found: Shown(crate::text::shown(found.encode_utf8(&mut [0; 4]))),
            column: index + 1,
        },
        None => ParseError::BadRowLength {
            case,
            row,
            line,
            word: Shown::new(word),
            length: word.chars,
            expected,
        },
    }
}

fn parse_count(number: &Decimal, word: &Word) -> Result<usize, ParseError> {
    let line = word.line;
    if let Some(byte) = word.not_utf8 {
        return Err(ParseError::NotUtf8 { line, byte });
    }
    if number.is_number() && number.sign() == Some(b'-') && !number.is_zero() {
        return Err(ParseError::CountNegative {
            word: Shown::new(word),
            line,
        });
    }
    if !number.is_number() || number.sign().is_some() {
        return Err(ParseError::CountNotANumber {
            word: Shown::new(word),
            line,
        });
    }
    number
        .value()
        .and_then(|count| usize::try_from(count).ok())
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
        Outcome::Draw | Outcome::Tie(_) => return out.write_all(b"draw\n"),
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
            "line 1: the case count `9999999999999999…` is too large"
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

    /// Every board of `input` read through a buffer of `capacity` bytes,
    /// up to the first error.
    fn streamed(input: &[u8], capacity: usize) -> Result<Vec<Board>, ParseError> {
        let reader = io::BufReader::with_capacity(capacity, input);
        let mut cases = Cases::new(reader).unwrap()?;
        let mut boards = Vec::new();
        while let Some(board) = cases.next_board().unwrap()? {
            boards.push(board);
        }
        Ok(boards)
    }

    #[test]
    fn a_stream_through_any_buffer_reads_as_the_whole_input() {
        let inputs: [&[u8]; 8] = [
            b"3\n.ppp\n....\n.PPP\n....\n  ...p ...p\r\npP.P\n...P\n\n....\n.P..\n...p\n....",
            b"2\n.ppp\n....\n.PPP\n....\n....\n.P..\n...p\n....\n",
            b"2\n.ppp\n....\n.PPP\n....\n....\n.P..\n...p\n",
            b"1\n.ppp\n....\n.PPP\n....\n\n\n  x\n",
            b"1\n.ppp\n.\xc3\xa9..\n.PPP\n....\n",
            b"1\n.ppp\n..\xe2\x82\n",
            b"1\n.ppp\n..........................\n",
            b"0009\n",
        ];
        for input in inputs {
            let whole = parse_cases(input);
            for capacity in [1, 2, 3, 5, 19, 20, 21, 64] {
                assert_eq!(streamed(input, capacity), whole, "{input:?} through {capacity}");
            }
        }
    }

    #[test]
    fn long_words_are_shown_shortened_with_an_ellipsis() {
        let err = |t: &[u8]| parse_cases(t).unwrap_err().to_string();
        assert_eq!(
            err(b"1\n....................\n"),
            "case 1, row 1 (line 2): `................…` has 20 characters; a row has 4"
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
