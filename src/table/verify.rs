//! Checking a strategy: exactly, by following the belief set through every move (proof), and
//! by the notebook's random devil (evidence only: a devil that turns the table at random can
//! miss the one sequence of turns that beats the strategy).

use super::belief::Belief;
use super::construction::Strategy;
use super::game::MAX_MOVES_AT_ONCE;
use super::params::{add, rotate, Params};
use crate::progress::Progress;
use crate::seed::rng_from_seed;
use crate::{bail, Result};
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

impl Report {
    /// Belief sizes at about `points` evenly spaced moves, the last move always included:
    /// `(move, size)` pairs for a chart.
    pub fn chart(&self, points: usize) -> Vec<(u64, u64)> {
        let every = (self.sizes.len() / points.max(1)).max(1);
        let mut chart: Vec<(u64, u64)> =
            self.sizes.iter().enumerate().step_by(every).map(|(i, &s)| (i as u64, s)).collect();
        if chart.last().map(|c| c.0) != Some(self.length) {
            chart.push((self.length, *self.sizes.last().unwrap_or(&0)));
        }
        chart
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Evidence {
    pub games: u64,
    pub won: u64,
    /// Always "random devil (evidence, not proof)".
    pub method: &'static str,
}

/// Plays `games` games from random starts against a devil that turns the table at random.
/// A single loss proves the strategy wrong; winning them all proves nothing. Strategies of
/// more than [`MAX_MOVES_AT_ONCE`] moves are refused (a game may play every move).
pub fn random_devil(strategy: &dyn Strategy, games: u64, seed: u64) -> Result<Evidence> {
    if strategy.len() > MAX_MOVES_AT_ONCE {
        bail!("the random-devil check plays strategies of up to {MAX_MOVES_AT_ONCE} moves, not {}", strategy.len());
    }
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
    Ok(Evidence { games, won, method: "random devil (evidence, not proof)" })
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
    fn a_chart_samples_evenly_and_ends_at_the_last_move() {
        let params = Params::new(8, 2).unwrap();
        let r = exact(&Recursive::new(params).unwrap(), &mut NoProgress).unwrap();
        // 255 moves, 256 sizes: every 4th move (0, 4, …, 252), then the last move, 255.
        let chart = r.chart(64);
        let moves: Vec<u64> = chart.iter().map(|c| c.0).collect();
        let expected: Vec<u64> = (0..64).map(|i| 4 * i).chain([255]).collect();
        assert_eq!(moves, expected);
        // Each move removes one configuration (see above), so the size after move i is 255 − i.
        assert!(chart.iter().all(|&(i, size)| size == 255 - i));
        assert_eq!(r.chart(1000).len(), 256);
    }

    #[test]
    fn the_random_devil_check_refuses_strategies_too_long_to_play() {
        let long = Recursive::new(Params::new(32, 2).unwrap()).unwrap();
        assert!(long.len() > MAX_MOVES_AT_ONCE);
        assert!(random_devil(&long, 1, 1).unwrap_err().message().contains("65536"));
    }

    #[test]
    fn a_shortened_strategy_fails() {
        let params = Params::new(4, 2).unwrap();
        let full = Recursive::new(params).unwrap();
        let moves: Vec<Move> = (0..14).map(|i| full.move_at(i)).collect();
        let r = exact(&Listed { params, moves }, &mut NoProgress).unwrap();
        assert!(!r.valid);
        assert_eq!(r.sizes.last(), Some(&1));
        let e = random_devil(&full, 200, 1).unwrap();
        assert_eq!(e.won, 200);
    }
}
