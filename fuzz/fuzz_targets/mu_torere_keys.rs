//! The terminal's key decoder on any bytes, in any chunks: it never
//! panics, and once a pending sequence expires the keys work again.
#![no_main]

use gamespace::tui::keys::Decoder;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut decoder = Decoder::default();
    let mut events = Vec::new();
    for chunk in data.split(|&byte| byte == 0) {
        decoder.feed(chunk, &mut events);
    }
    decoder.expire(&mut events);
    assert!(!decoder.is_waiting());
    events.clear();
    decoder.feed(b"q", &mut events);
    assert_eq!(events.len(), 1);
});
