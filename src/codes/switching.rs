//! Switching perfect codes: moving an i-component of a perfect code by the unit vector e_i
//! gives another perfect code, and walks of such switches reach many of the perfect codes of
//! a length (Östergård and Pottonen classified those of length 15: 5,983 up to equivalence).
//! Each code reached is told apart by its rank and kernel dimension, the classic invariants;
//! the walk does not decide equivalence, so it counts distinct codes and invariant pairs.

use super::{perfect, Code};
use crate::progress::Progress;
use crate::seed::rng_from_seed;
use crate::{bail, Result};
use rand::Rng;
use serde::Serialize;
use std::collections::BTreeSet;

/// The longest walk asked for in one call.
pub const MAX_STEPS: u32 = 2000;

/// The i-component of `code` holding codeword `start` (coordinate `i`, 0-based): the
/// smallest set K of codewords with `start` in it such that (C \ K) ∪ (K + e_i) is perfect.
/// Codewords x and x + e_i + e_j + e_k (both in the code) must switch together, since after x
/// moves to x + e_i the word x + e_i + e_j is one flip from both; K is the connected part of
/// that graph.
pub fn component(code: &Code, i: usize, start: u64) -> Result<Vec<u64>> {
    let n = code.length();
    if i >= n {
        bail!("coordinate {i} is outside a code of length {n}");
    }
    if !code.contains(start) {
        bail!("{} is not a codeword", super::word_to_string(start, n));
    }
    let mut seen = BTreeSet::from([start]);
    let mut todo = vec![start];
    while let Some(x) = todo.pop() {
        for j in 0..n {
            for k in j + 1..n {
                if j == i || k == i {
                    continue;
                }
                let y = x ^ (1 << i) ^ (1 << j) ^ (1 << k);
                if code.contains(y) && seen.insert(y) {
                    todo.push(y);
                }
            }
        }
    }
    Ok(seen.into_iter().collect())
}

/// `code` with the codewords of `component` moved by e_i.
pub fn switch(code: &Code, i: usize, component: &[u64]) -> Result<Code> {
    let moved: BTreeSet<u64> = component.iter().copied().collect();
    let words = code.words().iter().map(|&x| if moved.contains(&x) { x ^ (1 << i) } else { x });
    Code::new(code.length(), words)
}

/// The dimension of the span of the codewords.
pub fn rank(code: &Code) -> u32 {
    // Gaussian elimination, one basis vector per leading bit.
    let mut basis = [0u64; 64];
    let mut rank = 0;
    for &w in code.words() {
        let mut v = w;
        for b in (0..code.length()).rev() {
            if v >> b & 1 == 0 {
                continue;
            }
            if basis[b] == 0 {
                basis[b] = v;
                rank += 1;
                break;
            }
            v ^= basis[b];
        }
    }
    rank
}

/// The dimension of the kernel — the words k with k + C = C once the code is moved to hold 0
/// (a translate is an equivalent code); the kernel is a linear space.
pub fn kernel_dimension(code: &Code) -> u32 {
    let Some(&first) = code.words().first() else { return 0 };
    let kernel = code.words().iter().filter(|&&k| code.words().iter().all(|&c| code.contains(c ^ first ^ k))).count();
    kernel.max(1).ilog2()
}

/// One switch of a walk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The coordinate switched, 1-based as the lab writes positions.
    pub position: usize,
    /// How many codewords moved.
    pub moved: usize,
    pub rank: u32,
    pub kernel: u32,
    /// The checker's verdict on the code reached (it is perfect by the theory).
    pub perfect: bool,
}

/// A walk of switches from a perfect code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Walk {
    pub start_rank: u32,
    pub start_kernel: u32,
    pub steps: Vec<Step>,
    /// Different codes (as sets of words) met, the start included.
    pub distinct_codes: usize,
    /// The (rank, kernel dimension) pairs met, the start included, in order.
    pub invariants: Vec<(u32, u32)>,
}

/// `steps` switches from `code` (a perfect code), each of the i-component of a random
/// codeword for a random coordinate i, drawn from `seed`.
pub fn walk(code: &Code, steps: u32, seed: u64, progress: &mut dyn Progress) -> Result<Walk> {
    if !perfect::check(code).perfect {
        bail!("switching starts from a perfect code");
    }
    if steps > MAX_STEPS {
        bail!("a walk here is at most {MAX_STEPS} switches, not {steps}");
    }
    let mut rng = rng_from_seed(seed);
    let mut current = code.clone();
    let (start_rank, start_kernel) = (rank(code), kernel_dimension(code));
    let mut codes = BTreeSet::from([code.words().to_vec()]);
    let mut invariants = BTreeSet::from([(start_rank, start_kernel)]);
    let mut out = Vec::new();
    for s in 0..steps {
        progress.report(u64::from(s), u64::from(steps));
        let i = rng.random_range(0..current.length());
        let start = current.words()[rng.random_range(0..current.len())];
        let k = component(&current, i, start)?;
        current = switch(&current, i, &k)?;
        let step = Step {
            position: i + 1,
            moved: k.len(),
            rank: rank(&current),
            kernel: kernel_dimension(&current),
            perfect: perfect::check(&current).perfect,
        };
        codes.insert(current.words().to_vec());
        invariants.insert((step.rank, step.kernel));
        out.push(step);
    }
    progress.report(u64::from(steps), u64::from(steps));
    Ok(Walk {
        start_rank,
        start_kernel,
        steps: out,
        distinct_codes: codes.len(),
        invariants: invariants.into_iter().collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::NoProgress;

    /// The Hamming code of length 2^r − 1 by its definition: the words whose 1 bits' positions
    /// XOR to 0.
    fn hamming_code(r: u32) -> Code {
        let n = (1usize << r) - 1;
        let words = (0..1u64 << n).filter(|&w| (0..n).filter(|&j| w >> j & 1 == 1).fold(0, |s, j| s ^ (j + 1)) == 0);
        Code::new(n, words).unwrap()
    }

    /// Perfection by counting: every word of the space is within distance 1 of exactly one
    /// codeword (a second algorithm beside the checker's).
    fn covers_once(code: &Code) -> bool {
        let n = code.length();
        (0..1u64 << n).all(|w| (code.contains(w) as usize) + (0..n).filter(|&j| code.contains(w ^ 1 << j)).count() == 1)
    }

    #[test]
    fn hamming_codes_have_full_kernel_and_components_of_size_two_to_the_half_length() {
        for r in [3, 4] {
            let code = hamming_code(r);
            let n = code.length();
            let k = n - r as usize;
            assert_eq!((rank(&code), kernel_dimension(&code)), (k as u32, k as u32));
            // An i-component of the Hamming code of length n has 2^((n − 1)/2) words
            // (n = 7: the three weight-3 words through i span a space of 8 words).
            for i in 0..n {
                assert_eq!(component(&code, i, 0).unwrap().len(), 1 << ((n - 1) / 2), "n = {n}, i = {i}");
            }
        }
    }

    #[test]
    fn switched_codes_stay_perfect_and_leave_linearity() {
        let code = hamming_code(4);
        let k = component(&code, 0, 0).unwrap();
        let switched = switch(&code, 0, &k).unwrap();
        assert_eq!(switched.len(), 2048);
        assert!(covers_once(&switched));
        assert!(!perfect::check(&switched).linear);
        assert!(rank(&switched) > 11);
        assert!(kernel_dimension(&switched) < 11);
        let w = walk(&code, 12, 7, &mut NoProgress).unwrap();
        assert!(w.steps.iter().all(|s| s.perfect));
        assert!(w.distinct_codes > 1);
        assert!(w.invariants.len() > 1);
    }

    #[test]
    fn bad_starts_are_refused() {
        let not_perfect = Code::new(3, [0b000, 0b011]).unwrap();
        assert!(walk(&not_perfect, 1, 1, &mut NoProgress).unwrap_err().to_string().contains("perfect"));
        assert!(walk(&hamming_code(3), MAX_STEPS + 1, 1, &mut NoProgress).is_err());
        assert!(component(&hamming_code(3), 9, 0).is_err());
    }
}
