//! The real games' page face of [`GraphGame`] in the game session (`super::game`): how a board
//! is chosen and edited from the page, and what the page draws of it.

use super::{from_js, js_err};
use crate::lights::game::presets::{Edges, Preset, Stencil};
use crate::lights::graph_game::{GraphGame, Params, Shape, SolveOptions};
use crate::puzzle::Puzzle;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

/// The page's settings: a preset by name or a custom grid, the rule of play, and whether the
/// board starts dark (to copy a physical game's lights onto) or random.
#[derive(Deserialize)]
struct Settings {
    #[serde(default)]
    preset: Option<String>,
    #[serde(default)]
    grid: Option<GridSettings>,
    #[serde(default)]
    lit_only: bool,
    #[serde(default)]
    dark: bool,
}

#[derive(Deserialize)]
struct GridSettings {
    rows: usize,
    cols: usize,
    /// Rows of '.' and '#' (see [`Stencil::parse`]).
    stencil: String,
    edges: String,
    k: u16,
}

/// An edit of the lights or the rule (the session starts again from its result).
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum Edit {
    /// Light i to state v.
    Set((usize, u8)),
    /// Several lights at once (one stroke of painting).
    Paint(Vec<(usize, u8)>),
    /// Every light off.
    Clear(()),
    /// A typed or pasted pattern.
    Pattern(String),
    LitOnly(bool),
}

/// What the page draws.
#[derive(Serialize)]
pub struct Drawn {
    /// The preset's name, or `grid`.
    board: &'static str,
    title: String,
    /// How the buttons are placed: `grid` (rows × cols), `cube` (a net of six 3×3 faces) or
    /// `orbix` (top, two rings of five, bottom).
    layout: &'static str,
    rows: usize,
    cols: usize,
    k: u8,
    edges: &'static str,
    /// The press pattern of a grid, rows of '.' and '#' joined by '/'.
    stencil: String,
    lights: Vec<u8>,
    labels: Vec<String>,
    /// Names of the states for people (off, on; off, red, green).
    states: Vec<String>,
    lit_only: bool,
    /// Most lights lit-only play is searched exactly on.
    lit_only_exact: usize,
    /// The pattern as text, for copying.
    pattern: String,
}

fn stencil_text(stencil: &Stencil) -> String {
    let rh = stencil.offsets.iter().map(|o| o.0.abs()).max().unwrap_or(0);
    let rw = stencil.offsets.iter().map(|o| o.1.abs()).max().unwrap_or(0);
    (-rh..=rh)
        .map(|dr| (-rw..=rw).map(|dc| if stencil.offsets.contains(&(dr, dc)) { '#' } else { '.' }).collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

impl super::game::Face for GraphGame {
    type Drawn = Drawn;
    type Extras = ();

    fn drawn(&self) -> Drawn {
        let (board, title, layout, rows, cols, edges, stencil, states) = match &self.shape {
            Shape::Preset(p) => {
                let (layout, rows, cols) = match p {
                    Preset::Cube => ("cube", 9, 12),
                    Preset::Orbix => ("orbix", 4, 5),
                    Preset::Merlin => ("grid", 3, 3),
                    _ => p.spec().map_or(("grid", 0, 0), |s| ("grid", s.rows, s.cols)),
                };
                let names = p.state_names().iter().map(|s| s.to_string()).collect();
                (p.name(), p.title().to_string(), layout, rows, cols, "bounded", String::new(), names)
            }
            Shape::Grid(g) => {
                let names = if g.k == 2 {
                    vec!["off".to_string(), "on".to_string()]
                } else {
                    (0..g.k).map(|v| v.to_string()).collect()
                };
                let title = format!("{}×{} grid, {} states, {} edges", g.rows, g.cols, g.k, g.edges.name());
                ("grid", title, "grid", g.rows, g.cols, g.edges.name(), stencil_text(&g.stencil), names)
            }
        };
        Drawn {
            board,
            title,
            layout,
            rows,
            cols,
            k: self.graph.k,
            edges,
            stencil,
            lights: self.lights.clone(),
            labels: self.graph.labels.clone(),
            states,
            lit_only: self.lit_only,
            lit_only_exact: crate::lights::solvers::lit_only::MAX_LIT_ONLY,
            pattern: self.pattern(),
        }
    }

    /// `{preset: NAME}` or `{grid: {rows, cols, stencil, edges, k}}`, with `lit_only` and
    /// `dark` (start with every light off rather than at random).
    fn create(settings: JsValue, seed: u64) -> Result<GraphGame, JsError> {
        let s: Settings = from_js(settings, "board settings")?;
        let shape = match (s.preset, s.grid) {
            (Some(name), None) => Shape::Preset(Preset::parse(&name).map_err(js_err)?),
            (None, Some(g)) => {
                let k = u8::try_from(g.k)
                    .map_err(|_| JsError::new(&format!("lights have 2 to 255 states, not {}", g.k)))?;
                let stencil = Stencil::parse(&g.stencil).map_err(js_err)?;
                let edges = Edges::parse(&g.edges).map_err(js_err)?;
                Shape::grid(g.rows, g.cols, &stencil, edges, k).map_err(js_err)?
            }
            _ => return Err(JsError::new("choose a preset or a grid, not both or neither")),
        };
        let params = Params { shape, lit_only: s.lit_only };
        if s.dark {
            GraphGame::dark(&params).map_err(js_err)
        } else {
            GraphGame::random(&params, seed).map_err(js_err)
        }
    }

    fn parse_move(mv: JsValue) -> Result<usize, JsError> {
        from_js(mv, "press (a light's index)")
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

    /// `{set: [i, v]}`, `{paint: [[i, v], …]}`, `{clear: null}`, `{pattern: TEXT}`,
    /// `{lit_only: BOOL}`.
    fn edit(&self, edit: JsValue) -> Result<GraphGame, JsError> {
        match from_js(edit, "edit")? {
            Edit::Set((i, v)) => self.with_light(i, v),
            Edit::Paint(cells) => cells.iter().try_fold(self.clone(), |g, &(i, v)| g.with_light(i, v)),
            Edit::Clear(()) => Ok(GraphGame { lights: vec![0; self.lights.len()], ..self.clone() }),
            Edit::Pattern(text) => self.with_pattern(&text),
            Edit::LitOnly(on) => self.with_lit_only(on),
        }
        .map_err(js_err)
    }

    fn open_with(fragment: &str) -> crate::Result<(GraphGame, ())> {
        Ok((GraphGame::open(fragment)?, ()))
    }
}
