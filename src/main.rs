//! The `gamespace` binary: parses the command line and hands off to [`cli`].

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    cli::finish(cli::run(cli::Cli::parse()))
}
