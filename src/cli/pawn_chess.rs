//! `gamespace pawn-chess`: read the judge's cases, print one verdict each,
//! or with `--explain` an optimal line of play too.

use anyhow::Context;
use gamespace::pawn_chess::{Engine, Explain, Solver, parse_cases, write_answers};
use std::io::{BufWriter, Write};
use std::path::PathBuf;

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
pub struct Args {
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
}

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

pub fn run(args: Args) -> anyhow::Result<()> {
    let engine = match args.engine {
        EngineArg::Table => Engine::Table,
        EngineArg::Negamax => Engine::Negamax,
    };
    // The table takes as long to build as a big input takes to read, so both
    // happen at once (or one after the other, if no thread can be had).
    let building = std::thread::Builder::new().spawn(move || Solver::new(engine));
    super::input::hint_if_terminal(
        args.input.as_deref(),
        "the cases (their number, then 4 rows each)",
        "pawn-chess",
    );
    let bytes = super::input::read_bytes(args.input.as_deref())?;
    let boards = parse_cases(&bytes).context("bad pawn-chess input")?;
    let mut solver = match building {
        Ok(handle) => handle
            .join()
            .map_err(|_| anyhow::anyhow!("building the pawn-chess solver failed"))?,
        Err(_) => Solver::new(engine),
    };
    let mut out = BufWriter::with_capacity(1 << 16, super::streams::stdout());
    let explain = match args.explain {
        None => Explain::Verdict,
        Some(ExplainArg::Line) => Explain::Line,
        Some(ExplainArg::All) => Explain::AllMoves,
    };
    write_answers(&boards, &mut solver, explain, &mut out)?;
    out.flush()?;
    Ok(())
}
