//! The large-board solver for bounded boards under the plus or neighbours rule with two states.
//!
//! Light chasing with the first row left symbolic: if the first row is pressed by f, chasing
//! presses row r+1 by x_{r+1} = s_r + x_{r−1} + L x_r (s_r the lights of row r, L the row
//! operator), so the virtual row below the board gets P_m(L) f + h, where h comes from chasing
//! with f = 0 and P_m is the Chebyshev-like polynomial of [`super::poly`]. The homogeneous part
//! P_m(L) never depends on the pattern. Rows are modules over GF(2)[t] with t acting as L:
//! L is tridiagonal with ones beside the diagonal, so e_0 is a cyclic vector and a row is a
//! polynomial mod c = charpoly(L). Solving P_m(L) f = h becomes P_m·a ≡ a_h (mod c): one
//! polynomial gcd, g = gcd(P_m, c), solvable iff g divides a_h, nullity = deg g. Every step is
//! O(n²/64 + mn/64) word operations, bit-parallel across a row.

use super::poly::{chebyshev, Poly};
use crate::progress::Progress;

/// Precomputed homogeneous part for an m×n board.
pub struct Chaser {
    pub m: usize,
    pub n: usize,
    d: bool,
    w: usize,
    mask: u64,
    /// K_i = L^i e_0, row i (W words each): the cyclic basis.
    krylov: Vec<u64>,
    /// charpoly of L, degree n.
    c: Poly,
    g: Poly,
    /// u·P_m ≡ g (mod c).
    u: Poly,
}

/// Press rows (m rows of W words) or None, with the unsolvable proof.
pub struct FastSolution {
    pub presses: Option<Vec<u64>>,
    /// For an unsolvable pattern: the first row of a quiet pattern with odd overlap.
    pub witness_first_row: Option<Vec<u64>>,
}

impl Chaser {
    /// `plus`: the plus rule (L has ones on its diagonal) or else the neighbours rule.
    pub fn new(m: usize, n: usize, plus: bool, progress: &mut dyn Progress) -> Chaser {
        let w = n.div_ceil(64);
        let mask = if n.is_multiple_of(64) { u64::MAX } else { (1u64 << (n % 64)) - 1 };
        let mut ch = Chaser {
            m,
            n,
            d: plus,
            w,
            mask,
            krylov: vec![0; n * w],
            c: chebyshev(n, plus),
            g: Poly::zero(),
            u: Poly::zero(),
        };
        let total = (m + 3 * n) as u64;
        let mut v = vec![0u64; w];
        v[0] = 1;
        for i in 0..n {
            ch.krylov[i * w..(i + 1) * w].copy_from_slice(&v);
            let mut next = vec![0u64; w];
            ch.apply_l(&v, &mut next);
            v = next;
            if i % 256 == 0 {
                progress.report(i as u64, total);
            }
        }
        // P_m(t) mod c by the recurrence P_{r+1} = t P_r + P_{r−1} (the chase has d = 0 between
        // rows: row r+1 presses only the light straight above).
        let t = Poly::linear(false);
        let (mut cur, mut prev) = (Poly::one().rem(&ch.c), Poly::zero());
        for r in 0..m {
            let next = t.mul(&cur).add(&prev).rem(&ch.c);
            prev = cur;
            cur = next;
            if r % 256 == 0 {
                progress.report((n + r) as u64, total);
            }
        }
        let (g, u) = Poly::gcd_inverse(&cur, &ch.c);
        ch.g = g;
        ch.u = u;
        progress.report(total, total);
        ch
    }

    pub fn nullity(&self) -> usize {
        self.g.degree().unwrap_or(0)
    }

    pub fn words_per_row(&self) -> usize {
        self.w
    }

    /// out = L v.
    fn apply_l(&self, v: &[u64], out: &mut [u64]) {
        let w = self.w;
        for j in 0..w {
            let up = (v[j] << 1) | if j > 0 { v[j - 1] >> 63 } else { 0 };
            let down = (v[j] >> 1) | if j + 1 < w { v[j + 1] << 63 } else { 0 };
            out[j] = up ^ down ^ if self.d { v[j] } else { 0 };
        }
        out[w - 1] &= self.mask;
    }

    /// Chases `lights` (m rows, or none for a dark board) from first-row presses `first`;
    /// returns the m+1 press rows, the last one the virtual row below the board.
    pub fn chase(&self, lights: Option<&[u64]>, first: &[u64]) -> Vec<u64> {
        let (m, w) = (self.m, self.w);
        let mut x = vec![0u64; (m + 1) * w];
        x[..w].copy_from_slice(first);
        let mut lx = vec![0u64; w];
        for r in 0..m {
            self.apply_l(&x[r * w..(r + 1) * w], &mut lx);
            let (done, rest) = x.split_at_mut((r + 1) * w);
            let next = &mut rest[..w];
            next.copy_from_slice(&lx);
            if r > 0 {
                for (a, b) in next.iter_mut().zip(&done[(r - 1) * w..r * w]) {
                    *a ^= b;
                }
            }
            if let Some(s) = lights {
                for (a, b) in next.iter_mut().zip(&s[r * w..(r + 1) * w]) {
                    *a ^= b;
                }
            }
        }
        x
    }

    /// Row vector → polynomial a with a(L) e_0 = v (K is triangular: K_i ends at bit i).
    fn row_to_poly(&self, v: &[u64]) -> Poly {
        let w = self.w;
        let mut h = v.to_vec();
        let mut a = vec![0u64; w];
        for i in (0..self.n).rev() {
            if h[i / 64] >> (i % 64) & 1 == 1 {
                a[i / 64] |= 1 << (i % 64);
                let k = &self.krylov[i * w..i * w + i / 64 + 1];
                for (x, y) in h.iter_mut().zip(k) {
                    *x ^= y;
                }
            }
        }
        Poly::from_words(a)
    }

    /// Polynomial (degree < n) → row vector a(L) e_0.
    fn poly_to_row(&self, a: &Poly) -> Vec<u64> {
        let w = self.w;
        let mut v = vec![0u64; w];
        for i in 0..self.n.min(a.words.len() * 64) {
            if a.coeff(i) {
                for (x, y) in v.iter_mut().zip(&self.krylov[i * w..(i + 1) * w]) {
                    *x ^= y;
                }
            }
        }
        v
    }

    /// First rows of a basis of the quiet patterns: the polynomials t^i·(c/g) for i < deg g,
    /// whose rows are L^i applied to the row of c/g (multiplying by t is applying L).
    pub fn kernel_first_rows(&self) -> Vec<Vec<u64>> {
        let (q, _) = self.c.div_rem(&self.g);
        let mut out: Vec<Vec<u64>> = Vec::with_capacity(self.nullity());
        for i in 0..self.nullity() {
            let row = if i == 0 {
                self.poly_to_row(&q)
            } else {
                let mut next = vec![0u64; self.w];
                self.apply_l(&out[i - 1], &mut next);
                next
            };
            out.push(row);
        }
        out
    }

    /// Σ_r P_r(L) s_r by Clenshaw's backward recurrence: the quiet pattern chased from first
    /// row k overlaps the lights s with parity k · this vector (L is symmetric).
    fn overlap_vector(&self, lights: &[u64]) -> Vec<u64> {
        let w = self.w;
        let (mut b1, mut b2) = (vec![0u64; w], vec![0u64; w]);
        let mut lb = vec![0u64; w];
        for r in (0..self.m).rev() {
            self.apply_l(&b1, &mut lb);
            let mut b0 = lights[r * w..(r + 1) * w].to_vec();
            for j in 0..w {
                b0[j] ^= lb[j] ^ b2[j];
            }
            b2 = std::mem::replace(&mut b1, b0);
        }
        b1
    }

    /// Solves the lights (m rows of W words, padding bits zero).
    pub fn solve(&self, lights: &[u64], progress: &mut dyn Progress) -> FastSolution {
        let (m, w) = (self.m, self.w);
        progress.report(0, 4);
        let zero = vec![0u64; w];
        let x = self.chase(Some(lights), &zero);
        let a_h = self.row_to_poly(&x[m * w..]);
        progress.report(1, 4);
        let (quot, rem) = a_h.div_rem(&self.g);
        if !rem.is_zero() {
            let v = self.overlap_vector(lights);
            let witness = self
                .kernel_first_rows()
                .into_iter()
                .find(|k| k.iter().zip(&v).fold(0, |acc, (a, b)| acc ^ (a & b).count_ones()) & 1 == 1);
            progress.report(4, 4);
            return FastSolution { presses: None, witness_first_row: witness };
        }
        let a_f = self.u.mul(&quot).rem(&self.c);
        progress.report(2, 4);
        let f = self.poly_to_row(&a_f);
        let mut x = self.chase(Some(lights), &f);
        progress.report(3, 4);
        debug_assert!(x[m * w..].iter().all(|&v| v == 0), "the chase must end clear");
        x.truncate(m * w);
        progress.report(4, 4);
        FastSolution { presses: Some(x), witness_first_row: None }
    }
}

impl Chaser {
    /// Whether pressing `presses` clears `lights` (both m rows of W words): row r changes by
    /// L x_r + x_{r−1} + x_{r+1}. A word-parallel restatement of the rule, for checking answers
    /// on boards too large to simulate light by light.
    pub fn clears(&self, lights: &[u64], presses: &[u64]) -> bool {
        let (m, w) = (self.m, self.w);
        let mut lx = vec![0u64; w];
        (0..m).all(|r| {
            self.apply_l(&presses[r * w..(r + 1) * w], &mut lx);
            (0..w).all(|j| {
                let above = if r > 0 { presses[(r - 1) * w + j] } else { 0 };
                let below = if r + 1 < m { presses[(r + 1) * w + j] } else { 0 };
                lx[j] ^ above ^ below == lights[r * w + j]
            })
        })
    }
}

/// Packs 0/1 lights (row-major, n per row) into rows of W words.
pub fn pack_rows(values: &[u8], m: usize, n: usize) -> Vec<u64> {
    let w = n.div_ceil(64);
    let mut out = vec![0u64; m * w];
    for r in 0..m {
        let row = &values[r * n..(r + 1) * n];
        let dst = &mut out[r * w..(r + 1) * w];
        for (j, chunk) in row.chunks(64).enumerate() {
            let mut word = 0u64;
            for (b, &v) in chunk.iter().enumerate() {
                word |= u64::from(v & 1) << b;
            }
            dst[j] = word;
        }
    }
    out
}

/// The inverse of [`pack_rows`].
pub fn unpack_rows(rows: &[u64], m: usize, n: usize) -> Vec<u8> {
    let w = n.div_ceil(64);
    let mut out = Vec::with_capacity(m * n);
    for r in 0..m {
        for c in 0..n {
            out.push((rows[r * w + c / 64] >> (c % 64) & 1) as u8);
        }
    }
    out
}
