//! Vasil'ev's 1962 construction: from a perfect code C of length m and any f: C → {0,1}, the
//! words (u, u XOR v, parity(u) XOR f(v)) for u in {0,1}^m, v in C form a perfect code of
//! length 2m + 1 — nonlinear whenever f is not linear on C.
//!
//! Layout of a word of the new code: bits 0..m are u, bits m..2m are u XOR v, bit 2m is z.

use super::Code;
use crate::devil::vasilev::Fun;
use crate::{bail, Result};

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
