//! Binary codes behind the Devil's chessboard: Hamming codes, a checker for perfect
//! single-error-correcting codes, Vasil'ev's nonlinear perfect codes, and switching between
//! perfect codes.

pub mod hamming;
pub mod link;
pub mod perfect;
pub mod switching;
pub mod text;
pub mod vasilev;

use crate::{bail, Result};

/// Longest code kept as an explicit set of words (its membership table has 2^length bits).
pub const MAX_EXPLICIT_LENGTH: usize = 24;

/// A binary code of length ≤ [`MAX_EXPLICIT_LENGTH`]: its words (bit j = position j + 1) and a
/// membership bitset for constant-time lookups.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Code {
    length: usize,
    words: Vec<u64>,
    member: Vec<u64>,
}

impl Code {
    /// The code with these words (duplicates are merged).
    pub fn new(length: usize, words: impl IntoIterator<Item = u64>) -> Result<Code> {
        if length == 0 || length > MAX_EXPLICIT_LENGTH {
            bail!("a code here has length 1 to {MAX_EXPLICIT_LENGTH}, not {length}");
        }
        let mut member = vec![0u64; (1usize << length).div_ceil(64)];
        let mut list = Vec::new();
        for w in words {
            if w >> length != 0 {
                bail!("the word {w:b} is longer than {length} bits");
            }
            let (i, b) = ((w / 64) as usize, w % 64);
            if member[i] >> b & 1 == 0 {
                member[i] |= 1 << b;
                list.push(w);
            }
        }
        list.sort_unstable();
        Ok(Code { length, words: list, member })
    }

    pub fn length(&self) -> usize {
        self.length
    }

    pub fn words(&self) -> &[u64] {
        &self.words
    }

    pub fn len(&self) -> usize {
        self.words.len()
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    pub fn contains(&self, w: u64) -> bool {
        w >> self.length == 0 && self.member[(w / 64) as usize] >> (w % 64) & 1 == 1
    }
}

/// A word written as the source text writes it: position 1 first.
pub fn word_to_string(w: u64, length: usize) -> String {
    (0..length).map(|j| if w >> j & 1 == 1 { '1' } else { '0' }).collect()
}

/// Reads a word of 0s and 1s, position 1 first.
pub fn parse_word(text: &str, length: Option<usize>) -> Result<u64> {
    let text = text.trim();
    if text.is_empty() || text.len() > 63 {
        bail!("'{text}' is not a word: give 1 to 63 characters 0 or 1");
    }
    if let Some(l) = length {
        if text.len() != l {
            bail!("the word {text} has {} bits, the code has length {l}", text.len());
        }
    }
    let mut w = 0u64;
    for (j, c) in text.chars().enumerate() {
        match c {
            '0' => {}
            '1' => w |= 1 << j,
            _ => bail!("'{text}' is not a word: {c:?} is neither 0 nor 1"),
        }
    }
    Ok(w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn words_round_trip_and_bad_text_is_an_error(w in any::<u64>(), len in 1usize..=63, junk in "[01a-z ]{0,70}") {
            let w = w & ((1u64 << len) - 1);
            prop_assert_eq!(parse_word(&word_to_string(w, len), Some(len)).unwrap(), w);
            if let Ok(x) = parse_word(&junk, None) {
                prop_assert!(junk.trim().chars().all(|c| c == '0' || c == '1'));
                prop_assert_eq!(word_to_string(x, junk.trim().len()), junk.trim());
            }
        }
    }
}
