//! Exports for the chess codes page. All logic is in `crate::chess`; these only convert.

use super::{from_js, js_err, to_js};
use crate::chess::positions::huffman;
use crate::chess::view::{self, Parts};
use crate::chess::{GameScheme, Position, PositionScheme};
use wasm_bindgen::prelude::*;

/// Every scheme and the source's Huffman tree: `{position: [{name, description, worst_case}],
/// game: [{name, description}], huffman_tree: [{path, label}]}` (the tree's parents before
/// children): the constant tables the page draws.
#[wasm_bindgen]
pub fn chess_schemes() -> Result<JsValue, JsError> {
    #[derive(serde::Serialize)]
    struct S {
        name: &'static str,
        description: &'static str,
        worst_case: Option<usize>,
    }
    #[derive(serde::Serialize)]
    struct All {
        position: Vec<S>,
        game: Vec<S>,
        huffman_tree: Vec<huffman::TreeNode>,
    }
    to_js(&All {
        position: PositionScheme::ALL
            .iter()
            .map(|s| S { name: s.name(), description: s.description(), worst_case: Some(s.worst_case()) })
            .collect(),
        game: GameScheme::ALL
            .iter()
            .map(|s| S { name: s.name(), description: s.description(), worst_case: None })
            .collect(),
        huffman_tree: huffman::tree(),
    })
}

/// A position from FEN with every scheme's code and segments; an illegal FEN is an Error
/// with the reason.
#[wasm_bindgen]
pub fn chess_analyze_fen(fen: &str) -> Result<JsValue, JsError> {
    let pos = Position::from_fen(fen).map_err(js_err)?;
    to_js(&view::view(&pos))
}

/// The editor's board `{board: [64], side, castling: [4], ep}`: `{fen, error, position}` —
/// an illegal position is not an Error but comes back with its reason in `error`.
#[wasm_bindgen]
pub fn chess_analyze_parts(parts: JsValue) -> Result<JsValue, JsError> {
    let parts: Parts = from_js(parts, "board")?;
    to_js(&view::analyze_parts(&parts).map_err(js_err)?)
}

/// Decodes a base64url code of a position scheme (ending with the move counters when
/// `counters`).
#[wasm_bindgen]
pub fn chess_decode(scheme: &str, code: &str, counters: bool) -> Result<JsValue, JsError> {
    let pos = view::decode(scheme, code, counters).map_err(js_err)?;
    to_js(&view::view(&pos))
}

/// A FEN's code in one scheme followed by its move counters: `{bits, code, bitstring, segments, …}`.
#[wasm_bindgen]
pub fn chess_code_with_counters(fen: &str, scheme: &str) -> Result<JsValue, JsError> {
    to_js(&view::with_counters(fen, scheme).map_err(js_err)?)
}

/// What a share-link fragment opens: the position of `#chess/v1/…` or `#chess/v2/…` (as
/// `chess_analyze_fen` gives it), or the game of `#chess-game/v1/…` as `{game, ply, pgn}`
/// (`game` as `chess_game` gives it). A game link can take long to open (`view::from_link`):
/// the page calls this in its Worker for game links.
#[wasm_bindgen]
pub fn chess_from_link(fragment: &str) -> Result<JsValue, JsError> {
    to_js(&view::from_link(fragment).map_err(js_err)?)
}

/// The games of a PGN text for a menu, `[{white, black, result}]`, without playing the moves.
#[wasm_bindgen]
pub fn chess_game_list(pgn: &str) -> Result<JsValue, JsError> {
    to_js(&view::game_list(pgn).map_err(js_err)?)
}

/// Game `index` (0-based) of a PGN text in every game scheme: tags, SAN and UCI of every move,
/// every position's FEN, each scheme's bits per move, for each move why it cost what it did
/// and the model's likeliest moves in its position (the viewer's arrows), and the game's share
/// link at every ply (`links`, null where over the budget).
#[wasm_bindgen]
pub fn chess_game(pgn: &str, index: usize) -> Result<JsValue, JsError> {
    to_js(&view::game(pgn, index).map_err(js_err)?)
}
