//! Lights Out for the page: thin wrappers over `crate::lights`. Lights cross as `Uint8Array`
//! (one byte a light: a 4096×4096 board is 16 MB, far too many for a JS array of numbers), or,
//! for the classic boards beyond 4096 that [`crate::lights::limits`] marks packed, as a
//! `Uint32Array` of packed bits (an 8192×8192 board is 8 MB); everything small crosses with
//! serde-wasm-bindgen. Seeds cross as decimal strings, since a u64 does not fit a JS number.

use super::{adapter, from_js, js_err, to_js, JsProgress};
use crate::lights::bitboard::{apply, BitBoard};
use crate::lights::board::MAX_SIDE;
use crate::lights::chase::{chase, table};
use crate::lights::game::{after_presses, pressed, Move, Settings};
use crate::lights::large::{self, random_packed, solve_packed};
use crate::lights::limits::{minimal_in_worker, page_plan, page_spec, size_note};
use crate::lights::link::{file_for, from_file, from_link, link_for, link_spec};
use crate::lights::pattern_io::{read_pattern, write_pattern, Format};
use crate::lights::solve::{nullity_chart, MAX_POLY_SIDE};
use crate::lights::{rank, solve, Board, Game, Spec};
use js_sys::{Function, Object, Reflect, Uint32Array, Uint8Array};
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

/// How the page handles a board: `{max_side, packed, heavy_make, heavy_solve, heavy_rank,
/// fixup_table, chase_steps, quiet_gallery, note}` (`note`: the line shown by the size
/// inputs). A board the page does not offer is an error that says where larger boards go.
#[wasm_bindgen]
pub fn lights_plan(settings: JsValue) -> Result<JsValue, JsError> {
    let spec = page_spec(&from_js(settings, "board settings")?).map_err(js_err)?;
    let obj: Object = to_js(&page_plan(&spec))?.into();
    set(&obj, "note", &JsValue::from_str(&size_note(spec.rule, spec.torus, spec.states)))?;
    Ok(obj.into())
}

/// Whether the search for the fewest presses among the 2^`quiet_log2` solutions of a board
/// solved on the main thread runs in the Worker (it would take more than ~50 ms).
#[wasm_bindgen]
pub fn lights_minimal_in_worker(settings: JsValue, quiet_log2: f64) -> Result<bool, JsError> {
    Ok(minimal_in_worker(&spec_from(settings)?, quiet_log2))
}

// ---- packed boards (classic rules beyond 4096: 32 lights a u32, never a byte a light) ----

/// A board the page offers and solves packed.
fn packed_spec(settings: JsValue) -> Result<Spec, JsError> {
    let spec = page_spec(&from_js(settings, "board settings")?).map_err(js_err)?;
    if !large::applies_to(&spec) {
        return Err(JsError::new("packed boards are bounded, with two states and the plus or neighbours rule"));
    }
    Ok(spec)
}

fn packed_from(spec: &Spec, halves: &[u32]) -> Result<BitBoard, JsError> {
    BitBoard::from_halves(spec.rows, spec.cols, halves).map_err(js_err)
}

fn halves(board: &BitBoard) -> JsValue {
    Uint32Array::from(&board.to_halves()[..]).into()
}

/// `{spec, lights, packed: true, seed, moves, link: null}`: packed boards have no link (the
/// page saves them as a PBM file).
fn packed_view(spec: &Spec, board: &BitBoard, seed: Option<u64>) -> Result<JsValue, JsError> {
    let obj = Object::new();
    set(&obj, "spec", &to_js(spec)?)?;
    set(&obj, "lights", &halves(board))?;
    set(&obj, "packed", &JsValue::TRUE)?;
    set(&obj, "seed", &seed.map_or(JsValue::NULL, |s| JsValue::from_str(&s.to_string())))?;
    set(&obj, "moves", &JsValue::from_f64(0.0))?;
    set(&obj, "link", &JsValue::NULL)?;
    Ok(obj.into())
}

/// A random solvable packed board (every light pressed with probability ½); an empty seed
/// draws a fresh one.
#[wasm_bindgen]
pub fn lights_packed_random(settings: JsValue, seed: &str) -> Result<JsValue, JsError> {
    let spec = packed_spec(settings)?;
    let seed = adapter::seed(seed)?;
    packed_view(&spec, &random_packed(spec.rows, spec.cols, spec.rule, seed).map_err(js_err)?, Some(seed))
}

/// A packed board with every light on.
#[wasm_bindgen]
pub fn lights_packed_all_on(settings: JsValue) -> Result<JsValue, JsError> {
    let spec = packed_spec(settings)?;
    packed_view(&spec, &BitBoard::all_on(spec.rows, spec.cols).map_err(js_err)?, None)
}

/// The packed lights after pressing (row, col) `times` times.
#[wasm_bindgen]
pub fn lights_packed_press(
    settings: JsValue,
    lights: &[u32],
    row: u32,
    col: u32,
    times: u32,
) -> Result<JsValue, JsError> {
    let spec = packed_spec(settings)?;
    let mut board = packed_from(&spec, lights)?;
    for _ in 0..times % 2 {
        board.press(spec.rule, row as usize, col as usize).map_err(js_err)?;
    }
    Ok(halves(&board))
}

/// How many lights are on.
#[wasm_bindgen]
pub fn lights_packed_lit(settings: JsValue, lights: &[u32]) -> Result<f64, JsError> {
    Ok(packed_from(&packed_spec(settings)?, lights)?.count_ones() as f64)
}

/// Solves a packed board, every press checked word-parallel: `{solvable, presses, press_count,
/// minimal, rank, nullity, quiet_log2, quiet: [], witness, witness_overlap, method}`, with
/// `presses` and `witness` packed like the lights. `minimal` is true only when the solution is
/// the only one (nullity 0): the packed solver does not search the others.
#[wasm_bindgen]
pub fn lights_packed_solve(settings: JsValue, lights: &[u32], progress: &Function) -> Result<JsValue, JsError> {
    let spec = packed_spec(settings)?;
    let board = packed_from(&spec, lights)?;
    let s = solve_packed(&board, spec.rule, true, &mut JsProgress::new(progress)).map_err(js_err)?;
    let obj = Object::new();
    set(&obj, "solvable", &JsValue::from_bool(s.presses.is_some()))?;
    set(&obj, "presses", &s.presses.as_ref().map_or(JsValue::NULL, halves))?;
    set(&obj, "press_count", &JsValue::from_f64(s.press_count.unwrap_or(0) as f64))?;
    set(&obj, "minimal", &JsValue::from_bool(s.presses.is_some() && s.nullity == 0))?;
    set(&obj, "rank", &JsValue::from_f64(s.rank as f64))?;
    set(&obj, "nullity", &JsValue::from_f64(s.nullity as f64))?;
    set(&obj, "quiet_log2", &JsValue::from_f64(s.nullity as f64))?;
    set(&obj, "quiet", &js_sys::Array::new())?;
    set(&obj, "witness", &s.witness.as_ref().map_or(JsValue::NULL, halves))?;
    let overlap = s.witness.as_ref().map_or(0, |w| w.overlap_count(&board));
    set(&obj, "witness_overlap", &JsValue::from_f64(overlap as f64))?;
    set(&obj, "method", &to_js(&crate::lights::Method::Polynomial)?)?;
    Ok(obj.into())
}

/// The packed lights after pressing every light set in `presses` (a whole solution at once).
#[wasm_bindgen]
pub fn lights_packed_apply(settings: JsValue, lights: &[u32], presses: &[u32]) -> Result<JsValue, JsError> {
    let spec = packed_spec(settings)?;
    let mut board = packed_from(&spec, lights)?;
    apply(&mut board, &packed_from(&spec, presses)?, spec.rule == crate::lights::Rule::Plus).map_err(js_err)?;
    Ok(halves(&board))
}

/// A packed board as a raw PBM file `{name, text}` (`text` is a Uint8Array: 1 bit a light, what
/// `lights-out solve --pattern-file` and any image viewer read).
#[wasm_bindgen]
pub fn lights_packed_file(settings: JsValue, lights: &[u32]) -> Result<JsValue, JsError> {
    let spec = packed_spec(settings)?;
    let mut bytes = Vec::new();
    write_pattern(&packed_from(&spec, lights)?, Format::Pbm, &mut bytes)
        .map_err(|e| JsError::new(&format!("cannot write the file: {e}")))?;
    let obj = Object::new();
    set(&obj, "name", &JsValue::from_str(&format!("lights-{}x{}-{}.pbm", spec.rows, spec.cols, spec.rule.name())))?;
    set(&obj, "text", &bytes_view(&bytes))?;
    Ok(obj.into())
}

fn bytes_view(v: &[u8]) -> JsValue {
    Uint8Array::from(v).into()
}

/// Opens a board file (rows of digits, or PBM for two states); its rows and columns come from
/// the file, the rule, edges and states from the page's settings. Boards the page holds packed
/// come back packed, the others a byte a light.
#[wasm_bindgen]
pub fn lights_open_file(file: &[u8], settings: JsValue) -> Result<JsValue, JsError> {
    let s: Settings = from_js(settings, "board settings")?;
    if s.states != 2.0 {
        // More than two states: rows of digits, a byte a light.
        let text =
            std::str::from_utf8(file).map_err(|_| JsError::new("the file is not text: rows of digits 0 to k−1"))?;
        let s = s.spec(MAX_SIDE).map_err(js_err)?;
        return game_view(&from_file(text, s.rule, s.torus, s.states).map_err(js_err)?);
    }
    let pattern = read_pattern(file).map_err(js_err)?;
    let spec = page_spec(&Settings { rows: pattern.rows as f64, cols: pattern.cols as f64, ..s }).map_err(js_err)?;
    if page_plan(&spec).packed {
        packed_view(&spec, &pattern, None)
    } else {
        game_view(&Game::new(pattern.to_board(spec.rule, spec.torus).map_err(js_err)?))
    }
}
