//! A two-state board of any size as packed bits: 64 lights a word, each row padded to whole
//! words (padding bits always zero), so a 20,000×20,000 board is 50 MB. The large-board
//! solver, the pattern formats and the checks work on it without ever holding a byte a light.

use crate::lights::board::{Board, Rule, Spec};
use crate::{bail, Result};

/// Rows of packed lights (bit c of row r is word `r·W + c/64`, bit `c % 64`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackedBoard {
    pub rows: usize,
    pub cols: usize,
    words: Vec<u64>,
}

impl PackedBoard {
    /// All lights off; a clear error instead of an abort when the memory is not there.
    pub fn zeros(rows: usize, cols: usize) -> Result<PackedBoard> {
        if rows == 0 || cols == 0 {
            bail!("a board has at least 1 row and 1 column, not {rows}×{cols}");
        }
        let len = rows.checked_mul(cols.div_ceil(64)).filter(|&l| l <= isize::MAX as usize / 8);
        let Some(len) = len else { bail!("a {rows}×{cols} board does not fit in memory") };
        let mut words = Vec::new();
        if words.try_reserve_exact(len).is_err() {
            bail!("a {rows}×{cols} board needs {} MB, more than this machine can give", len / (1 << 17));
        }
        words.resize(len, 0);
        Ok(PackedBoard { rows, cols, words })
    }

    /// All lights on.
    pub fn all_on(rows: usize, cols: usize) -> Result<PackedBoard> {
        let mut b = PackedBoard::zeros(rows, cols)?;
        let (w, mask) = (b.words_per_row(), b.last_word_mask());
        for row in b.words.chunks_mut(w) {
            row.fill(u64::MAX);
            row[w - 1] = mask;
        }
        Ok(b)
    }

    /// From packed rows (`rows · W` words); padding bits must be zero.
    pub fn from_words(rows: usize, cols: usize, words: Vec<u64>) -> Result<PackedBoard> {
        let w = cols.div_ceil(64);
        if rows == 0 || cols == 0 || words.len() != rows * w {
            bail!("{} words given for a {rows}×{cols} board of {w} words a row", words.len());
        }
        let b = PackedBoard { rows, cols, words };
        let mask = b.last_word_mask();
        if b.words.chunks(w).any(|row| row[w - 1] & !mask != 0) {
            bail!("bits beyond column {cols} are set");
        }
        Ok(b)
    }

    /// Words per row.
    pub fn words_per_row(&self) -> usize {
        self.cols.div_ceil(64)
    }

    /// The bits of the last word of a row that hold lights.
    pub fn last_word_mask(&self) -> u64 {
        match self.cols % 64 {
            0 => u64::MAX,
            r => (1u64 << r) - 1,
        }
    }

    pub fn words(&self) -> &[u64] {
        &self.words
    }

    pub fn words_mut(&mut self) -> &mut [u64] {
        &mut self.words
    }

    pub fn into_words(self) -> Vec<u64> {
        self.words
    }

    pub fn row(&self, r: usize) -> &[u64] {
        let w = self.words_per_row();
        &self.words[r * w..(r + 1) * w]
    }

    pub fn row_mut(&mut self, r: usize) -> &mut [u64] {
        let w = self.words_per_row();
        &mut self.words[r * w..(r + 1) * w]
    }

    pub fn get(&self, r: usize, c: usize) -> bool {
        self.row(r)[c / 64] >> (c % 64) & 1 == 1
    }

    pub fn flip(&mut self, r: usize, c: usize) {
        self.row_mut(r)[c / 64] ^= 1 << (c % 64);
    }

    pub fn count_ones(&self) -> u64 {
        self.words.iter().map(|w| u64::from(w.count_ones())).sum()
    }

    pub fn is_dark(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Parity of the number of lights on in both boards.
    pub fn overlap_is_odd(&self, other: &PackedBoard) -> bool {
        self.words.iter().zip(&other.words).fold(0, |acc, (a, b)| acc ^ (a & b).count_ones()) & 1 == 1
    }

    /// The board mirrored in its main diagonal (cols×rows), 64×64 blocks at a time.
    pub fn transpose(&self) -> Result<PackedBoard> {
        let mut out = PackedBoard::zeros(self.cols, self.rows)?;
        let (w_in, w_out) = (self.words_per_row(), out.words_per_row());
        let mut block = [0u64; 64];
        for bi in 0..w_out {
            for bj in 0..w_in {
                // Rows 64·bi.. of self, word bj: columns 64·bj.. .
                for (i, b) in block.iter_mut().enumerate() {
                    let r = bi * 64 + i;
                    *b = if r < self.rows { self.words[r * w_in + bj] } else { 0 };
                }
                transpose64(&mut block);
                for (i, &b) in block.iter().enumerate() {
                    let r = bj * 64 + i;
                    if r < self.cols {
                        out.words[r * w_out + bi] = b;
                    }
                }
            }
        }
        Ok(out)
    }

    /// How many lights are on in both boards.
    pub fn overlap_count(&self, other: &PackedBoard) -> u64 {
        self.words.iter().zip(&other.words).map(|(a, b)| u64::from((a & b).count_ones())).sum()
    }

    /// Presses (r, c) once on a bounded two-state board under `rule` (any rule: its offsets
    /// from [`Rule::offsets`], the rule's one table); a press off the board is an error.
    pub fn press(&mut self, rule: Rule, r: usize, c: usize) -> Result<()> {
        if r >= self.rows || c >= self.cols {
            bail!("({r}, {c}) is off the {}×{} board", self.rows, self.cols);
        }
        for &(dr, dc) in rule.offsets() {
            let (rr, cc) = (r as i64 + i64::from(dr), c as i64 + i64::from(dc));
            if (0..self.rows as i64).contains(&rr) && (0..self.cols as i64).contains(&cc) {
                self.flip(rr as usize, cc as usize);
            }
        }
        Ok(())
    }

    /// The words as little-endian 32-bit halves, the form a page holds (a `Uint32Array`): bit
    /// c of row r is half `r·2W + c/32`, bit `c % 32`.
    pub fn to_halves(&self) -> Vec<u32> {
        self.words.iter().flat_map(|&w| [w as u32, (w >> 32) as u32]).collect()
    }

    /// From [`PackedBoard::to_halves`]'s form; padding bits must be zero.
    pub fn from_halves(rows: usize, cols: usize, halves: &[u32]) -> Result<PackedBoard> {
        if !halves.len().is_multiple_of(2) {
            bail!("{} halves of words given for a {rows}×{cols} board", halves.len());
        }
        let words = halves.chunks(2).map(|h| u64::from(h[0]) | u64::from(h[1]) << 32).collect();
        PackedBoard::from_words(rows, cols, words)
    }

    /// From a two-state byte-a-light board.
    pub fn from_board(board: &Board) -> Result<PackedBoard> {
        if board.spec.states != 2 {
            bail!("a packed board has two states, not {}", board.spec.states);
        }
        let (m, n) = (board.spec.rows, board.spec.cols);
        let mut b = PackedBoard::zeros(m, n)?;
        for (r, row) in board.lights.chunks(n).enumerate() {
            let dst = b.row_mut(r);
            for (j, chunk) in row.chunks(64).enumerate() {
                dst[j] = chunk.iter().enumerate().fold(0, |w, (i, &v)| w | u64::from(v & 1) << i);
            }
        }
        Ok(b)
    }

    /// One byte a light, row-major (for boards the byte-a-light solvers and the page take).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.rows * self.cols);
        for r in 0..self.rows {
            let row = self.row(r);
            out.extend((0..self.cols).map(|c| (row[c / 64] >> (c % 64) & 1) as u8));
        }
        out
    }

    /// The byte-a-light board with these lights, under `rule` and `torus`.
    pub fn to_board(&self, rule: Rule, torus: bool) -> Result<Board> {
        let spec = Spec { rows: self.rows, cols: self.cols, rule, torus, states: 2 };
        Board::from_lights(spec, self.to_bytes())
    }
}

/// Transposes a 64×64 bit matrix in place (row i = word i, column j = bit j) by swapping
/// ever smaller off-diagonal blocks.
fn transpose64(a: &mut [u64; 64]) {
    let mut width = 32;
    let mut mask: u64 = 0x0000_0000_FFFF_FFFF;
    while width != 0 {
        let mut k = 0;
        while k < 64 {
            for i in k..k + width {
                // Swap the high `width` bits of row i with the low bits of row i + width.
                let t = ((a[i] >> width) ^ a[i + width]) & mask;
                a[i] ^= t << width;
                a[i + width] ^= t;
            }
            k += 2 * width;
        }
        width /= 2;
        mask ^= mask << width;
    }
}

/// out = L v for the row operator of the plus rule (`plus`: the light itself and its left and
/// right neighbours) or the neighbours rule (left and right only), on packed rows with `mask`
/// clearing the padding of the last word.
pub fn row_operator(v: &[u64], out: &mut [u64], plus: bool, mask: u64) {
    let w = v.len();
    for j in 0..w {
        let up = (v[j] << 1) | if j > 0 { v[j - 1] >> 63 } else { 0 };
        let down = (v[j] >> 1) | if j + 1 < w { v[j + 1] << 63 } else { 0 };
        out[j] = up ^ down ^ if plus { v[j] } else { 0 };
    }
    out[w - 1] &= mask;
}

/// The lights that pressing `presses` changes on a bounded board under the plus rule or the
/// neighbours rule: row r changes by L x_r + x_{r−1} + x_{r+1}. The word-parallel restatement
/// of the rule that checks answers on boards too large to simulate light by light.
pub fn effect(presses: &PackedBoard, plus: bool) -> Result<PackedBoard> {
    let (m, w, mask) = (presses.rows, presses.words_per_row(), presses.last_word_mask());
    let mut out = PackedBoard::zeros(m, presses.cols)?;
    for r in 0..m {
        let dst = &mut out.words[r * w..(r + 1) * w];
        row_operator(presses.row(r), dst, plus, mask);
        for (rr, ok) in [(r.wrapping_sub(1), r > 0), (r + 1, r + 1 < m)] {
            if ok {
                for (d, s) in dst.iter_mut().zip(presses.row(rr)) {
                    *d ^= s;
                }
            }
        }
    }
    Ok(out)
}

/// Presses every light set in `presses` on `lights` at once (plus or neighbours rule,
/// bounded): a whole solution applied in one word-parallel pass.
pub fn apply(lights: &mut PackedBoard, presses: &PackedBoard, plus: bool) -> Result<()> {
    if (lights.rows, lights.cols) != (presses.rows, presses.cols) {
        bail!("the presses are {}×{}, the board {}×{}", presses.rows, presses.cols, lights.rows, lights.cols);
    }
    crate::lights::algebra::gf2::xor_into(&mut lights.words, &effect(presses, plus)?.words);
    Ok(())
}

/// Whether pressing `presses` turns every light of `lights` off (plus or neighbours rule,
/// bounded), row by row without building the effect.
pub fn clears(lights: &PackedBoard, presses: &PackedBoard, plus: bool) -> bool {
    if (lights.rows, lights.cols) != (presses.rows, presses.cols) {
        return false;
    }
    let (m, w, mask) = (lights.rows, lights.words_per_row(), lights.last_word_mask());
    let mut lx = vec![0u64; w];
    (0..m).all(|r| {
        row_operator(presses.row(r), &mut lx, plus, mask);
        (0..w).all(|j| {
            let above = if r > 0 { presses.words[(r - 1) * w + j] } else { 0 };
            let below = if r + 1 < m { presses.words[(r + 1) * w + j] } else { 0 };
            lx[j] ^ above ^ below == lights.words[r * w + j]
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn applying_presses_at_once_is_pressing_them_one_by_one(
            rows in 1usize..7, cols in 1usize..70, seed in any::<u64>(), plus in any::<bool>()
        ) {
            let rule = if plus { Rule::Plus } else { Rule::Neighbours };
            let mut x = seed | 1;
            let mut bits = || { x ^= x << 13; x ^= x >> 7; x ^= x << 17; x & 1 == 1 };
            let (mut lights, mut presses) = (PackedBoard::zeros(rows, cols).unwrap(), PackedBoard::zeros(rows, cols).unwrap());
            for r in 0..rows {
                for c in 0..cols {
                    if bits() { lights.flip(r, c); }
                    if bits() { presses.flip(r, c); }
                }
            }
            let mut one_by_one = lights.clone();
            for r in 0..rows {
                for c in 0..cols {
                    if presses.get(r, c) { one_by_one.press(rule, r, c).unwrap(); }
                }
            }
            let mut at_once = lights.clone();
            apply(&mut at_once, &presses, plus).unwrap();
            prop_assert_eq!(at_once.words(), one_by_one.words());
            prop_assert!(apply(&mut at_once, &PackedBoard::zeros(rows + 1, cols).unwrap(), plus).is_err());
        }

        #[test]
        fn halves_from_the_page_never_panic_and_round_trip(
            rows in 0usize..6, cols in 0usize..140, halves in proptest::collection::vec(any::<u32>(), 0..40)
        ) {
            if let Ok(b) = PackedBoard::from_halves(rows, cols, &halves) {
                prop_assert_eq!(b.to_halves(), halves);
            }
        }

        #[test]
        fn halves_of_the_right_length_are_taken_iff_the_padding_is_dark(
            (rows, cols, halves) in (1usize..6, 1usize..140).prop_flat_map(|(m, n)| {
                (Just(m), Just(n), proptest::collection::vec(any::<u32>(), m * 2 * n.div_ceil(64)))
            }),
            clear in any::<bool>()
        ) {
            let w = 2 * cols.div_ceil(64);
            let mut halves = halves;
            if clear {
                // Keep only the bits of real lights: bit c of a row is half c/32, bit c % 32.
                for (i, h) in halves.iter_mut().enumerate() {
                    let first = (i % w) * 32;
                    let keep = cols.saturating_sub(first).min(32);
                    *h &= if keep == 32 { u32::MAX } else { (1u32 << keep) - 1 };
                }
            }
            let padding_dark = (0..halves.len() * 32).all(|bit| {
                let c = (bit / 32 % w) * 32 + bit % 32;
                c < cols || halves[bit / 32] >> (bit % 32) & 1 == 0
            });
            match PackedBoard::from_halves(rows, cols, &halves) {
                Ok(b) => {
                    prop_assert!(padding_dark);
                    let same = (0..rows * cols).all(|i| {
                        let (r, c) = (i / cols, i % cols);
                        b.get(r, c) == (halves[r * w + c / 32] >> (c % 32) & 1 == 1)
                    });
                    prop_assert!(same);
                    prop_assert_eq!(b.to_halves(), halves);
                }
                Err(e) => prop_assert!(!padding_dark && e.message().contains("beyond column")),
            }
        }
    }

    #[test]
    fn a_press_flips_what_the_byte_board_press_changes() {
        for rule in Rule::ALL {
            for (r, c) in [(0, 0), (2, 64), (4, 69), (1, 63)] {
                let spec = Spec { rule, ..Spec::classic(5, 70) };
                let mut bytes = Board::new(spec).unwrap();
                bytes.press(r, c);
                let mut packed = PackedBoard::zeros(5, 70).unwrap();
                packed.press(rule, r, c).unwrap();
                assert_eq!(packed.to_bytes(), bytes.lights, "{rule:?} ({r}, {c})");
            }
        }
        let mut b = PackedBoard::zeros(3, 3).unwrap();
        assert_eq!(b.press(Rule::Plus, 3, 0).unwrap_err().message(), "(3, 0) is off the 3×3 board");
        assert!(b.is_dark());
    }

    #[test]
    fn round_trips_and_effect_matches_the_rule() {
        for (m, n) in [(1, 1), (3, 64), (5, 65), (7, 130)] {
            for rule in [Rule::Plus, Rule::Neighbours] {
                let spec = Spec { rule, ..Spec::classic(m, n) };
                let presses: Vec<u8> = (0..m * n).map(|i| ((i * 7 + i / 3) % 5 == 0) as u8).collect();
                let mut board = Board::new(spec).unwrap();
                board.apply_presses(&presses);
                let packed = PackedBoard::from_board(&Board::from_lights(spec, presses).unwrap()).unwrap();
                assert_eq!(packed.to_bytes().len(), m * n);
                let lit = effect(&packed, rule == Rule::Plus).unwrap();
                assert_eq!(lit.to_bytes(), board.lights, "{m}×{n} {rule:?}");
                assert!(clears(&lit, &packed, rule == Rule::Plus));
            }
        }
        assert_eq!(PackedBoard::all_on(2, 70).unwrap().count_ones(), 140);
        for (m, n) in [(1, 1), (3, 130), (64, 64), (65, 200), (200, 1)] {
            let mut b = PackedBoard::zeros(m, n).unwrap();
            for i in 0..m * n {
                if (i * 37 + i / 5) % 3 == 0 {
                    b.flip(i / n, i % n);
                }
            }
            let t = b.transpose().unwrap();
            assert!((0..m * n).all(|i| t.get(i % n, i / n) == b.get(i / n, i % n)), "{m}×{n}");
            assert_eq!(t.transpose().unwrap(), b);
        }
        let mut b = PackedBoard::zeros(5, 70).unwrap();
        b.flip(4, 69);
        b.flip(0, 33);
        let halves = b.to_halves();
        assert_eq!(halves.len(), 5 * 4);
        assert_eq!((halves[1], halves[4 * 4 + 2]), (1 << 1, 1 << 5));
        assert_eq!(PackedBoard::from_halves(5, 70, &halves).unwrap(), b);
        assert!(PackedBoard::from_halves(5, 70, &halves[1..]).is_err());
        assert_eq!(b.overlap_count(&PackedBoard::all_on(5, 70).unwrap()), 2);
        assert!(PackedBoard::from_words(1, 3, vec![8]).is_err());
        assert!(PackedBoard::zeros(0, 3).is_err());
        assert!(PackedBoard::zeros(usize::MAX, usize::MAX).unwrap_err().message().contains("memory"));
    }
}
