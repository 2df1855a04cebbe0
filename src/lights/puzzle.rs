//! Lights Out as a [`Puzzle`]: the game's rules (`super::game`) joined to its share-link
//! payload (`super::link`), kept apart so that neither of those two modules needs the other's.

use super::board::Spec;
use super::game::{check_on_board, random_board, Game, Move};
use super::{link, solve};
use crate::progress::NoProgress;
use crate::puzzle::Puzzle;
use crate::{bail, Result};

impl Puzzle for Game {
    type Params = Spec;
    type Move = Move;
    const NAME: &'static str = "lights";

    fn random(params: &Spec, seed: u64) -> Result<Game> {
        Ok(Game { board: random_board(params, seed)?, seed: Some(seed), moves: 0 })
    }

    fn apply(&self, mv: &Move) -> Result<Game> {
        check_on_board(&self.board.spec, *mv)?;
        let mut next = self.clone();
        next.board.press(mv.row, mv.col);
        next.moves = next.moves.saturating_add(1);
        Ok(next)
    }

    fn is_solved(&self) -> bool {
        self.board.is_dark()
    }

    /// A minimal solution when the kernel is small enough to prove it, else the best found.
    fn solve(&self) -> Result<Vec<Move>> {
        let s = solve::solve(&self.board, true, &mut NoProgress)?;
        match s.presses {
            Some(p) => Ok(Game::moves_of(&self.board.spec, &p)),
            None => bail!("this pattern cannot be cleared"),
        }
    }

    fn encode(&self) -> String {
        link::encode(self)
    }

    fn decode(payload: &str) -> Result<Game> {
        link::decode(payload)
    }
}
