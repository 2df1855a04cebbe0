//! `base13` and `base13-pawns`: the board as one big number. Each square is a digit with 13
//! values (empty or one of 12 men): 13^64 needs 237 bits. With pawns kept off ranks 1 and 8
//! those 16 squares have only 11 values: 11^16 · 13^48 needs 233 bits (the source's figures).
//! The side to move, castling and en passant follow as plain fields.

use crate::bits::BitReader;
use crate::chess::segments::{
    bits_for, man_code, man_from_code, read_big, read_state, write_state, CodeWriter, STATE_MAX_BITS,
};
use crate::chess::{Code, Position};
use crate::{bail, Result};
use cozy_chess::{Rank, Square};
use num_bigint::BigUint;

fn edge(sq: Square) -> bool {
    matches!(sq.rank(), Rank::First | Rank::Eighth)
}

/// Radix of a square's digit.
fn radix(sq: Square, pawns_off_edges: bool) -> u32 {
    if pawns_off_edges && edge(sq) {
        11
    } else {
        13
    }
}

/// Digit of a man: on edge squares with the pawn rule, the two pawn codes are skipped.
fn digit(code: u8, sq: Square, pawns_off_edges: bool) -> u32 {
    if pawns_off_edges && edge(sq) {
        // codes 0, 2..=6, 8..=12 → 0..=10
        let c = code as u32;
        c - (c > 1) as u32 - (c > 7) as u32
    } else {
        code as u32
    }
}

fn code_of(d: u32, sq: Square, pawns_off_edges: bool) -> u8 {
    if pawns_off_edges && edge(sq) {
        let mut c = d;
        if c >= 1 {
            c += 1;
        }
        if c >= 7 {
            c += 1;
        }
        c as u8
    } else {
        d as u8
    }
}

/// The number of boards the number ranges over.
pub fn board_count(pawns_off_edges: bool) -> BigUint {
    Square::ALL.iter().fold(BigUint::from(1u8), |acc, &sq| acc * radix(sq, pawns_off_edges))
}

pub fn board_bits(pawns_off_edges: bool) -> u64 {
    bits_for(&board_count(pawns_off_edges))
}

pub fn worst_case(pawns_off_edges: bool) -> usize {
    board_bits(pawns_off_edges) as usize + STATE_MAX_BITS
}

pub fn encode(pos: &Position, pawns_off_edges: bool) -> Code {
    let mut n = BigUint::default();
    for &sq in Square::ALL.iter().rev() {
        n = n * radix(sq, pawns_off_edges) + digit(man_code(pos.piece_at(sq)), sq, pawns_off_edges);
    }
    let mut w = CodeWriter::new();
    let squares: Vec<Square> = Square::ALL.iter().copied().filter(|&s| pos.piece_at(s).is_some()).collect();
    let label = if pawns_off_edges {
        "board as one number: 11 choices on ranks 1 and 8, 13 elsewhere"
    } else {
        "board as one base-13 number (a1 is the lowest digit)"
    };
    w.push_big(&n, board_bits(pawns_off_edges), label, &squares);
    write_state(&mut w, pos.side_to_move(), pos.castling(), pos.en_passant());
    w.finish()
}

pub fn decode(bytes: &[u8], pawns_off_edges: bool) -> Result<Position> {
    let mut r = BitReader::new(bytes);
    let mut n = read_big(&mut r, board_bits(pawns_off_edges))?;
    if n >= board_count(pawns_off_edges) {
        bail!("the board number is larger than any board");
    }
    let mut squares = [None; 64];
    for sq in Square::ALL {
        let rdx = radix(sq, pawns_off_edges);
        let d = u32::try_from(&n % rdx).unwrap_or(0);
        n /= rdx;
        squares[sq as usize] = man_from_code(code_of(d, sq, pawns_off_edges));
    }
    let (stm, castling, ep) = read_state(&mut r)?;
    r.finish()?;
    let pos = Position::from_parts(&squares, stm, castling, ep)?;
    crate::chess::segments::check_ep_kept(ep, &pos)?;
    Ok(pos)
}
