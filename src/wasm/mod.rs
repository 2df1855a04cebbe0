//! The WebAssembly face: the only code with `#[wasm_bindgen]`. Every export returns a
//! `Result`, so a bad argument becomes a JavaScript exception carrying the core's one-line
//! message, never a panic. Structured values cross as plain JS objects via serde-wasm-bindgen.

// One module per page family, chosen by cargo feature (see Cargo.toml); `all` builds every
// export into one module.
#[cfg(feature = "chess")]
pub mod chess;
#[cfg(feature = "lab")]
pub mod codes;
#[cfg(any(feature = "devil", feature = "lab"))]
pub mod devil;
#[cfg(feature = "lab")]
pub mod devil_lab;
#[cfg(any(feature = "devil", feature = "lab", feature = "table", feature = "lights"))]
pub mod game;
#[cfg(feature = "lab")]
pub mod lab_links;
#[cfg(feature = "lights")]
pub mod lights;
#[cfg(feature = "lights-full")]
pub mod lights_games;
#[cfg(any(feature = "devil", feature = "lab"))]
pub mod strategies;
#[cfg(feature = "table")]
pub mod table;

use crate::progress::Progress;
use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A Rust value as a plain JS object (maps as objects, 64-bit integers as numbers when safe).
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&format!("cannot pass a value to the page: {e}")))
}

/// A JS value as a Rust value, with a one-line error naming what was expected.
pub fn from_js<T: DeserializeOwned>(value: JsValue, what: &str) -> Result<T, JsError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&format!("invalid {what}: {e}")))
}

/// The core's error as a JS `Error` with the same message.
pub fn js_err(e: crate::Error) -> JsError {
    JsError::new(e.message())
}

/// Forwards progress to a JS callback `progress(done, total)`, at most every ~30 ms so that
/// messages from a Worker do not flood the page.
pub struct JsProgress<'a> {
    callback: &'a js_sys::Function,
    last_ms: f64,
}

impl<'a> JsProgress<'a> {
    pub fn new(callback: &'a js_sys::Function) -> Self {
        JsProgress { callback, last_ms: f64::NEG_INFINITY }
    }
}

impl Progress for JsProgress<'_> {
    fn report(&mut self, done: u64, total: u64) {
        let now = js_sys::Date::now();
        if now - self.last_ms >= 30.0 || done >= total {
            self.last_ms = now;
            let _ =
                self.callback.call2(&JsValue::NULL, &JsValue::from_f64(done as f64), &JsValue::from_f64(total as f64));
        }
    }
}

/// Parses a seed typed by a person or read from a link.
pub fn parse_seed(seed: &str) -> Result<u64, JsError> {
    seed.trim().parse().map_err(|_| JsError::new(&format!("a seed is a whole number from 0 to 2^64 − 1, not '{seed}'")))
}

/// A seed typed by a person or read from a link; empty draws a fresh one.
#[cfg(any(feature = "devil", feature = "lab", feature = "lights", feature = "table"))]
pub fn seed_or_fresh(text: &str) -> Result<u64, JsError> {
    if text.trim().is_empty() {
        Ok(crate::seed::fresh_seed())
    } else {
        parse_seed(text)
    }
}
