//! Lights Out on any finite graph: the physical games whose buttons are not a plain grid (the
//! Cube, the Orbix, Merlin's Magic Square), grids with custom stencils or glued edges, and any
//! press table a user writes down. Grids that today's rules describe (bounded or torus, the four
//! rules, k ≤ 9) belong to [`crate::lights::solvers::solve`] and its structured solvers; this engine is dense
//! elimination for everything else: bit-packed over GF(2) up to [`MAX_NODES_GF2`] lights, and
//! exact mod k (prime powers and Chinese remainders, [`crate::lights::algebra::modk`]) up to [`MAX_NODES_MODK`].
//!
//! A press on node j adds 1 mod k to every node of `presses[j]` (a node listed twice gets 2),
//! so the press matrix A has A[i][j] = how often a press on j changes i. Unlike a grid's, that
//! matrix need not be symmetric (on Merlin's Magic Square a corner changes the centre, the
//! centre does not change the corner), so the proof that a pattern cannot be cleared is a
//! vector of the kernel of Aᵀ, not of A.
//!
//! The text format ([`Graph::parse`]), one item a line, `#` starts a comment:
//!
//! ```text
//! k=2                  # optional, 2..=255 states (default 2)
//! a: self b            # a press on a changes a itself and b
//! b: a c               # a press on b changes a and c, not b
//! c: self              # `self` is the node itself; naming it does the same
//! ```
//!
//! Nodes are numbered in the order of their lines; labels have no spaces and no `:`; a press
//! may name nodes defined further down, and naming a node twice changes it twice.

use crate::lights::algebra::gf2::{self, BitMatrix, BitVec};
use crate::lights::algebra::modk;
use crate::lights::solvers::minimal::{minimize_gf2, minimize_modk};
use crate::lights::solvers::solve::{MAX_DENSE_GF2, MAX_QUIET_SHOWN};
use crate::progress::{NoProgress, Progress};
use crate::{bail, Result};
use serde::Serialize;

/// Most lights solved with two states (bit-packed elimination, a second or so at 4096).
pub const MAX_NODES_GF2: usize = MAX_DENSE_GF2;
/// Most lights solved with more than two states (elimination on words mod k): a sparse press
/// table such as a 64×64 glued grid takes under 2 s, a dense one about a minute.
pub const MAX_NODES_MODK: usize = 4096;
/// Most states a light may have.
pub const MAX_STATES: u8 = 255;

/// Lights on the nodes of a graph, each press changing a given list of nodes by +1 mod k.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graph {
    /// Light states k: 0 is off, a press adds 1 mod k.
    pub k: u8,
    /// A name for each node, as the player reads it off the game (unique).
    pub labels: Vec<String>,
    /// `presses[j]`: the nodes a press on j changes, a node once per +1.
    pub presses: Vec<Vec<usize>>,
}

impl Graph {
    /// Checks the states, the labels' count and uniqueness, and every press target.
    pub fn new(k: u8, labels: Vec<String>, presses: Vec<Vec<usize>>) -> Result<Graph> {
        if !(2..=MAX_STATES).contains(&k) {
            bail!("lights have 2 to {MAX_STATES} states, not {k}");
        }
        let n = labels.len();
        if n == 0 {
            bail!("a graph needs at least one light");
        }
        if presses.len() != n {
            bail!("{n} labels but {} presses", presses.len());
        }
        let mut seen = std::collections::HashSet::new();
        for l in &labels {
            if !seen.insert(l.as_str()) {
                bail!("the label '{l}' is used twice");
            }
        }
        if let Some((j, &t)) = presses.iter().enumerate().find_map(|(j, p)| p.iter().find(|&&t| t >= n).map(|t| (j, t)))
        {
            bail!("a press on '{}' changes node {t}, and there are {n} nodes", labels[j]);
        }
        Ok(Graph { k, labels, presses })
    }

    pub fn len(&self) -> usize {
        self.labels.len()
    }

    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// Presses on j change i how many times (mod k): the press matrix, row-major.
    pub fn matrix(&self) -> Vec<u8> {
        let n = self.len();
        let mut a = vec![0u8; n * n];
        for (j, targets) in self.presses.iter().enumerate() {
            for &i in targets {
                a[i * n + j] = ((u32::from(a[i * n + j]) + 1) % u32::from(self.k)) as u8;
            }
        }
        a
    }

    /// Whether every press on i that changes j is matched by a press on j changing i as often.
    pub fn is_symmetric(&self) -> bool {
        let n = self.len();
        let a = self.matrix();
        (0..n).all(|i| (0..i).all(|j| a[i * n + j] == a[j * n + i]))
    }

    /// Presses node j `times` times.
    pub fn press(&self, lights: &mut [u8], j: usize, times: u8) {
        let k = u32::from(self.k);
        for &i in &self.presses[j] {
            lights[i] = ((u32::from(lights[i]) + u32::from(times)) % k) as u8;
        }
    }

    /// Whether pressing node j `presses[j]` times turns every light off.
    pub fn cleared_by(&self, lights: &[u8], presses: &[u8]) -> bool {
        let mut l = lights.to_vec();
        for (j, &t) in presses.iter().enumerate() {
            self.press(&mut l, j, t);
        }
        l.iter().all(|&x| x == 0)
    }

    /// The node labelled `label`.
    pub fn find(&self, label: &str) -> Option<usize> {
        self.labels.iter().position(|l| l == label)
    }

    /// Reads the text format of the module documentation.
    pub fn parse(text: &str) -> Result<Graph> {
        let mut k: Option<u8> = None;
        // Labels and targets stay slices of `text`, split again when they are resolved: memory is
        // the text plus one index a target, not a string a word (a 60 MB line of `self` took
        // 812 MB as strings).
        let limit = MAX_NODES_GF2.max(MAX_NODES_MODK);
        let mut lines: Vec<(usize, &str, &str)> = Vec::new();
        for (number, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim().trim_start_matches('\u{feff}');
            if line.is_empty() {
                continue;
            }
            let at = number + 1;
            if let Some(rest) = line.strip_prefix("k=").or_else(|| line.strip_prefix("states=")) {
                if k.is_some() || !lines.is_empty() {
                    bail!("line {at}: the states (k=…) come once, before the first node");
                }
                let v: u32 = rest.trim().parse().map_err(|_| {
                    crate::Error::new(format!(
                        "line {at}: k must be a number from 2 to {MAX_STATES}, not '{}'",
                        rest.trim()
                    ))
                })?;
                if !(2..=u32::from(MAX_STATES)).contains(&v) {
                    bail!("line {at}: k must be from 2 to {MAX_STATES}, not {v}");
                }
                k = Some(v as u8);
                continue;
            }
            let Some((label, targets)) = line.split_once(':') else {
                bail!("line {at}: expected 'label: nodes it changes' (or k=…), got '{line}'");
            };
            let label = label.trim();
            if label.is_empty() || label.contains(char::is_whitespace) || label == "self" {
                bail!("line {at}: a label is one word other than 'self', not '{label}'");
            }
            if lines.len() == limit {
                bail!("the graph has more than {limit} nodes, and at most {limit} are solved");
            }
            lines.push((at, label, targets));
        }
        if lines.is_empty() {
            bail!("the graph has no nodes (one line 'label: nodes it changes' each)");
        }
        let mut index = std::collections::HashMap::new();
        for (i, (at, label, _)) in lines.iter().enumerate() {
            if index.insert(*label, i).is_some() {
                bail!("line {at}: the label '{label}' is used twice");
            }
        }
        let mut presses = Vec::with_capacity(lines.len());
        for (j, (at, _, targets)) in lines.iter().enumerate() {
            let mut p = Vec::new();
            for t in targets.split_whitespace() {
                match (t, index.get(t)) {
                    ("self", _) => p.push(j),
                    (_, Some(&i)) => p.push(i),
                    _ => bail!("line {at}: no node is labelled '{t}'"),
                }
            }
            presses.push(p);
        }
        let labels = lines.into_iter().map(|(_, l, _)| l.to_string()).collect();
        Graph::new(k.unwrap_or(2), labels, presses)
    }

    /// The text format [`Graph::parse`] reads.
    pub fn to_text(&self) -> String {
        let mut out = format!("k={}\n", self.k);
        for (j, targets) in self.presses.iter().enumerate() {
            out.push_str(&self.labels[j]);
            out.push(':');
            for &i in targets {
                out.push(' ');
                out.push_str(if i == j { "self" } else { &self.labels[i] });
            }
            out.push('\n');
        }
        out
    }

    /// Refuses graphs beyond the elimination limits, with the numbers.
    pub fn check_size(&self) -> Result<()> {
        let limit = if self.k == 2 { MAX_NODES_GF2 } else { MAX_NODES_MODK };
        if self.len() > limit {
            bail!(
                "a graph of {} lights with {} states is beyond the {limit} lights dense elimination solves",
                self.len(),
                self.k
            );
        }
        Ok(())
    }
}

/// What solving a pattern on a graph found.
#[derive(Debug, Clone, Serialize)]
pub struct GraphSolution {
    pub solvable: bool,
    /// How often to press each node (0..k−1); `None` when the pattern cannot be cleared.
    pub presses: Option<Vec<u8>>,
    pub press_count: u64,
    /// Proven to use the fewest presses of all solutions.
    pub minimal: bool,
    /// Lights − nullity.
    pub rank: usize,
    /// Kernel dimension over GF(p) for prime k; for composite k the fewest generators of the
    /// kernel (the largest of its prime powers' counts).
    pub nullity: usize,
    /// log2 of the number of quiet patterns (press patterns that change nothing).
    pub quiet_log2: f64,
    /// Generators of the quiet patterns (at most [`MAX_QUIET_SHOWN`]).
    pub quiet: Vec<Vec<u8>>,
    /// For a pattern that cannot be cleared: weights w with w·A = 0 and w·lights ≠ 0 mod k,
    /// an invariant every press keeps and the pattern breaks.
    pub witness: Option<Vec<u8>>,
}

/// The kernel of A (or of Aᵀ) and one solution of A x = b, with generator orders.
struct Eliminated {
    solution: Option<Vec<u8>>,
    kernel: Vec<(Vec<u8>, u32)>,
    nullity: usize,
    log2: f64,
}

fn eliminate(n: usize, a: &[u8], b: &[u8], k: u8, progress: &mut dyn Progress) -> Eliminated {
    if k == 2 {
        let mut m = BitMatrix::zeros(n, n);
        for i in 0..n {
            for j in 0..n {
                if a[i * n + j] == 1 {
                    m.set(i, j, true);
                }
            }
        }
        let s = gf2::solve(&m, &BitVec::from_bools(b.iter().map(|&v| v == 1)), progress);
        let nullity = s.kernel.len();
        Eliminated {
            solution: s.solution.map(|x| x.to_u8()),
            kernel: s.kernel.into_iter().map(|q| (q.to_u8(), 2)).collect(),
            nullity,
            log2: nullity as f64,
        }
    } else {
        let s = modk::solve(n, a, b, k, progress);
        Eliminated { solution: s.solution, kernel: s.kernel, nullity: s.nullity, log2: s.kernel_log2 }
    }
}

fn transpose(n: usize, a: &[u8]) -> Vec<u8> {
    let mut t = vec![0u8; n * n];
    for i in 0..n {
        for j in 0..n {
            t[j * n + i] = a[i * n + j];
        }
    }
    t
}

/// Nullity and log2 of the number of quiet patterns.
pub fn nullity(graph: &Graph, progress: &mut dyn Progress) -> Result<(usize, f64)> {
    graph.check_size()?;
    let n = graph.len();
    let e = eliminate(n, &graph.matrix(), &vec![0; n], graph.k, progress);
    Ok((e.nullity, e.log2))
}

/// Solves `lights` (one state a node) by elimination; with `minimal`, searches the quiet
/// patterns for the fewest presses (proven when there are at most 2^24 of them).
pub fn solve(graph: &Graph, lights: &[u8], minimal: bool, progress: &mut dyn Progress) -> Result<GraphSolution> {
    graph.check_size()?;
    let (n, k) = (graph.len(), graph.k);
    if lights.len() != n {
        bail!("the pattern has {} lights and the graph {n}", lights.len());
    }
    if let Some(&v) = lights.iter().find(|&&v| v >= k) {
        bail!("a light is in state {v}, and there are {k} states (0 to {})", k - 1);
    }
    let a = graph.matrix();
    // Clearing the lights b means pressing x with A x = −b.
    let target: Vec<u8> = lights.iter().map(|&v| ((u32::from(k) - u32::from(v)) % u32::from(k)) as u8).collect();
    let e = eliminate(n, &a, &target, k, progress);
    let witness = if e.solution.is_some() {
        None
    } else {
        let left = if graph.is_symmetric() {
            e.kernel.clone()
        } else {
            eliminate(n, &transpose(n, &a), &vec![0; n], k, &mut NoProgress).kernel
        };
        left.into_iter().map(|(w, _)| w).find(|w| modk::dot(w, lights, k) != 0)
    };
    if e.solution.is_none() && witness.is_none() {
        bail!("internal error: no invariant proves the pattern unsolvable (please report)");
    }
    let mut proven = e.nullity == 0;
    let presses = match e.solution {
        Some(x) if minimal && e.nullity > 0 => {
            let (best, p) = if k == 2 {
                let basis: Vec<BitVec> =
                    e.kernel.iter().map(|(q, _)| BitVec::from_bools(q.iter().map(|&v| v == 1))).collect();
                let (b, p) = minimize_gf2(&BitVec::from_bools(x.iter().map(|&v| v == 1)), &basis, progress);
                (b.to_u8(), p)
            } else {
                minimize_modk(&x, &e.kernel, k, progress)
            };
            proven = p;
            Some(best)
        }
        other => other,
    };
    if let Some(x) = &presses {
        if !graph.cleared_by(lights, x) {
            bail!("internal error: the solver's presses do not clear the lights (please report)");
        }
    }
    Ok(GraphSolution {
        solvable: presses.is_some(),
        press_count: presses.as_ref().map_or(0, |x| x.iter().map(|&v| u64::from(v)).sum()),
        presses,
        minimal: proven,
        rank: n - e.nullity,
        nullity: e.nullity,
        quiet_log2: e.log2,
        quiet: e.kernel.into_iter().take(MAX_QUIET_SHOWN).map(|(q, _)| q).collect(),
        witness,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trip_and_errors() {
        let g = Graph::parse("k=3\n# a path\na: self b\nb: a c\nc: self self\n").unwrap();
        assert_eq!(g.k, 3);
        assert_eq!(g.presses, vec![vec![0, 1], vec![0, 2], vec![2, 2]]);
        assert_eq!(Graph::parse(&g.to_text()).unwrap(), g);
        for (text, needle) in [
            ("a: b\n", "no node is labelled 'b'"),
            ("a: self\na: self\n", "used twice"),
            ("k=1\na: self\n", "from 2 to 255"),
            ("a self\n", "expected 'label: nodes it changes'"),
            ("", "no nodes"),
        ] {
            let e = Graph::parse(text).unwrap_err().to_string();
            assert!(e.contains(needle), "{text:?}: {e}");
        }
    }

    #[test]
    fn one_way_presses_get_a_left_witness() {
        // a changes a and b; b changes nothing: b alone can never be cleared, and the
        // invariant is "b − a" (w = (k−1, 1)), which A's own kernel (b's press) does not show.
        let g = Graph::new(3, vec!["a".into(), "b".into()], vec![vec![0, 1], vec![]]).unwrap();
        let s = solve(&g, &[0, 1], true, &mut NoProgress).unwrap();
        assert!(!s.solvable);
        let w = s.witness.unwrap();
        assert_eq!(modk::dot(&w, &[1, 1], 3), 0);
        assert_ne!(modk::dot(&w, &[0, 1], 3), 0);
        let s = solve(&g, &[2, 2], true, &mut NoProgress).unwrap();
        assert_eq!(s.presses, Some(vec![1, 0]));
    }
}
