//! Reading a whole input, from a named file or from stdin.

use anyhow::Context;
use std::io::Read;
use std::path::Path;

/// Reads all of `path`, or all of stdin when `path` is `None` or `-`.
pub fn read_all(path: Option<&Path>) -> anyhow::Result<String> {
    match path {
        Some(p) if p != Path::new("-") => {
            std::fs::read_to_string(p).with_context(|| format!("cannot read {}", p.display()))
        }
        _ => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .context("cannot read standard input")?;
            Ok(text)
        }
    }
}
