//! Lights Out as a [`Puzzle`]: the game's rules (`crate::lights::game`, the any-size
//! lights of `any_size`) joined to its share-link payload (`crate::lights::io::link`), kept apart
//! so that neither of those modules needs the other.

use crate::lights::board::Spec;
use crate::lights::game::any_size::{Lights, SolveRequest};
use crate::lights::game::{rows_per_step, Game, Move, PressBlock, STEP_PRESSES_UP_TO};
use crate::lights::io::link;
use crate::lights::solvers::chase::{chase, ChaseRow};
use crate::progress::Progress;
use crate::puzzle::{Action, Input, Puzzle};
use crate::{bail, Result};

/// How [`Puzzle::solve_with`] solves: `minimal` searches the solutions for the fewest presses
/// when the kernel is small enough to prove it (the default), else any solution will do;
/// `chase` walks light chasing instead, a row of presses a step (see [`Position::steps_of_chase`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SolveOptions {
    pub minimal: bool,
    #[serde(default)]
    pub chase: bool,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions { minimal: true, chase: false }
    }
}

/// A Lights Out game as a session plays it: lights of any size the core holds (packed bits
/// beyond 4096 a side), the seed they came from and the presses made. [`Game`] is the same with
/// a byte-a-light board, what a share link holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub lights: Lights,
    /// The random puzzle the lights started from, kept through presses and edits (links store
    /// the seed and the lights that differ from it).
    pub seed: Option<u64>,
    /// Presses made (edits are not counted).
    pub moves: u32,
}

impl Position {
    pub fn new(lights: Lights) -> Position {
        Position { lights, seed: None, moves: 0 }
    }

    pub fn from_game(game: Game) -> Result<Position> {
        Ok(Position { lights: Lights::from_board(game.board)?, seed: game.seed, moves: game.moves })
    }

    /// The game with a byte board, for links and files; `None` beyond 4096 lights a side.
    pub fn to_game(&self) -> Option<Game> {
        let board = self.lights.to_board()?.into_owned();
        Some(Game { board, seed: self.seed, moves: self.moves })
    }

    /// The presses of a solution (each light as often as `presses` says) as moves, row by row.
    pub fn moves_of(presses: &Lights) -> Vec<Move> {
        let spec = presses.spec();
        let mut out = Vec::new();
        for row in 0..spec.rows {
            for col in 0..spec.cols {
                out.extend((0..presses.get(row, col)).map(|_| Move::press(row, col)));
            }
        }
        out
    }

    /// The steps a page walks through a solution in: a press a step on boards of up to
    /// [`STEP_PRESSES_UP_TO`] lights, else blocks of [`rows_per_step`] rows, each one
    /// move (a 2000×2000 board's two million presses become 200 steps of 10 rows).
    pub fn steps_of(presses: &Lights) -> Result<Vec<Move>> {
        let spec = presses.spec();
        if spec.rows * spec.cols <= STEP_PRESSES_UP_TO {
            return Ok(Position::moves_of(presses));
        }
        let per = rows_per_step(spec.rows);
        (0..spec.rows)
            .step_by(per)
            .map(|from| {
                let to = (from + per).min(spec.rows);
                let counts = presses.cells(1, from, to)?;
                let block = PressBlock { cols: spec.cols, counts };
                Ok(Move { row: from, col: 0, edit: 0, block: Some(std::sync::Arc::new(block)) })
            })
            .collect()
    }

    /// The steps of a light-chasing walk-through on a board `cols` wide: a row of presses a
    /// step, each one move (so undo takes a row back, as the walk-through steps). A press
    /// outside the width, or twice in a row's step, is refused; playing a step checks the rest.
    pub fn steps_of_chase(rows: &[ChaseRow], cols: usize) -> Result<Vec<Move>> {
        rows.iter()
            .map(|group| {
                let mut counts = vec![0u8; cols];
                for press in &group.presses {
                    match counts.get_mut(press.col) {
                        Some(count) if press.row == group.row && *count == 0 => *count = press.times,
                        _ => bail!("a chase row that does not fit this board"),
                    }
                }
                let block = PressBlock { cols, counts };
                Ok(Move { row: group.row, col: 0, edit: 0, block: Some(std::sync::Arc::new(block)) })
            })
            .collect()
    }

    /// What `input` on light `cell` does (sgt's `interpret_move`): a click, Space or Enter
    /// presses it, or while `editing` moves it one state on; a digit d sets it to state d (an
    /// edit, undone like a move), and is taken without effect when it has that state or d is
    /// past the board's states. `None` for other keys (the page's shortcuts).
    pub fn interpret(&self, cell: usize, input: Input, editing: bool) -> Result<Option<Action<Position>>> {
        let spec = self.lights.spec();
        if cell >= spec.rows * spec.cols {
            bail!("light {cell} is off the {}×{} board", spec.rows, spec.cols);
        }
        let (row, col) = (cell / spec.cols, cell % spec.cols);
        let edit = |edit: u8| Action::Play(Move { row, col, edit, block: None });
        Ok(Some(match input {
            Input::Click | Input::Key(' ' | '\n') if editing => edit(1),
            Input::Click | Input::Key(' ' | '\n') => Action::Play(Move::press(row, col)),
            Input::Key(digit @ '0'..='9') => {
                let (states, want) = (u32::from(spec.states), digit.to_digit(10).unwrap_or(0));
                let steps = (want + states - u32::from(self.lights.get(row, col))) % states;
                match u8::try_from(steps) {
                    Ok(steps) if want < states && steps > 0 => edit(steps),
                    _ => Action::Keep,
                }
            }
            Input::Key(_) => return Ok(None),
        }))
    }

    /// Presses every light of `block` as often as it says (`times` 1), or takes them back
    /// (`times` k − 1 each).
    fn press_block(&mut self, from: usize, block: &PressBlock, undo: bool) -> Result<()> {
        let k = u32::from(self.lights.spec().states);
        if block.cols != self.lights.spec().cols {
            bail!("a block of presses for another board");
        }
        self.lights.press_rows(from, &block.counts, if undo { k - 1 } else { 1 })?;
        let presses = block.presses();
        self.moves = if undo { self.moves.saturating_sub(presses) } else { self.moves.saturating_add(presses) };
        Ok(())
    }
}

impl Puzzle for Position {
    type Params = Spec;
    type Move = Move;
    type Outcome = ();
    type SolveOptions = SolveOptions;
    const NAME: &'static str = link::NAME;
    const LINK_VERSION: u32 = link::VERSION;
    /// A board is up to 8 MB: a session keeps the presses, and undoes one by pressing k−1 more
    /// times.
    const UNDOES_IN_PLACE: bool = true;

    fn random(params: &Spec, seed: u64) -> Result<Position> {
        Ok(Position { lights: Lights::random(params, seed)?, seed: Some(seed), moves: 0 })
    }

    fn play(&self, mv: &Move) -> Result<(Position, ())> {
        let mut next = self.clone();
        next.play_in_place(mv)?;
        Ok((next, ()))
    }

    fn play_in_place(&mut self, mv: &Move) -> Result<()> {
        if let Some(block) = &mv.block {
            self.press_block(mv.row, block, false)
        } else if mv.edit > 0 {
            self.lights.change(mv.row, mv.col, u32::from(mv.edit))
        } else {
            self.lights.press(mv.row, mv.col, 1)?;
            self.moves = self.moves.saturating_add(1);
            Ok(())
        }
    }

    fn unplay(&mut self, mv: &Move) -> Result<()> {
        let k = u32::from(self.lights.spec().states);
        if let Some(block) = &mv.block {
            self.press_block(mv.row, block, true)
        } else if mv.edit > 0 {
            self.lights.change(mv.row, mv.col, k - u32::from(mv.edit) % k)
        } else {
            self.lights.press(mv.row, mv.col, k - 1)?;
            self.moves = self.moves.saturating_sub(1);
            Ok(())
        }
    }

    fn is_solved(&self) -> bool {
        self.lights.lit() == 0
    }

    /// With `chase`, the rows of light chasing: for a board no first-row fix-up clears, the
    /// first pass alone, which leaves the last row lit (the walk-through shows why).
    fn solve_with(&self, options: &SolveOptions, progress: &mut dyn Progress) -> Result<Vec<Move>> {
        if options.chase {
            let Some(board) = self.lights.to_board() else {
                bail!("light chasing is walked on boards up to 4096×4096")
            };
            return Position::steps_of_chase(&chase(&board)?.rows(), board.spec.cols);
        }
        let how = SolveRequest { minimal: options.minimal, presses: true, quiet: false };
        match self.lights.solve(&how, progress)?.presses {
            Some(p) => Ok(Position::moves_of(&p)),
            None => bail!("this pattern cannot be cleared"),
        }
    }

    /// A board beyond 4096 a side has no link (pages save it as a file): its payload is empty,
    /// which no decoder accepts.
    fn encode(&self) -> String {
        self.to_game().map(|game| link::encode(&game)).unwrap_or_default()
    }

    fn decode(payload: &str) -> Result<Position> {
        Position::from_game(link::decode(payload)?)
    }

    /// Version 1 links open too.
    fn open(fragment: &str) -> Result<Position> {
        Position::from_game(link::from_link(fragment)?)
    }
}
