//! The input of a subcommand, from a named file or from stdin, read as a
//! stream through one buffer.

use super::streams::{self, Named};
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read, StdinLock, Write};
use std::path::Path;

/// How much is read at a time from a long input (a file of cases).
pub const LONG: usize = 1 << 16;

/// How much is read at a time from a short input (a puzzle, ten words).
/// A reader's buffer is cleared before its first read, page by page, so a
/// short input keeps to one page.
pub const SHORT: usize = 1 << 12;

/// An opened input: `path`, or stdin when `path` is `None` or `-`. Its
/// read errors name it (`cannot read cases.in: Is a directory`). It is
/// read `buffer` bytes at a time ([`LONG`] or [`SHORT`]).
pub enum Input {
    File(BufReader<Named<File>>),
    Stdin(BufReader<Named<StdinLock<'static>>>),
}

pub fn open(path: Option<&Path>, buffer: usize) -> anyhow::Result<Input> {
    Ok(match path {
        Some(path) if path != Path::new("-") => {
            let failure = format!(
                "cannot read {}",
                gamespace::text::shown(&path.display().to_string())
            );
            let file = File::open(path).map_err(|e| streams::named(&failure, e))?;
            Input::File(BufReader::with_capacity(buffer, Named::new(file, failure)))
        }
        _ => Input::Stdin(BufReader::with_capacity(buffer, streams::stdin())),
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

/// When the input is stdin and stdin is a terminal, a one-line hint on
/// stderr saying what to type, so that a program waiting for input does
/// not look like one that hangs. `what` is the input in a few words,
/// `command` the subcommand, which could have been given a file instead.
pub fn hint_if_terminal(path: Option<&Path>, what: &str, command: &str) {
    let stdin = path.is_none_or(|p| p == Path::new("-"));
    if stdin && std::io::stdin().is_terminal() {
        let _ = writeln!(
            std::io::stderr(),
            "gamespace: reading {what} from the terminal; end it with Ctrl-D \
             (or give a file: gamespace {command} FILE)"
        );
    }
}
