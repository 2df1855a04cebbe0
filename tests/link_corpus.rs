//! The link corpus (tests/data/links/): links of every version of every puzzle, each made once
//! by the code that wrote that version (tests/data/links/README.md says which commit), with the
//! state it opened to then. Every one must open to that same state today — on the command line
//! (`open` and `open --json`); the lab, codes and real games links, which have no command, through the core
//! functions their pages call. The same corpus is opened under Node (tests/node/links-corpus)
//! and on the pages (tests/browser/links-corpus).

use chessboard_puzzles::chess::games::link as game_link;
use chessboard_puzzles::chess::positions::share;
use chessboard_puzzles::chess::{Game, Position};
use chessboard_puzzles::codes::link as codes_link;
use chessboard_puzzles::devil::lab::link as lab_link;
use chessboard_puzzles::devil::{self, Mode, Params, View};
use chessboard_puzzles::lights;
use chessboard_puzzles::lights::graph_game::{GraphGame, Shape};
use chessboard_puzzles::puzzle::Puzzle;
use chessboard_puzzles::table::{self, DevilKind};
use serde_json::Value;
use std::process::Command;

/// Every (puzzle, version) ever published. A new version needs its corpus file here.
const PUBLISHED: [(&str, u32); 11] = [
    ("devil", 1),
    ("devil", 2),
    ("lights", 1),
    ("lights", 2),
    ("table", 1),
    ("chess", 1),
    ("chess", 2),
    ("chess-game", 1),
    ("lab", 1),
    ("codes", 1),
    ("lights-graph", 1),
];

struct Entry {
    note: String,
    link: String,
    state: Value,
}

fn corpus(puzzle: &str, version: u32) -> Vec<Entry> {
    let path = format!("{}/tests/data/links/{puzzle}-v{version}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let file: Value = serde_json::from_str(&text).unwrap();
    assert_eq!((file["puzzle"].as_str(), file["version"].as_u64()), (Some(puzzle), Some(u64::from(version))));
    let entries: Vec<Entry> = file["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| Entry {
            note: l["note"].as_str().unwrap().to_string(),
            link: l["link"].as_str().unwrap().to_string(),
            state: l["state"].clone(),
        })
        .collect();
    assert!(entries.len() >= 5, "{path}: only {} links", entries.len());
    for e in &entries {
        assert!(e.link.starts_with(&format!("#{puzzle}/v{version}/")), "{path}: {}", e.link);
    }
    entries
}

fn cli(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_chessboard-puzzles")).args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {stderr}");
    String::from_utf8(out.stdout).unwrap()
}

/// A printed value equals the recorded one; seeds and move counts are recorded as decimal text
/// (JavaScript numbers cannot hold every u64) and printed as JSON numbers.
fn same(printed: &Value, recorded: &Value) -> bool {
    match (printed, recorded) {
        (Value::Number(n), Value::String(s)) => n.to_string() == *s,
        _ => printed == recorded,
    }
}

/// Every field `open --json` prints is recorded, with the same value.
fn assert_fields(printed: &Value, recorded: &Value, what: &str) {
    let printed = printed.as_object().unwrap();
    assert!(!printed.is_empty());
    for (key, value) in printed {
        let want = recorded.get(key).unwrap_or_else(|| panic!("{what}: '{key}' is not recorded"));
        assert!(same(value, want), "{what}: {key} is {value}, recorded {want}");
    }
}

fn open_on_the_command_line(command: &str, puzzle: &str, version: u32, text_of: impl Fn(&Value) -> String) -> usize {
    let entries = corpus(puzzle, version);
    for e in &entries {
        let what = format!("{puzzle} v{version} '{}' ({})", e.note, e.link);
        assert_eq!(cli(&[command, "open", &e.link]), text_of(&e.state), "{what}");
        let printed: Value = serde_json::from_str(&cli(&[command, "open", &e.link, "--json"])).unwrap();
        assert_fields(&printed, &e.state, &what);
    }
    entries.len()
}

fn pattern_file(state: &Value) -> String {
    format!("{}\n", state["pattern"].as_str().unwrap().replace('/', "\n"))
}

#[test]
fn devil_links_of_both_versions_open_on_the_command_line() {
    open_on_the_command_line("devil", "devil", 1, |s| s["board"].as_str().unwrap().to_string());
    open_on_the_command_line("devil", "devil", 2, |s| s["board"].as_str().unwrap().to_string());
}

#[test]
fn lights_links_of_both_versions_open_on_the_command_line() {
    open_on_the_command_line("lights-out", "lights", 1, pattern_file);
    open_on_the_command_line("lights-out", "lights", 2, pattern_file);
}

#[test]
fn table_links_open_on_the_command_line() {
    for e in corpus("table", 1) {
        let printed: Value = serde_json::from_str(&cli(&["table", "open", &e.link, "--json"])).unwrap();
        assert_fields(&printed, &e.state, &e.note);
        let faces: Vec<String> = e.state["faces"].as_array().unwrap().iter().map(|f| f.to_string()).collect();
        let text = cli(&["table", "open", &e.link]);
        assert!(text.contains(&format!("\nfaces {}   ", faces.join(" "))), "{}: {text}", e.note);
        assert!(text.contains(&format!("seed {}\n", e.state["seed"].as_str().unwrap())), "{}: {text}", e.note);
    }
}

#[test]
fn chess_links_of_both_versions_open_on_the_command_line() {
    let fen = |s: &Value| format!("{}\n", s["fen"].as_str().unwrap());
    open_on_the_command_line("chess", "chess", 1, fen);
    open_on_the_command_line("chess", "chess", 2, fen);
}

#[test]
fn chess_game_links_open_on_the_command_line() {
    open_on_the_command_line("chess", "chess-game", 1, |s| s["pgn"].as_str().unwrap().to_string());
}

#[test]
fn lab_and_codes_links_open_in_the_core() {
    for e in corpus("lab", 1) {
        let state = lab_link::from_link(&e.link).unwrap_or_else(|err| panic!("{}: {err}", e.note));
        assert_eq!(serde_json::to_value(&state).unwrap(), e.state, "{}", e.note);
    }
    for e in corpus("codes", 1) {
        let state = codes_link::from_link(&e.link).unwrap_or_else(|err| panic!("{}: {err}", e.note));
        assert_eq!(serde_json::to_value(&state).unwrap(), e.state, "{}", e.note);
    }
}

/// The real games' links (no command opens them) through the core: the board, its settings,
/// the rule of play and every light as recorded.
#[test]
fn lights_graph_links_open_in_the_core() {
    for e in corpus("lights-graph", 1) {
        let game = GraphGame::open(&e.link).unwrap_or_else(|err| panic!("{}: {err}", e.note));
        let s = &e.state;
        let sep = if game.graph.k > 10 { "," } else { "" };
        let lights: Vec<String> = game.lights.iter().map(|v| v.to_string()).collect();
        assert_eq!(lights.join(sep), s["lights"].as_str().unwrap(), "{}", e.note);
        assert_eq!(Value::from(game.lit_only), s["lit_only"], "{}", e.note);
        assert_eq!(Value::from(game.graph.k), s["k"], "{}", e.note);
        match &game.shape {
            Shape::Preset(p) => assert_eq!(Value::from(p.name()), s["board"], "{}", e.note),
            Shape::Grid(g) => {
                assert_eq!(s["board"], "grid", "{}", e.note);
                assert_eq!(
                    (Value::from(g.rows), Value::from(g.cols)),
                    (s["rows"].clone(), s["cols"].clone()),
                    "{}",
                    e.note
                );
                assert_eq!(Value::from(g.edges.name()), s["edges"], "{}", e.note);
            }
        }
    }
}

/// The version each puzzle writes today has a corpus file, and so has every version it reads:
/// changing a link format without adding its corpus (and keeping the old decoder) fails here.
#[test]
fn every_version_written_or_read_has_a_corpus() {
    let written = [
        ("devil", {
            let game = devil::Game::random(&Params { squares: 4 }, 1).unwrap();
            devil::game::link_for(&View { game, mode: Mode::Watch, strategy: 0, step: 0 })
        }),
        ("devil", {
            let game = devil::Game::random(&Params { squares: 4 }, 1).unwrap();
            let view = View { game, mode: Mode::PlayA, strategy: 0, step: 0 };
            devil::game::link_with_ladder(&view, Some(devil::game::Ladder { rung: 1, streak: 1 }))
        }),
        (
            "lights",
            lights::io::link::link_for(&lights::Game::random(&lights::Spec::classic(3, 3), 1).unwrap()).unwrap(),
        ),
        ("table", {
            let p = table::Params::new(4, 2).unwrap();
            table::Game::new(p, DevilKind::Random, true, false, 1).unwrap().link()
        }),
        ("chess", share::link_for(&Position::start())),
        ("chess-game", game_link::link_for(&Game::new(Position::start(), Vec::new()), 0).unwrap()),
        ("lab", lab_link::link_for(&corpus_state_of_lab()).unwrap()),
        ("codes", codes_link::link_for(&corpus_state_of_codes()).unwrap()),
        ("lights-graph", GraphGame::open(&corpus("lights-graph", 1)[0].link).unwrap().link()),
    ];
    for (puzzle, link) in written {
        let version: u32 = link.split('/').nth(1).unwrap()[1..].parse().unwrap();
        assert!(PUBLISHED.contains(&(puzzle, version)), "{puzzle} writes v{version}, which has no corpus");
        for older in 1..version {
            assert!(PUBLISHED.contains(&(puzzle, older)), "{puzzle} v{older} has no corpus");
        }
    }
    for (puzzle, version) in PUBLISHED {
        corpus(puzzle, version);
    }
}

fn corpus_state_of_lab() -> lab_link::LabState {
    serde_json::from_value(corpus("lab", 1)[0].state.clone()).unwrap()
}

fn corpus_state_of_codes() -> codes_link::CodesState {
    serde_json::from_value(corpus("codes", 1)[0].state.clone()).unwrap()
}
