//! The one generic path from the page to a [`Puzzle`]: seeds as the page gives them, random,
//! apply and decode, each with the core's message as the JS error. The faces of
//! the Devil's chessboard, Lights Out and the table go through it; the conformance test
//! (`tests/puzzle.rs`) checks that every implementation keeps the contract these rely on.

use super::{js_err, parse_seed};
use crate::puzzle::Puzzle;
use wasm_bindgen::JsError;

/// A seed typed by a person or read from a link; empty draws a fresh one.
pub fn seed(text: &str) -> Result<u64, JsError> {
    if text.trim().is_empty() {
        Ok(crate::seed::fresh_seed())
    } else {
        parse_seed(text)
    }
}

/// A random game for `params` from a seed as the page gives it.
pub fn random<P: Puzzle>(params: &P::Params, seed_text: &str) -> Result<P, JsError> {
    P::random(params, seed(seed_text)?).map_err(js_err)
}

pub fn apply<P: Puzzle>(state: &P, mv: &P::Move) -> Result<P, JsError> {
    state.apply(mv).map_err(js_err)
}

/// A state from its payload (a share link's, or the state string a page keeps).
pub fn decode<P: Puzzle>(payload: &str) -> Result<P, JsError> {
    P::decode(payload).map_err(js_err)
}
