//! Lights Out (the "Dugu chessboard"): pressing a light changes it and its neighbours; clear
//! the board. Any size, four rules, bounded or torus, 2 to 9 light states, and every solver:
//! elimination, light chasing with its first-row table, the polynomial large-board solver,
//! minimal solutions, and nullity by polynomials.

pub mod algebra;
pub mod io;
pub mod rules;
pub mod solvers;

pub use rules::any_size::{Lights, Solution, SolveOptions};
pub use rules::board::{Board, Rule, Spec, MAX_SIDE};
pub use rules::game::{Game, Move};
pub use rules::puzzle::Position;
pub use solvers::solve::{rank, solve, Method, Rank};
