//! Checking a strategy: exactly, by following the belief set through every move (proof), and
//! by the notebook's random devil (evidence only: a devil that turns the table at random can
//! miss the one sequence of turns that beats the strategy).

use super::belief::Belief;
use super::construction::Strategy;
use super::params::{add, rotate, Params};
use crate::progress::Progress;
use crate::seed::rng_from_seed;
use crate::Result;
use rand::Rng;
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The belief set is empty after the last move: the strategy wins against every devil.
    pub valid: bool,
    pub length: u64,
    pub method: &'static str,
    /// The first move after which nothing is left, if any.
    pub emptied_at: Option<u64>,
    /// Size of the belief set before the first move and after each move.
    pub sizes: Vec<u64>,
    /// The most configurations any one move removed (the lower bound says at most 1).
    pub most_removed: u64,
    /// σ^N − 1: the length no winning strategy can beat.
    pub lower_bound: u64,
}

/// Follows the belief set through the whole strategy.
pub fn exact(strategy: &dyn Strategy, progress: &mut dyn Progress) -> Result<Report> {
    let params = strategy.params();
    let mut belief = Belief::start(params)?;
    let length = strategy.len();
    let mut sizes = Vec::with_capacity(length.min(1 << 20) as usize + 1);
    sizes.push(belief.len());
    let (mut emptied_at, mut most_removed) = (None, 0);
    let every = (length / 200).max(1);
    for i in 0..length {
        let removed = belief.step(&strategy.move_at(i))?;
        most_removed = most_removed.max(removed);
        let size = belief.len();
        sizes.push(size);
        if size == 0 && emptied_at.is_none() {
            emptied_at = Some(i + 1);
        }
        if i % every == 0 {
            progress.report(i, length);
        }
    }
    progress.report(length, length);
    Ok(Report {
        valid: belief.is_empty(),
        length,
        method: "exact",
        emptied_at,
        sizes,
        most_removed,
        lower_bound: params.configs().map_or(u64::MAX, |c| c - 1),
    })
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Evidence {
    pub games: u64,
    pub won: u64,
    /// Always "random devil (evidence, not proof)".
    pub method: &'static str,
}

/// Plays `games` games from random starts against a devil that turns the table at random.
/// A single loss proves the strategy wrong; winning them all proves nothing.
pub fn random_devil(strategy: &dyn Strategy, games: u64, seed: u64) -> Evidence {
    let params: Params = strategy.params();
    let mut rng = rng_from_seed(seed);
    let mut won = 0;
    for _ in 0..games {
        let mut faces: Vec<u8> = (0..params.coins).map(|_| rng.random_range(0..params.sides)).collect();
        let mut i = 0;
        while faces.iter().any(|&f| f != 0) && i < strategy.len() {
            let turn = rng.random_range(0..params.coins);
            faces = add(&rotate(&faces, turn), &strategy.move_at(i).amounts, params.sides);
            i += 1;
        }
        if faces.iter().all(|&f| f == 0) {
            won += 1;
        }
    }
    Evidence { games, won, method: "random devil (evidence, not proof)" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::NoProgress;
    use crate::table::construction::{Listed, Recursive};
    use crate::table::moves::Move;

    #[test]
    fn recursive_strategies_empty_the_belief_exactly_at_the_end() {
        for (n, s) in [(1, 2), (2, 2), (4, 2), (8, 2), (3, 3), (5, 5), (1, 6)] {
            let params = Params::new(n, s).unwrap();
            let r = exact(&Recursive::new(params).unwrap(), &mut NoProgress).unwrap();
            let bound = params.configs().unwrap() - 1;
            assert!(r.valid, "n={n} s={s}");
            assert_eq!(r.length, bound);
            assert_eq!(r.emptied_at, Some(bound));
            assert_eq!(r.most_removed, 1);
            // With exactly σ^N − 1 moves each must remove one configuration.
            assert!(r.sizes.iter().enumerate().all(|(i, &size)| size == bound - i as u64));
        }
    }

    #[test]
    fn a_shortened_strategy_fails() {
        let params = Params::new(4, 2).unwrap();
        let full = Recursive::new(params).unwrap();
        let moves: Vec<Move> = (0..14).map(|i| full.move_at(i)).collect();
        let r = exact(&Listed { params, moves }, &mut NoProgress).unwrap();
        assert!(!r.valid);
        assert_eq!(r.sizes.last(), Some(&1));
        let e = random_devil(&full, 200, 1);
        assert_eq!(e.won, 200);
    }
}
