//! Lights Out for the page: thin wrappers over `crate::lights`. Lights cross as `Uint8Array`
//! (one byte a light: a 4096×4096 board is 16 MB, far too many for a JS array of numbers);
//! everything small crosses with serde-wasm-bindgen. Seeds cross as decimal strings, since a
//! u64 does not fit a JS number.

use super::{adapter, from_js, js_err, to_js, JsProgress};
use crate::lights::board::MAX_SIDE;
use crate::lights::chase::{chase, table};
use crate::lights::game::{after_presses, pressed, Move, Settings};
use crate::lights::link::{file_for, from_file, from_link, link_for, link_spec};
use crate::lights::solve::{nullity_chart, MAX_POLY_SIDE};
use crate::lights::{rank, solve, Board, Game, Spec};
use js_sys::{Function, Object, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;

/// The page's settings `{rows, cols, rule, torus, states}`, sides up to `max_side`.
fn settings(js: JsValue, max_side: usize) -> Result<Spec, JsError> {
    let settings: Settings = from_js(js, "board settings")?;
    settings.spec(max_side).map_err(js_err)
}

fn spec_from(js: JsValue) -> Result<Spec, JsError> {
    settings(js, MAX_SIDE)
}

fn board_from(spec: JsValue, lights: &[u8]) -> Result<Board, JsError> {
    Board::from_lights(spec_from(spec)?, lights.to_vec()).map_err(js_err)
}

fn set(obj: &Object, key: &str, value: &JsValue) -> Result<(), JsError> {
    Reflect::set(obj, &JsValue::from_str(key), value).map_err(|_| JsError::new("cannot build the result object"))?;
    Ok(())
}

fn bytes(v: &[u8]) -> JsValue {
    Uint8Array::from(v).into()
}

/// `{spec, lights, seed, moves, link}` for a game.
fn game_view(game: &Game) -> Result<JsValue, JsError> {
    let obj = Object::new();
    set(&obj, "spec", &to_js(&game.board.spec)?)?;
    set(&obj, "lights", &bytes(&game.board.lights))?;
    set(&obj, "seed", &game.seed.map_or(JsValue::NULL, |s| JsValue::from_str(&s.to_string())))?;
    set(&obj, "moves", &JsValue::from_f64(f64::from(game.moves)))?;
    set(&obj, "link", &link_for(game).map_or(JsValue::NULL, |l| JsValue::from_str(&l)))?;
    Ok(obj.into())
}

/// A random solvable puzzle: presses every light a random number of times, so every solvable
/// pattern is equally likely. An empty seed draws a fresh one.
#[wasm_bindgen]
pub fn lights_random(spec: JsValue, seed: &str) -> Result<JsValue, JsError> {
    game_view(&adapter::random(&spec_from(spec)?, seed)?)
}

/// The game for given lights (edit mode, all-on, …) with its share link.
#[wasm_bindgen]
pub fn lights_game(spec: JsValue, lights: &[u8], moves: u32) -> Result<JsValue, JsError> {
    let board = board_from(spec, lights)?;
    game_view(&Game { board, seed: None, moves })
}

/// The share-link fragment (without `#`) of given lights, or `null` when the board is too
/// large for a link (the page then offers the state as a file).
#[wasm_bindgen]
pub fn lights_link(spec: JsValue, lights: &[u8], moves: u32) -> Result<Option<String>, JsError> {
    Ok(link_for(&Game { board: board_from(spec, lights)?, seed: None, moves }).ok())
}

/// A board too large for a link as a board file `{name, text}` (the format `lights-out` reads).
#[wasm_bindgen]
pub fn lights_file(spec: JsValue, lights: &[u8], moves: u32) -> Result<JsValue, JsError> {
    to_js(&file_for(&Game { board: board_from(spec, lights)?, seed: None, moves }))
}

/// Opens a board file; its rows and columns come from the file, the rule, edges and states
/// from the page's settings `spec`.
#[wasm_bindgen]
pub fn lights_from_file(text: &str, spec: JsValue) -> Result<JsValue, JsError> {
    let s: Settings = from_js(spec, "board settings")?;
    let s = s.spec(MAX_SIDE).map_err(js_err)?;
    game_view(&from_file(text, s.rule, s.torus, s.states).map_err(js_err)?)
}

/// Restores a game from a share-link fragment `#lights/v2/…` (or an old `#lights/v1/…`).
#[wasm_bindgen]
pub fn lights_from_link(fragment: &str) -> Result<JsValue, JsError> {
    game_view(&from_link(fragment).map_err(js_err)?)
}

/// The board `{rows, cols, rule, torus, states}` a link opens, from its header alone (the page
/// opens large boards in the Worker).
#[wasm_bindgen]
pub fn lights_link_spec(fragment: &str) -> Result<JsValue, JsError> {
    to_js(&link_spec(fragment).map_err(js_err)?)
}

/// The lights after pressing (row, col) `times` times (the rule, edges and states decide).
#[wasm_bindgen]
pub fn lights_press(spec: JsValue, lights: &[u8], row: u32, col: u32, times: u32) -> Result<JsValue, JsError> {
    let mv = Move { row: row as usize, col: col as usize };
    Ok(bytes(&pressed(&board_from(spec, lights)?, mv, times).map_err(js_err)?.lights))
}

/// Solves: `{solvable, presses, press_count, minimal, rank, nullity, quiet_log2, quiet,
/// witness, method}`; `presses`, `witness` and each quiet pattern are Uint8Arrays.
#[wasm_bindgen]
pub fn lights_solve(spec: JsValue, lights: &[u8], minimal: bool, progress: &Function) -> Result<JsValue, JsError> {
    let board = board_from(spec, lights)?;
    let s = solve(&board, minimal, &mut JsProgress::new(progress)).map_err(js_err)?;
    let obj = Object::new();
    set(&obj, "solvable", &JsValue::from_bool(s.solvable))?;
    set(&obj, "presses", &s.presses.as_deref().map_or(JsValue::NULL, bytes))?;
    set(&obj, "press_count", &JsValue::from_f64(s.press_count as f64))?;
    set(&obj, "minimal", &JsValue::from_bool(s.minimal))?;
    set(&obj, "rank", &JsValue::from_f64(s.rank as f64))?;
    set(&obj, "nullity", &JsValue::from_f64(s.nullity as f64))?;
    set(&obj, "quiet_log2", &JsValue::from_f64(s.quiet_log2))?;
    let quiet = js_sys::Array::new();
    for q in &s.quiet {
        quiet.push(&bytes(q));
    }
    set(&obj, "quiet", &quiet)?;
    set(&obj, "witness", &s.witness.as_deref().map_or(JsValue::NULL, bytes))?;
    set(&obj, "method", &to_js(&s.method)?)?;
    Ok(obj.into())
}

/// Rank and nullity: `{rows, cols, rank, nullity, quiet_log2}`.
#[wasm_bindgen]
pub fn lights_rank(spec: JsValue, progress: &Function) -> Result<JsValue, JsError> {
    // Sides beyond the playable 4096: the classic rule's rank needs no board.
    let spec = settings(spec, MAX_POLY_SIDE)?;
    to_js(&rank(&spec, &mut JsProgress::new(progress)).map_err(js_err)?)
}

/// Light chasing press by press: `{steps: [{phase, row, col, times}], leftover, fixup}`.
#[wasm_bindgen]
pub fn lights_chase(spec: JsValue, lights: &[u8]) -> Result<JsValue, JsError> {
    to_js(&chase(&board_from(spec, lights)?).map_err(js_err)?)
}

/// The fix-up table for the board's width: `[{leftover, press}]` (press null if unfixable).
#[wasm_bindgen]
pub fn lights_table(spec: JsValue) -> Result<JsValue, JsError> {
    to_js(&table(&spec_from(spec)?).map_err(js_err)?)
}

/// Nullity of n×n boards, bounded and torus, n = 1..=max: `[{n, bounded, torus}]`.
#[wasm_bindgen]
pub fn lights_chart(max: u32, progress: &Function) -> Result<JsValue, JsError> {
    to_js(&nullity_chart(max as usize, &mut JsProgress::new(progress)).map_err(js_err)?)
}

/// The lights after pressing every light `presses[i]` times (a whole solution at once).
#[wasm_bindgen]
pub fn lights_apply(spec: JsValue, lights: &[u8], presses: &[u8]) -> Result<JsValue, JsError> {
    Ok(bytes(&after_presses(&board_from(spec, lights)?, presses).map_err(js_err)?.lights))
}

/// How many lights are on: the page's count, and its win test (0 is a dark board).
#[wasm_bindgen]
pub fn lights_lit(spec: JsValue, lights: &[u8]) -> Result<u32, JsError> {
    Ok(board_from(spec, lights)?.lit() as u32)
}
