//! Code words as people type them on the codes lab page: bits of a received word, and a list
//! of words (one a line, or separated by spaces or commas) to check as a code.

use super::{parse_word, Code};
use crate::{bail, Result};

/// The longest words the page's checker accepts (it lists every word of the space).
pub const MAX_TYPED_LENGTH: usize = 16;

/// The most words the checker is for: a code of 16 bits that corrects one error has at most
/// 2^16 / 17 < 3856 words (the balls of radius 1 around them are disjoint), so 4096 hold every
/// such code, and the Hamming code of length 15 (2048 words) twice over.
pub const MAX_WORDS: u64 = 4096;

/// The most text the checker reads: [`MAX_WORDS`] words of [`MAX_TYPED_LENGTH`] bits, each on
/// a line of its own ending in CR LF. It bounds the work (at most 5266 distinct words of any
/// length fit, so the pairwise checks stay fast) and the text the page lays out in its box; a
/// longer words file is refused by its size before anything reads it.
pub const MAX_WORDS_BYTES: u64 = MAX_WORDS * (MAX_TYPED_LENGTH as u64 + 2);

/// Refuses a list of words of `bytes` bytes when it is longer than [`MAX_WORDS_BYTES`]; the page
/// asks with a file's size before reading it, and [`parse_code`] asks too, so both say the same.
pub fn check_words_size(bytes: u64) -> Result<()> {
    if bytes > MAX_WORDS_BYTES {
        bail!(
            "the checker reads at most {} bytes of words ({MAX_WORDS} words of {MAX_TYPED_LENGTH} bits, one a line); this is {} bytes",
            grouped(MAX_WORDS_BYTES),
            grouped(bytes)
        );
    }
    Ok(())
}

/// A count with its digits in groups of three: 1,179,648.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

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
    check_words_size(text.len() as u64)?;
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

    #[test]
    fn the_largest_list_fits_and_a_byte_more_is_refused_by_size() {
        // 4096 words of 16 bits, CR LF after each: 73,728 bytes.
        let largest: String = (0u32..4096).map(|w| format!("{:016b}\r\n", w * 16 + 15)).collect();
        assert_eq!(largest.len(), 73_728);
        assert_eq!(largest.len() as u64, MAX_WORDS_BYTES);
        assert_eq!(parse_code(&largest).unwrap().words().len(), 4096);
        let over = format!("{largest} ");
        assert_eq!(
            parse_code(&over).unwrap_err().message(),
            "the checker reads at most 73,728 bytes of words (4096 words of 16 bits, one a line); this is 73,729 bytes"
        );
        assert_eq!(
            check_words_size(50_000_000).unwrap_err().message(),
            "the checker reads at most 73,728 bytes of words (4096 words of 16 bits, one a line); this is 50,000,000 bytes"
        );
        assert!(check_words_size(0).is_ok());
    }

    #[test]
    fn every_code_that_corrects_one_error_fits() {
        // The most words such a code of length n can have is 2^n / (n + 1) (sphere packing).
        for n in 1..=MAX_TYPED_LENGTH as u64 {
            let most = (1u64 << n) / (n + 1);
            assert!(most * (n + 2) <= MAX_WORDS_BYTES, "length {n}: {most} words");
        }
        // The largest perfect code here, the Hamming code of length 15, one word a line.
        let hamming: String = (0u64..1 << 15)
            .filter(|&w| (0..15).filter(|i| w >> i & 1 == 1).fold(0, |s, i| s ^ (i + 1)) == 0)
            .map(|w| format!("{w:015b}\r\n"))
            .collect();
        let code = parse_code(&hamming).unwrap();
        assert_eq!(code.words().len(), 2048);
    }
}
