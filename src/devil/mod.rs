//! The Devil's chessboard: a coin on each square, the devil shows prisoner A the key square,
//! A flips one coin, and prisoner B must name the key square from the board alone.
//!
//! Three layers, each using only those before it: [`rules`] (the board, what a strategy is);
//! [`lab`] (every strategy by name, their constructions, search, counting, verification and
//! the lab's views); [`play`] (the strategy the page plays, by its menu number or a pasted
//! table) and [`game`] (one round as a [`crate::puzzle::Puzzle`]).

pub mod game;
pub mod lab;
pub mod play;
pub mod rules;

pub use game::{Game, Mode, Move, Params, View};
pub use rules::board::{Board, Layout, MAX_SQUARES};
pub use rules::strategy::{Step, Strategy, Xor};
