//! Lit-only play (the Deluxe's third game): only a lit light may be pressed. The order now
//! matters and some solvable patterns become unsolvable, so linear algebra no longer answers;
//! a breadth-first search over the 2^n states of a two-state game does, exactly, for up to
//! [`MAX_LIT_ONLY`] lights. Each state keeps one byte, its depth + 1 (0 = not reached; 32 MiB
//! at 25 lights), which both marks it visited and lets the path be walked back, since a
//! predecessor on a shortest path is a reached state exactly one layer closer to the start.
//! Layers are found by scanning the depth bytes, so no queue is needed. Beyond that size (the
//! Deluxe's 6×6), [`solve_by_deepening`] answers boards without quiet patterns by iterative
//! deepening, and [`solve_by_ordering`] the others when the fewest linear presses can be put in
//! a legal order; [`fewest`] picks among the three.

use crate::lights::solvers::graph::Graph;
use crate::progress::Progress;
use crate::{bail, Result};

/// Most lights searched (2^25 states).
pub const MAX_LIT_ONLY: usize = 25;
/// States scanned between two progress reports of [`solve`].
const SCAN_REPORT: usize = 1 << 20;

/// The fewest presses clearing `lights` when only lit lights may be pressed, in an order that
/// is legal, or None when no legal sequence clears them. Progress counts states reached.
pub fn solve(graph: &Graph, lights: &[u8], progress: &mut dyn Progress) -> Result<Option<Vec<usize>>> {
    let n = graph.len();
    if graph.k != 2 {
        bail!("lit-only search is for two-state games, and this one has {} states", graph.k);
    }
    if n > MAX_LIT_ONLY {
        bail!("too large for lit-only search ({n} lights, the limit is {MAX_LIT_ONLY})");
    }
    if lights.len() != n || lights.iter().any(|&v| v > 1) {
        bail!("the pattern must have {n} lights, each 0 or 1");
    }
    let masks: Vec<u32> = graph.presses.iter().map(|p| p.iter().fold(0u32, |m, &i| m ^ (1 << i))).collect();
    let start = lights.iter().enumerate().fold(0u32, |s, (i, &v)| s | (u32::from(v) << i));
    if start == 0 {
        return Ok(Some(Vec::new()));
    }
    let total = 1u64 << n;
    let mut depth = vec![0u8; 1usize << n];
    depth[start as usize] = 1;
    let mut reached = 1u64;
    let mut layer = 1u8;
    let found = 'search: loop {
        let mut grew = false;
        for s in 0..depth.len() {
            // A layer of 2^25 states takes tens of milliseconds to scan: report within it too.
            if s % SCAN_REPORT == 0 {
                progress.report(reached, total);
            }
            if depth[s] != layer {
                continue;
            }
            let s = s as u32;
            let mut lit = s;
            while lit != 0 {
                let i = lit.trailing_zeros() as usize;
                lit &= lit - 1;
                let t = s ^ masks[i];
                if depth[t as usize] == 0 {
                    depth[t as usize] = layer + 1;
                    reached += 1;
                    grew = true;
                    if t == 0 {
                        break 'search true;
                    }
                }
            }
        }
        progress.report(reached, total);
        if !grew {
            break false;
        }
        if layer == u8::MAX - 1 {
            bail!("lit-only search went deeper than {} presses without an answer", u8::MAX - 1);
        }
        layer += 1;
    };
    progress.report(total, total);
    if !found {
        return Ok(None);
    }
    // Walk back from the dark board: a predecessor p of t by a press on i has bit i lit and
    // p ^ masks[i] = t; one at depth one less is on a shortest path.
    let mut presses = Vec::new();
    let mut t = 0u32;
    let mut d = depth[0];
    while d > 1 {
        let (p, i) = (0..n)
            .map(|i| (t ^ masks[i], i))
            .find(|&(p, i)| p >> i & 1 == 1 && depth[p as usize] == d - 1)
            .expect("a state one layer up leads here");
        presses.push(i);
        t = p;
        d -= 1;
    }
    presses.reverse();
    Ok(Some(presses))
}

/// Most lights [`solve_by_ordering`] takes (one 128-bit word a state).
pub const MAX_ORDERED: usize = 128;
/// Most subsets of the presses [`solve_by_ordering`] tries before giving up.
const MAX_ORDER_NODES: usize = 4_000_000;

/// What [`solve_by_ordering`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ordered {
    /// These presses, in this order, are legal, clear the lights and are the fewest.
    Fewest(Vec<usize>),
    /// No presses at all clear the lights, lit-only or not.
    Unsolvable,
    /// No legal order of the fewest linear presses exists (or none was found within the
    /// search's limit): a legal solution may need more presses, which this does not search.
    Undecided,
}

/// Lit-only play beyond [`MAX_LIT_ONLY`] lights, for two states: a legal sequence's presses,
/// counted mod 2, are a solution of the linear game, so it has at least as many presses as the
/// linear game's fewest (`fewest`, a solution of least weight). If those presses can be put in
/// an order in which each is lit when pressed, that order is the lit-only answer. The search
/// is a depth-first walk over the subsets still to press, remembering the dead ends.
pub fn solve_by_ordering(
    graph: &Graph,
    lights: &[u8],
    fewest: Option<&[u8]>,
    progress: &mut dyn Progress,
) -> Result<Ordered> {
    let n = graph.len();
    if graph.k != 2 {
        bail!("lit-only search is for two-state games, and this one has {} states", graph.k);
    }
    if n > MAX_ORDERED {
        bail!("too large for lit-only search ({n} lights, the limit is {MAX_LIT_ONLY})");
    }
    let Some(x) = fewest else { return Ok(Ordered::Unsolvable) };
    let masks: Vec<u128> = graph.presses.iter().map(|p| p.iter().fold(0u128, |m, &i| m ^ (1 << i))).collect();
    let start = lights.iter().enumerate().fold(0u128, |s, (i, &v)| s | (u128::from(v & 1) << i));
    let all = x.iter().enumerate().fold(0u128, |s, (i, &v)| s | (u128::from(v & 1) << i));
    let mut dead = std::collections::HashSet::new();
    let mut path = Vec::new();
    let mut nodes = 0usize;
    // Iterative DFS: each frame is (still to press, lights, candidates not yet tried).
    let mut stack = vec![(all, start, all & start)];
    while let Some(frame) = stack.last_mut() {
        let (left, lit, ref mut untried) = *frame;
        if left == 0 {
            return Ok(Ordered::Fewest(path));
        }
        if *untried == 0 {
            dead.insert(left);
            stack.pop();
            path.pop();
            continue;
        }
        let i = untried.trailing_zeros() as usize;
        *untried &= *untried - 1;
        let (next_left, next_lit) = (left & !(1 << i), lit ^ masks[i]);
        if dead.contains(&next_left) {
            continue;
        }
        nodes += 1;
        if nodes.is_multiple_of(65_536) {
            progress.report(nodes as u64, MAX_ORDER_NODES as u64);
        }
        if nodes > MAX_ORDER_NODES {
            return Ok(Ordered::Undecided);
        }
        path.push(i);
        stack.push((next_left, next_lit, next_left & next_lit));
    }
    Ok(Ordered::Undecided)
}

/// Most positions [`solve_by_deepening`] expands before giving up, and most it remembers.
const MAX_DEEPENING_NODES: u64 = 10_000_000;
const MAX_REMEMBERED: usize = 2_000_000;

/// Lit-only play beyond [`MAX_LIT_ONLY`] lights when the press matrix is invertible (nullity
/// 0, as on both Deluxe boards): iterative deepening A*. Every position has exactly one linear
/// solution x, and a press on i flips x_i, so the weight of x is a lower bound on the presses
/// left that changes by exactly one with each press: bounds go up from it in steps of two (every
/// solution's length has its parity), and the first bound that admits a legal sequence gives
/// the fewest presses. `x` is the linear solution of `lights`.
pub fn solve_by_deepening(graph: &Graph, lights: &[u8], x: &[u8], progress: &mut dyn Progress) -> Result<Ordered> {
    let n = graph.len();
    if graph.k != 2 || n > MAX_ORDERED {
        bail!("too large for lit-only search ({n} lights, the limit is {MAX_LIT_ONLY})");
    }
    let masks: Vec<u128> = graph.presses.iter().map(|p| p.iter().fold(0u128, |m, &i| m ^ (1 << i))).collect();
    let pack = |v: &[u8]| v.iter().enumerate().fold(0u128, |s, (i, &b)| s | (u128::from(b & 1) << i));
    let (start, x0) = (pack(lights), pack(x));
    let mut nodes = 0u64;
    let mut bound = x0.count_ones();
    loop {
        // Most answers come within two rounds; after that, a pattern no legal presses clear
        // is told by walking everything they reach, when that is small enough.
        if bound == x0.count_ones() + 4 && !reaches_dark(start, &masks) {
            return Ok(Ordered::Unsolvable);
        }
        // Best depth at which each position was expanded under this bound.
        let mut seen: std::collections::HashMap<u128, u32> = std::collections::HashMap::new();
        let mut path = Vec::new();
        let mut stack = vec![(start, x0, start)];
        let mut pruned = false;
        while let Some(frame) = stack.last_mut() {
            let (lit, sol, ref mut untried) = *frame;
            if lit == 0 {
                return Ok(Ordered::Fewest(path));
            }
            if *untried == 0 {
                stack.pop();
                path.pop();
                continue;
            }
            let i = untried.trailing_zeros() as usize;
            *untried &= *untried - 1;
            let (next, next_sol) = (lit ^ masks[i], sol ^ (1 << i));
            let g = path.len() as u32 + 1;
            if g + next_sol.count_ones() > bound {
                pruned = true;
                continue;
            }
            match seen.get(&next) {
                Some(&d) if d <= g => continue,
                _ if seen.len() < MAX_REMEMBERED => {
                    seen.insert(next, g);
                }
                _ => {}
            }
            nodes += 1;
            if nodes.is_multiple_of(1 << 16) {
                progress.report(nodes, MAX_DEEPENING_NODES);
            }
            if nodes > MAX_DEEPENING_NODES {
                return Ok(Ordered::Undecided);
            }
            path.push(i);
            stack.push((next, next_sol, next));
        }
        if !pruned {
            // Nothing was cut off by the bound: every legal sequence has been followed to its end.
            return Ok(Ordered::Unsolvable);
        }
        bound += 2;
    }
}

/// False when every position legal presses reach from `start` has been seen (at most
/// [`MAX_REMEMBERED`]) and none is dark; true when one is dark or there are too many to tell.
fn reaches_dark(start: u128, masks: &[u128]) -> bool {
    if start == 0 {
        return true;
    }
    let mut seen = std::collections::HashSet::from([start]);
    let mut stack = vec![start];
    while let Some(lit) = stack.pop() {
        let mut todo = lit;
        while todo != 0 {
            let i = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let next = lit ^ masks[i];
            if next == 0 || seen.len() >= MAX_REMEMBERED {
                return true;
            }
            if seen.insert(next) {
                stack.push(next);
            }
        }
    }
    false
}

/// The fewest lit-only presses in a legal order, or None when no legal sequence clears the
/// lights: by [`solve`] up to [`MAX_LIT_ONLY`] lights, beyond that by [`solve_by_ordering`]
/// (which answers when the linear game's fewest presses can be put in a legal order, or when
/// nothing clears the lights at all), and otherwise a one-line refusal.
pub fn fewest(graph: &Graph, lights: &[u8], progress: &mut dyn Progress) -> Result<Option<Vec<usize>>> {
    let n = graph.len();
    if n <= MAX_LIT_ONLY || graph.k != 2 || n > MAX_ORDERED {
        return solve(graph, lights, progress);
    }
    let linear = crate::lights::solvers::graph::solve(graph, lights, true, progress)?;
    if linear.solvable && !linear.minimal {
        bail!("too large for lit-only search ({n} lights, the limit is {MAX_LIT_ONLY}): beyond it the linear game's fewest presses are put in order, and here they are not proven the fewest");
    }
    let too_large = format!("too large for lit-only search ({n} lights, the limit is {MAX_LIT_ONLY})");
    match (&linear.presses, linear.nullity) {
        (Some(x), 0) => match solve_by_deepening(graph, lights, x, progress)? {
            Ordered::Fewest(p) => Ok(Some(p)),
            Ordered::Unsolvable => Ok(None),
            Ordered::Undecided => bail!("{too_large}: the deepening search beyond it stopped after {MAX_DEEPENING_NODES} positions"),
        },
        _ => match solve_by_ordering(graph, lights, linear.presses.as_deref(), progress)? {
            Ordered::Fewest(p) => Ok(Some(p)),
            Ordered::Unsolvable => Ok(None),
            Ordered::Undecided => bail!(
                "{too_large}: beyond it, with quiet patterns, only orders of the usual game's {} fewest presses are tried, and none of them is legal",
                linear.press_count
            ),
        },
    }
}

/// Whether `presses` in this order press only lit lights and leave every light off.
pub fn legal_and_clears(graph: &Graph, lights: &[u8], presses: &[usize]) -> bool {
    let mut l = lights.to_vec();
    for &j in presses {
        if l[j] == 0 {
            return false;
        }
        graph.press(&mut l, j, 1);
    }
    l.iter().all(|&v| v == 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::NoProgress;

    #[test]
    fn a_path_of_three() {
        // a–b–c, a press changes itself and its neighbours: with a and b lit, a press on a.
        let g = Graph::parse("a: self b\nb: a self c\nc: b self\n").unwrap();
        let s = solve(&g, &[1, 1, 0], &mut NoProgress).unwrap().unwrap();
        assert_eq!(s, vec![0]);
        assert!(legal_and_clears(&g, &[1, 1, 0], &s));
        let big = Graph::new(2, (0..26).map(|i| i.to_string()).collect(), (0..26).map(|i| vec![i]).collect()).unwrap();
        let e = solve(&big, &[0; 26], &mut NoProgress).unwrap_err().to_string();
        assert_eq!(e, "too large for lit-only search (26 lights, the limit is 25)");
    }

    #[test]
    fn the_search_reports_its_progress() {
        // A path of 21 lights with only the first lit: each press moves the lit end one step,
        // so the dark board is reached only after many layers of a 2^21-state scan.
        let labels: Vec<String> = (0..21).map(|i| i.to_string()).collect();
        let presses: Vec<Vec<usize>> =
            (0..21).map(|i: usize| (i.saturating_sub(1)..=(i + 1).min(20)).collect()).collect();
        let g = Graph::new(2, labels, presses).unwrap();
        let mut lights = vec![0u8; 21];
        lights[0] = 1;
        let mut reports = Vec::new();
        let found = solve(&g, &lights, &mut |done, total| reports.push((done, total))).unwrap();
        if let Some(p) = found {
            assert!(legal_and_clears(&g, &lights, &p));
        }
        let total = 1u64 << 21;
        assert!(reports.len() > 2, "{} reports", reports.len());
        assert!(reports.iter().all(|&(d, t)| t == total && d <= t));
        assert!(reports.windows(2).all(|w| w[0].0 <= w[1].0), "done never goes back");
        assert_eq!(reports.last(), Some(&(total, total)));
    }
}
