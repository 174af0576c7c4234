//! `gamespace mu-torere --points 2n --rule R`: the options that choose a
//! board of the family, and the subcommands on such a board.

use super::streams;
use anyhow::Context;
use gamespace::mu_torere::Color;
use gamespace::mu_torere::family::play::{RingConfig, play};
use gamespace::mu_torere::family::{
    Numbering, Report, Ring, RingAnalysis, RingPosition, RingSolution, Rule, check_memory, write_table,
};
use gamespace::mu_torere::play::DrawRule;
use std::io::{self, IsTerminal, Write};

/// The board and the rule, shared by every subcommand.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct BoardArgs {
    /// Play on a rim of this many points (2n: n stones a side; 4 to 30). The
    /// traditional board has 8. For boards other than 8 the centre is point
    /// 0 and the rim runs 1..2n clockwise from black's first stone.
    #[arg(long, value_name = "2N", value_parser = parse_points)]
    pub points: Option<u32>,
    /// Which rim stones may enter the empty centre: `standard`, only one
    /// next to an opponent's stone; `free`, any.
    #[arg(long, value_enum, default_value_t = RuleArg::Standard)]
    pub rule: RuleArg,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleArg {
    Standard,
    Free,
}

fn parse_points(text: &str) -> Result<u32, String> {
    let points: u32 = text.parse().map_err(|_| {
        format!(
            "the number of rim points must be an even whole number from {} to {}",
            2 * Ring::MIN_N,
            2 * Ring::MAX_N
        )
    })?;
    Ring::check_points(points).map_err(|e| e.to_string())
}

impl BoardArgs {
    /// The board these options choose, unless they leave the traditional
    /// game, which keeps its own engine and protocol.
    pub fn ring(self) -> anyhow::Result<Option<Ring>> {
        let rule = match self.rule {
            RuleArg::Standard => Rule::Standard,
            RuleArg::Free => Rule::Free,
        };
        Ok(match (self.points.unwrap_or(8), rule) {
            (8, Rule::Standard) => None,
            (points, rule) => Some(Ring::with_points(points, rule)?),
        })
    }
}

/// The memory this process may use: what the system says is available.
fn available_memory() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find_map(|l| l.strip_prefix("MemAvailable:"))
                .and_then(|rest| rest.trim().strip_suffix("kB"))
                .and_then(|kb| kb.trim().parse::<u64>().ok())
        })
        .map_or(u64::MAX, |kb| kb * 1024)
}

/// Solves the board after checking that it fits in memory.
pub fn solve(ring: Ring) -> anyhow::Result<RingSolution> {
    check_memory(&ring, available_memory())?;
    Ok(RingSolution::new(ring))
}

pub fn analyze(ring: Ring, table: bool) -> anyhow::Result<()> {
    let numbering = Numbering::of(&ring);
    let solution = solve(ring)?;
    let mut out = io::BufWriter::new(streams::stdout());
    if table {
        write_table(&solution, &numbering, &mut out)?;
    } else {
        let analysis = RingAnalysis::new(&solution);
        let report = Report {
            analysis: &analysis,
            solution: &solution,
            numbering: &numbering,
        };
        write!(out, "{report}")?;
    }
    out.flush()?;
    Ok(())
}

pub fn play_ring(
    ring: Ring,
    human: Color,
    position: Option<&str>,
    to_move: Color,
    draw_rule: DrawRule,
    plain: bool,
) -> anyhow::Result<()> {
    let numbering = Numbering::of(&ring);
    let start = match position {
        None => ring.start(),
        Some(text) => RingPosition {
            stones: numbering
                .parse(text)
                .with_context(|| super::mu_torere::bad_position(text))?,
            to_move,
        },
    };
    let solution = solve(ring)?;
    let config = RingConfig {
        human,
        start,
        draw_rule,
        prompt_lines: !io::stderr().is_terminal(),
    };
    #[cfg(feature = "tui")]
    if super::full_screen(plain) {
        let colour = super::colour_wanted();
        return super::board_ended(gamespace::mu_torere::family::tui::run(&solution, config, colour)?);
    }
    #[cfg(not(feature = "tui"))]
    let _ = plain;
    play(
        &solution,
        &numbering,
        config,
        streams::stdin(),
        streams::stdout(),
        streams::chatter(),
    )?;
    Ok(())
}
