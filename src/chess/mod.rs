//! Chess codes: store a position or a game in as few bits as possible. Every scheme of the
//! source text (4 bits a square, base 13, Huffman, piece lists, move lists, arithmetic coding)
//! plus a compact enumerative code, each with encode, decode, an exact round trip, a computed
//! worst case and its bits shown as labelled segments.

pub mod adapt;
pub mod arith;
pub mod base13;
pub mod bitboard;
pub mod book;
pub mod codes;
pub mod compact;
pub mod counters;
pub mod explain;
pub mod fit;
pub mod game_codes;
pub mod huffman;
pub mod lichess;
pub mod material;
pub mod model;
pub mod model_params;
pub mod nibble;
pub mod pawn_files;
pub mod pgn;
pub mod piece_list;
pub mod position;
pub mod san;
pub mod schemes;
pub mod share;
pub mod view;

pub use codes::{Code, Segment};
pub use game_codes::{GameCode, GameScheme};
pub use pgn::{parse_pgn, Game};
pub use position::Position;
pub use schemes::PositionScheme;

/// The contents of the 64 squares, a1 = 0, b1 = 1, …, h8 = 63.
pub type Squares = [Option<(cozy_chess::Piece, cozy_chess::Color)>; 64];
