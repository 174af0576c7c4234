//! Case files for any board size (`--size RxC`): the judge's format with R
//! rows of C squares per case. The count and the rows are words separated
//! by any whitespace, as in the 4x4 format; every rejection names the case,
//! the row and the line.

use super::board::Side;
use super::sizes::{Setup, Size, parse_row};
use thiserror::Error;

#[derive(Debug, Error, PartialEq, Eq)]
pub enum CaseError {
    #[error("the input is empty: expected the number of cases")]
    Empty,
    #[error("line {line}: the input is not UTF-8 text (byte {byte})")]
    NotUtf8 { line: usize, byte: usize },
    #[error("line {line}: the case count `{word}` is not a whole number")]
    CountNotANumber { word: String, line: usize },
    #[error(
        "case {case}, row {row} (line {line}): `{word}` has {length} characters; a row of a {size} board has {columns}"
    )]
    BadRowLength {
        case: usize,
        row: usize,
        line: usize,
        word: String,
        length: usize,
        size: Size,
        columns: u8,
    },
    #[error(
        "case {case}, row {row} (line {line}): `{word}` has `{found}` at column {column}; rows hold only `p`, `P` and `.`"
    )]
    BadCharacter {
        case: usize,
        row: usize,
        line: usize,
        word: String,
        found: String,
        column: usize,
    },
    #[error("case {case}, row {row}: missing; the input ends after {found} of the {count} cases announced")]
    MissingCase {
        case: usize,
        row: usize,
        found: usize,
        count: usize,
    },
    #[error("line {line}: unexpected `{word}` after the last of the {count} cases announced")]
    ExtraInput { word: String, line: usize, count: usize },
}

/// A word as messages show it: at most 16 characters, escaped.
fn shown(word: &str) -> String {
    let mut text: String = word.chars().take(16).flat_map(char::escape_debug).collect();
    if word.chars().nth(16).is_some() {
        text.push_str("...");
    }
    text
}

/// Reads every case of a `size` board, White to move in each.
pub fn parse_sized_cases(input: &[u8], size: Size) -> Result<Vec<Setup>, CaseError> {
    let text = std::str::from_utf8(input).map_err(|e| {
        let at = e.valid_up_to();
        CaseError::NotUtf8 {
            line: 1 + input[..at].iter().filter(|&&b| b == b'\n').count(),
            byte: at + 1,
        }
    })?;
    let mut line = 1;
    let mut words = text
        .split_inclusive(|c: char| c.is_ascii_whitespace())
        .filter_map(|piece| {
            let word = piece.trim_end_matches(|c: char| c.is_ascii_whitespace());
            let at = line;
            line += usize::from(piece.ends_with('\n'));
            (!word.is_empty()).then_some((word, at))
        });
    let (word, line) = words.next().ok_or(CaseError::Empty)?;
    let count: usize = match word.parse() {
        Ok(n) if word.bytes().all(|b| b.is_ascii_digit()) => n,
        _ => {
            return Err(CaseError::CountNotANumber {
                word: shown(word),
                line,
            });
        }
    };
    let columns = usize::from(size.columns());
    let mut cases = Vec::with_capacity(count.min(input.len() / (size.squares() as usize + 1) + 1));
    for case in 1..=count {
        let (mut white, mut black) = (0u64, 0u64);
        for row in 0..usize::from(size.rows()) {
            let Some((word, line)) = words.next() else {
                return Err(CaseError::MissingCase {
                    case,
                    row: row + 1,
                    found: case - 1,
                    count,
                });
            };
            let length = word.chars().count();
            if length != columns {
                return Err(CaseError::BadRowLength {
                    case,
                    row: row + 1,
                    line,
                    word: shown(word),
                    length,
                    size,
                    columns: size.columns(),
                });
            }
            let (w, b) = parse_row(word).map_err(|(column, found)| CaseError::BadCharacter {
                case,
                row: row + 1,
                line,
                word: shown(word),
                found: found.escape_debug().to_string(),
                column,
            })?;
            white |= w << (row * columns);
            black |= b << (row * columns);
        }
        cases.push(Setup::new(size, white, black, Side::White).expect("one character per square"));
    }
    if let Some((word, line)) = words.next() {
        return Err(CaseError::ExtraInput {
            word: shown(word),
            line,
            count,
        });
    }
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_cases_of_any_size() {
        let size: Size = "3x2".parse().unwrap();
        let cases = parse_sized_cases(b"2\n\npp\n..\nPP\n\n.p p. \r\nP.\n", size).unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].to_string(), "pp/../PP w");
        assert_eq!(cases[1].to_string(), ".p/p./P. w");
    }

    #[test]
    fn rejections_name_the_case_row_and_line() {
        let size: Size = "3x3".parse().unwrap();
        let err = |t: &[u8]| parse_sized_cases(t, size).unwrap_err().to_string();
        assert_eq!(err(b""), "the input is empty: expected the number of cases");
        assert_eq!(err(b"x\n"), "line 1: the case count `x` is not a whole number");
        assert_eq!(
            err(b"1\n\nppp\n....\n"),
            "case 1, row 2 (line 4): `....` has 4 characters; a row of a 3x3 board has 3"
        );
        assert_eq!(
            err(b"1\nppp\n.q.\n"),
            "case 1, row 2 (line 3): `.q.` has `q` at column 2; rows hold only `p`, `P` and `.`"
        );
        assert_eq!(
            err(b"2\nppp\n...\nPPP\n"),
            "case 2, row 1: missing; the input ends after 1 of the 2 cases announced"
        );
        assert_eq!(
            err(b"1\nppp\n...\nPPP\n\nppp\n"),
            "line 6: unexpected `ppp` after the last of the 1 cases announced"
        );
        assert_eq!(
            err(b"1\nppp\n.\xff.\n"),
            "line 3: the input is not UTF-8 text (byte 8)"
        );
    }
}
