//! WebAssembly face of the rotating table. A game crosses the boundary as its share-link
//! payload (a string), so 64-bit seeds and move counts stay exact in JavaScript.

use super::{js_err as err, parse_seed, to_js, JsProgress};
use crate::puzzle::Puzzle;
use crate::table::construction::{Listed, Recursive, Strategy};
use crate::table::devil::{guard_prime, guarded_seats, Choice, DevilKind};
use crate::table::game::{from_link, link_for, strategy_for, Game, Play};
use crate::table::necklace::Necklaces;
use crate::table::trace::{trace, MAX_TRACE_CONFIGS};
use crate::table::{search, verify, Move, Params};
use serde::Serialize;
use wasm_bindgen::prelude::*;

fn params(coins: usize, sides: u8) -> Result<Params, JsError> {
    Params::new(coins, sides).map_err(err)
}

/// Large counts travel as decimal strings (2^64 − 1 is not a JavaScript number).
#[derive(Serialize)]
struct Info {
    coins: usize,
    sides: u8,
    winnable: bool,
    prime: Option<u64>,
    lower_bound: String,
    /// Length of the strategy the page plays, if any.
    length: Option<String>,
    construction: Option<&'static str>,
    guard_prime: Option<usize>,
    /// Canonical configurations (faces), all heads first, when the belief grid can show them.
    necklaces: Option<Vec<Vec<u8>>>,
    /// Small enough for the belief panel (σ^N ≤ 4096).
    small: bool,
    traceable: bool,
    verifiable: bool,
    searchable: bool,
}

/// What the page needs to know about a table size.
#[wasm_bindgen]
pub fn table_info(coins: usize, sides: u8) -> Result<JsValue, JsError> {
    let p = params(coins, sides)?;
    let configs = p.configs();
    let (length, construction) = match (Recursive::new(p), p.winnable()) {
        (Ok(r), _) => (Some(r.len().to_string()), Some("recursive")),
        (Err(_), true) if configs.is_some_and(|c| c <= 64) => {
            (strategy_for(p).ok().map(|s| s.len().to_string()), Some("search"))
        }
        _ => (None, None),
    };
    let small = configs.is_some_and(|c| c <= MAX_TRACE_CONFIGS);
    let necklaces = if small {
        let table = Necklaces::new(p).map_err(err)?;
        (table.len() <= 64).then(|| (0..table.len()).map(|i| table.faces(i)).collect())
    } else {
        None
    };
    to_js(&Info {
        coins,
        sides,
        winnable: p.winnable(),
        prime: p.common_prime(),
        lower_bound: p.lower_bound().map_or_else(|| format!("{sides}^{coins} − 1"), |b| b.to_string()),
        length,
        construction,
        guard_prime: guard_prime(&p),
        necklaces,
        small,
        traceable: small && construction.is_some(),
        verifiable: configs.is_some_and(|c| c <= crate::table::necklace::MAX_TABLE_CONFIGS) && construction.is_some(),
        searchable: small && Necklaces::new(p).is_ok_and(|t| t.len() - 1 <= search::MAX_NECKLACES),
    })
}

#[derive(Serialize)]
struct View {
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
}

fn view(game: &Game) -> View {
    let guarded = match (game.devil, guard_prime(&game.params)) {
        (DevilKind::Adversarial, Some(p)) => guarded_seats(&game.seats, p).unwrap_or_default(),
        _ => Vec::new(),
    };
    View {
        state: game.encode(),
        link: link_for(game),
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
        guarded,
    }
}

fn devil_kind(name: &str) -> Result<DevilKind, JsError> {
    match name {
        "random" => Ok(DevilKind::Random),
        "adversarial" => Ok(DevilKind::Adversarial),
        "human" => Ok(DevilKind::Human),
        _ => Err(JsError::new(&format!("unknown devil '{name}' (random, adversarial or human)"))),
    }
}

/// A new game. `seed` is a decimal string; empty draws a fresh one.
#[wasm_bindgen]
pub fn table_new(
    coins: usize,
    sides: u8,
    devil: &str,
    sighted: bool,
    following: bool,
    seed: &str,
) -> Result<JsValue, JsError> {
    let p = params(coins, sides)?;
    let seed = if seed.is_empty() { crate::seed::fresh_seed() } else { parse_seed(seed)? };
    let game = Game::new(p, devil_kind(devil)?, sighted, following, seed).map_err(err)?;
    to_js(&view(&game))
}

/// The same game with other settings (sighted, devil), keeping the coins.
#[wasm_bindgen]
pub fn table_configure(state: &str, devil: &str, sighted: bool, following: bool) -> Result<JsValue, JsError> {
    let mut game = Game::decode(state).map_err(err)?;
    game.devil = devil_kind(devil)?;
    game.sighted = sighted;
    game.following = following;
    to_js(&view(&game))
}

/// Sets the coins (sighted play): `faces` by position.
#[wasm_bindgen]
pub fn table_set_faces(state: &str, faces: Vec<u8>) -> Result<JsValue, JsError> {
    let game = Game::decode(state).map_err(err)?;
    let mv = Move::new(&game.params, faces.clone()).map_err(err)?;
    let n = game.params.coins;
    let mut next = game.clone();
    for (i, &f) in mv.amounts.iter().enumerate() {
        next.seats[(i + n - game.turn) % n] = f;
    }
    to_js(&view(&next))
}

#[derive(Serialize)]
struct Played {
    view: View,
    choice: Choice,
    amounts: Vec<u8>,
}

/// Plays a move; `turn` < 0 lets the devil choose.
#[wasm_bindgen]
pub fn table_play(state: &str, amounts: Vec<u8>, turn: i32) -> Result<JsValue, JsError> {
    let game = Game::decode(state).map_err(err)?;
    let play = Play { amounts: amounts.clone(), turn: usize::try_from(turn).ok() };
    let (next, choice) = game.play(&play).map_err(err)?;
    to_js(&Played { view: view(&next), choice, amounts })
}

#[derive(Serialize)]
struct Followed {
    view: View,
    choice: Option<Choice>,
}

/// Plays the strategy from the game's move counter up to move `to` (decimal string).
#[wasm_bindgen]
pub fn table_follow(state: &str, to: &str) -> Result<JsValue, JsError> {
    let game = Game::decode(state).map_err(err)?;
    let to: u64 = to.trim().parse().map_err(|_| JsError::new(&format!("'{to}' is not a move number")))?;
    let (next, choice) = game.follow(to).map_err(err)?;
    to_js(&Followed { view: view(&next), choice })
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
pub fn table_strategy_move(coins: usize, sides: u8, index: &str) -> Result<JsValue, JsError> {
    let p = params(coins, sides)?;
    let strategy = strategy_for(p).map_err(err)?;
    let i: u64 = index.trim().parse().map_err(|_| JsError::new(&format!("'{index}' is not a move number")))?;
    if i >= strategy.len() {
        return Err(JsError::new(&format!("the strategy has {} moves (0 to {})", strategy.len(), strategy.len() - 1)));
    }
    let mv = strategy.move_at(i);
    to_js(&StrategyMove {
        index: i.to_string(),
        positions: mv.positions(),
        line: mv.to_line(sides),
        amounts: mv.amounts,
    })
}

/// The belief panel after the first `upto` moves of the strategy (small tables only).
#[wasm_bindgen]
pub fn table_trace(coins: usize, sides: u8, upto: f64) -> Result<JsValue, JsError> {
    let strategy = strategy_for(params(coins, sides)?).map_err(err)?;
    to_js(&trace(strategy.as_ref(), upto.max(0.0) as u64).map_err(err)?)
}

/// The belief panel after your own moves (`moves` is a flat list of N amounts per move).
#[wasm_bindgen]
pub fn table_trace_moves(coins: usize, sides: u8, moves: Vec<u8>) -> Result<JsValue, JsError> {
    let p = params(coins, sides)?;
    let list: Result<Vec<Move>, _> = moves.chunks(coins).map(|c| Move::new(&p, c.to_vec())).collect();
    let listed = Listed { params: p, moves: list.map_err(err)? };
    to_js(&trace(&listed, listed.len()).map_err(err)?)
}

#[derive(Serialize)]
struct Searched {
    #[serde(flatten)]
    found: search::Found,
    moves: Vec<String>,
}

/// Breadth-first search over belief states (run it in the Worker).
#[wasm_bindgen]
pub fn table_search(coins: usize, sides: u8, progress: &js_sys::Function) -> Result<JsValue, JsError> {
    let p = params(coins, sides)?;
    let found = search::search(p, &mut JsProgress::new(progress)).map_err(err)?;
    let moves = found.moves.iter().map(|m| m.to_line(sides)).collect();
    to_js(&Searched { found, moves })
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
pub fn table_verify(coins: usize, sides: u8, progress: &js_sys::Function) -> Result<JsValue, JsError> {
    let strategy = strategy_for(params(coins, sides)?).map_err(err)?;
    let r = verify::exact(strategy.as_ref(), &mut JsProgress::new(progress)).map_err(err)?;
    let every = (r.sizes.len() / 1024).max(1);
    let mut chart: Vec<(u64, u64)> = r.sizes.iter().enumerate().step_by(every).map(|(i, &s)| (i as u64, s)).collect();
    if chart.last().map(|c| c.0) != Some(r.length) {
        chart.push((r.length, *r.sizes.last().unwrap_or(&0)));
    }
    to_js(&Verified {
        valid: r.valid,
        length: r.length,
        method: r.method,
        emptied_at: r.emptied_at,
        most_removed: r.most_removed,
        lower_bound: r.lower_bound,
        chart,
    })
}

/// The notebook's random-devil check: evidence, not proof.
#[wasm_bindgen]
pub fn table_random_devil(coins: usize, sides: u8, games: u32, seed: u32) -> Result<JsValue, JsError> {
    let strategy = strategy_for(params(coins, sides)?).map_err(err)?;
    if strategy.len() > 1 << 16 {
        return Err(JsError::new("the random-devil check plays strategies of up to 65,536 moves"));
    }
    to_js(&verify::random_devil(strategy.as_ref(), u64::from(games), u64::from(seed)))
}

/// Reads a share link (`#table/v1/…`) into a game view.
#[wasm_bindgen]
pub fn table_from_link(fragment: &str) -> Result<JsValue, JsError> {
    to_js(&view(&from_link(fragment).map_err(err)?))
}
