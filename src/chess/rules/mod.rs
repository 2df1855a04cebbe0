//! Chess as the codes see it: a position with its legality checks ([`position`]), the material
//! that can arise in a game ([`material`]), moves in SAN and UCI ([`san`]) and games in PGN
//! ([`pgn`]).

pub mod material;
pub mod pgn;
pub mod position;
pub mod san;
