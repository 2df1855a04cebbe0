//! The `chess` subcommand end to end: JSON shapes, round trips through the binary, error
//! messages and exit codes, and that the committed model is what `chess fit` writes.

use serde_json::Value;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_chessboard-puzzles");
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(BIN).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn json(args: &[&str]) -> Value {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(out.trim()).unwrap()
}

fn fails(args: &[&str], want: &str) {
    let (code, out, err) = run(args);
    assert_ne!(code, 0, "{args:?} should fail");
    assert!(out.is_empty(), "{args:?} printed {out}");
    assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(want), "{args:?}: {err} lacks {want}");
}

#[test]
fn encode_then_decode_in_every_scheme() {
    for s in ["nibble", "base13", "base13-pawns", "huffman", "piece-list", "bitboard", "compact"] {
        for fen in [START, "r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 0 1"] {
            let e = json(&["chess", "encode", "--fen", fen, "--scheme", s, "--json"]);
            assert_eq!(e["scheme"], s);
            let code = e["code"].as_str().unwrap();
            let bits = e["bits"].as_u64().unwrap();
            assert_eq!(code.len(), ((bits as usize).div_ceil(8) * 8).div_ceil(6), "unpadded base64url of whole bytes");
            let d = json(&["chess", "decode", "--scheme", s, "--code", code, "--json"]);
            // Move counters are not part of a position code: they come back as 0 1.
            let want = fen.rsplitn(3, ' ').nth(2).unwrap();
            assert_eq!(d["fen"].as_str().unwrap().rsplitn(3, ' ').nth(2).unwrap(), want, "{s}");
        }
    }
}

#[test]
fn published_and_computed_figures() {
    // The source: 164 bits of Huffman code for the start position's board, + 6 state bits.
    let e = json(&["chess", "encode", "--fen", START, "--scheme", "huffman", "--json"]);
    assert_eq!(e["bits"], 164 + 6);
    let e = json(&["chess", "encode", "--fen", START, "--scheme", "nibble", "--json"]);
    assert_eq!(e["bits"], 257);
    let w = json(&["chess", "worst-case", "--scheme", "compact", "--json"]);
    assert_eq!(w["scheme"], "compact");
    assert_eq!(w["max_bits"], 153); // 1 + ⌈log2 of the count checked in tests/chess_codes.rs⌉
    let w = json(&["chess", "worst-case", "--scheme", "bitboard", "--json"]);
    assert_eq!(w["max_bits"], 192);
}

#[test]
fn games_reports_bits_and_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("g.pgn");
    std::fs::write(&pgn, "[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"b\"]\n\n1. d4 d5 1/2-1/2\n").unwrap();
    let p = pgn.to_str().unwrap();
    let g = json(&["chess", "games", "--pgn", p, "--scheme", "from-to", "--json"]);
    assert_eq!(g["games"], 2);
    assert_eq!(g["plies"], 5);
    // Per game: 1 start bit + Elias gamma of plies + 1 (5 bits for 4, 3 for 3) + 12 bits a move.
    assert_eq!(g["bits"], (1 + 5 + 36) + (1 + 3 + 24));
    assert_eq!(g["round_trip"], true);
    for s in ["move-index", "ranked-huffman", "arithmetic"] {
        let g = json(&["chess", "games", "--pgn", p, "--scheme", s, "--json"]);
        assert_eq!(g["round_trip"], true);
        assert!(g["bits_per_move"].as_f64().unwrap() > 0.0);
    }
}

#[test]
fn bad_input_is_one_line_and_non_zero() {
    fails(
        &["chess", "encode", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "--scheme", "compact"],
        "7 ranks",
    );
    fails(&["chess", "encode", "--fen", "k7/8/8/8/8/8/8/R3K3 w - - 0 1"], "in check");
    fails(&["chess", "encode", "--fen", START, "--scheme", "morse"], "unknown position scheme");
    fails(&["chess", "decode", "--scheme", "compact", "--code", "***"], "base64url");
    fails(&["chess", "decode", "--scheme", "compact", "--code", "AAAA"], "ends too early");
    fails(
        &["chess", "decode", "--scheme", "nibble", "--code", "____________________________________________"],
        "value 15",
    );
    fails(&["chess", "worst-case", "--scheme", "x"], "unknown position scheme");
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("bad.pgn");
    std::fs::write(&pgn, "1. e4 e5 2. Qxf7 *").unwrap();
    fails(&["chess", "games", "--pgn", pgn.to_str().unwrap(), "--scheme", "arithmetic"], "Qxf7");
    fails(&["chess", "games", "--pgn", "/no/such/file.pgn"], "cannot read");
    fails(&["chess", "games", "--pgn", pgn.to_str().unwrap(), "--scheme", "zip"], "unknown game scheme");
}

#[test]
fn the_committed_model_is_what_fit_writes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("model_params.rs");
    let (code, _, err) = run(&[
        "chess",
        "fit",
        "--pgn",
        "tests/data/lichess-2025-05-blitz-sample.pgn",
        "--games",
        "300",
        "--epochs",
        "300",
        "--openings",
        "tests/data/chess-openings",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let committed =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/chess/games/model_params.rs")).unwrap();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), committed);
}

#[test]
fn move_counters_are_an_optional_trailer() {
    // Counters chosen here; the round trip must give back the FEN letter for letter.
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 12 40";
    for scheme in ["nibble", "huffman", "compact"] {
        let plain = json(&["chess", "encode", "--fen", fen, "--scheme", scheme, "--json"]);
        let with = json(&["chess", "encode", "--fen", fen, "--scheme", scheme, "--counters", "--json"]);
        let plain_bytes = plain["bits"].as_u64().unwrap().div_ceil(8);
        assert_eq!(with["bits"].as_u64().unwrap(), plain_bytes * 8 + 23, "{scheme}");
        let code = with["code"].as_str().unwrap();
        let back = json(&["chess", "decode", "--scheme", scheme, "--code", code, "--counters", "--json"]);
        assert_eq!(back["fen"], fen);
        // Without --counters the trailer is extra data, not a silent misreading.
        fails(&["chess", "decode", "--scheme", scheme, "--code", code], "longer");
    }
}
