//! The equation q·a ≡ b (mod c) over Z/k[t], c monic: the core of the polynomial method for
//! k > 2. Z/k splits into prime powers p^e (Chinese remainders). Over a field (e = 1) it is one
//! extended gcd: g = gcd(q, c), solvable iff g divides b, kernel the multiples of c/g. Over
//! Z/p^e (k = 4, 8, 9) gcds are not unique, so c is split instead: mod p, c = ū·v̄ with ū the
//! part of c made of q's irreducible factors (ū = gcd(c, q^n)) and v̄ coprime to q; Hensel's
//! lemma lifts that to c = U·V over Z/p^e, and Z/p^e[t]/(c) ≅ Z/p^e[t]/(U) × Z/p^e[t]/(V). On the
//! V side q is a unit (its inverse lifted by Newton's iteration); on the U side — of degree
//! deg ū, usually small — the multiplication by q is a deg ū × deg ū matrix, solved exactly by
//! elimination with full pivoting ([`crate::lights::algebra::modk`]), which also gives the kernel with its
//! orders. Coefficients are kept below p^e, lowest degree first, with no trailing zeros.

use crate::lights::algebra::modk::{self, inverse_mod};
use crate::progress::Progress;
use crate::{bail, Result};

/// Largest degree of the U side (elimination costs about deg³ steps there).
pub const MAX_DENSE_PART: usize = 1024;

/// A solution of q·a ≡ b (mod c) over Z/k.
#[derive(Debug, Clone)]
pub struct PolySolution {
    /// One solution a (coefficients mod k, n of them), or None.
    pub a: Option<Vec<u8>>,
    /// Kernel generators (n coefficients each) with their additive orders.
    pub kernel: Vec<(Vec<u8>, u32)>,
    /// Minimal number of kernel generators (the number of non-unit invariant factors).
    pub nullity: usize,
    /// log2 of the kernel's size.
    pub kernel_log2: f64,
}

/// Arithmetic in Z/q[t], q = p^e.
#[derive(Clone, Copy)]
struct Ring {
    p: u32,
    q: u32,
}

fn trim(mut a: Vec<u32>) -> Vec<u32> {
    while a.last() == Some(&0) {
        a.pop();
    }
    a
}

fn deg(a: &[u32]) -> usize {
    a.len().saturating_sub(1)
}

impl Ring {
    fn reduce(&self, a: &[u32]) -> Vec<u32> {
        trim(a.iter().map(|&x| x % self.q).collect())
    }

    fn sub(&self, a: &[u32], b: &[u32]) -> Vec<u32> {
        let q = self.q;
        let len = a.len().max(b.len());
        trim((0..len).map(|i| (a.get(i).copied().unwrap_or(0) + q - b.get(i).copied().unwrap_or(0)) % q).collect())
    }

    fn scale(&self, a: &[u32], s: u32) -> Vec<u32> {
        trim(a.iter().map(|&x| x * s % self.q).collect())
    }

    fn mul(&self, a: &[u32], b: &[u32]) -> Vec<u32> {
        if a.is_empty() || b.is_empty() {
            return Vec::new();
        }
        // Products are below 81 and rows below 2^20 terms: u32 sums do not overflow.
        let mut out = vec![0u32; a.len() + b.len() - 1];
        for (i, &x) in a.iter().enumerate() {
            if x != 0 {
                for (o, &y) in out[i..].iter_mut().zip(b) {
                    *o += x * y;
                }
            }
            if i % 4096 == 4095 {
                out.iter_mut().for_each(|o| *o %= self.q);
            }
        }
        self.reduce(&out)
    }

    /// Quotient and remainder by a divisor whose leading coefficient is a unit.
    fn div_rem(&self, a: &[u32], d: &[u32]) -> (Vec<u32>, Vec<u32>) {
        let q = self.q;
        let dd = deg(d);
        if a.len() <= dd {
            return (Vec::new(), self.reduce(a));
        }
        let inv = inverse_mod(d[dd], q);
        let mut r: Vec<u32> = a.to_vec();
        let mut quot = vec![0u32; a.len() - dd];
        for i in (dd..a.len()).rev() {
            let f = r[i] % q * inv % q;
            quot[i - dd] = f;
            if f != 0 {
                let neg = q - f;
                for (x, &y) in r[i - dd..=i].iter_mut().zip(d) {
                    *x += neg * y;
                }
            }
            r[i] = 0;
            if i % 2048 == 0 {
                r.iter_mut().for_each(|x| *x %= q);
            }
        }
        r.truncate(dd);
        (trim(quot), self.reduce(&r))
    }

    fn rem(&self, a: &[u32], d: &[u32]) -> Vec<u32> {
        self.div_rem(a, d).1
    }

    fn mul_mod(&self, a: &[u32], b: &[u32], m: &[u32]) -> Vec<u32> {
        self.rem(&self.mul(a, b), m)
    }

    /// Monic gcd g and u with u·a ≡ g (mod m), over the field Z/p (q = p).
    fn gcd_inverse(&self, a: &[u32], m: &[u32]) -> (Vec<u32>, Vec<u32>) {
        let (mut r0, mut s0) = (m.to_vec(), Vec::new());
        let (mut r1, mut s1) = (self.rem(a, m), vec![1u32]);
        while !r1.is_empty() {
            let (quot, r) = self.div_rem(&r0, &r1);
            let s = self.sub(&s0, &self.mul(&quot, &s1));
            r0 = std::mem::replace(&mut r1, r);
            s0 = std::mem::replace(&mut s1, s);
        }
        let inv = inverse_mod(r0[deg(&r0)], self.q);
        (self.scale(&r0, inv), self.rem(&self.scale(&s0, inv), m))
    }

    /// a^e mod m by squaring.
    fn pow_mod(&self, a: &[u32], mut e: usize, m: &[u32]) -> Vec<u32> {
        let mut base = self.rem(a, m);
        let mut out = self.rem(&[1], m);
        while e > 0 {
            if e & 1 == 1 {
                out = self.mul_mod(&out, &base, m);
            }
            base = self.mul_mod(&base, &base, m);
            e >>= 1;
        }
        out
    }

    /// The inverse of a mod the monic m over Z/q, when a is a unit mod (p, m): the inverse
    /// mod p, lifted by Newton's iteration w ← w·(2 − a·w), which doubles the p-adic precision.
    fn inverse(&self, a: &[u32], m: &[u32]) -> Option<Vec<u32>> {
        let field = Ring { p: self.p, q: self.p };
        let (g, mut w) = field.gcd_inverse(&field.reduce(a), &field.reduce(m));
        if g != [1] {
            return None;
        }
        let mut precision = self.p;
        while precision < self.q {
            let aw = self.mul_mod(a, &w, m);
            let two_minus = self.sub(&[2], &aw);
            w = self.mul_mod(&w, &two_minus, m);
            precision = precision.saturating_mul(precision);
        }
        Some(w)
    }
}

/// The solution over one prime power.
struct Part {
    q: u32,
    a: Option<Vec<u32>>,
    kernel: Vec<(Vec<u32>, u32)>,
}

/// Over the field Z/p: one extended gcd.
fn solve_field(r: Ring, q: &[u32], b: &[u32], c: &[u32]) -> Part {
    let (g, u) = r.gcd_inverse(q, c);
    let (beta, rest) = r.div_rem(b, &g);
    let a = rest.is_empty().then(|| r.mul_mod(&u, &beta, c));
    let (cg, _) = r.div_rem(c, &g);
    let mut kernel = Vec::with_capacity(deg(&g));
    let mut gen = cg;
    for _ in 0..deg(&g) {
        let next = r.rem(&r.mul(&gen, &[0, 1]), c);
        kernel.push((std::mem::replace(&mut gen, next), r.p));
    }
    Part { q: r.q, a, kernel }
}

/// Over Z/p^e, e ≥ 2: the Hensel split c = U·V (see the module notes).
fn solve_prime_power(r: Ring, q: &[u32], b: &[u32], c: &[u32], progress: &mut dyn Progress) -> Result<Part> {
    let (big_u, big_v) = hensel_split(r, q, c);
    let d = deg(&big_u);
    // The V side: a unit.
    let (a_v, w) = if deg(&big_v) > 0 {
        let inv = r.inverse(q, &big_v).expect("q is a unit modulo V");
        (r.mul_mod(&inv, b, &big_v), if d > 0 { r.inverse(&big_v, &big_u) } else { None })
    } else {
        (Vec::new(), Some(vec![1]))
    };
    if d == 0 {
        return Ok(Part { q: r.q, a: Some(a_v), kernel: Vec::new() });
    }
    let w = w.expect("V is a unit modulo U");
    let bu_poly = r.rem(b, &big_u);
    let combine = |a_u: &[u32], a_v: &[u32]| {
        // a ≡ a_U (mod U), a ≡ a_V (mod V) → a = a_V + V·((a_U − a_V)·W mod U).
        let diff = r.rem(&r.sub(a_u, a_v), &big_u);
        let lift = r.mul(&big_v, &r.mul_mod(&diff, &w, &big_u));
        r.rem(&add_scaled(a_v, &lift, 1), c)
    };
    // When q ≡ p^j·(a unit) mod U — q ≡ 0 mod c itself, as on square neighbours boards, is
    // j = e — every invariant on the U side is p^j: no elimination needed.
    let qu = r.rem(q, &big_u);
    let j = (0..r.q.ilog(r.p)).find(|&j| qu.iter().any(|&x| x % r.p.pow(j + 1) != 0)).unwrap_or(r.q.ilog(r.p));
    let pj = r.p.pow(j);
    let unit = (j == r.q.ilog(r.p)).then(|| vec![1]).or_else(|| {
        let w = trim(qu.iter().map(|&x| x / pj).collect());
        r.inverse(&w, &big_u)
    });
    if let Some(unit) = unit {
        let a = bu_poly.iter().all(|&x| x % pj == 0).then(|| {
            let scaled: Vec<u32> = bu_poly.iter().map(|&x| x / pj).collect();
            combine(&r.mul_mod(&scaled, &unit, &big_u), &a_v)
        });
        let step = r.q / pj; // p^{e−j}: the kernel is p^{e−j}·Z/q[t]/(U), of order p^j each
        let kernel = (0..d)
            .map(|i| {
                let mut g = vec![0u32; i + 1];
                g[i] = step % r.q;
                (combine(&trim(g), &[]), pj)
            })
            .filter(|(_, o)| *o > 1)
            .collect();
        return Ok(Part { q: r.q, a, kernel });
    }
    if d > MAX_DENSE_PART {
        bail!(
            "over Z/{}: the part of the board's polynomial that shares factors with the chase's has degree {d}, above the {MAX_DENSE_PART} solved exactly by elimination",
            r.q
        );
    }
    // The U side: the d×d matrix of multiplication by q, column j = q·t^j mod U.
    let mut matrix = vec![0u8; d * d];
    let mut col = r.rem(q, &big_u);
    for j in 0..d {
        for (i, &x) in col.iter().enumerate() {
            matrix[i * d + j] = x as u8;
        }
        col = r.rem(&r.mul(&col, &[0, 1]), &big_u);
    }
    let bu: Vec<u8> = (0..d).map(|i| bu_poly.get(i).copied().unwrap_or(0) as u8).collect();
    let s = modk::solve(d, &matrix, &bu, r.q as u8, progress);
    let as_poly = |v: &[u8]| trim(v.iter().map(|&x| u32::from(x)).collect());
    let a = s.solution.as_ref().map(|a_u| combine(&as_poly(a_u), &a_v));
    let kernel = s.kernel.iter().map(|(g, o)| (combine(&as_poly(g), &[]), *o)).collect();
    Ok(Part { q: r.q, a, kernel })
}

/// c = U·V over Z/p^e with U ≡ gcd(c, f^n) (mod p) — f's irreducible factors with their full
/// multiplicity in c — and V coprime to f mod p: Hensel's lemma, one power of p at a time.
fn hensel_split(r: Ring, f: &[u32], c: &[u32]) -> (Vec<u32>, Vec<u32>) {
    let n = deg(c);
    let field = Ring { p: r.p, q: r.p };
    let (fb, cb) = (field.reduce(f), field.reduce(c));
    let (ub, _) = field.gcd_inverse(&field.pow_mod(&fb, n, &cb), &cb);
    let d = deg(&ub);
    let (vb, _) = field.div_rem(&cb, &ub);
    let (mut big_u, mut big_v) = (ub.clone(), vb.clone());
    let t_inv = if d > 0 && deg(&vb) > 0 { field.inverse(&vb, &ub) } else { None };
    let mut pj = r.p;
    while pj < r.q {
        let err: Vec<u32> = r.sub(c, &r.mul(&big_u, &big_v)).iter().map(|&x| x / pj % r.p).collect();
        let err = trim(err);
        if let Some(t) = &t_inv {
            let du = field.mul_mod(&err, t, &ub);
            let (dv, _) = field.div_rem(&field.sub(&err, &field.mul(&du, &vb)), &ub);
            big_u = r.reduce(&add_scaled(&big_u, &du, pj));
            big_v = r.reduce(&add_scaled(&big_v, &dv, pj));
        } else if d == 0 {
            big_v = r.reduce(&add_scaled(&big_v, &err, pj));
        } else {
            big_u = r.reduce(&add_scaled(&big_u, &err, pj));
        }
        pj *= r.p;
    }
    (big_u, big_v)
}

/// a + s·b (coefficients not reduced).
fn add_scaled(a: &[u32], b: &[u32], s: u32) -> Vec<u32> {
    let mut out = a.to_vec();
    if out.len() < b.len() {
        out.resize(b.len(), 0);
    }
    for (o, &y) in out.iter_mut().zip(b) {
        *o += s * y;
    }
    out
}

/// Solves q·a ≡ b (mod c) over Z/k, c monic of degree n ≥ 1 (coefficients mod k, lowest first).
pub fn solve(q: &[u8], b: &[u8], c: &[u8], k: u8, progress: &mut dyn Progress) -> Result<PolySolution> {
    let n = c.len() - 1;
    let widen = |v: &[u8]| v.iter().map(|&x| u32::from(x)).collect::<Vec<u32>>();
    let mut parts = Vec::new();
    for (p, e) in modk::factor(k) {
        let r = Ring { p, q: p.pow(e) };
        let (q, b, c) = (r.reduce(&widen(q)), r.reduce(&widen(b)), r.reduce(&widen(c)));
        let b = r.rem(&b, &c);
        parts.push(if e == 1 { solve_field(r, &q, &b, &c) } else { solve_prime_power(r, &q, &b, &c, progress)? });
    }
    Ok(crt_parts(&parts, k, n))
}

/// The prime powers' answers (vectors of `len` coefficients) put together by Chinese remainders.
fn crt_parts(parts: &[Part], k: u8, len: usize) -> PolySolution {
    let crt = modk::Crt::new(k, parts.iter().map(|pp| pp.q));
    let halves: Vec<_> = parts.iter().map(|pp| (pp.a.as_deref(), pp.kernel.as_slice())).collect();
    let (a, kernel) = crt.assemble(&halves, len);
    let nullity = parts.iter().map(|pp| pp.kernel.len()).max().unwrap_or(0);
    let kernel_log2 = kernel.iter().map(|(_, o)| f64::from(*o).log2()).sum();
    PolySolution { a, kernel, nullity, kernel_log2 }
}

/// Two polynomials of degree < n as one vector of 2n coefficients.
fn concat(a: &[u32], b: &[u32], n: usize) -> Vec<u32> {
    let mut out = vec![0u32; 2 * n];
    out[..a.len()].copy_from_slice(a);
    out[n..n + b.len()].copy_from_slice(b);
    out
}

/// M·(a, b) ≡ w (mod c) over Z/p^e for a 2×2 matrix M (row-major): c = U·V split by det M
/// (Hensel); on the V side det M is a unit and (a, b) = det⁻¹·adj(M)·w; on the U side the
/// 2·deg U square matrix is eliminated exactly.
fn solve_pair_prime_power(
    r: Ring,
    m: &[Vec<u32>],
    w: &[Vec<u32>],
    c: &[u32],
    progress: &mut dyn Progress,
) -> Result<Part> {
    let n = deg(c);
    let det = r.rem(&r.sub(&r.mul(&m[0], &m[3]), &r.mul(&m[1], &m[2])), c);
    let (big_u, big_v) = hensel_split(r, &det, c);
    let d = deg(&big_u);
    let (v_v, inv_v) = if deg(&big_v) > 0 {
        let inv = r.inverse(&det, &big_v).expect("det M is a unit modulo V");
        let x0 = r.sub(&r.mul(&m[3], &w[0]), &r.mul(&m[1], &w[1]));
        let x1 = r.sub(&r.mul(&m[0], &w[1]), &r.mul(&m[2], &w[0]));
        (
            [r.mul_mod(&inv, &x0, &big_v), r.mul_mod(&inv, &x1, &big_v)],
            if d > 0 { r.inverse(&big_v, &big_u) } else { None },
        )
    } else {
        ([Vec::new(), Vec::new()], Some(vec![1]))
    };
    if d == 0 {
        return Ok(Part { q: r.q, a: Some(concat(&v_v[0], &v_v[1], n)), kernel: Vec::new() });
    }
    if 2 * d > MAX_DENSE_PART {
        bail!(
            "over Z/{}: the part of the torus's polynomial that shares factors with its 2×2 system's determinant has degree {d}, above the {} solved exactly by elimination",
            r.q,
            MAX_DENSE_PART / 2
        );
    }
    let inv_v = inv_v.expect("V is a unit modulo U");
    let combine = |a_u: &[u32], a_v: &[u32]| {
        let diff = r.rem(&r.sub(a_u, a_v), &big_u);
        let lift = r.mul(&big_v, &r.mul_mod(&diff, &inv_v, &big_u));
        r.rem(&add_scaled(a_v, &lift, 1), c)
    };
    let size = 2 * d;
    let mut matrix = vec![0u8; size * size];
    for (block, entry) in m.iter().enumerate() {
        let (bi, bj) = (block / 2, block % 2);
        let mut col = r.rem(entry, &big_u);
        for j in 0..d {
            for (i, &x) in col.iter().enumerate() {
                matrix[(bi * d + i) * size + bj * d + j] = x as u8;
            }
            col = r.rem(&r.mul(&col, &[0, 1]), &big_u);
        }
    }
    let mut rhs = vec![0u8; size];
    for (bi, wi) in w.iter().enumerate() {
        for (i, &x) in r.rem(wi, &big_u).iter().enumerate() {
            rhs[bi * d + i] = x as u8;
        }
    }
    let s = modk::solve(size, &matrix, &rhs, r.q as u8, progress);
    let as_poly = |v: &[u8]| trim(v.iter().map(|&x| u32::from(x)).collect());
    let back = |v: &[u8], a_v: &[Vec<u32>; 2]| {
        concat(&combine(&as_poly(&v[..d]), &a_v[0]), &combine(&as_poly(&v[d..]), &a_v[1]), n)
    };
    let a = s.solution.as_ref().map(|x| back(x, &v_v));
    let none = [Vec::new(), Vec::new()];
    let kernel = s.kernel.iter().map(|(g, o)| (back(g, &none), *o)).collect();
    Ok(Part { q: r.q, a, kernel })
}

/// Solves M·(a, b) ≡ w (mod c) over Z/k for a 2×2 matrix of polynomials (row-major) and a
/// monic c of degree n; the solution and kernel generators are (a, b) as 2n coefficients.
pub fn solve_pair(m: [&[u8]; 4], w: [&[u8]; 2], c: &[u8], k: u8, progress: &mut dyn Progress) -> Result<PolySolution> {
    let n = c.len() - 1;
    let widen = |v: &[u8]| v.iter().map(|&x| u32::from(x)).collect::<Vec<u32>>();
    let mut parts = Vec::new();
    for (p, e) in modk::factor(k) {
        let r = Ring { p, q: p.pow(e) };
        let c = r.reduce(&widen(c));
        let m: Vec<Vec<u32>> = m.iter().map(|x| r.rem(&r.reduce(&widen(x)), &c)).collect();
        let w: Vec<Vec<u32>> = w.iter().map(|x| r.rem(&r.reduce(&widen(x)), &c)).collect();
        parts.push(solve_pair_prime_power(r, &m, &w, &c, progress)?);
    }
    Ok(crt_parts(&parts, k, 2 * n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::NoProgress;

    /// The n×n matrix of multiplication by q mod c (column j = q·t^j mod c), for elimination.
    fn matrix(q: &[u8], c: &[u8], k: u8) -> Vec<u8> {
        let r = Ring { p: u32::from(k), q: u32::from(k) };
        let n = c.len() - 1;
        let c32: Vec<u32> = c.iter().map(|&x| u32::from(x)).collect();
        let mut col = r.rem(&q.iter().map(|&x| u32::from(x)).collect::<Vec<_>>(), &c32);
        let mut m = vec![0u8; n * n];
        for j in 0..n {
            for (i, &x) in col.iter().enumerate() {
                m[i * n + j] = x as u8;
            }
            col = r.rem(&r.mul(&col, &[0, 1]), &c32);
        }
        m
    }

    fn apply(m: &[u8], x: &[u8], k: u8) -> Vec<u8> {
        let n = x.len();
        (0..n).map(|i| modk::dot(&m[i * n..(i + 1) * n], x, k)).collect()
    }

    #[test]
    fn agrees_with_elimination_on_random_equations() {
        use crate::seed::rng_from_seed;
        use rand::Rng;
        let mut rng = rng_from_seed(14);
        for k in [3u8, 4, 5, 6, 7, 8, 9] {
            for n in 1..=9 {
                for round in 0..40 {
                    // Repeated factors make the U side non-trivial: c = f^2·g or q shares c's factors.
                    let rand_poly = |rng: &mut crate::seed::BoardRng, len: usize| -> Vec<u8> {
                        (0..len).map(|_| rng.random_range(0..k)).collect()
                    };
                    let mut c = rand_poly(&mut rng, n);
                    c.push(1);
                    let p = modk::factor(k)[0].0 as u8;
                    let q = match round % 4 {
                        0 => {
                            let mut f = vec![0u8; n];
                            let s = rng.random_range(0..n);
                            f[s] = 1; // t^s: shares the factor t with c often
                            f
                        }
                        // p·(a unit or not), and 0: every invariant p^j on the shared part.
                        1 => rand_poly(&mut rng, n).iter().map(|&x| x * p % k).collect(),
                        2 if round % 8 == 2 => vec![0u8; n],
                        _ => rand_poly(&mut rng, n),
                    };
                    let m = matrix(&q, &c, k);
                    let truth: Vec<u8> = rand_poly(&mut rng, n);
                    let b = if round % 2 == 0 { apply(&m, &truth, k) } else { rand_poly(&mut rng, n) };
                    let dense = modk::solve(n, &m, &b, k, &mut NoProgress);
                    let s = solve(&q, &b, &c, k, &mut NoProgress).unwrap();
                    let ctx = format!("k={k} n={n} q={q:?} c={c:?} b={b:?}");
                    assert_eq!(s.a.is_some(), dense.solution.is_some(), "{ctx}");
                    if let Some(a) = &s.a {
                        assert_eq!(apply(&m, a, k), b, "{ctx}");
                    }
                    assert_eq!(s.nullity, dense.nullity, "{ctx}");
                    assert!((s.kernel_log2 - dense.kernel_log2).abs() < 1e-9, "{ctx}");
                    for (g, o) in &s.kernel {
                        assert!(apply(&m, g, k).iter().all(|&v| v == 0), "{ctx}");
                        let times: Vec<u8> = g.iter().map(|&x| ((u32::from(x) * o) % u32::from(k)) as u8).collect();
                        assert!(times.iter().all(|&v| v == 0), "order {o} {ctx}");
                    }
                }
            }
        }
    }

    #[test]
    fn pairs_agree_with_elimination() {
        use crate::seed::rng_from_seed;
        use rand::Rng;
        let mut rng = rng_from_seed(15);
        for k in [2u8, 3, 4, 6, 8, 9] {
            for n in 1..=6 {
                for round in 0..30 {
                    let mut c: Vec<u8> = (0..n).map(|_| rng.random_range(0..k)).collect();
                    if round % 2 == 0 {
                        c = vec![0; n];
                        c[0] = k - 1; // t^n − 1, as on a torus
                    }
                    c.push(1);
                    let ms: Vec<Vec<u8>> = (0..4)
                        .map(|e| {
                            if round % 3 == 0 && e == 3 {
                                vec![0; n]
                            } else {
                                (0..n).map(|_| rng.random_range(0..k)).collect()
                            }
                        })
                        .collect();
                    let blocks: Vec<Vec<u8>> = ms.iter().map(|q| matrix(q, &c, k)).collect();
                    let size = 2 * n;
                    let mut big = vec![0u8; size * size];
                    for (b, blk) in blocks.iter().enumerate() {
                        for i in 0..n {
                            for j in 0..n {
                                big[((b / 2) * n + i) * size + (b % 2) * n + j] = blk[i * n + j];
                            }
                        }
                    }
                    let w: Vec<u8> = (0..size).map(|_| rng.random_range(0..k)).collect();
                    let dense = modk::solve(size, &big, &w, k, &mut NoProgress);
                    let s = solve_pair([&ms[0], &ms[1], &ms[2], &ms[3]], [&w[..n], &w[n..]], &c, k, &mut NoProgress)
                        .unwrap();
                    let ctx = format!("k={k} n={n} c={c:?} m={ms:?} w={w:?}");
                    assert_eq!(s.a.is_some(), dense.solution.is_some(), "{ctx}");
                    if let Some(a) = &s.a {
                        assert_eq!(apply(&big, a, k), w, "{ctx}");
                    }
                    assert_eq!(s.nullity, dense.nullity, "{ctx}");
                    assert!((s.kernel_log2 - dense.kernel_log2).abs() < 1e-9, "{ctx}");
                    for (g, _) in &s.kernel {
                        assert!(apply(&big, g, k).iter().all(|&v| v == 0), "{ctx}");
                    }
                }
            }
        }
    }
}
