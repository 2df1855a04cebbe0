//! The Lights Out boards other than the plain grid (`--preset NAME | --graph FILE | --stencil …
//! | --edges …`, and `solve --lit-only`): the commercial games, any graph and glued grids, with
//! the presses named by the game's own labels.

use super::lights::BoardArgs;
use super::{read_file, Output};
use crate::lights::game::presets::{grid, parse_pattern, Edges, Preset, Stencil};
use crate::lights::graph_game::{GraphGame, Params, Shape};
use crate::lights::solvers::graph::{self, Graph};
use crate::lights::solvers::lit_only;
use crate::lights::{Board, Spec};
use crate::progress::NoProgress;
use crate::puzzle::Puzzle;
use crate::{bail, Result};
use clap::Args;
use serde_json::json;
use std::fmt::Write as _;
use std::path::PathBuf;

/// The options that take a board off the plain grid (part of every command's board options).
#[derive(Args)]
pub struct ShapeArgs {
    /// A commercial game: classic (5×5), mini (4×4), deluxe (6×6 +), deluxe-x (6×6 x), 2000
    /// (5×5, off/red/green), cube (Lights Out Cube, 54 buttons), orbix (Orbix type 1, 12),
    /// merlin (Merlin's Magic Square, 3×3). Patterns are one character a light in the game's
    /// order (docs/lights.md).
    #[arg(long, conflicts_with_all = ["graph", "rows", "cols"])]
    pub preset: Option<String>,
    /// A graph file: optional `k=STATES` (2..255), then one line a light, `label: the lights a
    /// press on it changes`, `self` for the light itself.
    #[arg(long, conflicts_with_all = ["rows", "cols"])]
    pub graph: Option<PathBuf>,
    /// A grid's press pattern instead of --rule: rows of '.' and '#' around the pressed light,
    /// odd by odd, e.g. .#./###/.#.
    #[arg(long, conflicts_with_all = ["preset", "graph"])]
    pub stencil: Option<String>,
    /// A grid's edges: bounded, torus, klein (top and bottom glued with a flip) or projective
    /// (both pairs glued with a flip). With glued grids --states goes up to 255.
    #[arg(long, conflicts_with_all = ["preset", "graph", "torus"])]
    pub edges: Option<String>,
}

impl ShapeArgs {
    /// Whether the board is other than the plain grid of --rule and --torus.
    pub fn is_used(&self) -> bool {
        self.preset.is_some() || self.graph.is_some() || self.stencil.is_some() || self.edges.is_some()
    }
}

/// A game to solve: its graph, what to call it, and the grid it is, if today's solvers take it.
struct Game {
    graph: Graph,
    title: String,
    name: Option<&'static str>,
    spec: Option<Spec>,
}

/// A grid's rows and columns as a pattern of one character a light shows them (rows split by
/// '/' or newlines, all of one length), as plain `solve --pattern` reads them; None otherwise.
fn pattern_size(text: &str) -> Option<(usize, usize)> {
    let rows: Vec<&str> = text.split(['/', '\n']).map(str::trim).filter(|r| !r.is_empty()).collect();
    let cols = rows.first()?.chars().count();
    (!text.contains(',') && rows.iter().all(|r| r.chars().count() == cols)).then_some((rows.len(), cols))
}

fn game(board: &BoardArgs, pattern: Option<&str>) -> Result<Game> {
    let args = &board.shape;
    if let Some(name) = &args.preset {
        let preset = Preset::parse(name)?;
        return Ok(Game {
            graph: preset.graph(),
            title: preset.title().to_string(),
            name: Some(preset.name()),
            spec: preset.spec(),
        });
    }
    if let Some(path) = &args.graph {
        let graph =
            Graph::parse(&read_file(path)?).map_err(|e| crate::Error::new(format!("{}: {e}", path.display())))?;
        let title = format!("the graph in {}", path.display());
        return Ok(Game { graph, title, name: None, spec: None });
    }
    let (rows, cols) = grid_size(board, pattern)?;
    let (stencil, edges) = stencil_and_edges(board)?;
    let graph = grid(rows, cols, &stencil, edges, board.states)?;
    let rule = args.stencil.is_none().then_some(board.rule);
    let spec = match (rule, edges) {
        (Some(rule), Edges::Bounded | Edges::Torus) if board.states <= 9 => {
            Some(Spec { rows, cols, rule, torus: edges == Edges::Torus, states: board.states })
        }
        _ => None,
    };
    let how = match &args.stencil {
        Some(s) => format!("stencil {}", s.replace('\n', "/")),
        None => format!("{} rule", board.rule.name()),
    };
    let title = format!("{rows}×{cols} {} grid, {how}", edges.name());
    Ok(Game { graph, title, name: None, spec })
}

/// A grid's size: the one given, or the pattern's own (as plain `solve --pattern` reads it).
fn grid_size(board: &BoardArgs, pattern: Option<&str>) -> Result<(usize, usize)> {
    let size = match (board.rows, board.cols) {
        (Some(rows), Some(cols)) => Some((rows, cols)),
        (None, None) => pattern.and_then(pattern_size),
        _ => None,
    };
    size.ok_or_else(|| {
        crate::Error::new(
            "a grid needs --rows and --cols, or a --pattern of its rows (or give --preset NAME or --graph FILE)",
        )
    })
}

/// A grid's press pattern (--stencil, else the rule's) and edges (--edges, else --torus).
fn stencil_and_edges(board: &BoardArgs) -> Result<(Stencil, Edges)> {
    let edges = match &board.shape.edges {
        Some(e) => Edges::parse(e)?,
        None if board.torus => Edges::Torus,
        None => Edges::Bounded,
    };
    let stencil = match &board.shape.stencil {
        Some(s) => Stencil::parse(s)?,
        None => Stencil::of_rule(board.rule),
    };
    Ok((stencil, edges))
}

/// The page's game the options name (`random` and `link` make those): a preset or a grid.
pub fn page_shape(board: &BoardArgs, pattern: Option<&str>) -> Result<Shape> {
    if let Some(name) = &board.shape.preset {
        return Ok(Shape::Preset(Preset::parse(name)?));
    }
    let (rows, cols) = grid_size(board, pattern)?;
    let (stencil, edges) = stencil_and_edges(board)?;
    Shape::grid(rows, cols, &stencil, edges, board.states)
}

/// A random puzzle of the page's game the options name, as the page makes it, printed as
/// `open` prints that game's link.
pub fn random(board: &BoardArgs, seed: u64) -> Result<Output> {
    let game = GraphGame::random(&Params { shape: page_shape(board, None)?, lit_only: false }, seed)?;
    let pattern = game.pattern();
    let json = json!({"lights": game.graph.len(), "states": game.graph.k, "seed": seed, "pattern": pattern.trim_end().replace('\n', "/")});
    Ok(Output { json, text: format!("{}\n", pattern.trim_end()) })
}

/// The grid today's grid solvers take that the options name (a preset such as `classic`, a
/// torus by --edges), for a command that works on such grids only.
pub fn grid_spec(board: &BoardArgs, what: &str) -> Result<Spec> {
    let text = pattern_text(board)?;
    let game = game(board, text.as_deref())?;
    game.spec
        .ok_or_else(|| crate::Error::new(format!("{what} is for grids with --rule, and {} is not one", game.title)))
}

/// The pattern's text, read once (from --pattern or --pattern-file), if the lights come from one.
fn pattern_text(source: &BoardArgs) -> Result<Option<String>> {
    match (source.all_on, &source.pattern, &source.pattern_file) {
        (true, _, _) => Ok(None),
        (_, Some(p), _) => Ok(Some(p.clone())),
        (_, _, Some(f)) => Ok(Some(read_file(f)?)),
        _ => Ok(None),
    }
}

fn lights(source: &BoardArgs, text: Option<&str>, graph: &Graph) -> Result<Vec<u8>> {
    let n = graph.len();
    match (source.all_on, text) {
        (true, _) => Ok(vec![1; n]),
        (_, Some(t)) => parse_pattern(t, n, graph.k).map_err(|e| match &source.pattern_file {
            Some(f) => crate::Error::new(format!("{}: {e}", f.display())),
            None => e,
        }),
        _ => bail!("give the lights with --all-on, --pattern TEXT or --pattern-file FILE"),
    }
}

/// Solves the game the options name and prints the presses by label (with `summary`, only
/// their count, as for the plain grid).
pub fn solve(board: &BoardArgs, lit_only: bool, summary: bool) -> Result<Output> {
    let text = pattern_text(board)?;
    let game = game(board, text.as_deref())?;
    let g = &game.graph;
    let lights = lights(board, text.as_deref(), g)?;
    let mut text = format!("{}: {} lights, {} states", game.title, g.len(), g.k);
    let (nullity, rank, quiet_log2, solvable, minimal, order, witness);
    if lit_only {
        let (nl, log2) = graph::nullity(g, &mut NoProgress)?;
        let found = lit_only::fewest(g, &lights, &mut NoProgress)?;
        if let Some(p) = &found {
            if !lit_only::legal_and_clears(g, &lights, p) {
                bail!("internal error: the lit-only presses are not legal or do not clear the lights (please report)");
            }
        }
        (nullity, rank, quiet_log2) = (nl, g.len() - nl, log2);
        solvable = found.is_some();
        minimal = solvable;
        order = found.unwrap_or_default();
        witness = None;
    } else if let Some(spec) = game.spec {
        // A grid today's solvers take stays on them (structured, exact, fast).
        let board = Board::from_lights(spec, lights.clone())?;
        let s = crate::lights::solve(&board, true, &mut NoProgress)?;
        (nullity, rank, quiet_log2) = (s.nullity, s.rank, s.quiet_log2);
        (solvable, minimal, witness) = (s.solvable, s.minimal, s.witness);
        order = expand(s.presses.as_deref());
    } else {
        let s = graph::solve(g, &lights, true, &mut NoProgress)?;
        (nullity, rank, quiet_log2) = (s.nullity, s.rank, s.quiet_log2);
        (solvable, minimal, witness) = (s.solvable, s.minimal, s.witness);
        order = expand(s.presses.as_deref());
    }
    let _ = writeln!(text, ", nullity {nullity} (rank {rank})");
    let labels: Vec<&str> = order.iter().map(|&j| g.labels[j].as_str()).collect();
    let rules = if lit_only { ", pressing only lit lights" } else { "" };
    if solvable {
        let fewest = if minimal { "the fewest" } else { "not proven the fewest" };
        if summary {
            let _ = writeln!(text, "{} presses ({fewest}{rules})", labels.len());
        } else {
            let _ = writeln!(text, "{} presses ({fewest}{rules}): {}", labels.len(), labels.join(" "));
        }
    } else {
        let _ = writeln!(text, "cannot be cleared{rules}");
        if let Some(w) = &witness {
            let _ = writeln!(
                text,
                "proof: weigh each light by {} and sum mod {}: every press keeps that sum, and these lights give {}, not 0",
                weights(g, w),
                g.k,
                crate::lights::algebra::modk::dot(w, &lights, g.k)
            );
        }
    }
    let json = json!({
        "game": game.name,
        "title": game.title,
        "lights": g.len(),
        "states": g.k,
        "lit_only": lit_only,
        "nullity": nullity,
        "rank": rank,
        "quiet_log2": quiet_log2,
        "solvable": solvable,
        "minimal": minimal,
        "press_count": labels.len(),
        "presses": labels,
        "press_indices": order,
        "witness": witness,
    });
    Ok(Output { json, text })
}

/// Each press once per time it is pressed, in node order.
fn expand(presses: Option<&[u8]>) -> Vec<usize> {
    presses.unwrap_or_default().iter().enumerate().flat_map(|(j, &t)| std::iter::repeat_n(j, usize::from(t))).collect()
}

/// "A1·1 C1·2 …": the nonzero weights by label.
fn weights(g: &Graph, w: &[u8]) -> String {
    let parts: Vec<String> = w
        .iter()
        .enumerate()
        .filter(|(_, &v)| v != 0)
        .map(|(i, &v)| if g.k == 2 { g.labels[i].clone() } else { format!("{}×{v}", g.labels[i]) })
        .collect();
    if g.k == 2 {
        format!("1 on {} (0 elsewhere)", parts.join(" "))
    } else {
        format!("{} (0 elsewhere)", parts.join(" "))
    }
}

/// The nullity and rank of the game's press matrix (what `solve` reports along with the
/// presses); a pattern gives only a grid's size.
pub fn nullity(board: &BoardArgs) -> Result<Output> {
    let text = pattern_text(board)?;
    let game = game(board, text.as_deref())?;
    let g = &game.graph;
    let (nullity, _) = graph::nullity(g, &mut NoProgress)?;
    let rank = g.len() - nullity;
    let title = game.title;
    let text = format!("{title}: {} lights, {} states: nullity {nullity}, rank {rank}\n", g.len(), g.k);
    Ok(Output {
        json: json!({"game": title, "lights": g.len(), "states": g.k, "nullity": nullity, "rank": rank}),
        text,
    })
}
