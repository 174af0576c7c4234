//! Links the `gamespace` executable at a fixed address on Linux with glibc.
//!
//! A position-independent executable is relocated by the dynamic loader at
//! every start: one relocation for each pointer in its static data (the
//! vtables and tables of the web server, the terminal UI and the games),
//! paid before `main` on every run of the puzzle, whose small inputs take
//! less time than that start-up. Linked at a fixed address, the linker
//! resolves those pointers once (BENCHMARKS.md, start-up). The library and
//! every other target keep the toolchain's defaults.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
