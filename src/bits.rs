//! Bit-level packing for share links and codes: most significant bit first, so the bits read
//! in the order they are written and a bitstring can be shown as it is stored.

use crate::{bail, Result};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

/// Appends bits, most significant first, to a byte vector.
#[derive(Debug, Default, Clone)]
pub struct BitWriter {
    bytes: Vec<u8>,
    len: usize,
}

impl BitWriter {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn push_bit(&mut self, bit: bool) {
        if self.len.is_multiple_of(8) {
            self.bytes.push(0);
        }
        if bit {
            self.bytes[self.len / 8] |= 0x80 >> (self.len % 8);
        }
        self.len += 1;
    }

    /// Writes the low `width` bits of `value` (`width <= 64`), most significant first.
    pub fn push_bits(&mut self, value: u64, width: u32) {
        debug_assert!(width <= 64);
        for i in (0..width).rev() {
            self.push_bit((value >> i) & 1 == 1);
        }
    }

    /// Number of bits written.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The bytes, the last one padded with zero bits.
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }

    pub fn to_base64url(&self) -> String {
        URL_SAFE_NO_PAD.encode(&self.bytes)
    }
}

/// Reads bits written by [`BitWriter`]; reading past the end is an error, never a panic.
#[derive(Debug, Clone)]
pub struct BitReader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> BitReader<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        BitReader { bytes, pos: 0 }
    }

    pub fn read_bit(&mut self) -> Result<bool> {
        if self.pos >= self.bytes.len() * 8 {
            bail!("the data ends too early (after {} bits)", self.pos);
        }
        let bit = self.bytes[self.pos / 8] & (0x80 >> (self.pos % 8)) != 0;
        self.pos += 1;
        Ok(bit)
    }

    pub fn read_bits(&mut self, width: u32) -> Result<u64> {
        debug_assert!(width <= 64);
        let mut value = 0u64;
        for _ in 0..width {
            value = (value << 1) | u64::from(self.read_bit()?);
        }
        Ok(value)
    }

    /// Bits read so far.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Bits left, counting the zero padding of the last byte.
    pub fn remaining(&self) -> usize {
        self.bytes.len() * 8 - self.pos
    }

    /// Errors unless only zero padding (less than a byte) is left: a decoder calls this last
    /// so that a link with trailing garbage is rejected rather than half-read.
    pub fn finish(&mut self) -> Result<()> {
        if self.remaining() >= 8 {
            bail!("the data is {} bits longer than expected", self.remaining());
        }
        while self.remaining() > 0 {
            if self.read_bit()? {
                bail!("the data has stray bits after its end");
            }
        }
        Ok(())
    }
}

/// Decodes unpadded base64url, with a one-line error for anything else.
pub fn from_base64url(text: &str) -> Result<Vec<u8>> {
    match URL_SAFE_NO_PAD.decode(text.trim()) {
        Ok(bytes) => Ok(bytes),
        Err(_) => bail!("not valid base64url text"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn values_round_trip(values in proptest::collection::vec((any::<u64>(), 1u32..=64), 0..40)) {
            let mut w = BitWriter::new();
            for &(v, width) in &values {
                w.push_bits(v, width);
            }
            let total: u32 = values.iter().map(|&(_, w)| w).sum();
            prop_assert_eq!(w.len(), total as usize);
            let text = w.to_base64url();
            let bytes = from_base64url(&text).unwrap();
            let mut r = BitReader::new(&bytes);
            for &(v, width) in &values {
                let mask = if width == 64 { u64::MAX } else { (1u64 << width) - 1 };
                prop_assert_eq!(r.read_bits(width).unwrap(), v & mask);
            }
            prop_assert!(r.finish().is_ok());
        }

        #[test]
        fn reading_random_bytes_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..16), widths in proptest::collection::vec(0u32..=64, 0..10)) {
            let mut r = BitReader::new(&bytes);
            for w in widths {
                let _ = r.read_bits(w);
            }
            let _ = r.finish();
        }
    }

    #[test]
    fn msb_first_layout() {
        let mut w = BitWriter::new();
        w.push_bits(0b101, 3);
        assert_eq!(w.into_bytes(), vec![0b1010_0000]);
    }

    #[test]
    fn overrun_and_trailing_data_are_errors() {
        let bytes = [0xff];
        let mut r = BitReader::new(&bytes);
        assert!(r.read_bits(8).is_ok());
        assert!(r.read_bit().is_err());
        let mut r = BitReader::new(&[0, 0]);
        r.read_bits(3).unwrap();
        assert!(r.finish().is_err());
        let mut r = BitReader::new(&[0b0001_0000]);
        r.read_bits(3).unwrap();
        assert!(r.finish().is_err());
        assert!(from_base64url("a*b").is_err());
    }
}
