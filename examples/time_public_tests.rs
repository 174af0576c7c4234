//! Times `gamespace cephalopods` as whole processes on the 12 public tests,
//! the way BENCHMARKS.md counts them: the public compute is
//! the sum of the tests' medians less 12 times the median of a run at
//! depth 0, which is all process start and exit. That median is pooled over
//! the commands, as they are meant to start alike: builds of one program.
//!
//! Each run is timed on two clocks: until the answer arrives, as a
//! contest's judge times a reply, and until the process has exited, which
//! also counts its teardown (the kernel freeing its memory). The bar is
//! judged here by the second. Every answer is checked against the expected
//! one, so a wrong build is never timed.
//!
//! The commands take turns, test by test, in the opposite order every other
//! run, because on a noisy machine timings drift within minutes. Copy each
//! binary to a fresh file just before a set: an older file of the same
//! bytes can run measurably slower (where its pages lie). Settings
//! that a test build reads from the environment are compared within one
//! binary by wrapping every command alike: `'env X=1 /tmp/gs cephalopods'`
//! against `'env X= /tmp/gs cephalopods'`.
//!
//! ```text
//! cargo build --release --example time_public_tests
//! cp target/release/gamespace /tmp/gs
//! target/release/examples/time_public_tests 21 '/tmp/gs cephalopods' '/tmp/gs cephalopods -t 1'
//! ```

use std::error::Error;
use std::fs::File;
use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

/// The test vectors and the tests' reader for them; the public tests are
/// the ones named `01` to `12`.
#[path = "../tests/it/common/mod.rs"]
mod common;

const DEPTH_ZERO: &str = "0\n0 0 0\n0 0 0\n0 0 0\n";

struct Puzzle {
    name: String,
    /// Fed to each run as its stdin, from a file, so that the input is all
    /// there when the process starts, as it is for a judge.
    input: PathBuf,
    expected: String,
}

/// The two clocks of a set, in milliseconds: a list of runs per command and
/// puzzle.
struct Times {
    answer: Vec<Vec<Vec<f64>>>,
    exit: Vec<Vec<Vec<f64>>>,
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("time_public_tests: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn Error>> {
    let usage = "usage: time_public_tests RUNS COMMAND...  (each COMMAND one argument, such as \
                 'target/release/gamespace cephalopods -t 1')";
    let mut args = std::env::args().skip(1);
    let runs: usize = args
        .next()
        .ok_or(usage)?
        .parse()
        .map_err(|e| format!("RUNS: {e}"))?;
    let commands: Vec<Vec<String>> = args
        .map(|command| command.split_whitespace().map(str::to_owned).collect())
        .collect();
    if runs == 0 || commands.is_empty() || commands.iter().any(Vec::is_empty) {
        return Err(usage.into());
    }
    let dir = std::env::temp_dir().join(format!("time_public_tests.{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let times = puzzles(&dir).and_then(|puzzles| Ok((time(&commands, &puzzles, runs)?, puzzles)));
    std::fs::remove_dir_all(&dir)?;
    let (times, puzzles) = times?;
    println!("{runs} runs; each test's median less depth 0's (pooled over the commands), ms");
    for (clock, times) in [("to the answer", &times.answer), ("to exit", &times.exit)] {
        report(clock, times, &commands, &puzzles);
    }
    Ok(())
}

/// The 12 public tests, then the run at depth 0, each written to a file in
/// `dir`.
fn puzzles(dir: &Path) -> Result<Vec<Puzzle>, Box<dyn Error>> {
    let mut found: Vec<(String, String, String)> = common::cases()
        .into_iter()
        .filter_map(|case| {
            let name = case.name.split_whitespace().next()?.to_owned();
            let public = matches!(name.parse::<u32>(), Ok(1..=12) if name.len() == 2);
            public.then(|| (name, case.input, case.expected.to_string()))
        })
        .collect();
    if found.len() != 12 {
        return Err(format!("found {} public tests in the vectors, not 12", found.len()).into());
    }
    found.push(("depth 0".to_owned(), DEPTH_ZERO.to_owned(), "0".to_owned()));
    found
        .into_iter()
        .enumerate()
        .map(|(i, (name, text, expected))| {
            let input = dir.join(format!("{i:02}.txt"));
            std::fs::write(&input, text)?;
            Ok(Puzzle {
                name,
                input,
                expected,
            })
        })
        .collect()
}

fn time(commands: &[Vec<String>], puzzles: &[Puzzle], runs: usize) -> Result<Times, Box<dyn Error>> {
    let empty = || vec![vec![Vec::with_capacity(runs); puzzles.len()]; commands.len()];
    let mut times = Times {
        answer: empty(),
        exit: empty(),
    };
    for run in 0..runs {
        for (p, puzzle) in puzzles.iter().enumerate() {
            let mut order: Vec<usize> = (0..commands.len()).collect();
            if run % 2 == 1 {
                order.reverse();
            }
            for c in order {
                let (answer, exit) = run_once(&commands[c], puzzle)?;
                times.answer[c][p].push(answer);
                times.exit[c][p].push(exit);
            }
        }
        if std::io::stderr().is_terminal() {
            eprint!("\rrun {} of {runs}", run + 1);
        }
    }
    if std::io::stderr().is_terminal() {
        eprintln!();
    }
    Ok(times)
}

/// One run of `command` on `puzzle`: milliseconds until its answer arrived,
/// and until it exited.
fn run_once(command: &[String], puzzle: &Puzzle) -> Result<(f64, f64), Box<dyn Error>> {
    let what = || format!("`{}` on {}", command.join(" "), puzzle.name);
    let input = File::open(&puzzle.input)?;
    let start = Instant::now();
    let mut child = Command::new(&command[0])
        .args(&command[1..])
        .stdin(input)
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{}: {e}", what()))?;
    let mut stdout = child.stdout.take().ok_or("no stdout")?;
    let mut output = Vec::new();
    let mut chunk = [0u8; 64];
    while !output.contains(&b'\n') {
        match stdout.read(&mut chunk)? {
            0 => break,
            n => output.extend_from_slice(&chunk[..n]),
        }
    }
    let answer = start.elapsed();
    let status = child.wait()?;
    let exit = start.elapsed();
    let output = String::from_utf8_lossy(&output);
    if !status.success() || output.trim() != puzzle.expected {
        return Err(format!(
            "{}: {status}, answered {:?}, expected {}",
            what(),
            output.trim(),
            puzzle.expected
        )
        .into());
    }
    Ok((answer.as_secs_f64() * 1e3, exit.as_secs_f64() * 1e3))
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let middle = values.len() / 2;
    match values.len() % 2 {
        1 => values[middle],
        _ => (values[middle - 1] + values[middle]) / 2.0,
    }
}

fn report(clock: &str, times: &[Vec<Vec<f64>>], commands: &[Vec<String>], puzzles: &[Puzzle]) {
    let depth_zero = puzzles.len() - 1;
    let start_up = median(
        times
            .iter()
            .flat_map(|per_puzzle| per_puzzle[depth_zero].clone())
            .collect(),
    );
    println!("\n{clock} (depth 0 takes {start_up:.2}):");
    let names: Vec<&str> = puzzles[..depth_zero].iter().map(|p| p.name.as_str()).collect();
    let header: String = names.iter().map(|name| format!("{name:>6}")).collect();
    println!("{:>7}{header}  command", "compute");
    for (command, per_puzzle) in commands.iter().zip(times) {
        let tests: Vec<f64> = per_puzzle[..depth_zero]
            .iter()
            .map(|runs| median(runs.clone()) - start_up)
            .collect();
        let compute: f64 = tests.iter().sum();
        let columns: String = tests.iter().map(|t| format!("{t:>6.2}")).collect();
        println!("{compute:>7.2}{columns}  {}", command.join(" "));
    }
}
