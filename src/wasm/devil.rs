//! Exports for the Devil's chessboard page.

use super::{adapter, from_js, js_err, to_js};
use crate::devil::game::{from_link, link_for};
use crate::devil::{board::check_squares, Game, Layout, Move, Params, View};
use wasm_bindgen::prelude::*;

/// The rectangle a board is drawn as: `{rows, cols}`.
#[wasm_bindgen]
pub fn devil_layout(squares: usize) -> Result<JsValue, JsError> {
    check_squares(squares).map_err(js_err)?;
    to_js(&Layout::for_squares(squares))
}

/// Chess-style names of every square (`a8` … `h1`; plain indices on boards wider than 26).
#[wasm_bindgen]
pub fn devil_square_names(squares: usize) -> Result<JsValue, JsError> {
    check_squares(squares).map_err(js_err)?;
    let layout = Layout::for_squares(squares);
    to_js(&(0..squares).map(|i| layout.name(i)).collect::<Vec<_>>())
}

/// A random round: `{board, key, flipped, answer}`.
#[wasm_bindgen]
pub fn devil_random(squares: usize, seed: &str) -> Result<JsValue, JsError> {
    to_js(&adapter::random::<Game>(&Params { squares }, seed)?)
}

/// The round after a move `{flip: i}` (prisoner A) or `{answer: i}` (prisoner B).
#[wasm_bindgen]
pub fn devil_apply(game: JsValue, mv: JsValue) -> Result<JsValue, JsError> {
    let game: Game = from_js(game, "round")?;
    let mv: Move = from_js(mv, "move")?;
    to_js(&adapter::apply(&game, &mv)?)
}

/// Edit mode: `{toggle: i}` turns a coin over by hand, `{key: i}` moves the key.
#[wasm_bindgen]
pub fn devil_edit(game: JsValue, edit: JsValue) -> Result<JsValue, JsError> {
    #[derive(serde::Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Edit {
        Toggle(usize),
        Key(usize),
    }
    let game: Game = from_js(game, "round")?;
    let next = match from_js(edit, "edit")? {
        Edit::Toggle(i) => game.with_coin_toggled(i),
        Edit::Key(i) => game.with_key(i),
    };
    to_js(&next.map_err(js_err)?)
}

/// The share-link fragment (without `#`) for a view `{game, mode, strategy, step}`.
#[wasm_bindgen]
pub fn devil_link(view: JsValue) -> Result<String, JsError> {
    let view: View = from_js(view, "view")?;
    Ok(link_for(&view))
}

/// Reads a share-link fragment; a malformed one is an error with the reason.
#[wasm_bindgen]
pub fn devil_from_link(fragment: &str) -> Result<JsValue, JsError> {
    to_js(&from_link(fragment).map_err(js_err)?)
}
