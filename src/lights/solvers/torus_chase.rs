//! Two-state tori under the plus or neighbours rule, chased with packed symbolic rows: the
//! presses of rows 0 and 1 are 2n unknowns, every later press is an affine form in them kept
//! as bits (2n + 1 a form, the last bit the constant), and chasing row r from row r+1 clears
//! rows 1..m−2. Rows m−1 and 0, which wrap, give 2n equations, solved by bit-packed
//! elimination. Chasing is a bijection between the unknowns and whole press patterns, so the
//! kernel of the small system is the board's kernel, vector for vector. Cost about
//! m·n·2n/64 + (2n)³/64 word operations (n the shorter side): a 2000×2000 torus in about a
//! second, where the byte-a-coefficient chase of [`crate::lights::solvers::symbolic`] would need 16·10⁹ steps.

use crate::lights::algebra::gf2::{solve_augmented, BitMatrix};
use crate::lights::board::packed::PackedBoard;
use crate::progress::Progress;
use crate::{bail, Result};

/// What the torus chase finds (n is the row length).
pub struct TorusSolution {
    /// The presses, or None when unsolvable.
    pub presses: Option<PackedBoard>,
    /// A basis of the quiet patterns as first-two-row vectors (2n bits each).
    pub kernel: Vec<Vec<bool>>,
}

/// Forms of one row: n forms of `w` words.
struct Forms {
    w: usize,
    data: Vec<u64>,
}

impl Forms {
    fn form(&self, c: usize) -> &[u64] {
        &self.data[c * self.w..(c + 1) * self.w]
    }
}

/// A row's light c as a form: above + below + d·self + left + right (cyclic), plus the light.
#[allow(clippy::too_many_arguments)]
fn light_form(
    out: &mut [u64],
    above: &Forms,
    cur: &Forms,
    below: &Forms,
    c: usize,
    n: usize,
    plus: bool,
    lit: bool,
    u: usize,
) {
    let (l, r) = ((c + n - 1) % n, (c + 1) % n);
    let (a, b, cl, cr, cc) = (above.form(c), below.form(c), cur.form(l), cur.form(r), cur.form(c));
    let keep = if plus { u64::MAX } else { 0 };
    for (j, o) in out.iter_mut().enumerate() {
        *o = a[j] ^ b[j] ^ cl[j] ^ cr[j] ^ (cc[j] & keep);
    }
    if lit {
        out[u / 64] ^= 1 << (u % 64);
    }
}

/// The numeric press pattern chased from rows 0 and 1 (`first`, 2n bits) on `lights` (or a
/// dark torus): row r+1 = lights_r + row r−1 + L row r, for r = 1..m−2.
pub fn chase(lights: Option<&PackedBoard>, m: usize, n: usize, plus: bool, first: &[bool]) -> Result<PackedBoard> {
    let mut x = PackedBoard::zeros(m, n)?;
    for (i, &b) in first.iter().enumerate() {
        if b {
            x.flip(i / n, i % n);
        }
    }
    for r in 1..m - 1 {
        for c in 0..n {
            let (l, rr) = ((c + n - 1) % n, (c + 1) % n);
            let mut v = x.get(r - 1, c) ^ x.get(r, l) ^ x.get(r, rr) ^ (plus && x.get(r, c));
            v ^= lights.is_some_and(|s| s.get(r, c));
            if v {
                x.flip(r + 1, c);
            }
        }
    }
    Ok(x)
}

/// Solves an m×n torus (both sides at least 3) of two states; `plus` picks the rule.
pub fn solve(lights: &PackedBoard, plus: bool, progress: &mut dyn Progress) -> Result<TorusSolution> {
    let (m, n) = (lights.rows, lights.cols);
    if m < 3 || n < 3 {
        bail!("the torus chase needs both sides at least 3");
    }
    let u = 2 * n;
    let w = (u + 1).div_ceil(64);
    let zero_row = || Forms { w, data: vec![0u64; n * w] };
    let unit_row = |offset: usize| {
        let mut f = zero_row();
        for c in 0..n {
            let bit = offset + c;
            f.data[c * w + bit / 64] |= 1 << (bit % 64);
        }
        f
    };
    let (row0, row1) = (unit_row(0), unit_row(n));
    // Sliding window: rows r−1, r, r+1.
    let (mut prev, mut cur) = (unit_row(0), unit_row(n));
    let mut next = zero_row();
    let mut form = vec![0u64; w];
    let empty = zero_row();
    for r in 1..m - 1 {
        if r % 64 == 0 {
            progress.report(r as u64, m as u64);
        }
        // Row r+1 clears row r: its press is row r's light without it.
        for c in 0..n {
            light_form(&mut form, &prev, &cur, &empty, c, n, plus, lights.get(r, c), u);
            next.data[c * w..(c + 1) * w].copy_from_slice(&form);
        }
        std::mem::swap(&mut prev, &mut cur);
        std::mem::swap(&mut cur, &mut next);
    }
    // Now prev = row m−2, cur = row m−1. Rows m−1 (row 0 below) and 0 (row m−1 above) must clear.
    let mut a = BitMatrix::zeros(u, u + 1);
    for i in 0..u {
        if i < n {
            light_form(&mut form, &prev, &cur, &row0, i, n, plus, lights.get(m - 1, i), u);
        } else {
            light_form(&mut form, &cur, &row0, &row1, i - n, n, plus, lights.get(0, i - n), u);
        }
        a.row_mut(i).copy_from_slice(&form);
    }
    let (first, kernel) = solve_augmented(&mut a, u, progress);
    let presses = first
        .map(|first| {
            let x = chase(Some(lights), m, n, plus, &first)?;
            if !clears(lights, &x, plus) {
                bail!("internal error: the torus chase's presses do not clear the board (please report)");
            }
            Ok(x)
        })
        .transpose()?;
    Ok(TorusSolution { presses, kernel })
}

/// Whether pressing `presses` clears `lights` on the torus, row by row.
pub fn clears(lights: &PackedBoard, presses: &PackedBoard, plus: bool) -> bool {
    let (m, n) = (lights.rows, lights.cols);
    (0..m).all(|r| {
        (0..n).all(|c| {
            let (up, down) = ((r + m - 1) % m, (r + 1) % m);
            let (l, rr) = ((c + n - 1) % n, (c + 1) % n);
            let v = presses.get(up, c)
                ^ presses.get(down, c)
                ^ presses.get(r, l)
                ^ presses.get(r, rr)
                ^ (plus && presses.get(r, c));
            v == lights.get(r, c)
        })
    })
}
