//! Counting strategies exactly, for n ≤ 8 squares.
//!
//! Even and odd boards are coloured independently (a flip always changes parity), and the odd
//! boards' colourings are the even boards' moved by the translation x → x XOR 1, so
//! strategies = P², where P counts the colourings of the even boards. In such a colouring
//! each colour class is an extended perfect code: a set of even boards that every odd board
//! touches exactly once. So: list every extended perfect code (an exact cover of the odd
//! boards by the neighbourhoods of even boards), then count the partitions of the even
//! boards into n of them (another exact cover); P = n! × partitions.
//!
//! XOR-type strategies are the XOR strategy with the squares relabelled and the answers
//! renamed: x ↦ σ(A x) with A a k × n matrix whose columns are the n labels in GF(2)^k, σ a
//! bijection. Two such maps are equal exactly when they differ by an invertible matrix, so
//! there are (n!)² / |GL(k, 2)| of them.

use crate::progress::Progress;
use crate::{bail, Result};
use num_bigint::BigUint;
use serde::Serialize;

/// Largest board counted (its 2^(n−1) even boards fit a 128-bit mask).
pub const MAX_COUNT_SQUARES: usize = 8;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Count {
    pub squares: usize,
    /// Number of strategies, in decimal.
    pub strategies: String,
    /// Number of XOR-type strategies, in decimal.
    pub linear_strategies: String,
    /// Extended perfect codes among the even boards (the possible colour classes).
    pub codes: u64,
    /// Partitions of the even boards into n such codes (colours unnamed).
    pub partitions: u64,
    /// Colourings of the even boards: n! × partitions.
    pub even_colourings: String,
}

fn parity(x: usize) -> usize {
    (x.count_ones() & 1) as usize
}

/// Calls `found` with every exact cover of `universe` by `rows` (bitmasks); what it is given
/// is the union of the chosen rows' `tags`. Always branching on the lowest uncovered column
/// finds each cover exactly once.
fn exact_covers(
    rows: &[u128],
    tags: &[u128],
    universe: u128,
    found: &mut dyn FnMut(u128),
    progress: &mut dyn FnMut(usize, usize),
) {
    let columns = 128 - universe.leading_zeros() as usize;
    let mut by_column: Vec<Vec<usize>> = vec![Vec::new(); columns];
    for (r, &row) in rows.iter().enumerate() {
        for (c, list) in by_column.iter_mut().enumerate() {
            if row >> c & 1 == 1 {
                list.push(r);
            }
        }
    }
    let cover = Cover { rows, tags, universe, by_column };
    cover.rec(0, 0, 0, found, progress);
}

struct Cover<'a> {
    rows: &'a [u128],
    tags: &'a [u128],
    universe: u128,
    by_column: Vec<Vec<usize>>,
}

impl Cover<'_> {
    fn rec(
        &self,
        covered: u128,
        tag: u128,
        depth: usize,
        found: &mut dyn FnMut(u128),
        progress: &mut dyn FnMut(usize, usize),
    ) {
        if covered == self.universe {
            found(tag);
            return;
        }
        let col = (!covered & self.universe).trailing_zeros() as usize;
        let choices = &self.by_column[col];
        for (i, &r) in choices.iter().enumerate() {
            if depth == 0 {
                progress(i, choices.len());
            }
            if self.rows[r] & covered == 0 {
                self.rec(covered | self.rows[r], tag | self.tags[r], depth + 1, found, progress);
            }
        }
    }
}

fn mask(bits: usize) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

/// Every extended perfect code among the even boards of n squares, as masks over the even
/// boards (even board x has index x >> 1).
pub fn perfect_codes(n: usize) -> Result<Vec<u128>> {
    check(n)?;
    let nv = 1usize << (n - 1);
    // Row for even board v: the odd boards (index y >> 1) one flip away.
    let rows: Vec<u128> = (0..nv)
        .map(|v| {
            let x = (v << 1) | parity(v);
            (0..n).fold(0u128, |m, i| m | 1 << ((x ^ (1 << i)) >> 1))
        })
        .collect();
    let tags: Vec<u128> = (0..nv).map(|v| 1u128 << v).collect();
    let mut codes = Vec::new();
    exact_covers(&rows, &tags, mask(nv), &mut |t| codes.push(t), &mut |_, _| {});
    Ok(codes)
}

fn check(n: usize) -> Result<()> {
    if n == 0 || n > MAX_COUNT_SQUARES {
        bail!("strategies are counted for 1 to {MAX_COUNT_SQUARES} squares, not {n}");
    }
    Ok(())
}

fn factorial(n: usize) -> BigUint {
    (1..=n).fold(BigUint::from(1u32), |a, i| a * BigUint::from(i))
}

/// |GL(k, 2)| = (2^k − 1)(2^k − 2)…(2^k − 2^(k−1)).
fn gl_order(k: u32) -> BigUint {
    (0..k).fold(BigUint::from(1u32), |a, i| a * BigUint::from((1u64 << k) - (1u64 << i)))
}

/// XOR-type strategies by the formula (n!)² / |GL(k, 2)|; none unless n is a power of two.
pub fn linear_by_formula(n: usize) -> BigUint {
    if !n.is_power_of_two() {
        return BigUint::from(0u32);
    }
    let f = factorial(n);
    &f * &f / gl_order(n.trailing_zeros())
}

/// Counts the strategies on n ≤ 8 squares by exact cover over perfect codes.
pub fn count(n: usize, progress: &mut dyn Progress) -> Result<Count> {
    let codes = perfect_codes(n)?;
    let nv = 1usize << (n - 1);
    let mut partitions = 0u64;
    let ones = vec![0u128; codes.len()];
    exact_covers(&codes, &ones, mask(nv), &mut |_| partitions += 1, &mut |i, total| {
        progress.report(i as u64, total as u64)
    });
    progress.report(1, 1);
    let even = factorial(n) * BigUint::from(partitions);
    Ok(Count {
        squares: n,
        strategies: (&even * &even).to_string(),
        linear_strategies: linear_by_formula(n).to_string(),
        codes: codes.len() as u64,
        partitions,
        even_colourings: even.to_string(),
    })
}

/// XOR-type strategies by enumeration, for the tests: every labelling of the squares by the
/// vectors of GF(2)^k gives the partition of the boards into the cosets of its kernel; count
/// the distinct partitions and name their parts in every order.
pub fn linear_by_enumeration(n: usize) -> Result<BigUint> {
    check(n)?;
    if !n.is_power_of_two() {
        return Ok(BigUint::from(0u32));
    }
    let mut labels: Vec<usize> = (0..n).collect();
    let mut kernels = std::collections::HashSet::new();
    let mut kernel_of = |labels: &[usize]| {
        let mut k = [0u64; 4];
        for x in 0..1usize << n {
            let image = (0..n).filter(|&i| x >> i & 1 == 1).fold(0, |a, i| a ^ labels[i]);
            if image == 0 {
                k[x / 64] |= 1 << (x % 64);
            }
        }
        kernels.insert(k);
    };
    // Heap's algorithm over all n! labellings.
    let mut c = vec![0usize; n];
    kernel_of(&labels);
    let mut i = 0;
    while i < n {
        if c[i] < i {
            labels.swap(if i % 2 == 0 { 0 } else { c[i] }, i);
            kernel_of(&labels);
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    Ok(BigUint::from(kernels.len()) * factorial(n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::NoProgress;

    /// Brute force on the whole cube, no parity split: count the colourings of Q_n with n
    /// colours in which every board sees each colour once among its neighbours, and how many
    /// of them are XOR-type (some naming of the colours by GF(2)^k makes them affine).
    fn brute_force(n: usize) -> (u64, u64) {
        let boards = 1usize << n;
        let mut colour = vec![usize::MAX; boards];
        let mut total = 0;
        let mut linear = 0;
        fn ok(n: usize, colour: &[usize], x: usize) -> bool {
            // Every board near x keeps its neighbours' colours distinct.
            (0..n).chain(std::iter::once(usize::MAX)).all(|j| {
                let y = if j == usize::MAX { x } else { x ^ (1 << j) };
                let mut seen = 0u32;
                (0..n).all(|i| {
                    let c = colour[y ^ (1 << i)];
                    c == usize::MAX
                        || seen & (1 << c) == 0 && {
                            seen |= 1 << c;
                            true
                        }
                })
            })
        }
        fn is_affine(n: usize, colour: &[usize]) -> bool {
            // Try every naming of the colours by GF(2)^k: affine iff f(x) ^ f(0) is linear,
            // i.e. additive on the basis boards.
            let mut names: Vec<usize> = (0..n).collect();
            let mut perms = vec![names.clone()];
            let mut c = vec![0; n];
            let mut i = 0;
            while i < n {
                if c[i] < i {
                    names.swap(if i % 2 == 0 { 0 } else { c[i] }, i);
                    perms.push(names.clone());
                    c[i] += 1;
                    i = 0;
                } else {
                    c[i] = 0;
                    i += 1;
                }
            }
            perms.iter().any(|p| {
                let f = |x: usize| p[colour[x]] ^ p[colour[0]];
                (0..1usize << n).all(|x| f(x) == (0..n).filter(|&i| x >> i & 1 == 1).fold(0, |a, i| a ^ f(1 << i)))
            })
        }
        fn rec(n: usize, x: usize, colour: &mut Vec<usize>, total: &mut u64, linear: &mut u64) {
            if x == colour.len() {
                *total += 1;
                if is_affine(n, colour) {
                    *linear += 1;
                }
                return;
            }
            for c in 0..n {
                colour[x] = c;
                if ok(n, colour, x) {
                    rec(n, x + 1, colour, total, linear);
                }
            }
            colour[x] = usize::MAX;
        }
        rec(n, 0, &mut colour, &mut total, &mut linear);
        (total, linear)
    }

    #[test]
    fn small_counts_agree_with_brute_force_on_the_whole_cube() {
        for n in 1..=4 {
            let (total, linear) = brute_force(n);
            let c = count(n, &mut NoProgress).unwrap();
            assert_eq!(c.strategies, total.to_string(), "n = {n}");
            assert_eq!(c.linear_strategies, linear.to_string(), "n = {n}");
            assert_eq!(linear_by_enumeration(n).unwrap().to_string(), linear.to_string());
        }
    }

    #[test]
    fn eight_squares_exact_cover_agrees_with_the_colouring_search() {
        let c = count(8, &mut NoProgress).unwrap();
        let searched = crate::devil::lab::search::count(8, &mut NoProgress).unwrap();
        assert!(searched.exhausted);
        assert_eq!(c.partitions, searched.solutions);
        assert_eq!(c.linear_strategies, linear_by_enumeration(8).unwrap().to_string());
        // Published: there are 30 Hamming codes of length 7 (7!/168), each with 8 cosets of
        // even weight once extended — 240 extended perfect codes of length 8.
        assert_eq!(c.codes, 30 * 8);
    }

    #[test]
    fn the_source_facts_about_small_codes() {
        // "the only perfect single error correcting code for n = 3 is {000, 111}": as extended
        // codes of length 4 containing 0000, exactly one — {0000, 1111}.
        let codes = perfect_codes(4).unwrap();
        let with_zero: Vec<u128> = codes.iter().copied().filter(|c| c & 1 == 1).collect();
        assert_eq!(with_zero, vec![1 | 1 << (0b1111 >> 1)]);
        for n in [3, 5, 6, 7] {
            assert!(perfect_codes(n).unwrap().is_empty(), "n = {n}");
            assert_eq!(count(n, &mut NoProgress).unwrap().strategies, "0");
        }
        assert!(count(0, &mut NoProgress).is_err() && count(9, &mut NoProgress).is_err());
    }
}
