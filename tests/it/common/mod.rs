//! The Cephalopods test vectors (a verbatim copy of the spec's cases file,
//! compiled in so no test reads outside the repository) and a reader for them
//! that leans on nothing in the library. The tests and the example
//! `time_public_tests` each use only part of it.
#![allow(dead_code)]

/// The vectors: `# name`, the puzzle's input lines, then `= expected`.
pub const VECTORS: &str = include_str!("../../data/cephalopods.txt");

/// One vector, with its puzzle also read by the tests' own tokenizer.
#[derive(Clone, Debug)]
pub struct Case {
    pub name: String,
    pub input: String,
    pub depth: u32,
    pub cells: [u8; 9],
    pub expected: u32,
}

/// Reads every vector, panicking on any malformed block so a damaged data
/// file cannot silently shrink the suite.
pub fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    let mut current: Option<(String, String)> = None;
    for (number, line) in VECTORS.lines().enumerate() {
        let number = number + 1;
        if let Some(name) = line.strip_prefix('#') {
            assert!(
                current.is_none(),
                "line {number}: new case before `=` of the previous one"
            );
            current = Some((name.trim().to_owned(), String::new()));
        } else if let Some(expected) = line.strip_prefix('=') {
            let (name, input) = current
                .take()
                .unwrap_or_else(|| panic!("line {number}: `=` outside a case"));
            let expected = expected
                .trim()
                .parse()
                .unwrap_or_else(|e| panic!("line {number}: bad expected value in {name}: {e}"));
            let (depth, cells) = read_puzzle(&input).unwrap_or_else(|e| panic!("case {name}: {e}"));
            cases.push(Case {
                name,
                input,
                depth,
                cells,
                expected,
            });
        } else if let Some((_, input)) = current.as_mut() {
            input.push_str(line);
            input.push('\n');
        } else {
            assert!(
                line.trim().is_empty(),
                "line {number}: text outside a case: {line:?}"
            );
        }
    }
    assert!(current.is_none(), "the last case has no `=` line");
    cases
}

/// The puzzle's depth and its nine cells, row by row.
fn read_puzzle(input: &str) -> Result<(u32, [u8; 9]), String> {
    let tokens: Vec<&str> = input.split_whitespace().collect();
    if tokens.len() != 10 {
        return Err(format!("{} tokens, expected 10", tokens.len()));
    }
    let depth = tokens[0]
        .parse()
        .map_err(|e| format!("depth {:?}: {e}", tokens[0]))?;
    let mut cells = [0u8; 9];
    for (cell, token) in cells.iter_mut().zip(&tokens[1..]) {
        *cell = match token.parse() {
            Ok(d @ 0..=6) => d,
            _ => return Err(format!("die {token:?}")),
        };
    }
    Ok((depth, cells))
}

/// The case whose name starts with the word `id` (`"x05"`, `"11"`, `"e40"`).
pub fn case(id: &str) -> Case {
    cases()
        .into_iter()
        .find(|c| c.name.split_whitespace().next() == Some(id))
        .unwrap_or_else(|| panic!("no vector {id:?}"))
}
