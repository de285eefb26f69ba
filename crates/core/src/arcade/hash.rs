//! The state hasher behind replay and parity hashes (FNV-1a over 64-bit words).

use super::vec2::Vec2;

/// Folds a simulation state into 64 bits. Floats are hashed by their bit patterns
/// (`f64::to_bits`), so two builds agree only if every bit of the state agrees.
#[derive(Debug, Clone)]
pub struct StateHasher(u64);

const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

impl Default for StateHasher {
    fn default() -> Self {
        StateHasher::new()
    }
}

impl StateHasher {
    /// A fresh hasher.
    pub fn new() -> StateHasher {
        StateHasher(OFFSET)
    }

    /// Adds a 64-bit word, byte by byte.
    pub fn write_u64(&mut self, word: u64) {
        for byte in word.to_le_bytes() {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(PRIME);
        }
    }

    /// Adds a 32-bit word.
    pub fn write_u32(&mut self, word: u32) {
        self.write_u64(u64::from(word));
    }

    /// Adds a signed word.
    pub fn write_i64(&mut self, word: i64) {
        self.write_u64(word as u64);
    }

    /// Adds a float by its bit pattern.
    pub fn write_f64(&mut self, value: f64) {
        self.write_u64(value.to_bits());
    }

    /// Adds a flag.
    pub fn write_bool(&mut self, flag: bool) {
        self.write_u64(u64::from(flag));
    }

    /// Adds both components of a vector.
    pub fn write_vec2(&mut self, v: Vec2) {
        self.write_f64(v.x);
        self.write_f64(v.y);
    }

    /// The hash so far.
    pub fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_values() {
        // FNV-1a 64 of the empty input, of eight zero bytes and of 1 as a little-endian u64.
        assert_eq!(StateHasher::new().finish(), 0xcbf2_9ce4_8422_2325);
        let mut h = StateHasher::new();
        h.write_u64(0);
        assert_eq!(h.finish(), 0xa8c7_f832_281a_39c5);
        let mut one = StateHasher::new();
        one.write_u32(1);
        assert_eq!(one.finish(), 0x89cd_3129_1d2a_efa4);
        let mut a = StateHasher::new();
        a.write_f64(0.0);
        let mut b = StateHasher::new();
        b.write_f64(-0.0);
        assert_ne!(a.finish(), b.finish(), "the sign bit must count");
        let mut c = StateHasher::new();
        c.write_vec2(Vec2::new(1.0, 2.0));
        let mut d = StateHasher::new();
        d.write_vec2(Vec2::new(2.0, 1.0));
        assert_ne!(c.finish(), d.finish(), "order must count");
    }
}
