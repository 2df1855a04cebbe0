//! Necklaces: configurations up to rotation. The devil may turn the table before every move, so
//! only a configuration's necklace matters; each is named by its canonical representative, the
//! rotation with the smallest index (position 0 is the least significant digit).

use super::params::Params;
use crate::{bail, Result};

/// The most configurations the tables here enumerate.
pub const MAX_TABLE_CONFIGS: u64 = 1 << 16;

/// Turns the table one step: the face at position i moves to position i + 1.
pub fn rotate_index(params: &Params, x: u64, total: u64) -> u64 {
    let s = u64::from(params.sides);
    let top = total / s;
    (x % top) * s + x / top
}

/// Every necklace of a small game, with the map from configurations to necklaces.
#[derive(Debug, Clone)]
pub struct Necklaces {
    pub params: Params,
    /// σ^N.
    pub configs: u64,
    /// Canonical representative of each necklace, ascending; necklace 0 is all heads.
    pub reps: Vec<u64>,
    /// Necklace number of each configuration.
    pub of: Vec<u32>,
    /// How many configurations each necklace has (its orbit under rotation).
    pub sizes: Vec<u32>,
}

impl Necklaces {
    pub fn new(params: Params) -> Result<Necklaces> {
        let configs = match params.configs() {
            Some(c) if c <= MAX_TABLE_CONFIGS => c,
            _ => bail!(
                "{} coins with {} sides have more than {MAX_TABLE_CONFIGS} configurations to list",
                params.coins,
                params.sides
            ),
        };
        let mut canon = vec![u64::MAX; configs as usize];
        for x in 0..configs {
            if canon[x as usize] != u64::MAX {
                continue;
            }
            let orbit = orbit_of(&params, x, configs);
            let min = *orbit.iter().min().unwrap_or(&x);
            for y in orbit {
                canon[y as usize] = min;
            }
        }
        let mut reps: Vec<u64> = (0..configs).filter(|&x| canon[x as usize] == x).collect();
        reps.sort_unstable();
        let mut number = vec![0u32; configs as usize];
        for (i, &r) in reps.iter().enumerate() {
            number[r as usize] = i as u32;
        }
        let of: Vec<u32> = canon.iter().map(|&c| number[c as usize]).collect();
        let mut sizes = vec![0u32; reps.len()];
        for &n in &of {
            sizes[n as usize] += 1;
        }
        Ok(Necklaces { params, configs, reps, of, sizes })
    }

    pub fn len(&self) -> usize {
        self.reps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.reps.is_empty()
    }

    /// The canonical representative of configuration `x`.
    pub fn canonical(&self, x: u64) -> u64 {
        self.reps[self.of[x as usize] as usize]
    }

    /// The faces of necklace `i`'s representative.
    pub fn faces(&self, i: usize) -> Vec<u8> {
        self.params.faces(self.reps[i])
    }
}

/// The distinct rotations of configuration `x` (its orbit), in turning order from `x`.
pub fn orbit_of(params: &Params, x: u64, total: u64) -> Vec<u64> {
    let mut orbit = vec![x];
    let mut y = rotate_index(params, x, total);
    while y != x {
        orbit.push(y);
        y = rotate_index(params, y, total);
    }
    orbit
}

/// The canonical representative of a configuration given by its faces (any size): the smallest
/// rotation read as a number with position 0 least significant, i.e. compared from the top.
pub fn canonical_faces(faces: &[u8]) -> Vec<u8> {
    let n = faces.len();
    (0..n.max(1))
        .map(|t| super::params::rotate(faces, t))
        .min_by(|a, b| a.iter().rev().cmp(b.iter().rev()))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Necklaces with n beads of k colours, by the classical formula (1/n) Σ_{d|n} φ(d) k^(n/d).
    fn necklace_formula(n: u64, k: u64) -> u64 {
        let phi = |mut m: u64| {
            let mut result = m;
            let mut p = 2;
            while p * p <= m {
                if m.is_multiple_of(p) {
                    while m.is_multiple_of(p) {
                        m /= p;
                    }
                    result -= result / p;
                }
                p += 1;
            }
            if m > 1 {
                result -= result / m;
            }
            result
        };
        (1..=n).filter(|d| n.is_multiple_of(*d)).map(|d| phi(d) * k.pow((n / d) as u32)).sum::<u64>() / n
    }

    #[test]
    fn counts_match_the_formula_and_the_notebook() {
        // The notebook: 6 necklaces of 4 coins, 2^20 belief states for 7 coins, 2^36 for 8, 352
        // necklaces of 12 coins.
        let count = |n, s| Necklaces::new(Params::new(n, s).unwrap()).unwrap().len() as u64;
        assert_eq!(count(4, 2), 6);
        assert_eq!(count(7, 2), 20);
        assert_eq!(count(8, 2), 36);
        assert_eq!(count(12, 2), 352);
        for (n, s) in [(1, 2), (5, 2), (16, 2), (3, 3), (2, 4), (5, 3), (4, 5), (3, 6)] {
            assert_eq!(count(n, s), necklace_formula(n as u64, u64::from(s)), "n={n} s={s}");
        }
    }

    #[test]
    fn canonical_agrees_with_faces_version() {
        let params = Params::new(5, 3).unwrap();
        let table = Necklaces::new(params).unwrap();
        for x in 0..table.configs {
            let faces = params.faces(x);
            assert_eq!(params.index(&canonical_faces(&faces)), table.canonical(x));
        }
        assert_eq!(table.reps[0], 0);
        assert_eq!(table.sizes.iter().map(|&s| u64::from(s)).sum::<u64>(), table.configs);
        assert!(Necklaces::new(Params::new(17, 2).unwrap()).is_err());
    }
}
