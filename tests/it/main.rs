//! Every integration test, in one crate: `cargo test` then compiles the
//! library's generic engines and the tests' own oracles once, and links one
//! binary, rather than once for each file. Each module is one subject, as a
//! file of its own under `tests/` would be; run one with
//! `cargo test --test it MODULE::` (for example `cargo test --test it pawn_chess_cli::`).

#[path = "common/cephalopod_oracle.rs"]
mod cephalopod_oracle;
mod common;
#[path = "common/pawn_chess_oracle.rs"]
mod pawn_chess_oracle;
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[path = "common/pseudo_terminal.rs"]
mod pseudo_terminal;
#[path = "common/server.rs"]
mod server;
#[path = "../../src/test_rng.rs"]
mod test_rng;

mod browser;
mod cephalopod_game;
mod cephalopod_game_cli;
mod cephalopod_game_oracle;
mod cephalopod_play;
#[cfg(feature = "tui")]
mod cephalopod_terminal;
mod cephalopods_oracle;
mod cephalopods_vectors;
mod cli;
mod cli_cephalopods;
mod hostile_input;
mod memory_limit;
mod mu_torere_cli;
mod mu_torere_family;
mod mu_torere_perfect;
#[cfg(feature = "tui")]
mod mu_torere_terminal;
mod pawn_chess;
mod pawn_chess_cli;
mod pawn_chess_sizes;
mod pawn_chess_sizes_cli;
mod properties;
mod readme;
mod serve_api;
