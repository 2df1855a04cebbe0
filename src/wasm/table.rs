//! WebAssembly face of the rotating table. A game crosses the boundary as its share-link
//! payload (a string), so 64-bit seeds and move counts stay exact in JavaScript.

use super::{js_err as err, to_js, JsProgress};
use crate::puzzle::Puzzle;
use crate::table::devil::{Choice, DevilKind};
use crate::table::game::{strategy_for, strategy_move, Game, Play};
use crate::table::trace::{trace, trace_of_plays};
use crate::table::{search, verify, Info, Params};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A table size from the page's number boxes (any JS number: the core names a bad field).
fn params(coins: f64, sides: f64) -> Result<Params, JsError> {
    Params::from_numbers(coins, sides).map_err(err)
}

#[derive(Serialize)]
pub struct View {
    state: String,
    link: String,
    coins: usize,
    sides: u8,
    /// Face at each position (position 0 at the top, clockwise).
    faces: Vec<u8>,
    /// Face on each seat of the table.
    seats: Vec<u8>,
    turn: usize,
    moves: String,
    devil: DevilKind,
    sighted: bool,
    following: bool,
    solved: bool,
    /// The seats an adversarial guard devil is protecting now.
    guarded: Vec<usize>,
    /// What the page shows about this table size before any move (see [`Info`]); null only if
    /// the core could not work it out.
    info: Option<Info>,
}

fn view(game: &Game) -> View {
    View {
        state: game.encode(),
        link: game.link(),
        coins: game.params.coins,
        sides: game.params.sides,
        faces: game.faces(),
        seats: game.seats.clone(),
        turn: game.turn,
        moves: game.moves.to_string(),
        devil: game.devil,
        sighted: game.sighted,
        following: game.following,
        solved: game.is_solved(),
        guarded: game.guarded(),
        info: Info::of(game.params).ok(),
    }
}

fn devil_kind(name: &str) -> Result<DevilKind, JsError> {
    DevilKind::parse(name).map_err(err)
}

#[derive(Serialize)]
struct StrategyMove {
    index: String,
    amounts: Vec<u8>,
    positions: Vec<usize>,
    line: String,
}

/// Move `index` (0-based, decimal string) of the page's strategy, computed on demand.
#[wasm_bindgen]
pub fn table_strategy_move(coins: f64, sides: f64, index: &str) -> Result<JsValue, JsError> {
    let p = params(coins, sides)?;
    let i: u64 = index.trim().parse().map_err(|_| JsError::new(&format!("'{index}' is not a move number")))?;
    let mv = strategy_move(p, i).map_err(err)?;
    to_js(&StrategyMove {
        index: i.to_string(),
        positions: mv.positions(),
        line: mv.to_line(p.sides),
        amounts: mv.amounts,
    })
}

/// The belief panel (small tables only) after the first `upto` moves of the page's strategy
/// (after your own moves: `GameSession.query('belief')`).
#[wasm_bindgen]
pub fn table_trace(coins: f64, sides: f64, upto: f64) -> Result<JsValue, JsError> {
    let strategy = strategy_for(params(coins, sides)?).map_err(err)?;
    to_js(&trace(strategy.as_ref(), upto.max(0.0) as u64).map_err(err)?)
}

#[derive(Serialize)]
struct Searched {
    #[serde(flatten)]
    found: search::Found,
    moves: Vec<String>,
    /// The same moves as amounts per position, as the session plays them.
    amounts: Vec<Vec<u8>>,
}

/// Breadth-first search over belief states (run it in the Worker).
#[wasm_bindgen]
pub fn table_search(coins: f64, sides: f64, progress: &js_sys::Function) -> Result<JsValue, JsError> {
    let p = params(coins, sides)?;
    let found = search::search(p, &mut JsProgress::new(progress)).map_err(err)?;
    let moves = found.moves.iter().map(|m| m.to_line(p.sides)).collect();
    let amounts = found.moves.iter().map(|m| m.amounts.clone()).collect();
    to_js(&Searched { found, moves, amounts })
}

#[derive(Serialize)]
struct Verified {
    valid: bool,
    length: u64,
    method: &'static str,
    emptied_at: Option<u64>,
    most_removed: u64,
    lower_bound: u64,
    /// Belief sizes at up to 1024 evenly spaced moves, for the chart: [move, size].
    chart: Vec<(u64, u64)>,
}

/// Exact verification of the page's strategy (run it in the Worker).
#[wasm_bindgen]
pub fn table_verify(coins: f64, sides: f64, progress: &js_sys::Function) -> Result<JsValue, JsError> {
    let strategy = strategy_for(params(coins, sides)?).map_err(err)?;
    let r = verify::exact(strategy.as_ref(), &mut JsProgress::new(progress)).map_err(err)?;
    to_js(&Verified {
        chart: r.chart(1024),
        valid: r.valid,
        length: r.length,
        method: r.method,
        emptied_at: r.emptied_at,
        most_removed: r.most_removed,
        lower_bound: r.lower_bound,
    })
}

/// The notebook's random-devil check: evidence, not proof.
#[wasm_bindgen]
pub fn table_random_devil(coins: f64, sides: f64, games: u32, seed: u32) -> Result<JsValue, JsError> {
    let strategy = strategy_for(params(coins, sides)?).map_err(err)?;
    to_js(&verify::random_devil(strategy.as_ref(), u64::from(games), u64::from(seed)).map_err(err)?)
}

/// The page's settings for a new table or a change of devil and sight: `{coins, sides, devil,
/// sighted, following}` (coins and sides are ignored by a change).
#[derive(serde::Deserialize)]
struct Settings {
    #[serde(default)]
    coins: f64,
    #[serde(default)]
    sides: f64,
    devil: String,
    sighted: bool,
    following: bool,
}

/// What a move did: the devil's choice, and the amounts that fell on the positions.
#[derive(Serialize)]
struct Outcome<'a> {
    choice: &'a Choice,
}

/// The rotating table in the game session (`super::game`).
impl super::game::Face for Game {
    type Drawn = View;
    type Extras = ();

    fn drawn(&self) -> View {
        view(self)
    }

    /// `{coins, sides, devil, sighted, following}`; an adversarial devil picks the start itself.
    fn create(settings: JsValue, seed: u64) -> Result<Game, JsError> {
        let s: Settings = super::from_js(settings, "table settings")?;
        Game::new(params(s.coins, s.sides)?, devil_kind(&s.devil)?, s.sighted, s.following, seed).map_err(err)
    }

    /// `{amounts, turn}`: a turn of null lets the devil choose.
    fn parse_move(mv: JsValue) -> Result<Play, JsError> {
        super::from_js(mv, "move")
    }

    fn parse_options(_: JsValue) -> Result<(), JsError> {
        Ok(())
    }

    fn outcome(choice: &Choice) -> Result<JsValue, JsError> {
        to_js(&Outcome { choice })
    }

    /// `{devil, sighted, following}`: the same coins with other settings.
    fn edit(&self, edit: JsValue) -> Result<Game, JsError> {
        let s: Settings = super::from_js(edit, "table settings")?;
        let mut game = self.clone();
        game.devil = devil_kind(&s.devil)?;
        game.sighted = s.sighted;
        game.following = s.following;
        Ok(game)
    }

    /// `belief`: what the moves you played by hand leave possible (the belief panel of Play,
    /// small tables). A jump through the strategy (a move of the history with no amounts of
    /// its own, [`crate::table::game::jump`]) is not among them: Follow's panel traces those.
    fn query(
        session: &crate::session::Session<Game>,
        (): &(),
        question: &str,
        (): &(),
        _: &mut dyn crate::progress::Progress,
    ) -> Result<JsValue, JsError> {
        if question != "belief" {
            return Err(JsError::new(&format!("the table answers 'belief', not '{question}'")));
        }
        let plays = session.moves().filter(|play| !play.amounts.is_empty()).map(|play| play.amounts.clone());
        to_js(&trace_of_plays(session.state().params, plays).map_err(err)?)
    }

    /// Plays the strategy up to move `to` (a decimal string) as one move of the history;
    /// returns `{choice}` of its last move, or null when no move was played.
    fn jump(session: &mut crate::session::Session<Game>, to: &str) -> Result<JsValue, JsError> {
        let to: u64 = to.trim().parse().map_err(|_| JsError::new(&format!("'{to}' is not a move number")))?;
        match crate::table::game::jump(session, to).map_err(err)? {
            Some(choice) => to_js(&Outcome { choice: &choice }),
            None => Ok(JsValue::NULL),
        }
    }
}
