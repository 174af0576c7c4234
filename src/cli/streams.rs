//! The standard streams as the subcommands use them: stdin and stdout
//! whose errors name the stream, and stderr for chatter (prompts, help),
//! which never stops a game.

use std::io::{self, BufRead, Read, Write};

/// A locked standard stream whose errors say which stream failed, and how
/// (`cannot write standard output: No space left on device`), as errors
/// reading a whole input name what could not be read. Each error keeps its
/// kind, so that a closed pipe is still known as one (see
/// [`super::finish`]).
pub struct Named<S> {
    stream: S,
    failure: &'static str,
}

/// Standard input, read as it comes.
pub fn stdin() -> Named<io::StdinLock<'static>> {
    Named {
        stream: io::stdin().lock(),
        failure: "cannot read standard input",
    }
}

pub fn stdout() -> Named<io::StdoutLock<'static>> {
    Named {
        stream: io::stdout().lock(),
        failure: WRITE_FAILURE,
    }
}

/// What an error writing standard output is said to be, here and where
/// clap writes help itself.
pub const WRITE_FAILURE: &str = "cannot write standard output";

/// `error`, as the cause of `failure`.
pub fn named(failure: &str, error: io::Error) -> io::Error {
    io::Error::new(error.kind(), format!("{failure}: {error}"))
}

impl<S: Read> Read for Named<S> {
    fn read(&mut self, bytes: &mut [u8]) -> io::Result<usize> {
        self.stream.read(bytes).map_err(|e| named(self.failure, e))
    }

    /// The stream's own, which a whole input is read with: stdin's drains
    /// its buffer and then reads straight into `bytes`.
    fn read_to_end(&mut self, bytes: &mut Vec<u8>) -> io::Result<usize> {
        self.stream.read_to_end(bytes).map_err(|e| named(self.failure, e))
    }
}

impl<S: BufRead> BufRead for Named<S> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        let failure = self.failure;
        self.stream.fill_buf().map_err(|e| named(failure, e))
    }

    fn consume(&mut self, amount: usize) {
        self.stream.consume(amount);
    }
}

impl<S: Write> Write for Named<S> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.stream.write(bytes).map_err(|e| named(self.failure, e))
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.stream.write_all(bytes).map_err(|e| named(self.failure, e))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.stream.flush().map_err(|e| named(self.failure, e))
    }
}

/// Standard error, locked, for what a person at the terminal reads beside
/// the results: where it cannot be written (closed, or on a full disk),
/// what is written is dropped and the game goes on, since the protocol on
/// standard output does not need it.
pub struct Chatter(io::StderrLock<'static>);

pub fn chatter() -> Chatter {
    Chatter(io::stderr().lock())
}

impl Write for Chatter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let _ = self.0.write_all(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let _ = self.0.flush();
        Ok(())
    }
}
