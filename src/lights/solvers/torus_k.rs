//! Plus and neighbours tori (both sides at least 3) with any number of states, by polynomials.
//!
//! On a torus a row of n lights is an element of S = Z/k[x]/(x^n − 1) (the cyclic shift is x)
//! and the row operator is multiplication by ℓ = d + x + x⁻¹. Chasing from rows 0 and 1 (a, b)
//! gives x_{r+1} = σ·x_r − x_{r−1} − s_r with σ = −ℓ, so x_r = A_r·a + B_r·b + h_r with
//! (A_r, B_r) Chebyshev-like elements of S. The torus closes when the chase comes back: x_m = a
//! and x_{m+1} = b (row m being row 0 again) — a 2×2 system over S, (T^m − I)·(a, b) = −(h_m,
//! h_{m+1}), solved exactly by [`crate::lights::algebra::polyk::solve_pair`] (det split off by Hensel's lemma,
//! the rest exact elimination). Rows need no cyclic basis here: a row's entries are its
//! polynomial's coefficients. O(mn) for the chases and the recurrence, O(n²) for the system.

use crate::lights::algebra::modk;
use crate::lights::algebra::polyk;
use crate::lights::board::{Rule, Spec};
use crate::progress::Progress;
use crate::{bail, Result};

/// Whether the method applies: plus or neighbours tori with both sides at least 3.
pub fn applies(spec: &Spec) -> bool {
    spec.torus && spec.rule.chases() && spec.rows >= 3 && spec.cols >= 3
}

/// What the torus solver finds.
pub struct TorusKSolution {
    pub presses: Option<Vec<u8>>,
    /// Kernel generators as (row 0, row 1), 2n entries, with their orders.
    pub kernel: Vec<(Vec<u8>, u32)>,
    pub nullity: usize,
    pub kernel_log2: f64,
    /// For an unsolvable board: a kernel generator overlapping the lights ≠ 0.
    pub witness: Option<Vec<u8>>,
}

/// The m×n torus shape with k states and diagonal d.
pub struct TorusK {
    m: usize,
    n: usize,
    k: u8,
    d: u8,
}

impl TorusK {
    pub fn new(spec: &Spec) -> TorusK {
        TorusK { m: spec.rows, n: spec.cols, k: spec.states, d: u8::from(spec.rule == Rule::Plus) }
    }

    /// σ·v = −(d·v + v shifted both ways), cyclic.
    fn sigma(&self, v: &[u8]) -> Vec<u8> {
        let (n, k) = (self.n, u32::from(self.k));
        (0..n)
            .map(|c| {
                let t = u32::from(self.d) * u32::from(v[c]) + u32::from(v[(c + n - 1) % n]) + u32::from(v[(c + 1) % n]);
                ((k - t % k) % k) as u8
            })
            .collect()
    }

    /// next = σ·cur − prev − s.
    fn step(&self, cur: &[u8], prev: &[u8], s: Option<&[u8]>) -> Vec<u8> {
        let k = u32::from(self.k);
        let mut next = self.sigma(cur);
        for (c, x) in next.iter_mut().enumerate() {
            let sub = u32::from(prev[c]) + s.map_or(0, |s| u32::from(s[c]));
            *x = ((u32::from(*x) + 2 * k - sub) % k) as u8;
        }
        next
    }

    /// Chases from rows 0 and 1 (`first`, 2n entries) on `lights` (or a dark torus), writing the
    /// m rows into `out` when given; returns rows m and m+1 of the chase.
    pub fn chase(&self, lights: Option<&[u8]>, first: &[u8], mut out: Option<&mut Vec<u8>>) -> (Vec<u8>, Vec<u8>) {
        let (m, n) = (self.m, self.n);
        let (mut prev, mut cur) = (first[..n].to_vec(), first[n..].to_vec());
        if let Some(o) = out.as_deref_mut() {
            o[..n].copy_from_slice(&prev);
        }
        for r in 1..=m {
            if r < m {
                if let Some(o) = out.as_deref_mut() {
                    o[r * n..(r + 1) * n].copy_from_slice(&cur);
                }
            }
            let row = r % m;
            let next = self.step(&cur, &prev, lights.map(|s| &s[row * n..(row + 1) * n]));
            prev = std::mem::replace(&mut cur, next);
        }
        (prev, cur)
    }

    /// Σ_r A_r·s_r and Σ_r B_r·s_r by Clenshaw's backward recurrence: the quiet pattern chased
    /// from (a, b) overlaps the lights by a·the first + b·the second (A_r, B_r are symmetric).
    fn overlap_vectors(&self, lights: &[u8]) -> (Vec<u8>, Vec<u8>) {
        let (n, k) = (self.n, u32::from(self.k));
        let (mut b1, mut b2) = (vec![0u8; n], vec![0u8; n]);
        let mut b0 = vec![0u8; n];
        for r in (0..self.m).rev() {
            let sb = self.sigma(&b1);
            b0 = (0..n)
                .map(|c| ((u32::from(lights[r * n + c]) + u32::from(sb[c]) + k - u32::from(b2[c])) % k) as u8)
                .collect();
            b2 = std::mem::replace(&mut b1, b0.clone());
        }
        // b1 = b_0, b2 = b_1 now. A: φ_0 = 1, φ_1 = 0 → b_0 − σ·b_1; B: φ_0 = 0, φ_1 = 1 → b_1.
        let sb = self.sigma(&b2);
        let a = (0..n).map(|c| ((u32::from(b0[c]) + k - u32::from(sb[c])) % k) as u8).collect();
        (a, b2)
    }

    pub fn solve(&self, lights: &[u8], progress: &mut dyn Progress) -> Result<TorusKSolution> {
        let (m, n, k) = (self.m, self.n, self.k);
        let kk = u32::from(k);
        // (A_r, B_r) up to r = m + 1 as elements of S (the same recurrence as the rows).
        let unit = |i: usize| {
            let mut v = vec![0u8; n];
            v[0] = u8::from(i == 0);
            v
        };
        let zero = vec![0u8; n];
        let (mut a_prev, mut a_cur) = (unit(0), zero.clone());
        let (mut b_prev, mut b_cur) = (zero.clone(), unit(0));
        for _ in 1..=m {
            let a_next = self.step(&a_cur, &a_prev, None);
            let b_next = self.step(&b_cur, &b_prev, None);
            a_prev = std::mem::replace(&mut a_cur, a_next);
            b_prev = std::mem::replace(&mut b_cur, b_next);
        }
        // a_prev = A_m, a_cur = A_{m+1}; likewise B.
        let minus_one = |v: &[u8]| {
            let mut v = v.to_vec();
            v[0] = ((u32::from(v[0]) + kk - 1) % kk) as u8;
            v
        };
        let (h_m, h_m1) = self.chase(Some(lights), &vec![0; 2 * n], None);
        let neg = |v: &[u8]| v.iter().map(|&x| (k - x) % k).collect::<Vec<u8>>();
        let mut c = vec![0u8; n + 1];
        c[0] = k - 1;
        c[n] = 1;
        progress.report(1, 3);
        let (m00, m11) = (minus_one(&a_prev), minus_one(&b_cur));
        let s = polyk::solve_pair([&m00, &b_prev, &a_cur, &m11], [&neg(&h_m), &neg(&h_m1)], &c, k, progress)?;
        progress.report(2, 3);
        let mut witness = None;
        let presses = match &s.a {
            Some(first) => {
                let mut x = vec![0u8; m * n];
                let (back0, back1) = self.chase(Some(lights), first, Some(&mut x));
                if back0 != first[..n] || back1 != first[n..] {
                    bail!("internal error: the torus chase does not close (please report)");
                }
                Some(x)
            }
            None => {
                let (va, vb) = self.overlap_vectors(lights);
                witness = s
                    .kernel
                    .iter()
                    .map(|(g, _)| g)
                    .find(|g| !(modk::dot(&g[..n], &va, k) + modk::dot(&g[n..], &vb, k)).is_multiple_of(k))
                    .cloned();
                None
            }
        };
        progress.report(3, 3);
        Ok(TorusKSolution { presses, kernel: s.kernel, nullity: s.nullity, kernel_log2: s.kernel_log2, witness })
    }

    /// The whole quiet pattern chased from a kernel generator (rows 0 and 1).
    pub fn quiet_pattern(&self, first: &[u8]) -> Vec<u8> {
        let mut x = vec![0u8; self.m * self.n];
        self.chase(None, first, Some(&mut x));
        x
    }
}
