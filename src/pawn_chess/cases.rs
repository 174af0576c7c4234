//! Case files for any board size (`--size RxC`): the judge's format with R
//! rows of C squares per case. The count and the rows are words separated
//! by any whitespace, as in the 4x4 format; every rejection names the case,
//! the row and the line.

use super::board::Side;
use super::protocol::{CaseWords, ParseError, RowLength, Stop, nested};
use super::sizes::{Setup, Size, parse_row};
use std::io::{self, BufRead};

/// The cases of a `size` board in `input`, read one at a time, White to
/// move in each.
pub struct SizedCases<R> {
    words: CaseWords<R>,
    size: Size,
}

impl<R: BufRead> SizedCases<R> {
    /// Reads the case count at the start of `input`. The outer error is a
    /// failure to read; the inner one, a count that is missing or bad.
    pub fn new(input: R, size: Size) -> io::Result<Result<SizedCases<R>, ParseError>> {
        Ok(CaseWords::new(input)?.map(|words| SizedCases { words, size }))
    }

    /// The next case, or `None` once the last case is read and nothing but
    /// whitespace follows it. The errors are as for [`SizedCases::new`].
    pub fn next_case(&mut self) -> io::Result<Result<Option<Setup>, ParseError>> {
        nested(self.next())
    }

    fn next(&mut self) -> Result<Option<Setup>, Stop> {
        if !self.words.begin_case()? {
            return Ok(None);
        }
        let columns = usize::from(self.size.columns());
        let (mut white, mut black) = (0u64, 0u64);
        for row in 0..usize::from(self.size.rows()) {
            let word = self.words.row_word(row + 1)?;
            let squares = word
                .text()
                .filter(|_| word.chars == columns)
                .and_then(|text| parse_row(text).ok());
            let Some((w, b)) = squares else {
                return Err(self.words.bad_row(row + 1, &word, RowLength::Sized(self.size)));
            };
            white |= w << (row * columns);
            black |= b << (row * columns);
        }
        let setup = Setup::new(self.size, white, black, Side::White);
        Ok(Some(setup.expect("one character per square")))
    }
}

/// Reads every case of a `size` board, White to move in each, or the first
/// error (the outer one a failure to read).
pub fn read_sized_cases(input: impl BufRead, size: Size) -> io::Result<Result<Vec<Setup>, ParseError>> {
    let mut cases = match SizedCases::new(input, size)? {
        Ok(cases) => cases,
        Err(error) => return Ok(Err(error)),
    };
    let mut setups = Vec::new();
    loop {
        match cases.next_case()? {
            Ok(Some(setup)) => setups.push(setup),
            Ok(None) => return Ok(Ok(setups)),
            Err(error) => return Ok(Err(error)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_sized_cases(input: &[u8], size: Size) -> Result<Vec<Setup>, ParseError> {
        read_sized_cases(input, size).expect("reading a slice cannot fail")
    }

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
