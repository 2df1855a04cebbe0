//! The solvers: [`solve`] is the one entry point and picks among the others by board kind
//! (elimination, light chasing, the polynomial and packed chases for large boards and tori, the
//! king rule, minimal solutions, any graph, lit-only play). How far each reaches on the page is
//! the game's: `crate::lights::game::limits`.

pub mod chase;
pub mod fast;
/// Any graph and lit-only search: native builds and the Worker's full module only, so the
/// page's first `lights` module does not grow.
#[cfg(any(not(target_arch = "wasm32"), feature = "lights-full"))]
pub mod graph;
pub mod king;
pub mod king_torus;
pub mod large;
#[cfg(any(not(target_arch = "wasm32"), feature = "lights-full"))]
pub mod lit_only;
pub mod minimal;
pub mod row_chase;
pub mod solve;
pub mod symbolic;
pub mod torus;
pub mod torus_chase;
pub mod torus_k;
pub mod x_chase;
