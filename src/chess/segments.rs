//! What every code shares: a bit writer that labels each run of bits with the square or field
//! it stores (so the page can colour the bitstring and highlight the square under the mouse),
//! the reader side, and the trailer of position state that the simpler schemes append.

use crate::bits::{BitReader, BitWriter};
use crate::{bail, Result};
use cozy_chess::{Color, File, Piece, Square};
use num_bigint::BigUint;
use serde::Serialize;

/// A run of bits and what it stores.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Segment {
    pub start: usize,
    pub len: usize,
    pub label: String,
    /// Squares this run describes (0 = a1 … 63 = h8); empty for fields such as the side to move.
    pub squares: Vec<u8>,
}

/// An encoded position or game: its exact length in bits, its bytes (zero-padded), segments.
#[derive(Clone, Debug)]
pub struct Code {
    pub bits: usize,
    pub bytes: Vec<u8>,
    pub segments: Vec<Segment>,
}

impl Code {
    pub fn to_base64url(&self) -> String {
        use base64::Engine;
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&self.bytes)
    }

    /// The bits as a string of 0 and 1.
    pub fn bitstring(&self) -> String {
        (0..self.bits).map(|i| if self.bytes[i / 8] & (0x80 >> (i % 8)) != 0 { '1' } else { '0' }).collect()
    }
}

/// A [`BitWriter`] that records a labelled segment for every push.
#[derive(Default)]
pub struct CodeWriter {
    w: BitWriter,
    segments: Vec<Segment>,
}

impl CodeWriter {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn len(&self) -> usize {
        self.w.len()
    }

    pub fn is_empty(&self) -> bool {
        self.w.is_empty()
    }

    fn segment(&mut self, start: usize, label: String, squares: &[Square]) {
        let len = self.w.len() - start;
        if len > 0 {
            self.segments.push(Segment { start, len, label, squares: squares.iter().map(|&s| s as u8).collect() });
        }
    }

    pub fn push(&mut self, value: u64, width: u32, label: impl Into<String>, squares: &[Square]) {
        let start = self.w.len();
        self.w.push_bits(value, width);
        self.segment(start, label.into(), squares);
    }

    /// Writes `value` in exactly `width` bits (the caller guarantees it fits).
    pub fn push_big(&mut self, value: &BigUint, width: u64, label: impl Into<String>, squares: &[Square]) {
        let start = self.w.len();
        for i in (0..width).rev() {
            self.w.push_bit(value.bit(i));
        }
        self.segment(start, label.into(), squares);
    }

    /// Appends raw bits (from a sub-coder) under one label.
    pub fn push_code_bits(&mut self, bits: &[bool], label: impl Into<String>, squares: &[Square]) {
        let start = self.w.len();
        for &b in bits {
            self.w.push_bit(b);
        }
        self.segment(start, label.into(), squares);
    }

    pub fn finish(self) -> Code {
        let bits = self.w.len();
        Code { bits, bytes: self.w.into_bytes(), segments: self.segments }
    }
}

/// Reads `width` bits as a big number.
pub fn read_big(r: &mut BitReader, width: u64) -> Result<BigUint> {
    let mut bytes = vec![0u8; width.div_ceil(8) as usize];
    let n = bytes.len();
    for i in (0..width).rev() {
        if r.read_bit()? {
            bytes[n - 1 - (i / 8) as usize] |= 1 << (i % 8);
        }
    }
    Ok(BigUint::from_bytes_be(&bytes))
}

/// Number of bits needed to write any number below `n` (0 for n <= 1).
pub fn bits_for(n: &BigUint) -> u64 {
    if *n <= BigUint::from(1u8) {
        0
    } else {
        (n - 1u8).bits()
    }
}

/// Men as a number 0..=12: 0 empty, 1..=6 white pawn…king, 7..=12 black pawn…king.
pub fn man_code(man: Option<(Piece, Color)>) -> u8 {
    match man {
        None => 0,
        Some((p, c)) => 1 + p as u8 + 6 * c as u8,
    }
}

pub fn man_from_code(code: u8) -> Option<(Piece, Color)> {
    match code {
        1..=12 => {
            let i = (code - 1) as usize;
            Some((Piece::index(i % 6), Color::index(i / 6)))
        }
        _ => None,
    }
}

pub fn piece_name(p: Piece) -> &'static str {
    match p {
        Piece::Pawn => "pawn",
        Piece::Knight => "knight",
        Piece::Bishop => "bishop",
        Piece::Rook => "rook",
        Piece::Queen => "queen",
        Piece::King => "king",
    }
}

pub fn man_name(man: Option<(Piece, Color)>) -> String {
    match man {
        None => "empty".into(),
        Some((p, c)) => format!("{} {}", if c == Color::White { "white" } else { "black" }, piece_name(p)),
    }
}

/// Side to move, castling rights and en-passant file: the state the simple board codes add
/// after the board. 1 + 4 + 1 (+ 3 when en passant is possible) bits.
pub const STATE_MAX_BITS: usize = 9;

/// The rooks' home corners, in the order of the castling rights K, Q, k, q.
pub const CASTLING_ROOKS: [Square; 4] = [Square::H1, Square::A1, Square::H8, Square::A8];

/// The castling right (an index into [`CASTLING_ROOKS`]) and the colour of a rook that a code
/// marks as able to castle on `sq`; on any other square the code is corrupt.
pub fn castling_rook_at(sq: Square) -> Result<(usize, Color)> {
    match CASTLING_ROOKS.iter().position(|&r| r == sq) {
        Some(i) => Ok((i, if i < 2 { Color::White } else { Color::Black })),
        None => bail!("the code marks a castling rook on {sq}, which is not a rook's home corner"),
    }
}

pub fn write_state(w: &mut CodeWriter, stm: Color, castling: [bool; 4], ep: Option<File>) {
    w.push(stm as u64, 1, "side to move", &[]);
    let names = ["castling K", "castling Q", "castling k", "castling q"];
    for i in 0..4 {
        w.push(castling[i] as u64, 1, names[i], &[CASTLING_ROOKS[i]]);
    }
    w.push(ep.is_some() as u64, 1, "en passant?", &[]);
    if let Some(f) = ep {
        let rank = if stm == Color::White { cozy_chess::Rank::Fifth } else { cozy_chess::Rank::Fourth };
        w.push(f as u64, 3, "en-passant file", &[Square::new(f, rank)]);
    }
}

pub fn read_state(r: &mut BitReader) -> Result<(Color, [bool; 4], Option<File>)> {
    let stm = if r.read_bit()? { Color::Black } else { Color::White };
    let mut castling = [false; 4];
    for c in &mut castling {
        *c = r.read_bit()?;
    }
    let ep = if r.read_bit()? { Some(File::index(r.read_bits(3)? as usize)) } else { None };
    Ok((stm, castling, ep))
}

/// Checks that decoding gave back a canonical position: the en-passant file a code stores
/// must still be there (it is dropped when the capture is not legal).
pub fn check_ep_kept(ep: Option<File>, pos: &super::Position) -> Result<()> {
    if ep.is_some() && pos.en_passant().is_none() {
        bail!("the code marks en passant where no en-passant capture is legal");
    }
    Ok(())
}
