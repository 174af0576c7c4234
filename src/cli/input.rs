//! Reading a whole input, from a named file or from stdin.

use anyhow::Context;
use std::io::{IsTerminal, Read, Write};
use std::path::Path;

/// All of `path`, or all of stdin when `path` is `None` or `-`, as bytes.
pub fn read_bytes(path: Option<&Path>) -> anyhow::Result<Vec<u8>> {
    match path {
        Some(p) if p != Path::new("-") => {
            std::fs::read(p).with_context(|| format!("cannot read {}", p.display()))
        }
        _ => {
            let mut bytes = Vec::new();
            super::streams::stdin().read_to_end(&mut bytes)?;
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
