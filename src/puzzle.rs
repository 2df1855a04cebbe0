//! The small shape every game puzzle shares, after Simon Tatham's Portable Puzzle Collection:
//! parameters, a state, moves that give a new state, a solver that returns moves (so any
//! strategy can be animated or printed), a verifier, and a text encoding for share links.
//! The faces (page, CLI) only draw states and forward moves.

use crate::Result;

pub trait Puzzle: Sized + Clone {
    /// What chooses a game: size, rule, number of sides…
    type Params;
    /// One step of play.
    type Move;

    /// Name in share links (`#<NAME>/v1/…`) and on the command line.
    const NAME: &'static str;

    /// A random game for `params`, reproducible from `seed`.
    fn random(params: &Self::Params, seed: u64) -> Result<Self>;

    /// The state after `mv`, or an error naming why the move is not allowed here.
    fn apply(&self, mv: &Self::Move) -> Result<Self>;

    /// Whether the goal is reached.
    fn is_solved(&self) -> bool;

    /// A sequence of moves that reaches the goal from this state.
    fn solve(&self) -> Result<Vec<Self::Move>>;

    /// Whether `moves`, played from this state, reach the goal (an illegal move is an error).
    fn verify(&self, moves: &[Self::Move]) -> Result<bool> {
        let mut state = self.clone();
        for mv in moves {
            state = state.apply(mv)?;
        }
        Ok(state.is_solved())
    }

    /// The payload of a share link.
    fn encode(&self) -> String;

    /// Reads a payload written by [`Puzzle::encode`]; any other text is a one-line error.
    fn decode(payload: &str) -> Result<Self>;
}
