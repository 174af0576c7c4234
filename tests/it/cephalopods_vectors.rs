//! Every vector of the spec's cases file, through the library, and the public
//! contest cases through the real binary.

use crate::common;

use assert_cmd::Command;
use gamespace::cephalopods::{Board, parse_puzzle, path_hash_sum};

#[test]
fn the_data_file_holds_all_58_vectors_with_distinct_names() {
    let cases = common::cases();
    assert_eq!(cases.len(), 58);
    let mut names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), 58, "duplicate case names");
    let public = cases.iter().filter(|c| is_public(&c.name)).count();
    assert_eq!(public, 12);
    let empty_boards = cases.iter().filter(|c| c.cells == [0; 9]).count();
    assert_eq!(empty_boards, 39, "the empty board at depths 2..=40");
}

#[test]
fn the_library_parser_reads_every_vector_as_the_tests_do() {
    for case in common::cases() {
        let puzzle = parse_puzzle(&case.input).unwrap_or_else(|e| panic!("{}: rejected: {e}", case.name));
        assert_eq!(puzzle.depth, case.depth, "{}: depth", case.name);
        assert_eq!(
            puzzle.board,
            Board::from_cells(case.cells),
            "{}: board",
            case.name
        );
    }
}

#[test]
fn every_vector_matches_through_the_library() {
    let failures: Vec<String> = common::cases()
        .iter()
        .filter_map(|case| {
            let got = path_hash_sum(Board::from_cells(case.cells), case.depth);
            (got != case.expected).then(|| format!("{}: expected {}, got {got}", case.name, case.expected))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} vectors fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_public_contest_cases_match_through_the_binary() {
    for case in common::cases().into_iter().filter(|c| is_public(&c.name)) {
        Command::cargo_bin("gamespace")
            .unwrap()
            .arg("cephalopods")
            .write_stdin(case.input.as_str())
            .assert()
            .success()
            .stdout(format!("{}\n", case.expected))
            .stderr("");
    }
}

/// The contest's own tests are named by a two-digit number.
fn is_public(name: &str) -> bool {
    let id = name.split_whitespace().next().unwrap_or("");
    id.len() == 2 && id.bytes().all(|b| b.is_ascii_digit())
}
