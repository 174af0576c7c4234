//! `gamespace pawn-chess`: read the judge's cases, print one verdict each,
//! or with `--explain` an optimal line of play too.

mod sizes;

use anyhow::Context;
use gamespace::pawn_chess::sizes::Size;
use gamespace::pawn_chess::{Engine, Solver, parse_cases, write_answers};
use std::io::{BufWriter, Write};
use std::path::PathBuf;

/// 4x4 pawn chess (UVa 10838): with White to move, who wins and in how many
/// plies under perfect play.
///
/// Input: the number of cases, then each case as 4 rows of 4 characters
/// (`P` White, `p` Black, `.` empty), the first row being White's goal
/// (rank 4). Rows and the count may be separated by any whitespace.
/// Output: one line per case, `white (N)` or `black (N)`, N the plies
/// (moves of both sides) until the win.
///
/// Boards outside the statement's promises still get an answer:
/// a White pawn already on rank 4 gives `white (0)` (checked first);
/// a Black pawn already on rank 1, or White without a legal move (or
/// without pawns), gives `black (0)`; no Black pawns gives `white (1)`
/// when White can move, as Black then cannot; more than four pawns a side
/// are solved by search under the same rules.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Notation for --explain: files a-d left to right, ranks 1-4 from White's side \
                        (the first input row is rank 4); a step is b2-b3, a capture c3xb2.\n\n\
                        Example:\n  \
                        printf '1\\n.ppp\\n....\\n.PPP\\n....\\n' | gamespace pawn-chess\n  \
                        white (7)"
)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    command: Option<sizes::Command>,

    /// Read the cases from this file instead of stdin ("-" also means stdin).
    input: Option<PathBuf>,

    /// After each verdict, print one optimal line of play with the board
    /// after every move; cases are separated by a blank line.
    #[arg(long)]
    explain: bool,

    /// The engine: `table` solves every position once up front (best for
    /// many cases); `negamax` searches from each case, remembering what it
    /// meets (best for a few). Both give the same answers.
    #[arg(long, value_enum, default_value_t = EngineArg::Table)]
    engine: EngineArg,

    /// Cases on a board of R rows by C columns (2-8 rows, 1-8 columns): R
    /// rows of C characters per case. Without it, or with 4x4, the 4x4
    /// protocol above.
    #[arg(long, value_name = "RxC")]
    size: Option<Size>,

    /// With --size: the most memory the solve may take, in GB.
    #[arg(long, value_name = "GB", requires = "size", value_parser = sizes::gigabytes)]
    memory: Option<f64>,
}

/// The judge's board, whose cases the 4x4 code answers whatever `--size` says.
const FOUR_BY_FOUR: Size = Size::FOUR_BY_FOUR;

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum EngineArg {
    Table,
    Negamax,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    if let Some(command) = args.command {
        return sizes::run(command);
    }
    if let Some(size) = args.size.filter(|&s| s != FOUR_BY_FOUR) {
        return sizes::cases(size, args.input.as_deref(), args.explain, args.memory);
    }
    let engine = match args.engine {
        EngineArg::Table => Engine::Table,
        EngineArg::Negamax => Engine::Negamax,
    };
    // The table takes as long to build as a big input takes to read, so both
    // happen at once (or one after the other, if no thread can be had).
    let building = std::thread::Builder::new().spawn(move || Solver::new(engine));
    let bytes = super::input::read_bytes(args.input.as_deref())?;
    let boards = parse_cases(&bytes).context("bad pawn-chess input")?;
    let mut solver = match building {
        Ok(handle) => handle
            .join()
            .map_err(|_| anyhow::anyhow!("building the pawn-chess solver failed"))?,
        Err(_) => Solver::new(engine),
    };
    let mut out = BufWriter::with_capacity(1 << 16, super::streams::stdout());
    write_answers(&boards, &mut solver, args.explain, &mut out)?;
    out.flush()?;
    Ok(())
}
