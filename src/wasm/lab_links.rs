//! Share links of the strategy lab and the codes lab: the page passes its state as the JSON the
//! cores define (`LabState`, `CodesState`) and gets a fragment back, or — when the state does not
//! fit a link — the reason and the state as a file the page (and the CLI) can open again.

use super::{from_js, js_err, to_js};
use crate::codes::link::{self as codes_link_core, CodesState};
use crate::devil::lab_link::{self, LabState};
use crate::link::StateFile;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// `{fragment}` when the state fits a link; otherwise `{fragment: null, too_large, file: {name, text}}`.
#[derive(Serialize)]
struct Shared {
    fragment: Option<String>,
    too_large: Option<String>,
    file: Option<StateFile>,
}

/// The strategy lab's link for `{strategy, f, seed, squares, view, table}`.
#[wasm_bindgen]
pub fn lab_link(state: JsValue) -> Result<JsValue, JsError> {
    let state: LabState = from_js(state, "lab state")?;
    to_js(&match lab_link::link_for(&state) {
        Ok(fragment) => Shared { fragment: Some(fragment), too_large: None, file: None },
        Err(e) => Shared { fragment: None, too_large: Some(e.to_string()), file: lab_link::file_for(&state) },
    })
}

/// The lab state a fragment holds, or the link's one-line error.
#[wasm_bindgen]
pub fn lab_from_link(fragment: &str) -> Result<JsValue, JsError> {
    to_js(&lab_link::from_link(fragment).map_err(js_err)?)
}

/// A table file read back, as the table text the lab's box shows.
#[wasm_bindgen]
pub fn lab_from_file(text: &str) -> Result<String, JsError> {
    Ok(lab_link::from_file(text).map_err(js_err)?.to_text())
}

/// The codes lab's link for `{r, msg, word, words, vf, view}`.
#[wasm_bindgen]
pub fn codes_link(state: JsValue) -> Result<JsValue, JsError> {
    let state: CodesState = from_js(state, "codes state")?;
    to_js(&match codes_link_core::link_for(&state) {
        Ok(fragment) => Shared { fragment: Some(fragment), too_large: None, file: None },
        Err(e) => {
            Shared { fragment: None, too_large: Some(e.to_string()), file: Some(codes_link_core::file_for(&state)) }
        }
    })
}

/// The codes state a fragment holds, or the link's one-line error.
#[wasm_bindgen]
pub fn codes_from_link(fragment: &str) -> Result<JsValue, JsError> {
    to_js(&codes_link_core::from_link(fragment).map_err(js_err)?)
}
