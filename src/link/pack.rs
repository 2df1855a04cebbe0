//! Making dense link payloads short: run lengths and variable-length numbers in the bit stream,
//! then deflate (flate2 on the pure-Rust miniz_oxide backend, so it builds for wasm32) when that
//! is shorter. Only the links that need it call this, so the Devil's chessboard page, whose
//! largest link already fits, does not carry deflate.

use crate::bits::{BitReader, BitWriter};
use crate::{bail, Result};
use flate2::read::DeflateDecoder;
use flate2::write::DeflateEncoder;
use flate2::Compression;
use std::io::{Read, Write};

const STORED: u8 = 0;
const DEFLATED: u8 = 1;

/// The bytes behind one marker byte: stored as they are, or deflated when that is shorter.
pub fn pack(bytes: &[u8]) -> Vec<u8> {
    let mut deflated = vec![DEFLATED];
    let mut enc = DeflateEncoder::new(&mut deflated, Compression::best());
    // Writing into a Vec cannot fail.
    let ok = enc.write_all(bytes).and_then(|_| enc.finish().map(|_| ()));
    if ok.is_ok() && deflated.len() < bytes.len() + 1 {
        return deflated;
    }
    let mut stored = Vec::with_capacity(bytes.len() + 1);
    stored.push(STORED);
    stored.extend_from_slice(bytes);
    stored
}

/// Reads what [`pack`] wrote; refuses to inflate beyond `max_len` bytes (a hostile link cannot
/// make the page allocate more than its largest state needs).
pub fn unpack(bytes: &[u8], max_len: usize) -> Result<Vec<u8>> {
    let Some((&marker, rest)) = bytes.split_first() else { bail!("this link is truncated: it has no data") };
    match marker {
        STORED => {
            if rest.len() > max_len {
                bail!("this link is garbled: it holds more data than any state of its kind");
            }
            Ok(rest.to_vec())
        }
        DEFLATED => {
            let mut out = Vec::new();
            let limit = max_len as u64 + 1;
            if DeflateDecoder::new(rest).take(limit).read_to_end(&mut out).is_err() {
                bail!("this link is garbled: its compressed data does not inflate");
            }
            if out.len() > max_len {
                bail!("this link is garbled: it inflates to more data than any state of its kind");
            }
            Ok(out)
        }
        m => bail!("this link is garbled: unknown packing {m}"),
    }
}

/// Writes `n` in groups of 7 bits, low group first, each with a continuation bit in front.
pub fn push_varint(w: &mut BitWriter, mut n: u64) {
    loop {
        let group = n & 0x7f;
        n >>= 7;
        w.push_bit(n != 0);
        w.push_bits(group, 7);
        if n == 0 {
            return;
        }
    }
}

pub fn read_varint(r: &mut BitReader) -> Result<u64> {
    let mut n = 0u64;
    for shift in (0..64).step_by(7) {
        let more = r.read_bit()?;
        let group = r.read_bits(7)?;
        if shift == 63 && group > 1 {
            bail!("a number in the data is too large");
        }
        n |= group << shift;
        if !more {
            return Ok(n);
        }
    }
    bail!("a number in the data is too long")
}

/// Elias gamma code of `n ≥ 1`: short for small numbers, such as the gaps between a few edits.
pub fn push_gamma(w: &mut BitWriter, n: u64) {
    debug_assert!(n >= 1);
    let width = 64 - n.leading_zeros();
    w.push_bits(0, width - 1);
    w.push_bits(n, width);
}

pub fn read_gamma(r: &mut BitReader) -> Result<u64> {
    let mut zeros = 0;
    while !r.read_bit()? {
        zeros += 1;
        if zeros >= 64 {
            bail!("a number in the data is too long");
        }
    }
    Ok((1u64 << zeros) | r.read_bits(zeros)?)
}

/// Runs of equal values: each run as its value (`value_bits` wide) and its length − 1 as a
/// varint. Long runs of dark or lit cells shrink to a few bytes before deflate sees them.
pub fn push_runs(w: &mut BitWriter, values: &[u8], value_bits: u32) {
    let mut i = 0;
    while i < values.len() {
        let v = values[i];
        let run = values[i..].iter().take_while(|&&x| x == v).count();
        w.push_bits(u64::from(v), value_bits);
        push_varint(w, run as u64 - 1);
        i += run;
    }
}

/// Reads exactly `count` values written by [`push_runs`], each below `states`.
pub fn read_runs(r: &mut BitReader, count: usize, value_bits: u32, states: u8) -> Result<Vec<u8>> {
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let v = r.read_bits(value_bits)? as u8;
        if v >= states {
            bail!("a value {v} of {states} states");
        }
        let run = read_varint(r)?.saturating_add(1);
        if run > (count - out.len()) as u64 {
            bail!("a run goes past the end of the board");
        }
        out.resize(out.len() + run as usize, v);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn long_runs_deflate_and_random_bytes_are_stored() {
        let zeros = vec![0u8; 10_000];
        let packed = pack(&zeros);
        assert_eq!(packed[0], DEFLATED);
        assert!(packed.len() < 100);
        assert_eq!(unpack(&packed, 10_000).unwrap(), zeros);
        assert!(unpack(&packed, 9_999).unwrap_err().message().contains("inflates to more"));
        let noise: Vec<u8> = (0..64u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
        assert_eq!(pack(&noise)[0], STORED);
        assert!(unpack(&[], 10).is_err());
        assert!(unpack(&[7, 1], 10).unwrap_err().message().contains("packing"));
        assert!(unpack(&[DEFLATED, 0xff, 0xff], 10).is_err());
    }

    #[test]
    fn gamma_codes_are_the_textbook_ones() {
        // 1 → "1", 2 → "010", 5 → "00101" (Elias 1975).
        let mut w = BitWriter::new();
        for n in [1, 2, 5] {
            push_gamma(&mut w, n);
        }
        assert_eq!(w.len(), 9);
        assert_eq!(w.into_bytes(), vec![0b1010_0010, 0b1000_0000]);
    }

    proptest! {
        #[test]
        fn numbers_and_runs_round_trip(ns in proptest::collection::vec(any::<u64>(), 0..20), values in proptest::collection::vec(0u8..3, 0..300)) {
            let mut w = BitWriter::new();
            for &n in &ns {
                push_varint(&mut w, n);
                push_gamma(&mut w, n.max(1));
            }
            push_runs(&mut w, &values, 2);
            let bytes = unpack(&pack(&w.into_bytes()), 1 << 20).unwrap();
            let mut r = BitReader::new(&bytes);
            for &n in &ns {
                prop_assert_eq!(read_varint(&mut r).unwrap(), n);
                prop_assert_eq!(read_gamma(&mut r).unwrap(), n.max(1));
            }
            prop_assert_eq!(read_runs(&mut r, values.len(), 2, 3).unwrap(), values);
            prop_assert!(r.finish().is_ok());
        }

        #[test]
        fn reading_garbage_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..64), count in 0usize..500) {
            let _ = unpack(&bytes, 1000);
            let mut r = BitReader::new(&bytes);
            let _ = read_varint(&mut r);
            let _ = read_gamma(&mut r);
            let _ = read_runs(&mut r, count, 3, 5);
        }
    }
}
