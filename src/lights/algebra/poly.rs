//! Polynomials over GF(2), bit-packed (coefficient of t^i is bit i), with the Chebyshev-like
//! family behind Lights Out: P_0 = 1, P_1 = t + d, P_{r+1} = (t + d) P_r + P_{r−1}. A row of n
//! lights under the plus rule (d = 1) or the neighbours rule (d = 0) has characteristic
//! polynomial P_n, and chasing m rows applies P_m(L) with d = 0 to the first row — so the
//! nullity of the m×n board is deg gcd(P_m(d=0), P_n(d)).

/// A polynomial over GF(2); trailing zero words are trimmed so equality is structural.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Poly {
    pub words: Vec<u64>,
}

impl Poly {
    pub fn zero() -> Poly {
        Poly { words: Vec::new() }
    }

    pub fn one() -> Poly {
        Poly { words: vec![1] }
    }

    /// t + d.
    pub fn linear(d: bool) -> Poly {
        Poly { words: vec![2 | u64::from(d)] }
    }

    pub fn from_words(words: Vec<u64>) -> Poly {
        let mut p = Poly { words };
        p.trim();
        p
    }

    /// From coefficient bits, lowest degree first.
    pub fn from_bits(bits: &[bool]) -> Poly {
        let mut words = vec![0u64; bits.len().div_ceil(64)];
        for (i, &b) in bits.iter().enumerate() {
            words[i / 64] |= u64::from(b) << (i % 64);
        }
        Poly::from_words(words)
    }

    fn trim(&mut self) {
        while self.words.last() == Some(&0) {
            self.words.pop();
        }
    }

    pub fn is_zero(&self) -> bool {
        self.words.is_empty()
    }

    /// Degree; the zero polynomial has none.
    pub fn degree(&self) -> Option<usize> {
        let last = *self.words.last()?;
        Some((self.words.len() - 1) * 64 + 63 - last.leading_zeros() as usize)
    }

    pub fn coeff(&self, i: usize) -> bool {
        self.words.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
    }

    /// self ^= other · t^shift.
    pub fn add_shifted(&mut self, other: &Poly, shift: usize) {
        if other.is_zero() {
            return;
        }
        let (ws, bs) = (shift / 64, shift % 64);
        let need = other.words.len() + ws + 1;
        if self.words.len() < need {
            self.words.resize(need, 0);
        }
        if bs == 0 {
            for (i, &w) in other.words.iter().enumerate() {
                self.words[i + ws] ^= w;
            }
        } else {
            for (i, &w) in other.words.iter().enumerate() {
                self.words[i + ws] ^= w << bs;
                self.words[i + ws + 1] ^= w >> (64 - bs);
            }
        }
        self.trim();
    }

    pub fn add(&self, other: &Poly) -> Poly {
        let mut r = self.clone();
        r.add_shifted(other, 0);
        r
    }

    pub fn mul(&self, other: &Poly) -> Poly {
        let (small, big) = if self.words.len() < other.words.len() { (self, other) } else { (other, self) };
        let mut r = Poly::zero();
        if let Some(d) = small.degree() {
            for i in 0..=d {
                if small.coeff(i) {
                    r.add_shifted(big, i);
                }
            }
        }
        r
    }

    /// The square: over GF(2), (Σ a_i t^i)² = Σ a_i t^{2i}, so the bits spread out.
    pub fn square(&self) -> Poly {
        let mut words = Vec::with_capacity(self.words.len() * 2);
        for &w in &self.words {
            words.push(spread(w as u32));
            words.push(spread((w >> 32) as u32));
        }
        Poly::from_words(words)
    }

    /// Quotient and remainder by a non-zero divisor.
    pub fn div_rem(&self, divisor: &Poly) -> (Poly, Poly) {
        let dd = divisor.degree().expect("division by the zero polynomial");
        let mut rem = self.clone();
        let mut quot = Poly::zero();
        while let Some(dr) = rem.degree() {
            if dr < dd {
                break;
            }
            rem.add_shifted(divisor, dr - dd);
            quot.add_shifted(&Poly::one(), dr - dd);
        }
        (quot, rem)
    }

    pub fn rem(&self, divisor: &Poly) -> Poly {
        let dd = divisor.degree().expect("division by the zero polynomial");
        let mut rem = self.clone();
        while let Some(dr) = rem.degree() {
            if dr < dd {
                break;
            }
            rem.add_shifted(divisor, dr - dd);
        }
        rem
    }

    /// Greatest common divisor by Euclid with single shifted subtractions (each step lowers a
    /// degree, and only touches the words below it).
    pub fn gcd(a: &Poly, b: &Poly) -> Poly {
        let (mut a, mut b) = (a.clone(), b.clone());
        loop {
            let Some(db) = b.degree() else { return a };
            while let Some(da) = a.degree() {
                if da < db {
                    break;
                }
                a.add_shifted(&b, da - db);
            }
            std::mem::swap(&mut a, &mut b);
        }
    }

    /// (g, u) with g = gcd(a, m) and u·a ≡ g (mod m), for non-zero m.
    pub fn gcd_inverse(a: &Poly, m: &Poly) -> (Poly, Poly) {
        // Invariant: r0 ≡ u0·a and r1 ≡ u1·a (mod m).
        let (mut r0, mut u0) = (a.rem(m), Poly::one());
        let (mut r1, mut u1) = (m.clone(), Poly::zero());
        loop {
            let Some(d1) = r1.degree() else {
                return (r0, u0.rem(m));
            };
            while let Some(d0) = r0.degree() {
                if d0 < d1 {
                    break;
                }
                r0.add_shifted(&r1, d0 - d1);
                u0.add_shifted(&u1, d0 - d1);
            }
            std::mem::swap(&mut r0, &mut r1);
            std::mem::swap(&mut u0, &mut u1);
        }
    }
}

/// Spreads the 32 bits of `x` to the even bit positions of a word.
fn spread(x: u32) -> u64 {
    let mut x = u64::from(x);
    x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF;
    x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF;
    x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | (x << 2)) & 0x3333_3333_3333_3333;
    x = (x | (x << 1)) & 0x5555_5555_5555_5555;
    x
}

/// P_n for the family with diagonal d, by doubling: over GF(2), P_{2r} = (P_r + P_{r−1})²·…
/// Concretely, with s = t + d: P_{2r−1} = s·P_{r−1}² and P_{2r} = (P_r + P_{r−1})² (from
/// P_{a+b} = P_a P_b + P_{a−1} P_{b−1}), so n costs O(log n) squarings.
pub fn chebyshev(n: usize, d: bool) -> Poly {
    let s = Poly::linear(d);
    // (cur, prev) = (P_r, P_{r−1}), starting at r = 0 with P_{−1} = 0.
    let (mut cur, mut prev) = (Poly::one(), Poly::zero());
    let bits = usize::BITS - n.leading_zeros();
    for i in (0..bits).rev() {
        // r → 2r.
        let p2r = cur.add(&prev).square();
        let p2r_1 = s.mul(&prev.square());
        let (c, p) = if n >> i & 1 == 1 {
            // 2r → 2r + 1: P_{2r+1} = s P_{2r} + P_{2r−1}.
            (s.mul(&p2r).add(&p2r_1), p2r)
        } else {
            (p2r, p2r_1)
        };
        cur = c;
        prev = p;
    }
    cur
}

/// Nullity of the m×n bounded board under the plus rule (`plus = true`) or the neighbours rule:
/// deg gcd(P_m(t), P_n(t + d)).
pub fn bounded_nullity(m: usize, n: usize, plus: bool) -> usize {
    let g = Poly::gcd(&chebyshev(m, false), &chebyshev(n, plus));
    g.degree().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(n: usize, d: bool) -> Poly {
        let s = Poly::linear(d);
        let (mut cur, mut prev) = (Poly::one(), Poly::zero());
        for _ in 0..n {
            let next = s.mul(&cur).add(&prev);
            prev = cur;
            cur = next;
        }
        cur
    }

    #[test]
    fn doubling_matches_recurrence() {
        for n in 0..200 {
            for d in [false, true] {
                assert_eq!(chebyshev(n, d), naive(n, d), "n={n} d={d}");
            }
        }
    }

    #[test]
    fn arithmetic() {
        let a = Poly::from_bits(&[true, true, false, true]); // 1 + t + t^3
        let b = Poly::from_bits(&[true, true]); // 1 + t
        let p = a.mul(&b);
        let (q, r) = p.div_rem(&b);
        assert_eq!(q, a);
        assert!(r.is_zero());
        assert_eq!(a.square(), a.mul(&a));
        assert_eq!(Poly::gcd(&p, &b.mul(&b)), b);
        let m = Poly::from_bits(&[true, false, true, true, false, true]);
        let (g, u) = Poly::gcd_inverse(&a, &m);
        assert_eq!(u.mul(&a).rem(&m), g.rem(&m));
        assert_eq!(g, Poly::gcd(&a, &m));
    }

    #[test]
    fn five_by_five_has_nullity_two() {
        // The source: the 5×5 board's matrix has rank 23 of 25.
        assert_eq!(bounded_nullity(5, 5, true), 2);
        assert_eq!(bounded_nullity(4, 4, true), 4);
        assert_eq!(bounded_nullity(3, 3, true), 0);
    }
}
