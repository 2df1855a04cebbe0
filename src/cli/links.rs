//! `… link` and `… open LINK` for every puzzle: the same fragments as the pages, written and
//! read by the core's `link_for` / `from_link`; `open` prints the state in the puzzle's usual
//! text form (a board file, a pattern file, a FEN) or, with `--json`, every field.

use super::files::MAX_INPUT_BYTES;
use super::lights::BoardArgs;
use super::{read_file, Output};
use crate::chess::games::link as game_link;
use crate::chess::positions::share;
use crate::chess::{parse_pgn, Position};
use crate::devil::lab::file::board_to_text;
use crate::devil::{self, Layout};
use crate::lights::graph_game::{self, GraphGame};
use crate::lights::{self, Board, Spec};
use crate::link::MAX_LINK;
use crate::puzzle::Puzzle;
use crate::registry;
use crate::session::Session;
use crate::table::devil::DevilKind;
use crate::table::{self, Params};
use crate::{bail, Result};
use clap::Args;
use serde_json::json;
use std::path::PathBuf;

/// Where a printed link points: the fragment alone, or the whole link with `--base`.
#[derive(Args)]
pub struct Base {
    /// The page's address (e.g. https://example.org/lights.html): print the whole link, not
    /// only the fragment.
    #[arg(long)]
    base: Option<String>,
}

impl Base {
    fn output(&self, fragment: String, mut json: serde_json::Value) -> Result<Output> {
        let text = match &self.base {
            None => format!("#{fragment}"),
            Some(base) => {
                let whole = format!("{}#{fragment}", base.trim_end_matches('#'));
                if whole.len() > MAX_LINK {
                    bail!(
                        "too large for a link: the whole link is {} characters, more than {MAX_LINK}; use a shorter --base",
                        whole.len()
                    );
                }
                whole
            }
        };
        json["link"] = json!(text);
        Ok(Output { json, text: format!("{text}\n") })
    }
}

/// A link to open: a fragment (`#lights/v2/…`, with or without `#`) or a whole link, given as
/// the argument, read from standard input (`-`), or read from a file (`--link-file`) when it
/// is longer than a command line may be. Whitespace inside it (a link wrapped by a mail
/// program) is dropped.
#[derive(Args)]
pub struct OpenArgs {
    /// The link, or only its fragment; `-` reads it from standard input.
    #[arg(allow_hyphen_values = true, required_unless_present = "link_file", conflicts_with = "link_file")]
    link: Option<String>,
    /// Read the link from this file (a link too long for the command line).
    #[arg(long, value_name = "FILE")]
    link_file: Option<PathBuf>,
}

impl OpenArgs {
    /// The fragment of the link, from wherever it was given.
    pub(super) fn fragment(&self) -> Result<String> {
        let text = match (&self.link, &self.link_file) {
            (_, Some(path)) => read_file(path)?,
            (Some(dash), None) if dash == "-" => read_stdin()?,
            (Some(link), None) => link.clone(),
            (None, None) => bail!("give the link, '-' to read it from standard input, or --link-file FILE"),
        };
        let link: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if link.is_empty() {
            bail!("no link: the input is empty");
        }
        Ok(link.split_once('#').map_or(link.as_str(), |(_, f)| f).to_string())
    }
}

/// Standard input as text, refused past [`MAX_INPUT_BYTES`] as files are.
fn read_stdin() -> Result<String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| crate::Error::new(format!("cannot read standard input: {e}")))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        bail!("standard input is larger than {MAX_INPUT_BYTES} bytes, the most a link can be: refused");
    }
    String::from_utf8(bytes).map_err(|_| crate::Error::new("standard input is not UTF-8 text"))
}

/// Prints the state of a share-link fragment.
pub type Opener = fn(&str) -> Result<Output>;

/// The `open` of each CLI command that opens links, by the command's name (the registry's
/// [`registry::PuzzleEntry::command`]).
pub const OPENERS: [(&str, Opener); 4] =
    [("devil", devil_open), ("lights-out", lights_open), ("table", table_open), ("chess", chess_open)];

/// `chessboard-puzzles open LINK`: a link of any puzzle, printed by its own command's `open`.
pub fn open_any(a: OpenArgs) -> Result<Output> {
    let fragment = a.fragment()?;
    let Some(puzzle) = registry::puzzle_of_link(&fragment) else {
        let names: Vec<&str> = registry::PUZZLES.iter().map(|p| p.name).collect();
        bail!("this is not a share link of a puzzle ({}): '{fragment}'", names.join(", "));
    };
    match OPENERS.iter().find(|(command, _)| *command == puzzle.command) {
        Some((_, open)) => open(&fragment),
        None => bail!("no command opens {} links", puzzle.name),
    }
}

// ---- Lights Out ----

/// What a Lights Out link holds besides the board (`BoardArgs`).
#[derive(Args)]
pub struct LightsLinkArgs {
    /// The random puzzle of this seed; with a pattern, the puzzle the pattern was edited from
    /// (the link stores the seed and the lights that differ).
    #[arg(long)]
    seed: Option<u64>,
    /// Moves played so far, as the page counts them.
    #[arg(long, default_value_t = 0)]
    moves: u32,
    #[command(flatten)]
    base: Base,
}

pub fn lights_link(board: BoardArgs, a: LightsLinkArgs) -> Result<Output> {
    let pattern = match (&board.pattern, &board.pattern_file) {
        (Some(p), _) => Some(p.clone()),
        (_, Some(path)) => Some(read_file(path)?),
        _ => None,
    };
    if board.shape.is_used() {
        return graph_link(&board, pattern.as_deref(), &a);
    }
    let mut game = match pattern {
        Some(text) => {
            let board_read = Board::parse(&text, board.rule, board.torus, board.states)?;
            for (what, flag, given, actual) in [
                ("rows", "rows", board.rows, board_read.spec.rows),
                ("columns", "cols", board.cols, board_read.spec.cols),
            ] {
                if let Some(g) = given.filter(|&g| g != actual) {
                    bail!("the pattern has {actual} {what}, but --{flag} is {g}");
                }
            }
            // With --seed, the lights are the seed's puzzle with some lights changed.
            lights::Game { board: board_read, seed: a.seed, moves: 0 }
        }
        None => {
            let (Some(rows), Some(cols)) = (board.rows, board.cols) else {
                bail!("give --rows and --cols for a random puzzle, or the lights with --pattern or --pattern-file");
            };
            let spec = Spec { rows, cols, rule: board.rule, torus: board.torus, states: board.states };
            spec.check()?;
            if board.all_on {
                lights::Game { board: Board::from_lights(spec, vec![1; rows * cols])?, seed: a.seed, moves: 0 }
            } else {
                lights::Game::random(&spec, a.seed.unwrap_or_else(crate::seed::fresh_seed))?
            }
        }
    };
    game.moves = a.moves;
    let link = lights::io::link::link_for(&game)?;
    a.base.output(link, json!({"rows": game.board.spec.rows, "cols": game.board.spec.cols, "seed": game.seed}))
}

/// The page's link of a preset or a stencil or glued grid: its lights, or a random puzzle of it.
fn graph_link(board: &BoardArgs, pattern: Option<&str>, a: &LightsLinkArgs) -> Result<Output> {
    if a.moves != 0 {
        bail!("this game's link holds no move count: leave out --moves");
    }
    let params = graph_game::Params { shape: super::lights_graph::page_shape(board, pattern)?, lit_only: false };
    let game = match (pattern, board.all_on) {
        (Some(_), _) | (_, true) if a.seed.is_some() => {
            bail!("this game's link holds its lights, not a seed: give --seed or the lights, not both")
        }
        (Some(text), _) => GraphGame::dark(&params)?.with_pattern(text)?,
        (None, true) => {
            let mut game = GraphGame::dark(&params)?;
            game.lights.fill(1);
            game
        }
        (None, false) => GraphGame::random(&params, a.seed.unwrap_or_else(crate::seed::fresh_seed))?,
    };
    a.base.output(game.link(), json!({"lights": game.lights.len(), "states": game.graph.k}))
}

pub fn lights_open(fragment: &str) -> Result<Output> {
    if registry::puzzle_of_link(fragment).is_some_and(|p| p.name == GraphGame::NAME) {
        return lights_graph_open(fragment);
    }
    let game = lights::io::link::from_link(fragment)?;
    let s = game.board.spec;
    let text = game.board.to_text();
    let json = json!({
        "rows": s.rows, "cols": s.cols, "rule": s.rule.name(), "torus": s.torus, "states": s.states,
        "moves": game.moves, "seed": game.seed, "pattern": text.trim_end().replace('\n', "/"),
    });
    Ok(Output { json, text })
}

/// A link of the page's other games (a preset, a glued grid, a graph, lit-only play): the
/// lights in the game's order, as `solve --preset/--graph --pattern` reads them.
fn lights_graph_open(fragment: &str) -> Result<Output> {
    let game = lights::graph_game::GraphGame::open(fragment)?;
    let g = &game.graph;
    let pattern = game.pattern();
    let text = format!("{}\n", pattern.trim_end());
    let json = json!({
        "game": "lights-graph", "lights": g.len(), "states": g.k, "lit_only": game.lit_only,
        "labels": g.labels, "pattern": pattern.trim_end().replace('\n', "/"),
    });
    Ok(Output { json, text })
}

// ---- The Devil's chessboard ----

pub fn devil_open(fragment: &str) -> Result<Output> {
    let view = devil::game::from_link(fragment)?;
    let g = &view.game;
    let layout = Layout::for_squares(g.board.squares());
    let text = board_to_text(&g.board);
    let name = |i: Option<usize>| i.map(|i| layout.name(i));
    let json = json!({
        "squares": g.board.squares(), "key": layout.name(g.key), "key_index": g.key,
        "flipped": name(g.flipped), "answer": name(g.answer), "mode": view.mode,
        "strategy": view.strategy, "step": view.step, "board": text,
    });
    Ok(Output { json, text })
}

// ---- The Devil's rotating table ----

#[derive(Args)]
pub struct TableLinkArgs {
    #[arg(long)]
    coins: usize,
    #[arg(long, default_value_t = 2)]
    sides: u8,
    /// random, adversarial or human (you turn the table).
    #[arg(long, default_value = "random")]
    devil: String,
    /// Play blindfolded (the page hides the coins).
    #[arg(long)]
    blind: bool,
    /// You follow the winning strategy (an adversarial devil then knows your moves).
    #[arg(long)]
    following: bool,
    /// Play the winning strategy's first N moves before linking (not with a human devil).
    #[arg(long, default_value_t = 0)]
    moves: u64,
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    base: Base,
}

pub fn table_link(a: TableLinkArgs) -> Result<Output> {
    let devil = DevilKind::parse(&a.devil)?;
    let seed = a.seed.unwrap_or_else(crate::seed::fresh_seed);
    let game = table::Game::new(Params::new(a.coins, a.sides)?, devil, !a.blind, a.following, seed)?;
    let mut session = Session::new(game);
    if a.moves > 0 {
        table::game::jump(&mut session, a.moves)?;
    }
    let game = session.state();
    let link = game.link();
    a.base.output(link, json!({"coins": a.coins, "sides": a.sides, "seed": seed, "moves": game.moves}))
}

pub fn table_open(fragment: &str) -> Result<Output> {
    let game = table::Game::open(fragment)?;
    let faces = game.faces();
    let list = |v: &[u8]| v.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
    let text = format!(
        "{} coins, {} sides, {} devil, {}{}\nmoves {}, turned {}, seed {}\nfaces {}   (position 0 first; 0 = heads)\n",
        game.params.coins,
        game.params.sides,
        serde_json::to_value(game.devil).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default(),
        if game.sighted { "sighted" } else { "blindfolded" },
        if game.following { ", following the strategy" } else { "" },
        game.moves,
        game.turn,
        game.seed,
        list(&faces),
    );
    let mut json = serde_json::to_value(&game).map_err(|e| crate::Error::new(e.to_string()))?;
    json["faces"] = json!(faces);
    json["solved"] = json!(game.is_solved());
    Ok(Output { json, text })
}

// ---- Chess ----

#[derive(Args)]
pub struct ChessLinkArgs {
    /// The position as FEN.
    #[arg(long, conflicts_with = "pgn")]
    fen: Option<String>,
    /// A PGN file: the position of one of its games at one ply.
    #[arg(long)]
    pgn: Option<PathBuf>,
    /// Which game of the PGN file (1 = the first).
    #[arg(long, default_value_t = 1, requires = "pgn")]
    game: usize,
    /// Plies played from the game's start (default: the whole game).
    #[arg(long, requires = "pgn")]
    ply: Option<usize>,
    /// Print the game's link (`chess-game/v1/…`: its moves, tags and the ply shown) instead of
    /// the position's.
    #[arg(long, requires = "pgn")]
    game_link: bool,
    #[command(flatten)]
    base: Base,
}

pub fn chess_link(a: ChessLinkArgs) -> Result<Output> {
    let pos = match (&a.fen, &a.pgn) {
        (Some(fen), _) => Position::from_fen(fen)?,
        (_, Some(path)) => {
            let games =
                parse_pgn(&read_file(path)?).map_err(|e| crate::Error::new(format!("{}: {e}", path.display())))?;
            let Some(game) = a.game.checked_sub(1).and_then(|i| games.get(i)) else {
                bail!("--game {} is not in {}: it has games 1 to {}", a.game, path.display(), games.len());
            };
            let plies = game.moves.len();
            let ply = a.ply.unwrap_or(plies);
            if ply > plies {
                bail!("--ply {ply} is past the end of game {}: it has {plies} plies", a.game);
            }
            if a.game_link {
                let fen = game.positions().swap_remove(ply).to_fen();
                return a.base.output(game_link::link_for(game, ply)?, json!({"fen": fen, "ply": ply}));
            }
            game.positions().swap_remove(ply)
        }
        _ => bail!("give the position with --fen FEN or --pgn FILE [--game N] [--ply P]"),
    };
    let fen = pos.to_fen();
    a.base.output(share::link_for(&pos), json!({"fen": fen}))
}

/// A position link prints its FEN; a game link (`chess-game/…`) its PGN.
pub fn chess_open(fragment: &str) -> Result<Output> {
    if fragment.starts_with(game_link::NAME) {
        return chess_game_open(fragment);
    }
    let fen = share::from_link(fragment)?.to_fen();
    Ok(Output { json: json!({"fen": fen}), text: format!("{fen}\n") })
}

/// A game link as PGN (tags, SAN moves, result); `--json` adds the ply shown and its FEN.
fn chess_game_open(fragment: &str) -> Result<Output> {
    let shown = game_link::from_link(fragment)?;
    let game = &shown.game;
    let pgn = game.to_pgn();
    let fen = game.positions().swap_remove(shown.ply).to_fen();
    let tags: serde_json::Map<String, serde_json::Value> =
        game.tags.iter().map(|(k, v)| (k.clone(), json!(v))).collect();
    let json = json!({
        "pgn": pgn,
        "tags": tags,
        "start": game.start.to_fen(),
        "moves": game.sans(),
        "result": game.result,
        "ply": shown.ply,
        "fen": fen,
    });
    Ok(Output { json, text: pgn })
}
