//! The Devil's chessboard through its public API, checked against the definition of the
//! strategy (XOR of the indices of the heads, computed here by a plain fold) and by
//! exhaustion on small boards.

use chessboard_puzzles::devil::game::{decode_view, encode_view, from_link, link_for};
use chessboard_puzzles::devil::{Board, Game, Mode, Strategy as _, View, Xor};
use chessboard_puzzles::seed::rng_from_seed;
use proptest::prelude::*;
use rand::Rng;

fn xor_by_definition(board: &Board) -> usize {
    (0..board.squares()).filter(|&i| board.get(i)).fold(0, |acc, i| acc ^ i)
}

/// A's flip followed by B's decoding names the key, and exactly one coin changed.
fn check(board: &Board, key: usize) {
    let s = Xor { squares: board.squares() };
    let flip = s.encode(board, key).expect("xor always flips");
    let after = board.with_flip(flip);
    assert_eq!((0..board.squares()).filter(|&i| after.get(i) != board.get(i)).count(), 1);
    assert_eq!(xor_by_definition(&after), key, "independent decoding");
    assert_eq!(s.decode(&after), key, "strategy decoding");
}

#[test]
fn every_board_and_key_up_to_16_squares() {
    for k in 0..=4 {
        let n = 1usize << k;
        for bits in 0..1u64 << n {
            let board = Board::from_bits(n, bits).unwrap();
            for key in 0..n {
                check(&board, key);
            }
        }
    }
}

#[test]
fn random_pairs_and_boundary_cases_from_64_to_4096_squares() {
    let mut rng = rng_from_seed(2026);
    for k in 6..=12 {
        let n = 1usize << k;
        // 100,000 random boards up to 256 squares; beyond, as many coins a size (6,250 boards
        // of 4096 squares). 100,000 boards of every size took 20 s, most of it on the largest.
        for _ in 0..100_000 * 256 / n.max(256) {
            let board = Board::random(n, &mut rng).unwrap();
            check(&board, rng.random_range(0..n));
        }
        let tails = Board::new(n).unwrap();
        let heads = Board::from_coins(&vec![true; n]).unwrap();
        for board in [&tails, &heads] {
            for key in [0, 1, n / 2, n - 1] {
                check(board, key);
            }
        }
        // The colour already equals the key: A flips coin 0, which leaves the colour alone.
        let board = Board::random(n, &mut rng).unwrap();
        let colour = xor_by_definition(&board);
        assert_eq!(Xor { squares: n }.encode(&board, colour), Some(0));
        check(&board, colour);
    }
}

#[test]
fn game_moves_follow_the_rules() {
    use chessboard_puzzles::devil::{Move, Params};
    use chessboard_puzzles::puzzle::Puzzle;
    let game = Game::random(&Params { squares: 64 }, 5).unwrap();
    let moves = game.solve().unwrap();
    assert_eq!(moves.len(), 2);
    assert!(game.verify(&moves).unwrap());
    // Any other flip makes the strategy's answer wrong.
    let Move::Flip(right) = moves[0] else { panic!("first move is A's flip") };
    let wrong = (right + 1) % 64;
    let after = game.apply(&Move::Flip(wrong)).unwrap();
    let answer = Xor { squares: 64 }.decode(&after.board);
    assert_ne!(answer, game.key);
    assert!(!after.apply(&Move::Answer(answer)).unwrap().is_solved());
    assert!(after.solve().is_err());
}

fn arb_view() -> impl Strategy<Value = View> {
    (0u32..=12, any::<u64>(), 0usize..4, 0u8..64, 0u16..4096, any::<bool>(), any::<bool>()).prop_map(
        |(k, seed, mode, strategy, step, flipped, answered)| {
            let n = 1usize << k;
            let mut rng = rng_from_seed(seed);
            let board = Board::random(n, &mut rng).unwrap();
            let key = rng.random_range(0..n);
            let flipped = flipped.then(|| rng.random_range(0..n));
            let answer = if flipped.is_some() && answered { Some(rng.random_range(0..n)) } else { None };
            let mode = [Mode::Watch, Mode::PlayA, Mode::PlayB, Mode::Edit][mode];
            View { game: Game { board, key, flipped, answer }, mode, strategy, step }
        },
    )
}

proptest! {
    #[test]
    fn share_links_round_trip(view in arb_view()) {
        let link = link_for(&view);
        prop_assert_eq!(from_link(&format!("#{link}")).unwrap(), view.clone());
        prop_assert_eq!(decode_view(&encode_view(&view)).unwrap(), view);
    }

    #[test]
    fn truncated_links_are_rejected(view in arb_view(), cut in 1usize..8) {
        let payload = encode_view(&view);
        let cut = cut.min(payload.len());
        let short = &payload[..payload.len() - cut];
        // Never a panic; always a one-line message.
        if let Err(e) = decode_view(short) {
            prop_assert!(!e.message().contains('\n'));
            prop_assert!(e.message().contains("truncated") || e.message().contains("garbled"));
        } else {
            // Only possible when the cut removed nothing but zero padding.
            prop_assert!(cut <= 1);
        }
    }

    #[test]
    fn garbage_never_panics(text in "[A-Za-z0-9_/#.-]{0,80}") {
        let _ = from_link(&text);
        let _ = decode_view(&text);
    }
}

#[test]
fn wrong_links_have_the_right_messages() {
    let view = View { game: Game::new(Board::new(16).unwrap(), 3).unwrap(), mode: Mode::Watch, strategy: 0, step: 0 };
    let payload = encode_view(&view);
    let msg = |frag: String| from_link(&frag).unwrap_err().message().to_string();
    assert!(msg(format!("#devil/v9/{payload}")).contains("version 9"));
    assert!(msg(format!("#lights/v1/{payload}")).contains("lights"));
    assert!(msg("#devil/v1/".into()).contains("truncated"));
    assert!(msg("#devil/v1/%%%".into()).contains("garbled"));
    assert!(msg(format!("#devil/v1/{payload}AAAA")).contains("longer"));
    // Size exponent 13 (8192 squares) is refused.
    assert!(msg("#devil/v1/0AAAAAAA".into()).contains("largest board"));
}

proptest! {
    #[test]
    fn board_files_never_panic(text in "[01HTht \n\r\tx]{0,300}") {
        use chessboard_puzzles::devil::lab::file::BoardFile;
        if let Ok(file) = BoardFile::parse(&text) {
            let board = file.board();
            prop_assert!(board.squares().is_power_of_two());
            let flipped = BoardFile::parse(&file.text_with_flip(0)).unwrap().board();
            prop_assert_eq!(flipped, board.with_flip(0));
        }
    }
}
