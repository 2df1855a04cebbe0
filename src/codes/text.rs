//! Code words as people type them on the codes lab page: bits of a received word, and a list
//! of words (one a line, or separated by spaces or commas) to check as a code.

use super::{parse_word, Code};
use crate::{bail, Result};

/// The longest words the page's checker accepts (it lists every word of the space).
pub const MAX_TYPED_LENGTH: usize = 16;

/// The bits of a word of 0s and 1s (whitespace ignored), position 1 first.
pub fn parse_bits(text: &str) -> Result<Vec<bool>> {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '0' => Ok(false),
            '1' => Ok(true),
            _ => bail!("{c:?} is not a bit: write 0s and 1s"),
        })
        .collect()
}

/// Bits as 0s and 1s, position 1 first.
pub fn bit_string(bits: &[bool]) -> String {
    bits.iter().map(|&x| if x { '1' } else { '0' }).collect()
}

/// A list of words of the same length (at most [`MAX_TYPED_LENGTH`]) as a code.
pub fn parse_code(text: &str) -> Result<Code> {
    let tokens: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).collect();
    let Some(first) = tokens.first() else {
        bail!("give at least one word of 0s and 1s");
    };
    let length = first.chars().count();
    if length > MAX_TYPED_LENGTH {
        bail!("words here have at most {MAX_TYPED_LENGTH} bits; the first has {length}");
    }
    let words = tokens.iter().map(|t| parse_word(t, Some(length))).collect::<Result<Vec<u64>>>()?;
    Code::new(length, words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_round_trip_and_anything_else_is_named() {
        assert_eq!(parse_bits(" 10 11\n").unwrap(), vec![true, false, true, true]);
        assert_eq!(bit_string(&parse_bits("0110100").unwrap()), "0110100");
        assert_eq!(parse_bits("102").unwrap_err().message(), "'2' is not a bit: write 0s and 1s");
    }

    #[test]
    fn a_typed_code_holds_the_words_typed() {
        // The repetition code of length 3: {000, 111}, written as position 1 first.
        let code = parse_code("000, 111").unwrap();
        assert_eq!(code.length(), 3);
        assert_eq!(code.words(), &[0b000, 0b111]);
        assert!(parse_code("  ").unwrap_err().message().contains("at least one word"));
        assert!(parse_code("01 011").unwrap_err().message().contains("has 3 bits"));
        assert!(parse_code(&"0".repeat(17)).unwrap_err().message().contains("at most 16 bits"));
    }
}
