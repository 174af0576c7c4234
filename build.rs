//! Links the `gamespace` executable at a fixed address on Linux with glibc.
//!
//! A position-independent executable is relocated by the dynamic loader at
//! every start: one relocation for each pointer in its static data (the
//! vtables and tables of the web server, the terminal UI and the games),
//! paid before `main` on every run of the puzzle, whose small inputs take
//! less time than that start-up. Linked at a fixed address, the linker
//! resolves those pointers once (BENCHMARKS.md, start-up).
//!
//! The cost: the executable's own code is not placed at a random address
//! (its libraries, stack and heap still are), which weakens one defence of
//! `gamespace serve` against memory-corruption exploits; it listens on the
//! loopback only, unless told otherwise. Set `GAMESPACE_PIE=1` when
//! building to keep the default, position-independent executable. A static
//! build (`crt-static`) is left as the toolchain links it, and so are the
//! library and every other target.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=GAMESPACE_PIE");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let static_build = features.split(',').any(|f| f == "crt-static");
    let pie_asked = std::env::var_os("GAMESPACE_PIE").is_some_and(|v| v == "1");
    if os == "linux" && env == "gnu" && !static_build && !pie_asked {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
