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

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
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
    // Each game's summary for the list in `gamespace --help`, which does not
    // build the game's own arguments; the test `the_list_shows_each_game_s_summary`
    // keeps them equal to the summaries in the games' own help.
    /// Sum the final-board hashes over every game path of a 3x3 Cephalopods
    /// board, modulo 2^30 (CodinGame Spring Challenge 2025)
    Cephalopods(Deferred<cephalopods::Args>),
    /// 4x4 pawn chess (UVa 10838): with White to move, who wins and in how
    /// many plies under perfect play
    PawnChess(Deferred<pawn_chess::Args>),
    /// Play Mu Torere against a perfect player, or analyse the whole game
    MuTorere(Deferred<mu_torere::Args>),
    /// Play and explore every game in the browser: a local web page, and the
    /// JSON API it uses
    Serve(Deferred<serve::Args>),
}

/// A subcommand's arguments, described to clap only when that subcommand
/// is parsed or its help shown: a run of one game does not build the
/// arguments of every other.
#[derive(Debug)]
pub struct Deferred<T>(pub T);

impl<T: clap::Args> clap::Args for Deferred<T> {
    fn augment_args(command: clap::Command) -> clap::Command {
        command.defer(T::augment_args)
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        command.defer(T::augment_args_for_update)
    }

    fn group_id() -> Option<clap::Id> {
        T::group_id()
    }
}

impl<T: FromArgMatches> FromArgMatches for Deferred<T> {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Deferred)
    }

    fn from_arg_matches_mut(matches: &mut clap::ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches_mut(matches).map(Deferred)
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(&mut self, matches: &mut clap::ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

/// Parses the command line. Help and version go to stdout as clap writes
/// them; a usage error becomes one line on stderr, like every other error,
/// with clap's exit status 2 (other errors exit with 1).
pub fn parse_args() -> Result<Cli, ExitCode> {
    let mut command = Cli::command();
    let parsed = command
        .try_get_matches_from_mut(std::env::args_os())
        .and_then(|mut matches| Cli::from_arg_matches_mut(&mut matches))
        .map_err(|error| error.format(&mut command));
    // The tree of every subcommand's arguments lives until the process
    // ends: freeing it would cost a short run about as much as building it.
    std::mem::forget(command);
    parsed.map_err(|error| {
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
        Command::Cephalopods(Deferred(args)) => cephalopods::run(args),
        Command::PawnChess(Deferred(args)) => pawn_chess::run(args),
        Command::MuTorere(Deferred(args)) => mu_torere::run(args),
        Command::Serve(Deferred(args)) => serve::run(args),
    }
}

/// Whether a game plays on the full-screen board: when stdin and stdout
/// are a terminal, unless `--plain` says line mode. Only a build with the
/// terminal boards (the `tui` feature) has them.
#[cfg(feature = "tui")]
fn full_screen(plain: bool) -> bool {
    use std::io::IsTerminal;
    !plain && io::stdin().is_terminal() && io::stdout().is_terminal()
}

/// Whether the user lets output be coloured: yes unless `NO_COLOR` is set
/// to something (<https://no-color.org>).
fn colour_wanted() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// Ends as a full-screen board's `ending` asks: after a termination signal
/// (or a hang-up), with the terminal given back, the process ends as its
/// sender expects, killed by it (status 143 for SIGTERM in a shell).
#[cfg(feature = "tui")]
fn board_ended(ending: gamespace::mu_torere::tui::Ending) -> anyhow::Result<()> {
    // Every board ends with the same `Ending`, which each game's `tui`
    // module names.
    if let gamespace::mu_torere::tui::Ending::Signal(signal) = ending {
        signal_hook::low_level::emulate_default_handler(signal)?;
    }
    Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_shows_each_game_s_summary() {
        // Each path of subcommand names, with its summary as listed before
        // the deferred arguments are built.
        fn listed(command: &clap::Command, path: &[&str], into: &mut Vec<(Vec<String>, String)>) {
            for sub in command.get_subcommands().filter(|sub| sub.get_name() != "help") {
                let mut here: Vec<String> = path.iter().map(|s| s.to_string()).collect();
                here.push(sub.get_name().to_owned());
                let about = sub.get_about().map(ToString::to_string).unwrap_or_default();
                into.push((here, about));
            }
        }
        let mut summaries = Vec::new();
        listed(&Cli::command(), &[], &mut summaries);
        // The game's own arguments, whose subcommands' arguments are deferred.
        let cephalopods = <cephalopods::Args as clap::Args>::augment_args(clap::Command::new("c"));
        listed(&cephalopods, &["cephalopods"], &mut summaries);
        assert_eq!(summaries.len(), 7);
        // Built, each subcommand has its own summary from its arguments.
        let mut built = Cli::command();
        built.build();
        for (path, about) in summaries {
            let mut command = &built;
            for name in &path {
                command = command.find_subcommand(name).unwrap();
            }
            let own = command.get_about().map(ToString::to_string).unwrap_or_default();
            assert!(!about.is_empty(), "{path:?} has no summary in the list");
            assert_eq!(about, own, "{path:?}");
        }
    }
}
