//! The input of a subcommand, from a named file or from stdin, read as a
//! stream through one buffer.

use super::streams::{self, Named};
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, StdinLock};
use std::path::Path;

/// How much is read at a time.
const BUFFER: usize = 1 << 16;

/// An opened input: `path`, or stdin when `path` is `None` or `-`. Its
/// read errors name it (`cannot read cases.in: Is a directory`).
pub enum Input {
    File(BufReader<Named<File>>),
    Stdin(BufReader<Named<StdinLock<'static>>>),
}

pub fn open(path: Option<&Path>) -> anyhow::Result<Input> {
    Ok(match path {
        Some(path) if path != Path::new("-") => {
            let failure = format!(
                "cannot read {}",
                gamespace::text::shown(&path.display().to_string())
            );
            let file = File::open(path).map_err(|e| streams::named(&failure, e))?;
            Input::File(BufReader::with_capacity(BUFFER, Named::new(file, failure)))
        }
        _ => Input::Stdin(BufReader::with_capacity(BUFFER, streams::stdin())),
    })
}

impl Read for Input {
    fn read(&mut self, bytes: &mut [u8]) -> io::Result<usize> {
        match self {
            Input::File(file) => file.read(bytes),
            Input::Stdin(stdin) => stdin.read(bytes),
        }
    }
}

impl BufRead for Input {
    #[inline]
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        match self {
            Input::File(file) => file.fill_buf(),
            Input::Stdin(stdin) => stdin.fill_buf(),
        }
    }

    #[inline]
    fn consume(&mut self, amount: usize) {
        match self {
            Input::File(file) => file.consume(amount),
            Input::Stdin(stdin) => stdin.consume(amount),
        }
    }
}
