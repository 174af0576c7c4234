//! The CodinGame input format: a depth, then nine dice, separated by ASCII
//! whitespace ([`crate::lex`]). The input is read as a stream, and only as
//! far as it takes to know the answer or the error: ten words and what
//! follows them. Every rejection names the token and where it stands.

use super::board::Board;
use crate::lex::{Decimal, Word, Words};
use std::io::{self, BufRead};
use thiserror::Error;

/// A board and how many moves to look ahead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// How many moves to look ahead.
    pub depth: u32,
    /// The board to start from.
    pub board: Board,
}

/// The puzzle's text, as [`parse_puzzle`] reads it.
impl std::str::FromStr for Puzzle {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Puzzle, ParseError> {
        parse_puzzle(text)
    }
}

/// The depth on a line of its own, then the board's three rows: the
/// contest's input.
impl std::fmt::Display for Puzzle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}\n{}", self.depth, self.board)
    }
}

/// Where a token stands in the input, 1-based, for error messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location {
    /// The line, from 1.
    pub line: usize,
    /// The character on that line, from 1.
    pub column: usize,
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// Why an input is not a puzzle: each names the token and where it stands.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ParseError {
    /// The input holds no token.
    #[error("the input is empty: expected a depth, then 9 dice")]
    Empty,
    /// The depth is not a whole number.
    #[error("{at}: the depth `{token}` is not a whole number")]
    DepthNotANumber {
        /// The token as it is written.
        token: String,
        /// Where it starts.
        at: Location,
    },
    /// The depth is negative.
    #[error("{at}: the depth `{token}` is negative")]
    DepthNegative {
        /// The token as it is written.
        token: String,
        /// Where it starts.
        at: Location,
    },
    /// The depth is larger than a `u32` holds.
    #[error("{at}: the depth `{token}` is too large (at most {max})", max = u32::MAX)]
    DepthTooLarge {
        /// The token as it is written.
        token: String,
        /// Where it starts.
        at: Location,
    },
    /// A die is not a value 0 to 6.
    #[error("{at}: die {index} (row {row}, column {col}) `{token}` is not a die value 0 to 6", row = (index - 1) / 3 + 1, col = (index - 1) % 3 + 1)]
    BadDie {
        /// The die, 1 to 9 in reading order.
        index: usize,
        /// The token as it is written.
        token: String,
        /// Where it starts.
        at: Location,
    },
    /// The input ends before the ninth die.
    #[error("the input ends after {found} of the 9 dice")]
    MissingDice {
        /// How many dice it holds.
        found: usize,
    },
    /// A token follows the ninth die.
    #[error("{at}: unexpected `{token}` after the 9 dice")]
    ExtraToken {
        /// The token as it is written.
        token: String,
        /// Where it starts.
        at: Location,
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

/// How many characters of a token an error message shows.
const SHOWN: usize = 24;

/// The next word of `words`, handing its bytes to `each`, unless it is
/// not UTF-8 text: that is the error.
fn next_word(
    words: &mut Words<impl BufRead>,
    each: impl FnMut(u8),
) -> io::Result<Result<Option<(Word, Location)>, ParseError>> {
    let Some(word) = words.next_word_with(each)? else {
        return Ok(Ok(None));
    };
    if let Some(byte) = word.not_utf8 {
        return Ok(Err(ParseError::NotUtf8 {
            line: word.line,
            byte,
        }));
    }
    let at = Location {
        line: word.line,
        column: word.column,
    };
    Ok(Ok(Some((word, at))))
}

/// Reads a puzzle from `input`, as far as its end or the first token that
/// makes it bad. The outer error is a failure to read; the inner one, an
/// input that is not a puzzle. The depth may be any value that fits in a
/// `u32`: 0 asks for the board's own hash, and depths past the longest
/// possible game give the same answer as that longest game.
pub fn read_puzzle(input: impl BufRead) -> io::Result<Result<Puzzle, ParseError>> {
    let mut words = Words::new(input);
    let mut number = Decimal::new();
    let (word, at) = match next_word(&mut words, |byte| number.push(byte))? {
        Ok(Some(found)) => found,
        Ok(None) => return Ok(Err(ParseError::Empty)),
        Err(error) => return Ok(Err(error)),
    };
    let depth = match parse_depth(&number, &word, at) {
        Ok(depth) => depth,
        Err(error) => return Ok(Err(error)),
    };
    let mut cells = [0u8; 9];
    for (index, cell) in cells.iter_mut().enumerate() {
        let (word, at) = match next_word(&mut words, |_| {})? {
            Ok(Some(found)) => found,
            Ok(None) => return Ok(Err(ParseError::MissingDice { found: index })),
            Err(error) => return Ok(Err(error)),
        };
        *cell = match word.text().map(str::as_bytes) {
            Some([digit @ b'0'..=b'6']) => digit - b'0',
            _ => {
                return Ok(Err(ParseError::BadDie {
                    index: index + 1,
                    token: word.shown(SHOWN),
                    at,
                }));
            }
        };
    }
    match next_word(&mut words, |_| {})? {
        Ok(None) => Ok(Ok(Puzzle {
            depth,
            board: Board::from_cells(cells),
        })),
        Ok(Some((word, at))) => Ok(Err(ParseError::ExtraToken {
            token: word.shown(SHOWN),
            at,
        })),
        Err(error) => Ok(Err(error)),
    }
}

/// Parses a whole puzzle held in memory; see [`read_puzzle`].
pub fn parse_puzzle(text: &str) -> Result<Puzzle, ParseError> {
    read_puzzle(text.as_bytes()).expect("reading a slice cannot fail")
}

fn parse_depth(number: &Decimal, word: &Word, at: Location) -> Result<u32, ParseError> {
    let token = || word.shown(SHOWN);
    if !number.is_number() {
        return Err(ParseError::DepthNotANumber { token: token(), at });
    }
    if number.sign() == Some(b'-') && !number.is_zero() {
        return Err(ParseError::DepthNegative { token: token(), at });
    }
    number
        .value()
        .and_then(|depth| u32::try_from(depth).ok())
        .ok_or_else(|| ParseError::DepthTooLarge { token: token(), at })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_contest_layout_and_any_ascii_whitespace() {
        let p = parse_puzzle("20\n0 6 0\n2 2 2\n1 6 1\n").unwrap();
        assert_eq!(p.depth, 20);
        assert_eq!(p.board, Board::from_cells([0, 6, 0, 2, 2, 2, 1, 6, 1]));
        assert_eq!(parse_puzzle("  20 0 6 0\t2 2 2\r\n1 6 1\x0c").unwrap(), p);
    }

    #[test]
    fn whitespace_beyond_ascii_is_part_of_a_token() {
        let err = parse_puzzle("1 1\u{a0}0 1 0 0 0 0 0 0").unwrap_err().to_string();
        assert_eq!(
            err,
            r"line 1, column 3: die 1 (row 1, column 1) `1\u{a0}0` is not a die value 0 to 6"
        );
        let err = parse_puzzle("1\u{2003}1 0 1 0 0 0 0 0 0").unwrap_err();
        assert!(matches!(err, ParseError::DepthNotANumber { .. }), "{err}");
    }

    #[test]
    fn input_that_is_not_utf8_is_placed() {
        assert_eq!(
            read_puzzle(&b"1\n1 0 \xff\n"[..]).unwrap(),
            Err(ParseError::NotUtf8 { line: 2, byte: 7 })
        );
    }

    #[test]
    fn a_depth_of_any_length_is_read_exactly() {
        let zeros = "0".repeat(100_000);
        let padded = format!("{zeros}7 1 1 1 1 1 1 1 1 1");
        assert_eq!(parse_puzzle(&padded).unwrap().depth, 7);
        let err = parse_puzzle(&format!("1{zeros} 1 1 1 1 1 1 1 1 1")).unwrap_err();
        assert!(matches!(err, ParseError::DepthTooLarge { .. }), "{err}");
        assert!(err.to_string().contains("`100000000000000000000000…`"), "{err}");
    }

    #[test]
    fn rejections_name_the_token_and_place() {
        let err = |t: &str| parse_puzzle(t).unwrap_err();
        assert_eq!(err(""), ParseError::Empty);
        assert_eq!(err(" \n\n"), ParseError::Empty);
        assert!(matches!(err("abc"), ParseError::DepthNotANumber { .. }));
        assert!(matches!(
            err("2.5\n0 0 0\n0 0 0\n0 0 0"),
            ParseError::DepthNotANumber { .. }
        ));
        assert!(matches!(
            err("-3\n0 0 0\n0 0 0\n0 0 0"),
            ParseError::DepthNegative { .. }
        ));
        assert!(matches!(
            err("99999999999 0 0 0 0 0 0 0 0 0"),
            ParseError::DepthTooLarge { .. }
        ));
        assert_eq!(err("1\n0 0 0\n0 0"), ParseError::MissingDice { found: 5 });
        let extra = err("1\n0 0 0\n0 0 0\n0 0 0\n4");
        assert_eq!(
            extra,
            ParseError::ExtraToken {
                token: "4".into(),
                at: Location { line: 5, column: 1 }
            }
        );
        let bad = err("1\n0 0 0\n0 7 0\n0 0 0");
        assert_eq!(
            bad.to_string(),
            "line 3, column 3: die 5 (row 2, column 2) `7` is not a die value 0 to 6"
        );
    }

    #[test]
    fn tokens_in_messages_are_escaped_and_shortened() {
        let err = parse_puzzle("1 1 0 1 0 \u{1b}[31mX 0 0 0 0")
            .unwrap_err()
            .to_string();
        assert!(err.contains(r"`\u{1b}[31mX`"), "{err}");
        assert!(!err.contains('\u{1b}'));
        let long = format!("1 {} 0 0 0 0 0 0 0 0", "9".repeat(1000));
        let err = parse_puzzle(&long).unwrap_err().to_string();
        assert!(err.len() < 120 && err.contains("99999999999999999999…`"), "{err}");
    }

    #[test]
    fn accepts_depth_zero_and_a_signless_or_plus_depth() {
        assert_eq!(parse_puzzle("0 1 1 1 1 1 1 1 1 1").unwrap().depth, 0);
        assert_eq!(parse_puzzle("-0 1 1 1 1 1 1 1 1 1").unwrap().depth, 0);
        assert_eq!(parse_puzzle("+7 1 1 1 1 1 1 1 1 1").unwrap().depth, 7);
        assert_eq!(
            parse_puzzle("4294967295 1 1 1 1 1 1 1 1 1").unwrap().depth,
            u32::MAX
        );
    }
}
