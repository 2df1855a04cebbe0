//! The midend: one game session of any [`Puzzle`], the piece every face drives instead of
//! keeping its own history. It holds where the game began, the moves made (each with the state
//! after it and its outcome), how many of them are in effect (undo and redo move that mark), and
//! the steps of a solution loaded for stepping through.
//!
//! A loaded solution is the redo tail: its moves wait after the mark, unplayed, and stepping
//! forward or back is redo and undo. So a face has one notion of "where we are", the step bar
//! and the Undo button agree, and a move made mid-way through a solution replaces the rest of
//! it, as a new move after an undo replaces the undone ones (Simon Tatham's midend does the same).

use crate::progress::Progress;
use crate::puzzle::Puzzle;
use crate::{bail, Result};
use std::ops::Range;

/// A move of the session: the move, and once played, what it did and (for puzzles that do not
/// undo in place) the state after it.
#[derive(Clone)]
struct Entry<P: Puzzle> {
    mv: P::Move,
    played: Option<Played<P>>,
    /// Whether the move belongs to the turn of the move before it (a partner's reply): undo
    /// and redo take a turn back, or make it again, whole.
    joined: bool,
}

#[derive(Clone)]
struct Played<P: Puzzle> {
    outcome: P::Outcome,
    /// The state after the move; `None` for puzzles with [`Puzzle::UNDOES_IN_PLACE`].
    after: Option<P>,
}

#[derive(Clone)]
pub struct Session<P: Puzzle> {
    start: P,
    /// The state shown: the start with the moves in effect played on it.
    current: P,
    entries: Vec<Entry<P>>,
    /// How many entries are in effect; every one of them has been played.
    at: usize,
    /// The entries a solve loaded, for the step bar.
    steps: Option<Range<usize>>,
}

/// Where the step bar stands: step `at` of `count` (0 is before the first move).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct StepPosition {
    pub at: usize,
    pub count: usize,
}

impl<P: Puzzle> Session<P> {
    /// A session that begins at `state`, with no moves.
    pub fn new(state: P) -> Session<P> {
        Session { start: state.clone(), current: state, entries: Vec::new(), at: 0, steps: None }
    }

    /// A session of a random game.
    pub fn random(params: &P::Params, seed: u64) -> Result<Session<P>> {
        Ok(Session::new(P::random(params, seed)?))
    }

    /// A session of the state a share link holds.
    pub fn open(fragment: &str) -> Result<Session<P>> {
        Ok(Session::new(P::open(fragment)?))
    }

    /// The state shown now.
    pub fn state(&self) -> &P {
        &self.current
    }

    /// What the last move in effect did (`None` before the first).
    pub fn last_outcome(&self) -> Option<&P::Outcome> {
        self.at.checked_sub(1).map(|i| &self.played(i).outcome)
    }

    /// The moves in effect, oldest first.
    pub fn moves(&self) -> impl Iterator<Item = &P::Move> {
        self.entries[..self.at].iter().map(|e| &e.mv)
    }

    /// How many moves are in effect (the move counter).
    pub fn move_count(&self) -> usize {
        self.at
    }

    /// The share link of the state shown.
    pub fn link(&self) -> String {
        self.state().link()
    }

    /// Plays `mv` from the state shown. It replaces any undone moves and the rest of a loaded
    /// solution; a refused move changes nothing.
    pub fn play(&mut self, mv: P::Move) -> Result<&P::Outcome> {
        if P::UNDOES_IN_PLACE {
            let outcome = self.current.play_in_place(&mv)?;
            return Ok(self.push(mv, Played { outcome, after: None }));
        }
        let after = self.state().play(&mv)?;
        self.play_by(mv, |_| Ok(after))
    }

    /// Makes a compound step as one move of the history (the rotating table's jump through many
    /// of the strategy's moves): `how` gives the state after it and its outcome from the state
    /// shown, and `mv` is what the history records. A refusal changes nothing.
    pub fn play_by(&mut self, mv: P::Move, how: impl FnOnce(&P) -> Result<(P, P::Outcome)>) -> Result<&P::Outcome> {
        let (after, outcome) = how(self.state())?;
        let kept = (!P::UNDOES_IN_PLACE).then(|| after.clone());
        self.current = after;
        Ok(self.push(mv, Played { outcome, after: kept }))
    }

    /// What `mv` would do from the state shown (the devil's choice of turn, before the table
    /// is drawn turning), without playing it: nothing changes.
    pub fn preview(&self, mv: &P::Move) -> Result<P::Outcome> {
        self.state().play(mv).map(|(_, outcome)| outcome)
    }

    /// Plays `mv` and then the reply `reply` gives from the state after it (the partner's
    /// move: prisoner B's answer to A's flip), as one turn: undo and redo take both. A refused
    /// move or reply changes nothing.
    pub fn play_turn(&mut self, mv: P::Move, reply: impl FnOnce(&P) -> Result<Option<P::Move>>) -> Result<()> {
        let before = self.clone();
        self.play(mv)?;
        let answered = reply(self.state()).and_then(|r| match r {
            Some(r) => self.play(r).map(|_| true),
            None => Ok(false),
        });
        match answered {
            Ok(true) => {
                self.entries[self.at - 1].joined = true;
                Ok(())
            }
            Ok(false) => Ok(()),
            Err(e) => {
                *self = before;
                Err(e)
            }
        }
    }

    /// Records a move just played on `current`, in place of any undone ones.
    fn push(&mut self, mv: P::Move, played: Played<P>) -> &P::Outcome {
        self.entries.truncate(self.at);
        self.entries.push(Entry { mv, played: Some(played), joined: false });
        self.at += 1;
        self.steps = None;
        &self.played(self.at - 1).outcome
    }

    /// Starts again from `state` (an edit that is not a move, a new game), forgetting history.
    pub fn reset(&mut self, state: P) {
        *self = Session::new(state);
    }

    pub fn can_undo(&self) -> bool {
        self.at > 0
    }

    /// Whether [`Session::redo`] has a move to make (an undone move or a solution's next step).
    pub fn can_redo(&self) -> bool {
        self.at < self.entries.len()
    }

    /// Takes back the last turn in effect (a move, with its partner's reply if it had one);
    /// false when there is none.
    pub fn undo(&mut self) -> bool {
        let undone = self.undo_move();
        while undone && self.at > 0 && self.entries[self.at].joined && self.undo_move() {}
        undone
    }

    /// Takes back the last move in effect; false when there is none.
    fn undo_move(&mut self) -> bool {
        if self.at == 0 {
            return false;
        }
        if P::UNDOES_IN_PLACE {
            if self.current.unplay(&self.entries[self.at - 1].mv).is_err() {
                return false;
            }
        } else {
            let before = match self.at {
                1 => &self.start,
                n => self.played(n - 2).after.as_ref().expect("kept for puzzles that do not undo in place"),
            };
            self.current = before.clone();
        }
        self.at -= 1;
        true
    }

    /// Makes the next turn after the mark again (a move, with its partner's reply if it had
    /// one), or a loaded solution's next step; see [`Session::redo_move`].
    pub fn redo(&mut self) -> Result<bool> {
        let redone = self.redo_move()?;
        while redone && self.entries.get(self.at).is_some_and(|e| e.joined) && self.redo_move()? {}
        Ok(redone)
    }

    /// Makes the next move after the mark: an undone one, or a loaded solution's next step
    /// (played now, the first time). False when there is none. A step the game refuses because
    /// it is already won ends the solution there (the rotating table's list of moves can
    /// outlast the game); any other refusal is an error and changes nothing.
    fn redo_move(&mut self) -> Result<bool> {
        let Some(entry) = self.entries.get(self.at) else { return Ok(false) };
        if let Some(Played { after: Some(after), .. }) = &entry.played {
            self.current = after.clone();
            self.at += 1;
            return Ok(true);
        }
        let mv = entry.mv.clone();
        let played = if P::UNDOES_IN_PLACE {
            self.current.play_in_place(&mv).map(|outcome| Played { outcome, after: None })
        } else {
            self.current.play(&mv).map(|(after, outcome)| Played { outcome, after: Some(after) })
        };
        match played {
            Ok(played) => {
                if let Some(after) = &played.after {
                    self.current = after.clone();
                }
                self.entries[self.at].played = Some(played);
            }
            Err(_) if self.state().is_solved() => {
                self.entries.truncate(self.at);
                if let Some(steps) = &mut self.steps {
                    steps.end = steps.end.min(self.at);
                }
                return Ok(false);
            }
            Err(e) => return Err(e),
        }
        self.at += 1;
        Ok(true)
    }

    /// Solves from the state shown and loads the solution for stepping: it replaces the undone
    /// moves, and the state stays where it is (step 0). Returns the number of steps.
    pub fn solve(&mut self, options: &P::SolveOptions, progress: &mut dyn Progress) -> Result<usize> {
        let moves = self.state().solve_with(options, progress)?;
        Ok(self.load_steps(moves))
    }

    /// Loads moves found elsewhere (a solve in a Worker) as the steps to go through from the
    /// state shown, as [`Session::solve`] does.
    pub fn load_steps(&mut self, moves: Vec<P::Move>) -> usize {
        self.entries.truncate(self.at);
        let count = moves.len();
        self.entries.extend(moves.into_iter().map(|mv| Entry { mv, played: None, joined: false }));
        self.steps = Some(self.at..self.at + count);
        count
    }

    /// The loaded solution's moves, all of them (played or not).
    pub fn steps(&self) -> Option<impl Iterator<Item = &P::Move>> {
        self.steps.clone().map(|r| self.entries[r].iter().map(|e| &e.mv))
    }

    /// Where the step bar stands in the loaded solution: `None` when none is loaded, or when
    /// the moves in effect have left it (undone past its start).
    pub fn step_position(&self) -> Option<StepPosition> {
        let r = self.steps.as_ref()?;
        (r.start..=r.end).contains(&self.at).then(|| StepPosition { at: self.at - r.start, count: r.len() })
    }

    /// Shows the state after step `n` of the loaded solution (0: before its first move),
    /// undoing or playing its moves to get there. Returns where the bar stands, which is
    /// short of `n` when the game was won before step `n`.
    pub fn step_to(&mut self, n: usize) -> Result<StepPosition> {
        let Some(r) = self.steps.clone() else { bail!("no solution is loaded to step through") };
        if self.at < r.start || self.at > r.end {
            bail!("the moves since the solution was loaded are not its steps");
        }
        let target = r.start + n.min(r.end - r.start);
        while self.at > target {
            self.undo_move();
        }
        while self.at < target && self.redo_move()? {}
        Ok(self.step_position().expect("the mark is within the loaded steps"))
    }

    /// What entry `i` did; entries before the mark have always been played.
    fn played(&self, i: usize) -> &Played<P> {
        self.entries[i].played.as_ref().expect("every entry before the mark has been played")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::devil::{Game, Move, Params};
    use crate::progress::NoProgress;

    fn round() -> Session<Game> {
        Session::random(&Params { squares: 16 }, 7).unwrap()
    }

    #[test]
    fn a_refused_move_changes_nothing() {
        let mut s = round();
        s.play(Move::Flip(3)).unwrap();
        let link = s.link();
        assert!(s.play(Move::Flip(4)).is_err(), "A flips one coin only");
        assert_eq!((s.move_count(), s.link()), (1, link));
        assert!(s.undo() && s.redo().unwrap(), "the history is intact");
    }

    #[test]
    fn a_turn_with_the_partners_reply_is_undone_and_redone_whole() {
        let mut s = round();
        let dealt = s.state().clone();
        s.play_turn(Move::Flip(3), |g| g.reply(&Default::default())).unwrap();
        let answer = (0..16).filter(|&i| s.state().board.get(i)).fold(0, |a, i| a ^ i);
        assert_eq!(s.moves().cloned().collect::<Vec<_>>(), [Move::Flip(3), Move::Answer(answer)]);
        let played = s.state().clone();
        assert!(s.undo());
        assert_eq!((s.state(), s.move_count(), s.can_undo()), (&dealt, 0, false), "one undo takes the turn");
        assert!(s.redo().unwrap());
        assert_eq!((s.state(), s.move_count(), s.can_redo()), (&played, 2, false), "one redo makes it again");
        // A reply that fails takes the move back with it: nothing changes.
        let mut t = round();
        let refused = t.play_turn(Move::Flip(3), |_| crate::bail!("no reply"));
        assert!(refused.is_err());
        assert_eq!((t.state(), t.move_count()), (&dealt, 0));
        // No reply: the move is a turn of its own.
        t.play_turn(Move::Flip(3), |_| Ok(None)).unwrap();
        assert_eq!(t.move_count(), 1);
    }

    #[test]
    fn a_preview_says_what_a_move_would_do_and_changes_nothing() {
        use crate::table::game::Play;
        use crate::table::{DevilKind, Game as Table, Params as TableParams};
        let params = TableParams::new(4, 2).unwrap();
        let mut s = Session::new(Table::new(params, DevilKind::Adversarial, false, false, 3).unwrap());
        let mv = Play { amounts: vec![1, 0, 0, 0], turn: None };
        let seen = s.preview(&mv).unwrap();
        assert_eq!(
            (s.move_count(), s.state()),
            (0, &Table::new(params, DevilKind::Adversarial, false, false, 3).unwrap())
        );
        let played = s.play(mv).unwrap().clone();
        assert_eq!(seen, played, "the preview is what the move then did");
    }

    #[test]
    fn stepping_outside_a_loaded_solution_is_refused() {
        let mut s = round();
        assert!(s.step_to(1).is_err(), "nothing is loaded");
        s.solve(&Default::default(), &mut NoProgress).unwrap();
        s.step_to(2).unwrap();
        assert!(s.state().is_solved());
        // Undo past the solution's start: the moves since are no longer its steps.
        s.step_to(0).unwrap();
        s.reset(s.state().clone());
        assert_eq!(s.step_position(), None);
        assert!(!s.can_undo() && !s.can_redo());
    }

    #[test]
    fn a_step_past_the_win_ends_the_solution_there() {
        // The table's strategy list can outlast the game: from a start one move from winning,
        // the steps after the win are dropped when reached.
        use crate::table::{DevilKind, Game as Table, Params as TableParams};
        let params = TableParams::new(4, 2).unwrap();
        let game = (0..64)
            .map(|seed| Table::new(params, DevilKind::Random, true, false, seed).unwrap())
            .find(|g| {
                let moves = g.solve().unwrap();
                let mut state = g.clone();
                let mut won_at = None;
                for (i, mv) in moves.iter().enumerate() {
                    state = state.apply(mv).unwrap();
                    if state.is_solved() {
                        won_at = Some(i + 1);
                        break;
                    }
                }
                won_at.is_some_and(|w| w < moves.len())
            })
            .expect("some start is won before the strategy's last move");
        let mut s = Session::new(game);
        let count = s.solve(&(), &mut NoProgress).unwrap();
        let reached = s.step_to(count).unwrap();
        assert!(s.state().is_solved());
        assert!(reached.at < count && reached.count == reached.at, "{reached:?} of {count}");
        assert!(!s.can_redo());
    }

    #[test]
    fn a_puzzle_that_undoes_in_place_walks_back_through_the_same_states() {
        // Lights Out keeps no state per move: undo presses k−1 more times (or changes an
        // edited light k−1 more states). Every state on the way back must be the one seen.
        use crate::lights::{Move as Press, Position, Rule, Spec};
        let spec = Spec { rows: 4, cols: 5, rule: Rule::King, torus: true, states: 3 };
        let mut s = Session::<Position>::random(&spec, 5).unwrap();
        let mut seen = vec![s.state().clone()];
        for i in 0..12 {
            let mv = Press { edit: u8::from(i % 4 == 3) * (1 + (i % 3) as u8), ..Press::press(i % 4, (i * 3) % 5) };
            s.play(mv).unwrap();
            seen.push(s.state().clone());
        }
        assert_eq!(s.state().moves, 9, "edits are not presses");
        assert!(s.play(Press::press(4, 0)).is_err() && s.state() == &seen[12], "off the board: nothing changes");
        for back in (0..12).rev() {
            assert!(s.undo());
            assert_eq!(s.state(), &seen[back], "after undoing to move {back}");
        }
        while s.redo().unwrap() {}
        assert_eq!(s.state(), &seen[12]);
    }
}
