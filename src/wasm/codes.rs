//! Exports for the codes lab page.

use super::{js_err, to_js, JsProgress};
use crate::codes::text::{bit_string, check_words_size, parse_bits, parse_code};
use crate::codes::{self, hamming, perfect};
use crate::devil::lab::menu::{self, StrategySpec};
use crate::devil::lab::vasilev::Fun;
use serde::Serialize;
use wasm_bindgen::prelude::*;

fn bits(text: &str) -> Result<Vec<bool>, JsError> {
    parse_bits(text).map_err(js_err)
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
    let report = perfect::check(&parse_code(text).map_err(js_err)?);
    to_js(&ReportJs::from(&report))
}

/// Refuses a words file of `bytes` bytes (`File.size`) before the page reads it, with the
/// checker's own limit and message.
#[wasm_bindgen]
pub fn codes_words_size(bytes: f64) -> Result<(), JsError> {
    // `as` saturates: a size beyond u64 (never a real file) is refused like any other too large.
    check_words_size(bytes.max(0.0) as u64).map_err(js_err)
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
    let fun = Fun::parse(f, menu::RANDOM_F_SEED).map_err(js_err)?;
    let code = menu::coset_code(16, Some(fun)).map_err(js_err)?;
    let report = perfect::check(&code);
    let verdict =
        menu::verify(&StrategySpec::Coset(Some(fun)), 16, 1, &mut JsProgress::new(progress)).map_err(js_err)?;
    #[derive(Serialize)]
    struct Out {
        report: ReportJs,
        sample: Vec<String>,
        coset_strategy: crate::devil::lab::verify::Verdict,
    }
    let sample = code.words().iter().take(12).map(|&x| codes::word_to_string(x, 15)).collect();
    to_js(&Out { report: ReportJs::from(&report), sample, coset_strategy: verdict })
}

/// Vasil'ev's code of length 31, built from the length-15 Vasil'ev code (f = popcount ≥ 3)
/// with `f`: random words checked to be covered exactly once, and a non-linearity witness.
#[wasm_bindgen]
pub fn codes_vasilev31(f: &str, samples: u32, progress: &js_sys::Function) -> Result<JsValue, JsError> {
    let fun = Fun::parse(f, menu::RANDOM_F_SEED).map_err(js_err)?;
    let mut p = JsProgress::new(progress);
    crate::progress::Progress::report(&mut p, 0, 1);
    let base = menu::coset_code(16, Some(Fun::Popcount3)).map_err(js_err)?;
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
