//! A seeded xorshift generator for the unit tests and the integration
//! tests (`tests/it` includes this file): the same inputs on every run, and
//! no dependency for a few lines of arithmetic.

#[derive(Clone, Debug)]
pub struct XorShift(u64);

impl XorShift {
    pub fn new(seed: u64) -> XorShift {
        assert_ne!(seed, 0, "xorshift stays at zero forever");
        XorShift(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `bound` (slightly biased, which tests do not mind).
    pub fn below(&mut self, bound: u64) -> u64 {
        self.next_u64() % bound
    }
}
