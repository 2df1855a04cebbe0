//! Board files for the command line: rows of `0`/`1` or `H`/`T` (heads = `1` = `H`), spaces
//! and blank lines ignored. A flip rewrites just the one character, so the file keeps its look.

use super::board::{check_squares, Board};
use crate::{bail, Result};

/// A parsed board file: its text and where each coin's character stands in it.
#[derive(Debug, Clone)]
pub struct BoardFile {
    text: String,
    coin_offsets: Vec<usize>,
}

impl BoardFile {
    pub fn parse(text: &str) -> Result<BoardFile> {
        let mut coin_offsets = Vec::new();
        for (line_no, line) in text.split('\n').enumerate() {
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

    /// The file's text with coin `index` turned over (`0`↔`1`, `H`↔`T`, case kept).
    pub fn text_with_flip(&self, index: usize) -> String {
        let mut bytes = self.text.clone().into_bytes();
        let o = self.coin_offsets[index];
        bytes[o] = match bytes[o] {
            b'0' => b'1',
            b'1' => b'0',
            b'H' => b'T',
            b'T' => b'H',
            b'h' => b't',
            _ => b'h',
        };
        String::from_utf8(bytes).expect("one ASCII byte replaced by another")
    }
}

/// A board as file text: rows of `0`/`1` in its drawn rectangle.
pub fn board_to_text(board: &Board) -> String {
    let layout = super::board::Layout::for_squares(board.squares());
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
    fn errors_name_the_problem() {
        assert!(BoardFile::parse("010\n").unwrap_err().message().contains("3 coins"));
        assert!(BoardFile::parse("01x0").unwrap_err().message().contains("line 1, column 3"));
        assert!(BoardFile::parse("\n \n").unwrap_err().message().contains("no coins"));
    }

    #[test]
    fn text_round_trips() {
        let mut rng = crate::seed::rng_from_seed(1);
        let b = Board::random(32, &mut rng).unwrap();
        assert_eq!(BoardFile::parse(&board_to_text(&b)).unwrap().board(), b);
    }
}
