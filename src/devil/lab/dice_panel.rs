//! The strategy lab's dice panel: whether a strategy exists for n squares of q-faced dice and
//! why, every board checked when there are few enough, and one round played from a seed.

use crate::devil::lab::dice::{self, Dice, MAX_DICE_BOARDS};
use crate::progress::Progress;
use crate::seed::rng_from_seed;
use crate::Result;
use rand::Rng;
use serde::Serialize;

/// One round: A adds 1 (mod q) to square `add` of `board`, B names `answer` from `after`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Round {
    pub board: Vec<u8>,
    pub key: usize,
    pub add: usize,
    pub after: Vec<u8>,
    pub answer: usize,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Panel {
    pub exists: bool,
    pub reason: String,
    /// Boards checked one by one (when at most [`MAX_DICE_BOARDS`]).
    pub boards_checked: Option<u64>,
    pub valid: Option<bool>,
    pub round: Option<Round>,
}

/// A round on a random board and key drawn from `seed`, played by the strategy `d`.
pub fn round(d: &Dice, seed: u64) -> Result<Round> {
    let mut rng = rng_from_seed(seed);
    let board: Vec<u8> = (0..d.squares).map(|_| rng.random_range(0..d.faces) as u8).collect();
    let key = rng.random_range(0..d.squares);
    let add = d.encode(&board, key)?;
    let mut after = board.clone();
    after[add] = ((usize::from(after[add]) + 1) % d.faces) as u8;
    let answer = d.decode(&after)?;
    Ok(Round { board, key, add, after, answer })
}

pub fn panel(squares: usize, faces: usize, seed: u64, progress: &mut dyn Progress) -> Result<Panel> {
    let (exists, reason) = dice::exists(squares, faces)?;
    let mut out = Panel { exists, reason, boards_checked: None, valid: None, round: None };
    if !exists {
        return Ok(out);
    }
    let d = Dice::new(squares, faces)?;
    let boards = (faces as u64).checked_pow(squares as u32).filter(|&b| b <= MAX_DICE_BOARDS);
    if let Some(b) = boards {
        progress.report(0, 1);
        let bad = dice::verify(squares, faces, &|x| d.decode(x).unwrap_or(usize::MAX))?;
        progress.report(1, 1);
        out.boards_checked = Some(b);
        out.valid = Some(bad.is_none());
    }
    out.round = Some(round(&d, seed)?);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::NoProgress;

    #[test]
    fn a_round_adds_one_on_one_square_and_names_the_key() {
        for (n, q) in [(2, 2), (3, 3), (4, 2), (6, 6), (8, 4)] {
            let d = Dice::new(n, q).unwrap();
            for seed in 0..20 {
                let r = round(&d, seed).unwrap();
                let changed: Vec<usize> = (0..n).filter(|&i| r.board[i] != r.after[i]).collect();
                assert_eq!(changed, vec![r.add], "one die changes");
                assert_eq!(usize::from(r.after[r.add]), (usize::from(r.board[r.add]) + 1) % q);
                assert_eq!(r.answer, r.key, "{n} squares, {q} faces, seed {seed}");
            }
        }
    }

    #[test]
    fn the_panel_checks_small_games_and_plays_only_when_a_strategy_exists() {
        let p = panel(3, 3, 1, &mut NoProgress).unwrap();
        assert_eq!((p.exists, p.boards_checked, p.valid), (true, Some(27), Some(true)));
        assert!(p.round.is_some());
        // Two squares of three-faced dice: 2 and 3 share no prime, so no strategy exists.
        let none = panel(2, 3, 1, &mut NoProgress).unwrap();
        assert!(!none.exists && none.round.is_none() && none.boards_checked.is_none());
    }
}
