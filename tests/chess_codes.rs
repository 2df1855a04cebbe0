//! Position codes: exact round trips on every position of the sample games and on edge cases,
//! the source's published figures, computed worst cases, and decoders on random bytes.

use chessboard_puzzles::chess::positions::{compact, huffman};
use chessboard_puzzles::chess::{parse_pgn, Position, PositionScheme};
use proptest::prelude::*;

fn sample_games() -> Vec<chessboard_puzzles::chess::Game> {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/lichess-2025-05-blitz-sample.pgn"))
            .unwrap();
    parse_pgn(&text).unwrap()
}

fn round_trip(pos: &Position) {
    for s in PositionScheme::ALL {
        let code = s.encode(pos);
        assert!(
            code.bits <= s.worst_case(),
            "{} wrote {} > worst case {} for {}",
            s.name(),
            code.bits,
            s.worst_case(),
            pos.to_fen()
        );
        // Segments tile the code exactly.
        let mut at = 0;
        for seg in &code.segments {
            assert_eq!(seg.start, at, "{}", s.name());
            at += seg.len;
        }
        assert_eq!(at, code.bits, "{}", s.name());
        let back = s.decode(&code.bytes).unwrap_or_else(|e| panic!("{} failed on {}: {e}", s.name(), pos.to_fen()));
        assert_eq!(&back, pos, "{} round trip of {}", s.name(), pos.to_fen());
    }
}

#[test]
fn every_position_of_every_sample_game_round_trips_in_every_scheme() {
    let games = sample_games();
    let mut n = 0;
    for g in &games {
        for pos in g.positions() {
            round_trip(&pos);
            n += 1;
        }
    }
    assert!(n > 25_000, "{n} positions");
}

#[test]
fn edge_cases_round_trip() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
        "4k2r/8/8/8/8/8/8/R3K3 w Qk - 0 1",
        "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1",
        "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1",
        "4k3/8/8/PpP5/8/8/8/4K3 w - b6 0 1",
        "4k3/8/8/6Pp/8/8/8/4K3 w - h6 0 1",
        "kr6/pp6/8/8/8/8/2QQQQQ1/2QQQQ1K w - - 0 1",
        "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
        "8/P6k/8/8/8/8/8/K7 w - - 0 1",
        "k7/8/8/8/8/8/8/K7 b - - 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "NNNNkNNN/8/8/8/8/8/8/nnnnKnnn w - - 0 1",
        // Nine queens against a bare king; nine queens and eight pawns of the other side.
        "k7/8/8/8/8/2QQQQQQ/2QQQ3/4K3 b - - 0 1",
        "4k3/pppppppp/8/8/8/8/QQQ3QQ/QQQ1K1Q1 w - - 0 1",
        // Promoted pieces next to many pawns: a promotion paid by one capture, seven pawns
        // a side on seven opposed files (the fewest the captures allow).
        "rnbqkbnr/ppppppp1/8/8/8/8/PPPPPPP1/RNBQKBNQ w Qkq - 0 1",
        "rnbqkbnr/1ppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR b KQkq - 0 1",
        "1nbqkbnr/1pppppp1/8/8/8/8/1PPPPPP1/QNBQKBNQ w k - 0 1",
        // One capture, a doubled pawn: exactly the 7 opposed files the rule asks for.
        "r1bqkbnr/pppppppp/8/8/8/3P4/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        // An en-passant capture that only one of two pawns can make (the other is pinned).
        "8/b7/8/2PpP3/3K4/8/8/7k w - d6 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        round_trip(&pos);
    }
}

#[test]
fn every_castling_and_en_passant_combination_round_trips() {
    // Kings and rooks at home; for each en-passant file a black pawn that just moved two
    // squares and a white pawn beside it (left or right), and a few more pawns; both sides to
    // move (Black to move is the mirror image).
    let mut n = 0;
    for rights in 0..16u8 {
        let castling: String =
            ["K", "Q", "k", "q"].iter().enumerate().filter(|(i, _)| rights >> i & 1 != 0).map(|(_, c)| *c).collect();
        let castling = if castling.is_empty() { "-".to_string() } else { castling };
        for ep in [None, Some(0usize), Some(1), Some(3), Some(6), Some(7)] {
            for beside in [-1i32, 1] {
                let mut rank5 = [' '; 8];
                let mut rank2 = ['P'; 8];
                let mut rank7 = ['p'; 8];
                let target = match ep {
                    None => "-".to_string(),
                    Some(f) => {
                        let cf = f as i32 + beside;
                        if !(0..8).contains(&cf) {
                            continue;
                        }
                        rank5[f] = 'p';
                        rank7[f] = ' ';
                        rank5[cf as usize] = 'P';
                        rank2[cf as usize] = ' ';
                        format!("{}6", (b'a' + f as u8) as char)
                    }
                };
                let row = |r: [char; 8]| -> String {
                    let mut out = String::new();
                    let mut gap = 0;
                    for c in r {
                        if c == ' ' {
                            gap += 1;
                        } else {
                            if gap > 0 {
                                out += &gap.to_string();
                                gap = 0;
                            }
                            out.push(c);
                        }
                    }
                    if gap > 0 {
                        out += &gap.to_string();
                    }
                    out
                };
                let fen =
                    format!("r3k2r/{}/8/{}/8/8/{}/R3K2R w {castling} {target} 0 2", row(rank7), row(rank5), row(rank2));
                let pos = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
                assert_eq!(pos.en_passant().is_some(), ep.is_some(), "{fen}");
                round_trip(&pos);
                round_trip(&pos.mirrored());
                n += 2;
            }
        }
    }
    assert!(n > 300, "{n}");
}

#[test]
fn pawns_that_could_not_have_passed_each_other_are_refused() {
    // All 32 men on the board (no capture) but the pawns have swapped sides: no pawn can pass
    // the enemy pawn of its file without a capture, so the position is illegal.
    let e = Position::from_fen("rnbqkbnr/8/PPPPPPPP/8/8/pppppppp/8/RNBQKBNR w - - 0 1").unwrap_err();
    assert!(e.message().contains("below a black pawn"), "{e}");
    // One capture (a black knight is gone) frees one pair, not two.
    assert!(Position::from_fen("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").is_ok());
    let e = Position::from_fen("r1bqkbnr/2pppppp/8/8/PP6/pp6/2PPPPPP/RNBQKBNR w KQkq - 0 1").unwrap_err();
    assert!(e.message().contains("below a black pawn"), "{e}");
}

#[test]
fn the_source_figures() {
    // The source: the start position takes 32·1 + 16·3 + 12·5 + 4·6 = 164 bits of Huffman code.
    let code = PositionScheme::Huffman.encode(&Position::start());
    let board: usize = code.segments.iter().filter(|s| s.label.contains(':')).map(|s| s.len).sum();
    assert_eq!(board, 164);
    // 4 bits a square: 256 bits for the board; base 13: 237; base 13 with pawns off the edges: 233.
    let nibble = PositionScheme::Nibble.encode(&Position::start());
    assert_eq!(nibble.segments.iter().filter(|s| s.len == 4).count() * 4, 256);
    assert_eq!(chessboard_puzzles::chess::positions::base13::board_bits(false), 237);
    assert_eq!(chessboard_puzzles::chess::positions::base13::board_bits(true), 233);
    // The source's piece list needs 45 bits for 8 pawns on 48 squares.
    let pl = PositionScheme::PieceList.encode(&Position::start());
    assert!(pl.segments.iter().any(|s| s.label.starts_with("white pawns on") && s.len == 45));
}

#[test]
fn huffman_tree_is_the_sources_and_is_complete() {
    // Kraft sum of a complete prefix code is exactly 1, and no code is a prefix of another.
    let codes = huffman::CODES;
    let kraft: f64 = codes.iter().map(|c| 0.5f64.powi(c.len() as i32)).sum();
    assert_eq!(kraft, 1.0);
    for a in codes {
        for b in codes {
            assert!(a == b || !b.starts_with(a), "{a} is a prefix of {b}");
        }
    }
    let tree = huffman::tree();
    assert_eq!(tree.iter().filter(|n| n.label.is_some()).count(), 13);
    assert_eq!(tree.len(), 25); // a full binary tree with 13 leaves has 12 inner nodes
}

#[test]
fn worst_cases() {
    let w = |s: &str| PositionScheme::parse(s).unwrap().worst_case();
    assert_eq!(w("nibble"), 257);
    assert_eq!(w("base13"), 237 + 9);
    assert_eq!(w("base13-pawns"), 233 + 9);
    assert_eq!(w("bitboard"), 192);
    // The compact count, checked against an independent count: tests/data/compact_count.py,
    // written separately from this code, places the pieces by a falling power over factorials
    // (Tromp's formula) and the pawns by per-file polynomials multiplied out, with
    // inclusion-exclusion for the en-passant capturer. It gives
    // 4302524815921052591727530968707373540166327273 positions with White to move:
    // log2 = 151.59, so 152 bits + 1 for the side to move.
    assert_eq!(compact::count().to_string(), "4302524815921052591727530968707373540166327273");
    assert_eq!(w("compact"), 153);
    // Both sides to move: fewer than Tromp's published 8726713169886222032347729969256422370854716254
    // urpositions (his ranking counts some positions several times; ours once).
    let tromp = num_bigint::BigUint::parse_bytes(b"8726713169886222032347729969256422370854716254", 10).unwrap();
    assert!(compact::count() * 2u8 < tromp);
    // The Huffman worst case is more than the start position's board, and every scheme's
    // worst case bounds the sample positions (checked in the round-trip test).
    assert!(w("huffman") > 164 + 9);
}

#[test]
fn compact_rejects_numbers_past_the_count_and_illegal_positions() {
    let all_ones = vec![0xffu8; 20];
    assert!(PositionScheme::Compact.decode(&all_ones).is_err());
    // Side to move bit 0, then 152 one bits (past the count), then zero padding.
    let mut bytes = vec![0xffu8; 20];
    bytes[0] = 0x7f;
    bytes[19] = 0x80;
    let e = PositionScheme::Compact.decode(&bytes).unwrap_err();
    assert!(e.message().contains("larger"), "{e}");
}

#[test]
fn compact_rank_zero_and_neighbours_decode_or_explain() {
    // Small ranks decode to some position or to a one-line reason, never a panic.
    for last in 0..=255u8 {
        let mut bytes = vec![0u8; 20];
        bytes[19] = last & 0x80;
        bytes[18] = last;
        let _ = PositionScheme::Compact.decode(&bytes);
    }
}

fn random_position(seed: u64, plies: usize) -> Position {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut pos = Position::start();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        // Prefer captures and promotions so that long playouts reach odd material.
        let mv = moves[rng.random_range(0..moves.len())];
        pos = pos.play_unchecked(mv);
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_playouts_round_trip(seed in any::<u64>(), plies in 0usize..400) {
        round_trip(&random_position(seed, plies));
    }

    #[test]
    fn decoders_never_panic_on_random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..48)) {
        for s in PositionScheme::ALL {
            if let Ok(pos) = s.decode(&bytes) {
                // Whatever decodes re-encodes to the same position.
                let again = s.decode(&s.encode(&pos).bytes).unwrap();
                prop_assert_eq!(again, pos);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn compact_random_ranks_decode_to_their_own_code(mut bytes in proptest::collection::vec(any::<u8>(), 20)) {
        // Any 153-bit number decodes to a position whose code is that number, or to an error.
        bytes[19] &= 0x80;
        if let Ok(pos) = compact::decode(&bytes) {
            prop_assert_eq!(compact::encode(&pos).bytes, bytes);
        }
    }
}
