//! The real bound on a Lights Out games link (`#lights-graph/v1/…`): it stores every light's
//! state in ⌈log2 k⌉ bits after a header of 45 bits and the stencil's box, base64url. The
//! length is checked here against that count worked out by hand, for the largest board the
//! page makes (64×64, 255 states, a 5×5 stencil): 5,490 characters, over the 2,000 budget of
//! docs/share-links.md. No encoding can bring such a board under it: random lights of 255
//! states carry 4,096 × log2 255 ≈ 32,750 bits, at least 5,458 base64 characters.
use chessboard_puzzles::lights::game::presets::{Edges, Stencil};
use chessboard_puzzles::lights::graph_game::{GraphGame, Params, Shape};
use chessboard_puzzles::puzzle::Puzzle;
use rand::{Rng, SeedableRng};

/// base64url characters (no padding) of `bits` bits, written as whole bytes.
fn base64_chars(bits: usize) -> usize {
    (bits.div_ceil(8) * 4).div_ceil(3)
}

/// The link's length by the layout of docs/lights-games.md: "lights-graph/v1/", 4 bits the
/// board, 1 bit lit-only, 12 + 12 bits the size, 8 bits k, 2 bits the edges, 3 + 3 bits the
/// stencil's half-height and half-width, a bit for each cell of its box, then the lights.
fn expected_len(rows: usize, cols: usize, k: u8, box_cells: usize) -> usize {
    let per_light = (u8::BITS - (k - 1).leading_zeros()) as usize;
    "lights-graph/v1/".len() + base64_chars(4 + 1 + 12 + 12 + 8 + 2 + 3 + 3 + box_cells + rows * cols * per_light)
}

fn random_grid(rows: usize, cols: usize, k: u8, offsets: &[(i32, i32)], seed: u64) -> GraphGame {
    let stencil = Stencil { offsets: offsets.to_vec() };
    let shape = Shape::grid(rows, cols, &stencil, Edges::parse("bounded").unwrap(), k).unwrap();
    let dark = GraphGame::dark(&Params { shape, lit_only: false }).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let lights = (0..rows * cols).map(|_| rng.random_range(0..k)).collect();
    GraphGame { lights, ..dark }
}

#[test]
fn the_largest_custom_grid_link_is_its_bit_count_and_opens_again() {
    // A 5×5 stencil box (offsets up to 2 each way): 25 bits.
    let offsets = [(0, 0), (-2, 0), (2, 0), (0, -2), (0, 2)];
    let game = random_grid(64, 64, 255, &offsets, 1);
    let link = game.link();
    assert_eq!(link.len(), expected_len(64, 64, 255, 25));
    assert_eq!(link.len(), 5_490, "the bound stated in docs/share-links.md");
    assert_eq!(GraphGame::open(&link).unwrap().lights, game.lights);
}

#[test]
fn custom_grid_links_fit_the_budget_up_to_the_stated_sizes() {
    // The 2,000-character budget (1,900 of fragment) holds 64×64 two-state boards, 36×36 of
    // 255 states, and any k on grids of up to 1,400 lights (docs/share-links.md).
    let plus = [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)];
    for (rows, cols, k) in [(64, 64, 2), (36, 36, 255), (35, 40, 255), (64, 64, 4)] {
        let link = random_grid(rows, cols, k, &plus, 2).link();
        assert_eq!(link.len(), expected_len(rows, cols, k, 9), "{rows}×{cols}, k = {k}");
        assert!(link.len() <= 1_900, "{rows}×{cols}, k = {k}: {} characters", link.len());
    }
    // Past them a link is longer than the budget, never refused: 64×64 of 16 states.
    let link = random_grid(64, 64, 16, &plus, 3).link();
    assert_eq!(link.len(), expected_len(64, 64, 16, 9));
    assert!(link.len() > 2_000);
}
