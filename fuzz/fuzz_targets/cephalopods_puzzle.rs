//! The puzzle parser on any bytes, read whole and through a small buffer:
//! the same result both ways, and errors that carry no control character.
#![no_main]

use gamespace::cephalopods::read_puzzle;
use libfuzzer_sys::fuzz_target;
use std::io::BufReader;

fuzz_target!(|data: &[u8]| {
    let Some((&capacity, input)) = data.split_first() else {
        return;
    };
    let whole = read_puzzle(input).expect("a slice reads");
    let capacity = usize::from(capacity % 16) + 1;
    let streamed = read_puzzle(BufReader::with_capacity(capacity, input)).expect("a slice reads");
    assert_eq!(whole, streamed);
    if let Err(error) = whole {
        assert!(!error.to_string().chars().any(char::is_control), "{error}");
    }
});
