//! Exports for the codes lab page.

use super::{js_err, to_js, JsProgress};
use crate::codes::text::{bit_string, check_words_size, parse_bits, parse_code};
use crate::codes::vasilev::Fun;
use crate::codes::{self, hamming, perfect};
use crate::devil::lab::menu::{self, StrategySpec};
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
/// distance, perfection, linearity, with witnesses. With `file_bytes` (a `File.size`) the
/// words are a file's, and its size is refused first with the checker's own limit and message;
/// the page asks with the size alone (no words: the answer is `null`) before reading the file.
#[wasm_bindgen]
pub fn codes_check(text: &str, file_bytes: Option<f64>) -> Result<JsValue, JsError> {
    if let Some(bytes) = file_bytes {
        // `as` saturates: a size beyond u64 (never a real file) is refused like any other too large.
        check_words_size(bytes.max(0.0) as u64).map_err(js_err)?;
        if text.trim().is_empty() {
            return Ok(JsValue::NULL);
        }
    }
    let report = perfect::check(&parse_code(text).map_err(js_err)?);
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

/// Vasil'ev's code from the menu's `f`. Without `samples`: the code of length 15 built on the
/// Hamming code of length 7, `{report, sample, coset_strategy}` — its checker report, a few
/// words, and the verdict on its coset strategy (16 squares). With `samples`: the code of
/// length 31 built on that length-15 code (f = popcount ≥ 3), too big to list, so
/// `{words_log2, samples, covered_once, not_closed}` — that many random words checked to be
/// covered exactly once (at most a million), and a non-linearity witness.
#[wasm_bindgen]
pub fn codes_vasilev(f: &str, samples: Option<u32>, progress: &js_sys::Function) -> Result<JsValue, JsError> {
    let fun = Fun::parse(f, menu::RANDOM_F_SEED).map_err(js_err)?;
    let mut p = JsProgress::new(progress);
    match samples {
        None => length_15(fun, &mut p),
        Some(samples) => length_31(fun, samples, &mut p),
    }
}

fn length_15(fun: Fun, p: &mut JsProgress) -> Result<JsValue, JsError> {
    let code = menu::coset_code(16, Some(fun)).map_err(js_err)?;
    let report = perfect::check(&code);
    let verdict = menu::verify(&StrategySpec::Coset(Some(fun)), 16, 1, p).map_err(js_err)?;
    #[derive(Serialize)]
    struct Out {
        report: ReportJs,
        sample: Vec<String>,
        coset_strategy: crate::devil::lab::verify::Verdict,
    }
    let sample = code.words().iter().take(12).map(|&x| codes::word_to_string(x, 15)).collect();
    to_js(&Out { report: ReportJs::from(&report), sample, coset_strategy: verdict })
}

fn length_31(fun: Fun, samples: u32, p: &mut JsProgress) -> Result<JsValue, JsError> {
    crate::progress::Progress::report(p, 0, 1);
    let base = menu::coset_code(16, Some(Fun::Popcount3)).map_err(js_err)?;
    let s = codes::vasilev::sample_doubled(&base, fun, u64::from(samples.min(1_000_000)), 1).map_err(js_err)?;
    crate::progress::Progress::report(p, 1, 1);
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

/// A walk of `steps` switches from Vasil'ev's code of length 15 with the menu's `f` (`zero`:
/// the Hamming code), random switches drawn from `seed` (empty: a fresh one): per switch the
/// coordinate, how many codewords moved, the rank and kernel dimension reached and the
/// checker's verdict; then how many different codes and (rank, kernel) pairs were met.
#[wasm_bindgen]
pub fn codes_switching_walk(f: &str, steps: u32, seed: &str, progress: &js_sys::Function) -> Result<JsValue, JsError> {
    let fun = Fun::parse(f, menu::RANDOM_F_SEED).map_err(js_err)?;
    let code = menu::coset_code(16, Some(fun)).map_err(js_err)?;
    let seed = super::seed_or_fresh(seed)?;
    to_js(&codes::switching::walk(&code, steps, seed, &mut JsProgress::new(progress)).map_err(js_err)?)
}
