//! Board files for the command line: rows of `0`/`1` or `H`/`T` (heads = `1` = `H`), spaces
//! and blank lines ignored. A flip rewrites just the one character, so the file keeps its look.

use crate::devil::lab::menu::StrategySpec;
use crate::devil::rules::board::{check_squares, Board, Layout};
use crate::{bail, Result};
use serde::Serialize;

/// Largest board file read: the biggest board (4096 coins) written with a space after every
/// coin and CRLF line ends takes about 8.3 KB, so 64 KiB leaves room for any layout while a
/// 50 MB file is refused before it is read.
pub const MAX_BOARD_FILE_BYTES: u64 = 64 << 10;

/// Prisoner A's answer on a board file: the coin to flip, and the one byte of the file that
/// turns it over.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FileFlip {
    /// The square's name (`c5`, or its index on boards wider than 26 columns).
    pub flip: String,
    pub index: usize,
    /// Where the coin's character stands in the file, in bytes.
    #[serde(skip)]
    pub offset: usize,
    /// The character that replaces it.
    #[serde(skip)]
    pub byte: u8,
}

impl FileFlip {
    pub fn summary(&self) -> String {
        format!("flip {} (index {})", self.flip, self.index)
    }
}

/// Prisoner B's answer on a board file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FileKey {
    /// The square's name (`c5`, or its index on boards wider than 26 columns).
    pub key: String,
    pub index: usize,
}

impl FileKey {
    pub fn summary(&self) -> String {
        format!("key {} (index {})", self.key, self.index)
    }
}

/// A parsed board file: its text and where each coin's character stands in it.
#[derive(Debug, Clone)]
pub struct BoardFile {
    text: String,
    coin_offsets: Vec<usize>,
}

impl BoardFile {
    pub fn parse(text: &str) -> Result<BoardFile> {
        if text.len() as u64 > MAX_BOARD_FILE_BYTES {
            bail!("a board file is at most {MAX_BOARD_FILE_BYTES} bytes; this one has {}", text.len());
        }
        // A UTF-8 byte order mark is not part of the board; offsets still count it, as the
        // file holds it.
        let body = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut coin_offsets = Vec::new();
        for (line_no, line) in body.split('\n').enumerate() {
            let line_start = line.as_ptr() as usize - text.as_ptr() as usize;
            for (col, (offset, c)) in line.char_indices().enumerate() {
                match c {
                    '0' | '1' | 'H' | 'T' | 'h' | 't' => coin_offsets.push(line_start + offset),
                    ' ' | '\t' | '\r' => {}
                    _ => bail!(
                        "line {}, column {}: unexpected character {c:?} (a board is rows of 0/1 or H/T)",
                        line_no + 1,
                        col + 1
                    ),
                }
            }
        }
        let count = coin_offsets.len();
        if count == 0 {
            bail!("the board file has no coins");
        }
        if let Err(e) = check_squares(count) {
            bail!("the board file has {count} coins: {e}");
        }
        Ok(BoardFile { text: text.to_string(), coin_offsets })
    }

    pub fn board(&self) -> Board {
        let bytes = self.text.as_bytes();
        let coins: Vec<bool> = self.coin_offsets.iter().map(|&o| matches!(bytes[o], b'1' | b'H' | b'h')).collect();
        Board::from_coins(&coins).expect("parse checked the coin count")
    }

    /// Where coin `index` stands in the text, and the character that turns it over
    /// (`0`↔`1`, `H`↔`T`, case kept).
    pub fn flip_byte(&self, index: usize) -> (usize, u8) {
        let o = self.coin_offsets[index];
        let turned = match self.text.as_bytes()[o] {
            b'0' => b'1',
            b'1' => b'0',
            b'H' => b'T',
            b'T' => b'H',
            b'h' => b't',
            _ => b'h',
        };
        (o, turned)
    }

    /// The file's text with coin `index` turned over.
    pub fn text_with_flip(&self, index: usize) -> String {
        let (o, byte) = self.flip_byte(index);
        let mut bytes = self.text.clone().into_bytes();
        bytes[o] = byte;
        String::from_utf8(bytes).expect("one ASCII byte replaced by another")
    }

    /// Prisoner A: the coin to flip so that `strategy` names `key` (an index or a coordinate).
    pub fn flip_for(&self, key: &str, strategy: &StrategySpec) -> Result<FileFlip> {
        let coins = self.board();
        let layout = Layout::for_squares(coins.squares());
        let key = layout.parse(key)?;
        let s = strategy.build(coins.squares())?;
        let Some(index) = s.encode(&coins, key) else {
            bail!("the {} strategy has no flip that names square {key} on this board", s.name());
        };
        let (offset, byte) = self.flip_byte(index);
        Ok(FileFlip { flip: layout.name(index), index, offset, byte })
    }

    /// Prisoner B: the square `strategy` names for this board.
    pub fn find(&self, strategy: &StrategySpec) -> Result<FileKey> {
        let coins = self.board();
        let index = strategy.build(coins.squares())?.decode(&coins);
        Ok(FileKey { key: Layout::for_squares(coins.squares()).name(index), index })
    }
}

/// A board as file text: rows of `0`/`1` in its drawn rectangle.
pub fn board_to_text(board: &Board) -> String {
    let layout = crate::devil::rules::board::Layout::for_squares(board.squares());
    let mut out = String::with_capacity(board.squares() + layout.rows);
    for r in 0..layout.rows {
        for c in 0..layout.cols {
            out.push(if board.get(r * layout.cols + c) { '1' } else { '0' });
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_both_alphabets_and_flips_in_place() {
        let f = BoardFile::parse("H T\n\n t h\n").unwrap();
        assert_eq!(f.board().coins(), vec![true, false, false, true]);
        assert_eq!(f.text_with_flip(2), "H T\n\n h h\n");
        let f = BoardFile::parse("0110\r\n1000").unwrap();
        assert_eq!(f.text_with_flip(7), "0110\r\n1001");
    }

    #[test]
    fn a_byte_order_mark_is_skipped_and_kept_in_the_file() {
        let f = BoardFile::parse("\u{feff}H T\n t h\n").unwrap();
        assert_eq!(f.board().coins(), vec![true, false, false, true]);
        assert_eq!(f.text_with_flip(0), "\u{feff}T T\n t h\n");
        assert_eq!(f.flip_byte(0), (3, b'T'), "the mark is 3 bytes before the first coin");
        let e = BoardFile::parse("H\u{feff}T\nth").unwrap_err();
        assert!(e.message().contains("line 1, column 2"), "only a leading mark is skipped: {e}");
    }

    #[test]
    fn errors_name_the_problem() {
        assert!(BoardFile::parse("010\n").unwrap_err().message().contains("3 coins"));
        assert!(BoardFile::parse("01x0").unwrap_err().message().contains("line 1, column 3"));
        assert!(BoardFile::parse("\n \n").unwrap_err().message().contains("no coins"));
    }

    #[test]
    fn flip_for_a_key_makes_the_board_name_it() {
        // 0110 / 1000: heads at 1, 2, 4, so the XOR strategy's colour is 1 ^ 2 ^ 4 = 7.
        let f = BoardFile::parse("0110\n1000\n\n0000\n0000\n").unwrap();
        for key in 0..16 {
            let flip = f.flip_for(&key.to_string(), &StrategySpec::Xor).unwrap();
            assert_eq!(flip.index, 7 ^ key);
            let after = BoardFile::parse(&f.text_with_flip(flip.index)).unwrap();
            assert_eq!(after.find(&StrategySpec::Xor).unwrap().index, key);
            assert_eq!(after.text.as_bytes()[flip.offset], flip.byte);
        }
        assert!(f.flip_for("16", &StrategySpec::Xor).unwrap_err().message().contains("off the board"));
        assert_eq!(f.find(&StrategySpec::Xor).unwrap(), FileKey { key: "d3".into(), index: 7 });
    }

    #[test]
    fn files_over_the_limit_are_refused() {
        let big = "0".repeat(MAX_BOARD_FILE_BYTES as usize + 1);
        assert!(BoardFile::parse(&big).unwrap_err().message().contains("at most"));
        // The biggest board with a space after every coin and CRLF line ends fits.
        let row = "0 ".repeat(64) + "\r\n";
        assert!(BoardFile::parse(&row.repeat(64)).unwrap().board().squares() == 4096);
    }

    #[test]
    fn text_round_trips() {
        let mut rng = crate::seed::rng_from_seed(1);
        let b = Board::random(32, &mut rng).unwrap();
        assert_eq!(BoardFile::parse(&board_to_text(&b)).unwrap().board(), b);
    }
}
