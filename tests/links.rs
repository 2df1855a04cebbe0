//! Every puzzle's link encoder at the largest states it accepts: the fragment fits the budget
//! (lengths checked against the bit layouts, counted by hand below), or the encoder says "too
//! large" and the state's file round-trips. `cargo test --test links -- --nocapture` prints the
//! lengths quoted in docs/share-links.md.

use chessboard_puzzles::codes::link::{self as codes_link, CodesState, CodesView, MAX_WORD};
use chessboard_puzzles::codes::vasilev::FName;
use chessboard_puzzles::devil::game::{self as devil_game, Mode, View};
use chessboard_puzzles::devil::lab::link::{self as lab_link, LabState, LabView, StrategyName};
use chessboard_puzzles::devil::lab::lookup::LookupTable;
use chessboard_puzzles::devil::{Board, Game as DevilGame, Params as DevilParams};
use chessboard_puzzles::lights::{self, Rule, Spec};
use chessboard_puzzles::link::{MAX_FRAGMENT, MAX_LINK};
use chessboard_puzzles::puzzle::Puzzle;
use chessboard_puzzles::table::{self, DevilKind, Params};
use chessboard_puzzles::{chess, seed::rng_from_seed};
use rand::Rng;

/// Characters of unpadded base64 for `bits` bits.
fn base64_len(bits: usize) -> usize {
    (bits.div_ceil(8) * 4).div_ceil(3)
}

#[test]
fn the_budget_leaves_room_for_the_address() {
    assert_eq!(MAX_LINK, 2000);
    assert!(MAX_FRAGMENT + "https://example.github.io/chessboard-puzzles/devil-lab.html#".len() <= MAX_LINK);
}

#[test]
fn devil_4096_coins_fit_without_compression() {
    let mut game = DevilGame::random(&DevilParams { squares: 4096 }, 9).unwrap();
    game = game.apply(&devil_game::Move::Flip(4095)).unwrap().apply(&devil_game::Move::Answer(17)).unwrap();
    let view = View { game, mode: Mode::Edit, strategy: 63, step: 4095 };
    let link = devil_game::link_for(&view);
    // size 4, mode 2, strategy 6, step 12, flip 1 + 12, answer 1 + 12, key 12, coins 4096.
    assert_eq!(link.len(), "devil/v1/".len() + base64_len(4 + 2 + 6 + 12 + 13 + 13 + 12 + 4096));
    assert!(link.len() <= MAX_FRAGMENT);
    assert_eq!(devil_game::from_link(&link).unwrap(), view);
    println!("devil, 4096 coins: {} characters", link.len());
}

#[test]
fn lights_4096_squared_seeded_and_edited_fits_every_light_does_not() {
    let spec = Spec::classic(4096, 4096);
    let seeded = lights::Game::random(&spec, 2026).unwrap();
    let untouched = lights::io::link::link_for(&seeded).unwrap();
    println!("lights 4096×4096, untouched: {} characters", untouched.len());
    // 100 presses at random places and 100 lights toggled in edit mode.
    let mut rng = rng_from_seed(3);
    let mut game = seeded.clone();
    for _ in 0..100 {
        game.board.press(rng.random_range(0..4096), rng.random_range(0..4096));
        game.moves += 1;
    }
    for _ in 0..100 {
        let i = rng.random_range(0..spec.cells());
        game.board.lights[i] ^= 1;
    }
    let link = lights::io::link::link_for(&game).unwrap();
    assert!(link.len() <= MAX_FRAGMENT);
    assert_eq!(lights::io::link::from_link(&link).unwrap(), game);
    println!("lights 4096×4096, 100 presses and 100 edits: {} characters", link.len());
    // Presses alone: a press changes 5 lights, 3 of them side by side.
    let mut pressed = seeded.clone();
    for _ in 0..250 {
        pressed.board.press(rng.random_range(0..4096), rng.random_range(0..4096));
        pressed.moves += 1;
    }
    let link = lights::io::link::link_for(&pressed).unwrap();
    println!("lights 4096×4096, 250 presses: {} characters", link.len());
    // The v1 link of the same board wrote every light: 51 header bits, 1 form bit, 2^24 lights.
    println!("lights 4096×4096 edited, v1: {} characters", "lights/v1/".len() + base64_len(52 + 4096 * 4096));

    // The same lights with no seed to start from: every light, random, so nothing compresses.
    let explicit = lights::Game { seed: None, ..game };
    let too_large = lights::io::link::link_for(&explicit).unwrap_err();
    assert!(too_large.chars > 2_000_000, "{too_large}");
    let file = lights::io::link::file_for(&explicit);
    assert_eq!(file.name, "lights-4096x4096-plus-2states.txt");
    assert_eq!(lights::io::link::from_file(&file.text, Rule::Plus, false, 2).unwrap().board, explicit.board);
    println!("lights 4096×4096, every light (no seed): {} characters → file", too_large.chars);
}

#[test]
fn lights_all_on_boards_shrink_to_runs() {
    // An all-on 4096×4096 board (the page's "all on"): one run.
    let spec = Spec { states: 9, ..Spec::classic(4096, 4096) };
    let game = lights::Game::new(lights::Board::all_on(spec).unwrap());
    let link = lights::io::link::link_for(&game).unwrap();
    assert!(link.len() < 40, "{link}");
    println!("lights 4096×4096, all on, 9 states: {} characters", link.len());
    assert_eq!(lights::io::link::from_link(&link).unwrap(), game);
}

#[test]
fn lights_largest_explicit_boards_that_fit() {
    // Random lights with no seed: ⌈log2 k⌉ bits each, stored. 106×106 two-state lights take
    // 56 + 8 + 11,236 bits = 1,413 bytes, 1,884 characters + "lights/v2/".
    // Nine states use 9 of the 16 values of 4 bits, which deflate squeezes: 64×64 no longer fits.
    for (side, states, too_large) in [(106, 2, 110), (53, 9, 64)] {
        let spec = Spec { states, ..Spec::classic(side, side) };
        let mut game = lights::Game::random(&spec, 1).unwrap();
        game.seed = None;
        let link = lights::io::link::link_for(&game).unwrap();
        assert_eq!(lights::io::link::from_link(&link).unwrap(), game);
        println!("lights {side}×{side}, {states} states, every light: {} characters", link.len());
        let bigger = Spec { rows: too_large, cols: too_large, ..spec };
        let mut game = lights::Game::random(&bigger, 1).unwrap();
        game.seed = None;
        assert!(lights::io::link::link_for(&game).is_err());
    }
}

#[test]
fn table_largest_game_fits() {
    let mut game = table::Game::new(Params::new(64, 6).unwrap(), DevilKind::Human, true, true, u64::MAX).unwrap();
    game.moves = u64::MAX;
    game.turn = 63;
    let link = game.link();
    // coins 6, sides 3, devil 2, sighted 1, following 1, turn 6, moves 64, seed 64, 64 × 3 faces.
    assert_eq!(link.len(), "table/v1/".len() + base64_len(6 + 3 + 2 + 1 + 1 + 6 + 64 + 64 + 64 * 3));
    assert_eq!(table::Game::open(&link).unwrap(), game);
    println!("table, 64 coins of 6 sides: {} characters", link.len());
}

#[test]
fn chess_every_position_is_27_characters() {
    let pos = chess::Position::from_fen("r3k2r/pppq1ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 0 9").unwrap();
    let link = chess::positions::share::link_for(&pos);
    assert_eq!(link.len(), "chess/v2/".len() + base64_len(153));
    assert_eq!(chess::positions::share::from_link(&link).unwrap(), pos);
}

fn lab(table: Option<LookupTable>) -> LabState {
    LabState {
        strategy: StrategyName::Vasilev,
        f: Some(FName::Random),
        seed: u64::MAX,
        squares: 4096,
        view: LabView::Dice,
        table,
    }
}

/// A table of pseudo-random answers (incompressible) for `n` squares.
fn noisy_table(n: usize, seed: u64) -> LookupTable {
    let mut rng = rng_from_seed(seed);
    LookupTable::new(n, (0..1 << n).map(|_| rng.random_range(0..n as u16)).collect(), "table").unwrap()
}

#[test]
fn lab_tables_fit_up_to_11_squares_and_go_to_a_file_beyond() {
    let without = lab_link::link_for(&lab(None)).unwrap();
    // strategy 2, f 1 + 2, seed 10 varint bytes, size 4, view 3, table 1.
    assert_eq!(without.len(), "lab/v1/".len() + base64_len(2 + 3 + 80 + 4 + 3 + 1));
    // 11 squares: 2^11 answers × 4 bits = 1,024 bytes — fits even when nothing compresses.
    let state = lab(Some(noisy_table(11, 1)));
    let link = lab_link::link_for(&state).unwrap();
    assert_eq!(lab_link::from_link(&link).unwrap(), state);
    println!("lab, table of 11 squares (random answers): {} characters", link.len());
    for n in [12, 16] {
        let state = lab(Some(noisy_table(n, 2)));
        let e = lab_link::link_for(&state).unwrap_err();
        let file = lab_link::file_for(&state).unwrap();
        assert_eq!(lab_link::from_file(&file.text).unwrap(), state.table.clone().unwrap());
        println!("lab, table of {n} squares (random answers): {} characters → file", e.chars);
    }
}

#[test]
fn codes_longest_words_fit_and_long_checker_lists_go_to_a_file() {
    // Random bits, so deflate finds nothing: 2 × 4095 bits, 1,024 bytes.
    let mut rng = rng_from_seed(5);
    let state = CodesState {
        r: 12,
        msg: (0..MAX_WORD).map(|_| rng.random()).collect(),
        word: (0..MAX_WORD).map(|_| rng.random()).collect(),
        words: Vec::new(),
        vf: FName::Random,
        view: CodesView::Check,
    };
    let link = codes_link::link_for(&state).unwrap();
    assert_eq!(codes_link::from_link(&link).unwrap(), state);
    assert!(link.len() <= MAX_FRAGMENT);
    println!("codes, two random words of 4095 bits: {} characters", link.len());
    let words: Vec<Vec<bool>> = (0..1000).map(|_| (0..24).map(|_| rng.random()).collect()).collect();
    let big = CodesState { words, ..state };
    let e = codes_link::link_for(&big).unwrap_err();
    let file = codes_link::file_for(&big);
    assert_eq!(codes_link::from_file(&file.text).unwrap(), big.words);
    println!("codes, 1000 random checker words of 24 bits: {} characters → file", e.chars);
}

#[test]
fn devil_board_files_round_trip() {
    let mut rng = rng_from_seed(8);
    let board = Board::random(4096, &mut rng).unwrap();
    let text = chessboard_puzzles::devil::lab::file::board_to_text(&board);
    assert_eq!(chessboard_puzzles::devil::lab::file::BoardFile::parse(&text).unwrap().board(), board);
}
