//! Chess codes: store a position or a game in as few bits as possible. Every scheme of the
//! source text (4 bits a square, base 13, Huffman, piece lists, move lists, arithmetic coding)
//! plus a compact enumerative code, each with encode, decode, an exact round trip, a computed
//! worst case and its bits shown as labelled segments.
//!
//! [`rules`] is chess itself as the codes see it (positions, material, SAN, PGN); [`positions`]
//! holds the position codes and the position's share link; [`games`] the game codes with the
//! move model they stand on; [`segments`] what every code shares (the labelled bit writer) and
//! [`view`] what the page shows.

pub mod games;
#[cfg(not(target_arch = "wasm32"))]
pub mod pack;
pub mod positions;
pub mod rules;
pub mod segments;
pub mod view;

pub use games::game_codes::{GameCode, GameScheme};
pub use positions::schemes::PositionScheme;
pub use rules::pgn::{parse_pgn, Game};
pub use rules::position::Position;
pub use segments::{Code, Segment};

/// The contents of the 64 squares, a1 = 0, b1 = 1, …, h8 = 63.
pub type Squares = [Option<(cozy_chess::Piece, cozy_chess::Color)>; 64];
