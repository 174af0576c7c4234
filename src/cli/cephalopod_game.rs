//! `gamespace cephalopods play|analyze|value`: the two-player game, solved.

use super::streams;
use anyhow::Context;
use gamespace::cephalopods::game::analysis::{Analysis, write_report, write_table};
use gamespace::cephalopods::game::play::{Config, play};
#[cfg(feature = "tui")]
use gamespace::cephalopods::game::tui as board;
use gamespace::cephalopods::game::{Player, Position, Provenance, Rule, RuleError, Size, Solution};
use gamespace::solve::Outcome;
use gamespace::solve::tiered::Progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{self, IsTerminal, Write};

/// The board and rule of a game, and where its solution is kept.
#[derive(clap::Args, Debug, Clone)]
pub struct Variant {
    /// The board: rows x columns, each 1 to 5 (boards up to 9 cells can be solved).
    #[arg(long, default_value = "3x3", value_parser = parse_size)]
    size: Size,
    /// Who wins on the full board: majority (more dice, Steere's rule) or
    /// sixes (more dice showing 6, the CodinGame statement's).
    #[arg(long, default_value = "majority", value_parser = parse_rule)]
    rule: Rule,
    /// Solve from scratch, without reading or writing the solved-game file
    /// in the cache directory ($GAMESPACE_CACHE_DIR, or the platform's).
    #[arg(long)]
    no_cache: bool,
}

fn parse_size(text: &str) -> Result<Size, String> {
    text.parse().map_err(|e| format!("{e}"))
}

fn parse_rule(text: &str) -> Result<Rule, RuleError> {
    text.parse()
}

/// Play Cephalopod against the perfect program.
///
/// When stdin and stdout are both terminals, a full-screen board opens:
/// click a cell or type its name, press ? for the rules and keys.
/// Otherwise, in line mode, type a move as its cell (`b2`), or for a choice
/// of captures the cell, `x` and the captured cells (`b2xa2c2`). Boards,
/// move lines (`white plays b2xa2c2`), refusals (`illegal: ...`) and the
/// result (`white wins`, `black wins`, `tie`) go to stdout; prompts and help
/// to stderr. `new [POSITION]` starts another game.
#[derive(clap::Args, Debug)]
#[command(after_help = "Example:\n  gamespace cephalopods play --size 2x3 --human black")]
pub struct PlayArgs {
    #[command(flatten)]
    variant: Variant,
    /// The side you play; white moves first.
    #[arg(long, value_enum, default_value_t = Side::White)]
    human: Side,
    /// Start from this position instead of the empty board, such as
    /// "w1.b2/.w3./... b".
    #[arg(long, value_name = "POSITION")]
    position: Option<String>,
    /// Use the line protocol instead of the full-screen board, which opens
    /// when stdin and stdout are both terminals.
    #[arg(long)]
    plain: bool,
    /// In line mode, once a game ends, wait for `new [POSITION]` (or `quit`,
    /// or the end of the input) instead of exiting: one run, with one load
    /// of the solved board, plays many games.
    #[arg(long)]
    keep_going: bool,
}

/// Report on a solved board: positions, values, first moves, longest games.
#[derive(clap::Args, Debug)]
#[command(after_help = "Example:\n  gamespace cephalopods analyze --size 2x3 --rule sixes")]
pub struct AnalyzeArgs {
    #[command(flatten)]
    variant: Variant,
    /// Print instead one line per position reachable from the empty board,
    /// one per class of symmetric positions: POSITION VALUE REMOTENESS.
    #[arg(long)]
    table: bool,
}

/// The value of positions, and of every move from them.
///
/// The first line for each position is exact: the position as given, then
/// win, loss or tie for the side to move, then the plies to the end under
/// perfect play. Each move follows on an indented line with its value for
/// the player making it.
#[derive(clap::Args, Debug)]
#[command(after_help = "Example:\n  gamespace cephalopods value 'w1.b2/.w3./... b'")]
pub struct ValueArgs {
    #[command(flatten)]
    variant: Variant,
    /// Print JSON instead: one object per position, as the web API's.
    #[arg(long)]
    json: bool,
    /// Positions in the spec's notation, such as "w1.b2/.w3./... b".
    #[arg(required = true, value_name = "POSITION")]
    positions: Vec<String>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum Side {
    White,
    Black,
}

impl From<Side> for Player {
    fn from(side: Side) -> Player {
        match side {
            Side::White => Player::White,
            Side::Black => Player::Black,
        }
    }
}

/// The solution of `variant`, from the cache or solved now with progress on
/// a terminal.
fn solution(variant: &Variant) -> anyhow::Result<Solution> {
    let cache = if variant.no_cache {
        None
    } else {
        gamespace::solve::cache::directory()
    };
    let bar = if io::stderr().is_terminal() {
        ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
    } else {
        ProgressBar::hidden()
    };
    let mut solving = false;
    let progress = |p: Progress| match p {
        Progress::Discovered { positions, .. } => {
            bar.set_style(
                ProgressStyle::with_template("{spinner} finding positions: {msg}").expect("a valid template"),
            );
            bar.set_message(positions.to_string());
            bar.tick();
        }
        Progress::Solved { positions, total } => {
            if !solving {
                solving = true;
                bar.set_style(
                    ProgressStyle::with_template("solving {bar:30} {pos}/{len} positions ({eta} left)")
                        .expect("a valid template"),
                );
                bar.set_length(total);
            }
            bar.set_position(positions);
        }
    };
    let (solution, provenance) =
        Solution::load_or_solve(variant.size, variant.rule, cache.as_deref(), progress, |notice| {
            bar.suspend(|| {
                let _ = writeln!(io::stderr(), "gamespace: {}", notice.escape_debug());
            })
        })?;
    bar.finish_and_clear();
    if let Provenance::Solved(Some(path)) = provenance
        && io::stderr().is_terminal()
    {
        let _ = writeln!(io::stderr(), "gamespace: solved; kept in {}", path.display());
    }
    Ok(solution)
}

fn parse_position(text: &str, size: Size) -> anyhow::Result<Position> {
    Position::parse_sized(text, size).with_context(|| format!("bad position `{}`", text.escape_debug()))
}

pub fn run_play(args: PlayArgs) -> anyhow::Result<()> {
    let start = match &args.position {
        None => Position::start(args.variant.size),
        Some(text) => parse_position(text, args.variant.size)?,
    };
    if start.is_full() {
        anyhow::bail!(
            "bad position `{}`: the board is full, so the game is over",
            args.position.as_deref().unwrap_or_default().escape_debug()
        );
    }
    let solution = solution(&args.variant)?;
    if solution.value(start).is_none() {
        anyhow::bail!(
            "bad position `{}`: it cannot be reached from the empty board, so it has no solved value",
            args.position.as_deref().unwrap_or_default().escape_debug()
        );
    }
    let config = Config {
        human: args.human.into(),
        start,
        keep_going: args.keep_going,
    };
    #[cfg(feature = "tui")]
    if super::full_screen(args.plain) {
        let colour = super::colour_wanted();
        return super::board_ended(board::run(&solution, config, colour)?);
    }
    play(
        &solution,
        config,
        &mut streams::stdin(),
        &mut streams::stdout(),
        &mut streams::chatter(),
    )?;
    Ok(())
}

pub fn run_analyze(args: AnalyzeArgs) -> anyhow::Result<()> {
    let solution = solution(&args.variant)?;
    let mut out = io::BufWriter::new(streams::stdout());
    if args.table {
        write_table(&solution, &mut out)?;
    } else {
        write_report(&Analysis::new(&solution), &mut out)?;
    }
    out.flush()?;
    Ok(())
}

/// `{"value": "win", "remoteness": 3}`'s fields for `value`.
fn json_value(value: Outcome) -> String {
    let remoteness = value.plies().map_or("null".to_owned(), |n| n.to_string());
    format!(r#""value": "{}", "remoteness": {remoteness}"#, value.name())
}

/// A JSON string: the text in quotes, with quotes, backslashes and control
/// characters escaped.
fn json_string(text: &str) -> String {
    let mut out = String::from('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

pub fn run_value(args: ValueArgs) -> anyhow::Result<()> {
    // Every position is checked before any work starts.
    let positions = args
        .positions
        .iter()
        .map(|text| parse_position(text, args.variant.size))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let solution = solution(&args.variant)?;
    let mut out = io::BufWriter::new(streams::stdout());
    let size = args.variant.size;
    for (text, &p) in args.positions.iter().zip(&positions) {
        let value = solution.value(p).with_context(|| {
            format!(
                "position `{}` cannot be reached from the empty board, so it has no solved value",
                text.escape_debug()
            )
        })?;
        let moves = solution
            .move_values(p)
            .expect("the moves of a solved position are solved");
        if args.json {
            let moves: Vec<String> = moves
                .iter()
                .map(|&(m, v)| {
                    format!(
                        r#"{{"move": {}, "position": {}, {}}}"#,
                        json_string(&m.text(size)),
                        json_string(&p.play(m).to_string()),
                        json_value(v)
                    )
                })
                .collect();
            writeln!(
                out,
                r#"{{"position": {}, {}, "moves": [{}]}}"#,
                json_string(&p.to_string()),
                json_value(value),
                moves.join(", ")
            )?;
        } else {
            writeln!(out, "{p} {} {}", value.name(), value.plies().unwrap_or(0))?;
            for (m, v) in moves {
                writeln!(out, "  {} {} {}", m.text(size), v.name(), v.plies().unwrap_or(0))?;
            }
        }
    }
    out.flush()?;
    Ok(())
}
