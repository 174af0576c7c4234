//! The `gamespace` binary: parses the command line and hands off to [`cli`];
//! owns the process-wide set-up of the heap ([`heap`]).

mod cli;
mod heap;

use std::process::ExitCode;

/// Out of memory is a one-line error, not an abort (see [`heap`]).
#[global_allocator]
static ALLOCATOR: heap::ExitWhenOutOfMemory = heap::ExitWhenOutOfMemory;

fn main() -> ExitCode {
    match cli::parse_args() {
        Ok(args) => cli::finish(cli::run(args)),
        Err(status) => status,
    }
}
