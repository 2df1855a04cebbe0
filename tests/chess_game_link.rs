//! Game links (`#chess-game/v1/…`) on real games: the size bound over every game of the sample
//! files, the moves after decoding against the SAN written in the PGN text itself, the
//! position at a ply against `chess link --pgn … --ply K`'s FEN, round trips of random legal
//! games, and the slowest decode (`-- --nocapture` prints the figures).

use chessboard_puzzles::chess::games::link::{decode, from_link, link_for};
use chessboard_puzzles::chess::{parse_pgn, Game, Position};
use proptest::prelude::*;
use serde_json::Value;
use std::process::Command;
use std::time::Instant;

const BIN: &str = env!("CARGO_BIN_EXE_chessboard-puzzles");
const SAMPLES: [&str; 2] = ["www/data/chess-sample.pgn", "tests/data/lichess-2025-05-blitz-sample.pgn"];

/// The bound stated in docs/share-links.md: a game of at most 80 plies, with its tags.
const BOUND_80_PLIES: usize = 200;

fn sample(path: &str) -> (String, Vec<Game>) {
    let text = std::fs::read_to_string(path).unwrap();
    let games = parse_pgn(&text).unwrap();
    (text, games)
}

/// The SAN tokens of each game's movetext, read straight from the text: comments, move
/// numbers and results dropped — no chess rules involved.
fn written_sans(text: &str) -> Vec<Vec<String>> {
    let mut games = Vec::new();
    let mut current: Option<Vec<String>> = None;
    for line in text.lines() {
        if line.starts_with("[Event ") {
            games.extend(current.replace(Vec::new()));
        }
        if line.starts_with('[') {
            continue;
        }
        let mut depth = 0;
        let mut plain = String::new();
        for c in line.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ if depth == 0 => plain.push(c),
                _ => {}
            }
        }
        for token in plain.split_whitespace() {
            let numbered = token.trim_end_matches('.').chars().all(|c| c.is_ascii_digit());
            if numbered || ["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
                continue;
            }
            current.get_or_insert_with(Vec::new).push(token.trim_end_matches(['!', '?']).to_string());
        }
    }
    games.extend(current);
    games
}

#[test]
fn every_sample_game_fits_and_decodes_to_its_written_moves() {
    let (mut longest, mut longest_80, mut games_80, mut sum_80) = (0, 0, 0, 0);
    for path in SAMPLES {
        let (text, games) = sample(path);
        let written = written_sans(&text);
        assert_eq!(written.len(), games.len(), "{path}");
        for (i, game) in games.iter().enumerate() {
            let link = link_for(game, game.moves.len()).unwrap();
            let back = from_link(&link).unwrap();
            assert_eq!(back.game.sans(), written[i], "{path} game {}", i + 1);
            assert_eq!(back.game.moves, game.moves);
            assert_eq!(back.game.result, game.result);
            for key in ["White", "Black", "Event", "Date"] {
                assert_eq!(back.game.tag(key), game.tag(key), "{path} game {}: {key}", i + 1);
            }
            longest = longest.max(link.len());
            if game.moves.len() <= 80 {
                assert!(link.len() <= BOUND_80_PLIES, "{path} game {}: {} characters", i + 1, link.len());
                longest_80 = longest_80.max(link.len());
                games_80 += 1;
                sum_80 += link.len();
            }
        }
    }
    println!(
        "game links: longest {longest} characters; games of ≤ 80 plies: {games_80}, longest {longest_80}, mean {}",
        sum_80 / games_80
    );
}

#[test]
fn the_position_at_a_ply_is_the_position_links_fen() {
    let path = SAMPLES[0];
    let (_, games) = sample(path);
    for (n, ply) in [(1, 0), (1, 10), (2, 33), (6, 200)] {
        let ply = ply.min(games[n - 1].moves.len());
        let args = |extra: &[&str]| {
            let mut a: Vec<String> =
                ["chess", "link", "--pgn", path, "--game", &n.to_string(), "--ply", &ply.to_string()]
                    .iter()
                    .map(|s| s.to_string())
                    .collect();
            a.extend(extra.iter().map(|s| s.to_string()));
            a.push("--json".into());
            a
        };
        let position_link = run_json(&args(&[]));
        let game_link = run_json(&args(&["--game-link"]));
        let link = game_link["link"].as_str().unwrap();
        assert!(link.starts_with("#chess-game/v1/"));
        let opened = run_json(&["chess".into(), "open".into(), link.into(), "--json".into()]);
        assert_eq!(opened["ply"], ply);
        assert_eq!(opened["fen"], position_link["fen"], "game {n} ply {ply}");
        let text = Command::new(BIN).args(["chess", "open", link]).output().unwrap();
        let reparsed = parse_pgn(&String::from_utf8(text.stdout).unwrap()).unwrap().remove(0);
        assert_eq!(reparsed.moves, games[n - 1].moves);
    }
}

fn run_json(args: &[String]) -> Value {
    let out = Command::new(BIN).args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The slowest decodes: the longest sample game, and garbled payloads that run to the
/// codec's ply limit before failing. Printed, not asserted (timings vary with the machine).
#[test]
fn slowest_decodes() {
    let (_, games) = sample(SAMPLES[1]);
    let long = games.iter().max_by_key(|g| g.moves.len()).unwrap();
    let link = link_for(long, 0).unwrap();
    let t = Instant::now();
    from_link(&link).unwrap();
    println!("decode of the longest sample game ({} plies): {:?}", long.moves.len(), t.elapsed());
    for garbage in [[0u8; 12], [0xff; 12], [0x5a; 12]] {
        let t = Instant::now();
        let outcome = decode(&garbage).map(|g| g.game.moves.len()).map_err(|e| e.message().to_string());
        println!("decode of {garbage:02x?}: {outcome:?} in {:?}", t.elapsed());
    }
}

/// A random legal game of up to `plies` plies: each move picked by index among the legal ones.
fn random_game(picks: &[u16]) -> Game {
    let mut pos = Position::start();
    let mut moves = Vec::new();
    for &pick in picks {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[pick as usize % legal.len()];
        moves.push(mv);
        pos = pos.play_unchecked(mv);
    }
    Game::new(Position::start(), moves)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_legal_games_round_trip(picks in proptest::collection::vec(any::<u16>(), 0..120), at in any::<u16>()) {
        let game = random_game(&picks);
        let ply = at as usize % (game.moves.len() + 1);
        let back = from_link(&link_for(&game, ply).unwrap()).unwrap();
        prop_assert_eq!(back.game.moves, game.moves);
        prop_assert_eq!(back.ply, ply);
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..48)) {
        let _ = decode(&bytes);
    }
}
