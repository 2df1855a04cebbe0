//! The perfect-code checker: minimum distance, whether the balls of radius 1 around the
//! codewords tile the whole space (a perfect single-error-correcting code), and linearity —
//! each answer with a witness a person can check by hand.

use super::Code;
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    pub length: usize,
    pub words: usize,
    /// Smallest distance between two different codewords (None for fewer than two words).
    pub min_distance: Option<u32>,
    /// Two codewords at the minimum distance.
    pub closest: Option<(u64, u64)>,
    /// Distance ≥ 3: any single error can be corrected.
    pub corrects_one_error: bool,
    /// Corrects one error and |C| · (length + 1) = 2^length: every word is within distance 1 of
    /// exactly one codeword.
    pub perfect: bool,
    /// A word at distance ≥ 2 from every codeword, when the code is not perfect but corrects
    /// one error.
    pub uncovered: Option<u64>,
    /// Contains 0 and is closed under XOR.
    pub linear: bool,
    /// Two codewords whose XOR is not a codeword (when 0 is in the code but it is not linear).
    pub not_closed: Option<(u64, u64)>,
}

pub fn check(code: &Code) -> Report {
    let w = code.words();
    let m = code.length();
    let mut best: Option<(u32, u64, u64)> = None;
    for (i, &a) in w.iter().enumerate() {
        for &b in &w[i + 1..] {
            let d = (a ^ b).count_ones();
            if best.is_none_or(|(bd, _, _)| d < bd) {
                best = Some((d, a, b));
            }
        }
    }
    let corrects = best.is_none_or(|(d, _, _)| d >= 3);
    let size_ok = (w.len() as u128) * (m as u128 + 1) == 1u128 << m;
    let uncovered = if corrects && !size_ok {
        (0..1u64 << m).find(|&x| !code.contains(x) && (0..m).all(|j| !code.contains(x ^ (1 << j))))
    } else {
        None
    };
    let mut not_closed = None;
    let linear = code.contains(0) && {
        'outer: for (i, &a) in w.iter().enumerate() {
            for &b in &w[i + 1..] {
                if !code.contains(a ^ b) {
                    not_closed = Some((a, b));
                    break 'outer;
                }
            }
        }
        not_closed.is_none()
    };
    Report {
        length: m,
        words: w.len(),
        min_distance: best.map(|b| b.0),
        closest: best.map(|b| (b.1, b.2)),
        corrects_one_error: corrects,
        perfect: corrects && size_ok,
        uncovered,
        linear,
        not_closed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Perfection by brute force: every word has exactly one codeword within distance 1.
    fn perfect_by_balls(c: &Code) -> bool {
        let m = c.length();
        (0..1u64 << m).all(|x| {
            let near = u32::from(c.contains(x)) + (0..m).filter(|&j| c.contains(x ^ (1 << j))).count() as u32;
            near == 1
        })
    }

    #[test]
    fn hamming_codes_are_perfect_and_linear() {
        for r in 2..=4 {
            let c = super::super::hamming::code(r).unwrap();
            let rep = check(&c);
            assert!(rep.perfect && rep.linear && perfect_by_balls(&c));
            assert_eq!(rep.min_distance, Some(3));
        }
    }

    #[test]
    fn the_repetition_code_of_length_3_is_perfect() {
        let c = Code::new(3, [0b000, 0b111]).unwrap();
        assert!(check(&c).perfect && perfect_by_balls(&c));
        let bad = Code::new(3, [0b000, 0b011]).unwrap();
        let rep = check(&bad);
        assert!(!rep.perfect && !rep.corrects_one_error && !perfect_by_balls(&bad));
        assert_eq!(rep.closest, Some((0b000, 0b011)));
    }

    #[test]
    fn a_translate_is_perfect_but_not_linear() {
        let h = super::super::hamming::code(3).unwrap();
        let c = Code::new(7, h.words().iter().map(|w| w ^ 1)).unwrap();
        let rep = check(&c);
        assert!(rep.perfect && !rep.linear && perfect_by_balls(&c));
        let short = Code::new(7, h.words()[..15].iter().copied()).unwrap();
        let rep = check(&short);
        assert!(!rep.perfect && rep.corrects_one_error);
        let u = rep.uncovered.unwrap();
        assert!(!short.contains(u) && (0..7).all(|j| !short.contains(u ^ (1 << j))));
    }
}
