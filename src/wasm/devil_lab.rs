//! Exports for the strategy lab page.

use super::{from_js, js_err, parse_seed, to_js, JsProgress};
use crate::devil::lab::lookup::LookupTable;
use crate::devil::lab::menu::{self, StrategySpec};
use crate::devil::lab::{at_most_one, coset, count, cube, dice_panel, search, why};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

/// A strategy as the lab page describes it.
#[derive(Deserialize)]
struct SpecJs {
    strategy: String,
    #[serde(default)]
    f: Option<String>,
    #[serde(default)]
    seed: Option<String>,
    #[serde(default)]
    table: Option<String>,
}

fn spec_from_js(spec: JsValue) -> Result<StrategySpec, JsError> {
    let s: SpecJs = from_js(spec, "strategy")?;
    let seed = match &s.seed {
        Some(text) if !text.trim().is_empty() => parse_seed(text)?,
        _ => menu::RANDOM_F_SEED,
    };
    StrategySpec::parse(&s.strategy, s.f.as_deref().filter(|f| !f.is_empty()), seed, s.table.as_deref()).map_err(js_err)
}
/// Verifies a strategy `{strategy, f, seed, table}` on `squares` (exhaustive up to 16).
#[wasm_bindgen]
pub fn devil_lab_verify(spec: JsValue, squares: usize, progress: &js_sys::Function) -> Result<JsValue, JsError> {
    let spec = spec_from_js(spec)?;
    to_js(&menu::verify(&spec, squares, 1, &mut JsProgress::new(progress)).map_err(js_err)?)
}

/// The table of a strategy on ≤ 16 squares, as text (one square per board, board 0 first).
#[wasm_bindgen]
pub fn devil_lab_table(spec: JsValue, squares: usize) -> Result<String, JsError> {
    let spec = spec_from_js(spec)?;
    let s = spec.build(squares).map_err(js_err)?;
    Ok(LookupTable::of(s.as_ref()).map_err(js_err)?.to_text())
}

/// Whether a strategy on ≤ 16 squares is a coset strategy under some renaming of its answers:
/// `{coset: [class, deleted square] | null}`.
#[wasm_bindgen]
pub fn devil_lab_coset_check(spec: JsValue, squares: usize) -> Result<JsValue, JsError> {
    let spec = spec_from_js(spec)?;
    let s = spec.build(squares).map_err(js_err)?;
    let table = LookupTable::of(s.as_ref()).map_err(js_err)?;
    #[derive(Serialize)]
    struct Out {
        coset: Option<(usize, usize)>,
    }
    to_js(&Out { coset: coset::as_coset_strategy(&table) })
}

/// Counts the strategies on `squares` ≤ 8: `{strategies, linear_strategies, codes, partitions, …}`.
#[wasm_bindgen]
pub fn devil_lab_count(squares: usize, progress: &js_sys::Function) -> Result<JsValue, JsError> {
    to_js(&count::count(squares, &mut JsProgress::new(progress)).map_err(js_err)?)
}

/// Searches for a strategy on `squares` ≤ 16: `{squares, found, nodes, exhausted, solutions}`.
#[wasm_bindgen]
pub fn devil_lab_search(squares: usize, max_nodes: f64, progress: &js_sys::Function) -> Result<JsValue, JsError> {
    let limit = if max_nodes.is_finite() && max_nodes >= 0.0 { max_nodes as u64 } else { u64::MAX };
    to_js(&search::run(squares, false, limit, &mut JsProgress::new(progress)).map_err(js_err)?)
}

/// Why a strategy exists on `squares` or not: `{power_of_two, per_square, explanation, …}`.
#[wasm_bindgen]
pub fn devil_lab_why(squares: usize) -> Result<JsValue, JsError> {
    to_js(&why::why(squares).map_err(js_err)?)
}

/// The hypercube view: the answer of board `board` and of its n neighbours,
/// `{board, colour, neighbours: [{flip, board, colour}]}` (boards as numbers, n ≤ 16).
#[wasm_bindgen]
pub fn devil_lab_neighbours(spec: JsValue, squares: usize, board: u32) -> Result<JsValue, JsError> {
    let s = spec_from_js(spec)?.build(squares).map_err(js_err)?;
    to_js(&cube::corner(s.as_ref(), u64::from(board)).map_err(js_err)?)
}

/// "Flip at most one coin" on `squares` ≤ 8: `{works, method, nodes, explanation}`.
#[wasm_bindgen]
pub fn devil_lab_at_most_one(squares: usize, progress: &js_sys::Function) -> Result<JsValue, JsError> {
    let mut p = JsProgress::new(progress);
    crate::progress::Progress::report(&mut p, 0, 1);
    let v = at_most_one::settle(squares).map_err(js_err)?;
    crate::progress::Progress::report(&mut p, 1, 1);
    to_js(&v)
}

/// Dice with `faces` faces on `squares` squares: whether a strategy exists and why, every
/// board checked when there are at most 2^20, and one round played from a seeded board.
#[wasm_bindgen]
pub fn devil_lab_dice(
    squares: usize,
    faces: usize,
    seed: &str,
    progress: &js_sys::Function,
) -> Result<JsValue, JsError> {
    to_js(
        &dice_panel::panel(squares, faces, super::seed_or_fresh(seed)?, &mut JsProgress::new(progress))
            .map_err(js_err)?,
    )
}
