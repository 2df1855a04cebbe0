//! The strategy selector of the Devil's chessboard page (also used by the strategy lab):
//! strategies by their share-link number; number 63 plays the table pasted on the lab page,
//! whose text the page passes as `table` (it keeps it in session storage). No state lives
//! here: see `crate::devil::play`.

use super::{js_err, to_js};
use crate::devil::lab::menu;
use crate::devil::play::{pasted_table, strategy};
use crate::devil::Strategy;
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
