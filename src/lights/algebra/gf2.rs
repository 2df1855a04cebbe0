//! Linear algebra over GF(2) with bit-packed rows (64 lights a word): Gauss–Jordan
//! elimination giving a solution, the rank, a basis of the kernel (the quiet patterns), and for
//! an unsolvable right-hand side a kernel vector it is not orthogonal to.

use crate::progress::Progress;

/// A bit vector, 64 bits a word, bit `i` in word `i / 64` at position `i % 64`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BitVec {
    pub len: usize,
    pub words: Vec<u64>,
}

impl BitVec {
    pub fn zeros(len: usize) -> BitVec {
        BitVec { len, words: vec![0; len.div_ceil(64)] }
    }

    pub fn from_bools(bits: impl IntoIterator<Item = bool>) -> BitVec {
        let mut v = BitVec::zeros(0);
        for b in bits {
            if v.len.is_multiple_of(64) {
                v.words.push(0);
            }
            if b {
                v.words[v.len / 64] |= 1 << (v.len % 64);
            }
            v.len += 1;
        }
        v
    }

    pub fn get(&self, i: usize) -> bool {
        self.words[i / 64] >> (i % 64) & 1 == 1
    }

    pub fn set(&mut self, i: usize, b: bool) {
        let m = 1u64 << (i % 64);
        if b {
            self.words[i / 64] |= m;
        } else {
            self.words[i / 64] &= !m;
        }
    }

    pub fn flip(&mut self, i: usize) {
        self.words[i / 64] ^= 1 << (i % 64);
    }

    pub fn xor_with(&mut self, other: &BitVec) {
        xor_into(&mut self.words, &other.words);
    }

    pub fn count_ones(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Parity of the number of common ones.
    pub fn dot(&self, other: &BitVec) -> bool {
        self.words.iter().zip(&other.words).fold(0, |acc, (a, b)| acc ^ (a & b).count_ones()) & 1 == 1
    }

    pub fn ones(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len).filter(|&i| self.get(i))
    }

    pub fn to_u8(&self) -> Vec<u8> {
        (0..self.len).map(|i| u8::from(self.get(i))).collect()
    }
}

/// `dst ^= src` word by word (the loop the compiler vectorises).
pub fn xor_into(dst: &mut [u64], src: &[u64]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d ^= s;
    }
}

/// A dense matrix over GF(2), rows bit-packed with a fixed stride.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BitMatrix {
    pub rows: usize,
    pub cols: usize,
    stride: usize,
    data: Vec<u64>,
}

impl BitMatrix {
    pub fn zeros(rows: usize, cols: usize) -> BitMatrix {
        let stride = cols.div_ceil(64);
        BitMatrix { rows, cols, stride, data: vec![0; rows * stride] }
    }

    pub fn get(&self, r: usize, c: usize) -> bool {
        self.data[r * self.stride + c / 64] >> (c % 64) & 1 == 1
    }

    pub fn set(&mut self, r: usize, c: usize, b: bool) {
        let w = &mut self.data[r * self.stride + c / 64];
        let m = 1u64 << (c % 64);
        if b {
            *w |= m;
        } else {
            *w &= !m;
        }
    }

    pub fn row(&self, r: usize) -> &[u64] {
        &self.data[r * self.stride..(r + 1) * self.stride]
    }

    pub fn row_mut(&mut self, r: usize) -> &mut [u64] {
        &mut self.data[r * self.stride..(r + 1) * self.stride]
    }

    /// Row `dst ^= ` row `src`, only from word `from` on (the words before are zero in `src`).
    fn xor_rows(&mut self, dst: usize, src: usize, from: usize) {
        let s = self.stride;
        let (a, b) = if dst < src {
            let (lo, hi) = self.data.split_at_mut(src * s);
            (&mut lo[dst * s..(dst + 1) * s], &hi[..s])
        } else {
            let (lo, hi) = self.data.split_at_mut(dst * s);
            (&mut hi[..s], &lo[src * s..(src + 1) * s])
        };
        xor_into(&mut a[from..], &b[from..]);
    }

    fn swap_rows(&mut self, a: usize, b: usize) {
        if a != b {
            let s = self.stride;
            let (lo, hi) = self.data.split_at_mut(a.max(b) * s);
            lo[a.min(b) * s..(a.min(b) + 1) * s].swap_with_slice(&mut hi[..s]);
        }
    }

    /// Reduced row echelon form in place, considering only the first `vars` columns as pivot
    /// candidates (later columns ride along as right-hand sides). Returns the pivot column of
    /// each of the first `rank` rows.
    pub fn reduce(&mut self, vars: usize, progress: &mut dyn Progress) -> Vec<usize> {
        let mut pivots = Vec::new();
        let mut r = 0;
        for c in 0..vars {
            if c % 64 == 0 {
                progress.report(c as u64, vars as u64);
            }
            if r == self.rows {
                break;
            }
            let Some(p) = (r..self.rows).find(|&i| self.get(i, c)) else {
                continue;
            };
            self.swap_rows(p, r);
            for i in 0..self.rows {
                if i != r && self.get(i, c) {
                    self.xor_rows(i, r, c / 64);
                }
            }
            pivots.push(c);
            r += 1;
        }
        progress.report(vars as u64, vars as u64);
        pivots
    }
}

/// Solves the square system `[A | b]` held in `a` (u unknowns, column u the right-hand side)
/// by reduced row echelon form: one solution with the free unknowns 0 (or None), and a basis of
/// the kernel, one vector per free unknown.
pub fn solve_augmented(
    a: &mut BitMatrix,
    u: usize,
    progress: &mut dyn Progress,
) -> (Option<Vec<bool>>, Vec<Vec<bool>>) {
    let pivots = a.reduce(u, progress);
    let rank = pivots.len();
    let mut is_pivot = vec![false; u];
    for &p in &pivots {
        is_pivot[p] = true;
    }
    let solution = (rank..u).all(|i| !a.get(i, u)).then(|| {
        let mut x = vec![false; u];
        for (i, &p) in pivots.iter().enumerate() {
            x[p] = a.get(i, u);
        }
        x
    });
    let kernel = (0..u)
        .filter(|&f| !is_pivot[f])
        .map(|f| {
            let mut v = vec![false; u];
            v[f] = true;
            for (i, &p) in pivots.iter().enumerate() {
                if a.get(i, f) {
                    v[p] = true;
                }
            }
            v
        })
        .collect();
    (solution, kernel)
}

/// Everything elimination says about `A x = b` for a symmetric `A`.
#[derive(Debug, Clone)]
pub struct Gf2Solution {
    pub rank: usize,
    /// One solution (free variables 0), if `b` is in the column space.
    pub solution: Option<BitVec>,
    /// A basis of the kernel of `A`.
    pub kernel: Vec<BitVec>,
    /// For unsolvable `b`: a kernel vector `q` with `q·b = 1`. Since `A` is symmetric its kernel
    /// is the orthogonal complement of its column space, so such a `q` proves `b` is out of reach.
    pub witness: Option<BitVec>,
}

/// Solves `A x = b` by Gauss–Jordan elimination of `[A | b]`. `A` must be square and symmetric
/// (every press rule is: if a press on i changes j, a press on j changes i).
pub fn solve(a: &BitMatrix, b: &BitVec, progress: &mut dyn Progress) -> Gf2Solution {
    let n = a.cols;
    debug_assert_eq!(a.rows, n);
    let mut m = BitMatrix::zeros(n, n + 1);
    for r in 0..n {
        let src = a.row(r);
        let dst = m.row_mut(r);
        dst[..src.len()].copy_from_slice(src);
        if b.get(r) {
            m.set(r, n, true);
        }
    }
    let (x, kernel) = solve_augmented(&mut m, n, progress);
    let kernel: Vec<BitVec> = kernel.into_iter().map(BitVec::from_bools).collect();
    let rank = n - kernel.len();
    let witness = if x.is_none() { kernel.iter().find(|q| q.dot(b)).cloned() } else { None };
    let solution = x.map(BitVec::from_bools);
    Gf2Solution { rank, solution, kernel, witness }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::NoProgress;

    #[test]
    fn small_system() {
        // [[1,1],[1,1]]: rank 1, kernel (1,1); b = (1,0) unsolvable with witness (1,1).
        let mut a = BitMatrix::zeros(2, 2);
        for (r, c) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
            a.set(r, c, true);
        }
        let s = solve(&a, &BitVec::from_bools([true, false]), &mut NoProgress);
        assert_eq!(s.rank, 1);
        assert_eq!(s.kernel, vec![BitVec::from_bools([true, true])]);
        assert!(s.solution.is_none());
        assert_eq!(s.witness, Some(BitVec::from_bools([true, true])));
        let s = solve(&a, &BitVec::from_bools([true, true]), &mut NoProgress);
        assert_eq!(s.solution, Some(BitVec::from_bools([true, false])));
    }
}
