//! Native fuzzing of every decoder and parser a user can feed: the share links of every puzzle,
//! board files (Devil boards, Devil strategy tables, Lights patterns), FEN, PGN, position codes,
//! game codes and games database (pack) files. Each target starts from a corpus — valid inputs made by the encoders, plus
//! the hostile inputs of the audit (issue 12): truncated, bit-flipped, wrong puzzle or version,
//! 100 KB payloads, `<img onerror>` in every field — and proptest mutates them (truncation,
//! bit flips, inserted, deleted and replaced bytes, splices of two inputs).
//!
//! What must hold for every input: no panic; a refusal is a short one-line message (an error
//! never echoes a 100 KB input back); and what is accepted is a fixed point of the format —
//! encoding it again and decoding gives the same thing back.
//!
//! The default is a few hundred inputs a target, for CI. A long run on demand:
//! `FUZZ_CASES=200000 cargo test --release --test fuzz -- --nocapture` (prints the count).
//!
//! Every decoder is reached through its public entry point, named once in `entry` below.

use chessboard_puzzles::chess::rules::pgn::{parse_annotated, AnnotatedGame};
use chessboard_puzzles::chess::{self, GameScheme, Position, PositionScheme};
use chessboard_puzzles::devil;
use chessboard_puzzles::devil::lab::{file::BoardFile, menu::StrategySpec};
use chessboard_puzzles::puzzle::Puzzle;
use chessboard_puzzles::{lights, table, Error};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use std::sync::atomic::{AtomicU64, Ordering};

/// The public entry points under test, one line each.
mod entry {
    use super::*;
    pub fn devil_link(view: &devil::View) -> String {
        devil::game::link_for(view)
    }
    pub fn devil_from_link(text: &str) -> chessboard_puzzles::Result<devil::View> {
        devil::game::from_link(text)
    }
    /// `None` when the state is too large for a link (the page offers a file instead).
    pub fn lights_link(game: &lights::game::Game) -> Option<String> {
        lights::io::link::link_for(game).ok()
    }
    pub fn lights_from_link(text: &str) -> chessboard_puzzles::Result<lights::game::Game> {
        lights::io::link::from_link(text)
    }
    pub fn table_link(game: &table::game::Game) -> String {
        game.link()
    }
    pub fn table_from_link(text: &str) -> chessboard_puzzles::Result<table::game::Game> {
        table::Game::open(text)
    }
    pub fn chess_link(pos: &Position) -> String {
        chess::positions::share::link_for(pos)
    }
    /// Every game of a pack file, or the first refusal.
    pub fn pack_file(bytes: &[u8]) -> chessboard_puzzles::Result<Vec<AnnotatedGame>> {
        let mut reader = chess::pack::Reader::new(bytes)?;
        let mut games = Vec::new();
        while let Some(block) = reader.next_block()? {
            games.extend(block);
        }
        Ok(games)
    }
    pub fn pack_bytes(games: &[AnnotatedGame]) -> Vec<u8> {
        let packed: Vec<_> = games.iter().map(|g| chess::pack::pack_game(g.clone()).unwrap()).collect();
        let mut out = Vec::new();
        chess::pack::write_header(&mut out).unwrap();
        if !packed.is_empty() {
            out.extend(chess::pack::block_bytes(&packed).unwrap());
        }
        chess::pack::write_end(&mut out, packed.len() as u64).unwrap();
        out
    }
    pub fn chess_from_link(text: &str) -> chessboard_puzzles::Result<Position> {
        chess::positions::share::from_link(text)
    }
}

/// Inputs a target runs: `FUZZ_CASES`, or a small number for CI.
fn cases() -> u32 {
    std::env::var("FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(256)
}

/// Longest refusal message: enough for any reason, too short to echo a hostile input whole.
const MAX_MESSAGE: usize = 400;

fn check_refusal(e: &Error) -> Result<(), TestCaseError> {
    let m = e.message();
    prop_assert!(!m.is_empty() && !m.contains('\n'), "not one line: {m:?}");
    prop_assert!(m.chars().count() <= MAX_MESSAGE, "{} characters: {}…", m.chars().count(), &m[..200]);
    Ok(())
}

#[derive(Debug, Clone)]
enum Mutation {
    Truncate(usize),
    FlipBit(usize, u8),
    Insert(usize, u8),
    Delete(usize),
    Replace(usize, u8),
    /// The start of this input, then the end of corpus entry `.0` from `.1` on.
    Splice(usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), 0..8u8).prop_map(|(i, b)| Mutation::FlipBit(i, b)),
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Insert(i, b)),
        any::<usize>().prop_map(Mutation::Delete),
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Replace(i, b)),
        (any::<usize>(), any::<usize>()).prop_map(|(c, i)| Mutation::Splice(c, i)),
    ]
}

fn mutate(corpus: &[Vec<u8>], pick: usize, mutations: &[Mutation]) -> Vec<u8> {
    let mut input = corpus[pick % corpus.len()].clone();
    for m in mutations {
        let at = |i: usize, len: usize| if len == 0 { 0 } else { i % len };
        match *m {
            Mutation::Truncate(i) => input.truncate(at(i, input.len() + 1)),
            Mutation::FlipBit(i, b) if !input.is_empty() => {
                let i = at(i, input.len());
                input[i] ^= 1 << b;
            }
            Mutation::Insert(i, b) => input.insert(at(i, input.len() + 1), b),
            Mutation::Delete(i) if !input.is_empty() => {
                input.remove(at(i, input.len()));
            }
            Mutation::Replace(i, b) if !input.is_empty() => {
                let i = at(i, input.len());
                input[i] = b;
            }
            Mutation::Splice(c, i) => {
                let other = &corpus[c % corpus.len()];
                let cut = at(i, input.len() + 1);
                input.truncate(cut);
                input.extend_from_slice(&other[at(i, other.len() + 1)..]);
            }
            _ => {}
        }
    }
    input
}

/// Runs `check` on the corpus itself, then on `cases()` mutated inputs; returns how many ran.
fn fuzz(name: &str, corpus: Vec<Vec<u8>>, check: impl Fn(&[u8]) -> Result<(), TestCaseError>) -> u64 {
    let ran = AtomicU64::new(0);
    for input in &corpus {
        ran.fetch_add(1, Ordering::Relaxed);
        if let Err(e) = check(input) {
            panic!("{name}: corpus input {:?} fails: {e}", String::from_utf8_lossy(&input[..input.len().min(200)]));
        }
    }
    let config = Config { cases: cases(), failure_persistence: None, ..Config::default() };
    let mut runner = TestRunner::new(config);
    let strategy = (any::<usize>(), prop::collection::vec(mutation(), 1..5));
    let result = runner.run(&strategy, |(pick, mutations)| {
        ran.fetch_add(1, Ordering::Relaxed);
        check(&mutate(&corpus, pick, &mutations))
    });
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
    let ran = ran.into_inner();
    eprintln!("fuzz {name}: {ran} inputs");
    ran
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const IMG: &str = "<img src=x onerror=alert(1)>";

/// The links (without `#`) of a file of the committed link corpus, tests/data/links/: links of
/// versions no longer written, made by the code that wrote them.
fn committed_links(file: &str) -> Vec<String> {
    let path = format!("{}/tests/data/links/{file}.json", env!("CARGO_MANIFEST_DIR"));
    let corpus: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    corpus["links"].as_array().unwrap().iter().map(|l| l["link"].as_str().unwrap()[1..].to_string()).collect()
}

/// Hostile link frames around valid links of one puzzle: every field replaced by markup, other
/// puzzles' names, other versions, empty and 100 KB payloads.
fn link_corpus(puzzle: &str, valid: &[String]) -> Vec<Vec<u8>> {
    let mut out: Vec<String> = Vec::new();
    for link in valid {
        out.push(link.clone());
        out.push(format!("#{link}"));
        out.push(link[..link.len() / 2].to_string());
        out.push(link[..link.len() - 1].to_string());
        let payload = link.splitn(3, '/').nth(2).unwrap_or("");
        for other in ["devil", "lights", "table", "chess", "lab", "codes", "", IMG] {
            out.push(format!("{other}/v1/{payload}"));
        }
        for version in ["v0", "v2", "v99999999999999999999", "v-1", "V1", "1", "", IMG] {
            out.push(format!("{puzzle}/{version}/{payload}"));
        }
        out.push(format!("{link}{IMG}"));
        out.push(format!("{link}/extra"));
    }
    let big_payload: String = "A".repeat(100_000);
    let big_noise: String =
        (0..100_000u32).map(|i| (b'A' + (i.wrapping_mul(2654435761) >> 27) as u8 % 26) as char).collect();
    for payload in [IMG.to_string(), String::new(), big_payload, big_noise, "_".repeat(100_000), "é😀\0".to_string()]
    {
        out.push(format!("{puzzle}/v1/{payload}"));
    }
    out.extend(["", "#", "/", "//", "///", IMG].map(String::from));
    out.into_iter().map(String::into_bytes).collect()
}

#[test]
fn devil_links() {
    let mut valid = Vec::new();
    for (squares, seed) in [(1, 1), (2, 2), (16, 3), (64, 4), (4096, 5)] {
        let game = devil::Game::random(&devil::Params { squares }, seed).unwrap();
        for mode in [devil::Mode::Watch, devil::Mode::PlayB, devil::Mode::Edit] {
            let mut view = devil::View::opening(game.clone(), mode).unwrap();
            view.step = seed as u16;
            valid.push(entry::devil_link(&view));
        }
    }
    fuzz("devil links", link_corpus("devil", &valid), |bytes| match entry::devil_from_link(&text(bytes)) {
        Ok(view) => {
            let again = entry::devil_from_link(&entry::devil_link(&view));
            prop_assert_eq!(again.as_ref(), Ok(&view));
            Ok(())
        }
        Err(e) => check_refusal(&e),
    });
}

#[test]
fn lights_links() {
    let mut valid = committed_links("lights-v1");
    for (rows, cols, rule, torus, states) in [
        (1, 1, lights::board::Rule::Plus, false, 2),
        (5, 5, lights::board::Rule::Plus, false, 2),
        (7, 9, lights::board::Rule::King, true, 3),
        (32, 20, lights::board::Rule::X, false, 9),
    ] {
        let spec = lights::board::Spec { rows, cols, rule, torus, states };
        let game = lights::game::Game::random(&spec, 7).unwrap();
        valid.push(entry::lights_link(&game).expect("a small board fits a link"));
        let mut pressed = game.clone();
        pressed.board.press(0, 0);
        pressed.moves = 1;
        valid.push(entry::lights_link(&pressed).expect("a small board fits a link"));
    }
    fuzz("lights links", link_corpus("lights", &valid), |bytes| match entry::lights_from_link(&text(bytes)) {
        Ok(game) => {
            // An old v1 link may hold a board too large for a new link: nothing to compare then.
            if let Some(link) = entry::lights_link(&game) {
                let again = entry::lights_from_link(&link);
                prop_assert_eq!(again.as_ref(), Ok(&game));
            }
            Ok(())
        }
        Err(e) => check_refusal(&e),
    });
}

#[test]
fn table_links() {
    let mut valid = Vec::new();
    for (coins, sides, seed) in [(1, 2, 1), (4, 2, 2), (8, 2, 3), (6, 3, 4), (64, 2, 5)] {
        let params = table::params::Params::new(coins, sides).unwrap();
        if let Ok(game) = table::game::Game::random(&params, seed) {
            valid.push(entry::table_link(&game));
        }
    }
    assert!(valid.len() >= 3, "some table links to start from");
    fuzz("table links", link_corpus("table", &valid), |bytes| match entry::table_from_link(&text(bytes)) {
        Ok(game) => {
            let again = entry::table_from_link(&entry::table_link(&game));
            prop_assert_eq!(again.as_ref(), Ok(&game));
            Ok(())
        }
        Err(e) => check_refusal(&e),
    });
}

/// Positions to start from: the start, a few from real games, odd corners of the rules.
fn positions() -> Vec<Position> {
    let mut fens = vec![
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string(),
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".to_string(),
        "8/8/8/3pP3/8/8/8/4K2k w - d6 0 40".to_string(),
        "4k3/P7/8/8/8/8/7p/4K3 b - - 12 60".to_string(),
        "4k3/8/8/8/8/8/8/QQQQKQQQ w - - 99 500".to_string(),
    ];
    let games = chess::parse_pgn(&sample_pgn(3)).unwrap();
    for g in &games {
        for (i, pos) in g.positions().iter().enumerate() {
            if i % 15 == 7 {
                fens.push(pos.to_fen());
            }
        }
    }
    fens.iter().map(|f| Position::from_fen(f).unwrap()).collect()
}

/// The first `games` games of the lichess sample, as PGN text.
fn sample_pgn(games: usize) -> String {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/lichess-2025-05-blitz-sample.pgn"))
            .unwrap();
    let starts: Vec<usize> = text.match_indices("[Event ").map(|(i, _)| i).collect();
    let end = starts.get(games).copied().unwrap_or(text.len());
    text[..end].to_string()
}

#[test]
fn chess_links() {
    let mut valid: Vec<String> = positions().iter().map(entry::chess_link).collect();
    valid.extend(committed_links("chess-v1"));
    fuzz("chess links", link_corpus("chess", &valid), |bytes| match entry::chess_from_link(&text(bytes)) {
        Ok(pos) => {
            let again = entry::chess_from_link(&entry::chess_link(&pos));
            prop_assert_eq!(again.as_ref().map(Position::to_fen), Ok(pos.to_fen()));
            Ok(())
        }
        Err(e) => check_refusal(&e),
    });
}

#[test]
fn fen() {
    let mut corpus: Vec<Vec<u8>> = positions().iter().map(|p| p.to_fen().into_bytes()).collect();
    for hostile in [
        IMG.to_string(),
        format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR {IMG} KQkq - 0 1"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999999999999".to_string(),
        "8/8/8/8/8/8/8/8 w - - 0 1".to_string(),
        "9/8/8/8/8/8/8/8 w - - 0 1".to_string(),
        "p".repeat(100_000),
        "/".repeat(100_000),
    ] {
        corpus.push(hostile.into_bytes());
    }
    fuzz("FEN", corpus, |bytes| match Position::from_fen(&text(bytes)) {
        Ok(pos) => {
            let again = Position::from_fen(&pos.to_fen());
            prop_assert_eq!(again.map(|p| p.to_fen()), Ok(pos.to_fen()));
            Ok(())
        }
        Err(e) => check_refusal(&e),
    });
}

#[test]
fn pgn() {
    let mut corpus = vec![sample_pgn(1).into_bytes(), sample_pgn(2).into_bytes()];
    for hostile in [
        format!("[Event \"{IMG}\"]\n\n1. e4 e5 *"),
        format!("1. e4 {IMG} e5 *"),
        "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *".to_string(),
        "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*".to_string(),
        "1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 ".repeat(2_000),
        "{".repeat(100_000),
        "(".repeat(100_000),
        "[".repeat(100_000),
        "1-0 ".repeat(25_000),
    ] {
        corpus.push(hostile.into_bytes());
    }
    fuzz("PGN", corpus, |bytes| match chess::parse_pgn(&text(bytes)) {
        Ok(games) => {
            let again = chess::parse_pgn(&chess::rules::pgn::to_pgn(&games));
            prop_assert_eq!(
                again.map(|g| g.iter().map(|g| g.moves.clone()).collect::<Vec<_>>()),
                Ok(games.iter().map(|g| g.moves.clone()).collect::<Vec<_>>())
            );
            Ok(())
        }
        Err(e) => check_refusal(&e),
    });
}

#[test]
fn position_codes() {
    let positions = positions();
    let mut corpus = Vec::new();
    for scheme in PositionScheme::ALL {
        for pos in &positions {
            corpus.push(scheme.encode(pos).bytes.clone());
            corpus.push(chess::positions::counters::encode(scheme, pos).bytes.clone());
        }
    }
    corpus.extend([vec![], vec![0xff; 100_000], vec![0; 100_000], IMG.as_bytes().to_vec()]);
    fuzz("position codes", corpus, |bytes| {
        for scheme in PositionScheme::ALL {
            for counters in [false, true] {
                let decoded =
                    if counters { chess::positions::counters::decode(scheme, bytes) } else { scheme.decode(bytes) };
                match decoded {
                    Ok(pos) => {
                        let again = if counters {
                            chess::positions::counters::decode(
                                scheme,
                                &chess::positions::counters::encode(scheme, &pos).bytes,
                            )
                        } else {
                            scheme.decode(&scheme.encode(&pos).bytes)
                        }
                        .map(|p| p.to_fen());
                        prop_assert_eq!(again, Ok(pos.to_fen()), "{} counters {}", scheme.name(), counters);
                    }
                    Err(e) => check_refusal(&e)?,
                }
            }
        }
        // The page's entry: a scheme name and a base64url text.
        let code = text(bytes);
        if let Err(e) = chess::view::decode("compact", &code, false) {
            check_refusal(&e)?;
        }
        Ok(())
    });
}

#[test]
fn game_codes() {
    let games = chess::parse_pgn(&sample_pgn(3)).unwrap();
    let mut corpus = Vec::new();
    for scheme in GameScheme::ALL {
        for g in &games {
            corpus.push(scheme.encode(g).code.bytes.clone());
        }
    }
    corpus.extend([vec![], vec![0xff; 100_000], vec![0; 100_000], IMG.as_bytes().to_vec()]);
    fuzz("game codes", corpus, |bytes| {
        for scheme in GameScheme::ALL {
            match scheme.decode(bytes) {
                Ok(game) => {
                    let again = scheme.decode(&scheme.encode(&game).code.bytes);
                    prop_assert_eq!(again.map(|g| g.moves), Ok(game.moves), "{}", scheme.name());
                }
                Err(e) => check_refusal(&e)?,
            }
        }
        Ok(())
    });
}

#[test]
fn pack_files() {
    let read = |pgn: &str| -> Vec<AnnotatedGame> {
        parse_annotated(pgn, 1).unwrap().into_iter().map(Result::unwrap).collect()
    };
    let games = read(&sample_pgn(3));
    let annotated = read("[Event \"x\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n{ c } 1. e4 $1 (1. e3) Kd7 *");
    let mut corpus = vec![entry::pack_bytes(&games), entry::pack_bytes(&annotated), entry::pack_bytes(&[])];
    corpus.extend([vec![], b"CBPGNPAK".to_vec(), vec![0xff; 100_000], IMG.as_bytes().to_vec()]);
    fuzz("pack files", corpus, |bytes| {
        match entry::pack_file(bytes) {
            // What is accepted packs again to a file that reads back the same games.
            Ok(games) => prop_assert_eq!(entry::pack_file(&entry::pack_bytes(&games)), Ok(games)),
            Err(e) => check_refusal(&e)?,
        }
        Ok(())
    });
}

#[test]
fn devil_board_files() {
    let mut corpus = Vec::new();
    for (squares, seed) in [(1, 1), (2, 2), (16, 3), (64, 4), (4096, 5)] {
        let game = devil::Game::random(&devil::Params { squares }, seed).unwrap();
        let text = devil::lab::file::board_to_text(&game.board);
        corpus.push(text.replace('1', "H ").replace('0', "t ").replace('\n', "\r\n").into_bytes());
        corpus.push(text.into_bytes());
    }
    corpus.extend(
        [IMG.to_string(), "0".repeat(100_000), "01\n".repeat(40_000), "".to_string(), "\u{feff}0101".to_string()]
            .map(String::into_bytes),
    );
    fuzz("devil board files", corpus, |bytes| match BoardFile::parse(&text(bytes)) {
        Ok(file) => {
            let n = file.board().squares();
            let key = (n - 1).to_string();
            let flip = file.flip_for(&key, &StrategySpec::Xor).unwrap();
            let after = BoardFile::parse(&file.text_with_flip(flip.index)).unwrap();
            prop_assert_eq!(after.find(&StrategySpec::Xor).unwrap().index, n - 1);
            Ok(())
        }
        Err(e) => check_refusal(&e),
    });
}

#[test]
fn devil_strategy_tables() {
    let source = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/source_table_8.txt")).unwrap();
    let squares_4: String =
        (0..16u32).map(|x| format!("{}\n", (0..4).filter(|i| x >> i & 1 == 1).fold(0, |a, i| a ^ i))).collect();
    let mut corpus = vec![source, squares_4.into_bytes()];
    corpus.extend([IMG.to_string(), "0\n".repeat(50_000), "1".repeat(100_000)].map(String::into_bytes));
    fuzz("devil strategy tables", corpus, |bytes| match devil::lab::lookup::LookupTable::parse(&text(bytes), None) {
        Ok(table) => {
            prop_assert!(table.squares() >= 1 && table.squares() <= devil::lab::lookup::MAX_TABLE_SQUARES);
            Ok(())
        }
        Err(e) => check_refusal(&e),
    });
}

#[test]
fn lights_pattern_files() {
    use lights::board::{Board, Rule};
    let mut corpus = vec![b"10101\n01010\n00100\n01010\n10101\n".to_vec(), b"012/210/111".to_vec()];
    corpus.extend([IMG.to_string(), "1".repeat(100_000), "1/".repeat(50_000)].map(String::into_bytes));
    fuzz("lights pattern files", corpus, |bytes| {
        for (rule, torus, states) in [(Rule::Plus, false, 2), (Rule::King, true, 3)] {
            match Board::parse(&text(bytes), rule, torus, states) {
                Ok(board) => prop_assert!(board.spec.rows >= 1 && board.spec.cols >= 1),
                Err(e) => check_refusal(&e)?,
            }
        }
        Ok(())
    });
}

/// What the fuzzers found, kept as plain regression tests (each failed before its fix).
#[test]
fn findings() {
    // A game of tags only whose FEN tag is no position was read as the standard start, so the
    // text it wrote back could not be read: now it is refused like a game with moves.
    let e = chess::parse_pgn("[Event \"x\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n").unwrap_err();
    assert!(e.message().contains("bad FEN tag"), "{e}");
    // A strategy table of one 100 KB token echoed the token whole in its refusal.
    let e = devil::lab::lookup::LookupTable::parse(&"1".repeat(100_000), None).unwrap_err();
    assert!(e.message().chars().count() <= MAX_MESSAGE, "{} characters", e.message().len());
    assert!(e.message().contains("is not a square number"), "{e}");
}
