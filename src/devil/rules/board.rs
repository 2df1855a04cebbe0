//! A row of coins (heads = true) whose length is a power of two, bit-packed, and the squarest
//! rectangle it is drawn as.

use crate::{bail, Result};
use rand::Rng;

/// Largest board the playground offers (64×64).
pub const MAX_SQUARES: usize = 4096;

/// `n` coins, `n` a power of two from 1 to [`MAX_SQUARES`]. Coin `i` is square index `i`,
/// counted row by row from the top-left of the drawn rectangle.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Board {
    squares: usize,
    words: Vec<u64>,
}

/// Checks that `squares` is a board size the Devil's chessboard is solvable on.
pub fn check_squares(squares: usize) -> Result<()> {
    if squares == 0 || squares > MAX_SQUARES {
        bail!("a board has 1 to {MAX_SQUARES} squares, not {squares}");
    }
    if !squares.is_power_of_two() {
        bail!("{squares} squares is not a power of two: the puzzle has a solution only for 1, 2, 4, 8, … squares");
    }
    Ok(())
}

impl Board {
    /// All tails.
    pub fn new(squares: usize) -> Result<Board> {
        check_squares(squares)?;
        Ok(Board { squares, words: vec![0; squares.div_ceil(64)] })
    }

    pub fn from_coins(coins: &[bool]) -> Result<Board> {
        let mut board = Board::new(coins.len())?;
        for (i, &heads) in coins.iter().enumerate() {
            board.set(i, heads);
        }
        Ok(board)
    }

    /// Each coin heads with probability 1/2.
    pub fn random(squares: usize, rng: &mut impl Rng) -> Result<Board> {
        let mut board = Board::new(squares)?;
        for w in &mut board.words {
            *w = rng.random();
        }
        board.clear_padding();
        Ok(board)
    }

    fn clear_padding(&mut self) {
        if self.squares < 64 {
            self.words[0] &= (1u64 << self.squares) - 1;
        }
    }

    /// The board whose coin `i` is bit `i` of `bits` (for `squares <= 64`).
    pub fn from_bits(squares: usize, bits: u64) -> Result<Board> {
        let mut board = Board::new(squares)?;
        if squares > 64 {
            bail!("from_bits takes at most 64 squares");
        }
        board.words[0] = bits;
        board.clear_padding();
        Ok(board)
    }

    /// Coin `i` as bit `i` (for `squares <= 64`).
    pub fn bits(&self) -> u64 {
        self.words[0]
    }

    /// The coins packed 64 to a word, coin `i` at bit `i % 64` of word `i / 64`.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    pub fn squares(&self) -> usize {
        self.squares
    }

    /// log2 of the number of squares: the number of bits in a square's index.
    pub fn index_bits(&self) -> u32 {
        self.squares.trailing_zeros()
    }

    pub fn get(&self, i: usize) -> bool {
        self.words[i / 64] >> (i % 64) & 1 == 1
    }

    pub fn set(&mut self, i: usize, heads: bool) {
        if heads {
            self.words[i / 64] |= 1 << (i % 64);
        } else {
            self.words[i / 64] &= !(1 << (i % 64));
        }
    }

    pub fn flip(&mut self, i: usize) {
        self.words[i / 64] ^= 1 << (i % 64);
    }

    pub fn with_flip(&self, i: usize) -> Board {
        let mut b = self.clone();
        b.flip(i);
        b
    }

    pub fn coins(&self) -> Vec<bool> {
        (0..self.squares).map(|i| self.get(i)).collect()
    }

    pub fn heads(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Heads among the squares whose index has bit `bit` set: the parity region `bit`.
    pub fn heads_in_region(&self, bit: u32) -> usize {
        if bit < 6 {
            let mask = REGION_MASKS[bit as usize];
            self.words.iter().map(|w| (w & mask).count_ones() as usize).sum()
        } else {
            let stride = bit - 6;
            self.words
                .iter()
                .enumerate()
                .filter(|(wi, _)| (wi >> stride) & 1 == 1)
                .map(|(_, w)| w.count_ones() as usize)
                .sum()
        }
    }

    /// The XOR of the indices of the heads, computed region by region: bit `j` of the result is
    /// the parity of the heads in region `j`.
    pub fn xor_of_heads(&self) -> usize {
        (0..self.index_bits()).fold(0, |acc, bit| acc | ((self.heads_in_region(bit) & 1) << bit))
    }
}

/// Boards cross to JavaScript and JSON as a string of `0`/`1` (heads = `1`), square 0 first:
/// a string crosses the wasm boundary many times faster than an array of booleans.
impl From<Board> for String {
    fn from(board: Board) -> String {
        (0..board.squares).map(|i| if board.get(i) { '1' } else { '0' }).collect()
    }
}

impl TryFrom<String> for Board {
    type Error = crate::Error;
    fn try_from(coins: String) -> Result<Board> {
        let mut board = Board::new(coins.len())?;
        for (i, c) in coins.bytes().enumerate() {
            match c {
                b'0' => {}
                b'1' => board.set(i, true),
                _ => bail!("a board is a string of 0 and 1, not {:?}", c as char),
            }
        }
        Ok(board)
    }
}

/// Within a 64-bit word, the bits whose index has bit `j` set, for j < 6.
const REGION_MASKS: [u64; 6] = [
    0xAAAA_AAAA_AAAA_AAAA,
    0xCCCC_CCCC_CCCC_CCCC,
    0xF0F0_F0F0_F0F0_F0F0,
    0xFF00_FF00_FF00_FF00,
    0xFFFF_0000_FFFF_0000,
    0xFFFF_FFFF_0000_0000,
];

/// The rectangle a board of `squares` is drawn as: the squarest, never taller than wide.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Layout {
    pub rows: usize,
    pub cols: usize,
}

impl Layout {
    pub fn for_squares(squares: usize) -> Layout {
        let k = squares.trailing_zeros();
        Layout { rows: 1 << (k / 2), cols: 1 << k.div_ceil(2) }
    }

    /// Chess-style name of square `index`: file letter from `a` at the left, rank from 1 at the
    /// bottom row; boards wider than 26 columns use the plain index.
    pub fn name(&self, index: usize) -> String {
        if self.cols > 26 {
            return index.to_string();
        }
        let (row, col) = (index / self.cols, index % self.cols);
        format!("{}{}", (b'a' + col as u8) as char, self.rows - row)
    }

    /// Reads a 0-based index or a coordinate such as `b3`.
    pub fn parse(&self, text: &str) -> Result<usize> {
        let text = text.trim();
        let squares = self.rows * self.cols;
        if let Ok(index) = text.parse::<usize>() {
            if index >= squares {
                bail!("square {index} is off the board (0 to {})", squares - 1);
            }
            return Ok(index);
        }
        let mut chars = text.chars();
        let file = match chars.next() {
            Some(c) if c.is_ascii_alphabetic() => c.to_ascii_lowercase(),
            _ => bail!("'{text}' is not a square: give an index such as 26 or a coordinate such as c5"),
        };
        let rank: usize = match chars.as_str().parse() {
            Ok(r) => r,
            Err(_) => bail!("'{text}' is not a square: give an index such as 26 or a coordinate such as c5"),
        };
        if self.cols > 26 {
            bail!("coordinates work on boards up to 26 columns; this one has {}: give an index", self.cols);
        }
        let col = (file as u8 - b'a') as usize;
        if col >= self.cols || rank == 0 || rank > self.rows {
            bail!("square {text} is off the {}×{} board", self.rows, self.cols);
        }
        Ok((self.rows - rank) * self.cols + col)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_are_squarest() {
        assert_eq!(Layout::for_squares(1), Layout { rows: 1, cols: 1 });
        assert_eq!(Layout::for_squares(2), Layout { rows: 1, cols: 2 });
        assert_eq!(Layout::for_squares(32), Layout { rows: 4, cols: 8 });
        assert_eq!(Layout::for_squares(64), Layout { rows: 8, cols: 8 });
        assert_eq!(Layout::for_squares(4096), Layout { rows: 64, cols: 64 });
    }

    #[test]
    fn square_names_match_the_readme() {
        let l = Layout::for_squares(64);
        assert_eq!(l.name(0), "a8");
        assert_eq!(l.name(56), "a1");
        assert_eq!(l.name(26), "c5");
        assert_eq!(l.name(41), "b3");
        for i in 0..64 {
            assert_eq!(l.parse(&l.name(i)).unwrap(), i);
            assert_eq!(l.parse(&i.to_string()).unwrap(), i);
        }
        assert!(l.parse("i1").is_err());
        assert!(l.parse("a9").is_err());
        assert!(l.parse("a0").is_err());
        assert!(l.parse("64").is_err());
        assert!(l.parse("").is_err());
        assert!(Layout::for_squares(4096).parse("a1").is_err());
    }

    #[test]
    fn xor_of_heads_matches_a_plain_fold() {
        let mut rng = crate::seed::rng_from_seed(7);
        for k in 0..=12 {
            let b = Board::random(1 << k, &mut rng).unwrap();
            let plain = (0..b.squares()).filter(|&i| b.get(i)).fold(0, |a, i| a ^ i);
            assert_eq!(b.xor_of_heads(), plain, "k = {k}");
        }
    }

    #[test]
    fn sizes_are_checked() {
        assert!(Board::new(0).is_err());
        assert!(Board::new(12).unwrap_err().message().contains("power of two"));
        assert!(Board::new(8192).is_err());
        assert!(Board::new(4096).is_ok());
    }
}
