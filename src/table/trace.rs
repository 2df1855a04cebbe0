//! The belief set move by move, as the page shows it: how many configurations and how many
//! necklaces are still possible after each move, and which necklaces remain at the end (the
//! notebook's table of belief states, one row at a time).

use super::belief::Belief;
use super::construction::{Listed, Strategy};
use super::necklace::Necklaces;
use super::{Move, Params};
use crate::{bail, Result};
use serde::Serialize;

/// Tables up to this many configurations are traced on the page's main thread.
pub const MAX_TRACE_CONFIGS: u64 = 1 << 12;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Trace {
    /// Moves followed.
    pub moves: u64,
    /// Configurations possible before the first move and after each move.
    pub sizes: Vec<u64>,
    /// Necklaces possible (all heads not counted) before the first move and after each move.
    pub necklaces: Vec<u32>,
    /// For each necklace (in [`Necklaces`] order, all heads first), whether it is still possible
    /// after the last move followed. All heads counts as possible once the game may be won.
    pub present: Vec<bool>,
}

/// Follows the first `upto` moves of `strategy`.
pub fn trace(strategy: &dyn Strategy, upto: u64) -> Result<Trace> {
    let params = strategy.params();
    match params.configs() {
        Some(c) if c <= MAX_TRACE_CONFIGS => {}
        _ => bail!("the belief panel follows tables of up to {MAX_TRACE_CONFIGS} configurations"),
    }
    let table = Necklaces::new(params)?;
    let upto = upto.min(strategy.len());
    let mut belief = Belief::start(params)?;
    let count = |b: &Belief| table.reps.iter().skip(1).filter(|&&r| b.contains(r)).count() as u32;
    let mut sizes = vec![belief.len()];
    let mut necklaces = vec![count(&belief)];
    for i in 0..upto {
        belief.step(&strategy.move_at(i))?;
        sizes.push(belief.len());
        necklaces.push(count(&belief));
    }
    let mut present: Vec<bool> = table.reps.iter().map(|&r| belief.contains(r)).collect();
    present[0] = upto > 0 || params.configs() == Some(1);
    Ok(Trace { moves: upto, sizes, necklaces, present })
}

/// The belief set after the moves you played (each move's amounts, in order): the belief panel
/// of Play.
pub fn trace_of_plays(params: Params, plays: impl IntoIterator<Item = Vec<u8>>) -> Result<Trace> {
    let moves = plays.into_iter().map(|amounts| Move::new(&params, amounts)).collect::<Result<Vec<_>>>()?;
    let listed = Listed { params, moves };
    trace(&listed, listed.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::construction::Recursive;
    use crate::table::params::Params;

    #[test]
    fn four_coins_follow_the_notebook_table() {
        // Necklaces of 4 coins in order: HHHH, THHH (one tail), TTHH (adjacent), THTH
        // (opposite), TTTH (three tails), TTTT. The notebook: odd moves flip all four coins and
        // take out TTTT; moves 2, 4, 6 whittle away the two-heads sequences, move 8 removes
        // three heads and one head but brings the two-heads back, and move 15 leaves only HHHH.
        let params = Params::new(4, 2).unwrap();
        let table = Necklaces::new(params).unwrap();
        let tails: Vec<u32> = table.reps.iter().map(|r| r.count_ones()).collect();
        assert_eq!(tails, [0, 1, 2, 2, 3, 4]);
        let s = Recursive::new(params).unwrap();
        let at = |i| trace(&s, i).unwrap().present;
        assert_eq!(at(0), [false, true, true, true, true, true]);
        assert!(!at(1)[5], "move 1 takes out TTTT");
        assert!(!at(7)[2] && !at(7)[3], "by move 7 both two-heads necklaces are gone");
        assert!(at(8)[2] || at(8)[3], "move 8 brings two heads back");
        assert!(!at(8)[1] && !at(8)[4], "and removes one and three heads");
        assert_eq!(at(15), [true, false, false, false, false, false]);
        assert_eq!(trace(&s, 15).unwrap().sizes, (0..16).rev().collect::<Vec<u64>>());
    }

    #[test]
    fn the_notebooks_moves_played_by_hand_leave_what_the_strategy_leaves() {
        // The notebook's 15 moves for 4 coins, played as your own: one configuration fewer a move.
        let params = Params::new(4, 2).unwrap();
        let s = Recursive::new(params).unwrap();
        let plays = (0..15).map(|i| s.move_at(i).amounts);
        let played = trace_of_plays(params, plays).unwrap();
        assert_eq!(played.sizes, (0..16).rev().collect::<Vec<u64>>());
        assert_eq!(played.present, [true, false, false, false, false, false]);
        assert_eq!(
            trace_of_plays(params, [vec![1, 0, 1]]).unwrap_err().message(),
            Move::new(&params, vec![1, 0, 1]).unwrap_err().message()
        );
    }
}
