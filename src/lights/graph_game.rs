//! A Lights Out game on a graph as a [`Puzzle`]: a commercial preset or a custom grid (size,
//! press stencil, glued edges, up to 255 states), its lights, and whether only lit lights may
//! be pressed (the Deluxe's lit-only games). A move presses one light by its index in the
//! preset's natural order ([`crate::lights::game::presets`]). The linear game is solved by
//! elimination over the graph ([`graph::solve`], fewest presses), lit-only play by
//! [`lit_only::fewest`] (exact search up to 25 lights).
//!
//! Link payload (version 1), bits written by [`BitWriter`], most significant first: 4 bits the
//! board (0–7 a preset in [`Preset::ALL`]'s order, 15 a custom grid), 1 bit lit-only; for a
//! custom grid 12 bits rows − 1, 12 bits cols − 1, 8 bits states, 2 bits edges (in
//! [`Edges::ALL`]'s order), 3 bits each the stencil's half height and half width, then its
//! cells row by row (1 = changed); then each light's state in as many bits as k − 1 needs.

use crate::bits::{from_base64url, BitReader, BitWriter};
use crate::lights::game::presets::{grid, parse_pattern, Edges, Preset, Stencil};
use crate::lights::solvers::graph::{self, Graph, MAX_STATES};
use crate::lights::solvers::lit_only;
use crate::link;
use crate::progress::Progress;
use crate::puzzle::Puzzle;
use crate::{bail, Result};
use rand::{Rng, SeedableRng};
use std::sync::Arc;

/// Largest stencil: 15×15 cells around the pressed light (its half sides fit 3 bits).
pub const MAX_STENCIL_RADIUS: i32 = 7;
/// Largest custom grid side (12 bits in the link).
pub const MAX_GRID_SIDE: usize = 4096;

const CUSTOM: u64 = 15;

/// A custom grid: rows × cols lights, a press changing the stencil's cells around it, edges
/// glued as `edges`, k states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GridShape {
    pub rows: usize,
    pub cols: usize,
    /// Offsets in row-major order, each once (what the link's bitmap gives back).
    pub stencil: Stencil,
    pub edges: Edges,
    pub k: u8,
}

/// Which board a game is on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    Preset(Preset),
    Grid(GridShape),
}

impl Shape {
    /// A custom grid, its stencil put in row-major order without repeats; sizes beyond the
    /// solvers' limits are refused.
    pub fn grid(rows: usize, cols: usize, stencil: &Stencil, edges: Edges, k: u8) -> Result<Shape> {
        if !(1..=MAX_GRID_SIDE).contains(&rows) || !(1..=MAX_GRID_SIDE).contains(&cols) {
            bail!("a grid has 1 to {MAX_GRID_SIDE} rows and columns, not {rows}×{cols}");
        }
        if !(2..=MAX_STATES).contains(&k) {
            bail!("lights have 2 to {MAX_STATES} states, not {k}");
        }
        let mut offsets = stencil.offsets.clone();
        if offsets.iter().any(|&(r, c)| r.abs() > MAX_STENCIL_RADIUS || c.abs() > MAX_STENCIL_RADIUS) {
            let side = 2 * MAX_STENCIL_RADIUS + 1;
            bail!("a stencil is at most {side}×{side} cells around the pressed light");
        }
        offsets.sort_unstable();
        offsets.dedup();
        if offsets.is_empty() {
            bail!("the stencil changes no light");
        }
        let shape = GridShape { rows, cols, stencil: Stencil { offsets }, edges, k };
        grid(rows, cols, &shape.stencil, edges, k)?;
        Ok(Shape::Grid(shape))
    }

    pub fn graph(&self) -> Result<Graph> {
        match self {
            Shape::Preset(p) => Ok(p.graph()),
            Shape::Grid(g) => grid(g.rows, g.cols, &g.stencil, g.edges, g.k),
        }
    }
}

/// What chooses a game: the board and whether only lit lights may be pressed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Params {
    pub shape: Shape,
    pub lit_only: bool,
}

/// One game: the board, its graph (shared by every state of a session), the lights and the
/// rule of play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphGame {
    pub shape: Shape,
    pub graph: Arc<Graph>,
    pub lights: Vec<u8>,
    pub lit_only: bool,
}

/// How [`Puzzle::solve_with`] solves the usual game: the grid game's options (`minimal`, the
/// default, searches for the fewest presses). Lit-only play is always solved for the fewest.
pub use crate::lights::puzzle::SolveOptions;

impl GraphGame {
    /// A dark board; lit-only play only for two states (a "lit" light is one that is on).
    pub fn dark(params: &Params) -> Result<GraphGame> {
        let graph = params.shape.graph()?;
        if params.lit_only && graph.k != 2 {
            bail!("lit-only play is for two-state games, and this one has {} states", graph.k);
        }
        Ok(GraphGame {
            shape: params.shape.clone(),
            lights: vec![0; graph.len()],
            graph: Arc::new(graph),
            lit_only: params.lit_only,
        })
    }

    pub fn params(&self) -> Params {
        Params { shape: self.shape.clone(), lit_only: self.lit_only }
    }

    /// This board with light `i` in state `value`.
    pub fn with_light(&self, i: usize, value: u8) -> Result<GraphGame> {
        let n = self.lights.len();
        if i >= n {
            bail!("there is no light {i}: the board has {n} (0 to {})", n - 1);
        }
        if value >= self.graph.k {
            bail!("a light has states 0 to {}, not {value}", self.graph.k - 1);
        }
        let mut next = self.clone();
        next.lights[i] = value;
        Ok(next)
    }

    /// This board with every light set: a pattern as [`parse_pattern`] reads it.
    pub fn with_pattern(&self, text: &str) -> Result<GraphGame> {
        let lights = parse_pattern(text, self.lights.len(), self.graph.k)?;
        Ok(GraphGame { lights, ..self.clone() })
    }

    /// The same lights under the other rule of play.
    pub fn with_lit_only(&self, lit_only: bool) -> Result<GraphGame> {
        GraphGame::dark(&Params { shape: self.shape.clone(), lit_only })?;
        Ok(GraphGame { lit_only, ..self.clone() })
    }

    /// The pattern as text, one character a light ('.' off, '#' on, digits for more states;
    /// numbers with commas past 10 states), rows on lines for grids.
    pub fn pattern(&self) -> String {
        let k = self.graph.k;
        if k > 10 {
            return self.lights.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(",");
        }
        let ch = |v: u8| match (k, v) {
            (2, 0) => '.',
            (2, _) => '#',
            _ => char::from(b'0' + v),
        };
        let width = match &self.shape {
            Shape::Grid(g) => g.cols,
            Shape::Preset(Preset::Cube | Preset::Orbix) => self.lights.len(),
            Shape::Preset(p) => p.spec().map_or(3, |s| s.cols),
        };
        let rows: Vec<String> = self.lights.chunks(width).map(|row| row.iter().map(|&v| ch(v)).collect()).collect();
        rows.join("\n")
    }

    /// How often each light is pressed in `moves`, mod k.
    fn presses_of(&self, moves: &[usize]) -> Vec<u8> {
        let mut x = vec![0u8; self.lights.len()];
        for &j in moves {
            x[j] = ((u32::from(x[j]) + 1) % u32::from(self.graph.k)) as u8;
        }
        x
    }
}

impl Puzzle for GraphGame {
    type Params = Params;
    /// The index of the light pressed.
    type Move = usize;
    type Outcome = ();
    type SolveOptions = SolveOptions;
    const NAME: &'static str = "lights-graph";
    const LINK_VERSION: u32 = 1;

    /// Random presses from the dark board, so the usual game can always be cleared; lit-only
    /// games of at most 16 lights are drawn again until a legal sequence clears them.
    fn random(params: &Params, seed: u64) -> Result<GraphGame> {
        let dark = GraphGame::dark(params)?;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let k = dark.graph.k;
        for _ in 0..64 {
            let mut game = dark.clone();
            for j in 0..game.lights.len() {
                let times = rng.random_range(0..k);
                dark.graph.press(&mut game.lights, j, times);
            }
            let checkable = game.lit_only && game.lights.len() <= 16;
            if !checkable || lit_only::solve(&game.graph, &game.lights, &mut crate::progress::NoProgress)?.is_some() {
                return Ok(game);
            }
        }
        Ok(dark)
    }

    fn play(&self, mv: &usize) -> Result<(GraphGame, ())> {
        let j = *mv;
        let n = self.lights.len();
        if j >= n {
            bail!("there is no light {j}: the board has {n} (0 to {})", n - 1);
        }
        if self.lit_only && self.lights[j] == 0 {
            bail!("only a lit light may be pressed in lit-only play, and {} is off", self.graph.labels[j]);
        }
        let mut next = self.clone();
        self.graph.press(&mut next.lights, j, 1);
        Ok((next, ()))
    }

    fn is_solved(&self) -> bool {
        self.lights.iter().all(|&v| v == 0)
    }

    fn solve_with(&self, options: &SolveOptions, progress: &mut dyn Progress) -> Result<Vec<usize>> {
        if self.lit_only {
            return match lit_only::fewest(&self.graph, &self.lights, progress)? {
                Some(presses) => Ok(presses),
                None => bail!("no sequence of presses on lit lights clears this pattern"),
            };
        }
        let s = graph::solve(&self.graph, &self.lights, options.minimal, progress)?;
        let Some(x) = s.presses else { bail!("this pattern cannot be cleared (no presses turn every light off)") };
        let moves: Vec<usize> =
            x.iter().enumerate().flat_map(|(j, &t)| std::iter::repeat_n(j, usize::from(t))).collect();
        debug_assert_eq!(self.presses_of(&moves), x);
        Ok(moves)
    }

    fn encode(&self) -> String {
        let mut w = BitWriter::new();
        match &self.shape {
            Shape::Preset(p) => w.push_bits(Preset::ALL.iter().position(|q| q == p).unwrap_or(0) as u64, 4),
            Shape::Grid(_) => w.push_bits(CUSTOM, 4),
        }
        w.push_bit(self.lit_only);
        if let Shape::Grid(g) = &self.shape {
            w.push_bits(g.rows as u64 - 1, 12);
            w.push_bits(g.cols as u64 - 1, 12);
            w.push_bits(u64::from(g.k), 8);
            w.push_bits(Edges::ALL.iter().position(|&e| e == g.edges).unwrap_or(0) as u64, 2);
            let rh = g.stencil.offsets.iter().map(|o| o.0.abs()).max().unwrap_or(0);
            let rw = g.stencil.offsets.iter().map(|o| o.1.abs()).max().unwrap_or(0);
            w.push_bits(rh as u64, 3);
            w.push_bits(rw as u64, 3);
            for dr in -rh..=rh {
                for dc in -rw..=rw {
                    w.push_bit(g.stencil.offsets.contains(&(dr, dc)));
                }
            }
        }
        let width = state_bits(self.graph.k);
        for &v in &self.lights {
            w.push_bits(u64::from(v), width);
        }
        w.to_base64url()
    }

    fn decode(payload: &str) -> Result<GraphGame> {
        let bytes = from_base64url(payload).map_err(link::truncated_or_garbled)?;
        let mut r = BitReader::new(&bytes);
        let (game, lights) = read_payload(&mut r).map_err(link::truncated_or_garbled)?;
        r.finish().map_err(link::garbled)?;
        Ok(GraphGame { lights, ..game })
    }
}

/// Bits a light's state takes in a link: enough for k − 1.
fn state_bits(k: u8) -> u32 {
    u8::BITS - (k - 1).leading_zeros()
}

fn read_payload(r: &mut BitReader) -> Result<(GraphGame, Vec<u8>)> {
    let kind = r.read_bits(4)?;
    let lit_only = r.read_bit()?;
    let shape = if kind == CUSTOM {
        let rows = r.read_bits(12)? as usize + 1;
        let cols = r.read_bits(12)? as usize + 1;
        let k = r.read_bits(8)? as u8;
        let edges = Edges::ALL[r.read_bits(2)? as usize];
        let rh = r.read_bits(3)? as i32;
        let rw = r.read_bits(3)? as i32;
        let mut offsets = Vec::new();
        for dr in -rh..=rh {
            for dc in -rw..=rw {
                if r.read_bit()? {
                    offsets.push((dr, dc));
                }
            }
        }
        Shape::grid(rows, cols, &Stencil { offsets }, edges, k)?
    } else {
        match Preset::ALL.get(kind as usize) {
            Some(&p) => Shape::Preset(p),
            None => bail!("board {kind} is none of the {} presets", Preset::ALL.len()),
        }
    };
    let game = GraphGame::dark(&Params { shape, lit_only })?;
    let (k, width) = (game.graph.k, state_bits(game.graph.k));
    let mut lights = Vec::with_capacity(game.lights.len());
    for _ in 0..game.lights.len() {
        let v = r.read_bits(width)? as u8;
        if v >= k {
            bail!("a light is in state {v}, and there are {k} states");
        }
        lights.push(v);
    }
    Ok((game, lights))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classic() -> GraphGame {
        GraphGame::dark(&Params { shape: Shape::Preset(Preset::Classic), lit_only: false }).unwrap()
    }

    #[test]
    fn links_round_trip_for_every_board() {
        let plus = Stencil::parse(".#./###/.#.").unwrap();
        let wide = Stencil { offsets: vec![(0, 2), (0, -2), (0, 0), (1, 1)] };
        let mut shapes: Vec<Shape> = Preset::ALL.iter().map(|&p| Shape::Preset(p)).collect();
        shapes.push(Shape::grid(3, 7, &plus, Edges::Klein, 255).unwrap());
        shapes.push(Shape::grid(4, 4, &wide, Edges::Projective, 2).unwrap());
        shapes.push(Shape::grid(1, 1, &plus, Edges::Torus, 5).unwrap());
        for shape in shapes {
            let game = GraphGame::random(&Params { shape, lit_only: false }, 3).unwrap();
            let link = game.link();
            assert!(link.starts_with("lights-graph/v1/"), "{link}");
            assert_eq!(GraphGame::open(&format!("#{link}")).unwrap(), game, "{link}");
        }
        // Lit-only survives the link, and the version is checked.
        let lit = classic().with_lit_only(true).unwrap().with_light(3, 1).unwrap();
        assert_eq!(GraphGame::open(&lit.link()).unwrap(), lit);
        let e = GraphGame::open(&lit.link().replace("/v1/", "/v2/")).unwrap_err().to_string();
        assert!(e.contains("newer"), "{e}");
    }

    #[test]
    fn the_classic_link_is_its_bits() {
        // Preset 0, the usual game, then 25 one-bit lights with A1 (the first) and E5 lit:
        // 0000 0 1000… 0001 → 30 bits padded to 4 bytes 00000100 00000000 00000000 00000100
        // = base64url "BAAABA".
        let g = classic().with_light(0, 1).unwrap().with_light(24, 1).unwrap();
        assert_eq!(g.encode(), "BAAABA");
    }

    #[test]
    fn lit_only_refuses_an_unlit_press_and_changes_nothing() {
        let g = classic().with_lit_only(true).unwrap().with_pattern("##.../#..../...../...../.....").unwrap();
        let e = g.apply(&2).unwrap_err().to_string();
        assert_eq!(e, "only a lit light may be pressed in lit-only play, and C1 is off");
        let next = g.apply(&0).unwrap();
        assert!(next.is_solved(), "A1 with its neighbours B1 and A2 lit: one press");
        assert!(GraphGame::dark(&Params { shape: Shape::Preset(Preset::LightsOut2000), lit_only: true }).is_err());
    }

    #[test]
    fn a_lit_only_solve_reports_progress_through_the_progress_it_gets() {
        let mini = GraphGame::dark(&Params { shape: Shape::Preset(Preset::Mini), lit_only: true }).unwrap();
        let g = mini.with_pattern("##../#.../..../....").unwrap();
        let mut reports = Vec::new();
        let moves = g.solve_with(&SolveOptions::default(), &mut |d, t| reports.push((d, t))).unwrap();
        assert_eq!(moves, vec![0]);
        assert_eq!(reports.last(), Some(&(1 << 16, 1 << 16)), "{reports:?}");
    }

    #[test]
    fn edits_check_their_values() {
        let g = classic();
        assert!(g.with_light(25, 1).is_err());
        assert!(g.with_light(0, 2).is_err());
        assert_eq!(g.with_pattern("#........................").unwrap().lights[0], 1);
        assert_eq!(g.with_light(7, 1).unwrap().pattern().lines().nth(1), Some("..#.."));
    }
}
