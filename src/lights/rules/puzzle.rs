//! Lights Out as a [`Puzzle`]: the game's rules (`crate::lights::rules::game`) joined to its share-link
//! payload (`crate::lights::io::link`), kept apart so that neither of those two modules needs the other's.

use crate::lights::io::link;
use crate::lights::rules::board::Spec;
use crate::lights::rules::game::{check_on_board, random_board, Game, Move};
use crate::lights::solvers::solve;
use crate::progress::Progress;
use crate::puzzle::Puzzle;
use crate::{bail, Result};

/// How [`Puzzle::solve_with`] solves: `minimal` searches the solutions for the fewest presses
/// when the kernel is small enough to prove it (the default), else any solution will do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SolveOptions {
    pub minimal: bool,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions { minimal: true }
    }
}

impl Puzzle for Game {
    type Params = Spec;
    type Move = Move;
    type Outcome = ();
    type SolveOptions = SolveOptions;
    const NAME: &'static str = "lights";
    const LINK_VERSION: u32 = link::VERSION;

    fn random(params: &Spec, seed: u64) -> Result<Game> {
        Ok(Game { board: random_board(params, seed)?, seed: Some(seed), moves: 0 })
    }

    fn play(&self, mv: &Move) -> Result<(Game, ())> {
        check_on_board(&self.board.spec, *mv)?;
        let mut next = self.clone();
        next.board.press(mv.row, mv.col);
        next.moves = next.moves.saturating_add(1);
        Ok((next, ()))
    }

    fn is_solved(&self) -> bool {
        self.board.is_dark()
    }

    fn solve_with(&self, options: &SolveOptions, progress: &mut dyn Progress) -> Result<Vec<Move>> {
        let s = solve::solve(&self.board, options.minimal, progress)?;
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

    /// Version 1 links open too.
    fn open(fragment: &str) -> Result<Game> {
        link::from_link(fragment)
    }
}
