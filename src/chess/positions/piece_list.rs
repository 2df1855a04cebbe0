//! `piece-list`: each side's men by square, as in the source: the king's square (6 bits), the
//! number of pawns (4 bits) and their squares as one base-48 number (pawns only stand on 48
//! squares: 8 pawns take ⌈log2 48^8⌉ = 45 bits), the number of other pieces (4 bits), and for
//! each a type (2 bits) and a square (6 bits). White first, then Black, then the state fields.

use crate::bits::BitReader;
use crate::chess::rules::material::{self, Counts};
use crate::chess::segments::{bits_for, piece_name, read_big, read_state, write_state, CodeWriter, STATE_MAX_BITS};
use crate::chess::{Code, Position};
use crate::{bail, Result};
use cozy_chess::{Color, Piece, Square};
use num_bigint::BigUint;

const TYPES: [Piece; 4] = [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen];

fn pawn_bits(n: usize) -> u64 {
    // Kept for 0..=8 pawns: the worst case asks once for each of ~17 000 sides.
    static SMALL: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    let power = |n: usize| bits_for(&BigUint::from(48u8).pow(n as u32));
    let small = SMALL.get_or_init(|| (0..=8).map(power).collect());
    small.get(n).copied().unwrap_or_else(|| power(n))
}

fn side_name(c: Color) -> &'static str {
    if c == Color::White {
        "white"
    } else {
        "black"
    }
}

pub fn encode(pos: &Position) -> Code {
    let mut w = CodeWriter::new();
    for color in Color::ALL {
        let name = side_name(color);
        let king = pos.board().king(color);
        w.push(king as u64, 6, format!("{name} king on {king}"), &[king]);
        let pawns: Vec<Square> = pos.board().colored_pieces(color, Piece::Pawn).into_iter().collect();
        w.push(pawns.len() as u64, 4, format!("{name} pawns: {}", pawns.len()), &[]);
        let mut n = BigUint::default();
        for &sq in pawns.iter().rev() {
            n = n * 48u8 + (sq as u8 - 8);
        }
        let list: Vec<String> = pawns.iter().map(|s| s.to_string()).collect();
        w.push_big(&n, pawn_bits(pawns.len()), format!("{name} pawns on {}", list.join(" ")), &pawns);
        let pieces: Vec<(Square, Piece)> =
            TYPES.iter().flat_map(|&p| pos.board().colored_pieces(color, p).into_iter().map(move |s| (s, p))).collect();
        w.push(pieces.len() as u64, 4, format!("{name} pieces: {}", pieces.len()), &[]);
        for (sq, p) in pieces {
            let t = TYPES.iter().position(|&x| x == p).expect("a listed type") as u64;
            w.push((t << 6) | sq as u64, 8, format!("{name} {} on {sq}", piece_name(p)), &[sq]);
        }
    }
    write_state(&mut w, pos.side_to_move(), pos.castling(), pos.en_passant());
    w.finish()
}

pub fn decode(bytes: &[u8]) -> Result<Position> {
    let mut r = BitReader::new(bytes);
    let mut squares = [None; 64];
    let put = |sq: Square, man: (Piece, Color), squares: &mut [Option<(Piece, Color)>; 64]| -> Result<()> {
        if squares[sq as usize].is_some() {
            bail!("the code puts two men on {sq}");
        }
        squares[sq as usize] = Some(man);
        Ok(())
    };
    for color in Color::ALL {
        let king = Square::index(r.read_bits(6)? as usize);
        put(king, (Piece::King, color), &mut squares)?;
        let np = r.read_bits(4)? as usize;
        if np > 8 {
            bail!("the code gives {} {np} pawns; at most 8", side_name(color));
        }
        let mut n = read_big(&mut r, pawn_bits(np))?;
        for _ in 0..np {
            let d = u32::try_from(&n % 48u8).unwrap_or(0) as usize;
            n /= 48u8;
            put(Square::index(d + 8), (Piece::Pawn, color), &mut squares)?;
        }
        if n != BigUint::default() {
            bail!("the {} pawn number is too large", side_name(color));
        }
        let npc = r.read_bits(4)? as usize;
        for _ in 0..npc {
            let t = r.read_bits(2)? as usize;
            let sq = Square::index(r.read_bits(6)? as usize);
            put(sq, (TYPES[t], color), &mut squares)?;
        }
    }
    let (stm, castling, ep) = read_state(&mut r)?;
    r.finish()?;
    let pos = Position::from_parts(&squares, stm, castling, ep)?;
    crate::chess::segments::check_ep_kept(ep, &pos)?;
    Ok(pos)
}

fn side_bits(c: &Counts) -> usize {
    6 + 4 + pawn_bits(c.pawns as usize) as usize + 4 + 8 * c.pieces() as usize
}

/// The longest code over every pair of material counts that can arise in a game.
pub fn worst_case() -> usize {
    material::max_over_pairs(|c, _| side_bits(c)) + STATE_MAX_BITS
}
