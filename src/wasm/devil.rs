//! Exports for the Devil's chessboard page.

use super::game::Forwarded;
use super::{from_js, js_err, to_js};
use crate::devil::game::{from_link_with_ladder, link_with_ladder, Ladder, LADDER_SQUARES};
use crate::devil::rules::board::check_squares;
use crate::devil::{Game, Layout, Move, Params, View};
use crate::puzzle::Action;
use wasm_bindgen::prelude::*;

/// How a board of `squares` is drawn: `{layout: {rows, cols}, names}`, the rectangle and the
/// chess-style name of every square (`a8` … `h1`; plain indices on boards wider than 26).
#[wasm_bindgen]
pub fn devil_board(squares: usize) -> Result<JsValue, JsError> {
    #[derive(serde::Serialize)]
    struct Drawing {
        layout: Layout,
        names: Vec<String>,
    }
    check_squares(squares).map_err(js_err)?;
    let layout = Layout::for_squares(squares);
    let names = (0..squares).map(|i| layout.name(i)).collect();
    to_js(&Drawing { layout, names })
}

/// The Devil's chessboard in the game session (`super::game`): a round is drawn as itself, and
/// its link keeps the page's mode, strategy and animation frame beside it.
impl super::game::Face for Game {
    type Drawn = Drawn;
    type Extras = Extras;

    fn drawn(&self) -> Drawn {
        Drawn { game: self.clone(), dealt: self.as_dealt() }
    }

    /// `{squares}`.
    fn create(settings: JsValue, seed: u64) -> Result<Game, JsError> {
        let params: Params = from_js(settings, "board size")?;
        <Game as crate::puzzle::Puzzle>::random(&params, seed).map_err(js_err)
    }

    fn parse_move(mv: JsValue) -> Result<Move, JsError> {
        from_js(mv, "move")
    }

    fn parse_options(options: JsValue) -> Result<crate::devil::game::SolveOptions, JsError> {
        if options.is_undefined() || options.is_null() {
            return Ok(Default::default());
        }
        from_js(options, "strategy")
    }

    fn reply(state: &Game, options: &crate::devil::game::SolveOptions) -> crate::Result<Option<Move>> {
        state.reply(options)
    }

    /// What the strategy of `options` does on the round ([`crate::devil::play::Question`]).
    /// `ladder`: the ladder around the round shown, `{shown, next, squares}` — the ladder once
    /// the round's result is in (null off the ladder), the next round's (the first rung off
    /// it), and every rung's board size. The others ask the strategy of `options` about the round.
    fn query(
        session: &crate::session::Session<Game>,
        extras: &Extras,
        question: &str,
        options: &crate::devil::game::SolveOptions,
        _: &mut dyn crate::progress::Progress,
    ) -> Result<JsValue, JsError> {
        use crate::devil::play::{ask, Question};
        if question == "ladder" {
            return to_js(&extras.ladder_around(session.state()));
        }
        to_js(&ask(session.state(), Question::parse(question).map_err(js_err)?, options).map_err(js_err)?)
    }

    fn outcome((): &()) -> Result<JsValue, JsError> {
        Ok(JsValue::NULL)
    }

    /// `{toggle: i}` turns a coin over by hand, `{key: i}` moves the key, `{deal: null}` goes
    /// back to the round as dealt, `{hand_to_b: i}` is that round after A's (hidden) flip of
    /// coin i: where prisoner B's game starts.
    fn edit(&self, edit: JsValue) -> Result<Game, JsError> {
        #[derive(serde::Deserialize)]
        #[serde(rename_all = "snake_case")]
        enum Edit {
            Toggle(usize),
            Key(usize),
            Deal(()),
            HandToB(usize),
        }
        match from_js(edit, "edit")? {
            Edit::Toggle(i) => self.with_coin_toggled(i),
            Edit::Key(i) => self.with_key(i),
            Edit::Deal(()) => Ok(self.as_dealt()),
            Edit::HandToB(i) => crate::puzzle::Puzzle::apply(&self.as_dealt(), &Move::Flip(i)),
        }
        .map_err(js_err)
    }

    /// `{cell, key, tool}`: a click (`key` null; `tool` 'key' when Edit places the key) or a key
    /// (`' '`, `'k'`, `'Enter'`) on square `cell`, in the view's mode ([`Game::interpret`]).
    fn interpret(state: &Game, extras: &Extras, input: JsValue) -> Result<Option<Action<Game>>, JsError> {
        let Some(Forwarded { cell, input, tool }) = Forwarded::read(&input)? else { return Ok(None) };
        state.interpret(extras.mode, cell, input, tool.as_deref() == Some("key")).map_err(js_err)
    }

    /// Watch shows the round as dealt whatever step it is at (the step says how far it went).
    fn link_with(state: &Game, extras: &Extras) -> String {
        let game = if extras.mode == crate::devil::game::Mode::Watch { state.as_dealt() } else { state.clone() };
        let view = View { game, mode: extras.mode, strategy: extras.strategy, step: extras.step };
        link_with_ladder(&view, extras.ladder())
    }

    fn open_with(fragment: &str) -> crate::Result<(Game, Extras)> {
        let (view, ladder) = from_link_with_ladder(fragment)?;
        let (rung, streak) = ladder.map_or((0, 0), |l| (l.rung + 1, l.streak));
        Ok((view.game, Extras { mode: view.mode, strategy: view.strategy, step: view.step, rung, streak }))
    }
}

/// A round as the page draws it: as it stands, and as it was dealt (what Watch explains and a
/// result compares with).
#[derive(serde::Serialize)]
pub struct Drawn {
    game: Game,
    dealt: Game,
}

/// What a Devil link keeps beside the round (see [`View`]).
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct Extras {
    mode: crate::devil::game::Mode,
    strategy: u8,
    step: u16,
    /// The ladder's rung of the round, counted from 1 ([`Ladder`]'s rung + 1); 0 off the
    /// ladder. Plain numbers rather than an optional object: the module has a size budget.
    #[serde(default, deserialize_with = "ladder_rung")]
    rung: u8,
    /// On the ladder, the rounds won in a row before this one.
    #[serde(default)]
    streak: u16,
}

/// The ladder around a round (the session's `ladder` question).
#[derive(serde::Serialize)]
struct LadderAround {
    shown: Option<Ladder>,
    next: Ladder,
    squares: [usize; 5],
}

/// A rung counted from 1 (0 off the ladder), refused past the ladder's top: the ladder question
/// and the link read it as an index into [`LADDER_SQUARES`].
fn ladder_rung<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let rung = <u8 as serde::Deserialize>::deserialize(d)?;
    if usize::from(rung) > LADDER_SQUARES.len() {
        return Err(serde::de::Error::custom(format!(
            "ladder rung {rung}: the ladder has {} rungs",
            LADDER_SQUARES.len()
        )));
    }
    Ok(rung)
}

impl Extras {
    /// The ladder of the round, `None` off it.
    fn ladder(&self) -> Option<Ladder> {
        self.rung.checked_sub(1).map(|rung| Ladder { rung, streak: self.streak })
    }

    /// The ladder around `round`: only a round played (as A or as B) is won or lost.
    fn ladder_around(&self, round: &Game) -> LadderAround {
        use crate::devil::game::Mode;
        use crate::puzzle::Puzzle;
        let status = match self.mode {
            Mode::PlayA | Mode::PlayB => round.status(),
            Mode::Watch | Mode::Edit => crate::puzzle::Status::Playing,
        };
        let ladder = self.ladder();
        LadderAround {
            shown: ladder.map(|l| l.shown(status)),
            next: ladder.map_or(Ladder::START, |l| l.next(status)),
            squares: LADDER_SQUARES,
        }
    }
}

impl Default for Extras {
    fn default() -> Self {
        Extras { mode: crate::devil::game::Mode::Watch, strategy: 0, step: 0, rung: 0, streak: 0 }
    }
}
