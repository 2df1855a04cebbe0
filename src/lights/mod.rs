//! Lights Out (the "Dugu chessboard"): pressing a light changes it and its neighbours; clear
//! the board. Any size, four rules, bounded or torus, 2 to 9 light states, and every solver:
//! elimination, light chasing with its first-row table, the polynomial large-board solver,
//! minimal solutions, and nullity by polynomials.

pub mod any_size;
pub mod bitboard;
pub mod board;
pub mod chase;
pub mod fast;
pub mod game;
pub mod gf2;
/// Any graph, the commercial presets and lit-only search: native builds and the Worker's
/// full module only, so the page's first `lights` module does not grow.
#[cfg(any(not(target_arch = "wasm32"), feature = "lights-full"))]
pub mod graph;
pub mod king;
pub mod king_torus;
pub mod large;
pub mod limits;
pub mod link;
#[cfg(any(not(target_arch = "wasm32"), feature = "lights-full"))]
pub mod lit_only;
pub mod minimal;
pub mod modk;
pub mod pattern_io;
pub mod poly;
pub mod polyk;
#[cfg(any(not(target_arch = "wasm32"), feature = "lights-full"))]
pub mod presets;
pub mod puzzle;
pub mod row_chase;
pub mod solve;
pub mod symbolic;
pub mod torus;
pub mod torus_chase;
pub mod torus_k;
pub mod x_chase;

pub use any_size::{Lights, Solution, SolveOptions};
pub use board::{Board, Rule, Spec, MAX_SIDE};
pub use game::{Game, Move};
pub use solve::{rank, solve, Method, Rank};
