//! Chess codes: store a position or a game in as few bits as possible. Every scheme of the
//! source text (4 bits a square, base 13, Huffman, piece lists, move lists, arithmetic coding)
//! plus a compact enumerative code, each with encode, decode, an exact round trip, a computed
//! worst case and its bits shown as labelled segments.

pub mod material;
pub mod pgn;
pub mod position;
pub mod san;

pub use pgn::{parse_pgn, Game};
pub use position::Position;
