//! Share links of the two labs, `#lab/v1/…` (the strategy lab) and `#codes/v1/…` (the codes
//! lab): one export makes the link of either lab's state, one opens either lab's link by its
//! name, so both lab views keep their links the same way. A state that does not fit a link
//! comes back with the reason and the state as a file the page (and the CLI) can open again.

use super::{from_js, js_err, to_js};
use crate::codes::link::{self as codes_link, CodesState};
use crate::devil::lab::link::{self as lab_link, LabState};
use crate::link::{StateFile, TooLarge};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

/// A lab's state as its page holds it (the JSON the cores define), tagged with the lab's link
/// name: `{"kind":"lab","strategy":"vasilev",…}` or `{"kind":"codes","r":3,…}`.
#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum LabPageState {
    Lab(LabState),
    Codes(CodesState),
}

/// `{fragment}` when the state fits a link; otherwise `{fragment: null, too_large, file: {name, text}}`.
#[derive(Serialize)]
struct Shared {
    fragment: Option<String>,
    too_large: Option<String>,
    file: Option<StateFile>,
}

impl Shared {
    fn of(link: Result<String, TooLarge>, file: impl FnOnce() -> Option<StateFile>) -> Shared {
        match link {
            Ok(fragment) => Shared { fragment: Some(fragment), too_large: None, file: None },
            Err(e) => Shared { fragment: None, too_large: Some(e.to_string()), file: file() },
        }
    }
}

/// The link of a lab's state (`kind` says which lab), or why it does not fit and its file.
#[wasm_bindgen]
pub fn lab_link(state: JsValue) -> Result<JsValue, JsError> {
    to_js(&match from_js(state, "lab state")? {
        LabPageState::Lab(s) => Shared::of(lab_link::link_for(&s), || lab_link::file_for(&s)),
        LabPageState::Codes(s) => Shared::of(codes_link::link_for(&s), || Some(codes_link::file_for(&s))),
    })
}

/// The state a lab link holds, its `kind` the link's name, or the link's one-line error.
#[wasm_bindgen]
pub fn lab_open(fragment: &str) -> Result<JsValue, JsError> {
    let name = fragment.strip_prefix('#').unwrap_or(fragment).split('/').next().unwrap_or_default();
    to_js(&match name {
        lab_link::NAME => LabPageState::Lab(lab_link::from_link(fragment).map_err(js_err)?),
        codes_link::NAME => LabPageState::Codes(codes_link::from_link(fragment).map_err(js_err)?),
        _ => {
            let reason =
                format!("this link is for '{name}', not for a lab ('{}' or '{}')", lab_link::NAME, codes_link::NAME);
            return Err(js_err(crate::Error::new(reason)));
        }
    })
}

/// A table file read back, as the table text the strategy lab's box shows.
#[wasm_bindgen]
pub fn lab_from_file(text: &str) -> Result<String, JsError> {
    Ok(lab_link::from_file(text).map_err(js_err)?.to_text())
}
