//! The small shape every game puzzle shares, after Simon Tatham's Portable Puzzle Collection:
//! parameters, a state, moves that give a new state (and say what else happened), a solver
//! with options and progress that returns moves (so any strategy can be stepped through or
//! printed), a verifier, and a versioned share link. [`crate::session::Session`] holds a game
//! of any of them; the faces (page, embed, CLI) only draw states and forward moves.

use crate::link;
use crate::progress::{NoProgress, Progress};
use crate::Result;

/// Where a game stands (sgt-puzzles' `status()`): still being played, won, or lost for good
/// (a prisoner named the wrong square). The faces show it; none works it out for itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Playing,
    Won,
    Lost,
}

/// What an input on the board does (sgt's `interpret_move`): the face turns a click or key into
/// one of these, so a view forwards input and draws, and the rules of what input means stay here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action<P: Puzzle> {
    /// A move of the game.
    Play(P::Move),
    /// A move and the partner's reply to it, as one turn ([`crate::session::Session::play_turn`]).
    Turn(P::Move),
    /// An edit that is not a move: the session starts again from this state.
    Replace(P),
    /// Nothing happens, and this says why.
    Refuse(&'static str),
    /// The input is taken and changes nothing (a light set to the state it has).
    Keep,
}

/// An input on a cell as a page forwards it: a click (or tap), or a key pressed on it (Enter
/// as `'\n'`). What it does is the puzzle's to say, with the view's mode and tool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    Click,
    Key(char),
}

impl Input {
    /// The input a page forwards: a click when `key` is none, else a key by its DOM name
    /// (`' '`, `'Enter'`, `'k'`…); `None` for a key no puzzle reads (arrows, Tab…).
    pub fn forwarded(key: Option<&str>) -> Option<Input> {
        match key {
            None => Some(Input::Click),
            Some("Enter") => Some(Input::Key('\n')),
            Some(key) => {
                let mut chars = key.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => Some(Input::Key(c)),
                    _ => None,
                }
            }
        }
    }
}

pub trait Puzzle: Sized + Clone {
    /// What chooses a game: size, rule, number of sides…
    type Params;
    /// One step of play.
    type Move: Clone;
    /// What a move did besides giving the next state, for the faces to show: the devil's turn
    /// of the rotating table; `()` where the state says it all.
    type Outcome: Clone;
    /// How to solve: which strategy, whether to search for the fewest moves…
    type SolveOptions: Default;

    /// Name in share links (`#<NAME>/v<LINK_VERSION>/…`) and on the command line.
    const NAME: &'static str;
    /// The link version [`Puzzle::link`] writes. Every older version stays readable by
    /// [`Puzzle::open`] (tests/data/links holds one link of each).
    const LINK_VERSION: u32;

    /// A random game for `params`, reproducible from `seed`.
    fn random(params: &Self::Params, seed: u64) -> Result<Self>;

    /// The state after `mv` and what else the move did, or an error naming why the move is not
    /// allowed here.
    fn play(&self, mv: &Self::Move) -> Result<(Self, Self::Outcome)>;

    /// The state after `mv`.
    fn apply(&self, mv: &Self::Move) -> Result<Self> {
        self.play(mv).map(|(next, _)| next)
    }

    /// Whether a session undoes this puzzle's moves with [`Puzzle::unplay`] rather than by
    /// keeping the state after each move: for states too large to keep one a move (Lights Out
    /// boards up to 8192² lights, 8 MB each).
    const UNDOES_IN_PLACE: bool = false;

    /// Plays `mv` on this state in place; a refused move changes nothing.
    fn play_in_place(&mut self, mv: &Self::Move) -> Result<Self::Outcome> {
        let (next, outcome) = self.play(mv)?;
        *self = next;
        Ok(outcome)
    }

    /// Takes back `mv`, the last move played on this state, in place (only puzzles with
    /// [`Puzzle::UNDOES_IN_PLACE`] are asked).
    fn unplay(&mut self, mv: &Self::Move) -> Result<()> {
        let _ = mv;
        crate::bail!("{} moves are not taken back in place", Self::NAME)
    }

    /// Whether the goal is reached.
    fn is_solved(&self) -> bool;

    /// Where the game stands: won once solved; puzzles that can be lost say when.
    fn status(&self) -> Status {
        if self.is_solved() {
            Status::Won
        } else {
            Status::Playing
        }
    }

    /// A sequence of moves that reaches the goal from this state, reporting progress.
    fn solve_with(&self, options: &Self::SolveOptions, progress: &mut dyn Progress) -> Result<Vec<Self::Move>>;

    /// [`Puzzle::solve_with`] with the default options.
    fn solve(&self) -> Result<Vec<Self::Move>> {
        self.solve_with(&Self::SolveOptions::default(), &mut NoProgress)
    }

    /// Whether `moves`, played from this state, reach the goal (an illegal move is an error).
    fn verify(&self, moves: &[Self::Move]) -> Result<bool> {
        let mut state = self.clone();
        for mv in moves {
            state = state.apply(mv)?;
        }
        Ok(state.is_solved())
    }

    /// The payload of a share link, in the current version's format.
    fn encode(&self) -> String;

    /// Reads a payload written by [`Puzzle::encode`]; any other text is a one-line error.
    fn decode(payload: &str) -> Result<Self>;

    /// The share-link fragment (without `#`): `<NAME>/v<LINK_VERSION>/<payload>`.
    fn link(&self) -> String {
        link::make(Self::NAME, Self::LINK_VERSION, &self.encode())
    }

    /// Opens a fragment (with or without `#`) of any version this build reads; a link of
    /// another puzzle, a newer version or a garbled payload is a one-line error.
    fn open(fragment: &str) -> Result<Self> {
        Self::decode(link::payload(fragment, Self::NAME, Self::LINK_VERSION)?)
    }
}
