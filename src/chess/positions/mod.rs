//! The position codes, one module a scheme ([`nibble`], [`base13`], [`huffman`], [`piece_list`],
//! [`bitboard`], [`compact`]) behind one interface ([`schemes`]), with what several share (the
//! pawns file by file, [`pawn_files`]; the optional move counters, [`counters`]) and the
//! position's share link ([`share`]).

pub mod base13;
pub mod bitboard;
pub mod compact;
pub mod counters;
pub mod huffman;
pub mod nibble;
pub mod pawn_files;
pub mod piece_list;
pub mod schemes;
pub mod share;
