//! The game puzzles' one wasm face: `GameSession`, a core [`Session`] of any puzzle in the
//! registry below, so the Devil's chessboard and the rotating table pages (and any later game)
//! drive the same object with the same calls: open a link or start a game, play a move, undo,
//! redo, solve and step, read what to draw. What differs per puzzle is only its [`Face`]: how
//! its parameters, moves and edits arrive from the page and what the page draws.

use super::{from_js, js_err, to_js, JsProgress};
use crate::progress::{NoProgress, Progress};
use crate::puzzle::{Action, Puzzle};
use crate::session::Session;
use crate::{bail, Result};
use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// What a puzzle's page needs beyond the [`Puzzle`] trait: the shapes that cross to JS.
pub trait Face: Puzzle + 'static {
    /// What the page draws of a state (plain data, serialised to a JS object).
    type Drawn: Serialize;
    /// View settings a link keeps beside the state (the Devil page's mode, strategy and
    /// animation frame); `()` for puzzles whose link is the state alone.
    type Extras: Serialize + DeserializeOwned + Default + Clone;

    fn drawn(&self) -> Self::Drawn;

    /// What the page draws, as the JS value `view().state`: [`Face::drawn`] serialised, or a
    /// face's own building (Lights Out hands its board over as one `Uint8Array`).
    fn draw(&self) -> Result<JsValue, JsError> {
        to_js(&self.drawn())
    }
    /// A new game from the page's settings, reproducible from `seed`.
    fn create(settings: JsValue, seed: u64) -> Result<Self, JsError>;
    fn parse_move(mv: JsValue) -> Result<Self::Move, JsError>;
    fn parse_options(options: JsValue) -> Result<Self::SolveOptions, JsError>;
    fn outcome(outcome: &Self::Outcome) -> Result<JsValue, JsError>;

    /// The steps of a solution found elsewhere (a Worker), as the page hands them over: a list
    /// of moves, or a face's own form (Lights Out: a solution's presses, cut into steps by the core).
    fn parse_steps(steps: JsValue) -> Result<Vec<Self::Move>, JsError>
    where
        Self::Move: DeserializeOwned,
    {
        from_js(steps, "list of moves")
    }

    /// The state after an edit that is not a move of the game (a coin turned by hand, other
    /// settings); the session starts again from it. Puzzles without edits refuse.
    fn edit(&self, edit: JsValue) -> Result<Self, JsError> {
        let _ = edit;
        Err(JsError::new("this puzzle has no edits"))
    }

    /// The partner's reply to the state after a move of yours (prisoner B's answer to A's
    /// flip, by the strategy of `options`), played with it as one turn; none by default.
    fn reply(state: &Self, options: &Self::SolveOptions) -> crate::Result<Option<Self::Move>> {
        let _ = (state, options);
        Ok(None)
    }

    /// What an input on the board does with the view's `extras` (sgt's `interpret_move`):
    /// the input as the page forwards it (the Devil: `{cell, key, tool}`). `None` when it means
    /// nothing here; puzzles whose views make their moves themselves take no input.
    fn interpret(state: &Self, extras: &Self::Extras, input: JsValue) -> Result<Option<Action<Self>>, JsError> {
        let _ = (state, extras, input);
        Err(JsError::new("this puzzle takes its moves from the page"))
    }

    /// A compound step the puzzle offers beyond single moves (the table's jump to move N),
    /// made in the session as one move of its history. Puzzles without one refuse.
    fn jump(session: &mut Session<Self>, to: &str) -> Result<JsValue, JsError> {
        let _ = (session, to);
        Err(JsError::new("this puzzle has no jumps"))
    }

    /// Answers a question the page asks about the session (the Devil: what the strategy of
    /// `options` names, flips or explains on the round; the table: what your moves ruled out),
    /// so a view reads facts of the game from the session instead of handing the core a copy of
    /// its state. A long answer reports to `progress` (Lights Out's `solve`, asked in a Worker).
    /// Puzzles without questions refuse.
    fn query(
        session: &Session<Self>,
        extras: &Self::Extras,
        question: &str,
        options: &Self::SolveOptions,
        progress: &mut dyn Progress,
    ) -> Result<JsValue, JsError> {
        let _ = (session, extras, question, options, progress);
        Err(JsError::new("this puzzle answers no questions"))
    }

    /// The link of `state` shown with `extras`.
    fn link_with(state: &Self, extras: &Self::Extras) -> String {
        let _ = extras;
        state.link()
    }

    /// The link the page shows, or `None` when the state has none here: Lights Out boards too
    /// large for a link (the page saves them as files) or large enough that the page makes
    /// their link in a Worker.
    fn shown_link(state: &Self, extras: &Self::Extras) -> Option<String> {
        Some(Self::link_with(state, extras))
    }

    /// Opens a link: the state and the view settings it keeps.
    fn open_with(fragment: &str) -> Result<(Self, Self::Extras)> {
        Ok((Self::open(fragment)?, Self::Extras::default()))
    }
}

/// An input as a page forwards it to `GameSession.input`: `{cell, key, tool}` — the cell, the key
/// pressed (null for a click) and the view's tool or mode. Read with Reflect rather than serde,
/// whose derived deserializer cost the Devil's module 1.2 KB more of its size budget.
pub struct Forwarded {
    pub cell: usize,
    pub input: crate::puzzle::Input,
    pub tool: Option<String>,
}

impl Forwarded {
    /// `None` for a key no puzzle reads (arrows, Tab…), which the page lets go on.
    pub fn read(input: &JsValue) -> Result<Option<Forwarded>, JsError> {
        let field = |name: &str| js_sys::Reflect::get(input, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED);
        let cell = field("cell").as_f64().filter(|c| c.fract() == 0.0 && *c >= 0.0);
        let Some(cell) = cell else { return Err(JsError::new("invalid input: no cell given")) };
        let Some(key) = crate::puzzle::Input::forwarded(field("key").as_string().as_deref()) else { return Ok(None) };
        Ok(Some(Forwarded { cell: cell as usize, input: key, tool: field("tool").as_string() }))
    }
}

/// A session of one registered puzzle, as the wasm object holds it.
trait AnySession {
    fn view(&self) -> Result<JsValue, JsError>;
    fn play(&mut self, mv: JsValue) -> Result<JsValue, JsError>;
    fn play_turn(&mut self, mv: JsValue, options: JsValue) -> Result<(), JsError>;
    fn preview(&self, mv: JsValue) -> Result<JsValue, JsError>;
    fn query(&self, question: &str, options: JsValue, progress: Option<&js_sys::Function>) -> Result<JsValue, JsError>;
    fn input(&mut self, input: JsValue, options: JsValue) -> Result<JsValue, JsError>;
    fn edit(&mut self, edit: JsValue) -> Result<(), JsError>;
    fn jump(&mut self, to: &str) -> Result<JsValue, JsError>;
    fn undo(&mut self) -> bool;
    fn redo(&mut self) -> Result<bool, JsError>;
    fn solve(&mut self, options: JsValue, progress: &js_sys::Function) -> Result<usize, JsError>;
    fn solution(&self, options: JsValue) -> Result<JsValue, JsError>;
    fn load_steps(&mut self, moves: JsValue) -> Result<usize, JsError>;
    fn step_to(&mut self, n: usize) -> Result<(), JsError>;
    fn set_extras(&mut self, extras: JsValue) -> Result<(), JsError>;
    fn link(&self) -> Option<String>;
    fn moves(&self) -> Result<JsValue, JsError>;
}

struct Held<P: Face> {
    session: Session<P>,
    extras: P::Extras,
}

/// What `GameSession.view()` gives the page, with `state` (what [`Face::draw`] gives) set on it.
#[derive(Serialize)]
struct View<'a, E, M> {
    puzzle: &'static str,
    extras: E,
    /// Null when the state has no link here (see [`Face::shown_link`]).
    link: Option<String>,
    /// The session's move counter (moves in effect).
    moves: usize,
    solved: bool,
    /// `playing`, `won` or `lost` ([`crate::puzzle::Status`]).
    status: crate::puzzle::Status,
    can_undo: bool,
    can_redo: bool,
    /// Where the step bar stands in a loaded solution, or null.
    steps: Option<StepsShown<'a, M>>,
}

/// Where the step bar stands in a loaded solution, with the moves on either side of it, so a
/// view marks the move a step made (`last`) or took back (`next`) without knowing how the core
/// cut the solution into steps.
#[derive(Serialize)]
struct StepsShown<'a, M> {
    at: usize,
    count: usize,
    last: Option<&'a M>,
    next: Option<&'a M>,
}

impl<'a, M> StepsShown<'a, M> {
    fn of<P: Puzzle<Move = M>>(s: &'a Session<P>) -> Option<Self> {
        let crate::session::StepPosition { at, count } = s.step_position()?;
        let mut steps = s.steps()?.skip(at.saturating_sub(1));
        let last = if at > 0 { steps.next() } else { None };
        Some(StepsShown { at, count, last, next: steps.next() })
    }
}

impl<P: Face> AnySession for Held<P>
where
    P::Move: Serialize + DeserializeOwned,
{
    fn view(&self) -> Result<JsValue, JsError> {
        let s = &self.session;
        let view = to_js(&View {
            puzzle: P::NAME,
            extras: self.extras.clone(),
            link: self.link(),
            moves: s.move_count(),
            solved: s.state().is_solved(),
            status: s.state().status(),
            can_undo: s.can_undo(),
            can_redo: s.can_redo(),
            steps: StepsShown::of(s),
        })?;
        js_sys::Reflect::set(&view, &JsValue::from_str("state"), &s.state().draw()?)
            .map_err(|_| JsError::new("cannot build the view object"))?;
        Ok(view)
    }

    fn play(&mut self, mv: JsValue) -> Result<JsValue, JsError> {
        let mv = P::parse_move(mv)?;
        let outcome = self.session.play(mv).map_err(js_err)?;
        P::outcome(outcome)
    }

    fn play_turn(&mut self, mv: JsValue, options: JsValue) -> Result<(), JsError> {
        let mv = P::parse_move(mv)?;
        let options = P::parse_options(options)?;
        self.session.play_turn(mv, |state| P::reply(state, &options)).map_err(js_err)
    }
    fn preview(&self, mv: JsValue) -> Result<JsValue, JsError> {
        let outcome = self.session.preview(&P::parse_move(mv)?).map_err(js_err)?;
        P::outcome(&outcome)
    }
    fn query(&self, question: &str, options: JsValue, progress: Option<&js_sys::Function>) -> Result<JsValue, JsError> {
        let options = P::parse_options(options)?;
        match progress {
            Some(f) => P::query(&self.session, &self.extras, question, &options, &mut JsProgress::new(f)),
            None => P::query(&self.session, &self.extras, question, &options, &mut NoProgress),
        }
    }
    fn input(&mut self, input: JsValue, options: JsValue) -> Result<JsValue, JsError> {
        let Some(action) = P::interpret(self.session.state(), &self.extras, input)? else {
            return Ok(JsValue::FALSE);
        };
        match action {
            Action::Play(mv) => {
                self.session.play(mv).map_err(js_err)?;
            }
            Action::Turn(mv) => {
                let options = P::parse_options(options)?;
                self.session.play_turn(mv, |state| P::reply(state, &options)).map_err(js_err)?;
            }
            Action::Replace(next) => self.session.reset(next),
            Action::Refuse(why) => return Ok(JsValue::from_str(why)),
            Action::Keep => {}
        }
        Ok(JsValue::TRUE)
    }
    fn edit(&mut self, edit: JsValue) -> Result<(), JsError> {
        let next = self.session.state().edit(edit)?;
        self.session.reset(next);
        Ok(())
    }

    fn jump(&mut self, to: &str) -> Result<JsValue, JsError> {
        P::jump(&mut self.session, to)
    }

    fn undo(&mut self) -> bool {
        self.session.undo()
    }

    fn redo(&mut self) -> Result<bool, JsError> {
        self.session.redo().map_err(js_err)
    }

    fn solve(&mut self, options: JsValue, progress: &js_sys::Function) -> Result<usize, JsError> {
        let options = P::parse_options(options)?;
        self.session.solve(&options, &mut JsProgress::new(progress)).map_err(js_err)
    }

    fn solution(&self, options: JsValue) -> Result<JsValue, JsError> {
        let options = P::parse_options(options)?;
        let moves = self.session.state().solve_with(&options, &mut crate::progress::NoProgress).map_err(js_err)?;
        to_js(&moves)
    }

    fn load_steps(&mut self, moves: JsValue) -> Result<usize, JsError> {
        Ok(self.session.load_steps(P::parse_steps(moves)?))
    }

    fn step_to(&mut self, n: usize) -> Result<(), JsError> {
        self.session.step_to(n).map(|_| ()).map_err(js_err)
    }

    fn set_extras(&mut self, extras: JsValue) -> Result<(), JsError> {
        self.extras = from_js(extras, "view settings")?;
        Ok(())
    }

    fn link(&self) -> Option<String> {
        P::shown_link(self.session.state(), &self.extras)
    }

    fn moves(&self) -> Result<JsValue, JsError> {
        to_js(&self.session.moves().collect::<Vec<_>>())
    }
}

fn held<P: Face>(session: Session<P>, extras: P::Extras) -> Box<dyn AnySession>
where
    P::Move: Serialize + DeserializeOwned,
{
    Box::new(Held { session, extras })
}

/// The registry of game puzzles: one row each, `cfg => type`, the `cfg` saying which wasm modules
/// (cargo features) carry it. Opening a link or starting a game looks the name up here.
macro_rules! game_puzzles {
    ($($cfg:meta => $ty:ty),* $(,)?) => {
        /// The names of the game puzzles this module carries.
        /// (A row's type need not exist in the modules that do not carry it.)
        #[allow(unused_mut, clippy::vec_init_then_push)]
        fn registered() -> Vec<&'static str> {
            let mut names = Vec::new();
            $(
                #[cfg($cfg)]
                names.push(<$ty as Puzzle>::NAME);
            )*
            names
        }

        fn create(name: &str, params: JsValue, seed: u64) -> Result<Box<dyn AnySession>, JsError> {
            $(
                #[cfg($cfg)]
                if name == <$ty as Puzzle>::NAME {
                    let state = <$ty as Face>::create(params, seed)?;
                    return Ok(held(Session::new(state), Default::default()));
                }
            )*
            let _ = (params, seed);
            Err(unknown(name))
        }

        /// A link naming no registered puzzle gets the message of the module's own puzzle
        /// when it carries one (what that page always said of such a link).
        fn open(fragment: &str) -> Result<Box<dyn AnySession>, JsError> {
            let name = puzzle_of(fragment).unwrap_or("");
            let only = match registered().as_slice() {
                [one] => *one,
                _ => "",
            };
            $(
                #[cfg($cfg)]
                if name == <$ty as Puzzle>::NAME || (only == <$ty as Puzzle>::NAME && !registered().contains(&name)) {
                    let (state, extras) = <$ty as Face>::open_with(fragment).map_err(js_err)?;
                    return Ok(held(Session::new(state), extras));
                }
            )*
            puzzle_of(fragment).map_err(js_err)?;
            Err(unknown(name))
        }
    };
}

game_puzzles! {
    // The labs start rounds and write links to the Devil page.
    any(feature = "devil", feature = "lab") => crate::devil::Game,
    feature = "table" => crate::table::Game,
    feature = "lights" => crate::lights::Position,
    // The real games' page loads the full Lights module.
    feature = "lights-full" => crate::lights::graph_game::GraphGame,
}

fn unknown(name: &str) -> JsError {
    JsError::new(&format!("this page plays {}, not '{name}'", registered().join(" and ")))
}

/// The puzzle name a fragment starts with (`#devil/v1/…` → `devil`).
fn puzzle_of(fragment: &str) -> Result<&str> {
    let body = fragment.strip_prefix('#').unwrap_or(fragment);
    match body.split_once('/') {
        Some((name, _)) if !name.is_empty() => Ok(name),
        _ => bail!("this is not a share link (one looks like #devil/v1/…)"),
    }
}

/// One game of any registered puzzle: the page's only handle on its state and history.
#[wasm_bindgen]
pub struct GameSession {
    inner: Box<dyn AnySession>,
}

#[wasm_bindgen]
impl GameSession {
    /// A random game of `puzzle` with its parameters; `seed` is a decimal string, empty for a
    /// fresh one.
    pub fn create(puzzle: &str, params: JsValue, seed: &str) -> Result<GameSession, JsError> {
        Ok(GameSession { inner: create(puzzle, params, super::seed_or_fresh(seed)?)? })
    }

    /// The game a share link holds, of whichever registered puzzle it names.
    pub fn open(fragment: &str) -> Result<GameSession, JsError> {
        Ok(GameSession { inner: open(fragment)? })
    }

    /// `{puzzle, state, extras, link, moves, solved, status, can_undo, can_redo, steps}`.
    pub fn view(&self) -> Result<JsValue, JsError> {
        self.inner.view()
    }

    /// Plays a move; returns what it did besides (the table's turn), or null. A refused move
    /// is an error and changes nothing.
    pub fn play(&mut self, mv: JsValue) -> Result<JsValue, JsError> {
        self.inner.play(mv)
    }

    /// Plays your move and the partner's reply to it (B's answer, by the strategy of
    /// `options`) as one turn, which undo and redo take whole. A refusal changes nothing.
    pub fn play_turn(&mut self, mv: JsValue, options: JsValue) -> Result<(), JsError> {
        self.inner.play_turn(mv, options)
    }
    /// What a move would do besides (the table's turn, as the devil would choose it), without
    /// playing it: nothing changes.
    pub fn preview(&self, mv: JsValue) -> Result<JsValue, JsError> {
        self.inner.preview(mv)
    }
    /// A fact about the game, as the puzzle answers it: the Devil's `explain`, `explain-dealt`,
    /// `named`, `named-dealt` and `flip` for the strategy of `options`, and `ladder`; the table's `belief`;
    /// Lights Out's `solve`, `file`, `chase` and `link`. A long answer reports to `progress`.
    pub fn query(
        &self,
        question: &str,
        options: JsValue,
        progress: Option<js_sys::Function>,
    ) -> Result<JsValue, JsError> {
        self.inner.query(question, options, progress.as_ref())
    }
    /// An input on the board, as the face interprets it in the view's mode (a click or key on
    /// a cell: the Devil's `{cell, key, tool}`), with the solve options a partner replies by.
    /// Returns false when it means nothing (the page lets a key go on), true when it played or
    /// edited, or a line saying why nothing happened.
    pub fn input(&mut self, input: JsValue, options: JsValue) -> Result<JsValue, JsError> {
        self.inner.input(input, options)
    }
    /// An edit that is not a move (the session starts again from its result).
    pub fn edit(&mut self, edit: JsValue) -> Result<(), JsError> {
        self.inner.edit(edit)
    }

    /// The puzzle's compound step (the table: jump to move `to`), one move of the history.
    pub fn jump(&mut self, to: &str) -> Result<JsValue, JsError> {
        self.inner.jump(to)
    }

    pub fn undo(&mut self) -> bool {
        self.inner.undo()
    }

    pub fn redo(&mut self) -> Result<bool, JsError> {
        self.inner.redo()
    }

    /// Solves from the state shown and loads the moves as steps; returns how many.
    pub fn solve(&mut self, options: JsValue, progress: &js_sys::Function) -> Result<usize, JsError> {
        self.inner.solve(options, progress)
    }

    /// The moves a solve with `options` plays from the state shown, without loading them.
    pub fn solution(&self, options: JsValue) -> Result<JsValue, JsError> {
        self.inner.solution(options)
    }

    /// Loads moves found elsewhere (a Worker) as the steps from the state shown.
    pub fn load_steps(&mut self, moves: JsValue) -> Result<usize, JsError> {
        self.inner.load_steps(moves)
    }

    /// Shows the state after step `n` of the loaded steps.
    pub fn step_to(&mut self, n: usize) -> Result<(), JsError> {
        self.inner.step_to(n)
    }

    /// Sets the view settings the link keeps (the Devil page's mode, strategy and frame).
    pub fn set_extras(&mut self, extras: JsValue) -> Result<(), JsError> {
        self.inner.set_extras(extras)
    }

    /// The share-link fragment (without `#`) of what is shown; null when it has none here
    /// (a Lights Out board too large for a link, or one whose link the page makes in a Worker).
    pub fn link(&self) -> Option<String> {
        self.inner.link()
    }

    /// The moves in effect, oldest first.
    pub fn moves(&self) -> Result<JsValue, JsError> {
        self.inner.moves()
    }
}

#[cfg(test)]
mod tests {
    use super::puzzle_of;

    #[test]
    fn a_fragment_names_its_puzzle() {
        assert_eq!(puzzle_of("#devil/v1/AAAA").unwrap(), "devil");
        assert_eq!(puzzle_of("table/v1/AAAA").unwrap(), "table");
        assert!(puzzle_of("#garbage").is_err());
        assert!(puzzle_of("#/v1/AA").is_err());
    }
}
