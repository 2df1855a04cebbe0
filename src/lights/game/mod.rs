//! A game of Lights Out (the board, the seed it came from, the moves made) and random puzzles
//! that are always solvable. Its [`crate::puzzle::Puzzle`] face is in `crate::lights::puzzle`, which
//! joins it to its share link.

pub mod any_size;
pub mod limits;
/// The commercial presets: native builds and the Worker's full module only, so the page's first
/// `lights` module does not grow.
#[cfg(any(not(target_arch = "wasm32"), feature = "lights-full"))]
pub mod presets;

use crate::lights::board::{Board, Rule, Spec};
use crate::seed::rng_from_seed;
use crate::{bail, Result};
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub board: Board,
    /// The random puzzle these lights started from, kept through presses and edits: a link
    /// stores the seed and the lights that differ from it, so it stays short.
    pub seed: Option<u64>,
    pub moves: u32,
}

/// One press of light (row, col), or with `edit` n > 0, a change of that light alone by n
/// states (entering a pattern by hand: not a move of the game, but undone like one), or with
/// `block` the presses of a block of a solution's rows from `row` on, made as one move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    pub row: usize,
    pub col: usize,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub edit: u8,
    /// Set on the steps of a large board's solution (made by the core, never read from a page).
    #[serde(skip)]
    pub block: Option<Arc<PressBlock>>,
}

/// How often each light of some whole rows is pressed, row by row: one step of a large board's
/// solution. A step a press would be millions of steps to hold and to watch; a block of rows
/// is the grain the chase works at, and it reads.
#[derive(Debug, PartialEq, Eq)]
pub struct PressBlock {
    pub cols: usize,
    pub counts: Vec<u8>,
}

impl PressBlock {
    pub fn rows(&self) -> usize {
        self.counts.len() / self.cols.max(1)
    }

    /// The presses in the block (how much a step adds to the move counter).
    pub fn presses(&self) -> u32 {
        self.counts.iter().map(|&n| u32::from(n)).sum()
    }
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl Move {
    pub fn press(row: usize, col: usize) -> Move {
        Move { row, col, edit: 0, block: None }
    }
}

impl Game {
    pub fn new(board: Board) -> Game {
        Game { board, seed: None, moves: 0 }
    }

    /// A random solvable puzzle reproducible from `seed` (see [`random_board`]).
    pub fn random(spec: &Spec, seed: u64) -> Result<Game> {
        Ok(Game { board: random_board(spec, seed)?, seed: Some(seed), moves: 0 })
    }

    /// The presses as moves, each repeated as often as it is pressed.
    pub fn moves_of(spec: &Spec, presses: &[u8]) -> Vec<Move> {
        let mut out = Vec::new();
        for (i, &p) in presses.iter().enumerate() {
            for _ in 0..p {
                out.push(Move::press(i / spec.cols, i % spec.cols));
            }
        }
        out
    }
}

/// The board settings as the page's form gives them: sizes and states may be any JavaScript
/// number (negative, fractional…), so each is checked here with a message naming the field.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub rows: f64,
    pub cols: f64,
    pub rule: Rule,
    pub torus: bool,
    pub states: f64,
}

impl Settings {
    /// The spec, with sides of 1 to `max_side` (the playable [`crate::lights::MAX_SIDE`], or more for the
    /// rank of boards that are never built) and 2 to 9 states.
    pub fn spec(&self, max_side: usize) -> Result<Spec> {
        let whole_in = |v: f64, lo: f64, hi: f64| v.fract() == 0.0 && (lo..=hi).contains(&v);
        for (name, v) in [("rows", self.rows), ("columns", self.cols)] {
            if !whole_in(v, 1.0, max_side as f64) {
                bail!("a board has 1 to {max_side} {name}, not {v}");
            }
        }
        if !whole_in(self.states, 2.0, 9.0) {
            bail!("lights have 2 to 9 states, not {}", self.states);
        }
        let (rows, cols, states) = (self.rows as usize, self.cols as usize, self.states as u8);
        Ok(Spec { rows, cols, rule: self.rule, torus: self.torus, states })
    }
}

/// The lights after pressing `mv` `times` times (k presses of a k-state light change nothing);
/// a press off the board is an error.
pub fn pressed(board: &Board, mv: &Move, times: u32) -> Result<Board> {
    check_on_board(&board.spec, mv)?;
    let mut next = board.clone();
    for _ in 0..times % u32::from(board.spec.states) {
        next.press(mv.row, mv.col);
    }
    Ok(next)
}

/// The lights after pressing every light `presses[i]` times (a whole solution at once).
pub fn after_presses(board: &Board, presses: &[u8]) -> Result<Board> {
    if presses.len() != board.lights.len() {
        bail!("{} presses for {} lights", presses.len(), board.lights.len());
    }
    let mut next = board.clone();
    next.apply_presses(presses);
    Ok(next)
}

pub(super) fn check_on_board(spec: &Spec, mv: &Move) -> Result<()> {
    if mv.row >= spec.rows || mv.col >= spec.cols {
        bail!("({}, {}) is off the {}×{} board", mv.row, mv.col, spec.rows, spec.cols);
    }
    Ok(())
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

/// Boards of up to this many lights step through a solution a press at a time (the page draws
/// them as buttons, and a press reads).
pub const STEP_PRESSES_UP_TO: usize = 1024;

/// The most steps a large board's solution is cut into: a row a step up to 200 rows.
pub const MAX_STEPS: usize = 200;

/// Rows a step of `crate::lights::Position::steps_of` on a board of `rows` rows: one row (a row of the
/// chase) up to [`MAX_STEPS`] rows, else as few as keep the steps to that many.
pub fn rows_per_step(rows: usize) -> usize {
    rows.div_ceil(MAX_STEPS).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lights::{Position, MAX_SIDE};
    use crate::puzzle::Puzzle;

    #[test]
    fn random_games_are_solvable() {
        for seed in 0..20 {
            let spec = Spec { states: 2 + (seed % 8) as u8, ..Spec::classic(4, 5) };
            let game = Position::random(&spec, seed).unwrap();
            let moves = game.solve().unwrap();
            assert!(game.verify(&moves).unwrap());
        }
    }

    #[test]
    fn settings_from_the_page_name_the_bad_field() {
        let ok = Settings { rows: 5.0, cols: 7.0, rule: Rule::King, torus: true, states: 3.0 };
        assert_eq!(ok.spec(MAX_SIDE).unwrap(), Spec { rows: 5, cols: 7, rule: Rule::King, torus: true, states: 3 });
        let msg = |s: Settings| s.spec(MAX_SIDE).unwrap_err().message().to_string();
        assert_eq!(msg(Settings { rows: -1.0, ..ok }), "a board has 1 to 4096 rows, not -1");
        assert_eq!(msg(Settings { rows: 1.5, ..ok }), "a board has 1 to 4096 rows, not 1.5");
        assert_eq!(msg(Settings { cols: 4097.0, ..ok }), "a board has 1 to 4096 columns, not 4097");
        assert_eq!(msg(Settings { cols: f64::NAN, ..ok }), "a board has 1 to 4096 columns, not NaN");
        assert_eq!(msg(Settings { states: 10.0, ..ok }), "lights have 2 to 9 states, not 10");
        assert_eq!(Settings { rows: 100_000.0, ..ok }.spec(1_000_000).unwrap().rows, 100_000);
    }

    #[test]
    fn pressing_n_times_is_n_single_presses_and_k_presses_are_none() {
        for states in 2..=5u8 {
            let spec = Spec { rows: 4, cols: 5, rule: Rule::Plus, torus: false, states };
            let game = Game::random(&spec, u64::from(states)).unwrap();
            let mv = Move::press(2, 3);
            let mut one_by_one = game.clone();
            for times in 0..2 * u32::from(states) {
                assert_eq!(pressed(&game.board, &mv, times).unwrap().lights, one_by_one.board.lights);
                one_by_one.board.press(mv.row, mv.col);
            }
            assert_eq!(pressed(&game.board, &mv, u32::from(states)).unwrap(), game.board);
        }
        let board = Board::new(Spec::classic(3, 3)).unwrap();
        assert_eq!(pressed(&board, &Move::press(3, 0), 1).unwrap_err().message(), "(3, 0) is off the 3×3 board");
    }

    #[test]
    fn a_whole_solution_at_once_clears_the_board_and_needs_one_count_per_light() {
        let game = Game::random(&Spec::classic(5, 5), 9).unwrap();
        let moves = Position::from_game(game.clone()).unwrap().solve().unwrap();
        let mut presses = vec![0u8; 25];
        for m in &moves {
            presses[m.row * 5 + m.col] += 1;
        }
        assert!(after_presses(&game.board, &presses).unwrap().is_dark());
        assert_eq!(after_presses(&game.board, &presses[1..]).unwrap_err().message(), "24 presses for 25 lights");
    }
}
