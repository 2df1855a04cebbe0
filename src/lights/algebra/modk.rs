//! Linear algebra over the integers mod k (k = 2..9), exact for composite k too. Z/k splits
//! into prime powers (Chinese remainders); over Z/p^e every entry is a unit times a power of p,
//! so elimination that always pivots on an entry of least p-adic valuation (full pivoting)
//! reaches a triangular form whose diagonal is p^v (the Smith invariants). That form decides
//! solvability, gives one solution and generators of the kernel with their orders.

use crate::progress::Progress;

/// `A x = b` over Z/k: a solution if any, kernel generators, and a witness if unsolvable.
#[derive(Debug, Clone)]
pub struct ModSolution {
    pub k: u8,
    pub solution: Option<Vec<u8>>,
    /// Kernel generators with their additive orders; every kernel vector is a sum of multiples.
    pub kernel: Vec<(Vec<u8>, u32)>,
    /// Minimal number of kernel generators (the number of non-unit invariant factors of A);
    /// for prime k, the dimension of the kernel.
    pub nullity: usize,
    /// log2 of the number of kernel vectors (= quiet patterns).
    pub kernel_log2: f64,
    /// For unsolvable `b`: a quiet pattern `q` with `q·b ≠ 0 mod k` (A is symmetric, so its
    /// kernel annihilates its image: such a `q` proves `b` unreachable).
    pub witness: Option<Vec<u8>>,
}

/// Prime-power factors (p, e) of k.
pub fn factor(k: u8) -> Vec<(u32, u32)> {
    let mut k = u32::from(k);
    let mut out = Vec::new();
    let mut p = 2;
    while k > 1 {
        let mut e = 0;
        while k % p == 0 {
            k /= p;
            e += 1;
        }
        if e > 0 {
            out.push((p, e));
        }
        p += 1;
    }
    out
}

struct PrimePower {
    q: u32,
    solution: Option<Vec<u32>>,
    kernel: Vec<(Vec<u32>, u32)>,
}

/// The inverse of u modulo q, or None when u is not a unit (q small: a plain search).
pub(crate) fn checked_inverse_mod(u: u32, q: u32) -> Option<u32> {
    (1..q).find(|&x| (u * x) % q == 1)
}

/// The inverse of the unit u modulo q.
pub(crate) fn inverse_mod(u: u32, q: u32) -> u32 {
    checked_inverse_mod(u, q).expect("units are invertible")
}

fn valuation(mut x: u32, p: u32) -> u32 {
    let mut v = 0;
    while x.is_multiple_of(p) {
        x /= p;
        v += 1;
    }
    v
}

/// `A` is n×n row-major with entries already reduced mod q = p^e.
fn solve_prime_power(n: usize, a: &[u8], b: &[u8], p: u32, e: u32, progress: &mut dyn Progress) -> PrimePower {
    let q = p.pow(e);
    let mut m: Vec<u32> = a.iter().map(|&x| u32::from(x) % q).collect();
    let mut c: Vec<u32> = b.iter().map(|&x| u32::from(x) % q).collect();
    let mut perm: Vec<usize> = (0..n).collect();
    let mut vals = vec![e; n];
    let mut rank = 0;
    for t in 0..n {
        if t % 16 == 0 {
            progress.report(t as u64, n as u64);
        }
        // Full pivoting on least valuation.
        let mut best: Option<(u32, usize, usize)> = None;
        'scan: for i in t..n {
            for j in t..n {
                let x = m[i * n + j];
                if x != 0 {
                    let v = valuation(x, p);
                    if best.is_none_or(|(bv, _, _)| v < bv) {
                        best = Some((v, i, j));
                        if v == 0 {
                            break 'scan;
                        }
                    }
                }
            }
        }
        let Some((v, i, j)) = best else { break };
        if i != t {
            for col in 0..n {
                m.swap(i * n + col, t * n + col);
            }
            c.swap(i, t);
        }
        if j != t {
            for row in 0..n {
                m.swap(row * n + j, row * n + t);
            }
            perm.swap(j, t);
        }
        let pv = p.pow(v);
        let unit = inverse_mod(m[t * n + t] / pv, q);
        for col in t..n {
            m[t * n + col] = m[t * n + col] * unit % q;
        }
        c[t] = c[t] * unit % q;
        debug_assert_eq!(m[t * n + t], pv);
        for r in t + 1..n {
            let f = m[r * n + t] / pv;
            if f != 0 {
                for col in t..n {
                    m[r * n + col] = (m[r * n + col] + (q - f) * m[t * n + col]) % q;
                }
                c[r] = (c[r] + (q - f) * c[t]) % q;
            }
        }
        vals[t] = v;
        rank = t + 1;
    }
    progress.report(n as u64, n as u64);
    // Back substitution: y_t p^v_t = rhs_t − Σ_{j>t} m[t][j] y_j, where every m[t][j] is a
    // multiple of p^v_t, so divisibility depends on c alone.
    let back = |y: &mut Vec<u32>, rhs: &[u32], upto: usize| {
        for t in (0..upto).rev() {
            let mut s = rhs[t];
            for j in t + 1..n {
                s = (s + (q - m[t * n + j]) * y[j] % q) % q;
            }
            y[t] = s / p.pow(vals[t]);
        }
    };
    let solvable = (0..n).all(|t| if t < rank { c[t].is_multiple_of(p.pow(vals[t])) } else { c[t] == 0 });
    let unpermute = |y: &[u32]| {
        let mut x = vec![0; n];
        for (j, &var) in perm.iter().enumerate() {
            x[var] = y[j];
        }
        x
    };
    let solution = solvable.then(|| {
        let mut y = vec![0; n];
        back(&mut y, &c, rank);
        unpermute(&y)
    });
    let zero = vec![0; n];
    let kernel = (0..n)
        .filter(|&t| vals[t] > 0)
        .map(|t| {
            let mut y = vec![0; n];
            y[t] = p.pow(e - vals[t]);
            back(&mut y, &zero, t);
            (unpermute(&y), p.pow(vals[t]))
        })
        .collect();
    PrimePower { q, solution, kernel }
}

/// One prime power's answer: an optional solution and kernel generators with their orders.
pub(crate) type PartAnswer<'a> = (Option<&'a [u32]>, &'a [(Vec<u32>, u32)]);

/// The answer mod k: an optional solution and kernel generators with their orders.
pub(crate) type Assembled = (Option<Vec<u8>>, Vec<(Vec<u8>, u32)>);

/// Chinese remainders: vectors mod k put together from their residues mod k's prime powers.
pub(crate) struct Crt {
    k: u32,
    /// The prime powers q_j, in the order of the parts.
    moduli: Vec<u32>,
}

impl Crt {
    pub(crate) fn new(k: u8, moduli: impl IntoIterator<Item = u32>) -> Crt {
        Crt { k: u32::from(k), moduli: moduli.into_iter().collect() }
    }

    /// The x < k with x ≡ residues[j] (mod q_j) for every j.
    fn residue(&self, residues: &[u32]) -> u8 {
        (0..self.k)
            .find(|x| self.moduli.iter().zip(residues).all(|(q, &r)| x % q == r))
            .expect("Chinese remainders exist") as u8
    }

    /// `len` entries, entry i ≡ parts[j][i] (mod q_j); entries past a part's end count as 0.
    pub(crate) fn combine<T: Copy + Into<u32>>(&self, parts: &[&[T]], len: usize) -> Vec<u8> {
        (0..len)
            .map(|i| {
                let r: Vec<u32> = parts.iter().map(|v| v.get(i).map_or(0, |&x| x.into())).collect();
                self.residue(&r)
            })
            .collect()
    }

    /// `len` entries ≡ v (mod q_p) and ≡ 0 mod the other prime powers.
    pub(crate) fn lift<T: Copy + Into<u32>>(&self, p: usize, v: &[T], len: usize) -> Vec<u8> {
        let table: Vec<u8> = (0..self.moduli[p])
            .map(|r| self.residue(&(0..self.moduli.len()).map(|j| if j == p { r } else { 0 }).collect::<Vec<_>>()))
            .collect();
        (0..len).map(|i| table[v.get(i).map_or(0, |&x| x.into()) as usize]).collect()
    }

    /// A solution (when every prime power has one) and the kernel generators lifted, with
    /// their orders, from each prime power's optional solution and generators.
    pub(crate) fn assemble(&self, parts: &[PartAnswer], len: usize) -> Assembled {
        let solutions: Option<Vec<&[u32]>> = parts.iter().map(|(s, _)| *s).collect();
        let solution = solutions.map(|s| self.combine(&s, len));
        let mut kernel = Vec::new();
        for (p, (_, generators)) in parts.iter().enumerate() {
            for (g, order) in *generators {
                kernel.push((self.lift(p, g, len), *order));
            }
        }
        (solution, kernel)
    }
}

/// Solves `A x = b` mod k for a symmetric n×n `A` (row-major, entries < k).
pub fn solve(n: usize, a: &[u8], b: &[u8], k: u8, progress: &mut dyn Progress) -> ModSolution {
    let parts: Vec<PrimePower> =
        factor(k).into_iter().map(|(p, e)| solve_prime_power(n, a, b, p, e, progress)).collect();
    let crt = Crt::new(k, parts.iter().map(|pp| pp.q));
    let halves: Vec<_> = parts.iter().map(|pp| (pp.solution.as_deref(), pp.kernel.as_slice())).collect();
    let (solution, kernel) = crt.assemble(&halves, n);
    let nullity = parts.iter().map(|pp| pp.kernel.len()).max().unwrap_or(0);
    let kernel_log2 = kernel.iter().map(|(_, o)| f64::from(*o).log2()).sum();
    let witness =
        if solution.is_none() { kernel.iter().find(|(g, _)| dot(g, b, k) != 0).map(|(g, _)| g.clone()) } else { None };
    ModSolution { k, solution, kernel, nullity, kernel_log2, witness }
}

/// Σ x_i y_i mod k.
pub fn dot(x: &[u8], y: &[u8], k: u8) -> u8 {
    (x.iter().zip(y).map(|(&a, &b)| u32::from(a) * u32::from(b)).sum::<u32>() % u32::from(k)) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::NoProgress;

    #[test]
    fn factors() {
        assert_eq!(factor(6), vec![(2, 1), (3, 1)]);
        assert_eq!(factor(8), vec![(2, 3)]);
        assert_eq!(factor(9), vec![(3, 2)]);
        assert_eq!(factor(7), vec![(7, 1)]);
    }

    #[test]
    fn composite_modulus() {
        // [2] x = b mod 4: b = 2 → x ∈ {1, 3}; b = 1 → none, witness 2 (2·1 ≠ 0, 2·2 = 0).
        let s = solve(1, &[2], &[2], 4, &mut NoProgress);
        assert_eq!(s.solution, Some(vec![1]));
        assert_eq!(s.kernel, vec![(vec![2], 2)]);
        let s = solve(1, &[2], &[1], 4, &mut NoProgress);
        assert!(s.solution.is_none());
        assert_eq!(s.witness, Some(vec![2]));
        // [3] x = 3 mod 6 → x ≡ 1 mod 2 and anything mod 3: x ∈ {1, 3, 5}.
        let s = solve(1, &[3], &[3], 6, &mut NoProgress);
        assert_eq!(s.solution.unwrap()[0] * 3 % 6, 3);
        assert_eq!(s.nullity, 1);
        assert!((s.kernel_log2 - 3f64.log2()).abs() < 1e-9);
    }
}
