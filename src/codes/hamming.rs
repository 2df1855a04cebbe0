//! Hamming codes of length m = 2^r − 1: a word (positions 1..m) is a codeword when the XOR of
//! the positions holding a 1 — its syndrome — is 0. A single flipped bit at position p makes
//! the syndrome p, which is why one error can be found and corrected.

use super::Code;
use crate::{bail, Result};

pub const MIN_R: u32 = 2;
pub const MAX_R: u32 = 12;

/// Length 2^r − 1 for r in [`MIN_R`]..=[`MAX_R`].
pub fn length(r: u32) -> Result<usize> {
    if !(MIN_R..=MAX_R).contains(&r) {
        bail!("Hamming codes here have r = {MIN_R} to {MAX_R} parity bits, not {r}");
    }
    Ok((1 << r) - 1)
}

/// The r for a length 2^r − 1.
pub fn r_for_length(m: usize) -> Result<u32> {
    if m < 3 || !(m + 1).is_power_of_two() {
        bail!("a Hamming code has length 2^r − 1 (3, 7, 15, …), not {m}");
    }
    let r = (m + 1).trailing_zeros();
    length(r)?;
    Ok(r)
}

/// XOR of the (1-based) positions holding a 1.
pub fn syndrome(word: &[bool]) -> usize {
    word.iter().enumerate().filter(|(_, &b)| b).fold(0, |acc, (i, _)| acc ^ (i + 1))
}

/// The parity checks one by one: check j is the parity of the positions whose bit j is set.
pub fn checks(word: &[bool]) -> Result<Vec<u8>> {
    let r = r_for_length(word.len())?;
    Ok((0..r)
        .map(|j| {
            let ones = word.iter().enumerate().filter(|(i, &b)| b && (i + 1) >> j & 1 == 1).count();
            (ones % 2) as u8
        })
        .collect())
}

/// The single-error correction: the syndrome, and the word with that position flipped.
pub fn correct(word: &[bool]) -> Result<(usize, Vec<bool>)> {
    r_for_length(word.len())?;
    let s = syndrome(word);
    let mut fixed = word.to_vec();
    if s != 0 {
        fixed[s - 1] = !fixed[s - 1];
    }
    Ok((s, fixed))
}

/// Number of message bits: m − r.
pub fn message_bits(r: u32) -> Result<usize> {
    Ok(length(r)? - r as usize)
}

/// The codeword carrying `message`: message bits fill the positions that are not powers of
/// two, then each parity position 2^j is set to make check j even.
pub fn encode(r: u32, message: &[bool]) -> Result<Vec<bool>> {
    let m = length(r)?;
    let k = m - r as usize;
    if message.len() != k {
        bail!("a message for the Hamming code of length {m} has {k} bits, not {}", message.len());
    }
    let mut word = vec![false; m];
    let mut data = message.iter();
    for (i, slot) in word.iter_mut().enumerate() {
        if !(i + 1).is_power_of_two() {
            *slot = *data.next().unwrap_or(&false);
        }
    }
    let s = syndrome(&word);
    for j in 0..r {
        if s >> j & 1 == 1 {
            word[(1 << j) - 1] = true;
        }
    }
    Ok(word)
}

/// Corrects one error and reads the message back from the non-power-of-two positions.
pub fn decode(word: &[bool]) -> Result<(usize, Vec<bool>)> {
    let (s, fixed) = correct(word)?;
    let message = fixed.iter().enumerate().filter(|(i, _)| !(i + 1).is_power_of_two()).map(|(_, &b)| b).collect();
    Ok((s, message))
}

/// The whole Hamming code of length 2^r − 1 as a set (r ≤ 4, so at most 2^11 words).
pub fn code(r: u32) -> Result<Code> {
    let m = length(r)?;
    if m > super::MAX_EXPLICIT_LENGTH {
        bail!("the Hamming code of length {m} is too big to list");
    }
    let k = m - r as usize;
    let words = (0..1u64 << k).map(|msg| {
        let bits: Vec<bool> = (0..k).map(|j| msg >> j & 1 == 1).collect();
        let word = encode(r, &bits).unwrap_or_default();
        word.iter().enumerate().fold(0u64, |acc, (i, &b)| acc | (u64::from(b) << i))
    });
    Code::new(m, words)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(s: &str) -> Vec<bool> {
        s.chars().map(|c| c == '1').collect()
    }

    #[test]
    fn the_source_example_corrects_position_6() {
        let word = bits("1110010");
        assert_eq!(checks(&word).unwrap(), vec![0, 1, 1]);
        let (s, fixed) = correct(&word).unwrap();
        assert_eq!(s, 6);
        assert_eq!(fixed, bits("1110000"));
        assert_eq!(syndrome(&fixed), 0);
    }

    #[test]
    fn encode_decode_round_trip_with_every_single_error() {
        for r in MIN_R..=6 {
            let k = message_bits(r).unwrap();
            let msg: Vec<bool> = (0..k).map(|i| (i * 7 + r as usize).is_multiple_of(3)).collect();
            let word = encode(r, &msg).unwrap();
            assert_eq!(syndrome(&word), 0);
            for p in 0..word.len() {
                let mut bad = word.clone();
                bad[p] = !bad[p];
                assert_eq!(decode(&bad).unwrap(), (p + 1, msg.clone()));
            }
        }
    }

    #[test]
    fn code_sizes_are_two_to_the_message_bits_and_brute_force_agrees() {
        for r in 2..=4 {
            let c = code(r).unwrap();
            let m = length(r).unwrap();
            assert_eq!(c.len(), 1 << (m - r as usize));
            // Brute force: every word of length m whose syndrome is zero.
            let brute: Vec<u64> = (0..1u64 << m)
                .filter(|w| (0..m).filter(|j| w >> j & 1 == 1).fold(0, |a, j| a ^ (j + 1)) == 0)
                .collect();
            assert_eq!(c.words(), &brute[..]);
        }
        assert!(length(1).is_err() && length(13).is_err());
        assert!(encode(3, &[true; 3]).is_err());
    }
}
