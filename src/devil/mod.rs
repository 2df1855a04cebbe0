//! The Devil's chessboard: a coin on each square, the devil shows prisoner A the key square,
//! A flips one coin, and prisoner B must name the key square from the board alone.

pub mod at_most_one;
pub mod board;
pub mod coset;
pub mod count;
pub mod cube;
pub mod dice;
pub mod dice_lab;
pub mod file;
pub mod game;
pub mod lab;
pub mod lab_link;
pub mod play;
pub mod search;
pub mod strategy;
pub mod table;
pub mod vasilev;
pub mod verify;
pub mod why;

pub use board::{Board, Layout, MAX_SQUARES};
pub use game::{Game, Mode, Move, Params, View};
pub use strategy::{Step, Strategy, Xor};
