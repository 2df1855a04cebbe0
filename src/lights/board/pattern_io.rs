//! Two-state patterns and press sets as files, read and written streaming into packed bits:
//! rows of digits `0`/`1` (newlines or `/` between rows), or PBM — the 1-bit image format any
//! image viewer opens, plain (`P1`, digits) or raw (`P4`, 8 lights a byte). A light that is on
//! (or a light to press) is 1, black in the image. A 20,000×20,000 pattern is a 50 MB `P4`
//! file and never more than its packed bits in memory.

use crate::lights::board::packed::PackedBoard;
use crate::{bail, Error, Result};
use std::io::{BufRead, Write};

/// How a pattern is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Rows of digits, one row a line.
    Digits,
    /// Plain PBM (`P1`): the digits with a header, lines of at most 70 characters.
    PlainPbm,
    /// Raw PBM (`P4`): a header, then each row in ⌈cols/8⌉ bytes, first light in the top bit.
    Pbm,
}

impl Format {
    pub fn parse(text: &str) -> Result<Format> {
        match text.trim().to_ascii_lowercase().as_str() {
            "digits" | "text" | "txt" => Ok(Format::Digits),
            "p1" | "plain-pbm" => Ok(Format::PlainPbm),
            "pbm" | "p4" => Ok(Format::Pbm),
            other => bail!("unknown format '{other}': expected digits, pbm (P4) or plain-pbm (P1)"),
        }
    }

    /// The format a file name asks for: `.pbm` is raw PBM, anything else digits.
    pub fn for_path(path: &std::path::Path) -> Format {
        match path.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("pbm") => Format::Pbm,
            _ => Format::Digits,
        }
    }
}

fn io_error(e: std::io::Error) -> Error {
    Error::new(format!("cannot read the pattern: {e}"))
}

/// The byte order mark some editors put at the start of a UTF-8 text file; not part of the text.
const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// Reads a two-state pattern in any of the formats, telling them apart by PBM's magic number
/// (after a UTF-8 byte order mark, which is skipped).
pub fn read_pattern(mut input: impl BufRead) -> Result<PackedBoard> {
    if input.fill_buf().map_err(io_error)?.starts_with(UTF8_BOM) {
        input.consume(UTF8_BOM.len());
    }
    let head = input.fill_buf().map_err(io_error)?;
    let magic = (head.first().copied(), head.get(1).copied());
    match magic {
        (Some(b'P'), Some(b'1')) => read_pbm(input, false),
        (Some(b'P'), Some(b'4')) => read_pbm(input, true),
        _ => read_digits(input),
    }
}

/// Packed rows growing one light at a time.
struct RowBuilder {
    cols: Option<usize>,
    words: Vec<u64>,
    row: Vec<u64>,
    len: usize,
    rows: usize,
}

impl RowBuilder {
    fn new() -> RowBuilder {
        RowBuilder { cols: None, words: Vec::new(), row: Vec::new(), len: 0, rows: 0 }
    }

    fn push(&mut self, bit: bool) {
        if self.len.is_multiple_of(64) {
            self.row.push(0);
        }
        self.row[self.len / 64] |= u64::from(bit) << (self.len % 64);
        self.len += 1;
    }

    fn end_row(&mut self) -> Result<()> {
        if self.len == 0 {
            return Ok(());
        }
        match self.cols {
            None => self.cols = Some(self.len),
            Some(c) if c != self.len => {
                bail!("row {} has {} lights, but row 1 has {c}", self.rows + 1, self.len)
            }
            _ => {}
        }
        self.words.try_reserve(self.row.len()).map_err(|_| Error::new("the pattern does not fit in memory"))?;
        self.words.append(&mut self.row);
        self.rows += 1;
        self.len = 0;
        Ok(())
    }

    fn finish(mut self) -> Result<PackedBoard> {
        self.end_row()?;
        let Some(cols) = self.cols else {
            bail!("the pattern is empty: give rows of 0/1 separated by newlines or '/'");
        };
        PackedBoard::from_words(self.rows, cols, self.words)
    }
}

/// Rows of `0`/`1`, separated by newlines or `/`; spaces, tabs, `\r` and blank lines ignored.
fn read_digits(mut input: impl BufRead) -> Result<PackedBoard> {
    let mut rows = RowBuilder::new();
    loop {
        let buf = input.fill_buf().map_err(io_error)?;
        if buf.is_empty() {
            break;
        }
        for &b in buf {
            match b {
                b'0' | b'1' => rows.push(b == b'1'),
                b'\n' | b'/' => rows.end_row()?,
                b' ' | b'\t' | b'\r' => {}
                other => {
                    let shown =
                        if other.is_ascii_graphic() { char::from(other).to_string() } else { format!("byte {other}") };
                    bail!("row {} has '{shown}': lights are 0 or 1 here", rows.rows + 1);
                }
            }
        }
        let n = buf.len();
        input.consume(n);
    }
    rows.finish()
}

/// One byte of the stream, or None at its end.
fn next_byte(input: &mut impl BufRead) -> Result<Option<u8>> {
    let buf = input.fill_buf().map_err(io_error)?;
    let Some(&b) = buf.first() else { return Ok(None) };
    input.consume(1);
    Ok(Some(b))
}

/// A header number of a PBM file, skipping whitespace and `#` comments before it; consumes
/// the one whitespace byte after it.
fn header_number(input: &mut impl BufRead, what: &str) -> Result<usize> {
    let mut value: Option<usize> = None;
    loop {
        let b = next_byte(input)?;
        match (b, value) {
            (Some(b'#'), None) => {
                let mut comment = Vec::new();
                input.read_until(b'\n', &mut comment).map_err(io_error)?;
            }
            (Some(b), None) if b.is_ascii_whitespace() => {}
            (Some(b @ b'0'..=b'9'), v) => {
                let d = usize::from(b - b'0');
                let Some(n) = v.unwrap_or(0).checked_mul(10).and_then(|x| x.checked_add(d)) else {
                    bail!("the PBM {what} is too large");
                };
                value = Some(n);
            }
            (Some(b), Some(v)) if b.is_ascii_whitespace() => return Ok(v),
            (None, Some(v)) => return Ok(v),
            (None, None) => bail!("the PBM header ends before its {what}"),
            (Some(b), _) => bail!("the PBM {what} has '{}'", char::from(b).escape_default()),
        }
    }
}

fn read_pbm(mut input: impl BufRead, raw: bool) -> Result<PackedBoard> {
    input.consume(2);
    let cols = header_number(&mut input, "width")?;
    let rows = header_number(&mut input, "height")?;
    let mut board = PackedBoard::zeros(rows, cols)?;
    if raw {
        let mut bytes = vec![0u8; cols.div_ceil(8)];
        for r in 0..rows {
            input
                .read_exact(&mut bytes)
                .map_err(|_| Error::new(format!("the PBM image ends after {r} of its {rows} rows")))?;
            let row = board.row_mut(r);
            for (j, chunk) in bytes.chunks(8).enumerate() {
                let mut word = [0u8; 8];
                for (d, s) in word.iter_mut().zip(chunk) {
                    *d = s.reverse_bits();
                }
                row[j] = u64::from_le_bytes(word);
            }
            let w = row.len();
            row[w - 1] &= mask_of(cols);
        }
    } else {
        for r in 0..rows {
            for c in 0..cols {
                let bit = loop {
                    match next_byte(&mut input)? {
                        Some(b'0') => break false,
                        Some(b'1') => break true,
                        Some(b) if b.is_ascii_whitespace() => {}
                        Some(b'#') => {
                            input.read_until(b'\n', &mut Vec::new()).map_err(io_error)?;
                        }
                        Some(b) => bail!(
                            "the PBM image has '{}' at row {}: pixels are 0 or 1",
                            char::from(b).escape_default(),
                            r + 1
                        ),
                        None => bail!("the PBM image ends after {r} of its {rows} rows"),
                    }
                };
                if bit {
                    board.flip(r, c);
                }
            }
        }
        // A plain PBM file holds exactly one image: only whitespace and comments may follow it.
        loop {
            match next_byte(&mut input)? {
                None => break,
                Some(b) if b.is_ascii_whitespace() => {}
                Some(b'#') => {
                    input.read_until(b'\n', &mut Vec::new()).map_err(io_error)?;
                }
                Some(_) => {
                    bail!("the PBM image has more than its {cols}×{rows} pixels: a plain PBM file holds one image")
                }
            }
        }
    }
    Ok(board)
}

fn mask_of(cols: usize) -> u64 {
    match cols % 64 {
        0 => u64::MAX,
        r => (1u64 << r) - 1,
    }
}

/// Writes a board in `format`, row by row.
pub fn write_pattern(board: &PackedBoard, format: Format, out: &mut impl Write) -> std::io::Result<()> {
    let (m, n) = (board.rows, board.cols);
    match format {
        Format::Pbm => {
            write!(out, "P4\n{n} {m}\n")?;
            let mut bytes = Vec::with_capacity(n.div_ceil(8));
            for r in 0..m {
                bytes.clear();
                for &w in board.row(r) {
                    bytes.extend(w.to_le_bytes().iter().map(|b| b.reverse_bits()));
                }
                bytes.truncate(n.div_ceil(8));
                out.write_all(&bytes)?;
            }
        }
        Format::Digits | Format::PlainPbm => {
            // Lines of at most 70 characters in a plain PBM, as the format asks.
            let line = if format == Format::PlainPbm {
                write!(out, "P1\n{n} {m}\n")?;
                70
            } else {
                usize::MAX
            };
            let mut text = Vec::with_capacity(n + n / 70 + 1);
            for r in 0..m {
                text.clear();
                let row = board.row(r);
                for c in 0..n {
                    if c > 0 && c % line == 0 {
                        text.push(b'\n');
                    }
                    text.push(b'0' + (row[c / 64] >> (c % 64) & 1) as u8);
                }
                text.push(b'\n');
                out.write_all(&text)?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn written(board: &PackedBoard, format: Format) -> Vec<u8> {
        let mut out = Vec::new();
        write_pattern(board, format, &mut out).unwrap();
        out
    }

    #[test]
    fn pbm_as_the_format_describes_it() {
        // The 'J' of the netpbm manual, 6×10, plain and raw.
        let plain = b"P1\n# This is an example bitmap of the letter \"J\"\n6 10\n0 0 0 0 1 0\n0 0 0 0 1 0\n\
            0 0 0 0 1 0\n0 0 0 0 1 0\n0 0 0 0 1 0\n0 0 0 0 1 0\n1 0 0 0 1 0\n0 1 1 1 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n";
        let j = read_pattern(&plain[..]).unwrap();
        assert_eq!((j.rows, j.cols), (10, 6));
        assert!(j.get(0, 4) && j.get(6, 0) && !j.get(6, 1) && j.get(7, 3));
        assert_eq!(j.count_ones(), 11);
        let raw = written(&j, Format::Pbm);
        assert_eq!(&raw[..8], b"P4\n6 10\n");
        assert_eq!(raw[8], 0b0000_1000); // row 0: pixel 4 set, first pixel in the top bit
        assert_eq!(raw[14], 0b1000_1000);
        assert_eq!(read_pattern(&raw[..]).unwrap(), j);
        assert_eq!(read_pattern(&written(&j, Format::PlainPbm)[..]).unwrap(), j);
        assert_eq!(read_pattern(&written(&j, Format::Digits)[..]).unwrap(), j);
        assert_eq!(read_pattern(&b"010/111\n"[..]).unwrap().to_bytes(), vec![0, 1, 0, 1, 1, 1]);
    }

    #[test]
    fn a_byte_order_mark_is_skipped_and_a_plain_pbm_holds_exactly_its_pixels() {
        // The 2×3 board with lights (0,0), (0,1) and (1,2) on, in each form, with a mark in front.
        for text in
            [&b"\xEF\xBB\xBF110\n001\n"[..], b"\xEF\xBB\xBFP1\n3 2\n1 1 0\n0 0 1\n", b"\xEF\xBB\xBFP4\n3 2\n\xC0\x20"]
        {
            let b = read_pattern(text).unwrap();
            assert_eq!((b.rows, b.cols), (2, 3));
            assert_eq!((0..6).filter(|&i| b.get(i / 3, i % 3)).collect::<Vec<_>>(), [0, 1, 5]);
        }
        assert!(read_pattern(&b"1\xEF\xBB\xBF0"[..]).unwrap_err().message().contains("byte 239"), "only at the start");
        let e = read_pattern(&b"P1\n2 2\n0 1\n1 0\n1\n"[..]).unwrap_err();
        assert_eq!(e.message(), "the PBM image has more than its 2×2 pixels: a plain PBM file holds one image");
        assert!(read_pattern(&b"P1 2 2 0 1 1 0 # the end\n \n"[..]).is_ok(), "whitespace and comments may follow");
    }

    #[test]
    fn bad_files_are_one_line_errors() {
        for (text, says) in [
            (&b"P4\n8 2\n\x01"[..], "ends after 1 of its 2 rows"),
            (b"P1\n2 2\n0 1 1", "ends after 1"),
            (b"P1\n2 x\n", "height"),
            (b"P1\n2", "height"),
            (b"P1\n0 3\n", "at least 1"),
            (b"P1 1 1 2", "pixels are 0 or 1"),
            (b"01/0", "row 2 has 1 lights"),
            (b"012", "'2'"),
            (b"\n\n", "empty"),
        ] {
            let e = read_pattern(text).unwrap_err();
            assert!(e.message().contains(says), "{text:?}: {e}");
        }
    }

    proptest! {
        #[test]
        fn any_board_round_trips_in_every_format(rows in 1usize..5, cols in 1usize..140, seed: u64) {
            let mut b = PackedBoard::zeros(rows, cols).unwrap();
            for i in 0..rows * cols {
                if ((seed >> (i % 64)) & 1 == 1) != (i % 3 == 0) {
                    b.flip(i / cols, i % cols);
                }
            }
            for f in [Format::Digits, Format::PlainPbm, Format::Pbm] {
                prop_assert_eq!(&read_pattern(&written(&b, f)[..]).unwrap(), &b);
            }
        }

        #[test]
        fn reading_any_bytes_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..40)) {
            let mut input = b"P4\n".to_vec();
            input.extend(&bytes);
            let _ = read_pattern(&input[..]);
            let _ = read_pattern(&bytes[..]);
        }
    }
}
