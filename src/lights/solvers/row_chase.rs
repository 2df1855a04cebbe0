//! Bounded boards under the plus, neighbours and x rules with any number of states k, by
//! chasing with the first row as a polynomial.
//!
//! Row r's light c feels x_{r−1}, x_r and x_{r+1} through polynomials of the row's path matrix P
//! (ones beside the diagonal): light_r = s_r + β·x_{r−1} + δ·x_r + β·x_{r+1} with β = 1,
//! δ = d + P (plus d = 1, neighbours d = 0), or β = P, δ = 1 (x). Clearing row r from row r+1
//! gives x_{r+1} = β⁻¹(−s_r − δ·x_r) − x_{r−1} (for x, P is invertible over every Z/k when the
//! row length n is even: det P = ±1). From the first row f, the presses of a dark board are
//! x_r = α_r(P)·f with α_0 = 1, α_{r+1} = σ·α_r − α_{r−1}, σ = −β⁻¹δ; the board is cleared
//! when the virtual row below it vanishes: α_m(P)·f = −h, h that row for f = 0.
//!
//! e_0 is a cyclic vector of P (P^i e_0 ends at entry i with a 1), so a row is a polynomial
//! mod c = charpoly(P) and the n×n system is one equation α_m·a ≡ b (mod c) over Z/k[t],
//! solved by [`crate::lights::algebra::polyk`]. α_m comes from the recurrence in O(mn) (multiplying by t or
//! t⁻¹ mod c is O(n)), the chases are O(mn), the cyclic basis O(n²): a 2000×2000 board of any k
//! in well under a second, where symbolic forms cost m·n·n coefficient steps.

use crate::lights::algebra::modk::inverse_mod;
use crate::lights::algebra::polyk::{self, PolySolution};
use crate::lights::board::Rule;
use crate::progress::Progress;
use crate::Result;

/// Whether the method applies to an m×n bounded board with row length n: the plus and
/// neighbours rules always, the x rule when n is even.
pub fn applies(rule: Rule, n: usize) -> bool {
    match rule {
        Rule::Plus | Rule::Neighbours => true,
        Rule::X => n.is_multiple_of(2),
        Rule::King => false,
    }
}

/// The chase of one board shape (m rows of n lights, k states, one rule).
pub struct RowChase {
    m: usize,
    n: usize,
    k: u8,
    /// β = P (the x rule) or 1.
    x_rule: bool,
    /// δ's diagonal for the plus-like rules.
    d: u8,
    /// Row i = P^i e_0 (n×n).
    krylov: Vec<u8>,
    /// charpoly(P), monic of degree n.
    c: Vec<u8>,
    /// c_0⁻¹ mod k for the x rule (det P = ±1 for even n), else 0.
    c0_inv: u32,
    /// α_m mod c.
    alpha_m: Vec<u8>,
}

/// What [`RowChase::solve`] finds, in the chase's orientation (m rows of n).
pub struct RowSolution {
    /// All the presses, row-major, or None.
    pub presses: Option<Vec<u8>>,
    /// First rows of kernel generators, with their orders.
    pub kernel: Vec<(Vec<u8>, u32)>,
    pub nullity: usize,
    pub kernel_log2: f64,
    /// For an unsolvable board: the first row of a quiet pattern overlapping the lights ≠ 0.
    pub witness: Option<Vec<u8>>,
}

impl RowChase {
    /// `rule` must satisfy [`applies`] for n.
    pub fn new(m: usize, n: usize, rule: Rule, k: u8) -> RowChase {
        let kk = u32::from(k);
        let mut ch = RowChase {
            m,
            n,
            k,
            x_rule: rule == Rule::X,
            d: u8::from(rule == Rule::Plus),
            krylov: vec![0; n * n],
            c: Vec::new(),
            c0_inv: 0,
            alpha_m: Vec::new(),
        };
        let mut v = vec![0u8; n];
        v[0] = 1;
        for i in 0..n {
            ch.krylov[i * n..(i + 1) * n].copy_from_slice(&v);
            v = ch.apply_p(&v);
        }
        // charpoly of the path: χ_{j+1} = t·χ_j − χ_{j−1}.
        let (mut prev, mut cur) = (vec![0u8; n + 1], vec![0u8; n + 1]);
        cur[0] = 1;
        for _ in 0..n {
            let mut next = vec![0u8; n + 1];
            next[1..=n].copy_from_slice(&cur[..n]);
            for (x, &p) in next.iter_mut().zip(&prev) {
                *x = ((u32::from(*x) + kk - u32::from(p)) % kk) as u8;
            }
            prev = std::mem::replace(&mut cur, next);
        }
        ch.c = cur;
        if ch.x_rule {
            ch.c0_inv = inverse_mod(u32::from(ch.c[0]), kk);
        }
        let (mut a_prev, mut a_cur) = (vec![0u8; n], vec![0u8; n]);
        a_cur[0] = 1;
        for _ in 0..m {
            let mut next = ch.sigma_poly(&a_cur);
            for (x, &p) in next.iter_mut().zip(&a_prev) {
                *x = ((u32::from(*x) + kk - u32::from(p)) % kk) as u8;
            }
            a_prev = std::mem::replace(&mut a_cur, next);
        }
        ch.alpha_m = a_cur;
        ch
    }

    fn apply_p(&self, v: &[u8]) -> Vec<u8> {
        let n = self.n;
        (0..n)
            .map(|i| {
                let left = if i > 0 { v[i - 1] } else { 0 };
                let right = if i + 1 < n { v[i + 1] } else { 0 };
                (left + right) % self.k
            })
            .collect()
    }

    /// y with P·y = v (n even): odd entries forwards from the even equations, even entries
    /// backwards from the odd ones.
    fn solve_p(&self, v: &[u8]) -> Vec<u8> {
        let (n, k) = (self.n, self.k);
        let mut y = vec![0u8; n];
        let mut acc = 0u8;
        for c in (0..n).step_by(2) {
            acc = (v[c] + k - acc) % k;
            y[c + 1] = acc;
        }
        acc = 0;
        for c in (1..n).step_by(2).rev() {
            acc = (v[c] + k - acc) % k;
            y[c - 1] = acc;
        }
        y
    }

    /// σ·v = −β⁻¹δ·v, numerically.
    fn sigma_row(&self, v: &[u8]) -> Vec<u8> {
        let k = self.k;
        let t = if self.x_rule {
            self.solve_p(v)
        } else {
            let pv = self.apply_p(v);
            pv.iter().zip(v).map(|(&a, &b)| (a + self.d * b) % k).collect()
        };
        t.into_iter().map(|x| (k - x) % k).collect()
    }

    /// σ·a mod c for a polynomial a (n coefficients), in O(n).
    fn sigma_poly(&self, a: &[u8]) -> Vec<u8> {
        let (n, k) = (self.n, u32::from(self.k));
        let c = &self.c;
        let t_times = if self.x_rule {
            // a·t⁻¹: t⁻¹ ≡ −c_0⁻¹·(c − c_0)/t, so a·t⁻¹ = (a − a_0)/t + a_0·t⁻¹.
            let f = (k - u32::from(a[0]) * self.c0_inv % k) % k;
            (0..n).map(|i| (u32::from(a.get(i + 1).copied().unwrap_or(0)) + f * u32::from(c[i + 1])) % k).collect()
        } else {
            // (d + t)·a, with t·a reduced by the monic c.
            let lead = u32::from(a[n - 1]);
            (0..n)
                .map(|i| {
                    let shifted = if i > 0 { u32::from(a[i - 1]) } else { 0 };
                    (shifted + k * k - lead * u32::from(c[i]) + u32::from(self.d) * u32::from(a[i])) % k
                })
                .collect::<Vec<u32>>()
        };
        t_times.into_iter().map(|x| ((k - x) % k) as u8).collect()
    }

    /// Chases `lights` (or a dark board) from first row `first`; writes the m press rows into
    /// `out` when given and returns the virtual row below the board.
    pub fn chase(&self, lights: Option<&[u8]>, first: &[u8], mut out: Option<&mut Vec<u8>>) -> Vec<u8> {
        let (n, k) = (self.n, self.k);
        let (mut above, mut cur) = (vec![0u8; n], first.to_vec());
        for r in 0..self.m {
            if let Some(o) = out.as_deref_mut() {
                o[r * n..(r + 1) * n].copy_from_slice(&cur);
            }
            // x_{r+1} = σ·x_r − β⁻¹·s_r − x_{r−1}.
            let mut next = self.sigma_row(&cur);
            let lit = lights.map(|s| &s[r * n..(r + 1) * n]);
            let pushed = lit.map(|s| if self.x_rule { self.solve_p(s) } else { s.to_vec() });
            for c in 0..n {
                let s = pushed.as_ref().map_or(0, |p| p[c]);
                next[c] =
                    ((u32::from(next[c]) + 2 * u32::from(k) - u32::from(s) - u32::from(above[c])) % u32::from(k)) as u8;
            }
            above = std::mem::replace(&mut cur, next);
        }
        cur
    }

    /// Row → polynomial a with a(P)·e_0 = v (the cyclic basis is unitriangular).
    fn row_to_poly(&self, v: &[u8]) -> Vec<u8> {
        let (n, k) = (self.n, u32::from(self.k));
        let mut h: Vec<u32> = v.iter().map(|&x| u32::from(x)).collect();
        let mut a = vec![0u8; n];
        for i in (0..n).rev() {
            let f = h[i] % k;
            a[i] = f as u8;
            if f != 0 {
                for (x, &y) in h[..=i].iter_mut().zip(&self.krylov[i * n..=i * n + i]) {
                    *x = (*x + (k - f) * u32::from(y)) % k;
                }
            }
        }
        a
    }

    /// Polynomial → row a(P)·e_0.
    fn poly_to_row(&self, a: &[u8]) -> Vec<u8> {
        let (n, k) = (self.n, u32::from(self.k));
        let mut v = vec![0u32; n];
        for (i, &f) in a.iter().enumerate().filter(|(_, &f)| f != 0) {
            for (x, &y) in v[..=i].iter_mut().zip(&self.krylov[i * n..=i * n + i]) {
                *x += u32::from(f) * u32::from(y);
            }
            if i % 1024 == 1023 {
                v.iter_mut().for_each(|x| *x %= k);
            }
        }
        v.into_iter().map(|x| (x % k) as u8).collect()
    }

    /// Σ_r α_r(P)·s_r by Clenshaw's backward recurrence: the quiet pattern chased from first
    /// row g overlaps the lights by g · this vector (P, hence every α_r(P), is symmetric).
    fn overlap_vector(&self, lights: &[u8]) -> Vec<u8> {
        let (n, k) = (self.n, u32::from(self.k));
        let (mut b1, mut b2) = (vec![0u8; n], vec![0u8; n]);
        for r in (0..self.m).rev() {
            let sb = self.sigma_row(&b1);
            let b0: Vec<u8> = (0..n)
                .map(|c| ((u32::from(lights[r * n + c]) + u32::from(sb[c]) + k - u32::from(b2[c])) % k) as u8)
                .collect();
            b2 = std::mem::replace(&mut b1, b0);
        }
        b1
    }

    /// The nullity and log2 of the number of quiet patterns.
    pub fn nullity(&self, progress: &mut dyn Progress) -> Result<(usize, f64)> {
        let s = polyk::solve(&self.alpha_m, &[], &self.c, self.k, progress)?;
        Ok((s.nullity, s.kernel_log2))
    }

    /// Solves the lights (m·n, row-major).
    pub fn solve(&self, lights: &[u8], progress: &mut dyn Progress) -> Result<RowSolution> {
        let (m, n, k) = (self.m, self.n, self.k);
        progress.report(0, 4);
        let h = self.chase(Some(lights), &vec![0; n], None);
        let target: Vec<u8> = h.iter().map(|&x| (k - x) % k).collect();
        let b = self.row_to_poly(&target);
        progress.report(1, 4);
        let PolySolution { a, kernel, nullity, kernel_log2 } = polyk::solve(&self.alpha_m, &b, &self.c, k, progress)?;
        progress.report(2, 4);
        let kernel: Vec<(Vec<u8>, u32)> = kernel.iter().map(|(g, o)| (self.poly_to_row(g), *o)).collect();
        let mut witness = None;
        let presses = match a {
            Some(a) => {
                let mut x = vec![0u8; m * n];
                let below = self.chase(Some(lights), &self.poly_to_row(&a), Some(&mut x));
                if below.iter().any(|&v| v != 0) {
                    crate::bail!("internal error: the row chase does not clear the board (please report)");
                }
                Some(x)
            }
            None => {
                let v = self.overlap_vector(lights);
                witness =
                    kernel.iter().map(|(g, _)| g).find(|g| crate::lights::algebra::modk::dot(g, &v, k) != 0).cloned();
                None
            }
        };
        progress.report(4, 4);
        Ok(RowSolution { presses, kernel, nullity, kernel_log2, witness })
    }

    /// The whole quiet pattern chased from a kernel first row.
    pub fn quiet_pattern(&self, first: &[u8]) -> Vec<u8> {
        let mut x = vec![0u8; self.m * self.n];
        self.chase(None, first, Some(&mut x));
        x
    }
}
