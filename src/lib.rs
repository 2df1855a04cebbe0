//! Chessboard Puzzles: coin, light and chess-board puzzles with solvers and verifiers.
//!
//! Every puzzle is pure Rust (no web types); the game puzzles (devil, lights, table) implement
//! [`puzzle::Puzzle`], which the WebAssembly faces use generically and `tests/puzzle.rs` checks
//! for each. The command line (`cli`) and the WebAssembly bindings (`wasm`) are thin faces over
//! the same functions.

pub mod bits;
pub mod error;
pub mod input;
pub mod link;
pub mod progress;
pub mod puzzle;
pub mod registry;
pub mod seed;
pub mod session;

pub mod chess;
pub mod codes;
pub mod devil;
pub mod lights;
pub mod table;

#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use error::{Error, Result};
