//! The Devil's chessboard: a coin on each square, the devil shows prisoner A the key square,
//! A flips one coin, and prisoner B must name the key square from the board alone.

pub mod board;
pub mod file;
pub mod game;
pub mod strategy;

pub use board::{Board, Layout, MAX_SQUARES};
pub use game::{Game, Mode, Move, Params, View};
pub use strategy::{Step, Strategy, Xor};
