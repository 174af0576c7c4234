//! `gamespace pawn-chess` on boards of any size: case files with `--size`,
//! and the `value`, `analyze` and `play` subcommands.

use super::super::streams;
use anyhow::Context;
use gamespace::pawn_chess::Side;
use gamespace::pawn_chess::cases::read_sized_cases;
use gamespace::pawn_chess::play::{Human, play};
use gamespace::pawn_chess::sized_render::{explain, value_json, value_text};
use gamespace::pawn_chess::sizes::{Setup, Size};
#[cfg(feature = "tui")]
use gamespace::pawn_chess::tui;
use gamespace::pawn_chess::value::{Solver, check_start, solve_start};
use gamespace::pawn_chess::write_verdict;
use std::io::{BufWriter, IsTerminal, Write};
use std::path::Path;
use std::str::FromStr;
use std::time::Instant;

#[derive(clap::Subcommand, Debug)]
pub enum Command {
    Value(ValueArgs),
    Analyze(AnalyzeArgs),
    Play(PlayArgs),
}

/// The memory a solve may use, in GB.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct Memory {
    /// The most memory one solve may take, in GB; a board that needs more is
    /// refused with an error. Default: three quarters of the machine's memory.
    #[arg(long, value_name = "GB", value_parser = gigabytes)]
    memory: Option<f64>,
}

/// A memory size in GB: a number, not negative.
pub fn gigabytes(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(gb) if gb.is_finite() && gb >= 0.0 => Ok(gb),
        _ => Err(format!("`{text}` is not a size in GB")),
    }
}

impl Memory {
    fn bytes(self) -> u64 {
        match self.memory {
            // The cast saturates at u64::MAX.
            Some(gb) => (gb * f64::from(1u32 << 30)) as u64,
            None => machine_memory().map_or(8 << 30, |total| total / 4 * 3),
        }
    }
}

/// The machine's memory in bytes, as the kernel reports it.
fn machine_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// The value of positions on any board, and of each legal move.
///
/// Prints for each position `POSITION win|loss N`, the value for the side
/// to move and the plies to the end under perfect play, then each legal move
/// with the value it leaves the side to move, best first.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Positions are written as rows from the top (White's goal) down, joined by /, \
                        then w or b for the side to move.\n\n\
                        Example:\n  \
                        gamespace pawn-chess value 'ppp/.../PPP w'\n  \
                        ppp/.../PPP w loss 6\n    \
                        a1-a2 loss 6\n    \
                        ..."
)]
pub struct ValueArgs {
    /// Positions such as `pppp/..../..../PPPP w`.
    #[arg(required = true, value_name = "POSITION")]
    positions: Vec<String>,
    /// One JSON object a line per position instead.
    #[arg(long, conflicts_with = "explain")]
    json: bool,
    /// Print one line of perfect play from each position too, with the board
    /// after every move.
    #[arg(long)]
    explain: bool,
    #[command(flatten)]
    memory: Memory,
}

/// Solve the start of each board size: who wins and in how many plies, how
/// many positions are reachable, and how long the solve took.
#[derive(clap::Args, Debug)]
#[command(after_help = "Example:\n  gamespace pawn-chess analyze --sizes 3x3..5x5")]
pub struct AnalyzeArgs {
    /// Board sizes: RxC, a range AxB..CxD (every R from A to C with every C
    /// from B to D), or a comma-separated list of either.
    #[arg(long, value_name = "SIZES", default_value = "3x3..6x6")]
    sizes: SizeList,
    #[command(flatten)]
    memory: Memory,
}

/// Play against the perfect program on any board.
///
/// The board goes to stdout after every move, with a move line such as
/// `white b1-b2` before it, and the game ends with `white wins` or
/// `black wins`. Type your moves as in the move lines; `?` lists every legal
/// move with its value. Prompts go to stderr. On a terminal, a full-screen
/// board opens instead (arrows, Enter to pick and move, v for the values of
/// the moves, n for a new game, q to quit).
#[derive(clap::Args, Debug)]
#[command(after_help = "Example:\n  gamespace pawn-chess play --size 3x3 --human black")]
pub struct PlayArgs {
    /// The board, RxC [default: 4x4, or the size of --position].
    #[arg(long, value_name = "RxC")]
    size: Option<Size>,
    /// The side you play; `none` lets the program play both.
    #[arg(long, value_enum, default_value_t = HumanArg::White)]
    human: HumanArg,
    /// Start from this position (rows joined by /, then w or b) instead of
    /// the opening; it sets the size.
    #[arg(long, value_name = "POSITION")]
    position: Option<String>,
    /// Use the line protocol instead of the full-screen board, which opens
    /// when stdin and stdout are both terminals.
    #[arg(long)]
    plain: bool,
    #[command(flatten)]
    memory: Memory,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum HumanArg {
    White,
    Black,
    None,
}

/// Sizes as `analyze --sizes` takes them.
#[derive(Clone, Debug)]
pub struct SizeList(Vec<Size>);

impl FromStr for SizeList {
    type Err = String;

    fn from_str(text: &str) -> Result<SizeList, String> {
        let mut sizes = Vec::new();
        for part in text.split(',') {
            match part.split_once("..") {
                Some((from, to)) => {
                    let from: Size = from.parse().map_err(|e| format!("{e}"))?;
                    let to: Size = to.parse().map_err(|e| format!("{e}"))?;
                    if from.rows() > to.rows() || from.columns() > to.columns() {
                        return Err(format!("`{part}`: the range ends below where it starts"));
                    }
                    for rows in from.rows()..=to.rows() {
                        for columns in from.columns()..=to.columns() {
                            sizes.push(Size::new(rows, columns).expect("between two good sizes"));
                        }
                    }
                }
                None => sizes.push(part.parse().map_err(|e| format!("{e}"))?),
            }
        }
        Ok(SizeList(sizes))
    }
}

fn parse_position(text: &str) -> anyhow::Result<Setup> {
    Ok(text.parse::<Setup>()?)
}

pub fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Value(args) => value(args),
        Command::Analyze(args) => analyze(args),
        Command::Play(args) => play_game(args),
    }
}

/// The case-file protocol on a board of `size`: one verdict per case, White
/// to move, or with `explain` a line of play after each.
pub fn cases(
    size: Size,
    input: Option<&Path>,
    explain_lines: bool,
    memory: Option<f64>,
) -> anyhow::Result<()> {
    // The sized solver answers the cases together, so they are all read
    // first (as positions, not as text).
    let input = super::super::input::open(input, super::super::input::LONG)?;
    let boards = read_sized_cases(input, size)?.context("bad pawn-chess input")?;
    let mut solver = Solver::new(size, Memory { memory }.bytes());
    solver.solve_all(boards.iter().copied(), |_| {})?;
    let mut out = BufWriter::with_capacity(1 << 16, streams::stdout());
    for (case, &board) in boards.iter().enumerate() {
        if explain_lines {
            if case > 0 {
                out.write_all(b"\n")?;
            }
            let (value, line) = solver.line(board)?;
            out.write_all(explain(board, value, &line).as_bytes())?;
        } else {
            write_verdict(&mut out, solver.value(board)?)?;
        }
    }
    out.flush()?;
    Ok(())
}

fn value(args: ValueArgs) -> anyhow::Result<()> {
    let setups: Vec<Setup> = args
        .positions
        .iter()
        .map(|p| parse_position(p))
        .collect::<anyhow::Result<_>>()?;
    let mut out = BufWriter::new(streams::stdout());
    let limit = args.memory.bytes();
    let mut solvers: Vec<Solver> = Vec::new();
    for (i, &setup) in setups.iter().enumerate() {
        let solver = match solvers.iter_mut().position(|s| s.size() == setup.size()) {
            Some(found) => &mut solvers[found],
            None => {
                let mut solver = Solver::new(setup.size(), limit);
                let same: Vec<Setup> = setups
                    .iter()
                    .copied()
                    .filter(|s| s.size() == setup.size())
                    .collect();
                solver.prepare(&same, |_| {})?;
                solvers.push(solver);
                solvers.last_mut().expect("just pushed")
            }
        };
        let value = solver.value(setup)?;
        let moves = solver.moves(setup)?;
        if args.json {
            out.write_all(value_json(setup, value, &moves).as_bytes())?;
        } else {
            if i > 0 {
                out.write_all(b"\n")?;
            }
            out.write_all(value_text(setup, value, &moves).as_bytes())?;
            if args.explain {
                let (value, line) = solver.line(setup)?;
                out.write_all(explain(setup, value, &line).as_bytes())?;
            }
        }
    }
    out.flush()?;
    Ok(())
}

fn analyze(args: AnalyzeArgs) -> anyhow::Result<()> {
    let limit = args.memory.bytes();
    let mut out = streams::stdout();
    let progress = std::io::stderr().is_terminal();
    // Boards the solver cannot hold are refused before any work.
    for &size in &args.sizes.0 {
        check_start(size)?;
    }
    writeln!(out, "board  winner  plies  positions  seconds")?;
    out.flush()?;
    for &size in &args.sizes.0 {
        if progress {
            eprint!("gamespace: solving {size}...\r");
        }
        let clock = Instant::now();
        let solved = solve_start(size, limit, |_| {})?;
        let seconds = clock.elapsed().as_secs_f64();
        let winner = if solved.value.is_win() {
            Side::White
        } else {
            Side::Black
        };
        writeln!(
            out,
            "{:<5}  {:<6}  {:>5}  {:>9}  {seconds:>7.2}",
            size.to_string(),
            winner.name(),
            solved.value.plies().unwrap_or(0),
            solved.positions,
        )?;
        out.flush()?;
    }
    Ok(())
}

fn play_game(args: PlayArgs) -> anyhow::Result<()> {
    let start = match &args.position {
        Some(text) => parse_position(text)?,
        None => args.size.unwrap_or(Size::FOUR_BY_FOUR).start(),
    };
    if let Some(size) = args.size.filter(|&s| s != start.size()) {
        anyhow::bail!(
            "--size {size} does not match the position, a {} board",
            start.size()
        );
    }
    let human = match args.human {
        HumanArg::White => Human::Plays(Side::White),
        HumanArg::Black => Human::Plays(Side::Black),
        HumanArg::None => Human::Nobody,
    };
    let mut solver = Solver::new(start.size(), args.memory.bytes());
    solver.prepare(&[start], |_| {})?;
    #[cfg(feature = "tui")]
    if super::super::full_screen(args.plain) {
        return super::super::board_ended(tui::run(tui::App::new(start, human, solver))?);
    }
    let mut input = streams::stdin();
    let mut out = BufWriter::new(streams::stdout());
    play(
        start,
        human,
        &mut solver,
        &mut input,
        &mut out,
        &mut std::io::stderr(),
    )?;
    out.flush()?;
    Ok(())
}
