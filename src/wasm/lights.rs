//! Lights Out for the page: its [`Face`] (the game page drives a `GameSession` of
//! [`Position`]s) and the tools around it, thin wrappers over `crate::lights`, which the Worker
//! also runs on boards the page hands it. A board crosses as one shape,
//! `{spec, data, lit}`: `data` is a `Uint8Array` in the form the core chose for the board (a
//! byte a light, or packed bits for the classic boards beyond 4096), which the page holds and
//! hands back but never reads; it draws from [`lights_cells`]. Seeds cross as decimal strings,
//! since a u64 does not fit a JS number; everything small crosses with serde-wasm-bindgen.

use super::game::{Face, Forwarded};
use super::{from_js, js_err, parse_seed, to_js, JsProgress};
use crate::lights::board::pattern_io::read_pattern;
use crate::lights::board::MAX_SIDE;
use crate::lights::game::limits::{minimal_in_worker, page_plan, page_spec, size_note, WORKER_LINK_LIGHTS};
use crate::lights::game::Settings;
use crate::lights::io::link::{link_for, link_spec};
use crate::lights::puzzle::SolveOptions;
use crate::lights::solvers::chase::{chase, table, ChaseRow};
use crate::lights::solvers::solve::{nullity_chart, MAX_POLY_SIDE};
use crate::lights::{rank, Lights, Move, Position, SolveRequest, Spec};
use crate::progress::Progress;
use crate::puzzle::{Action, Puzzle};
use crate::session::Session;
use js_sys::{Function, Object, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;

/// The page's settings `{rows, cols, rule, torus, states}`, sides up to `max_side`.
fn settings(js: JsValue, max_side: usize) -> Result<Spec, JsError> {
    let settings: Settings = from_js(js, "board settings")?;
    settings.spec(max_side).map_err(js_err)
}

fn get(obj: &JsValue, key: &str) -> Result<JsValue, JsError> {
    Reflect::get(obj, &JsValue::from_str(key)).map_err(|_| JsError::new(&format!("no {key} in the object given")))
}

fn set(obj: &Object, key: &str, value: &JsValue) -> Result<(), JsError> {
    Reflect::set(obj, &JsValue::from_str(key), value).map_err(|_| JsError::new("cannot build the result object"))?;
    Ok(())
}

/// A board `{spec, data}` as the core gave it, checked again (its size, states and padding).
fn lights_from(board: &JsValue) -> Result<Lights, JsError> {
    let spec: Settings = from_js(get(board, "spec")?, "board settings")?;
    let spec = page_spec(&spec).map_err(js_err)?;
    let data = get(board, "data")?;
    let Some(data) = data.dyn_ref::<Uint8Array>() else {
        return Err(JsError::new("a board's data is the Uint8Array the core gave"));
    };
    Lights::from_data(&spec, &data.to_vec()).map_err(js_err)
}

/// `{spec, data, lit}`.
fn board_view(lights: &Lights) -> Result<JsValue, JsError> {
    let obj = Object::new();
    set(&obj, "spec", &to_js(lights.spec())?)?;
    set(&obj, "data", &Uint8Array::from(&lights.to_data()[..]).into())?;
    set(&obj, "lit", &JsValue::from_f64(lights.lit() as f64))?;
    Ok(obj.into())
}

fn optional_board(lights: Option<&Lights>) -> Result<JsValue, JsError> {
    lights.map_or(Ok(JsValue::NULL), board_view)
}

/// The game page's face of Lights Out: a session of [`Position`]s.
///
/// `create` takes `{rows, cols, rule, torus, states}` with `all: state` for every light in that
/// state, else a random solvable puzzle; or `{board, seed, moves}` for a board made elsewhere
/// (in the Worker, or read from a file). A move is `{row, col}`, with `edit: n` a change of
/// that light alone by n states. The one edit is `{apply: presses}`: a whole solution pressed at once.
impl Face for Position {
    type Drawn = ();
    type Extras = ();

    fn drawn(&self) {}

    /// `{spec, lights: {spec, data, lit}, seed, moves}`; the seed as a decimal string (a u64
    /// does not fit a JS number).
    fn draw(&self) -> Result<JsValue, JsError> {
        let obj = Object::new();
        set(&obj, "spec", &to_js(self.lights.spec())?)?;
        set(&obj, "lights", &board_view(&self.lights)?)?;
        set(&obj, "seed", &self.seed.map_or(JsValue::NULL, |s| JsValue::from_str(&s.to_string())))?;
        set(&obj, "moves", &JsValue::from_f64(f64::from(self.moves)))?;
        Ok(obj.into())
    }

    fn create(settings: JsValue, seed: u64) -> Result<Position, JsError> {
        let board = get(&settings, "board")?;
        if !board.is_undefined() && !board.is_null() {
            let seed = get(&settings, "seed")?.as_string().map(|s| parse_seed(&s)).transpose()?;
            let moves = get(&settings, "moves")?.as_f64().unwrap_or(0.0);
            if !(moves >= 0.0 && moves.fract() == 0.0 && moves <= f64::from(u32::MAX)) {
                return Err(JsError::new(&format!("a move count is a whole number ≥ 0, not {moves}")));
            }
            return Ok(Position { lights: lights_from(&board)?, seed, moves: moves as u32 });
        }
        let spec = page_spec(&from_js(settings.clone(), "board settings")?).map_err(js_err)?;
        let all = get(&settings, "all")?;
        if all.is_undefined() {
            return Position::random(&spec, seed).map_err(js_err);
        }
        match all.as_f64() {
            Some(state) if (0.0..=9.0).contains(&state) && state.fract() == 0.0 => {
                Ok(Position::new(Lights::filled(&spec, state as u8).map_err(js_err)?))
            }
            _ => Err(JsError::new("every light is in a state from 0 to k−1")),
        }
    }

    fn parse_move(mv: JsValue) -> Result<Move, JsError> {
        from_js(mv, "press")
    }

    fn parse_options(options: JsValue) -> Result<SolveOptions, JsError> {
        if options.is_undefined() || options.is_null() {
            return Ok(SolveOptions::default());
        }
        from_js(options, "solve options")
    }

    fn outcome((): &()) -> Result<JsValue, JsError> {
        Ok(JsValue::NULL)
    }

    /// A list of moves, or `{presses: board}`: a solution the core cuts into steps (a press a
    /// step on small boards, blocks of rows on large ones; `lights_plan`'s `step_rows`).
    fn parse_steps(steps: JsValue) -> Result<Vec<Move>, JsError> {
        let presses = get(&steps, "presses")?;
        if presses.is_undefined() {
            return from_js(steps, "list of moves");
        }
        Position::steps_of(&lights_from(&presses)?).map_err(js_err)
    }

    /// `{cell, key, tool}`: a click (`key` null) or a key on light `cell`; `tool` is the page's
    /// mode, 'play' or 'edit' ([`Position::interpret`]).
    fn interpret(state: &Position, (): &(), input: JsValue) -> Result<Option<Action<Position>>, JsError> {
        let Some(Forwarded { cell, input, tool }) = Forwarded::read(&input)? else { return Ok(None) };
        state.interpret(cell, input, tool.as_deref() == Some("edit")).map_err(js_err)
    }

    fn edit(&self, edit: JsValue) -> Result<Position, JsError> {
        let presses = lights_from(&get(&edit, "apply")?)?;
        let mut next = self.clone();
        next.lights.apply(&presses).map_err(js_err)?;
        let count = match presses.to_board() {
            Some(board) => board.lights.iter().map(|&v| u64::from(v)).sum(),
            None => presses.lit(),
        };
        next.moves = next.moves.saturating_add(u32::try_from(count).unwrap_or(u32::MAX));
        Ok(next)
    }

    /// `'solve'` with `{minimal}`: the board's solution ([`solution`]), with progress.
    /// `'file'`: the board as a file `{name, text}` (`text` a Uint8Array): rows of digits, what
    /// `lights-out solve --pattern-file` reads, or for a board held packed raw PBM (1 bit a
    /// light, which any image viewer opens too). `'chase'`: light chasing a row at a time,
    /// `{rows: [{phase, row, presses: [{phase, row, col, times}]}], leftover, fixup}`, for the
    /// log beside the steps `solve({minimal: false, chase: true})` loads. `'link'`: the share
    /// fragment (without `#`) of any size up to 4096 a side, or null beyond (the page offers a
    /// file); the page asks a Worker's session for it where the session leaves it out of its
    /// view ([`Face::shown_link`]).
    fn query(
        session: &Session<Position>,
        (): &(),
        question: &str,
        options: &SolveOptions,
        progress: &mut dyn Progress,
    ) -> Result<JsValue, JsError> {
        let lights = &session.state().lights;
        match question {
            "solve" => solution(lights, options.minimal, progress),
            "file" => {
                let (name, bytes) = lights.file();
                let obj = Object::new();
                set(&obj, "name", &JsValue::from_str(&name))?;
                set(&obj, "text", &Uint8Array::from(&bytes[..]).into())?;
                Ok(obj.into())
            }
            "chase" => {
                let Some(board) = lights.to_board() else {
                    return Err(JsError::new("light chasing is shown step by step on boards up to 4096×4096"));
                };
                let chase = chase(&board).map_err(js_err)?;
                to_js(&ChaseShown { rows: chase.rows(), leftover: &chase.leftover, fixup: chase.fixup.as_deref() })
            }
            "link" => Ok(link_of(session.state()).map_or(JsValue::NULL, |l| JsValue::from_str(&l))),
            _ => {
                Err(JsError::new(&format!("Lights Out answers 'solve', 'file', 'chase' and 'link', not '{question}'")))
            }
        }
    }

    fn shown_link(state: &Position, (): &()) -> Option<String> {
        let spec = state.lights.spec();
        if spec.rows * spec.cols > WORKER_LINK_LIGHTS {
            return None;
        }
        link_of(state)
    }
}

/// The link of a board up to 4096 a side; none beyond (the page offers a file).
fn link_of(state: &Position) -> Option<String> {
    link_for(&state.to_game()?).ok()
}

/// How the page handles a board, given as settings or as a share link (read from its header
/// alone, so a large board's link can be opened in the Worker): `{spec, max_side, packed,
/// heavy_make, heavy_solve, heavy_rank, fixup_table, chase_steps, quiet_gallery, full_solvers,
/// link_in_worker, step_rows, note}` (`note`: the line shown by the size inputs). A board the
/// page does not offer is an error that says where larger boards go.
#[wasm_bindgen]
pub fn lights_plan(settings_or_link: JsValue) -> Result<JsValue, JsError> {
    let spec = match settings_or_link.as_string() {
        Some(fragment) => link_spec(&fragment).map_err(js_err)?,
        None => page_spec(&from_js(settings_or_link, "board settings")?).map_err(js_err)?,
    };
    let obj: Object = to_js(&page_plan(&spec))?.into();
    set(&obj, "spec", &to_js(&spec)?)?;
    set(&obj, "note", &JsValue::from_str(&size_note(spec.rule, spec.torus, spec.states)))?;
    Ok(obj.into())
}

/// What to draw of rows `from..to`: a byte for each square of `block`×`block` lights, the
/// light's state when `block` is 1, else how many of the square's lights are on.
#[wasm_bindgen]
pub fn lights_cells(board: JsValue, block: u32, from: u32, to: u32) -> Result<Uint8Array, JsError> {
    let cells = lights_from(&board)?.cells(block as usize, from as usize, to as usize).map_err(js_err)?;
    Ok(Uint8Array::from(&cells[..]))
}

/// The solution of `lights`: `{solvable, presses, press_count, minimal, rank, nullity,
/// quiet_log2, quiet, witness, witness_overlap, first_press, minimal_in_worker, method}`;
/// `presses`, `witness` and each quiet pattern are boards. `first_press` is the index of the
/// first light to press (a hint); `minimal_in_worker` says whether the search for the fewest
/// presses would take long enough to belong in the Worker. Boards held packed are solved once,
/// not searched for the fewest presses, and have no quiet patterns.
fn solution(lights: &Lights, minimal: bool, progress: &mut dyn Progress) -> Result<JsValue, JsError> {
    let spec = *lights.spec();
    let options = SolveRequest { minimal, presses: true, quiet: true };
    let s = lights.solve(&options, progress).map_err(js_err)?;
    let obj = Object::new();
    set(&obj, "solvable", &JsValue::from_bool(s.solvable))?;
    set(&obj, "presses", &optional_board(s.presses.as_ref())?)?;
    set(&obj, "press_count", &JsValue::from_f64(s.press_count.unwrap_or(0) as f64))?;
    set(&obj, "minimal", &JsValue::from_bool(s.minimal))?;
    set(&obj, "rank", &JsValue::from_f64(s.rank as f64))?;
    set(&obj, "nullity", &JsValue::from_f64(s.nullity as f64))?;
    set(&obj, "quiet_log2", &JsValue::from_f64(s.quiet_log2))?;
    let quiet = js_sys::Array::new();
    for q in &s.quiet {
        quiet.push(&board_view(q)?);
    }
    set(&obj, "quiet", &quiet)?;
    set(&obj, "witness", &optional_board(s.witness.as_ref())?)?;
    let overlap = s.witness.as_ref().map_or(0, |w| w.overlap(lights));
    set(&obj, "witness_overlap", &JsValue::from_f64(overlap as f64))?;
    let first = s.presses.as_ref().and_then(Lights::first_on);
    set(&obj, "first_press", &first.map_or(JsValue::NULL, |(r, c)| JsValue::from_f64((r * spec.cols + c) as f64)))?;
    set(&obj, "minimal_in_worker", &JsValue::from_bool(!minimal && minimal_in_worker(&spec, s.quiet_log2)))?;
    set(&obj, "method", &to_js(&s.method)?)?;
    Ok(obj.into())
}

/// Solves a board (`{spec, data}`, as `lights_open_file` gives it): [`solution`]. The npm
/// package's solver for Node (docs/embedding.md); the page asks its session
/// (`query('solve', {minimal})`) instead.
#[wasm_bindgen]
pub fn lights_solve(board: JsValue, minimal: bool, progress: &Function) -> Result<JsValue, JsError> {
    solution(&lights_from(&board)?, minimal, &mut JsProgress::new(progress))
}

/// Rank and nullity: `{rows, cols, rank, nullity, quiet_log2}`.
#[wasm_bindgen]
pub fn lights_rank(spec: JsValue, progress: &Function) -> Result<JsValue, JsError> {
    // Sides beyond the playable 4096: the classic rule's rank needs no board.
    let spec = settings(spec, MAX_POLY_SIDE)?;
    to_js(&rank(&spec, &mut JsProgress::new(progress)).map_err(js_err)?)
}

/// What the session's `query('chase')` gives the page.
#[derive(serde::Serialize)]
struct ChaseShown<'a> {
    rows: Vec<ChaseRow>,
    leftover: &'a [u8],
    fixup: Option<&'a [u8]>,
}

/// The fix-up table for the board's width: `[{leftover, press}]` (press null if unfixable).
#[wasm_bindgen]
pub fn lights_table(spec: JsValue) -> Result<JsValue, JsError> {
    to_js(&table(&settings(spec, MAX_SIDE)?).map_err(js_err)?)
}

/// Nullity of n×n boards, bounded and torus, n = 1..=max: `[{n, bounded, torus}]`.
#[wasm_bindgen]
pub fn lights_chart(max: u32, progress: &Function) -> Result<JsValue, JsError> {
    to_js(&nullity_chart(max as usize, &mut JsProgress::new(progress)).map_err(js_err)?)
}

/// Opens a board file (rows of digits, or PBM for two states) as a board `{spec, data, lit}`;
/// its rows and columns come from the file, the rule, edges and states from the page's settings.
#[wasm_bindgen]
pub fn lights_open_file(file: &[u8], settings: JsValue) -> Result<JsValue, JsError> {
    let s: Settings = from_js(settings, "board settings")?;
    if s.states != 2.0 {
        // More than two states: rows of digits, within the page's sizes by their parse.
        let text =
            std::str::from_utf8(file).map_err(|_| JsError::new("the file is not text: rows of digits 0 to k−1"))?;
        let spec = s.spec(MAX_SIDE).map_err(js_err)?;
        let lights = Lights::read_text(text, spec.rule, spec.torus, spec.states).map_err(js_err)?;
        return board_view(&lights);
    }
    // Two states: digits or PBM as packed bits, its size checked against the page's before a
    // board is made of them.
    let bits = read_pattern(file).map_err(js_err)?;
    let spec = page_spec(&Settings { rows: bits.rows as f64, cols: bits.cols as f64, ..s }).map_err(js_err)?;
    let lights = Lights::from_bits(bits, spec.rule, spec.torus).map_err(js_err)?;
    board_view(&lights)
}
