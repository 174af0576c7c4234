//! `gamespace pawn-chess`: read the judge's cases, print one verdict each,
//! or with `--explain` an optimal line of play too.

mod sizes;

use anyhow::Context;
use gamespace::pawn_chess::sizes::Size;
use gamespace::pawn_chess::{Answers, Board, Cases, Engine, Explain, ParseError, Solver};
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::thread::JoinHandle;

/// 4x4 pawn chess (UVa 10838): with White to move, who wins and in how many
/// plies under perfect play.
///
/// Rules: a pawn moves one square straight forward onto an empty square, or
/// captures an enemy pawn one square diagonally forward; there is no
/// double step, en passant or promotion. White moves up, towards the first
/// input row; Black moves down. A player wins as soon as a pawn reaches the
/// far row, or when the opponent, to move, has no legal move (which
/// includes having no pawns left). The winner hurries and the loser delays.
///
/// Input: the number of cases, then each case as 4 rows of 4 characters
/// (`P` White, `p` Black, `.` empty), the first row being White's goal
/// (rank 4). Rows and the count may be separated by any whitespace
/// (spaces, tabs, line ends). Each case is answered once it is read; a
/// bad case ends the run, after the answers to the cases before it.
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

    /// After each verdict, print one optimal line of play: the moves in
    /// notation, then the boards four to a row; cases are separated by a
    /// blank line. `--explain=all` also lists every move of the position
    /// with its value.
    #[arg(long, value_enum, value_name = "WHAT", num_args = 0..=1, require_equals = true,
          default_missing_value = "line")]
    explain: Option<ExplainArg>,

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
enum ExplainArg {
    /// One optimal line of play.
    Line,
    /// The line, and every move of the position with its value.
    All,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum EngineArg {
    Table,
    Negamax,
}

/// How many boards are read ahead while the solver is being built: 1 MiB,
/// a bound on memory whatever the input.
const AHEAD: usize = 1 << 18;

pub fn run(args: Args) -> anyhow::Result<()> {
    if let Some(command) = args.command {
        return sizes::run(command);
    }
    if let Some(size) = args.size.filter(|&s| s != FOUR_BY_FOUR) {
        return sizes::cases(size, args.input.as_deref(), args.explain.is_some(), args.memory);
    }
    let engine = match args.engine {
        EngineArg::Table => Engine::Table,
        EngineArg::Negamax => Engine::Negamax,
    };
    // The table takes as long to build as a big input takes to read, so the
    // first cases are read while it is built (or after, if no thread can
    // be had), and the rest as they are answered.
    let building = std::thread::Builder::new().spawn(move || Solver::new(engine));
    super::input::hint_if_terminal(
        args.input.as_deref(),
        "the cases (their number, then 4 rows each)",
        "pawn-chess",
    );
    let input = super::input::open(args.input.as_deref(), super::input::LONG)?;
    let mut cases = Cases::new(input)?.context("bad pawn-chess input")?;
    let mut ahead = Vec::new();
    let mut stopped = None;
    while ahead.len() < AHEAD && !building.as_ref().is_ok_and(JoinHandle::is_finished) {
        match cases.next_board() {
            Ok(Ok(Some(board))) => ahead.push(board),
            Ok(Ok(None)) => break,
            stop => {
                stopped = Some(stop);
                break;
            }
        }
    }
    let mut solver = match building {
        Ok(handle) => handle
            .join()
            .map_err(|_| anyhow::anyhow!("building the pawn-chess solver failed"))?,
        Err(_) => Solver::new(engine),
    };
    let explain = match args.explain {
        None => Explain::Verdict,
        Some(ExplainArg::Line) => Explain::Line,
        Some(ExplainArg::All) => Explain::AllMoves,
    };
    let mut answers = Answers::new(&mut solver, explain);
    let mut out = BufWriter::with_capacity(1 << 16, super::streams::stdout());
    for &board in &ahead {
        answers.write(board, &mut out)?;
    }
    let end = match stopped {
        Some(stop) => stop,
        None => loop {
            match cases.next_board() {
                Ok(Ok(Some(board))) => answers.write(board, &mut out)?,
                stop => break stop,
            }
        },
    };
    // The answers to the good cases come first, then the error, if any.
    out.flush()?;
    end_of_cases(end)
}

/// The end of the cases as the command reports it.
fn end_of_cases(end: io::Result<Result<Option<Board>, ParseError>>) -> anyhow::Result<()> {
    end?.context("bad pawn-chess input")?;
    Ok(())
}
