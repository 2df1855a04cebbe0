//! The strategy selector of the Devil's chessboard page (also used by the strategy lab):
//! strategies by their share-link number; number 63 plays the table pasted on the lab page,
//! whose text the page passes as `table` (it keeps it in session storage). No state lives
//! here: see `crate::devil::play`.

use super::{from_js, js_err, to_js};
use crate::devil::lab::menu;
use crate::devil::play::{pasted_table, strategy};
use crate::devil::rules::strategy::frames;
use crate::devil::{Game, Strategy};
use std::rc::Rc;
use wasm_bindgen::prelude::*;

fn chosen(number: u8, table: Option<String>, squares: usize) -> Result<Rc<dyn Strategy>, JsError> {
    strategy(number, table.as_deref(), squares).map_err(js_err)
}

/// Checks a table pasted on the lab page for the Devil page: `{squares, strategy}`, its number
/// of squares and the strategy number it plays as there (passed with its text to every call
/// that names a strategy).
#[wasm_bindgen]
pub fn devil_lab_pasted_table(text: &str) -> Result<JsValue, JsError> {
    #[derive(serde::Serialize)]
    struct Pasted {
        squares: usize,
        strategy: u8,
    }
    let squares = pasted_table(text).map_err(js_err)?.squares();
    to_js(&Pasted { squares, strategy: crate::devil::play::PASTED_TABLE })
}

/// The lab's strategies with their share-link numbers: `[{number, strategy, f, label}]`.
#[wasm_bindgen]
pub fn devil_lab_menu() -> Result<JsValue, JsError> {
    to_js(&menu::menu())
}

/// Checks that strategy `number` can play on `squares` (coset and search stop at 16).
#[wasm_bindgen]
pub fn devil_lab_check(number: u8, squares: usize, table: Option<String>) -> Result<(), JsError> {
    chosen(number, table, squares).map(|_| ())
}

/// The square strategy `number` reads off the round's board.
#[wasm_bindgen]
pub fn devil_lab_decode(number: u8, game: JsValue, table: Option<String>) -> Result<usize, JsError> {
    let game: Game = from_js(game, "round")?;
    Ok(chosen(number, table, game.board.squares())?.decode(&game.board))
}

/// The moves strategy `number` plays from here (A's flip unless made, then B's answer).
#[wasm_bindgen]
pub fn devil_lab_solve(number: u8, game: JsValue, table: Option<String>) -> Result<JsValue, JsError> {
    let game: Game = from_js(game, "round")?;
    let s = chosen(number, table, game.board.squares())?;
    to_js(&game.play_strategy(s.as_ref()).map_err(js_err)?)
}

/// The animation frames of one round played by strategy `number`: each step with the moves made
/// by then and the region it marks.
#[wasm_bindgen]
pub fn devil_lab_explain(number: u8, game: JsValue, table: Option<String>) -> Result<JsValue, JsError> {
    let game: Game = from_js(game, "round")?;
    let squares = game.board.squares();
    to_js(&frames(chosen(number, table, squares)?.explain(&game.board, game.key), squares))
}
