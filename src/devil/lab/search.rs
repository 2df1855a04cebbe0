//! Finding a strategy by search — or proving there is none — using the puzzle's structure
//! rather than blind backtracking over all 2^n boards:
//!
//! * Flipping one coin changes a board's parity, so the answers on even boards only constrain
//!   the answers on odd boards and vice versa. We colour the even boards; the odd board x
//!   then takes the colour of the even board x XOR 1 (a translation of the cube keeps every
//!   constraint), which halves the problem.
//! * For an odd board y, its n neighbours (all even) must show the n colours exactly once.
//!   That is a Sudoku: the cells are the even boards, the units are the odd boards, each unit
//!   holds each colour once. So each colour class is a perfect code, and the search propagates
//!   like a Sudoku solver: a colour placed on a board is removed from the boards at distance
//!   2; a unit where a colour has one possible place left gets it there; a unit where a colour
//!   has no place left is a dead end.
//! * Colours are interchangeable, so the unit of the odd board 1 is coloured 0, 1, …, n−1
//!   once and for all: every strategy is a renaming of exactly one such colouring.

use crate::progress::Progress;
use crate::{bail, Result};
use serde::Serialize;

/// Largest board the search runs on (2^15 even boards, colours in a u32 mask).
pub const MAX_SEARCH_SQUARES: usize = 16;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Outcome {
    pub squares: usize,
    /// Whether a colouring was found (in counting mode: whether at least one exists).
    pub found: bool,
    /// Search-tree nodes: colour choices tried at branching points.
    pub nodes: u64,
    /// The search ran to its end (so `found = false` is a proof that none exists).
    pub exhausted: bool,
    /// Colourings found with the first unit fixed (counting mode counts them all).
    pub solutions: u64,
    /// The strategy found: the colour of every board 0..2^n (first solution only).
    #[serde(skip)]
    pub table: Option<Vec<u16>>,
}

/// What a search established.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Conclusion {
    /// A strategy was found.
    Found,
    /// The search ran to its end without one: a proof that none exists.
    NoneExists,
    /// The node limit stopped the search first: nothing is known.
    Inconclusive,
}

impl Outcome {
    pub fn conclusion(&self) -> Conclusion {
        match (self.found, self.exhausted) {
            (true, _) => Conclusion::Found,
            (false, true) => Conclusion::NoneExists,
            (false, false) => Conclusion::Inconclusive,
        }
    }

    /// One line for people: the verdict and the nodes it took.
    pub fn summary(&self) -> String {
        let verdict = match self.conclusion() {
            Conclusion::Found => "found a strategy",
            Conclusion::NoneExists => "no strategy exists: the search ran to its end",
            Conclusion::Inconclusive => "no conclusion: the search stopped at its node limit before its end",
        };
        format!("{} squares: {verdict} ({} nodes)", self.squares, self.nodes)
    }
}

struct Engine {
    n: usize,
    /// Allowed colours of each even board (index = board >> 1).
    dom: Vec<u32>,
    /// For unit (odd board >> 1) and colour c: how many of its boards still allow c.
    cnt: Vec<u8>,
    /// Removals (board index, colour), undone in reverse on backtracking.
    trail: Vec<(u32, u8)>,
    queue: Vec<u32>,
    hidden: Vec<(u32, u8)>,
}

fn parity(x: usize) -> usize {
    (x.count_ones() & 1) as usize
}

impl Engine {
    fn new(n: usize) -> Engine {
        let nv = 1usize << (n - 1);
        let full = (1u32 << n) - 1;
        Engine {
            n,
            dom: vec![full; nv],
            cnt: vec![n as u8; nv * n],
            trail: Vec::new(),
            queue: Vec::new(),
            hidden: Vec::new(),
        }
    }

    /// The even board with index `v`.
    fn even(v: usize) -> usize {
        (v << 1) | parity(v)
    }

    /// The odd board with index `q`.
    fn odd(q: usize) -> usize {
        (q << 1) | (1 - parity(q))
    }

    /// Removes colour c from board v; false on a dead end.
    fn remove(&mut self, v: usize, c: usize) -> bool {
        let bit = 1u32 << c;
        if self.dom[v] & bit == 0 {
            return true;
        }
        self.dom[v] &= !bit;
        self.trail.push((v as u32, c as u8));
        let mut ok = self.dom[v] != 0;
        if self.dom[v].is_power_of_two() {
            self.queue.push(v as u32);
        }
        let x = Self::even(v);
        for i in 0..self.n {
            let q = (x ^ (1 << i)) >> 1;
            let k = &mut self.cnt[q * self.n + c];
            *k -= 1;
            match *k {
                0 => ok = false,
                1 => self.hidden.push((q as u32, c as u8)),
                _ => {}
            }
        }
        ok
    }

    fn restrict(&mut self, v: usize, c: usize) -> bool {
        let mut others = self.dom[v] & !(1 << c);
        if self.dom[v] & (1 << c) == 0 {
            return false;
        }
        while others != 0 {
            let d = others.trailing_zeros() as usize;
            others &= others - 1;
            if !self.remove(v, d) {
                return false;
            }
        }
        true
    }

    fn propagate(&mut self) -> bool {
        loop {
            if let Some(v) = self.queue.pop() {
                let v = v as usize;
                if !self.dom[v].is_power_of_two() {
                    return false;
                }
                let c = self.dom[v].trailing_zeros() as usize;
                let x = Self::even(v);
                for i in 0..self.n {
                    let y = x ^ (1 << i);
                    for j in 0..self.n {
                        let w = (y ^ (1 << j)) >> 1;
                        if w != v && !self.remove(w, c) {
                            return false;
                        }
                    }
                }
            } else if let Some((q, c)) = self.hidden.pop() {
                let (q, c) = (q as usize, c as usize);
                if self.cnt[q * self.n + c] != 1 {
                    continue;
                }
                let y = Self::odd(q);
                let bit = 1u32 << c;
                let w = (0..self.n).map(|j| (y ^ (1 << j)) >> 1).find(|&w| self.dom[w] & bit != 0);
                match w {
                    Some(w) if self.dom[w] != bit => {
                        if !self.restrict(w, c) {
                            return false;
                        }
                    }
                    Some(_) => {}
                    None => return false,
                }
            } else {
                return true;
            }
        }
    }

    fn undo(&mut self, mark: usize) {
        self.queue.clear();
        self.hidden.clear();
        while self.trail.len() > mark {
            let Some((v, c)) = self.trail.pop() else {
                break;
            };
            let (v, c) = (v as usize, c as usize);
            self.dom[v] |= 1 << c;
            let x = Self::even(v);
            for i in 0..self.n {
                let q = (x ^ (1 << i)) >> 1;
                self.cnt[q * self.n + c] += 1;
            }
        }
    }

    /// The next board to branch on: the one with fewest colours left on small cubes, the
    /// first undecided one from `cursor` on big ones (where scanning every board per node
    /// would cost more than it saves).
    fn choose(&self, cursor: usize) -> Option<usize> {
        if self.dom.len() <= 512 {
            self.dom
                .iter()
                .enumerate()
                .filter(|(_, d)| !d.is_power_of_two())
                .min_by_key(|(_, d)| d.count_ones())
                .map(|(v, _)| v)
        } else {
            (cursor..self.dom.len()).find(|&v| !self.dom[v].is_power_of_two())
        }
    }
}

struct Frame {
    v: usize,
    options: u32,
    total: u32,
    mark: usize,
}

/// Searches for a strategy on `n` squares (any n from 1 to 16), stopping at the first one
/// unless `count_all`, or after `node_limit` nodes.
pub fn run(n: usize, count_all: bool, node_limit: u64, progress: &mut dyn Progress) -> Result<Outcome> {
    if n == 0 || n > MAX_SEARCH_SQUARES {
        bail!("the search runs on 1 to {MAX_SEARCH_SQUARES} squares, not {n}");
    }
    let mut e = Engine::new(n);
    let mut out = Outcome { squares: n, found: false, nodes: 0, exhausted: false, solutions: 0, table: None };
    // Symmetry: the unit of the odd board 1 holds the colours 0..n in order of the coin that
    // leads to each board.
    let mut ok = true;
    for i in 0..n {
        ok = ok && e.restrict((1 ^ (1 << i)) >> 1, i) && e.propagate();
    }
    let mut stack: Vec<Frame> = Vec::new();
    let mut cursor = 0;
    const REPORT_EVERY: u64 = 4096;
    const SCALE: u64 = 1_000_000;
    'descend: loop {
        if ok {
            match e.choose(cursor) {
                None => {
                    out.solutions += 1;
                    out.found = true;
                    if out.table.is_none() {
                        out.table = Some(full_table(n, &e.dom));
                    }
                    if !count_all {
                        return Ok(out);
                    }
                }
                Some(v) => {
                    let d = e.dom[v];
                    stack.push(Frame { v, options: d, total: d.count_ones(), mark: e.trail.len() });
                }
            }
        }
        loop {
            let Some(f) = stack.last_mut() else {
                out.exhausted = true;
                progress.report(SCALE, SCALE);
                return Ok(out);
            };
            let (v, mark) = (f.v, f.mark);
            if f.options == 0 {
                stack.pop();
                e.undo(mark);
                continue;
            }
            let c = f.options.trailing_zeros() as usize;
            f.options &= f.options - 1;
            e.undo(mark);
            if out.nodes >= node_limit {
                return Ok(out);
            }
            out.nodes += 1;
            if out.nodes.is_multiple_of(REPORT_EVERY) {
                progress.report(fraction_done(&stack, SCALE), SCALE);
            }
            ok = e.restrict(v, c) && e.propagate();
            if ok {
                cursor = v + 1;
                continue 'descend;
            }
        }
    }
}

/// How much of the tree lies behind us, from the first few levels of the stack.
fn fraction_done(stack: &[Frame], scale: u64) -> u64 {
    let mut done = 0.0;
    let mut width = 1.0;
    for f in stack.iter().take(6) {
        let tried = f.total - f.options.count_ones();
        width /= f64::from(f.total.max(1));
        done += width * f64::from(tried.saturating_sub(1));
    }
    ((done * scale as f64) as u64).min(scale)
}

/// Colours of all 2^n boards from the colours of the even ones: odd board x takes the colour
/// of even board x XOR 1.
fn full_table(n: usize, dom: &[u32]) -> Vec<u16> {
    (0..1usize << n)
        .map(|x| {
            let even = if parity(x) == 0 { x } else { x ^ 1 };
            dom[even >> 1].trailing_zeros() as u16
        })
        .collect()
}

/// Finds one strategy or proves there is none (no node limit).
pub fn find(n: usize, progress: &mut dyn Progress) -> Result<Outcome> {
    run(n, false, u64::MAX, progress)
}

/// Counts the colourings of the even boards whose first unit is coloured 0..n in order; the
/// number of strategies is (n! times this count) squared, since even and odd boards are
/// coloured independently and every colouring is a renaming of exactly one counted one.
pub fn count(n: usize, progress: &mut dyn Progress) -> Result<Outcome> {
    run(n, true, u64::MAX, progress)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::NoProgress;

    /// Validity by the definition: from every board, the n flips give n different colours.
    fn is_strategy(n: usize, t: &[u16]) -> bool {
        (0..1usize << n).all(|x| {
            let mut seen = 0u32;
            for i in 0..n {
                seen |= 1 << t[x ^ (1 << i)];
            }
            seen == (1u32 << n) - 1
        })
    }

    #[test]
    fn finds_strategies_for_powers_of_two() {
        for n in [1, 2, 4, 8, 16] {
            let out = find(n, &mut NoProgress).unwrap();
            assert!(out.found, "n = {n}");
            assert!(is_strategy(n, out.table.as_ref().unwrap()), "n = {n}");
        }
    }

    #[test]
    fn proves_none_for_3_5_6_7() {
        for n in [3, 5, 6, 7] {
            let out = find(n, &mut NoProgress).unwrap();
            assert!(!out.found && out.exhausted, "n = {n}");
        }
    }

    #[test]
    fn the_node_limit_is_the_number_of_nodes_tried() {
        // 16 squares take 456 nodes to a strategy (docs/labs.md); any smaller limit stops exactly there.
        let full = find(16, &mut NoProgress).unwrap();
        for limit in [0, 1, 7, full.nodes - 1] {
            let out = run(16, false, limit, &mut NoProgress).unwrap();
            assert_eq!((out.nodes, out.conclusion()), (limit, Conclusion::Inconclusive), "limit {limit}");
        }
        let out = run(16, false, full.nodes, &mut NoProgress).unwrap();
        assert_eq!(out.conclusion(), Conclusion::Found);
        // 3 squares are settled by propagation alone, with no node at all.
        assert_eq!(run(3, false, 0, &mut NoProgress).unwrap().conclusion(), Conclusion::NoneExists);
    }

    #[test]
    fn sizes_are_checked() {
        assert!(find(0, &mut NoProgress).is_err());
        assert!(find(17, &mut NoProgress).is_err());
    }
}
