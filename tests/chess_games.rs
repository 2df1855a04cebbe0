//! Game codes: every sample game round-trips in every scheme; bit counts agree with counts
//! made independently from the PGN; the arithmetic code meets its goal on held-out games;
//! decoders survive random bytes.

use chessboard_puzzles::chess::games::lichess;
use chessboard_puzzles::chess::games::model_params::FIT_GAMES;
use chessboard_puzzles::chess::{parse_pgn, Game, GameScheme};
use proptest::prelude::*;

fn sample_games() -> Vec<Game> {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/lichess-2025-05-blitz-sample.pgn"))
            .unwrap();
    parse_pgn(&text).unwrap()
}

#[test]
fn every_sample_game_round_trips_in_every_scheme() {
    let games = sample_games();
    for s in GameScheme::ALL {
        for (i, g) in games.iter().enumerate() {
            let code = s.encode(g);
            let back = s.decode(&code.code.bytes).unwrap_or_else(|e| panic!("{} game {i}: {e}", s.name()));
            assert_eq!(back.moves, g.moves, "{} game {i}", s.name());
            assert_eq!(back.start, g.start);
            assert_eq!(code.move_bits.len(), g.moves.len());
        }
    }
}

#[test]
fn from_to_costs_twelve_bits_a_move_plus_two_per_promotion() {
    for g in sample_games().iter().take(100) {
        let promotions = g.sans().iter().filter(|s| s.contains('=')).count();
        let n = g.moves.len() as u64 + 1;
        let gamma = 2 * (64 - n.leading_zeros() as usize) - 1;
        let code = GameScheme::FromTo.encode(g);
        assert_eq!(code.code.bits, 1 + gamma + 12 * g.moves.len() + 2 * promotions);
    }
}

#[test]
fn move_index_costs_ceil_log2_of_the_legal_move_count() {
    for g in sample_games().iter().take(50) {
        // Count legal moves with cozy-chess directly, outside the code under test.
        let mut expect = 0usize;
        for pos in g.positions().iter().take(g.moves.len()) {
            let mut n = 0usize;
            pos.board().generate_moves(|pm| {
                n += pm.len();
                false
            });
            expect += (n as f64).log2().ceil() as usize;
        }
        let n = g.moves.len() as u64 + 1;
        let gamma = 2 * (64 - n.leading_zeros() as usize) - 1;
        assert_eq!(GameScheme::MoveIndex.encode(g).code.bits, 1 + gamma + expect);
    }
}

#[test]
fn arithmetic_meets_its_goal_on_held_out_games() {
    let games = sample_games();
    assert!(FIT_GAMES > 0 && FIT_GAMES < games.len());
    let held_out = &games[FIT_GAMES..];
    let mut bits = [0usize; 4];
    let plies: usize = held_out.iter().map(|g| g.moves.len()).sum();
    for (k, s) in GameScheme::ALL.iter().enumerate() {
        bits[k] = held_out.iter().map(|g| s.encode(g).code.bits).sum();
    }
    let bpm: Vec<f64> = bits.iter().map(|&b| b as f64 / plies as f64).collect();
    // Goal from the issue: at most 3.3 bits a move, everything (headers, end) included.
    assert!(bpm[3] <= 3.3, "arithmetic: {:.3} bits a move", bpm[3]);
    // Each scheme beats the one before it.
    assert!(bpm[0] > bpm[1] && bpm[1] > bpm[2] && bpm[2] > bpm[3], "{bpm:?}");
}

#[test]
fn lichess_codec_reproduction_matches_its_published_rate() {
    // lichess's Huffman table is annotated "0.551 bytes per move" (4.41 bits) on 16 million
    // lichess games; on these lichess blitz games the reproduction lands close to it, and
    // the arithmetic code beats it on the held-out games.
    let games = sample_games();
    let held_out = &games[FIT_GAMES..];
    let plies: usize = held_out.iter().map(|g| g.moves.len()).sum();
    let lichess: usize = held_out.iter().map(lichess::game_bits).sum();
    let lichess_bpm = lichess as f64 / plies as f64;
    assert!((4.2..4.6).contains(&lichess_bpm), "lichess: {lichess_bpm:.3} bits a move");
    let ours: usize = held_out.iter().map(|g| GameScheme::Arithmetic.encode(g).code.bits).sum();
    assert!((ours as f64) < 0.8 * lichess as f64);
}

#[test]
fn set_up_positions_and_empty_games_round_trip() {
    let games = parse_pgn(
        "[FEN \"4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1\"]\n[SetUp \"1\"]\n\n1. dxe6 Kf8 2. e7+ Ke8 *\n\n[Event \"empty\"]\n\n*\n\n1. f3 e5 2. g4 Qh4# 0-1",
    )
    .unwrap();
    assert_eq!(games.len(), 3);
    for g in &games {
        for s in GameScheme::ALL {
            let back = s.decode(&s.encode(g).code.bytes).unwrap();
            assert_eq!(back.moves, g.moves, "{}", s.name());
            assert_eq!(back.start, g.start, "{}", s.name());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn game_decoders_never_panic_on_random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        for s in GameScheme::ALL {
            if let Ok(g) = s.decode(&bytes) {
                let again = s.decode(&s.encode(&g).code.bytes).unwrap();
                prop_assert_eq!(again.moves, g.moves);
            }
        }
    }
}

/// Sample games whose arithmetic codes are written in `tests/data/chess-arithmetic-codes.json`,
/// which the Node test of the wasm build checks too: native and wasm code the same bits.
const FIXTURE_GAMES: [usize; 4] = [300, 350, 400, 437];

#[test]
fn arithmetic_codes_match_the_fixture_shared_with_the_wasm_test() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/chess-arithmetic-codes.json");
    let games = sample_games();
    let codes: Vec<serde_json::Value> = FIXTURE_GAMES
        .iter()
        .map(|&i| serde_json::json!({"game": i, "code": GameScheme::Arithmetic.encode(&games[i]).code.to_base64url()}))
        .collect();
    if std::env::var_os("CHESS_WRITE_FIXTURE").is_some() {
        std::fs::write(path, serde_json::to_string_pretty(&codes).unwrap() + "\n").unwrap();
    }
    let fixture: Vec<serde_json::Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(
        fixture, codes,
        "the model changed: rewrite the fixture with CHESS_WRITE_FIXTURE=1 cargo test --test chess_games"
    );
}
