//! Command-line front end: argument definitions, input and output, and the
//! mapping of errors to exit statuses. The games' logic lives in the library.

mod cephalopod_game;
mod cephalopods;
mod input;
mod mu_torere;
mod pawn_chess;
mod ring;
mod serve;
mod streams;

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
    Serve(serve::Args),
}

/// Parses the command line. Help and version go to stdout as clap writes
/// them; a usage error becomes one line on stderr, like every other error,
/// with clap's exit status 2 (other errors exit with 1).
pub fn parse_args() -> Result<Cli, ExitCode> {
    Cli::try_parse().map_err(|error| {
        if !error.use_stderr() {
            // Help and version are results, and a failure to write them
            // ends the program as for any other result.
            let written = streams::closed_stdout().and_then(|()| error.print());
            return finish(written.map_err(|e| streams::named(streams::WRITE_FAILURE, e).into()));
        }
        if error.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
            let _ = error.print();
            return ExitCode::from(2);
        }
        let rendered = error.render().to_string();
        // clap's tips (`tip: a similar argument exists: '--threads'`) become
        // clauses of the one line, set off from the error they follow.
        let message = rendered
            .lines()
            .map(str::trim)
            .take_while(|line| !line.starts_with("Usage:") && !line.starts_with("For more information"))
            .filter(|line| !line.is_empty())
            .map(|line| line.strip_prefix("tip: ").unwrap_or(line))
            .collect::<Vec<_>>()
            .join("; ");
        let message = message.strip_prefix("error: ").unwrap_or(&message);
        let _ = writeln!(io::stderr(), "gamespace: error: {message} (see --help)");
        ExitCode::from(2)
    })
}

pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Cephalopods(args) => cephalopods::run(args),
        Command::PawnChess(args) => pawn_chess::run(args),
        Command::MuTorere(args) => mu_torere::run(args),
        Command::Serve(args) => serve::run(args),
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
