//! The commercial Lights Out games as graphs built from their geometry, and grids with custom
//! stencils and glued edges (torus, Klein bottle, projective plane).
//!
//! Each preset numbers its buttons in a "natural order", the order a pattern is typed in:
//! grids row by row from the top left (labels `A1` = column A, row 1 from the top); the Cube in
//! the reading order of its net drawn as a cross (U on top; L, F, R, B across; D below), so a
//! pattern can be typed as the net itself; the Orbix top, upper ring, lower ring, bottom;
//! Merlin's Magic Square 1 to 9 like a telephone keypad read from the top.

use crate::lights::board::{Rule, Spec};
use crate::lights::solvers::graph::Graph;
use crate::{bail, Result};

/// A commercial game (or one of its modes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Preset {
    /// Lights Out (Tiger Electronics, 1995): 5×5, a press changes itself and its 4 neighbours.
    Classic,
    /// Lights Out Mini: 4×4, the classic rule.
    Mini,
    /// Lights Out Deluxe, "+" games: 6×6, the classic rule.
    Deluxe,
    /// Lights Out Deluxe, "x" games: 6×6, itself and its 4 diagonal neighbours.
    DeluxeX,
    /// Lights Out 2000: 5×5, the classic rule, 3 states (off, red, green).
    LightsOut2000,
    /// Lights Out Cube: six 3×3 faces, the classic rule wrapping over the cube's edges.
    Cube,
    /// Orbix, type 1: 12 buttons on a dodecahedron's faces, a press changes its 5 neighbours.
    Orbix,
    /// Merlin's Magic Square (Parker Brothers' Merlin): 3×3, corner = its 2×2 block, edge =
    /// its side, centre = itself and its 4 neighbours.
    Merlin,
}

impl Preset {
    pub const ALL: [Preset; 8] = [
        Preset::Classic,
        Preset::Mini,
        Preset::Deluxe,
        Preset::DeluxeX,
        Preset::LightsOut2000,
        Preset::Cube,
        Preset::Orbix,
        Preset::Merlin,
    ];

    /// The name the CLI and links use.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Classic => "classic",
            Preset::Mini => "mini",
            Preset::Deluxe => "deluxe",
            Preset::DeluxeX => "deluxe-x",
            Preset::LightsOut2000 => "2000",
            Preset::Cube => "cube",
            Preset::Orbix => "orbix",
            Preset::Merlin => "merlin",
        }
    }

    /// What the game is, for people.
    pub fn title(self) -> &'static str {
        match self {
            Preset::Classic => "Lights Out (5×5)",
            Preset::Mini => "Lights Out Mini (4×4)",
            Preset::Deluxe => "Lights Out Deluxe (6×6, + pattern)",
            Preset::DeluxeX => "Lights Out Deluxe (6×6, x pattern)",
            Preset::LightsOut2000 => "Lights Out 2000 (5×5; off, red, green)",
            Preset::Cube => "Lights Out Cube (six 3×3 faces)",
            Preset::Orbix => "Orbix, type 1 (12 faces of a dodecahedron)",
            Preset::Merlin => "Merlin's Magic Square (3×3)",
        }
    }

    /// The names of every preset, for messages and help.
    pub fn names() -> String {
        Preset::ALL.iter().map(|p| p.name()).collect::<Vec<_>>().join(", ")
    }

    pub fn parse(text: &str) -> Result<Preset> {
        let t = text.trim().to_ascii_lowercase();
        match Preset::ALL.iter().find(|p| p.name() == t) {
            Some(&p) => Ok(p),
            None => bail!("unknown preset '{}': expected one of {}", text.trim(), Preset::names()),
        }
    }

    /// Names of the states for people (index = state).
    pub fn state_names(self) -> &'static [&'static str] {
        match self {
            Preset::LightsOut2000 => &["off", "red", "green"],
            _ => &["off", "on"],
        }
    }

    /// The board today's grid solvers take, for the presets that are plain grids (solved there
    /// rather than by the graph engine; the graph is the same presses, for labels and lit-only).
    pub fn spec(self) -> Option<Spec> {
        let spec = |rows, cols, rule, states| Some(Spec { rows, cols, rule, torus: false, states });
        match self {
            Preset::Classic => spec(5, 5, Rule::Plus, 2),
            Preset::Mini => spec(4, 4, Rule::Plus, 2),
            Preset::Deluxe => spec(6, 6, Rule::Plus, 2),
            Preset::DeluxeX => spec(6, 6, Rule::X, 2),
            Preset::LightsOut2000 => spec(5, 5, Rule::Plus, 3),
            Preset::Cube | Preset::Orbix | Preset::Merlin => None,
        }
    }

    /// The game's graph.
    pub fn graph(self) -> Graph {
        let grid = |rows, cols, rule: Rule, k| {
            grid(rows, cols, &Stencil::of_rule(rule), Edges::Bounded, k).expect("the preset grids are valid")
        };
        match self {
            Preset::Classic => grid(5, 5, Rule::Plus, 2),
            Preset::Mini => grid(4, 4, Rule::Plus, 2),
            Preset::Deluxe => grid(6, 6, Rule::Plus, 2),
            Preset::DeluxeX => grid(6, 6, Rule::X, 2),
            Preset::LightsOut2000 => grid(5, 5, Rule::Plus, 3),
            Preset::Cube => cube(),
            Preset::Orbix => orbix(),
            Preset::Merlin => merlin(),
        }
    }
}

/// How a grid's edges are glued.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edges {
    /// No gluing: presses past an edge change nothing there.
    Bounded,
    /// Top to bottom and left to right, straight: (r, c) is (r mod rows, c mod cols).
    Torus,
    /// Left to right straight, top to bottom with a flip: leaving past the top or bottom edge at
    /// column c comes back at the other edge in column cols−1−c.
    Klein,
    /// Both pairs with a flip: past the top or bottom at column c → the other edge at column
    /// cols−1−c, and past the left or right at row r → the other edge at row rows−1−r.
    Projective,
}

impl Edges {
    pub const ALL: [Edges; 4] = [Edges::Bounded, Edges::Torus, Edges::Klein, Edges::Projective];

    pub fn name(self) -> &'static str {
        match self {
            Edges::Bounded => "bounded",
            Edges::Torus => "torus",
            Edges::Klein => "klein",
            Edges::Projective => "projective",
        }
    }

    pub fn parse(text: &str) -> Result<Edges> {
        let t = text.trim().to_ascii_lowercase();
        match Edges::ALL.iter().find(|e| e.name() == t) {
            Some(&e) => Ok(e),
            None => bail!("unknown edges '{}': expected bounded, torus, klein or projective", text.trim()),
        }
    }

    /// Where the offset (r + dr, c + dc) lands on a rows×cols grid, or None past a bounded edge.
    /// The row is wrapped first (flipping the column on the Klein bottle and the projective
    /// plane, once per crossing), then the column (flipping the row on the projective plane):
    /// for the orthogonal steps of a stencil no wider than the grid only one of them happens.
    pub fn wrap(self, rows: usize, cols: usize, r: i64, c: i64) -> Option<(usize, usize)> {
        let (m, n) = (rows as i64, cols as i64);
        if self == Edges::Bounded {
            return ((0..m).contains(&r) && (0..n).contains(&c)).then_some((r as usize, c as usize));
        }
        let flip_cols = matches!(self, Edges::Klein | Edges::Projective);
        let flip_rows = self == Edges::Projective;
        let (mut r, mut c) = (r, c);
        let crossings = r.div_euclid(m);
        r = r.rem_euclid(m);
        if flip_cols && crossings % 2 != 0 {
            c = n - 1 - c;
        }
        let crossings = c.div_euclid(n);
        c = c.rem_euclid(n);
        if flip_rows && crossings % 2 != 0 {
            r = m - 1 - r;
        }
        Some((r as usize, c as usize))
    }
}

/// A press pattern: offsets (row, column) from the pressed light.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stencil {
    pub offsets: Vec<(i32, i32)>,
}

impl Stencil {
    pub fn of_rule(rule: Rule) -> Stencil {
        Stencil { offsets: rule.offsets().to_vec() }
    }

    /// Rows of `.` (unchanged) and `#` (changed) — `1`/`0` too — with an odd number of rows
    /// and of columns, the pressed light in the middle; rows on lines or separated by `/`.
    pub fn parse(text: &str) -> Result<Stencil> {
        let rows: Vec<&str> = text.split(['\n', '/']).map(str::trim).filter(|r| !r.is_empty()).collect();
        let h = rows.len();
        let w = rows.first().map_or(0, |r| r.chars().count());
        if h.is_multiple_of(2) || w.is_multiple_of(2) || rows.iter().any(|r| r.chars().count() != w) {
            bail!("a stencil is rows of '.' and '#' of one odd length, an odd number of them, the pressed light in the middle (e.g. .#./###/.#.)");
        }
        let mut offsets = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            for (j, ch) in row.chars().enumerate() {
                match ch {
                    '#' | '1' => offsets.push((i as i32 - (h / 2) as i32, j as i32 - (w / 2) as i32)),
                    '.' | '0' => {}
                    other => bail!("a stencil has only '.' and '#', not '{other}'"),
                }
            }
        }
        if offsets.is_empty() {
            bail!("the stencil changes no light");
        }
        Ok(Stencil { offsets })
    }
}

/// Column letters and row numbers: `A1` top left, `B1` right of it (`r3c27` past 26 columns).
pub fn grid_label(r: usize, c: usize, cols: usize) -> String {
    if cols <= 26 {
        format!("{}{}", char::from(b'A' + c as u8), r + 1)
    } else {
        format!("r{}c{}", r + 1, c + 1)
    }
}

/// A rows×cols grid, a press at (r, c) changing (r, c) + each offset of the stencil glued by
/// `edges` (a light reached twice changes twice).
pub fn grid(rows: usize, cols: usize, stencil: &Stencil, edges: Edges, k: u8) -> Result<Graph> {
    if rows == 0 || cols == 0 || rows.saturating_mul(cols) > crate::lights::solvers::graph::MAX_NODES_GF2 {
        bail!("a grid graph has 1 to {} lights, not {rows}×{cols}", crate::lights::solvers::graph::MAX_NODES_GF2);
    }
    let mut labels = Vec::with_capacity(rows * cols);
    let mut presses = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            labels.push(grid_label(r, c, cols));
            presses.push(
                stencil
                    .offsets
                    .iter()
                    .filter_map(|&(dr, dc)| edges.wrap(rows, cols, r as i64 + i64::from(dr), c as i64 + i64::from(dc)))
                    .map(|(rr, cc)| rr * cols + cc)
                    .collect(),
            );
        }
    }
    Graph::new(k, labels, presses)
}

type Vec3 = [i32; 3];

fn add(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn scale(a: Vec3, s: i32) -> Vec3 {
    [a[0] * s, a[1] * s, a[2] * s]
}

/// The Cube's faces: letter, outward normal, then the directions of "right" and "down" on the
/// face as drawn in the net (x right, y up, z towards the viewer looking at F).
const CUBE_FACES: [(char, Vec3, Vec3, Vec3); 6] = [
    ('U', [0, 1, 0], [1, 0, 0], [0, 0, 1]),
    ('L', [-1, 0, 0], [0, 0, 1], [0, -1, 0]),
    ('F', [0, 0, 1], [1, 0, 0], [0, -1, 0]),
    ('R', [1, 0, 0], [0, 0, -1], [0, -1, 0]),
    ('B', [0, 0, -1], [-1, 0, 0], [0, -1, 0]),
    ('D', [0, -1, 0], [1, 0, 0], [0, 0, -1]),
];

/// The net's reading order: (face, row) per line of the cross — U's three rows, then L F R B
/// side by side for three lines, then D's rows.
fn cube_order() -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    for r in 0..3 {
        out.extend((0..3).map(|c| (0, r, c)));
    }
    for r in 0..3 {
        for f in 1..5 {
            out.extend((0..3).map(|c| (f, r, c)));
        }
    }
    for r in 0..3 {
        out.extend((0..3).map(|c| (5, r, c)));
    }
    out
}

/// The Cube: each button is a sticker, the face of a small cube at `cubie` (coordinates −1..1)
/// facing `normal`. A step in a direction d along the face moves to the next small cube, or,
/// past the edge of the big cube, rolls onto the neighbouring face of the same small cube.
fn cube() -> Graph {
    let order = cube_order();
    let sticker = |f: usize, r: usize, c: usize| {
        let (_, n, right, down) = CUBE_FACES[f];
        (add(add(n, scale(right, c as i32 - 1)), scale(down, r as i32 - 1)), n)
    };
    let stickers: Vec<(Vec3, Vec3)> = order.iter().map(|&(f, r, c)| sticker(f, r, c)).collect();
    let labels = order.iter().map(|&(f, r, c)| format!("{}{}", CUBE_FACES[f].0, r * 3 + c + 1)).collect();
    let presses = stickers
        .iter()
        .enumerate()
        .map(|(j, &(cubie, n))| {
            let mut targets = vec![j];
            for axis in 0..3 {
                if n[axis] != 0 {
                    continue;
                }
                for s in [-1, 1] {
                    let mut d = [0; 3];
                    d[axis] = s;
                    let next = add(cubie, d);
                    let to = if next.iter().all(|v| v.abs() <= 1) { (next, n) } else { (cubie, d) };
                    targets.push(stickers.iter().position(|&st| st == to).expect("every step lands on a sticker"));
                }
            }
            targets
        })
        .collect();
    Graph::new(2, labels, presses).expect("the cube is valid")
}

/// The Orbix's dodecahedron as two rings of five faces between a top and a bottom face: the top
/// touches the upper ring; upper face i touches its ring neighbours and lower faces i and i+1;
/// lower face i touches its ring neighbours, upper faces i−1 and i, and the bottom.
fn orbix() -> Graph {
    let top = 0;
    let upper = |i: usize| 1 + i % 5;
    let lower = |i: usize| 6 + i % 5;
    let bottom = 11;
    let mut presses = vec![Vec::new(); 12];
    presses[top] = (0..5).map(upper).collect();
    for i in 0..5 {
        presses[upper(i)] = vec![top, upper(i + 4), upper(i + 1), lower(i), lower(i + 1)];
        presses[lower(i)] = vec![upper(i + 4), upper(i), lower(i + 4), lower(i + 1), bottom];
    }
    presses[bottom] = (0..5).map(lower).collect();
    let mut labels = vec!["top".to_string()];
    labels.extend((1..=5).map(|i| format!("upper{i}")));
    labels.extend((1..=5).map(|i| format!("lower{i}")));
    labels.push("bottom".to_string());
    Graph::new(2, labels, presses).expect("the orbix is valid")
}

/// Merlin's Magic Square, buttons 1..9 (1 2 3 / 4 5 6 / 7 8 9).
fn merlin() -> Graph {
    let sets: [&[usize]; 9] = [
        &[1, 2, 4, 5],
        &[1, 2, 3],
        &[2, 3, 5, 6],
        &[1, 4, 7],
        &[2, 4, 5, 6, 8],
        &[3, 6, 9],
        &[4, 5, 7, 8],
        &[7, 8, 9],
        &[5, 6, 8, 9],
    ];
    let presses = sets.iter().map(|s| s.iter().map(|b| b - 1).collect()).collect();
    Graph::new(2, (1..=9).map(|i| i.to_string()).collect(), presses).expect("merlin is valid")
}

/// Reads a pattern of `n` lights with `k` states: one character a light in the preset's
/// natural order (`.` = 0, `#` = 1, a digit = that state; spaces, line ends and `/` skipped),
/// or, with a comma or more than 10 states, numbers separated by spaces, commas or `/`.
pub fn parse_pattern(text: &str, n: usize, k: u8) -> Result<Vec<u8>> {
    // Up to 10 states every state is one digit, so a run of digits is a row of lights
    // (`12000` in the three-state game); beyond, states are numbers apart. Commas always mean
    // numbers.
    let numbers = text.contains(',') || k > 10;
    let mut out = Vec::with_capacity(n);
    if numbers {
        for token in text.split(|ch: char| ch.is_whitespace() || ch == ',' || ch == '/').filter(|t| !t.is_empty()) {
            let v: u32 = token
                .parse()
                .map_err(|_| crate::Error::new(format!("'{token}' is not a light state (0 to {})", k - 1)))?;
            out.push(v);
        }
    } else {
        for ch in text.chars().filter(|ch| !ch.is_whitespace() && *ch != '/' && *ch != '\u{feff}') {
            out.push(match ch {
                '.' => 0,
                '#' => 1,
                d if d.is_ascii_digit() => d as u32 - '0' as u32,
                other => bail!("a pattern has '.', '#' or digits, one a light, not '{other}'"),
            });
        }
    }
    if out.len() != n {
        bail!("the pattern has {} lights and the game {n}", out.len());
    }
    if let Some(v) = out.iter().find(|&&v| v >= u32::from(k)) {
        bail!("a light is in state {v}, and there are {k} states (0 to {})", k - 1);
    }
    Ok(out.into_iter().map(|v| v as u8).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_glue_as_documented() {
        // 3 rows × 4 columns: past the top at column 0.
        assert_eq!(Edges::Torus.wrap(3, 4, -1, 0), Some((2, 0)));
        assert_eq!(Edges::Klein.wrap(3, 4, -1, 0), Some((2, 3)));
        assert_eq!(Edges::Klein.wrap(3, 4, 1, -1), Some((1, 3)));
        assert_eq!(Edges::Projective.wrap(3, 4, 0, -1), Some((2, 3)));
        assert_eq!(Edges::Projective.wrap(3, 4, 3, 1), Some((0, 2)));
        assert_eq!(Edges::Bounded.wrap(3, 4, 3, 1), None);
    }

    #[test]
    fn stencils_and_patterns() {
        assert_eq!(Stencil::parse(".#./###/.#.").unwrap().offsets.len(), 5);
        assert!(Stencil::parse("##/##").is_err());
        assert_eq!(parse_pattern("#.\n.2", 4, 3).unwrap(), vec![1, 0, 0, 2]);
        assert_eq!(parse_pattern("10, 0 200", 3, 255).unwrap(), vec![10, 0, 200]);
        // Lights Out 2000 typed as rows of digits: one light a digit.
        assert_eq!(parse_pattern("12000\n0/1/2/0/0", 10, 3).unwrap(), vec![1, 2, 0, 0, 0, 0, 1, 2, 0, 0]);
        assert_eq!(parse_pattern("12 7", 2, 255).unwrap(), vec![12, 7]);
        assert!(parse_pattern("#.", 3, 2).unwrap_err().to_string().contains("has 2 lights"));
        assert!(Preset::parse("tiger").unwrap_err().to_string().contains("classic, mini"));
    }
}
