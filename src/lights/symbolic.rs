//! Light chasing mod k with the first row symbolic, for bounded plus/neighbours boards with
//! more than two states. Each press below is an affine form in the n first-row presses (n + 1
//! coefficients mod k); the forms reaching the virtual row below the board give an n×n system
//! M f = −h, solved exactly mod k. Chasing is a bijection between first rows and press patterns
//! that clear rows 0..m−2, so the kernel of M is the kernel of the whole board, generator for
//! generator. Cost m·n² coefficient operations instead of (mn)³.

use super::board::Spec;
use super::modk;
use crate::progress::Progress;

/// Largest rows·cols·cols handled (≈ 640×640).
pub const MAX_WORK: usize = 1 << 28;

pub struct Symbolic {
    /// First-row presses, or None.
    pub first: Option<Vec<u8>>,
    /// Kernel generators of M (first rows) with orders.
    pub kernel: Vec<(Vec<u8>, u32)>,
    pub nullity: usize,
    pub kernel_log2: f64,
}

/// The presses of rows 1..m from first-row presses `first` on lights `lights` (or dark), mod k:
/// returns m+1 rows, the last the virtual row that must be zero.
pub fn chase_numeric(spec: &Spec, lights: Option<&[u8]>, first: &[u8]) -> Vec<u8> {
    let (m, n, k) = (spec.rows, spec.cols, spec.states);
    let d = u8::from(spec.rule.includes_self());
    let mut x = vec![0u8; (m + 1) * n];
    x[..n].copy_from_slice(first);
    for r in 0..m {
        for c in 0..n {
            let mut v = u32::from(lights.map_or(0, |s| s[r * n + c]));
            if r > 0 {
                v += u32::from(x[(r - 1) * n + c]);
            }
            v += u32::from(d * x[r * n + c]);
            if c > 0 {
                v += u32::from(x[r * n + c - 1]);
            }
            if c + 1 < n {
                v += u32::from(x[r * n + c + 1]);
            }
            let v = (v % u32::from(k)) as u8;
            x[(r + 1) * n + c] = (k - v) % k;
        }
    }
    x
}

/// Builds and solves M f = −h for the lights.
pub fn solve(spec: &Spec, lights: &[u8], progress: &mut dyn Progress) -> Symbolic {
    let (m, n, k) = (spec.rows, spec.cols, spec.states);
    let kk = u32::from(k);
    let d = u32::from(spec.rule.includes_self());
    let width = n + 1; // coefficients of f_0..f_{n−1}, then the constant
                       // Rows r−1 and r of press forms.
    let mut prev = vec![0u32; n * width];
    let mut cur = vec![0u32; n * width];
    for c in 0..n {
        cur[c * width + c] = 1;
    }
    let mut next = vec![0u32; n * width];
    for r in 0..m {
        if r % 8 == 0 {
            progress.report(r as u64, m as u64 + 1);
        }
        for c in 0..n {
            let out = &mut next[c * width..(c + 1) * width];
            for (j, o) in out.iter_mut().enumerate() {
                let mut v = prev[c * width + j] + d * cur[c * width + j];
                if c > 0 {
                    v += cur[(c - 1) * width + j];
                }
                if c + 1 < n {
                    v += cur[(c + 1) * width + j];
                }
                if j == n {
                    v += u32::from(lights[r * n + c]);
                }
                *o = (kk - v % kk) % kk;
            }
        }
        std::mem::swap(&mut prev, &mut cur);
        std::mem::swap(&mut cur, &mut next);
    }
    // `cur` holds the virtual row m: M f + h must vanish.
    let mut a = vec![0u8; n * n];
    let mut b = vec![0u8; n];
    for i in 0..n {
        for j in 0..n {
            a[i * n + j] = cur[i * width + j] as u8;
        }
        b[i] = ((kk - cur[i * width + n]) % kk) as u8;
    }
    let s = modk::solve(n, &a, &b, k, progress);
    Symbolic { first: s.solution, kernel: s.kernel, nullity: s.nullity, kernel_log2: s.kernel_log2 }
}
