//! The recursive winning strategy, generated lazily: move i is computed on demand, since the
//! strategy for 32 coins has 2^32 − 1 moves.
//!
//! Read a configuration of N = p·n coins with p sides (p prime) as a polynomial c(x) over the
//! field of p elements, modulo x^N − 1 = (x^n − 1)^p; turning the table multiplies by x. The
//! ideals J_j = (x^n − 1)^j for j = 0..p are kept by turning, and each layer J_j / J_(j+1) looks
//! exactly like a table of n coins. So: run the n-coin strategy o_1..o_L (L = p^n − 1) on layer
//! 0 with the moves o_k, and between any two of them (and before the first and after the last)
//! a complete strategy for layer 1, built the same way from the moves (x^n − 1)·o_k, and so on
//! down to layer p − 1. A layer's moves never disturb the layers above it, so the top layer
//! runs through every value and is 0 at some pause, where the next layer's full strategy wins.
//! The length is p^N − 1; for p = 2 this is John Lamping's construction from the notebook
//! (moves "d" = o twice around the table, "s" = o on one half).

use super::moves::Move;
use super::params::Params;
use crate::{bail, Result};

/// A fixed sequence of moves that can be read at any index.
pub trait Strategy {
    fn params(&self) -> Params;
    /// Number of moves.
    fn len(&self) -> u64;
    /// Move `i` (0-based), `i < len()`.
    fn move_at(&self, i: u64) -> Move;

    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The recursive construction for σ = p prime and N = p^a (and for one coin of any σ).
#[derive(Debug, Clone, Copy)]
pub struct Recursive {
    params: Params,
    prime: u64,
}

impl Recursive {
    pub fn new(params: Params) -> Result<Recursive> {
        if params.coins == 1 {
            return Ok(Recursive { params, prime: u64::from(params.sides) });
        }
        let p = u64::from(params.sides);
        if super::params::smallest_prime_factor(p) != p || params.common_prime() != Some(p) {
            bail!(
                "the recursive construction needs a prime number of sides p and p^a coins, not {} coins with {} sides",
                params.coins,
                params.sides
            );
        }
        Ok(Recursive { params, prime: p })
    }

    /// Move number `t` (1-based) of the strategy for `n` coins, as amounts.
    fn amounts(&self, n: usize, t: u128) -> Vec<u8> {
        let p = self.prime as u128;
        if n == 1 {
            return vec![1];
        }
        let m = n / self.prime as usize;
        let q = p.pow(m as u32);
        let (mut v, mut rest) = (0u32, t);
        while rest % q == 0 {
            rest /= q;
            v += 1;
        }
        let digit = rest % q;
        let layer = (p as u32 - 1 - v) as usize;
        let inner = self.amounts(m, digit);
        // (x^m − 1)^layer · o(x): the coefficient of x^(k·m) is C(layer, k)·(−1)^(layer − k).
        let mut out = vec![0u8; n];
        for k in 0..=layer {
            let sign = if (layer - k).is_multiple_of(2) { 1 } else { p - 1 };
            let coef = (binomial(layer as u128, k as u128) % p) * sign % p;
            for (i, &a) in inner.iter().enumerate() {
                out[k * m + i] = ((coef * a as u128) % p) as u8;
            }
        }
        out
    }
}

fn binomial(n: u128, k: u128) -> u128 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

impl Strategy for Recursive {
    fn params(&self) -> Params {
        self.params
    }

    fn len(&self) -> u64 {
        if self.params.coins == 1 {
            return u64::from(self.params.sides) - 1;
        }
        // p^N − 1 fits: the largest cases are 2^64 − 1, 3^27 − 1 and 5^25 − 1.
        ((self.prime as u128).pow(self.params.coins as u32) - 1) as u64
    }

    fn move_at(&self, i: u64) -> Move {
        Move { amounts: self.amounts(self.params.coins, u128::from(i) + 1) }
    }
}

/// A strategy held as a list (found by search or read from a file).
#[derive(Debug, Clone)]
pub struct Listed {
    pub params: Params,
    pub moves: Vec<Move>,
}

impl Strategy for Listed {
    fn params(&self) -> Params {
        self.params
    }

    fn len(&self) -> u64 {
        self.moves.len() as u64
    }

    fn move_at(&self, i: u64) -> Move {
        self.moves[i as usize].clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(n: usize) -> Vec<String> {
        let s = Recursive::new(Params::new(n, 2).unwrap()).unwrap();
        (0..s.len()).map(|i| s.move_at(i).to_letters()).collect()
    }

    #[test]
    fn matches_the_notebook_for_two_and_four_coins() {
        assert_eq!(letters(1), ["F"]);
        assert_eq!(letters(2), ["FF", "FL", "FF"]);
        // "FFFF, FLFL, FFFF, FFLL, FFFF, FLFL, FFFF, FLLL, FFFF, FLFL, FFFF, FFLL, FFFF, FLFL,
        // FFFF. That is the answer that we all came up with."
        let expected = "FFFF FLFL FFFF FFLL FFFF FLFL FFFF FLLL FFFF FLFL FFFF FFLL FFFF FLFL FFFF";
        assert_eq!(letters(4).join(" "), expected);
    }

    #[test]
    fn doubling_rule_of_the_notebook_holds_for_eight_coins() {
        // d_i = o_i twice, s_i = o_i then leave alone; d_1..d_L, s_1, d_1..d_L, s_2, …
        let o = letters(4);
        let mut expected = Vec::new();
        let d: Vec<String> = o.iter().map(|m| format!("{m}{m}")).collect();
        expected.extend(d.iter().cloned());
        for m in &o {
            expected.push(format!("{m}LLLL"));
            expected.extend(d.iter().cloned());
        }
        assert_eq!(letters(8), expected);
    }

    #[test]
    fn lengths_and_far_moves() {
        let s32 = Recursive::new(Params::new(32, 2).unwrap()).unwrap();
        assert_eq!(s32.len(), 4_294_967_295);
        // Every odd-numbered move flips all coins (the notebook's observation for 4 coins).
        assert!(s32.move_at(4_294_967_294).amounts.iter().all(|&a| a == 1));
        let s64 = Recursive::new(Params::new(64, 2).unwrap()).unwrap();
        assert_eq!(s64.len(), u64::MAX);
        assert_eq!(s64.move_at(u64::MAX - 1).amounts.len(), 64);
        // The middle move of 2^N − 1 is the one "s" move that flips only coin 0 of the halves'
        // first half: o's middle move recursively, i.e. F followed by N − 1 L's.
        let mid = s64.move_at(u64::MAX / 2);
        assert_eq!(mid.positions(), vec![0]);
        assert_eq!(Recursive::new(Params::new(27, 3).unwrap()).unwrap().len(), 3u64.pow(27) - 1);
        assert_eq!(Recursive::new(Params::new(1, 6).unwrap()).unwrap().len(), 5);
        assert!(Recursive::new(Params::new(6, 2).unwrap()).is_err());
        assert!(Recursive::new(Params::new(2, 4).unwrap()).is_err());
    }
}
