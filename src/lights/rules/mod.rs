//! The rules and the boards: a board's size, rule, edges and states ([`board`]), the one board
//! the faces hold ([`any_size`]) and its packed two-state form ([`packed`]), a game with its
//! moves and random puzzles ([`game`]), its [`crate::puzzle::Puzzle`] face ([`puzzle`]), and the
//! commercial games as graphs ([`presets`]).

pub mod any_size;
pub mod board;
pub mod game;
/// A game on a preset or custom graph as a `Puzzle` (the real games' page): the full module only.
#[cfg(any(not(target_arch = "wasm32"), feature = "lights-full"))]
pub mod graph_game;
pub mod packed;
/// The commercial presets: native builds and the Worker's full module only, so the page's first
/// `lights` module does not grow.
#[cfg(any(not(target_arch = "wasm32"), feature = "lights-full"))]
pub mod presets;
pub mod puzzle;
