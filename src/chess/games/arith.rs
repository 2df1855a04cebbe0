//! A binary arithmetic coder with 32-bit integer registers (Witten, Neal and Cleary, 1987):
//! exact, platform-independent, and it writes whole bits so a game's code length is exact.
//! Symbols come with integer frequencies whose total is at most 2^16.

const TOP: u64 = (1 << 32) - 1;
const HALF: u64 = 1 << 31;
const QUARTER: u64 = 1 << 30;

pub struct Encoder {
    low: u64,
    high: u64,
    pending: u64,
    pub bits: Vec<bool>,
}

impl Default for Encoder {
    fn default() -> Self {
        Encoder { low: 0, high: TOP, pending: 0, bits: Vec::new() }
    }
}

impl Encoder {
    fn emit(&mut self, bit: bool) {
        self.bits.push(bit);
        for _ in 0..self.pending {
            self.bits.push(!bit);
        }
        self.pending = 0;
    }

    /// Codes the symbol occupying `[cum, cum + freq)` of `total`.
    pub fn encode(&mut self, cum: u32, freq: u32, total: u32) {
        let range = self.high - self.low + 1;
        self.high = self.low + range * u64::from(cum + freq) / u64::from(total) - 1;
        self.low += range * u64::from(cum) / u64::from(total);
        loop {
            if self.high < HALF {
                self.emit(false);
            } else if self.low >= HALF {
                self.emit(true);
                self.low -= HALF;
                self.high -= HALF;
            } else if self.low >= QUARTER && self.high < HALF + QUARTER {
                self.pending += 1;
                self.low -= QUARTER;
                self.high -= QUARTER;
            } else {
                break;
            }
            self.low <<= 1;
            self.high = (self.high << 1) | 1;
        }
    }

    /// Ends the code: two more bits pick a point inside the final interval whatever follows.
    pub fn finish(mut self) -> Vec<bool> {
        self.pending += 1;
        if self.low < QUARTER {
            self.emit(false);
        } else {
            self.emit(true);
        }
        self.bits
    }
}

pub struct Decoder<'a> {
    bits: &'a [bool],
    pos: usize,
    low: u64,
    high: u64,
    value: u64,
}

impl<'a> Decoder<'a> {
    /// Reads past the end of `bits` as zeros.
    pub fn new(bits: &'a [bool]) -> Self {
        let mut d = Decoder { bits, pos: 0, low: 0, high: TOP, value: 0 };
        for _ in 0..32 {
            d.value = (d.value << 1) | d.next_bit();
        }
        d
    }

    fn next_bit(&mut self) -> u64 {
        let b = self.bits.get(self.pos).copied().unwrap_or(false);
        self.pos += 1;
        u64::from(b)
    }

    /// The cumulative count the next symbol falls on (0..total).
    pub fn target(&self, total: u32) -> u32 {
        let range = self.high - self.low + 1;
        let t = ((self.value - self.low + 1) * u64::from(total) - 1) / range;
        t.min(u64::from(total) - 1) as u32
    }

    pub fn consume(&mut self, cum: u32, freq: u32, total: u32) {
        let range = self.high - self.low + 1;
        self.high = self.low + range * u64::from(cum + freq) / u64::from(total) - 1;
        self.low += range * u64::from(cum) / u64::from(total);
        loop {
            if self.high < HALF {
            } else if self.low >= HALF {
                self.low -= HALF;
                self.high -= HALF;
                self.value -= HALF;
            } else if self.low >= QUARTER && self.high < HALF + QUARTER {
                self.low -= QUARTER;
                self.high -= QUARTER;
                self.value -= QUARTER;
            } else {
                break;
            }
            self.low <<= 1;
            self.high = (self.high << 1) | 1;
            self.value = (self.value << 1) | self.next_bit();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn symbols_round_trip(syms in proptest::collection::vec((1u32..50, 0u32..1000), 0..200)) {
            // Each symbol: an alphabet of n symbols with skewed frequencies; pick index i % n.
            let mut enc = Encoder::default();
            let mut tables = Vec::new();
            for &(n, i) in &syms {
                let freqs: Vec<u32> = (0..n).map(|k| 1 + (k * 37 % 113)).collect();
                let idx = (i % n) as usize;
                let cum: u32 = freqs[..idx].iter().sum();
                let total: u32 = freqs.iter().sum();
                enc.encode(cum, freqs[idx], total);
                tables.push((freqs, idx));
            }
            let bits = enc.finish();
            let mut dec = Decoder::new(&bits);
            for (freqs, idx) in tables {
                let total: u32 = freqs.iter().sum();
                let t = dec.target(total);
                let mut cum = 0;
                let mut found = 0;
                for (k, &f) in freqs.iter().enumerate() {
                    if t < cum + f { found = k; break; }
                    cum += f;
                }
                prop_assert_eq!(found, idx);
                dec.consume(cum, freqs[found], total);
            }
        }
    }
}
