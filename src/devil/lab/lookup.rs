//! A strategy given as a table: the square named by each of the 2^n boards (n ≤ 16). Pasted
//! or uploaded tables, edited tables, search results and coset strategies all end up here.

use crate::devil::rules::board::Board;
use crate::devil::rules::strategy::Strategy;
use crate::{bail, Result};

/// Largest table: 2^16 boards.
pub const MAX_TABLE_SQUARES: usize = 16;

/// Largest table file read: 2^16 lines of `bits square` take about 1.4 MB with CRLF line ends.
pub const MAX_TABLE_FILE_BYTES: u64 = 4 << 20;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LookupTable {
    squares: usize,
    colours: Vec<u16>,
    name: String,
}

impl LookupTable {
    /// A table for `squares` (1..=16, any number: the verifier also judges impossible sizes).
    pub fn new(squares: usize, colours: Vec<u16>, name: &str) -> Result<LookupTable> {
        if squares == 0 || squares > MAX_TABLE_SQUARES {
            bail!("a table strategy has 1 to {MAX_TABLE_SQUARES} squares, not {squares}");
        }
        if colours.len() != 1 << squares {
            bail!(
                "a table for {squares} squares has {} entries (one per board), not {}",
                1usize << squares,
                colours.len()
            );
        }
        if let Some((x, c)) = colours.iter().enumerate().find(|(_, &c)| usize::from(c) >= squares) {
            bail!("board {x} names square {c}, but squares run from 0 to {}", squares - 1);
        }
        Ok(LookupTable { squares, colours, name: name.to_string() })
    }

    /// The table of any decoding rule.
    pub fn from_fn(squares: usize, name: &str, f: impl Fn(u64) -> usize) -> Result<LookupTable> {
        if squares == 0 || squares > MAX_TABLE_SQUARES {
            bail!("a table strategy has 1 to {MAX_TABLE_SQUARES} squares, not {squares}");
        }
        let colours = (0..1u64 << squares).map(|x| f(x).min(u16::MAX as usize) as u16).collect();
        LookupTable::new(squares, colours, name)
    }

    /// The table of a strategy on at most 16 squares.
    pub fn of(strategy: &dyn Strategy) -> Result<LookupTable> {
        LookupTable::from_fn(strategy.squares(), strategy.name(), |x| strategy.decode_bits(x))
    }

    /// Reads a table. Two forms:
    /// * a list of 2^n square numbers, board 0 first (board x has coin i heads when bit i of x
    ///   is 1), separated by spaces, commas or new lines;
    /// * lines `bits square …` as in the source text, bits written coin n−1 first; extra
    ///   columns are ignored. If only the even boards are listed, each odd board x takes the
    ///   answer of x XOR 1 (even and odd boards are independent, so this is always allowed).
    ///
    /// `#` starts a comment. `squares`, when given, must match.
    pub fn parse(text: &str, squares: Option<usize>) -> Result<LookupTable> {
        let lines: Vec<Vec<&str>> = text
            .lines()
            .map(|l| l.split('#').next().unwrap_or(""))
            .map(|l| l.split([' ', '\t', ',', ';']).filter(|t| !t.is_empty()).collect::<Vec<_>>())
            .filter(|t| !t.is_empty())
            .collect();
        let first = lines.first().and_then(|l| l.first()).copied().unwrap_or("");
        let paired = lines.iter().all(|l| (2..=3).contains(&l.len()))
            && first.len() >= 2
            && lines.iter().all(|l| l[0].len() == first.len() && l[0].bytes().all(|b| b == b'0' || b == b'1'));
        let table = if paired { Self::parse_pairs(&lines)? } else { Self::parse_list(&lines)? };
        if let Some(n) = squares {
            if n != table.squares {
                bail!("the table is for {} squares, not {n}", table.squares);
            }
        }
        Ok(table)
    }

    fn parse_list(lines: &[Vec<&str>]) -> Result<LookupTable> {
        let mut colours = Vec::new();
        for (line_no, line) in lines.iter().enumerate() {
            for token in line {
                match token.parse::<u16>() {
                    Ok(c) => colours.push(c),
                    Err(_) => bail!("table line {}: '{token}' is not a square number", line_no + 1),
                }
            }
        }
        let len = colours.len();
        if len < 2 || !len.is_power_of_two() {
            bail!("a table lists one square per board, 2^n entries for n squares; this one has {len}");
        }
        LookupTable::new(len.trailing_zeros() as usize, colours, "table")
    }

    fn parse_pairs(lines: &[Vec<&str>]) -> Result<LookupTable> {
        let n = lines[0][0].len();
        if n > MAX_TABLE_SQUARES {
            bail!("a table strategy has at most {MAX_TABLE_SQUARES} squares, these boards have {n}");
        }
        let mut colours: Vec<Option<u16>> = vec![None; 1 << n];
        for (line_no, line) in lines.iter().enumerate() {
            let x = usize::from_str_radix(line[0], 2).unwrap_or(0);
            let Ok(c) = line[1].parse::<u16>() else {
                bail!("table line {}: '{}' is not a square number", line_no + 1, line[1]);
            };
            if colours[x].replace(c).is_some_and(|old| old != c) {
                bail!("table line {}: board {} is listed twice with different squares", line_no + 1, line[0]);
            }
        }
        let only_even = colours.iter().enumerate().all(|(x, c)| c.is_some() == (x.count_ones() % 2 == 0));
        if only_even {
            for x in 0..1usize << n {
                if x.count_ones() % 2 == 1 {
                    colours[x] = colours[x ^ 1];
                }
            }
        }
        if let Some(x) = colours.iter().position(Option::is_none) {
            bail!("the table has no line for board {x:0n$b} (give every board, or every even board)");
        }
        LookupTable::new(n, colours.into_iter().map(|c| c.unwrap_or(0)).collect(), "table")
    }

    /// The plain list form, 16 numbers a line.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for row in self.colours.chunks(16) {
            let line: Vec<String> = row.iter().map(u16::to_string).collect();
            out.push_str(&line.join(" "));
            out.push('\n');
        }
        out
    }

    pub fn squares(&self) -> usize {
        self.squares
    }

    pub fn colours(&self) -> &[u16] {
        &self.colours
    }

    pub fn colour(&self, board: u64) -> usize {
        usize::from(self.colours[board as usize])
    }

    /// Changes the square board `board` names.
    pub fn set(&mut self, board: u64, square: usize) -> Result<()> {
        if board >= self.colours.len() as u64 {
            bail!("board {board} is not a board of {} squares", self.squares);
        }
        if square >= self.squares {
            bail!("square {square} is off the board (0 to {})", self.squares - 1);
        }
        self.colours[board as usize] = square as u16;
        Ok(())
    }
}

impl Strategy for LookupTable {
    fn name(&self) -> &str {
        &self.name
    }

    fn squares(&self) -> usize {
        self.squares
    }

    fn decode(&self, board: &Board) -> usize {
        self.colour(board.bits())
    }

    fn decode_bits(&self, bits: u64) -> usize {
        self.colour(bits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn list_and_pairs_forms() {
        let t = LookupTable::parse("0 1 1 0", None).unwrap();
        assert_eq!((t.squares(), t.colours()), (2, &[0u16, 1, 1, 0][..]));
        // Only the even boards of 2 squares: 00 → 0, 11 → 1; odd boards copy x XOR 1.
        let t = LookupTable::parse("00 0\n11 1 # comment\n", Some(2)).unwrap();
        assert_eq!(t.colours(), &[0, 0, 1, 1]);
        assert!(LookupTable::parse("0 1 1", None).unwrap_err().message().contains("has 3"));
        assert!(LookupTable::parse("0 1 2 0", None).unwrap_err().message().contains("square 2"));
        assert!(LookupTable::parse("0 1 x 0", None).is_err());
        assert!(LookupTable::parse("0 1 1 0", Some(4)).is_err());
        assert!(LookupTable::parse("00 0\n", None).unwrap_err().message().contains("no line"));
        assert!(LookupTable::parse("00 0\n00 1\n11 0", None).unwrap_err().message().contains("twice"));
        assert!(LookupTable::parse("", None).is_err());
    }

    /// A pasted megabyte of junk is quoted by its ends (the error's rule), not whole.
    #[test]
    fn long_bad_tokens_are_cut_short() {
        let junk = "x".repeat(5_000_000);
        for text in [format!("0 1 {junk} 0"), format!("00 0\n11 {junk}\n")] {
            let message = LookupTable::parse(&text, None).unwrap_err().message().to_string();
            assert!(message.starts_with("table line "), "{message}");
            assert!(message.contains(&format!("'{}…{}'", "x".repeat(39), "x".repeat(7))), "{message}");
            assert!(message.chars().count() < 120, "{} characters", message.chars().count());
        }
        assert!(LookupTable::parse("0 1 abc 0", None).unwrap_err().message().contains("'abc' is"));
    }

    proptest! {
        #[test]
        fn parse_never_panics(text in "[01 ,\\n#x2-9]{0,80}") {
            let _ = LookupTable::parse(&text, None);
        }

        #[test]
        fn text_round_trips(k in 1usize..5, seed in any::<u64>()) {
            let n = k;
            let colours: Vec<u16> = (0..1u64 << n).map(|x| ((x.wrapping_mul(seed | 1) >> 7) % n as u64) as u16).collect();
            let t = LookupTable::new(n, colours, "table").unwrap();
            prop_assert_eq!(LookupTable::parse(&t.to_text(), Some(n)).unwrap(), t);
        }
    }
}
