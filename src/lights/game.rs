//! A game of Lights Out as a [`Puzzle`] and random puzzles that are always solvable; its share
//! link is in [`super::link`].

use super::board::{Board, Spec};
use super::solve;
use crate::progress::NoProgress;
use crate::puzzle::Puzzle;
use crate::seed::rng_from_seed;
use crate::{bail, Result};
use rand::Rng;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub board: Board,
    /// The random puzzle these lights started from, kept through presses and edits: a link
    /// stores the seed and the lights that differ from it, so it stays short.
    pub seed: Option<u64>,
    pub moves: u32,
}

/// One press.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    pub row: usize,
    pub col: usize,
}

impl Game {
    pub fn new(board: Board) -> Game {
        Game { board, seed: None, moves: 0 }
    }

    /// The presses as moves, each repeated as often as it is pressed.
    pub fn moves_of(spec: &Spec, presses: &[u8]) -> Vec<Move> {
        let mut out = Vec::new();
        for (i, &p) in presses.iter().enumerate() {
            for _ in 0..p {
                out.push(Move { row: i / spec.cols, col: i % spec.cols });
            }
        }
        out
    }
}

/// Lights reached from a dark board by pressing every light a uniformly random number of times
/// (0..k−1). The map from presses to lights is linear, so the image of the uniform
/// distribution is uniform over its image: every solvable pattern is equally likely.
pub fn random_board(spec: &Spec, seed: u64) -> Result<Board> {
    let mut board = Board::new(*spec)?;
    let mut rng = rng_from_seed(seed);
    let presses: Vec<u8> = (0..spec.cells()).map(|_| rng.random_range(0..spec.states)).collect();
    board.apply_presses(&presses);
    Ok(board)
}

impl Puzzle for Game {
    type Params = Spec;
    type Move = Move;
    const NAME: &'static str = "lights";

    fn random(params: &Spec, seed: u64) -> Result<Game> {
        Ok(Game { board: random_board(params, seed)?, seed: Some(seed), moves: 0 })
    }

    fn apply(&self, mv: &Move) -> Result<Game> {
        let spec = self.board.spec;
        if mv.row >= spec.rows || mv.col >= spec.cols {
            bail!("({}, {}) is off the {}×{} board", mv.row, mv.col, spec.rows, spec.cols);
        }
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
        super::link::encode(self)
    }

    fn decode(payload: &str) -> Result<Game> {
        super::link::decode(payload)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_games_are_solvable() {
        for seed in 0..20 {
            let spec = Spec { states: 2 + (seed % 8) as u8, ..Spec::classic(4, 5) };
            let game = Game::random(&spec, seed).unwrap();
            let moves = game.solve().unwrap();
            assert!(game.verify(&moves).unwrap());
        }
    }
}
