//! Vasil'ev's construction played on the chessboard: split the board into halves u (squares
//! n/2..n) and v (squares 0..n/2); the strategy for n/2 squares, read on u XOR v, names the pair
//! of squares {i, i + n/2}; the parity of u XOR f(u XOR v) names the half. A can always pick
//! the half, because flipping square i or i + n/2 changes u XOR v the same way but only the
//! first changes the parity of u — whatever f is. So every f gives a valid strategy, and a
//! nonlinear f gives strategies that are not the XOR strategy in disguise.

use crate::codes::vasilev::Fun;
use crate::devil::rules::board::Board;
use crate::devil::rules::strategy::{default_explain, Step, Strategy};

/// The recursive half-and-half strategy with the same `f` at every level, down to 1 square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Vasilev {
    pub squares: usize,
    pub f: Fun,
}

fn low_mask(bits: usize) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// Splits an n-square board (n ≥ 2) into w = u XOR v and the parity of u.
fn split(words: &[u64], n: usize) -> (Vec<u64>, bool) {
    let h = n / 2;
    if n <= 64 {
        let x = words[0] & low_mask(n);
        let (u, v) = (x >> h, x & low_mask(h));
        (vec![u ^ v], u.count_ones() % 2 == 1)
    } else {
        let (v, u) = words[..n / 64].split_at(h / 64);
        let w = u.iter().zip(v).map(|(a, b)| a ^ b).collect();
        (w, u.iter().map(|x| x.count_ones()).sum::<u32>() % 2 == 1)
    }
}

fn flip_bit(words: &mut [u64], i: usize) {
    words[i / 64] ^= 1 << (i % 64);
}

impl Vasilev {
    fn decode_words(&self, words: &[u64], n: usize) -> usize {
        if n == 1 {
            return 0;
        }
        let h = n / 2;
        let (w, pu) = split(words, n);
        let pair = self.decode_words(&w, h);
        pair + if pu ^ self.f.eval(&w, h) { h } else { 0 }
    }

    fn encode_words(&self, words: &[u64], n: usize, key: usize) -> usize {
        if n == 1 {
            return 0;
        }
        let h = n / 2;
        let (mut w, pu) = split(words, n);
        let i = self.encode_words(&w, h, key % h);
        flip_bit(&mut w, i);
        // Flipping v[i] keeps the parity of u, flipping u[i] changes it: pick the one that
        // makes parity(u) XOR f(w') name the key's half.
        if pu ^ self.f.eval(&w, h) == (key >= h) {
            i
        } else {
            i + h
        }
    }
}

impl Strategy for Vasilev {
    fn name(&self) -> &str {
        "vasilev"
    }

    fn squares(&self) -> usize {
        self.squares
    }

    fn decode(&self, board: &Board) -> usize {
        self.decode_words(board.words(), self.squares)
    }

    fn decode_bits(&self, bits: u64) -> usize {
        self.decode_words(&[bits], self.squares)
    }

    fn encode(&self, board: &Board, key: usize) -> Option<usize> {
        (key < self.squares).then(|| self.encode_words(board.words(), self.squares, key))
    }

    /// The top level of the recursion, step by step: how B reads the board before and after
    /// the flip, and how A picks the half.
    fn explain(&self, board: &Board, key: usize) -> Vec<Step> {
        let n = self.squares;
        if n == 1 || key >= n {
            return default_explain(self, board, key);
        }
        let h = n / 2;
        let read = |b: &Board, after: bool| {
            let (w, pu) = split(b.words(), n);
            let pair = self.decode_words(&w, h);
            let f = self.f.eval(&w, h);
            let upper = pu ^ f;
            Step::SplitHalves {
                half: h,
                pair,
                parity: u8::from(pu),
                f: u8::from(f),
                upper: u8::from(upper),
                colour: pair + if upper { h } else { 0 },
                after,
            }
        };
        let flip = self.encode_words(board.words(), n, key);
        let after = board.with_flip(flip);
        let answer = self.decode(&after);
        vec![
            Step::Start { colour: self.decode(board), key },
            read(board, false),
            Step::ChooseHalf { half: h, sub_flip: flip % h, want_upper: u8::from(key >= h), flip },
            Step::Flip { square: flip },
            read(&after, true),
            Step::Answer { square: answer, correct: answer == key },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The source's strategy_8, written from its definition: XOR of indices on u ^ v (4 bits),
    /// plus 4 when parity(u) ^ [popcount(u ^ v) >= 3] is 1.
    fn source_strategy_8(x: u64) -> usize {
        let (u, v) = (x >> 4, x & 0xF);
        let w = u ^ v;
        let s4 = (0..4).filter(|i| w >> i & 1 == 1).fold(0, |a, i| a ^ i);
        let high = (u.count_ones() % 2 == 1) ^ (w.count_ones() >= 3);
        s4 + if high { 4 } else { 0 }
    }

    #[test]
    fn popcount3_at_eight_squares_is_the_source_definition() {
        let s = Vasilev { squares: 8, f: Fun::Popcount3 };
        for x in 0..256u64 {
            assert_eq!(s.decode_bits(x), source_strategy_8(x), "board {x:08b}");
        }
    }

    #[test]
    fn zero_f_gives_the_xor_strategy_at_every_size() {
        let mut rng = crate::seed::rng_from_seed(5);
        for k in 0..=12 {
            let s = Vasilev { squares: 1 << k, f: Fun::Zero };
            for _ in 0..20 {
                let b = Board::random(1 << k, &mut rng).unwrap();
                assert_eq!(s.decode(&b), b.xor_of_heads(), "k = {k}");
            }
        }
    }

    #[test]
    fn encode_reaches_every_key_on_big_boards() {
        let mut rng = crate::seed::rng_from_seed(9);
        for f in [Fun::Popcount3, Fun::Majority, Fun::Random(3)] {
            for k in [6, 7, 10, 12] {
                let n = 1usize << k;
                let s = Vasilev { squares: n, f };
                let b = Board::random(n, &mut rng).unwrap();
                for key in [0, 1, n / 2, n - 1, n / 3] {
                    let flip = s.encode(&b, key).unwrap();
                    assert_eq!(s.decode(&b.with_flip(flip)), key, "{f:?} n = {n} key = {key}");
                }
            }
        }
    }

    #[test]
    fn explanation_reads_the_halves_as_the_definition_does() {
        let mut rng = crate::seed::rng_from_seed(4);
        let s = Vasilev { squares: 8, f: Fun::Popcount3 };
        for _ in 0..50 {
            let b = Board::random(8, &mut rng).unwrap();
            let steps = s.explain(&b, 5);
            let Step::SplitHalves { colour, .. } = steps[1] else { panic!("{steps:?}") };
            assert_eq!(colour, source_strategy_8(b.bits()));
            assert_eq!(steps.last(), Some(&Step::Answer { square: 5, correct: true }));
        }
    }

    #[test]
    fn words_and_bits_agree() {
        let mut rng = crate::seed::rng_from_seed(1);
        for n in [1, 2, 4, 8, 16, 32, 64] {
            let s = Vasilev { squares: n, f: Fun::Random(8) };
            for _ in 0..50 {
                let b = Board::random(n, &mut rng).unwrap();
                assert_eq!(s.decode(&b), s.decode_bits(b.bits()));
            }
        }
    }
}
