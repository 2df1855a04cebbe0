//! The game's size: N coins around the table, each with σ sides. A configuration lists the
//! face (0..σ) at each position, position 0 first; face 0 is heads and the goal is all zeros.

use crate::input::whole;
use crate::{bail, Result};
use serde::{Deserialize, Serialize};

pub const MAX_COINS: usize = 64;
pub const MIN_SIDES: u8 = 2;
pub const MAX_SIDES: u8 = 6;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Params {
    pub coins: usize,
    pub sides: u8,
}

impl Params {
    pub fn new(coins: usize, sides: u8) -> Result<Params> {
        if coins == 0 || coins > MAX_COINS {
            bail!("the table holds 1 to {MAX_COINS} coins, not {coins}");
        }
        if !(MIN_SIDES..=MAX_SIDES).contains(&sides) {
            bail!("coins have {MIN_SIDES} to {MAX_SIDES} sides, not {sides}");
        }
        Ok(Params { coins, sides })
    }

    /// The size as the page's number boxes give it (any JavaScript number).
    pub fn from_numbers(coins: f64, sides: f64) -> Result<Params> {
        let coins = whole(coins, 1, MAX_COINS as u64, "coins")?;
        let sides = whole(sides, u64::from(MIN_SIDES), u64::from(MAX_SIDES), "sides")?;
        Params::new(coins as usize, sides as u8)
    }

    /// σ^N when it fits in a `u64`: the number of configurations.
    pub fn configs(&self) -> Option<u64> {
        u64::from(self.sides).checked_pow(self.coins as u32)
    }

    /// The prime p with N and σ both powers of p (N = 1 counts as p^0), if any: by the
    /// theorem of the rotating table, exactly the winnable games.
    pub fn common_prime(&self) -> Option<u64> {
        let p = smallest_prime_factor(u64::from(self.sides));
        let is_power = |mut n: u64| {
            while n.is_multiple_of(p) {
                n /= p;
            }
            n == 1
        };
        (is_power(u64::from(self.sides)) && is_power(self.coins as u64)).then_some(p)
    }

    /// Whether some strategy wins: one coin never moves, so it always wins; otherwise the
    /// theorem asks for a common prime.
    pub fn winnable(&self) -> bool {
        self.coins == 1 || self.common_prime().is_some()
    }

    /// The length every winning strategy needs at least: each move removes at most one
    /// configuration from the σ^N − 1 that are not yet won. `None` when it overflows u64.
    pub fn lower_bound(&self) -> Option<u64> {
        self.configs().map(|c| c - 1).or((self.coins == 64 && self.sides == 2).then_some(u64::MAX))
    }

    /// Index of a configuration (digit i = face at position i) when σ^N fits in a u64.
    pub fn index(&self, faces: &[u8]) -> u64 {
        faces.iter().rev().fold(0u64, |acc, &f| acc * u64::from(self.sides) + u64::from(f))
    }

    /// The faces of configuration `index`.
    pub fn faces(&self, mut index: u64) -> Vec<u8> {
        let s = u64::from(self.sides);
        (0..self.coins)
            .map(|_| {
                let f = (index % s) as u8;
                index /= s;
                f
            })
            .collect()
    }
}

pub fn smallest_prime_factor(n: u64) -> u64 {
    (2..).take_while(|d| d * d <= n).find(|d| n.is_multiple_of(*d)).unwrap_or(n)
}

/// The configuration seen after turning the table by `turn` steps: the coin at position i moves
/// to position i + turn.
pub fn rotate(faces: &[u8], turn: usize) -> Vec<u8> {
    let n = faces.len();
    (0..n).map(|i| faces[(i + n - turn % n) % n]).collect()
}

/// Adds `amounts` position by position, mod σ.
pub fn add(faces: &[u8], amounts: &[u8], sides: u8) -> Vec<u8> {
    faces.iter().zip(amounts).map(|(&f, &a)| (f + a) % sides).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_from_the_page_are_checked_by_field() {
        assert_eq!(Params::from_numbers(4.0, 2.0).unwrap(), Params { coins: 4, sides: 2 });
        assert_eq!(
            Params::from_numbers(-1.0, 2.0).unwrap_err().message(),
            "coins: a whole number from 1 to 64, not -1"
        );
        assert_eq!(
            Params::from_numbers(1000.0, 2.0).unwrap_err().message(),
            "coins: a whole number from 1 to 64, not 1000"
        );
        assert_eq!(Params::from_numbers(4.0, 2.5).unwrap_err().message(), "sides: a whole number from 2 to 6, not 2.5");
    }

    #[test]
    fn limits_and_primes() {
        assert!(Params::new(0, 2).is_err());
        assert!(Params::new(65, 2).is_err());
        assert!(Params::new(4, 1).is_err());
        assert!(Params::new(4, 7).is_err());
        let p = |n, s| Params::new(n, s).unwrap().common_prime();
        assert_eq!(p(8, 2), Some(2));
        assert_eq!(p(2, 4), Some(2));
        assert_eq!(p(9, 3), Some(3));
        assert_eq!(p(1, 6), None);
        assert!(Params::new(1, 6).unwrap().winnable());
        assert!(!Params::new(2, 6).unwrap().winnable());
        assert_eq!(p(1, 5), Some(5));
        assert_eq!(p(6, 2), None);
        assert_eq!(p(3, 2), None);
        assert_eq!(p(64, 2), Some(2));
        assert_eq!(Params::new(64, 2).unwrap().lower_bound(), Some(u64::MAX));
        assert_eq!(Params::new(4, 2).unwrap().lower_bound(), Some(15));
    }

    #[test]
    fn index_round_trip_and_rotation() {
        let p = Params::new(3, 3).unwrap();
        for i in 0..27 {
            assert_eq!(p.index(&p.faces(i)), i);
        }
        assert_eq!(rotate(&[1, 0, 0, 0], 1), vec![0, 1, 0, 0]);
        assert_eq!(rotate(&[1, 2, 3], 4), vec![3, 1, 2]);
        assert_eq!(add(&[2, 1], &[2, 2], 3), vec![1, 0]);
    }
}
