//! `nibble`: 4 bits a square (the source's first scheme, 256 bits). Of the 16 values, 13 are
//! the men and the empty square; as the source suggests, two spare values carry the rest of
//! the position: 13 = a rook that may still castle (its colour is its rank), 14 = a pawn that
//! just moved two squares and can be taken en passant. One more bit says who moves: 257 bits.

use crate::bits::BitReader;
use crate::chess::segments::{castling_rook_at, man_code, man_from_code, man_name, CodeWriter, CASTLING_ROOKS};
use crate::chess::{Code, Position};
use crate::{bail, Result};
use cozy_chess::{Color, Piece, Rank, Square};

const CASTLE_ROOK: u8 = 13;
const EP_PAWN: u8 = 14;
pub const BITS: usize = 257;

pub fn encode(pos: &Position) -> Code {
    let mut w = CodeWriter::new();
    let castling = pos.castling();
    let ep_pawn = pos
        .en_passant()
        .map(|f| Square::new(f, if pos.side_to_move() == Color::White { Rank::Fifth } else { Rank::Fourth }));
    for sq in Square::ALL {
        let man = pos.piece_at(sq);
        let (code, label) = if CASTLING_ROOKS.iter().zip(castling).any(|(&r, c)| c && r == sq) {
            (CASTLE_ROOK, format!("{sq}: {} that may castle", man_name(man)))
        } else if Some(sq) == ep_pawn {
            (EP_PAWN, format!("{sq}: {} that just moved two squares", man_name(man)))
        } else {
            (man_code(man), format!("{sq}: {}", man_name(man)))
        };
        w.push(code as u64, 4, label, &[sq]);
    }
    w.push(pos.side_to_move() as u64, 1, "side to move", &[]);
    w.finish()
}

pub fn decode(bytes: &[u8]) -> Result<Position> {
    let mut r = BitReader::new(bytes);
    let mut squares = [None; 64];
    let mut castling = [false; 4];
    let mut ep_square = None;
    for sq in Square::ALL {
        let code = r.read_bits(4)? as u8;
        squares[sq as usize] = match code {
            0..=12 => man_from_code(code),
            CASTLE_ROOK => {
                let (i, colour) = castling_rook_at(sq)?;
                castling[i] = true;
                Some((Piece::Rook, colour))
            }
            EP_PAWN => {
                let color = match sq.rank() {
                    Rank::Fourth => Color::White,
                    Rank::Fifth => Color::Black,
                    _ => bail!("the code marks an en-passant pawn on {sq}, which is not on rank 4 or 5"),
                };
                if ep_square.is_some() {
                    bail!("the code marks two en-passant pawns");
                }
                ep_square = Some(sq);
                Some((Piece::Pawn, color))
            }
            _ => bail!("value 15 on {sq} is not used by this scheme"),
        };
    }
    let stm = if r.read_bit()? { Color::Black } else { Color::White };
    r.finish()?;
    let ep = match ep_square {
        None => None,
        Some(sq) => {
            let want = if stm == Color::White { Rank::Fifth } else { Rank::Fourth };
            if sq.rank() != want {
                bail!(
                    "the en-passant pawn on {sq} cannot have just moved: it is not the side to move's turn to take it"
                );
            }
            Some(sq.file())
        }
    };
    let pos = Position::from_parts(&squares, stm, castling, ep)?;
    crate::chess::segments::check_ep_kept(ep, &pos)?;
    Ok(pos)
}
