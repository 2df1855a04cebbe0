//! The position schemes by name, with one interface: encode, decode, worst case, description.

use crate::chess::positions::{base13, bitboard, compact, huffman, nibble, piece_list};
use crate::chess::{Code, Position};
use crate::{bail, Result};
use std::sync::OnceLock;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionScheme {
    Nibble,
    Base13,
    Base13Pawns,
    Huffman,
    PieceList,
    Bitboard,
    Compact,
}

impl PositionScheme {
    pub const ALL: [PositionScheme; 7] = [
        PositionScheme::Nibble,
        PositionScheme::Base13,
        PositionScheme::Base13Pawns,
        PositionScheme::Huffman,
        PositionScheme::PieceList,
        PositionScheme::Bitboard,
        PositionScheme::Compact,
    ];

    pub fn name(self) -> &'static str {
        match self {
            PositionScheme::Nibble => "nibble",
            PositionScheme::Base13 => "base13",
            PositionScheme::Base13Pawns => "base13-pawns",
            PositionScheme::Huffman => "huffman",
            PositionScheme::PieceList => "piece-list",
            PositionScheme::Bitboard => "bitboard",
            PositionScheme::Compact => "compact",
        }
    }

    pub fn parse(name: &str) -> Result<Self> {
        match Self::ALL.iter().find(|s| s.name() == name) {
            Some(&s) => Ok(s),
            None => {
                let names: Vec<&str> = Self::ALL.iter().map(|s| s.name()).collect();
                bail!("unknown position scheme '{name}' (known: {})", names.join(", "))
            }
        }
    }

    /// One sentence on what the scheme writes.
    pub fn description(self) -> &'static str {
        match self {
            PositionScheme::Nibble => {
                "4 bits a square; spare values mark castling rooks and the en-passant pawn; 1 bit for the side to move"
            }
            PositionScheme::Base13 => {
                "the board as a 64-digit base-13 number, then side to move, castling and en passant"
            }
            PositionScheme::Base13Pawns => "base 13, but 11 choices on ranks 1 and 8 where pawns never stand",
            PositionScheme::Huffman => {
                "cletus's Huffman code: 1 bit for an empty square, 3 for a pawn, 5 or 6 for a piece"
            }
            PositionScheme::PieceList => "each side's king, pawns (one base-48 number) and pieces (type + square)",
            PositionScheme::Bitboard => {
                "64-bit occupancy map, then 4 bits a man; spare values mark castling, en passant, side to move"
            }
            PositionScheme::Compact => {
                "the rank of the position among all positions whose material can arise in a game"
            }
        }
    }

    pub fn encode(self, pos: &Position) -> Code {
        match self {
            PositionScheme::Nibble => nibble::encode(pos),
            PositionScheme::Base13 => base13::encode(pos, false),
            PositionScheme::Base13Pawns => base13::encode(pos, true),
            PositionScheme::Huffman => huffman::encode(pos),
            PositionScheme::PieceList => piece_list::encode(pos),
            PositionScheme::Bitboard => bitboard::encode(pos),
            PositionScheme::Compact => compact::encode(pos),
        }
    }

    /// Decodes the bytes of a code; any byte string gives a position or a one-line error.
    pub fn decode(self, bytes: &[u8]) -> Result<Position> {
        match self {
            PositionScheme::Nibble => nibble::decode(bytes),
            PositionScheme::Base13 => base13::decode(bytes, false),
            PositionScheme::Base13Pawns => base13::decode(bytes, true),
            PositionScheme::Huffman => huffman::decode(bytes),
            PositionScheme::PieceList => piece_list::decode(bytes),
            PositionScheme::Bitboard => bitboard::decode(bytes),
            PositionScheme::Compact => compact::decode(bytes),
        }
    }

    /// The longest code of any position, computed (not typed in): see each scheme's module.
    pub fn worst_case(self) -> usize {
        static W: OnceLock<[usize; 7]> = OnceLock::new();
        let all = W.get_or_init(|| {
            [
                nibble::BITS,
                base13::worst_case(false),
                base13::worst_case(true),
                huffman::worst_case(),
                piece_list::worst_case(),
                bitboard::WORST_CASE,
                compact::bits(),
            ]
        });
        all[Self::ALL.iter().position(|&s| s == self).expect("listed")]
    }
}
