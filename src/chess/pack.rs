//! The games database format (`chess pack` / `chess unpack`): many PGN games in few bytes. The
//! moves take the `arithmetic` game code (the move model's probabilities; no second codec), and
//! everything else is split into columns — one per tag name, because dates, ratings, names and
//! events compress far better apart — each compressed with zstd. Games are packed in blocks, so
//! neither side holds more than a block in memory, and the games of a block are coded on all
//! cores. The layout is in docs/chess-pack.md.

use crate::chess::rules::pgn::{tag_in, AnnotatedGame, Note};
use crate::chess::{Game, GameScheme, Position};
use crate::{bail, Error, Result};
use rayon::prelude::*;
use std::collections::HashMap;
use std::io::{Read, Write};

/// The first bytes of every pack file.
pub const MAGIC: [u8; 8] = *b"CBPGNPAK";
/// The format this build writes and the newest it reads; a later change of layout gets a new
/// number, and this build refuses it by that number rather than misreading it.
pub const VERSION: u8 = 1;
/// A block's header byte, and the end's.
const BLOCK: u8 = b'B';
const END: u8 = b'E';
/// The most any block or column may claim once decompressed; a larger claim is a corrupt file
/// (the writer cuts blocks at a few megabytes of PGN).
pub const MAX_BLOCK_BYTES: u64 = 64 << 20;
/// zstd level of the text columns: 19 for the tags, small beside the moves; 17 for a column over
/// [`LARGE_COLUMN`] (clock comments: 6 % larger than at 19, in a third of the time, ~0.2 s a
/// megabyte). The move codes do not compress: level 1 only adds the checksum.
const TEXT_LEVEL: i32 = 19;
const LARGE_TEXT_LEVEL: i32 = 17;
const LARGE_COLUMN: usize = 128 << 10;
const MOVES_LEVEL: i32 = 1;

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// One game ready for a block: its arithmetic code and what the columns keep.
pub struct PackedGame {
    code: Vec<u8>,
    tags: Vec<(String, String)>,
    notes: Vec<Note>,
    result: u8,
}

/// Codes one game, or says why the pack cannot take it (a variant other than standard chess).
pub fn pack_game(g: AnnotatedGame) -> Result<PackedGame> {
    if let Some(v) = tag_in(&g.game.tags, "Variant") {
        if !["standard", "from position", "normal", "chess"].contains(&v.to_ascii_lowercase().as_str()) {
            bail!("variant '{v}' is not standard chess");
        }
    }
    let result = RESULTS.iter().position(|r| *r == g.game.result).expect("the parser reads only these") as u8;
    let code = GameScheme::Arithmetic.encode(&g.game).code.bytes;
    Ok(PackedGame { code, tags: g.game.tags, notes: g.notes, result })
}

/// Writes the file header.
pub fn write_header(w: &mut dyn Write) -> std::io::Result<()> {
    w.write_all(&MAGIC)?;
    w.write_all(&[VERSION])
}

/// Writes the end of the file: the number of games, so a file cut between blocks is noticed.
pub fn write_end(w: &mut dyn Write, games: u64) -> std::io::Result<()> {
    let mut end = vec![END];
    put_varint(&mut end, games);
    w.write_all(&end)
}

/// One block of games as bytes: `B`, the payload's length, the payload. The payload holds the
/// number of games, then the columns, each a zstd frame with its checksum after its length:
/// the tag names ('\n' after each), shape (per game the result, the tag count and each tag's name index, the note
/// count), move-code lengths, note places (ply step and length), note text, move codes, and one
/// column of values ('\n' after each; PGN tag values hold no line break) per tag name.
pub fn block_bytes(games: &[PackedGame]) -> std::io::Result<Vec<u8>> {
    let mut names: Vec<&str> = Vec::new();
    let mut index: HashMap<&str, usize> = HashMap::new();
    let (mut shape, mut lens, mut places, mut text, mut moves) = (vec![], vec![], vec![], vec![], vec![]);
    let mut values: Vec<Vec<u8>> = Vec::new();
    for g in games {
        put_varint(&mut shape, g.result as u64);
        put_varint(&mut shape, g.tags.len() as u64);
        for (k, v) in &g.tags {
            let i = *index.entry(k).or_insert_with(|| {
                names.push(k);
                values.push(Vec::new());
                names.len() - 1
            });
            put_varint(&mut shape, i as u64);
            values[i].extend_from_slice(v.as_bytes());
            values[i].push(b'\n');
        }
        put_varint(&mut shape, g.notes.len() as u64);
        let mut ply = 0;
        for n in &g.notes {
            put_varint(&mut places, (n.ply - ply) as u64);
            put_varint(&mut places, n.text.len() as u64);
            text.extend_from_slice(n.text.as_bytes());
            ply = n.ply;
        }
        put_varint(&mut lens, g.code.len() as u64);
        moves.extend_from_slice(&g.code);
    }
    let names: Vec<u8> = names.iter().flat_map(|n| n.bytes().chain([b'\n'])).collect();
    let mut columns: Vec<(&[u8], i32)> = vec![
        (&names, TEXT_LEVEL),
        (&shape, TEXT_LEVEL),
        (&lens, TEXT_LEVEL),
        (&places, TEXT_LEVEL),
        (&text, TEXT_LEVEL),
        (&moves, MOVES_LEVEL),
    ];
    columns.extend(values.iter().map(|v| (v.as_slice(), TEXT_LEVEL)));
    let frames: Vec<Vec<u8>> =
        columns.par_iter().map(|(c, level)| compress(c, *level)).collect::<std::io::Result<_>>()?;
    let mut payload = Vec::new();
    put_varint(&mut payload, games.len() as u64);
    for f in frames {
        put_varint(&mut payload, f.len() as u64);
        payload.extend_from_slice(&f);
    }
    let mut out = vec![BLOCK];
    put_varint(&mut out, payload.len() as u64);
    out.extend_from_slice(&payload);
    Ok(out)
}

fn compress(data: &[u8], level: i32) -> std::io::Result<Vec<u8>> {
    let level = if level == TEXT_LEVEL && data.len() > LARGE_COLUMN { LARGE_TEXT_LEVEL } else { level };
    let mut c = zstd::bulk::Compressor::new(level)?;
    c.include_checksum(true)?;
    c.compress(data)
}

/// Reads a pack file block by block.
pub struct Reader<R: Read> {
    input: R,
    /// Games read so far, checked against the count at the end.
    games: u64,
    ended: bool,
}

impl<R: Read> Reader<R> {
    /// Checks the header: the magic, then a version this build reads.
    pub fn new(mut input: R) -> Result<Self> {
        let mut head = [0u8; 9];
        let got = read_up_to(&mut input, &mut head)?;
        if got < MAGIC.len() || head[..8] != MAGIC {
            bail!("not a chess pack file (it does not start with {})", String::from_utf8_lossy(&MAGIC));
        }
        if got < 9 {
            bail!("the pack file is cut short: it ends inside its header");
        }
        if head[8] > VERSION {
            bail!("the pack file has format version {}; this build reads up to version {VERSION}: use a newer chessboard-puzzles", head[8]);
        }
        if head[8] == 0 {
            bail!("the pack file has format version 0, which no build wrote: the file is corrupt");
        }
        Ok(Reader { input, games: 0, ended: false })
    }

    /// The next block's games in file order, decoded on all cores; None after the end.
    pub fn next_block(&mut self) -> Result<Option<Vec<AnnotatedGame>>> {
        if self.ended {
            return Ok(None);
        }
        let mut kind = [0u8; 1];
        if read_up_to(&mut self.input, &mut kind)? == 0 {
            bail!("the pack file is cut short: its end mark is missing after {} games", self.games);
        }
        match kind[0] {
            END => {
                let games = read_varint_from(&mut self.input)?;
                if games != self.games {
                    bail!("the pack file is corrupt: its end says {games} games, its blocks hold {}", self.games);
                }
                let mut extra = [0u8; 1];
                if read_up_to(&mut self.input, &mut extra)? != 0 {
                    bail!("the pack file is corrupt: bytes follow its end mark");
                }
                self.ended = true;
                Ok(None)
            }
            BLOCK => {
                let len = read_varint_from(&mut self.input)?;
                if len > MAX_BLOCK_BYTES {
                    bail!("the pack file is corrupt: a block claims {len} bytes");
                }
                let mut payload = Vec::new();
                (&mut self.input).take(len).read_to_end(&mut payload).map_err(io)?;
                if (payload.len() as u64) < len {
                    bail!("the pack file is cut short: the block after game {} ends early", self.games);
                }
                let games = decode_block(&payload, self.games)?;
                self.games += games.len() as u64;
                Ok(Some(games))
            }
            b => bail!("the pack file is corrupt: byte {b:#04x} where a block or the end should start"),
        }
    }
}

/// One block's games; `before` is the number of games of earlier blocks, for messages.
fn decode_block(payload: &[u8], before: u64) -> Result<Vec<AnnotatedGame>> {
    let mut p = Cursor { bytes: payload, at: 0 };
    let n = p.count("games")?;
    let mut column = || -> Result<Vec<u8>> {
        let len = p.count("a column's length")?;
        decompress(p.take(len)?)
    };
    let names = String::from_utf8(column()?).map_err(|_| corrupt("a tag name is not UTF-8"))?;
    let names: Vec<&str> = names.split_terminator('\n').collect();
    let (shape, lens, places, text, moves) = (column()?, column()?, column()?, column()?, column()?);
    let raw_values: Vec<Vec<u8>> = names.iter().map(|_| column()).collect::<Result<_>>()?;
    if p.at != payload.len() {
        bail!("the pack file is corrupt: a block has bytes after its columns");
    }
    let (mut shape, mut lens, mut places) = (Cursor::new(&shape), Cursor::new(&lens), Cursor::new(&places));
    let (mut text, mut moves) = (Cursor::new(&text), Cursor::new(&moves));
    let mut values: Vec<std::str::Split<'_, char>> = Vec::new();
    for v in values_text(&raw_values)? {
        values.push(v.split('\n'));
    }
    // Split the columns into games first (cheap), then decode the moves on all cores.
    let mut records = Vec::with_capacity(n.min(1 << 20));
    for _ in 0..n {
        let result = *RESULTS.get(shape.count("a result")?).ok_or_else(|| corrupt("a result is out of range"))?;
        let tags = (0..shape.count("a tag count")?)
            .map(|_| {
                let i = shape.count("a tag name index")?;
                let name = names.get(i).ok_or_else(|| corrupt("a tag name index is out of range"))?;
                let value = values[i].next().ok_or_else(|| corrupt("a tag column is short"))?;
                Ok((name.to_string(), value.to_string()))
            })
            .collect::<Result<Vec<_>>>()?;
        let mut ply = 0usize;
        let notes = (0..shape.count("a note count")?)
            .map(|_| {
                ply = ply.checked_add(places.count("a note's place")?).ok_or_else(|| corrupt("a note's place"))?;
                let len = places.count("a note's length")?;
                let s = std::str::from_utf8(text.take(len)?).map_err(|_| corrupt("a note is not UTF-8"))?;
                Ok(Note { ply, text: s.to_string() })
            })
            .collect::<Result<Vec<_>>>()?;
        let code = moves.take(lens.count("a move code's length")?)?;
        records.push((code, tags, notes, result));
    }
    if !(shape.done() && lens.done() && places.done() && text.done() && moves.done()) {
        bail!("the pack file is corrupt: a column is longer than its games");
    }
    if values.iter_mut().any(|v| v.next() != Some("") || v.next().is_some()) {
        bail!("the pack file is corrupt: a tag column is longer than its games");
    }
    records
        .into_par_iter()
        .enumerate()
        .map(|(i, (code, tags, notes, result))| {
            let number = before + i as u64 + 1;
            let fail = |e: Error| Error::new(format!("the pack file is corrupt: game {number}: {}", e.message()));
            let decoded = GameScheme::Arithmetic.decode(code).map_err(fail)?;
            let start = match tag_in(&tags, "FEN") {
                Some(fen) => Position::from_fen(fen).map_err(fail)?,
                None => Position::start(),
            };
            if start != decoded.start {
                return Err(fail(Error::new("its FEN tag is not the position its moves start from")));
            }
            let last = notes.last().map_or(0, |n| n.ply);
            if last > decoded.moves.len() + 1 {
                return Err(fail(Error::new("a note stands after the end of the game")));
            }
            let game = Game { tags, start, moves: decoded.moves, result: result.to_string() };
            Ok(AnnotatedGame { game, notes })
        })
        .collect()
}

fn values_text(values: &[Vec<u8>]) -> Result<Vec<&str>> {
    values.iter().map(|v| std::str::from_utf8(v).map_err(|_| corrupt("a tag value is not UTF-8"))).collect()
}

fn decompress(frame: &[u8]) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    let d = zstd::stream::read::Decoder::with_buffer(frame).map_err(|_| corrupt("a column is not a zstd frame"))?;
    d.take(MAX_BLOCK_BYTES + 1)
        .read_to_end(&mut out)
        .map_err(|e| corrupt(&format!("a column does not decompress ({e})")))?;
    if out.len() as u64 > MAX_BLOCK_BYTES {
        return Err(corrupt("a column is too large"));
    }
    Ok(out)
}

fn corrupt(what: &str) -> Error {
    Error::new(format!("the pack file is corrupt: {what}"))
}

fn io(e: std::io::Error) -> Error {
    Error::new(format!("cannot read the pack file: {e}"))
}

/// Reads until `buf` is full or the input ends; how many bytes were read.
fn read_up_to(r: &mut impl Read, buf: &mut [u8]) -> Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match r.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(k) => got += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(io(e)),
        }
    }
    Ok(got)
}

/// LEB128: 7 bits a byte, low first, the top bit set on every byte but the last.
fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn read_varint_from(r: &mut impl Read) -> Result<u64> {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let mut b = [0u8; 1];
        if read_up_to(r, &mut b)? == 0 {
            bail!("the pack file is cut short inside a number");
        }
        v |= ((b[0] & 0x7f) as u64) << shift;
        if b[0] < 0x80 {
            return Ok(v);
        }
    }
    Err(corrupt("a number is longer than 64 bits"))
}

/// A position in a decompressed column or a payload.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        Cursor { bytes, at: 0 }
    }

    /// A number that counts bytes or items of this block, so it cannot exceed the block's size.
    fn count(&mut self, what: &str) -> Result<usize> {
        let mut rest = &self.bytes[self.at..];
        let v = read_varint_from(&mut rest).map_err(|_| corrupt(&format!("{what} is cut short")))?;
        self.at = self.bytes.len() - rest.len();
        if v > MAX_BLOCK_BYTES {
            return Err(corrupt(&format!("{what} is out of range")));
        }
        Ok(v as usize)
    }

    fn take(&mut self, len: usize) -> Result<&'a [u8]> {
        let end = self.at.checked_add(len).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| corrupt("a length runs past its data"))?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn done(&self) -> bool {
        self.at == self.bytes.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_read_back_and_overlong_ones_are_refused() {
        for v in [0, 1, 127, 128, 300, u32::MAX as u64, u64::MAX] {
            let mut b = Vec::new();
            put_varint(&mut b, v);
            assert_eq!(read_varint_from(&mut b.as_slice()).unwrap(), v);
        }
        assert!(read_varint_from(&mut [0x80u8; 11].as_slice()).is_err());
        assert!(read_varint_from(&mut [0x80u8].as_slice()).is_err());
    }
}
