//! The fewest presses among all solutions: every solution is one solution plus a quiet
//! pattern, so the search walks the whole kernel when it is small enough — a Gray code for two
//! states (one XOR per step), a mixed-radix odometer for k states (one addition per step) —
//! and otherwise improves greedily and says the result is not proven minimal.

use crate::lights::algebra::gf2::BitVec;
use crate::progress::Progress;

/// Largest nullity searched exhaustively (2^24 solutions: every 5×5 pattern and far beyond).
pub const MAX_EXACT_NULLITY: usize = 24;
/// Word operations allowed for the exhaustive search (so huge boards with a sizeable kernel
/// fall back to the labelled heuristic instead of running for minutes).
const WORK_BUDGET: u64 = 1 << 33;

/// Minimises the number of ones of `x + Σ c_i basis_i`; returns (best, proven minimal).
pub fn minimize_gf2(x: &BitVec, basis: &[BitVec], progress: &mut dyn Progress) -> (BitVec, bool) {
    let words = x.words.len().max(1) as u64;
    let nb = basis.len();
    if nb <= MAX_EXACT_NULLITY && (1u64 << nb).saturating_mul(words) <= WORK_BUDGET {
        let mut cur = x.clone();
        let mut best = x.clone();
        let mut best_count = x.count_ones();
        let total = 1u64 << nb;
        for i in 1..total {
            // Gray code: step i flips basis vector number trailing_zeros(i).
            cur.xor_with(&basis[i.trailing_zeros() as usize]);
            let count = cur.count_ones();
            if count < best_count {
                best_count = count;
                best = cur.clone();
            }
            if i % (1 << 16) == 0 {
                progress.report(i, total);
            }
        }
        progress.report(total, total);
        (best, true)
    } else {
        let mut best = x.clone();
        let mut best_count = best.count_ones();
        let mut improved = true;
        while improved {
            improved = false;
            for b in basis {
                let mut y = best.clone();
                y.xor_with(b);
                let count = y.count_ones();
                if count < best_count {
                    best = y;
                    best_count = count;
                    improved = true;
                }
            }
        }
        (best, false)
    }
}

/// Minimises Σ x_i (each in 0..k) over x + Σ c_i g_i, generator g_i of order o_i.
pub fn minimize_modk(x: &[u8], kernel: &[(Vec<u8>, u32)], k: u8, progress: &mut dyn Progress) -> (Vec<u8>, bool) {
    let sum = |v: &[u8]| v.iter().map(|&a| u64::from(a)).sum::<u64>();
    let add = |v: &mut [u8], g: &[u8]| {
        for (a, &b) in v.iter_mut().zip(g) {
            // In u16: with more than 128 states two states' sum passes 255.
            *a = ((u16::from(*a) + u16::from(b)) % u16::from(k)) as u8;
        }
    };
    let total: f64 = kernel.iter().map(|(_, o)| f64::from(*o)).product();
    let exact = total <= (1u64 << MAX_EXACT_NULLITY) as f64 && total * (x.len() as f64) <= (WORK_BUDGET * 8) as f64;
    let mut best = x.to_vec();
    let mut best_sum = sum(x);
    if exact {
        let total = total as u64;
        let mut digits = vec![0u32; kernel.len()];
        let mut cur = x.to_vec();
        for step in 1..total {
            // Odometer: bump the lowest digit; a digit wrapping to 0 has added its generator
            // `order` times, which is zero, so the vector stays consistent.
            for (d, (g, order)) in digits.iter_mut().zip(kernel) {
                add(&mut cur, g);
                *d += 1;
                if *d < *order {
                    break;
                }
                *d = 0;
            }
            let s = sum(&cur);
            if s < best_sum {
                best_sum = s;
                best = cur.clone();
            }
            if step % (1 << 16) == 0 {
                progress.report(step, total);
            }
        }
        (best, true)
    } else {
        let mut improved = true;
        while improved {
            improved = false;
            for (g, order) in kernel {
                let mut y = best.clone();
                for _ in 1..*order {
                    add(&mut y, g);
                    let s = sum(&y);
                    if s < best_sum {
                        best_sum = s;
                        best = y.clone();
                        improved = true;
                    }
                }
            }
        }
        (best, false)
    }
}
