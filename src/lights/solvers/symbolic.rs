//! Light chasing mod k with symbolic first rows, for plus/neighbours boards, bounded or torus: a
//! second method beside [`crate::lights::solvers::row_chase`] and [`crate::lights::solvers::torus_k`], which [`crate::lights::solvers::solve`] uses
//! (faster); the tests compare this one with elimination. Each press is an affine
//! form in the unknown presses of the first row (bounded) or first two rows (torus, where row 0
//! also feels the last row); chasing clears every row it can, and the rows it cannot (the
//! virtual row below a bounded board; the last and first rows of a torus) give a small system
//! solved exactly mod k. Chasing is a bijection between the unknowns and the press patterns it
//! builds, so the kernel of the small system is the kernel of the whole board, generator for
//! generator. Cost about rows·cols·unknowns coefficient operations instead of (rows·cols)³.

use crate::lights::algebra::modk;
use crate::lights::board::Spec;
use crate::progress::Progress;

/// Largest rows·cols·unknowns handled (≈ 640×640 bounded, ≈ 500×500 torus).
pub const MAX_WORK: usize = 1 << 28;

pub struct Symbolic {
    /// The unknown rows' presses (n bounded, 2n torus), or None.
    pub first: Option<Vec<u8>>,
    /// Kernel generators of the small system (unknown rows) with orders.
    pub kernel: Vec<(Vec<u8>, u32)>,
    pub nullity: usize,
    pub kernel_log2: f64,
}

/// Number of unknowns: the first row, or the first two rows of a torus.
pub fn unknowns(spec: &Spec) -> usize {
    if spec.torus {
        2 * spec.cols
    } else {
        spec.cols
    }
}

/// Whether the method applies (on a torus narrower or shorter than 3, wrapped neighbours
/// coincide with direct ones and chasing does not describe the board).
pub fn applies(spec: &Spec) -> bool {
    spec.rule.chases() && (!spec.torus || (spec.rows >= 3 && spec.cols >= 3))
}

/// Row r's light at column c after presses: s + x_{r−1} + d·x_r + x_r[c±1] + x_{r+1}, for one
/// coefficient (`get(row, col)` gives the coefficient of the press there).
fn neighbours_sum(spec: &Spec, get: impl Fn(usize, usize) -> u32, r: usize, c: usize, above: usize) -> u32 {
    let n = spec.cols;
    let d = u32::from(spec.rule.includes_self());
    let mut v = get(above, c) + d * get(r, c);
    if c > 0 {
        v += get(r, c - 1);
    } else if spec.torus {
        v += get(r, n - 1);
    }
    if c + 1 < n {
        v += get(r, c + 1);
    } else if spec.torus {
        v += get(r, 0);
    }
    v
}

/// The full press pattern (rows·cols, mod k) chased from the unknown rows `first` on `lights`
/// (or a dark board); for a bounded board also the virtual row below (which must be zero).
pub fn chase_numeric(spec: &Spec, lights: Option<&[u8]>, first: &[u8]) -> Vec<u8> {
    let (m, n, k) = (spec.rows, spec.cols, u32::from(spec.states));
    let mut x = vec![0u8; (m + 1) * n];
    let start = if spec.torus { 2 } else { 1 };
    x[..start * n].copy_from_slice(&first[..start * n]);
    let last = if spec.torus { m - 1 } else { m };
    for r in start - 1..last {
        for c in 0..n {
            // Row r is cleared by row r+1; "above" of row 0 is nothing (bounded).
            let above = if r == 0 { None } else { Some(r - 1) };
            let get = |row: usize, col: usize| u32::from(x[row * n + col]);
            let mut v = match above {
                Some(a) => neighbours_sum(spec, get, r, c, a),
                None => neighbours_sum(spec, get, r, c, r) - u32::from(x[r * n + c]),
            };
            v += u32::from(lights.map_or(0, |s| s[r * n + c]));
            x[(r + 1) * n + c] = ((k - v % k) % k) as u8;
        }
    }
    if spec.torus {
        x.truncate(m * n);
    }
    x
}

/// Builds and solves the small system for the lights.
pub fn solve(spec: &Spec, lights: &[u8], progress: &mut dyn Progress) -> Symbolic {
    let (m, n, k) = (spec.rows, spec.cols, spec.states);
    let kk = u32::from(k);
    let u = unknowns(spec);
    let width = u + 1; // coefficients of the unknowns, then the constant
                       // A sliding window of three rows of forms; a torus also keeps rows 0 and 1, which its last
                       // equations need.
    let torus = spec.torus;
    let mut forms = vec![0u32; if torus { 5 } else { 3 } * n * width];
    let slot = |r: usize| {
        let s = if !torus {
            r % 3
        } else if r < 2 {
            r
        } else {
            2 + r % 3
        };
        s * n * width
    };
    // Unknown rows: identity forms.
    for c in 0..u {
        forms[slot(c / n) + (c % n) * width + c] = 1;
    }
    let start = if spec.torus { 2 } else { 1 };
    let last = if spec.torus { m - 1 } else { m };
    let mut next = vec![0u32; n * width];
    // The light of row r (cell c) as a form, given forms of rows r−1 (if any), r and r+1 (if
    // any): Σ neighbours + lights.
    let light_form =
        |forms: &[u32], out: &mut [u32], r: usize, c: usize, above: Option<usize>, below: Option<usize>| {
            let d = u32::from(spec.rule.includes_self());
            let at = |row: usize, col: usize| slot(row) + col * width;
            let left = if c > 0 {
                Some(c - 1)
            } else if spec.torus {
                Some(n - 1)
            } else {
                None
            };
            let right = if c + 1 < n {
                Some(c + 1)
            } else if spec.torus {
                Some(0)
            } else {
                None
            };
            for (j, o) in out.iter_mut().enumerate() {
                let mut v = d * forms[at(r, c) + j];
                if let Some(a) = above {
                    v += forms[at(a, c) + j];
                }
                if let Some(b) = below {
                    v += forms[at(b, c) + j];
                }
                if let Some(l) = left {
                    v += forms[at(r, l) + j];
                }
                if let Some(rr) = right {
                    v += forms[at(r, rr) + j];
                }
                if j == u {
                    v += u32::from(lights[r * n + c]);
                }
                *o = v % kk;
            }
        };
    for r in start - 1..last {
        if r % 8 == 0 {
            progress.report(r as u64, m as u64 + 1);
        }
        let above = if r == 0 { None } else { Some(r - 1) };
        for c in 0..n {
            let out = &mut next[c * width..(c + 1) * width];
            light_form(&forms, out, r, c, above, None);
            for o in out.iter_mut() {
                *o = (kk - *o) % kk;
            }
        }
        let dst = slot(r + 1);
        forms[dst..dst + n * width].copy_from_slice(&next);
    }
    // The equations: a bounded board's virtual row m must vanish; a torus must clear rows m−1
    // (with row 0 below it) and 0 (with row m−1 above it).
    let mut a = vec![0u8; u * u];
    let mut b = vec![0u8; u];
    let mut eq = vec![0u32; width];
    for i in 0..u {
        if spec.torus {
            let (r, c) = if i < n { (m - 1, i) } else { (0, i - n) };
            let (above, below) = if r == 0 { (m - 1, 1) } else { (m - 2, 0) };
            light_form(&forms, &mut eq, r, c, Some(above), Some(below));
        } else {
            eq.copy_from_slice(&forms[slot(m) + i * width..slot(m) + (i + 1) * width]);
        }
        for j in 0..u {
            a[i * u + j] = eq[j] as u8;
        }
        b[i] = ((kk - eq[u]) % kk) as u8;
    }
    let s = modk::solve(u, &a, &b, k, progress);
    Symbolic { first: s.solution, kernel: s.kernel, nullity: s.nullity, kernel_log2: s.kernel_log2 }
}
