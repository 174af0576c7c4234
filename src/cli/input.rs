//! Reading input: a whole one, from a named file or from stdin, or stdin
//! line by line as a game goes.

use anyhow::Context;
use std::io::{self, BufRead, Read};
use std::path::Path;

/// All of `path`, or all of stdin when `path` is `None` or `-`, as bytes.
pub fn read_bytes(path: Option<&Path>) -> anyhow::Result<Vec<u8>> {
    match path {
        Some(p) if p != Path::new("-") => {
            std::fs::read(p).with_context(|| format!("cannot read {}", p.display()))
        }
        _ => {
            let mut bytes = Vec::new();
            io::stdin()
                .read_to_end(&mut bytes)
                .context("cannot read standard input")?;
            Ok(bytes)
        }
    }
}

/// Like [`read_bytes`], for inputs that must be UTF-8 text.
pub fn read_all(path: Option<&Path>) -> anyhow::Result<String> {
    let bytes = read_bytes(path)?;
    let source = || {
        path.filter(|p| *p != Path::new("-"))
            .map_or("standard input".into(), |p| p.display().to_string())
    };
    String::from_utf8(bytes).map_err(|e| {
        anyhow::anyhow!(
            "{} is not UTF-8 text (byte {})",
            source(),
            e.utf8_error().valid_up_to() + 1
        )
    })
}

/// Standard input, locked, for reading as it comes. Its errors say that
/// reading standard input failed, as [`read_bytes`]'s do, and keep their
/// kind.
pub struct Stdin(io::StdinLock<'static>);

pub fn stdin() -> Stdin {
    Stdin(io::stdin().lock())
}

fn named(error: io::Error) -> io::Error {
    io::Error::new(error.kind(), format!("cannot read standard input: {error}"))
}

impl Read for Stdin {
    fn read(&mut self, bytes: &mut [u8]) -> io::Result<usize> {
        self.0.read(bytes).map_err(named)
    }
}

impl BufRead for Stdin {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.0.fill_buf().map_err(named)
    }

    fn consume(&mut self, amount: usize) {
        self.0.consume(amount);
    }
}
