//! Exports for the strategy lab, the codes lab, and the strategy selector of the Devil's
//! chessboard page.

use super::{from_js, js_err, parse_seed, to_js, JsProgress};
use crate::codes::{self, hamming, perfect, Code};
use crate::devil::lab::{self, Spec};
use crate::devil::table::Table;
use crate::devil::vasilev::Fun;
use crate::devil::{at_most_one, coset, count, dice, search, why, Game, Strategy};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::rc::Rc;
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

fn spec_from_js(spec: JsValue) -> Result<Spec, JsError> {
    let s: SpecJs = from_js(spec, "strategy")?;
    let seed = match &s.seed {
        Some(text) if !text.trim().is_empty() => parse_seed(text)?,
        _ => lab::RANDOM_F_SEED,
    };
    Spec::parse(&s.strategy, s.f.as_deref().filter(|f| !f.is_empty()), seed, s.table.as_deref()).map_err(js_err)
}

/// A strategy built for the devil page: (number, squares, strategy).
type Built = (u8, usize, Rc<dyn Strategy>);

thread_local! {
    /// The last strategy built by number, since the search strategy takes a moment to build.
    static BUILT: RefCell<Option<Built>> = const { RefCell::new(None) };
}

fn by_number(number: u8, squares: usize) -> Result<Rc<dyn Strategy>, JsError> {
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

/// Verifies a strategy `{strategy, f, seed, table}` on `squares` (exhaustive up to 16).
#[wasm_bindgen]
pub fn devil_lab_verify(spec: JsValue, squares: usize, progress: &js_sys::Function) -> Result<JsValue, JsError> {
    let spec = spec_from_js(spec)?;
    to_js(&lab::verify(&spec, squares, 1, &mut JsProgress::new(progress)).map_err(js_err)?)
}

/// The table of a strategy on ≤ 16 squares, as text (one square per board, board 0 first).
#[wasm_bindgen]
pub fn devil_lab_table(spec: JsValue, squares: usize) -> Result<String, JsError> {
    let spec = spec_from_js(spec)?;
    let s = spec.build(squares).map_err(js_err)?;
    Ok(Table::of(s.as_ref()).map_err(js_err)?.to_text())
}

/// Whether a strategy on ≤ 16 squares is a coset strategy under some renaming of its answers:
/// `{coset: [class, deleted square] | null}`.
#[wasm_bindgen]
pub fn devil_lab_coset_check(spec: JsValue, squares: usize) -> Result<JsValue, JsError> {
    let spec = spec_from_js(spec)?;
    let s = spec.build(squares).map_err(js_err)?;
    let table = Table::of(s.as_ref()).map_err(js_err)?;
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
    let spec = spec_from_js(spec)?;
    let s = spec.build(squares).map_err(js_err)?;
    if squares > 16 || u64::from(board) >= 1u64 << squares {
        return Err(JsError::new(&format!(
            "board {board} is not a board of {squares} squares (the cube view goes up to 16)"
        )));
    }
    #[derive(Serialize)]
    struct Neighbour {
        flip: usize,
        board: u64,
        colour: usize,
    }
    #[derive(Serialize)]
    struct Out {
        board: u64,
        colour: usize,
        neighbours: Vec<Neighbour>,
        colours: Option<Vec<usize>>,
    }
    let x = u64::from(board);
    let neighbours =
        (0..squares).map(|i| Neighbour { flip: i, board: x ^ (1 << i), colour: s.decode_bits(x ^ (1 << i)) }).collect();
    // Small cubes are drawn whole.
    let colours = (squares <= 4).then(|| (0..1u64 << squares).map(|y| s.decode_bits(y)).collect());
    to_js(&Out { board: x, colour: s.decode_bits(x), neighbours, colours })
}

fn bits(text: &str) -> Result<Vec<bool>, JsError> {
    text.trim()
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '0' => Ok(false),
            '1' => Ok(true),
            _ => Err(JsError::new(&format!("{c:?} is not a bit: write 0s and 1s"))),
        })
        .collect()
}

fn bit_string(b: &[bool]) -> String {
    b.iter().map(|&x| if x { '1' } else { '0' }).collect()
}

/// The Hamming code lab: checks, syndrome and correction of a received word (position 1
/// first), and the message it carries.
#[wasm_bindgen]
pub fn codes_hamming_correct(word: &str) -> Result<JsValue, JsError> {
    let w = bits(word)?;
    let checks = hamming::checks(&w).map_err(js_err)?;
    let (syndrome, fixed) = hamming::correct(&w).map_err(js_err)?;
    let (_, message) = hamming::decode(&w).map_err(js_err)?;
    #[derive(Serialize)]
    struct Out {
        checks: Vec<u8>,
        syndrome: usize,
        corrected: String,
        message: String,
    }
    to_js(&Out { checks, syndrome, corrected: bit_string(&fixed), message: bit_string(&message) })
}

/// Encodes a message of 2^r − r − 1 bits into a Hamming codeword of length 2^r − 1.
#[wasm_bindgen]
pub fn codes_hamming_encode(r: u32, message: &str) -> Result<String, JsError> {
    Ok(bit_string(&hamming::encode(r, &bits(message)?).map_err(js_err)?))
}

/// Checks a list of words (one per line or separated by spaces, same length ≤ 16):
/// distance, perfection, linearity, with witnesses.
#[wasm_bindgen]
pub fn codes_check(text: &str) -> Result<JsValue, JsError> {
    let tokens: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).collect();
    let Some(first) = tokens.first() else {
        return Err(JsError::new("give at least one word of 0s and 1s"));
    };
    let length = first.len();
    if length > 16 {
        return Err(JsError::new(&format!("words here have at most 16 bits; the first has {length}")));
    }
    let words: Vec<u64> =
        tokens.iter().map(|t| codes::parse_word(t, Some(length))).collect::<crate::Result<_>>().map_err(js_err)?;
    let report = perfect::check(&Code::new(length, words).map_err(js_err)?);
    to_js(&ReportJs::from(&report))
}

/// A checker report with words written out as text.
#[derive(Serialize)]
struct ReportJs {
    length: usize,
    words: usize,
    min_distance: Option<u32>,
    closest: Option<(String, String)>,
    corrects_one_error: bool,
    perfect: bool,
    uncovered: Option<String>,
    linear: bool,
    not_closed: Option<(String, String, String)>,
}

impl From<&perfect::Report> for ReportJs {
    fn from(r: &perfect::Report) -> Self {
        let w = |x: u64| codes::word_to_string(x, r.length);
        ReportJs {
            length: r.length,
            words: r.words,
            min_distance: r.min_distance,
            closest: r.closest.map(|(a, b)| (w(a), w(b))),
            corrects_one_error: r.corrects_one_error,
            perfect: r.perfect,
            uncovered: r.uncovered.map(w),
            linear: r.linear,
            not_closed: r.not_closed.map(|(a, b)| (w(a), w(b), w(a ^ b))),
        }
    }
}

/// Vasil'ev's code of length 15 from the Hamming code of length 7 with f from the menu: its
/// checker report, a few words, and the verdict on its coset strategy (16 squares).
#[wasm_bindgen]
pub fn codes_vasilev(f: &str, progress: &js_sys::Function) -> Result<JsValue, JsError> {
    let fun = Fun::parse(f, lab::RANDOM_F_SEED).map_err(js_err)?;
    let code = lab::coset_code(16, Some(fun)).map_err(js_err)?;
    let report = perfect::check(&code);
    let verdict = lab::verify(&Spec::Coset(Some(fun)), 16, 1, &mut JsProgress::new(progress)).map_err(js_err)?;
    #[derive(Serialize)]
    struct Out {
        report: ReportJs,
        sample: Vec<String>,
        coset_strategy: crate::devil::verify::Verdict,
    }
    let sample = code.words().iter().take(12).map(|&x| codes::word_to_string(x, 15)).collect();
    to_js(&Out { report: ReportJs::from(&report), sample, coset_strategy: verdict })
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
    use rand::Rng;
    let (exists, reason) = dice::exists(squares, faces).map_err(js_err)?;
    #[derive(Serialize)]
    struct Round {
        board: Vec<u8>,
        key: usize,
        add: usize,
        after: Vec<u8>,
        answer: usize,
    }
    #[derive(Serialize)]
    struct Out {
        exists: bool,
        reason: String,
        boards_checked: Option<u64>,
        valid: Option<bool>,
        round: Option<Round>,
    }
    let mut out = Out { exists, reason, boards_checked: None, valid: None, round: None };
    if exists {
        let d = dice::Dice::new(squares, faces).map_err(js_err)?;
        let boards = (faces as u64).checked_pow(squares as u32).filter(|&b| b <= dice::MAX_DICE_BOARDS);
        if let Some(b) = boards {
            let mut p = JsProgress::new(progress);
            crate::progress::Progress::report(&mut p, 0, 1);
            let bad = dice::verify(squares, faces, &|x| d.decode(x).unwrap_or(usize::MAX)).map_err(js_err)?;
            crate::progress::Progress::report(&mut p, 1, 1);
            out.boards_checked = Some(b);
            out.valid = Some(bad.is_none());
        }
        let mut rng = crate::seed::rng_from_seed(parse_seed(seed)?);
        let board: Vec<u8> = (0..squares).map(|_| rng.random_range(0..faces) as u8).collect();
        let key = rng.random_range(0..squares);
        let add = d.encode(&board, key).map_err(js_err)?;
        let mut after = board.clone();
        after[add] = ((usize::from(after[add]) + 1) % faces) as u8;
        let answer = d.decode(&after).map_err(js_err)?;
        out.round = Some(Round { board, key, add, after, answer });
    }
    to_js(&out)
}

/// Vasil'ev's code of length 31, built from the length-15 Vasil'ev code (f = popcount ≥ 3)
/// with `f`: random words checked to be covered exactly once, and a non-linearity witness.
#[wasm_bindgen]
pub fn codes_vasilev31(f: &str, samples: u32, progress: &js_sys::Function) -> Result<JsValue, JsError> {
    let fun = Fun::parse(f, lab::RANDOM_F_SEED).map_err(js_err)?;
    let mut p = JsProgress::new(progress);
    crate::progress::Progress::report(&mut p, 0, 1);
    let base = lab::coset_code(16, Some(Fun::Popcount3)).map_err(js_err)?;
    let s = codes::vasilev::sample_doubled(&base, fun, u64::from(samples.min(1_000_000)), 1).map_err(js_err)?;
    crate::progress::Progress::report(&mut p, 1, 1);
    #[derive(Serialize)]
    struct Out {
        words_log2: u32,
        samples: u64,
        covered_once: u64,
        not_closed: Option<(String, String, String)>,
    }
    let w = |x: u64| codes::word_to_string(x, 31);
    to_js(&Out {
        words_log2: s.words_log2,
        samples: s.samples,
        covered_once: s.covered_once,
        not_closed: s.not_closed.map(|(a, b)| (w(a), w(b), w(a ^ b))),
    })
}
