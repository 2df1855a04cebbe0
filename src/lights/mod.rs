//! Lights Out (the "Dugu chessboard"): pressing a light changes it and its neighbours; clear
//! the board. Any size, four rules, bounded or torus, 2 to 9 light states, and every solver:
//! elimination, light chasing with its first-row table, the polynomial large-board solver,
//! minimal solutions, and nullity by polynomials.

pub mod algebra;
pub mod board;
pub mod game;
/// A game on a preset or custom graph as a `Puzzle` (the real games' page): the full module only.
#[cfg(any(not(target_arch = "wasm32"), feature = "lights-full"))]
pub mod graph_game;
pub mod io;
pub mod puzzle;
pub mod solvers;

pub use board::{Board, Rule, Spec, MAX_SIDE};
pub use game::any_size::{Lights, Solution, SolveRequest};
pub use game::{Game, Move};
pub use puzzle::Position;
pub use solvers::solve::{rank, solve, Method, Rank};
