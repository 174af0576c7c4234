//! The CodinGame input format: a depth, then nine dice, separated by any
//! whitespace. Every rejection names the token and where it stands.

use super::board::Board;
use thiserror::Error;

/// A board and how many moves to look ahead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub depth: u32,
    pub board: Board,
}

/// Where a token stands in the input, 1-based, for error messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum ParseError {
    #[error("the input is empty: expected a depth, then 9 dice")]
    Empty,
    #[error("{at}: the depth `{token}` is not a whole number")]
    DepthNotANumber { token: String, at: Position },
    #[error("{at}: the depth `{token}` is negative")]
    DepthNegative { token: String, at: Position },
    #[error("{at}: the depth `{token}` is too large (at most {max})", max = u32::MAX)]
    DepthTooLarge { token: String, at: Position },
    #[error("{at}: die {index} (row {row}, column {col}) `{token}` is not a die value 0 to 6", row = (index - 1) / 3 + 1, col = (index - 1) % 3 + 1)]
    BadDie {
        index: usize,
        token: String,
        at: Position,
    },
    #[error("the input ends after {found} of the 9 dice")]
    MissingDice { found: usize },
    #[error("{at}: unexpected `{token}` after the 9 dice")]
    ExtraToken { token: String, at: Position },
}

/// A token as error messages show it: control characters escaped, so
/// nothing in the input can steer the terminal, and cut short if long.
fn shown(token: &str) -> String {
    const LIMIT: usize = 24;
    let mut escaped: String = token.chars().take(LIMIT).flat_map(char::escape_debug).collect();
    if token.chars().nth(LIMIT).is_some() {
        escaped.push('…');
    }
    escaped
}

/// Splits `text` into whitespace-separated tokens with their positions.
fn tokens(text: &str) -> impl Iterator<Item = (&str, Position)> {
    text.lines().enumerate().flat_map(|(line_index, line)| {
        let mut rest = line;
        let mut offset = 0;
        std::iter::from_fn(move || {
            let start = rest.find(|c: char| !c.is_whitespace())?;
            let token_and_after = &rest[start..];
            let len = token_and_after
                .find(char::is_whitespace)
                .unwrap_or(token_and_after.len());
            let token = &token_and_after[..len];
            let column = line[..offset + start].chars().count() + 1;
            offset += start + len;
            rest = &token_and_after[len..];
            Some((
                token,
                Position {
                    line: line_index + 1,
                    column,
                },
            ))
        })
    })
}

/// Parses a whole puzzle. The depth may be any value that fits in a `u32`:
/// 0 asks for the board's own hash, and depths past the longest possible
/// game give the same answer as that longest game.
pub fn parse_puzzle(text: &str) -> Result<Puzzle, ParseError> {
    let mut tokens = tokens(text);
    let (token, at) = tokens.next().ok_or(ParseError::Empty)?;
    let depth = parse_depth(token, at)?;
    let mut cells = [0u8; 9];
    for (index, cell) in cells.iter_mut().enumerate() {
        let (token, at) = tokens.next().ok_or(ParseError::MissingDice { found: index })?;
        *cell = match token.as_bytes() {
            [digit @ b'0'..=b'6'] => digit - b'0',
            _ => {
                return Err(ParseError::BadDie {
                    index: index + 1,
                    token: shown(token),
                    at,
                });
            }
        };
    }
    if let Some((token, at)) = tokens.next() {
        return Err(ParseError::ExtraToken {
            token: shown(token),
            at,
        });
    }
    Ok(Puzzle {
        depth,
        board: Board::from_cells(cells),
    })
}

fn parse_depth(token: &str, at: Position) -> Result<u32, ParseError> {
    let owned = || shown(token);
    let (negative, digits) = match token.as_bytes() {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        rest => (false, rest),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err(ParseError::DepthNotANumber { token: owned(), at });
    }
    if negative && digits.iter().any(|&d| d != b'0') {
        return Err(ParseError::DepthNegative { token: owned(), at });
    }
    let mut depth: u32 = 0;
    for &d in digits {
        depth = depth
            .checked_mul(10)
            .and_then(|v| v.checked_add(u32::from(d - b'0')))
            .ok_or_else(|| ParseError::DepthTooLarge { token: owned(), at })?;
    }
    Ok(depth)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_contest_layout_and_any_whitespace() {
        let p = parse_puzzle("20\n0 6 0\n2 2 2\n1 6 1\n").unwrap();
        assert_eq!(p.depth, 20);
        assert_eq!(p.board, Board::from_cells([0, 6, 0, 2, 2, 2, 1, 6, 1]));
        assert_eq!(parse_puzzle("  20 0 6 0\t2 2 2\r\n1 6 1").unwrap(), p);
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
                at: Position { line: 5, column: 1 }
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
        assert!(err.len() < 120 && err.contains('…'), "{err}");
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
