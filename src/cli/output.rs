//! Where the subcommands write: results to standard output, whose errors
//! name it, and chatter (prompts, help) to standard error, which never
//! stops a game.

use std::io::{self, Write};

/// Standard output, locked. Its errors say that writing standard output
/// failed (`cannot write standard output: No space left on device`), as
/// input errors name what could not be read; each keeps its kind, so that
/// a closed pipe is still known as one (see [`super::finish`]).
pub struct Stdout(io::StdoutLock<'static>);

pub fn stdout() -> Stdout {
    Stdout(io::stdout().lock())
}

fn named(error: io::Error) -> io::Error {
    io::Error::new(error.kind(), format!("cannot write standard output: {error}"))
}

impl Write for Stdout {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.write(bytes).map_err(named)
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.0.write_all(bytes).map_err(named)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(named)
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
