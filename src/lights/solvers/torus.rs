//! Nullity of a torus board by polynomials, independent of eliminating the whole press matrix.
//! On a torus a row of n lights is GF(2)[x]/(x^n − 1) and the row operator is multiplication by
//! ℓ = 1 + x + x^{n−1} (plus) or x + x^{n−1} (neighbours). A quiet pattern is fixed by its first
//! two rows (a, b), and m rows of chasing map them by T^m with T = [[0, 1], [1, ℓ]], whose
//! entries are the Chebyshev-like polynomials P_r(ℓ) computed in the cyclic ring. So the
//! nullity is that of the 2n×2n matrix T^m + I built from four circulant blocks.

use crate::lights::algebra::gf2::BitMatrix;
use crate::progress::Progress;
use crate::{bail, Result};

/// Largest short side handled (the 2n×2n elimination costs (2n)³/64 word operations).
pub const MAX_SHORT_SIDE: usize = 2048;

/// Whether the method applies: on sides below 3 a wrapped neighbour coincides with a direct one
/// and the board is not the product the polynomials describe.
pub fn applies(m: usize, n: usize) -> bool {
    m >= 3 && n >= 3 && m.min(n) <= MAX_SHORT_SIDE
}

/// A cyclic polynomial of n coefficients as bits.
#[derive(Clone)]
struct Cyc {
    n: usize,
    bits: Vec<bool>,
}

impl Cyc {
    fn zero(n: usize) -> Cyc {
        Cyc { n, bits: vec![false; n] }
    }

    fn one(n: usize) -> Cyc {
        let mut c = Cyc::zero(n);
        c.bits[0] = true;
        c
    }

    /// self·ℓ + other.
    fn times_l_plus(&self, other: &Cyc, plus: bool) -> Cyc {
        let n = self.n;
        let bits = (0..n)
            .map(|i| self.bits[(i + n - 1) % n] ^ self.bits[(i + 1) % n] ^ (plus && self.bits[i]) ^ other.bits[i])
            .collect();
        Cyc { n, bits }
    }
}

/// Nullity of the m×n torus (both sides at least 3) under plus or neighbours, two states.
pub fn nullity(m: usize, n: usize, plus: bool, progress: &mut dyn Progress) -> Result<usize> {
    if !applies(m, n) {
        bail!("the torus polynomial method needs both sides from 3 and the shorter at most {MAX_SHORT_SIDE}");
    }
    // The torus m×n and n×m have the same nullity; keep rows of the shorter side.
    let (m, n) = (m.max(n), m.min(n));
    // P_{r} for r = m−2, m−1, m.
    let (mut prev, mut cur) = (Cyc::zero(n), Cyc::one(n)); // P_{−1}, P_0
    let mut history = vec![prev.clone(), cur.clone()];
    for _ in 0..m {
        let next = cur.times_l_plus(&prev, plus);
        prev = std::mem::replace(&mut cur, next);
        history.push(cur.clone());
        if history.len() > 3 {
            history.remove(0);
        }
    }
    let (p2, p1, p0) = (&history[0], &history[1], &history[2]); // P_{m−2}, P_{m−1}, P_m
    let mut t = BitMatrix::zeros(2 * n, 2 * n);
    for i in 0..n {
        for j in 0..n {
            let d = (i + n - j) % n;
            t.set(i, j, p2.bits[d] ^ (i == j));
            t.set(i, n + j, p1.bits[d]);
            t.set(n + i, j, p1.bits[d]);
            t.set(n + i, n + j, p0.bits[d] ^ (i == j));
        }
    }
    let rank = t.reduce(2 * n, progress).len();
    Ok(2 * n - rank)
}
