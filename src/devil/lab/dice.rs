//! Dice instead of coins: each square shows 0..q−1 and A adds 1 (mod q) to exactly one square.
//!
//! A strategy needs, from every board, the n moves to name the n squares once each. Each
//! answer is then named by exactly q^n / n boards (every board named k is reached from exactly
//! n boards, one per square), so n must divide q^n: every prime factor of n divides q.
//! Conversely, when it does, label the squares by the elements of the group
//! G = ⊕_p (Z_p)^(a_p) for n = ∏ p^(a_p) (vectors over the field of p elements for n = p^a):
//! the board names Σ x_i · label_i, where x_i is read mod p in each Z_p coordinate — well
//! defined because p divides q. Adding 1 to square i adds label_i, so the n moves give the n
//! elements of G.

use crate::{bail, Result};
use serde::Serialize;

/// Largest number of boards checked one by one.
pub const MAX_DICE_BOARDS: u64 = 1 << 20;

/// A dice game of n squares with q faces, with its digit bases when a strategy exists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Dice {
    pub squares: usize,
    pub faces: usize,
    /// Square i is the mixed-radix number whose digits (lowest first) have these bases: one
    /// Z_p coordinate per prime factor p of n, counted with multiplicity.
    pub bases: Vec<usize>,
}

fn prime_factors(mut n: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut p = 2;
    while p * p <= n {
        while n.is_multiple_of(p) {
            out.push(p);
            n /= p;
        }
        p += 1;
    }
    if n > 1 {
        out.push(n);
    }
    out
}

/// Whether a strategy exists for n squares and q faces, with the reason.
pub fn exists(n: usize, q: usize) -> Result<(bool, String)> {
    if n == 0 || n > 4096 || !(2..=64).contains(&q) {
        bail!("dice games here have 1 to 4096 squares and 2 to 64 faces, not n = {n}, q = {q}");
    }
    let missing: Vec<usize> = prime_factors(n).into_iter().filter(|&p| !q.is_multiple_of(p)).collect();
    Ok(match missing.first() {
        None if n == 1 => (true, "one square: B always names it".to_string()),
        None => {
            let mut primes = prime_factors(n);
            primes.dedup();
            let group = primes
                .iter()
                .map(|&p| {
                    let a = prime_factors(n).iter().filter(|&&x| x == p).count();
                    if a == 1 {
                        format!("Z_{p}")
                    } else {
                        format!("(Z_{p})^{a}")
                    }
                })
                .collect::<Vec<_>>()
                .join(" × ");
            (true, format!("every prime factor of {n} divides {q}: label the squares by the elements of {group}; the board names the sum of its dice times their labels, and adding 1 to square i adds label i"))
        }
        Some(&p) => (
            false,
            format!("each square would be named by exactly {q}^{n}/{n} boards, but {n} has the prime factor {p}, which does not divide {q}, so {q}^{n}/{n} is not a whole number: no strategy"),
        ),
    })
}

impl Dice {
    pub fn new(n: usize, q: usize) -> Result<Dice> {
        let (ok, reason) = exists(n, q)?;
        if !ok {
            bail!("no strategy for {n} squares and {q} faces: {reason}");
        }
        Ok(Dice { squares: n, faces: q, bases: prime_factors(n) })
    }

    fn digits(&self, mut i: usize) -> Vec<usize> {
        self.bases
            .iter()
            .map(|&b| {
                let d = i % b;
                i /= b;
                d
            })
            .collect()
    }

    fn number(&self, digits: &[usize]) -> usize {
        digits.iter().zip(&self.bases).rev().fold(0, |acc, (&d, &b)| acc * b + d)
    }

    fn check_board(&self, board: &[u8]) -> Result<()> {
        if board.len() != self.squares {
            bail!("a board of {} squares, not {}", self.squares, board.len());
        }
        if let Some(v) = board.iter().find(|&&v| usize::from(v) >= self.faces) {
            bail!("a die shows 0 to {}, not {v}", self.faces - 1);
        }
        Ok(())
    }

    /// Prisoner B: the square the board names.
    pub fn decode(&self, board: &[u8]) -> Result<usize> {
        self.check_board(board)?;
        let mut sum = vec![0usize; self.bases.len()];
        for (i, &x) in board.iter().enumerate() {
            for ((s, &l), &b) in sum.iter_mut().zip(&self.digits(i)).zip(&self.bases) {
                *s = (*s + usize::from(x) % b * l) % b;
            }
        }
        Ok(self.number(&sum))
    }

    /// Prisoner A: the square to add 1 to so that B names `key`.
    pub fn encode(&self, board: &[u8], key: usize) -> Result<usize> {
        if key >= self.squares {
            bail!("key square {key} is off the board (0 to {})", self.squares - 1);
        }
        let now = self.digits(self.decode(board)?);
        let want = self.digits(key);
        let diff: Vec<usize> = want.iter().zip(&now).zip(&self.bases).map(|((&w, &c), &b)| (w + b - c) % b).collect();
        Ok(self.number(&diff))
    }
}

/// Checks a rule on every board of n squares with q faces (q^n ≤ 2^20): from each, the n
/// moves name n different squares. Returns the first failing board.
pub fn verify(n: usize, q: usize, colour: &dyn Fn(&[u8]) -> usize) -> Result<Option<Vec<u8>>> {
    let boards = (q as u64).checked_pow(n as u32).filter(|&b| b <= MAX_DICE_BOARDS);
    let Some(boards) = boards else {
        bail!("{q}^{n} boards are too many to check one by one (at most {MAX_DICE_BOARDS})");
    };
    let mut board = vec![0u8; n];
    for _ in 0..boards {
        let mut seen = vec![false; n];
        for i in 0..n {
            let mut next = board.clone();
            next[i] = ((usize::from(next[i]) + 1) % q) as u8;
            let c = colour(&next);
            if c >= n || std::mem::replace(&mut seen[c], true) {
                return Ok(Some(board));
            }
        }
        // Next board in base q.
        for d in board.iter_mut() {
            *d += 1;
            if usize::from(*d) < q {
                break;
            }
            *d = 0;
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_constructions_pass_every_board() {
        for (n, q) in [(3, 3), (9, 3), (4, 4), (4, 2), (2, 4), (6, 6), (5, 5), (8, 2), (3, 6)] {
            let d = Dice::new(n, q).unwrap();
            assert_eq!(verify(n, q, &|b| d.decode(b).unwrap()).unwrap(), None, "n = {n}, q = {q}");
            let board: Vec<u8> = (0..n).map(|i| ((i * 7 + 3) % q) as u8).collect();
            for key in 0..n {
                let i = d.encode(&board, key).unwrap();
                let mut next = board.clone();
                next[i] = ((usize::from(next[i]) + 1) % q) as u8;
                assert_eq!(d.decode(&next).unwrap(), key);
            }
        }
    }

    /// Brute force over every rule: no strategy for (2, 3), (3, 2), (2, 5).
    #[test]
    fn impossible_cases_have_no_rule_at_all() {
        for (n, q) in [(2usize, 3usize), (3, 2), (2, 5)] {
            assert!(!exists(n, q).unwrap().0);
            let boards = q.pow(n as u32);
            let mut colours = vec![0usize; boards];
            fn index(b: &[u8], q: usize) -> usize {
                b.iter().rev().fold(0, |a, &d| a * q + usize::from(d))
            }
            fn succ(x: usize, i: usize, n: usize, q: usize) -> usize {
                let mut b: Vec<u8> = (0..n).map(|j| ((x / q.pow(j as u32)) % q) as u8).collect();
                b[i] = ((usize::from(b[i]) + 1) % q) as u8;
                index(&b, q)
            }
            // Backtracking: colour boards in order, checking every board whose successors are
            // all coloured.
            fn rec(x: usize, colours: &mut Vec<usize>, n: usize, q: usize) -> bool {
                if x == colours.len() {
                    return true;
                }
                for c in 0..n {
                    colours[x] = c;
                    let ok = (0..colours.len()).all(|y| {
                        let s: Vec<usize> = (0..n).map(|i| succ(y, i, n, q)).collect();
                        s.iter().any(|&z| z > x) || {
                            let mut cs: Vec<usize> = s.iter().map(|&z| colours[z]).collect();
                            cs.sort_unstable();
                            cs.dedup();
                            cs.len() == n
                        }
                    });
                    if ok && rec(x + 1, colours, n, q) {
                        return true;
                    }
                }
                false
            }
            assert!(!rec(0, &mut colours, n, q), "n = {n}, q = {q}");
            assert!(Dice::new(n, q).is_err());
        }
    }

    #[test]
    fn reasons_and_errors() {
        assert!(exists(6, 6).unwrap().0);
        assert!(exists(6, 4).unwrap().1.contains("prime factor 3"));
        assert!(exists(0, 3).is_err() && exists(4, 1).is_err());
        let d = Dice::new(9, 3).unwrap();
        assert!(d.decode(&[0; 8]).is_err());
        assert!(d.decode(&[3; 9]).is_err());
        assert!(d.encode(&[0; 9], 9).is_err());
    }
}
