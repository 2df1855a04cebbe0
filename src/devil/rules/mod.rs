//! The game's pieces: the row of coins ([`board`]) and what a strategy is ([`strategy`]). Below
//! the lab, which builds strategies from them; a round ([`crate::devil::game`]) sits above both.

pub mod board;
pub mod strategy;
