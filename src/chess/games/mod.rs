//! The game codes ([`game_codes`]: a start position plus its moves) and what they stand on: the
//! arithmetic coder ([`arith`]), the move model ([`model`]) with its fitted weights
//! ([`model_params`], written by [`fit`]) and opening book ([`book`]), adapting to the game being
//! coded ([`adapt`]), why a move cost what it did ([`explain`]), and lichess's own codec for
//! comparison ([`lichess`]); a game's share link ([`link`]).

pub mod adapt;
pub mod arith;
pub mod book;
pub mod explain;
pub mod fit;
pub mod game_codes;
pub mod lichess;
pub mod link;
pub mod model;
pub mod model_params;
