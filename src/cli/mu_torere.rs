//! `gamespace mu-torere`: play Mu Torere against the perfect player, or
//! print the analysis of the whole game.

use super::streams;
use anyhow::Context;
use gamespace::mu_torere::analysis::{Analysis, write_table, write_traps};
use gamespace::mu_torere::play::{Config, DrawRule, RULES, play};
#[cfg(feature = "tui")]
use gamespace::mu_torere::tui;
use gamespace::mu_torere::{Board, Color, Position, Solution};
use std::io::{self, IsTerminal, Write};

/// Play Mu Torere against a perfect player, or analyse the whole game.
#[derive(clap::Args, Debug)]
#[command(
    args_conflicts_with_subcommands = true,
    long_about = with_rules(
        "Play Mu Torere against a perfect player, or analyse the whole game. \
         With no subcommand, plays (same as `play`): type the square (1-9) of the stone \
         to move, `help` for help, `quit` to leave; in the terminal board, press ? for the rules."
    )
)]
pub struct Args {
    #[command(subcommand)]
    command: Option<Sub>,
    #[command(flatten)]
    play: PlayArgs,
}

/// `first`, then the rules and the line protocol, for `--help`.
fn with_rules(first: &str) -> String {
    format!(
        "{first}\n\n\
         Rules: {} {}\n\n\
         Squares: 1-2-3 / 4-5-6 / 7-8-9; 5 is the centre and the rim runs 1 2 3 6 9 8 7 4.\n\n\
         Boards, move lines (`black moves 4 to 5`), refusals (`illegal: ...`) and the result \
         (`white wins`, `draw`) go to stdout; prompts and help go to stderr.",
        RULES.replace('\n', " "),
        DrawRule::Repetition.describe()
    )
}

#[derive(clap::Subcommand, Debug)]
enum Sub {
    Play(PlayArgs),
    Analyze(AnalyzeArgs),
}

/// Play against the program: type the square (1-9) of the stone to move.
#[derive(clap::Args, Debug)]
#[command(long_about = with_rules(
    "Play against the program: type the square (1-9) of the stone to move, \
     `help` for help, `quit` to leave. In the terminal board, press ? for the rules."
))]
#[command(after_help = "Example:\n  gamespace mu-torere --human white --position wwwbbobbw --to-move black")]
struct PlayArgs {
    /// The side you play; black moves first.
    #[arg(long, value_enum, default_value_t = Side::Black)]
    human: Side,
    /// Start from this board: 9 characters b, w or o for squares 1..9 (4 b, 4 w, 1 o);
    /// with --points 2N, 2N + 1 characters for rim points 1..2N, then the centre.
    #[arg(long, value_name = "SQUARES")]
    position: Option<String>,
    /// Who moves first from the starting board.
    #[arg(long, value_enum, default_value_t = Side::Black)]
    to_move: Side,
    /// When a game is drawn: `repetition`, when a position comes up a third
    /// time with the same side to move; `none`, never (the game goes on
    /// until a side cannot move, or you quit).
    #[arg(long, value_enum, default_value_t = DrawRuleArg::Repetition)]
    draw_rule: DrawRuleArg,
    /// Use the line protocol instead of the full-screen board, which opens
    /// when stdin and stdout are both terminals.
    #[arg(long)]
    plain: bool,
    #[command(flatten)]
    board: super::ring::BoardArgs,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum DrawRuleArg {
    Repetition,
    None,
}

impl From<DrawRuleArg> for DrawRule {
    fn from(arg: DrawRuleArg) -> DrawRule {
        match arg {
            DrawRuleArg::Repetition => DrawRule::Repetition,
            DrawRuleArg::None => DrawRule::None,
        }
    }
}

/// Report the solved game: counts, symmetry classes, opening, traps.
#[derive(clap::Args, Debug)]
struct AnalyzeArgs {
    /// Print instead one line per position: SQUARES SIDE RESULT DIST.
    #[arg(long, conflicts_with = "traps")]
    table: bool,
    /// Print instead every trap, one per line: a drawn position, its losing move and how fast it loses.
    #[arg(long)]
    traps: bool,
    #[command(flatten)]
    board: super::ring::BoardArgs,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum Side {
    Black,
    White,
}

impl From<Side> for Color {
    fn from(side: Side) -> Color {
        match side {
            Side::Black => Color::Black,
            Side::White => Color::White,
        }
    }
}

pub fn run(args: Args) -> anyhow::Result<()> {
    match args.command {
        None => run_play(args.play),
        Some(Sub::Play(play)) => run_play(play),
        Some(Sub::Analyze(analyze)) => run_analyze(analyze),
    }
}

fn run_play(args: PlayArgs) -> anyhow::Result<()> {
    if let Some(ring) = args.board.ring()? {
        let position = args.position.as_deref();
        return super::ring::play_ring(
            ring,
            args.human.into(),
            position,
            args.to_move.into(),
            args.draw_rule.into(),
            args.plain,
        );
    }
    let board = match &args.position {
        None => Board::START,
        Some(text) => text.parse::<Board>().with_context(|| bad_position(text))?,
    };
    let stdout = io::stdout();
    let annotate = stdout.is_terminal();
    let colour = annotate && super::colour_wanted();
    let config = Config {
        human: args.human.into(),
        start: Position::new(board, args.to_move.into()),
        colour,
        annotate,
        prompt_lines: !io::stderr().is_terminal(),
        draw_rule: args.draw_rule.into(),
    };
    #[cfg(feature = "tui")]
    if super::full_screen(args.plain) {
        return super::board_ended(tui::run(Solution::get(), config)?);
    }
    play(
        Solution::get(),
        config,
        streams::stdin(),
        streams::stdout(),
        streams::chatter(),
    )?;
    Ok(())
}

/// The context of an error in `--position`, on any board: the text as
/// given, shortened and with its control characters spelled out.
pub fn bad_position(text: &str) -> String {
    format!("bad --position `{}`", gamespace::text::shortened(text, 32))
}

fn run_analyze(args: AnalyzeArgs) -> anyhow::Result<()> {
    if let Some(ring) = args.board.ring()? {
        anyhow::ensure!(
            !args.traps,
            "--traps lists the traps of the traditional board only"
        );
        return super::ring::analyze(ring, args.table);
    }
    let solution = Solution::get();
    let mut out = io::BufWriter::new(streams::stdout());
    if args.table {
        write_table(solution, &mut out)?;
    } else if args.traps {
        write_traps(&Analysis::new(solution), &mut out)?;
    } else {
        write!(out, "{}", Analysis::new(solution))?;
    }
    out.flush()?;
    Ok(())
}
