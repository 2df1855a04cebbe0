//! The large-board solver for bounded boards under the plus or neighbours rule with two states.
//!
//! Light chasing with the first row left symbolic: if the first row is pressed by f, chasing
//! presses row r+1 by x_{r+1} = s_r + x_{r−1} + L x_r (s_r the lights of row r, L the row
//! operator), so the virtual row below the board gets P_m(L) f + h, where h comes from chasing
//! with f = 0 and P_m is the Chebyshev-like polynomial of [`crate::lights::algebra::poly`]. The homogeneous part
//! P_m(L) never depends on the pattern. Rows are modules over GF(2)[t] with t acting as L:
//! L is tridiagonal with ones beside the diagonal, so e_0 is a cyclic vector and a row is a
//! polynomial mod c = charpoly(L). Solving P_m(L) f = h becomes P_m·a ≡ a_h (mod c): one
//! polynomial gcd, g = gcd(P_m, c), solvable iff g divides a_h, nullity = deg g. Every step is
//! O(n²/64 + mn/64) word operations, bit-parallel across a row.

use crate::lights::algebra::poly::{chebyshev, Poly};
use crate::lights::board::packed::{clears, row_operator, PackedBoard};
use crate::progress::Progress;
use crate::{bail, Result};

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

/// What [`Chaser::solve`] found.
pub struct FastSolution {
    /// First-row presses (the rest follows by chasing), or None when the pattern is unsolvable.
    pub first_row: Option<Vec<u64>>,
    /// All the presses, when asked for and solvable.
    pub presses: Option<PackedBoard>,
    /// How many presses the solution has (0 when unsolvable).
    pub press_count: u64,
    /// For an unsolvable pattern: the first row of a quiet pattern with odd overlap.
    pub witness_first_row: Option<Vec<u64>>,
}

impl Chaser {
    /// `plus`: the plus rule (L has ones on its diagonal) or else the neighbours rule.
    pub fn new(m: usize, n: usize, plus: bool, progress: &mut dyn Progress) -> Chaser {
        Chaser::with_basis(m, n, plus, vec![0; n * n.div_ceil(64)], progress)
    }

    /// [`Chaser::new`] for boards of any size: a clear error instead of an abort when the
    /// cyclic basis (n² bits) is more memory than the system gives.
    pub fn try_new(m: usize, n: usize, plus: bool, progress: &mut dyn Progress) -> Result<Chaser> {
        let len = n.checked_mul(n.div_ceil(64)).filter(|&l| l <= isize::MAX as usize / 8);
        let mut krylov = Vec::new();
        match len {
            Some(len) if krylov.try_reserve_exact(len).is_ok() => krylov.resize(len, 0),
            _ => bail!(
                "the solver of a {m}×{n} board needs {} MB for its {n}×{n}-bit basis, more than this machine can give",
                (n as u128 * n.div_ceil(64) as u128) >> 17
            ),
        }
        Ok(Chaser::with_basis(m, n, plus, krylov, progress))
    }

    /// The chaser with `krylov` (n·W zero words) to fill as its basis.
    fn with_basis(m: usize, n: usize, plus: bool, krylov: Vec<u64>, progress: &mut dyn Progress) -> Chaser {
        let w = n.div_ceil(64);
        let mask = if n.is_multiple_of(64) { u64::MAX } else { (1u64 << (n % 64)) - 1 };
        let mut ch = Chaser { m, n, d: plus, w, mask, krylov, c: chebyshev(n, plus), g: Poly::zero(), u: Poly::zero() };
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
        row_operator(v, out, self.d, self.mask);
    }

    /// Chases `lights` (or a dark board) from first-row presses `first`, writing the m press
    /// rows into `out` when given; returns the virtual row below the board, which is zero
    /// exactly when the presses clear the board, and the number of presses. Three rows of
    /// memory besides `out`.
    pub fn chase_rows(
        &self,
        lights: Option<&PackedBoard>,
        first: &[u64],
        mut out: Option<&mut PackedBoard>,
    ) -> (Vec<u64>, u64) {
        let w = self.w;
        let (mut above, mut cur, mut next) = (vec![0u64; w], first.to_vec(), vec![0u64; w]);
        let mut count = 0u64;
        for r in 0..self.m {
            count += cur.iter().map(|x| u64::from(x.count_ones())).sum::<u64>();
            if let Some(o) = out.as_deref_mut() {
                o.row_mut(r).copy_from_slice(&cur);
            }
            // Row r+1 clears row r: x_{r+1} = L x_r + x_{r−1} + s_r.
            self.apply_l(&cur, &mut next);
            for (j, x) in next.iter_mut().enumerate() {
                *x ^= above[j] ^ lights.map_or(0, |s| s.row(r)[j]);
            }
            std::mem::swap(&mut above, &mut cur);
            std::mem::swap(&mut cur, &mut next);
        }
        (cur, count)
    }

    /// The whole press pattern chased from `first` on a dark board: a quiet pattern when
    /// `first` comes from [`Chaser::kernel_first_rows`].
    pub fn quiet_pattern(&self, first: &[u64]) -> Result<PackedBoard> {
        let mut out = PackedBoard::zeros(self.m, self.n)?;
        self.chase_rows(None, first, Some(&mut out));
        Ok(out)
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
    fn overlap_vector(&self, lights: &PackedBoard) -> Vec<u64> {
        let w = self.w;
        let (mut b1, mut b2) = (vec![0u64; w], vec![0u64; w]);
        let mut lb = vec![0u64; w];
        for r in (0..self.m).rev() {
            self.apply_l(&b1, &mut lb);
            let mut b0 = lights.row(r).to_vec();
            for j in 0..w {
                b0[j] ^= lb[j] ^ b2[j];
            }
            b2 = std::mem::replace(&mut b1, b0);
        }
        b1
    }

    /// Solves the lights (an m×n packed board). With `presses`, also chases out every press and
    /// checks them word-parallel against the rule; without, checks that the chase from the
    /// first row ends with a clear virtual row (which is the same proof, row by row).
    pub fn solve(&self, lights: &PackedBoard, presses: bool, progress: &mut dyn Progress) -> Result<FastSolution> {
        if (lights.rows, lights.cols) != (self.m, self.n) {
            bail!("a {}×{} pattern for a {}×{} solver", lights.rows, lights.cols, self.m, self.n);
        }
        progress.report(0, 4);
        let zero = vec![0u64; self.w];
        let a_h = self.row_to_poly(&self.chase_rows(Some(lights), &zero, None).0);
        progress.report(1, 4);
        let (quot, rem) = a_h.div_rem(&self.g);
        if !rem.is_zero() {
            let v = self.overlap_vector(lights);
            let witness = self
                .kernel_first_rows()
                .into_iter()
                .find(|k| k.iter().zip(&v).fold(0, |acc, (a, b)| acc ^ (a & b).count_ones()) & 1 == 1);
            progress.report(4, 4);
            return Ok(FastSolution { first_row: None, presses: None, press_count: 0, witness_first_row: witness });
        }
        let f = self.poly_to_row(&self.u.mul(&quot).rem(&self.c));
        progress.report(2, 4);
        let mut all = if presses { Some(PackedBoard::zeros(self.m, self.n)?) } else { None };
        let (below, press_count) = self.chase_rows(Some(lights), &f, all.as_mut());
        progress.report(3, 4);
        if below.iter().any(|&v| v != 0) || all.as_ref().is_some_and(|x| !clears(lights, x, self.d)) {
            bail!("internal error: the solver's presses do not clear the board (please report)");
        }
        progress.report(4, 4);
        Ok(FastSolution { first_row: Some(f), presses: all, press_count, witness_first_row: None })
    }
}
