//! Vasil'ev's 1962 construction: from a perfect code C of length m and any f: C → {0,1}, the
//! words (u, u XOR v, parity(u) XOR f(v)) for u in {0,1}^m, v in C form a perfect code of
//! length 2m + 1 — nonlinear whenever f is not linear on C.
//!
//! Layout of a word of the new code: bits 0..m are u, bits m..2m are u XOR v, bit 2m is z.

use super::Code;
use crate::{bail, Result};
use serde::{Deserialize, Serialize};

/// The arbitrary function f: {0,1}^h → {0,1} of the construction, one rule for every level of
/// the recursion (h = n/2, n/4, …, 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fun {
    /// f = 0: the construction gives back exactly the XOR strategy.
    Zero,
    /// The source text's choice: 1 when at least 3 coins of the word are heads.
    Popcount3,
    /// 1 when more than half the coins of the word are heads.
    Majority,
    /// A pseudo-random function drawn from this seed.
    Random(u64),
}

impl Fun {
    pub const NAMES: [&'static str; 4] = ["zero", "popcount3", "majority", "random"];

    /// Reads a menu name; `random` uses `seed`.
    pub fn parse(name: &str, seed: u64) -> Result<Fun> {
        Ok(match name {
            "zero" => Fun::Zero,
            "popcount3" | "source" => Fun::Popcount3,
            "majority" => Fun::Majority,
            "random" => Fun::Random(seed),
            _ => bail!("unknown function f '{name}': choose zero, popcount3, majority or random"),
        })
    }

    pub fn name(&self) -> &'static str {
        match self {
            Fun::Zero => "zero",
            Fun::Popcount3 => "popcount3",
            Fun::Majority => "majority",
            Fun::Random(_) => "random",
        }
    }

    /// f of the `bits`-bit word stored in `words` (unused high bits are zero).
    pub fn eval(&self, words: &[u64], bits: usize) -> bool {
        let ones = || words.iter().map(|w| w.count_ones() as usize).sum::<usize>();
        match *self {
            Fun::Zero => false,
            Fun::Popcount3 => ones() >= 3,
            Fun::Majority => 2 * ones() > bits,
            Fun::Random(seed) => {
                // A keyed mix of the word (splitmix64 steps): deterministic on every platform.
                let mut h = mix(seed ^ (bits as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                for &w in words {
                    h = mix(h ^ w);
                }
                h & 1 == 1
            }
        }
    }
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Vasil'ev's function f as the page's menus name it (the seed of `random` is the lab link's
/// `seed`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FName {
    Zero,
    Popcount3,
    Majority,
    Random,
}

/// Every [`FName`], in the order links number them.
pub const FS: [FName; 4] = [FName::Zero, FName::Popcount3, FName::Majority, FName::Random];

fn parity(x: u64) -> bool {
    x.count_ones() % 2 == 1
}

/// Membership without listing the code: (u, w, z) is in C' when u XOR w is in C and
/// z = parity(u) XOR f(u XOR w). Works for any length 2m + 1 ≤ 63.
pub fn contains(base: &Code, f: &dyn Fn(u64) -> bool, word: u64) -> bool {
    let m = base.length();
    let mask = (1u64 << m) - 1;
    let (u, w, z) = (word & mask, word >> m & mask, word >> (2 * m) & 1 == 1);
    let v = u ^ w;
    word >> (2 * m + 1) == 0 && base.contains(v) && z == parity(u) ^ f(v)
}

/// The new code, listed (length 2m + 1 ≤ 24, so from bases of length ≤ 11).
pub fn construct_with(base: &Code, f: &dyn Fn(u64) -> bool) -> Result<Code> {
    let m = base.length();
    if 2 * m + 1 > super::MAX_EXPLICIT_LENGTH {
        bail!("the code of length {} is too big to list; use its membership test", 2 * m + 1);
    }
    let mut words = Vec::with_capacity(base.len() << m);
    for u in 0..1u64 << m {
        for &v in base.words() {
            let z = u64::from(parity(u) ^ f(v));
            words.push(u | (u ^ v) << m | z << (2 * m));
        }
    }
    Code::new(2 * m + 1, words)
}

/// The construction with f from the strategy lab's menu, applied to the codeword as a word of
/// m bits.
pub fn f_of(f: Fun, m: usize) -> impl Fn(u64) -> bool {
    move |v| f.eval(&[v], m)
}

pub fn construct(base: &Code, f: Fun) -> Result<Code> {
    construct_with(base, &f_of(f, base.length()))
}

/// Vasil'ev's code of length 31 built from `base` (length 15) with f, too big to list
/// (2^26 words): perfect by Vasil'ev's theorem once `base` is perfect; here `samples` random
/// words are checked to have exactly one codeword within distance 1, and two codewords whose
/// XOR is not a codeword show it is not linear.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Sampled {
    pub length: usize,
    pub words_log2: u32,
    pub samples: u64,
    /// Random words with exactly one codeword within distance 1.
    pub covered_once: u64,
    /// Two codewords (bit j = position j + 1) whose XOR is not a codeword.
    pub not_closed: Option<(u64, u64)>,
}

pub fn sample_doubled(base: &Code, f: Fun, samples: u64, seed: u64) -> Result<Sampled> {
    use rand::Rng;
    let m = base.length();
    if 2 * m + 1 > 63 {
        bail!("the doubled code would have length {} > 63", 2 * m + 1);
    }
    let g = f_of(f, m);
    let len = 2 * m + 1;
    let mut rng = crate::seed::rng_from_seed(seed);
    let mut covered_once = 0;
    for _ in 0..samples {
        let x: u64 = rng.random::<u64>() & ((1u64 << len) - 1);
        let near =
            u64::from(contains(base, &g, x)) + (0..len).filter(|&j| contains(base, &g, x ^ (1 << j))).count() as u64;
        if near == 1 {
            covered_once += 1;
        }
    }
    let random_word = |rng: &mut crate::seed::BoardRng| {
        let u: u64 = rng.random::<u64>() & ((1u64 << m) - 1);
        let v = base.words()[rng.random_range(0..base.len())];
        u | (u ^ v) << m | u64::from(parity(u) ^ g(v)) << (2 * m)
    };
    let mut not_closed = None;
    for _ in 0..10_000 {
        let (a, b) = (random_word(&mut rng), random_word(&mut rng));
        if !contains(base, &g, a ^ b) {
            not_closed = Some((a, b));
            break;
        }
    }
    Ok(Sampled { length: len, words_log2: (base.len().trailing_zeros()) + m as u32, samples, covered_once, not_closed })
}

#[cfg(test)]
mod tests {
    use super::super::{hamming, perfect};
    use super::*;

    #[test]
    fn length_15_from_hamming_7_is_perfect_and_nonlinear_for_a_nonlinear_f() {
        let h7 = hamming::code(3).unwrap();
        for f in [Fun::Popcount3, Fun::Majority] {
            let c = construct(&h7, f).unwrap();
            assert_eq!(c.len(), 2048);
            let rep = perfect::check(&c);
            assert!(rep.perfect, "{f:?}");
            assert!(c.contains(0) && !rep.linear, "{f:?}");
            let (a, b) = rep.not_closed.unwrap();
            assert!(c.contains(a) && c.contains(b) && !c.contains(a ^ b));
            // The membership test agrees with the list.
            let g = f_of(f, 7);
            for x in 0..1u64 << 15 {
                assert_eq!(contains(&h7, &g, x), c.contains(x));
            }
        }
        let zero = construct(&h7, Fun::Zero).unwrap();
        assert!(perfect::check(&zero).linear);
    }

    #[test]
    fn length_31_samples_are_covered_once_and_it_is_not_linear() {
        let c15 = construct(&hamming::code(3).unwrap(), Fun::Popcount3).unwrap();
        let s = sample_doubled(&c15, Fun::Majority, 2000, 7).unwrap();
        assert_eq!((s.length, s.words_log2), (31, 26));
        assert_eq!(s.covered_once, 2000);
        let (a, b) = s.not_closed.unwrap();
        let g = f_of(Fun::Majority, 15);
        assert!(contains(&c15, &g, a) && contains(&c15, &g, b) && !contains(&c15, &g, a ^ b));
        // With f = 0 over a linear base the result is linear: no witness.
        let h15 = hamming::code(4).unwrap();
        assert_eq!(sample_doubled(&h15, Fun::Zero, 10, 1).unwrap().not_closed, None);
    }

    #[test]
    fn from_length_3_every_f_with_f0_zero_is_linear() {
        // The source: the only perfect code of length 3 is {000, 111}, so Vasil'ev gives no
        // nonlinear code of length 7.
        let rep3 = Code::new(3, [0, 0b111]).unwrap();
        for f111 in [false, true] {
            let c = construct_with(&rep3, &|v| v == 0b111 && f111).unwrap();
            let rep = perfect::check(&c);
            assert!(rep.perfect && rep.linear);
        }
    }
}
