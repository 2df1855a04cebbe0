//! Breadth-first search for a shortest winning strategy, over belief states: sets of necklaces
//! that may still be on the table. A move only matters up to rotation (the devil turns the table
//! anyway), so the moves tried are the non-zero necklaces. When the queue runs dry without
//! reaching the empty set, every reachable belief state has been seen and no strategy exists.

use super::moves::Move;
use super::necklace::{orbit_of, Necklaces};
use super::params::Params;
use crate::progress::Progress;
use crate::{bail, Result};
use serde::Serialize;
use std::collections::HashMap;

/// Belief states are bit sets over the non-zero necklaces.
pub const MAX_NECKLACES: usize = 128;
/// The search gives up (with an error, not an answer) after this many belief states.
pub const MAX_STATES: usize = 20_000_000;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Found {
    pub coins: usize,
    pub sides: u8,
    pub winning: bool,
    /// Moves of the shortest strategy (when winning).
    pub length: Option<u64>,
    /// Distinct belief states reached.
    pub belief_states: u64,
    #[serde(skip)]
    pub moves: Vec<Move>,
}

pub fn search(params: Params, progress: &mut dyn Progress) -> Result<Found> {
    search_limited(params, MAX_STATES, progress)
}

pub fn search_limited(params: Params, max_states: usize, progress: &mut dyn Progress) -> Result<Found> {
    let table = Necklaces::new(params)?;
    let k = table.len() - 1;
    if k > MAX_NECKLACES {
        bail!(
            "{} coins with {} sides have {k} necklaces besides all heads; the search handles {MAX_NECKLACES}",
            params.coins,
            params.sides
        );
    }
    // step[m][c]: belief bits after move necklace m+1 from the single necklace c+1.
    let step: Vec<Vec<u128>> = (1..=k)
        .map(|m| {
            let shifts = orbit_of(&params, table.reps[m], table.configs);
            let move_faces: Vec<Vec<u8>> = shifts.iter().map(|&t| params.faces(t)).collect();
            (1..=k)
                .map(|c| {
                    let faces = table.faces(c);
                    let mut bits = 0u128;
                    for mf in &move_faces {
                        let y = params.index(&super::params::add(&faces, mf, params.sides));
                        let n = table.of[y as usize] as usize;
                        if n != 0 {
                            bits |= 1u128 << (n - 1);
                        }
                    }
                    bits
                })
                .collect()
        })
        .collect();
    let start: u128 = if k == 128 { u128::MAX } else { (1u128 << k) - 1 };
    // parent[state] = (previous state, move necklace).
    let mut parent: HashMap<u128, (u128, u32)> = HashMap::new();
    parent.insert(start, (start, 0));
    let mut frontier = vec![start];
    let mut goal = start == 0;
    while !frontier.is_empty() && !goal {
        let mut next = Vec::new();
        'layer: for &state in &frontier {
            for (m, row) in step.iter().enumerate() {
                let mut out = 0u128;
                let mut rest = state;
                while rest != 0 {
                    let c = rest.trailing_zeros() as usize;
                    out |= row[c];
                    rest &= rest - 1;
                }
                if let std::collections::hash_map::Entry::Vacant(e) = parent.entry(out) {
                    e.insert((state, m as u32 + 1));
                    if out == 0 {
                        goal = true;
                        break 'layer;
                    }
                    next.push(out);
                }
            }
            if parent.len() > max_states {
                bail!("gave up after {} belief states without an answer", parent.len());
            }
        }
        progress.report(parent.len() as u64, (parent.len() + next.len()) as u64);
        frontier = next;
    }
    let mut moves = Vec::new();
    if goal {
        let mut state = 0u128;
        while state != start {
            let (prev, m) = parent[&state];
            moves.push(Move { amounts: table.faces(m as usize) });
            state = prev;
        }
        moves.reverse();
    }
    Ok(Found {
        coins: params.coins,
        sides: params.sides,
        winning: goal,
        length: goal.then_some(moves.len() as u64),
        belief_states: parent.len() as u64,
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::NoProgress;

    #[test]
    fn the_notebook_lengths_for_one_to_seven_coins() {
        // "There are winning strategies for N = 1, 2, 4; they have lengths 1, 3, 15" and none
        // for 3, 5, 6, 7.
        let expected = [Some(1), Some(3), None, Some(15), None, None, None];
        for (n, want) in (1..=7).zip(expected) {
            let found = search(Params::new(n, 2).unwrap(), &mut NoProgress).unwrap();
            assert_eq!(found.length, want, "n={n}");
            assert_eq!(found.winning, want.is_some());
        }
    }

    #[test]
    fn limits_are_errors() {
        assert!(search(Params::new(12, 2).unwrap(), &mut NoProgress).is_err());
        assert!(search_limited(Params::new(8, 2).unwrap(), 10, &mut NoProgress).is_err());
    }
}
