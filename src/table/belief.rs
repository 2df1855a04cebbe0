//! The belief set: every configuration the coins may be in, given the moves so far, among those
//! not yet won. Because the devil may turn the table before each move, the set is kept closed
//! under rotation; a move m then sends it to the union of its translates by every rotation of m
//! (V' = ∪_r (V + rot_r m)), minus all heads, which ends the game.
//!
//! Why no strategy is shorter than σ^N − 1 moves: the translate V + m alone already has |V|
//! members, so V' has at least |V| − 1 (only all heads is taken out). Each move removes at most
//! one configuration from the σ^N − 1 that start out possible, and a winning strategy must
//! remove them all. [`Belief::step`] returns how many were removed so callers can check it.
//!
//! Two representations: for two-sided coins a bit set with one bit per configuration, where a
//! translation is an XOR of indices (whole words move for the high bits, bits swap inside a word
//! for the low six); for σ > 2 a byte per configuration and index tables split in two halves.

use super::moves::Move;
use super::necklace::{orbit_of, MAX_TABLE_CONFIGS};
use super::params::Params;
use crate::{bail, Result};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Belief {
    params: Params,
    configs: u64,
    set: Set,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Set {
    /// σ = 2: bit x of word x / 64 is configuration x.
    Bits(Vec<u64>),
    /// σ > 2: one byte (0 or 1) per configuration.
    Bytes(Vec<u8>),
}

/// Masks of the bits whose index has bit j clear, for swapping bit j of the index.
const LOW_MASKS: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0f0f_0f0f_0f0f_0f0f,
    0x00ff_00ff_00ff_00ff,
    0x0000_ffff_0000_ffff,
    0x0000_0000_ffff_ffff,
];

impl Belief {
    /// Everything but all heads: the belief before the first move.
    pub fn start(params: Params) -> Result<Belief> {
        let configs = match params.configs() {
            Some(c) if c <= MAX_TABLE_CONFIGS => c,
            _ => bail!(
                "{} coins with {} sides have more than {MAX_TABLE_CONFIGS} configurations to follow exactly",
                params.coins,
                params.sides
            ),
        };
        let set = if params.sides == 2 {
            let words = configs.div_ceil(64) as usize;
            let mut bits = vec![u64::MAX; words];
            if configs < 64 {
                bits[0] = (1u64 << configs) - 1;
            }
            bits[0] &= !1;
            Set::Bits(bits)
        } else {
            let mut bytes = vec![1u8; configs as usize];
            bytes[0] = 0;
            Set::Bytes(bytes)
        };
        Ok(Belief { params, configs, set })
    }

    pub fn params(&self) -> Params {
        self.params
    }

    /// Number of configurations still possible.
    pub fn len(&self) -> u64 {
        match &self.set {
            Set::Bits(b) => b.iter().map(|w| u64::from(w.count_ones())).sum(),
            Set::Bytes(b) => b.iter().map(|&x| u64::from(x)).sum(),
        }
    }

    pub fn is_empty(&self) -> bool {
        match &self.set {
            Set::Bits(b) => b.iter().all(|&w| w == 0),
            Set::Bytes(b) => b.iter().all(|&x| x == 0),
        }
    }

    pub fn contains(&self, x: u64) -> bool {
        match &self.set {
            Set::Bits(b) => b[(x / 64) as usize] >> (x % 64) & 1 == 1,
            Set::Bytes(b) => b[x as usize] == 1,
        }
    }

    /// Plays `mv` against every rotation; returns how many configurations it removed (at most 1;
    /// the set may also grow).
    pub fn step(&mut self, mv: &Move) -> Result<u64> {
        if mv.amounts.len() != self.params.coins {
            bail!("a move for {} coins at a table of {}", mv.amounts.len(), self.params.coins);
        }
        let before = self.len();
        let t = self.params.index(&mv.amounts);
        let shifts = orbit_of(&self.params, t, self.configs);
        match &mut self.set {
            Set::Bits(bits) => {
                let mut out = vec![0u64; bits.len()];
                let mut moved = vec![0u64; bits.len()];
                let valid = if self.configs < 64 { (1u64 << self.configs) - 1 } else { u64::MAX };
                for &t in &shifts {
                    let (hi, lo) = ((t / 64) as usize, t % 64);
                    for (j, m) in moved.iter_mut().enumerate() {
                        *m = bits[j ^ hi];
                    }
                    // One pass per index bit, so each pass is a plain loop the compiler vectorises.
                    for (j, &mask) in LOW_MASKS.iter().enumerate() {
                        if lo >> j & 1 == 1 {
                            let s = 1 << j;
                            for w in moved.iter_mut() {
                                *w = ((*w & mask) << s) | ((*w >> s) & mask);
                            }
                        }
                    }
                    for (o, &m) in out.iter_mut().zip(&moved) {
                        *o |= m;
                    }
                }
                out[0] &= valid & !1;
                *bits = out;
            }
            Set::Bytes(bytes) => {
                let out = translate_union(&self.params, bytes, &shifts);
                *bytes = out;
            }
        }
        Ok(before.saturating_sub(self.len()))
    }

    /// The configurations still possible, ascending.
    pub fn members(&self) -> Vec<u64> {
        (0..self.configs).filter(|&x| self.contains(x)).collect()
    }
}

/// ∪_t (set + t) over the shifts t, for σ > 2, with 0 removed. A configuration index splits
/// into a low half (the first h positions) and a high half, so adding t is two table lookups.
fn translate_union(params: &Params, set: &[u8], shifts: &[u64]) -> Vec<u8> {
    let s = u64::from(params.sides);
    let h = params.coins / 2;
    let low = s.pow(h as u32) as usize;
    let high = set.len() / low;
    let mut out = vec![0u8; set.len()];
    for &t in shifts {
        let faces = params.faces(t);
        let add_part = |size: usize, from: usize| -> Vec<usize> {
            (0..size)
                .map(|x| {
                    let (mut x, mut y, mut place) = (x as u64, 0u64, 1u64);
                    for &f in &faces[from..] {
                        if place as usize >= size {
                            break;
                        }
                        y += (x % s + u64::from(f)) % s * place;
                        x /= s;
                        place *= s;
                    }
                    y as usize
                })
                .collect()
        };
        let add_low = add_part(low, 0);
        let add_high = add_part(high, h);
        for (xh, &yh) in add_high.iter().enumerate() {
            let (src, base) = (&set[xh * low..(xh + 1) * low], yh * low);
            for (xl, &v) in src.iter().enumerate() {
                out[base + add_low[xl]] |= v;
            }
        }
    }
    out[0] = 0;
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::params::{add, rotate};

    /// The belief after `moves`, by brute force over faces: every start, every rotation.
    fn brute(params: Params, moves: &[Move]) -> Vec<u64> {
        let total = params.configs().unwrap();
        let mut set: Vec<Vec<u8>> = (1..total).map(|x| params.faces(x)).collect();
        for m in moves {
            let mut next: Vec<Vec<u8>> = Vec::new();
            for c in &set {
                for r in 0..params.coins {
                    let y = add(&rotate(c, r), &m.amounts, params.sides);
                    if y.iter().any(|&f| f != 0) {
                        next.push(y);
                    }
                }
            }
            // Keep the set closed under rotation, like Belief.
            let mut closed: Vec<u64> =
                next.iter().flat_map(|c| (0..params.coins).map(move |r| params.index(&rotate(c, r)))).collect();
            closed.sort_unstable();
            closed.dedup();
            set = closed.iter().map(|&x| params.faces(x)).collect();
        }
        let mut out: Vec<u64> = set.iter().map(|c| params.index(c)).collect();
        out.sort_unstable();
        out
    }

    #[test]
    fn steps_agree_with_brute_force() {
        for (n, s) in [(3, 2), (4, 2), (7, 2), (3, 3), (2, 4), (2, 5), (3, 4)] {
            let params = Params::new(n, s).unwrap();
            let total = params.configs().unwrap();
            let mut belief = Belief::start(params).unwrap();
            let mut moves = Vec::new();
            for k in 0..6u64 {
                let m = Move { amounts: params.faces((k * 7 + 3) % total) };
                belief.step(&m).unwrap();
                moves.push(m);
                assert_eq!(belief.members(), brute(params, &moves), "n={n} s={s} k={k}");
            }
        }
    }

    #[test]
    fn start_and_big_tables() {
        let b = Belief::start(Params::new(16, 2).unwrap()).unwrap();
        assert_eq!(b.len(), 65_535);
        assert!(!b.contains(0));
        assert!(Belief::start(Params::new(17, 2).unwrap()).is_err());
        assert_eq!(Belief::start(Params::new(3, 3).unwrap()).unwrap().len(), 26);
    }
}
