//! The game: the row of coins ([`board`]), one round as a [`crate::puzzle::Puzzle`] ([`game`]),
//! the strategy the page plays ([`play`]) and what a strategy is ([`strategy`]).

pub mod board;
pub mod game;
pub mod play;
pub mod strategy;
