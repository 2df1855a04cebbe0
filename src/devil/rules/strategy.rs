//! Strategies: how prisoner B reads a square off a board, and how prisoner A picks the one
//! coin to flip so that B reads the key.

use crate::devil::rules::board::Board;
use serde::Serialize;

/// A strategy for boards of [`Strategy::squares`] coins. It is valid when, from every board,
/// the single flips lead to boards that `decode` to every square exactly once.
pub trait Strategy {
    /// Short stable name (`xor`, …), as used by the CLI and links.
    fn name(&self) -> &str;

    fn squares(&self) -> usize;

    /// Prisoner B: the square this board names.
    fn decode(&self, board: &Board) -> usize;

    /// [`Strategy::decode`] for a board of at most 64 squares given as bits (coin `i` = bit
    /// `i`): the verifier calls it for every board, so strategies override it to skip `Board`.
    fn decode_bits(&self, bits: u64) -> usize {
        match Board::from_bits(self.squares(), bits) {
            Ok(board) => self.decode(&board),
            Err(_) => 0,
        }
    }

    /// Prisoner A: the coin to flip so that B names `key`, or `None` when no single flip does
    /// (only possible for an invalid strategy). The default tries every coin.
    fn encode(&self, board: &Board, key: usize) -> Option<usize> {
        (0..board.squares()).find(|&i| self.decode(&board.with_flip(i)) == key)
    }

    /// The steps of one game, for the page to animate and the CLI to print. Strategies with
    /// an explanation of their own (XOR's parity regions) add steps between flip and answer.
    fn explain(&self, board: &Board, key: usize) -> Vec<Step> {
        default_explain(self, board, key)
    }
}

/// Start, A's flip (found by [`Strategy::encode`]), B's answer.
pub fn default_explain<S: Strategy + ?Sized>(strategy: &S, board: &Board, key: usize) -> Vec<Step> {
    let mut steps = vec![Step::Start { colour: strategy.decode(board), key }];
    if let Some(flip) = strategy.encode(board, key) {
        let after = board.with_flip(flip);
        steps.push(Step::Flip { square: flip });
        let answer = strategy.decode(&after);
        steps.push(Step::Answer { square: answer, correct: answer == key });
    } else {
        steps.push(Step::NoFlip);
    }
    steps
}

/// One frame of a strategy's animation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Step {
    /// The board as dealt: what it names now, and the key.
    Start { colour: usize, key: usize },
    /// Prisoner A counts the heads in parity region `bit` (squares whose index has that bit).
    CountRegion { bit: u32, heads: usize, parity: u8 },
    /// The regions' parities, read as a binary number, give the board's colour.
    Colour { colour: usize },
    /// A combines the colour with the key: the coin to flip is `colour XOR key`.
    XorWithKey { colour: usize, key: usize, flip: usize },
    /// A flips this coin.
    Flip { square: usize },
    /// B counts the heads in region `bit` of the new board.
    DecodeRegion { bit: u32, heads: usize, parity: u8 },
    /// B names this square.
    Answer { square: usize, correct: bool },
    /// No single flip makes B name the key (an invalid strategy).
    NoFlip,
    /// Vasil'ev's strategy reads a board: with u = squares half..n and v = squares 0..half, the
    /// strategy for `half` squares on u XOR v names the pair {pair, pair + half}; parity(u)
    /// XOR f(u XOR v) = `upper` picks the half. `after` tells whether A has flipped yet.
    SplitHalves { half: usize, pair: usize, parity: u8, f: u8, upper: u8, colour: usize, after: bool },
    /// A's choice in Vasil'ev's strategy: `sub_flip` makes u XOR v name the key's pair; flipping
    /// it in u (square sub_flip + half) changes parity(u), in v (square sub_flip) does not.
    ChooseHalf { half: usize, sub_flip: usize, want_upper: u8, flip: usize },
}

impl Step {
    /// Whether this frame is one of the round's moves in the session (A's flip, B's answer):
    /// Watch shows the board with the moves made up to its frame.
    pub fn is_move(&self) -> bool {
        matches!(self, Step::Flip { .. } | Step::Answer { .. })
    }

    /// The squares this frame marks on a board of `squares`, as an index bit: parity region `bit`
    /// (the squares whose index has it), or for Vasil'ev's halves the top bit (the upper half u).
    pub fn region(&self, squares: usize) -> Option<u32> {
        match self {
            Step::CountRegion { bit, .. } | Step::DecodeRegion { bit, .. } => Some(*bit),
            Step::SplitHalves { .. } => squares.checked_ilog2()?.checked_sub(1),
            _ => None,
        }
    }
}

/// The frames of a round as a face shows them: the steps, and for each how many of the session's
/// moves are made by then (so a view steps the session to a frame without knowing which kinds are
/// moves) and the region it marks. Kept as columns beside the steps, not merged into each step,
/// because serde's flattening would cost the Devil's module 3.7 KB.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Frames {
    pub steps: Vec<Step>,
    pub moves: Vec<usize>,
    pub regions: Vec<Option<u32>>,
}

/// The frames of `steps` on a board of `squares`.
pub fn frames(steps: Vec<Step>, squares: usize) -> Frames {
    let moves = steps
        .iter()
        .scan(0, |made, step| {
            *made += usize::from(step.is_move());
            Some(*made)
        })
        .collect();
    let regions = steps.iter().map(|step| step.region(squares)).collect();
    Frames { steps, moves, regions }
}

/// The standard strategy: a board names the XOR of the indices of its heads (the coset
/// strategy of the Hamming code). Flipping coin `i` changes that XOR by exactly `i`, so A
/// flips `colour XOR key`; when they are equal A flips coin 0, which changes nothing.
#[derive(Debug, Clone, Copy)]
pub struct Xor {
    pub squares: usize,
}

impl Strategy for Xor {
    fn name(&self) -> &str {
        "xor"
    }

    fn squares(&self) -> usize {
        self.squares
    }

    fn decode(&self, board: &Board) -> usize {
        board.xor_of_heads()
    }

    fn decode_bits(&self, bits: u64) -> usize {
        xor_of_bits(bits)
    }

    fn encode(&self, board: &Board, key: usize) -> Option<usize> {
        Some(board.xor_of_heads() ^ key)
    }

    fn explain(&self, board: &Board, key: usize) -> Vec<Step> {
        let bits = board.index_bits();
        let colour = board.xor_of_heads();
        let flip = colour ^ key;
        let mut steps = vec![Step::Start { colour, key }];
        for bit in 0..bits {
            let heads = board.heads_in_region(bit);
            steps.push(Step::CountRegion { bit, heads, parity: (heads % 2) as u8 });
        }
        steps.push(Step::Colour { colour });
        steps.push(Step::XorWithKey { colour, key, flip });
        steps.push(Step::Flip { square: flip });
        let after = board.with_flip(flip);
        for bit in 0..bits {
            let heads = after.heads_in_region(bit);
            steps.push(Step::DecodeRegion { bit, heads, parity: (heads % 2) as u8 });
        }
        let answer = after.xor_of_heads();
        steps.push(Step::Answer { square: answer, correct: answer == key });
        steps
    }
}

/// The XOR of the indices of the set bits of `bits`.
pub fn xor_of_bits(mut bits: u64) -> usize {
    let mut acc = 0;
    while bits != 0 {
        acc ^= bits.trailing_zeros() as usize;
        bits &= bits - 1;
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes by the definition, independent of the region arithmetic in `Board`.
    fn xor_by_definition(b: &Board) -> usize {
        (0..b.squares()).filter(|&i| b.get(i)).fold(0, |a, i| a ^ i)
    }

    #[test]
    fn every_board_and_key_up_to_16_squares() {
        for k in 0..=4 {
            let n = 1usize << k;
            let s = Xor { squares: n };
            for bits in 0..(1u64 << n) {
                let board = Board::from_bits(n, bits).unwrap();
                for key in 0..n {
                    let flip = s.encode(&board, key).unwrap();
                    let after = board.with_flip(flip);
                    assert_eq!(xor_by_definition(&after), key);
                    assert_eq!(s.decode(&after), key);
                }
            }
        }
    }

    #[test]
    fn explanation_ends_with_the_key() {
        let mut rng = crate::seed::rng_from_seed(3);
        let board = Board::random(64, &mut rng).unwrap();
        let steps = Xor { squares: 64 }.explain(&board, 41);
        assert_eq!(steps.len(), 1 + 6 + 1 + 1 + 1 + 6 + 1);
        assert_eq!(steps.last(), Some(&Step::Answer { square: 41, correct: true }));
        // The default explanation (trying every flip) agrees with XOR's own.
        struct Plain;
        impl Strategy for Plain {
            fn name(&self) -> &str {
                "plain"
            }
            fn squares(&self) -> usize {
                64
            }
            fn decode(&self, b: &Board) -> usize {
                xor_by_definition(b)
            }
        }
        let plain = Plain.explain(&board, 41);
        assert_eq!(plain.last(), steps.last());
    }

    #[test]
    fn frames_count_the_moves_made_and_mark_the_regions() {
        let mut rng = crate::seed::rng_from_seed(5);
        let board = Board::random(16, &mut rng).unwrap();
        let key = 9;
        let frames = frames(Xor { squares: 16 }.explain(&board, key), 16);
        // Start, 4 counts, colour, XOR: no move yet; the flip is move 1; 4 decodes; the answer is move 2.
        assert_eq!(frames.moves, [0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2]);
        assert_eq!(frames.steps[7], Step::Flip { square: xor_by_definition(&board) ^ key });
        let regions = &frames.regions;
        let counted = [Some(0), Some(1), Some(2), Some(3)];
        assert_eq!(regions[1..5], counted);
        assert_eq!(regions[8..12], counted);
        assert_eq!(regions.iter().flatten().count(), 8, "only the counts mark a region");
        // Vasil'ev's halves mark the upper half: the squares whose index has the top bit.
        let halves = Step::SplitHalves { half: 8, pair: 0, parity: 0, f: 0, upper: 0, colour: 0, after: false };
        assert_eq!(halves.region(16), Some(3));
        assert_eq!(halves.region(1), None);
    }
}
