//! The `gamespace` binary: parses the command line and hands off to [`cli`].

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    match cli::parse_args() {
        Ok(args) => cli::finish(cli::run(args)),
        Err(status) => status,
    }
}
