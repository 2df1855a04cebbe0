//! The strategy selector of the Devil's chessboard page (also used by the strategy lab):
//! strategies by their share-link number, and the table pasted in this browser session.

use super::{from_js, js_err, to_js};
use crate::devil::lab::{self, Spec};
use crate::devil::table::Table;
use crate::devil::{Game, Strategy};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// A strategy built for the devil page: (number, squares, strategy).
type Built = (u8, usize, Rc<dyn Strategy>);

thread_local! {
    /// The last strategy built by number, since the search strategy takes a moment to build.
    static BUILT: RefCell<Option<Built>> = const { RefCell::new(None) };
}

/// The share-link number of "the table pasted in this browser session" (not in the core's
/// menu: a table is too big for a link, so the page keeps it in session storage).
const SESSION_TABLE: u8 = 63;

thread_local! {
    static TABLE: RefCell<Option<Rc<Table>>> = const { RefCell::new(None) };
}

/// Loads the table the Devil page plays as strategy 63; returns its number of squares.
#[wasm_bindgen]
pub fn devil_lab_set_table(text: &str) -> Result<usize, JsError> {
    let table = Table::parse(text, None).map_err(js_err)?;
    crate::devil::board::check_squares(table.squares()).map_err(js_err)?;
    let n = table.squares();
    TABLE.with(|t| *t.borrow_mut() = Some(Rc::new(table)));
    BUILT.with(|b| *b.borrow_mut() = None);
    Ok(n)
}

fn by_number(number: u8, squares: usize) -> Result<Rc<dyn Strategy>, JsError> {
    if number == SESSION_TABLE {
        let Some(t) = TABLE.with(|t| t.borrow().clone()) else {
            return Err(JsError::new("no table is loaded: paste one on the strategy lab page"));
        };
        if t.squares() != squares {
            return Err(JsError::new(&format!("the pasted table is for {} squares, not {squares}", t.squares())));
        }
        return Ok(t);
    }
    if let Some(s) =
        BUILT.with(|b| b.borrow().as_ref().filter(|(k, n, _)| *k == number && *n == squares).map(|b| b.2.clone()))
    {
        return Ok(s);
    }
    let s: Rc<dyn Strategy> = Rc::from(Spec::from_number(number).and_then(|spec| spec.build(squares)).map_err(js_err)?);
    BUILT.with(|b| *b.borrow_mut() = Some((number, squares, s.clone())));
    Ok(s)
}

/// The lab's strategies with their share-link numbers: `[{number, strategy, f, label}]`.
#[wasm_bindgen]
pub fn devil_lab_menu() -> Result<JsValue, JsError> {
    to_js(&lab::menu())
}

/// Checks that strategy `number` can play on `squares` (coset and search stop at 16).
#[wasm_bindgen]
pub fn devil_lab_check(number: u8, squares: usize) -> Result<(), JsError> {
    by_number(number, squares).map(|_| ())
}

/// The square strategy `number` reads off the round's board.
#[wasm_bindgen]
pub fn devil_lab_decode(number: u8, game: JsValue) -> Result<usize, JsError> {
    let game: Game = from_js(game, "round")?;
    Ok(by_number(number, game.board.squares())?.decode(&game.board))
}

/// The moves strategy `number` plays from here (A's flip unless made, then B's answer).
#[wasm_bindgen]
pub fn devil_lab_solve(number: u8, game: JsValue) -> Result<JsValue, JsError> {
    let game: Game = from_js(game, "round")?;
    let s = by_number(number, game.board.squares())?;
    to_js(&game.solve_with(s.as_ref()).map_err(js_err)?)
}

/// The animation steps of one round played by strategy `number`.
#[wasm_bindgen]
pub fn devil_lab_explain(number: u8, game: JsValue) -> Result<JsValue, JsError> {
    let game: Game = from_js(game, "round")?;
    to_js(&by_number(number, game.board.squares())?.explain(&game.board, game.key))
}
