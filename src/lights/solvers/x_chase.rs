//! Two-state bounded boards under the x rule with an even number of columns, chased with
//! packed symbolic rows.
//!
//! The x rule's press matrix is I + P_m ⊗ P_n (P the path's adjacency: ones beside the
//! diagonal, zeros on it). Row r's light c feels x_r[c], x_{r±1}[c−1] and x_{r±1}[c+1], so
//! clearing row r from row r+1 needs P_n x_{r+1} = t, where t is row r's light without row r+1.
//! P_n has determinant ±1 for even n and is then solved by two interleaved prefix sums
//! (odd entries from the even equations, even entries from the odd ones, backwards). With the
//! first row's n presses unknown, every later press is an affine form in them (kept as bits),
//! and the last row gives n equations: O(m·n·n/64 + n³/64) word operations. For odd n, P_n is
//! singular (kernel (1, 0, 1, …, 0, 1)) and a chase leaves one unknown and one condition per
//! row; see docs/lights.md for what that costs.

use crate::lights::algebra::gf2::{solve_augmented, BitMatrix};
use crate::lights::board::packed::PackedBoard;
use crate::progress::Progress;
use crate::{bail, Result};

/// What the chase finds.
pub struct XSolution {
    pub presses: Option<PackedBoard>,
    /// A basis of the quiet patterns as first rows.
    pub kernel: Vec<Vec<bool>>,
}

/// Solves P_n y = t in place over forms (n forms of `w` words; n even): y_{c+1} = t_c + y_{c−1}.
fn solve_path(t: &[u64], y: &mut [u64], n: usize, w: usize) {
    let form = |v: &[u64], c: usize| v[c * w..(c + 1) * w].to_vec();
    // Odd entries: y_1 = t_0, y_{2i+1} = t_{2i} + y_{2i−1}.
    let mut acc = vec![0u64; w];
    for c in (0..n).step_by(2) {
        for (a, b) in acc.iter_mut().zip(form(t, c)) {
            *a ^= b;
        }
        y[(c + 1) * w..(c + 2) * w].copy_from_slice(&acc);
    }
    // Even entries, backwards: y_{n−2} = t_{n−1}, y_{2i} = t_{2i+1} + y_{2i+2}.
    acc.fill(0);
    for c in (1..n).step_by(2).rev() {
        for (a, b) in acc.iter_mut().zip(form(t, c)) {
            *a ^= b;
        }
        y[(c - 1) * w..c * w].copy_from_slice(&acc);
    }
}

/// Row r's light c without row r+1, as a form of `out.len()` words: x_r[c] + x_{r−1}[c±1],
/// plus the constant bit `lit` when the light is on.
fn partial_light(out: &mut [u64], above: &[u64], cur: &[u64], c: usize, lit: Option<usize>) {
    let w = out.len();
    let n = cur.len() / w;
    out.copy_from_slice(&cur[c * w..(c + 1) * w]);
    for cc in [c.wrapping_sub(1), c + 1] {
        if cc < n {
            for (o, a) in out.iter_mut().zip(&above[cc * w..(cc + 1) * w]) {
                *o ^= a;
            }
        }
    }
    if let Some(u) = lit {
        out[u / 64] ^= 1 << (u % 64);
    }
}

/// Chases numerically from first-row presses `first` (n bits): the same recurrences with
/// one-word forms (bit 0 the value).
pub fn chase(lights: Option<&PackedBoard>, m: usize, n: usize, first: &[bool]) -> Result<PackedBoard> {
    let mut x = PackedBoard::zeros(m, n)?;
    let (mut above, mut cur): (Vec<u64>, Vec<u64>) = (vec![0; n], first.iter().map(|&b| u64::from(b)).collect());
    let (mut t, mut next) = (vec![0u64; n], vec![0u64; n]);
    for r in 0..m {
        for (c, &v) in cur.iter().enumerate() {
            if v & 1 == 1 {
                x.flip(r, c);
            }
        }
        if r + 1 == m {
            break;
        }
        for c in 0..n {
            let lit = lights.is_some_and(|s| s.get(r, c)).then_some(0);
            partial_light(&mut t[c..c + 1], &above, &cur, c, lit);
        }
        solve_path(&t, &mut next, n, 1);
        above = std::mem::replace(&mut cur, next.clone());
    }
    Ok(x)
}

/// Solves an m×n board of two states under the x rule, n even.
pub fn solve(lights: &PackedBoard, progress: &mut dyn Progress) -> Result<XSolution> {
    let (m, n) = (lights.rows, lights.cols);
    if !n.is_multiple_of(2) {
        bail!("the x-rule chase needs an even number of columns");
    }
    let u = n;
    let w = (u + 1).div_ceil(64);
    let mut above = vec![0u64; n * w];
    let mut cur = vec![0u64; n * w];
    for c in 0..n {
        cur[c * w + c / 64] |= 1 << (c % 64);
    }
    let (mut t, mut next) = (vec![0u64; n * w], vec![0u64; n * w]);
    for r in 0..m {
        if r % 64 == 0 {
            progress.report(r as u64, m as u64);
        }
        for c in 0..n {
            partial_light(&mut t[c * w..(c + 1) * w], &above, &cur, c, lights.get(r, c).then_some(u));
        }
        if r + 1 == m {
            break;
        }
        solve_path(&t, &mut next, n, w);
        std::mem::swap(&mut above, &mut cur);
        std::mem::swap(&mut cur, &mut next);
    }
    // The last row must be clear with no row below: t = 0, n equations.
    let mut a = BitMatrix::zeros(u, u + 1);
    for i in 0..u {
        a.row_mut(i).copy_from_slice(&t[i * w..(i + 1) * w]);
    }
    let (first, kernel) = solve_augmented(&mut a, u, progress);
    let presses = first.map(|f| chase(Some(lights), m, n, &f)).transpose()?;
    Ok(XSolution { presses, kernel })
}
