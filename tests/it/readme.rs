//! The README's library example is the one that runs: `examples/library.rs`,
//! which `cargo test` builds and runs as a doctest of the crate's front page
//! (`src/lib.rs` includes it).

#[test]
fn the_readme_shows_the_library_example_verbatim() {
    let readme = include_str!("../../README.md");
    let example = include_str!("../../examples/library.rs");
    assert!(
        readme.contains(&format!("```rust\n{example}```\n")),
        "README.md's \"Using gamespace as a library\" must hold examples/library.rs as it is"
    );
}

#[test]
fn the_front_page_runs_the_library_example() {
    let lib = include_str!("../../src/lib.rs");
    assert!(lib.contains("//! ```\n#![doc = include_str!(\"../examples/library.rs\")]\n//! ```\n"));
}
