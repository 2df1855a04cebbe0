//! `bitboard`: a 64-bit map of the occupied squares, then 4 bits for each man in square order
//! (the scheme in common use, ≤ 64 + 32·4 = 192 bits). Twelve values are the men; three spare
//! values carry the rest of the position: 12 = a rook that may still castle (its colour is its
//! rank), 13 = a pawn that can be taken en passant (colour by rank), 14 = the black king when
//! Black is to move (otherwise White is to move).

use crate::bits::BitReader;
use crate::chess::segments::{castling_rook_at, man_name, CodeWriter, CASTLING_ROOKS};
use crate::chess::{Code, Position};
use crate::{bail, Result};
use cozy_chess::{Color, Piece, Rank, Square};

const CASTLE_ROOK: u64 = 12;
const EP_PAWN: u64 = 13;
const BLACK_KING_TO_MOVE: u64 = 14;
pub const WORST_CASE: usize = 64 + 32 * 4;

pub fn encode(pos: &Position) -> Code {
    let mut w = CodeWriter::new();
    for sq in Square::ALL {
        let occupied = pos.piece_at(sq).is_some();
        w.push(occupied as u64, 1, format!("{sq} {}", if occupied { "occupied" } else { "empty" }), &[sq]);
    }
    let castling = pos.castling();
    let ep_pawn = pos
        .en_passant()
        .map(|f| Square::new(f, if pos.side_to_move() == Color::White { Rank::Fifth } else { Rank::Fourth }));
    for sq in Square::ALL {
        let Some((p, c)) = pos.piece_at(sq) else { continue };
        let name = man_name(Some((p, c)));
        let (code, label) = if CASTLING_ROOKS.iter().zip(castling).any(|(&r, k)| k && r == sq) {
            (CASTLE_ROOK, format!("{sq}: {name} that may castle"))
        } else if Some(sq) == ep_pawn {
            (EP_PAWN, format!("{sq}: {name} that just moved two squares"))
        } else if p == Piece::King && c == Color::Black && pos.side_to_move() == Color::Black {
            (BLACK_KING_TO_MOVE, format!("{sq}: {name}, Black to move"))
        } else {
            (p as u64 + 6 * c as u64, format!("{sq}: {name}"))
        };
        w.push(code, 4, label, &[sq]);
    }
    w.finish()
}

pub fn decode(bytes: &[u8]) -> Result<Position> {
    let mut r = BitReader::new(bytes);
    let occupancy = r.read_bits(64)?;
    if occupancy.count_ones() > 32 {
        bail!("the occupancy map has {} men; at most 32", occupancy.count_ones());
    }
    let mut squares = [None; 64];
    let mut castling = [false; 4];
    let mut ep_square = None;
    let mut stm = Color::White;
    for sq in Square::ALL {
        if occupancy & (1u64 << (63 - sq as u32)) == 0 {
            continue;
        }
        let code = r.read_bits(4)?;
        squares[sq as usize] = Some(match code {
            0..=11 => (Piece::index(code as usize % 6), Color::index(code as usize / 6)),
            CASTLE_ROOK => {
                let (i, colour) = castling_rook_at(sq)?;
                castling[i] = true;
                (Piece::Rook, colour)
            }
            EP_PAWN => {
                let color = match sq.rank() {
                    Rank::Fourth => Color::White,
                    Rank::Fifth => Color::Black,
                    _ => bail!("the code marks an en-passant pawn on {sq}, which is not on rank 4 or 5"),
                };
                if ep_square.replace(sq).is_some() {
                    bail!("the code marks two en-passant pawns");
                }
                (Piece::Pawn, color)
            }
            BLACK_KING_TO_MOVE => {
                stm = Color::Black;
                (Piece::King, Color::Black)
            }
            _ => bail!("value 15 on {sq} is not used by this scheme"),
        });
    }
    r.finish()?;
    let ep = match ep_square {
        None => None,
        Some(sq) => {
            let want = if stm == Color::White { Rank::Fifth } else { Rank::Fourth };
            if sq.rank() != want {
                bail!("the en-passant pawn on {sq} does not match the side to move");
            }
            Some(sq.file())
        }
    };
    let pos = Position::from_parts(&squares, stm, castling, ep)?;
    crate::chess::segments::check_ep_kept(ep, &pos)?;
    Ok(pos)
}
