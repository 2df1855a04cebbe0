//! The Devil's chessboard: a coin on each square, the devil shows prisoner A the key square,
//! A flips one coin, and prisoner B must name the key square from the board alone.
//!
//! [`rules`] holds the game itself (the board, a round, the strategy the page plays, what a
//! strategy is); [`lab`] holds the strategy lab (every strategy by name, their constructions,
//! search, counting, verification and the lab's views).

pub mod lab;
pub mod rules;

pub use rules::board::{Board, Layout, MAX_SQUARES};
pub use rules::game::{Game, Mode, Move, Params, View};
pub use rules::strategy::{Step, Strategy, Xor};
