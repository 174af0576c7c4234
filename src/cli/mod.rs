//! Command-line front end: argument definitions, input and output, and the
//! mapping of errors to exit statuses. The games' logic lives in the library.

mod cephalopods;
mod input;
mod mu_torere;
mod pawn_chess;

use clap::{Parser, Subcommand};
use std::io::{self, Write};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "gamespace",
    version,
    about = "Explore the complete state space of small abstract board games, exactly",
    long_about = "Explore the complete state space of small abstract board games, exactly.\n\n\
                  Each subcommand is one game. Results go to stdout; errors go to stderr \
                  as one line, with a non-zero exit status."
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    Cephalopods(cephalopods::Args),
    PawnChess(pawn_chess::Args),
    MuTorere(mu_torere::Args),
}

pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Cephalopods(args) => cephalopods::run(args),
        Command::PawnChess(args) => pawn_chess::run(args),
        Command::MuTorere(args) => mu_torere::run(args),
    }
}

/// Turns the outcome of [`run`] into an exit status, printing any error as a
/// single line on stderr. A closed stdout (`gamespace ... | head`) is a
/// normal way for a reader to stop, not a failure.
pub fn finish(result: anyhow::Result<()>) -> ExitCode {
    let Err(error) = result else {
        return ExitCode::SUCCESS;
    };
    let broken_pipe = error
        .chain()
        .filter_map(|cause| cause.downcast_ref::<io::Error>())
        .any(|e| e.kind() == io::ErrorKind::BrokenPipe);
    if broken_pipe {
        return ExitCode::SUCCESS;
    }
    let message = format!("{error:#}").replace('\n', " ");
    let _ = writeln!(io::stderr(), "gamespace: error: {message}");
    ExitCode::FAILURE
}
