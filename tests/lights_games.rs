//! The real games' puzzle (`GraphGame`, the page's `lights-graph` session) against references
//! computed here another way: press tables built in the test from the games' descriptions and
//! the edges' gluing rules, the fewest presses by brute force over every press vector, lit-only
//! play by a breadth-first search forward from the pattern, and each answer replayed on the
//! test's own press tables. The presets' geometry (the Cube's stickers, the Orbix's
//! dodecahedron) is rebuilt from 3D coordinates in tests/lights_graph.rs.

use chessboard_puzzles::lights::game::presets::{Edges, Preset, Stencil};
use chessboard_puzzles::lights::graph_game::{GraphGame, Params, Shape};
use chessboard_puzzles::puzzle::Puzzle;
use chessboard_puzzles::session::Session;
use rand::{Rng, SeedableRng};
use std::collections::{HashMap, VecDeque};

/// Press tables written from the games' descriptions: `table[j]` = the lights a press on j
/// changes (once each).
fn classic_grid(rows: usize, cols: usize) -> Vec<Vec<usize>> {
    let mut t = Vec::new();
    for r in 0..rows as i64 {
        for c in 0..cols as i64 {
            let cells = [(r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)];
            t.push(
                cells
                    .iter()
                    .filter(|&&(a, b)| a >= 0 && b >= 0 && a < rows as i64 && b < cols as i64)
                    .map(|&(a, b)| (a * cols as i64 + b) as usize)
                    .collect(),
            );
        }
    }
    t
}

/// Merlin's Magic Square as its rules say: keypad 1..9, a corner its 2×2 block, an edge its
/// side's three, the centre itself and its four neighbours.
fn merlin() -> Vec<Vec<usize>> {
    let block = |r0: usize, c0: usize| vec![r0 * 3 + c0, r0 * 3 + c0 + 1, (r0 + 1) * 3 + c0, (r0 + 1) * 3 + c0 + 1];
    let mut sorted = vec![
        block(0, 0),
        vec![0, 1, 2],
        block(0, 1),
        vec![0, 3, 6],
        vec![1, 3, 4, 5, 7],
        vec![2, 5, 8],
        block(1, 0),
        vec![6, 7, 8],
        block(1, 1),
    ];
    for s in &mut sorted {
        s.sort_unstable();
    }
    sorted
}

/// A glued grid from the edges' rules: past the top or bottom the row wraps (with the column
/// mirrored on the Klein bottle and the projective plane), past the left or right the column
/// wraps (with the row mirrored on the projective plane). Stencils of radius 1 on grids of at
/// least 2×2, so a step crosses each pair of edges at most once.
fn glued(rows: usize, cols: usize, offsets: &[(i64, i64)], edges: &str) -> Vec<Vec<usize>> {
    let (m, n) = (rows as i64, cols as i64);
    let mut t = Vec::new();
    for r in 0..m {
        for c in 0..n {
            let mut hit = Vec::new();
            for &(dr, dc) in offsets {
                let (mut a, mut b) = (r + dr, c + dc);
                if edges == "bounded" {
                    if a < 0 || b < 0 || a >= m || b >= n {
                        continue;
                    }
                } else {
                    if a < 0 || a >= m {
                        a = (a + m) % m;
                        if edges != "torus" {
                            b = n - 1 - b;
                        }
                    }
                    if b < 0 || b >= n {
                        b = (b + n) % n;
                        if edges == "projective" {
                            a = m - 1 - a;
                        }
                    }
                }
                hit.push((a * n + b) as usize);
            }
            t.push(hit);
        }
    }
    t
}

/// Plays `moves` on `lights` with the test's table (k states), optionally refusing unlit presses.
fn replay(table: &[Vec<usize>], k: u8, lights: &[u8], moves: &[usize], lit_only: bool) -> Option<Vec<u8>> {
    let mut l = lights.to_vec();
    for &j in moves {
        if lit_only && l[j] == 0 {
            return None;
        }
        for &i in &table[j] {
            l[i] = (l[i] + 1) % k;
        }
    }
    Some(l)
}

/// The fewest presses clearing each reachable pattern: every press vector (0..k−1 presses of
/// each light) tried, the pattern it clears recorded with its weight.
fn brute_force(table: &[Vec<usize>], k: u8) -> HashMap<Vec<u8>, u32> {
    let n = table.len();
    let mut best = HashMap::new();
    let mut x = vec![0u8; n];
    loop {
        let mut effect = vec![0u8; n];
        for (j, &t) in x.iter().enumerate() {
            for &i in &table[j] {
                effect[i] = ((u32::from(effect[i]) + u32::from(t)) % u32::from(k)) as u8;
            }
        }
        // Clearing `p` means pressing x with effect −p.
        let pattern: Vec<u8> = effect.iter().map(|&e| (k - e) % k).collect();
        let w: u32 = x.iter().map(|&t| u32::from(t)).sum();
        best.entry(pattern).and_modify(|b: &mut u32| *b = (*b).min(w)).or_insert(w);
        let mut i = 0;
        while i < n {
            x[i] += 1;
            if x[i] < k {
                break;
            }
            x[i] = 0;
            i += 1;
        }
        if i == n {
            return best;
        }
    }
}

/// Fewest presses clearing `lights` when only lit lights may be pressed (two states), by a BFS
/// forward from the pattern; None when no legal sequence clears it.
fn lit_only_bfs(table: &[Vec<usize>], lights: &[u8]) -> Option<usize> {
    let masks: Vec<u32> = table.iter().map(|p| p.iter().fold(0, |m, &i| m ^ (1 << i))).collect();
    let start = lights.iter().enumerate().fold(0u32, |s, (i, &v)| s | (u32::from(v) << i));
    let mut dist = HashMap::from([(start, 0usize)]);
    let mut queue = VecDeque::from([start]);
    while let Some(s) = queue.pop_front() {
        if s == 0 {
            return Some(dist[&s]);
        }
        for (i, &m) in masks.iter().enumerate() {
            if s >> i & 1 == 1 && !dist.contains_key(&(s ^ m)) {
                dist.insert(s ^ m, dist[&s] + 1);
                queue.push_back(s ^ m);
            }
        }
    }
    None
}

fn preset(p: Preset, lit_only: bool) -> Params {
    Params { shape: Shape::Preset(p), lit_only }
}

fn random_lights(rng: &mut impl Rng, n: usize, k: u8) -> Vec<u8> {
    (0..n).map(|_| rng.random_range(0..k)).collect()
}

/// The game's solution for `lights`: cleared on the test's table and as short as the brute
/// force's fewest, or refused exactly when no press vector clears them.
fn check_fewest(params: &Params, table: &[Vec<usize>], k: u8, best: &HashMap<Vec<u8>, u32>, lights: &[u8]) {
    let game = GraphGame { lights: lights.to_vec(), ..GraphGame::dark(params).unwrap() };
    match (game.solve(), best.get(lights)) {
        (Ok(moves), Some(&fewest)) => {
            assert_eq!(moves.len() as u32, fewest, "{lights:?}");
            assert!(replay(table, k, lights, &moves, false).unwrap().iter().all(|&v| v == 0), "{lights:?}");
        }
        (Err(e), None) => assert!(e.to_string().contains("cannot be cleared"), "{e}"),
        (got, want) => panic!("{lights:?}: the game says {got:?}, the brute force {want:?}"),
    }
}

#[test]
fn presets_solve_with_the_fewest_presses_of_a_brute_force() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(22);
    let orbix_table: Vec<Vec<usize>> = Preset::Orbix.graph().presses;
    // The Orbix's table is checked against the dodecahedron in tests/lights_graph.rs; here
    // its solver answers are checked against every press vector.
    for (p, table) in [(Preset::Mini, classic_grid(4, 4)), (Preset::Merlin, merlin()), (Preset::Orbix, orbix_table)] {
        let best = brute_force(&table, 2);
        for _ in 0..40 {
            let lights = random_lights(&mut rng, table.len(), 2);
            check_fewest(&preset(p, false), &table, 2, &best, &lights);
        }
        // Every pattern the brute force reaches, for the small ones.
        if table.len() <= 12 {
            for lights in best.keys() {
                check_fewest(&preset(p, false), &table, 2, &best, lights);
            }
        }
    }
}

#[test]
fn classic_five_by_five_against_all_two_to_the_25_press_vectors() {
    // Gray-code walk: the fewest presses of every pattern at once.
    let table = classic_grid(5, 5);
    let masks: Vec<u32> = table.iter().map(|p| p.iter().fold(0, |m, &i| m ^ (1 << i))).collect();
    let mut best = vec![u8::MAX; 1 << 25];
    best[0] = 0;
    let (mut x, mut effect) = (0u32, 0u32);
    for step in 1u32..1 << 25 {
        let bit = step.trailing_zeros() as usize;
        x ^= 1 << bit;
        effect ^= masks[bit];
        best[effect as usize] = best[effect as usize].min(x.count_ones() as u8);
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let dark = GraphGame::dark(&preset(Preset::Classic, false)).unwrap();
    for round in 0..60 {
        let pattern: u32 = rng.random_range(0..1 << 25);
        let lights: Vec<u8> = (0..25).map(|i| (pattern >> i & 1) as u8).collect();
        let game = GraphGame { lights: lights.clone(), ..dark.clone() };
        match game.solve() {
            Ok(moves) => {
                assert_eq!(moves.len(), usize::from(best[pattern as usize]), "round {round}");
                assert!(replay(&table, 2, &lights, &moves, false).unwrap().iter().all(|&v| v == 0));
            }
            Err(_) => assert_eq!(best[pattern as usize], u8::MAX, "round {round}: solvable, yet refused"),
        }
    }
    // All on: 15 presses, the figure of every Lights Out write-up.
    assert_eq!(best[(1 << 25) - 1], 15);
    assert_eq!(GraphGame { lights: vec![1; 25], ..dark }.solve().unwrap().len(), 15);
}

#[test]
fn glued_grids_and_more_states_against_the_brute_force() {
    let plus = [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)];
    let x = [(0, 0), (-1, -1), (-1, 1), (1, -1), (1, 1)];
    let knightless = [(-1, 0), (1, 1), (0, -1)];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    for (rows, cols, k) in [(3, 4, 2), (2, 5, 2), (3, 3, 3), (2, 3, 5)] {
        for offsets in [&plus[..], &x[..], &knightless[..]] {
            for edges in ["bounded", "torus", "klein", "projective"] {
                let table = glued(rows, cols, offsets, edges);
                let stencil = Stencil { offsets: offsets.iter().map(|&(a, b)| (a as i32, b as i32)).collect() };
                let shape = Shape::grid(rows, cols, &stencil, Edges::parse(edges).unwrap(), k).unwrap();
                let params = Params { shape, lit_only: false };
                // The game's own table is the test's (as multisets).
                let game = GraphGame::dark(&params).unwrap();
                for (j, want) in table.iter().enumerate() {
                    let (mut a, mut b) = (game.graph.presses[j].clone(), want.clone());
                    a.sort_unstable();
                    b.sort_unstable();
                    assert_eq!(a, b, "{rows}×{cols} {edges} {offsets:?}, press {j}");
                }
                let best = brute_force(&table, k);
                for _ in 0..12 {
                    let lights = random_lights(&mut rng, rows * cols, k);
                    check_fewest(&params, &table, k, &best, &lights);
                }
            }
        }
    }
}

#[test]
fn lit_only_against_a_forward_bfs() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let cases = [
        (preset(Preset::Merlin, true), merlin()),
        (preset(Preset::Mini, true), classic_grid(4, 4)),
        (preset(Preset::Orbix, true), Preset::Orbix.graph().presses),
    ];
    for (params, table) in cases {
        let n = table.len();
        let (mut solved, mut refused) = (0, 0);
        for _ in 0..60 {
            let lights = random_lights(&mut rng, n, 2);
            let game = GraphGame { lights: lights.clone(), ..GraphGame::dark(&params).unwrap() };
            match (game.solve(), lit_only_bfs(&table, &lights)) {
                (Ok(moves), Some(d)) => {
                    assert_eq!(moves.len(), d, "{lights:?}");
                    let after = replay(&table, 2, &lights, &moves, true).expect("every press is on a lit light");
                    assert!(after.iter().all(|&v| v == 0));
                    solved += 1;
                }
                (Err(e), None) => {
                    assert!(e.to_string().contains("no sequence of presses on lit lights"), "{e}");
                    refused += 1;
                }
                (got, want) => panic!("{lights:?}: the game says {got:?}, the BFS {want:?}"),
            }
        }
        if params.shape == Shape::Preset(Preset::Orbix) {
            // A press on the Orbix leaves the pressed (lit) light lit, so the last press can
            // never leave the board dark: lit-only, nothing but the dark board is cleared.
            assert_eq!(solved, 0);
        } else {
            assert!(solved > 0, "some patterns are solved lit-only ({solved} solved, {refused} not)");
        }
    }
}

#[test]
fn an_unlit_press_is_refused_and_the_session_is_unchanged() {
    let game = GraphGame::dark(&preset(Preset::Merlin, true)).unwrap().with_pattern("#.#/.../...").unwrap();
    let mut session = Session::new(game.clone());
    let link = session.link();
    let e = session.play(1).unwrap_err().to_string();
    assert_eq!(e, "only a lit light may be pressed in lit-only play, and 2 is off");
    assert_eq!((session.move_count(), session.link()), (0, link));
    // Button 1 (a corner) changes 1, 2, 4, 5: lit, so allowed.
    session.play(0).unwrap();
    assert_eq!(session.state().lights, vec![0, 1, 1, 1, 1, 0, 0, 0, 0]);
    // The same press in the usual game is allowed anywhere.
    assert!(GraphGame { lit_only: false, ..game }.apply(&1).is_ok());
}

#[test]
fn the_cube_and_lights_out_2000_solutions_clear_their_boards() {
    // The Cube's 54 lights and the 2000's three states are beyond the brute force: the answer is
    // replayed on the preset's table (the Cube's is checked against its geometry in
    // tests/lights_graph.rs; the 2000's is the classic 5×5 written here).
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2000);
    for _ in 0..10 {
        let game = GraphGame::random(&preset(Preset::Cube, false), rng.random()).unwrap();
        let moves = game.solve().unwrap();
        assert!(replay(&Preset::Cube.graph().presses, 2, &game.lights, &moves, false).unwrap().iter().all(|&v| v == 0));
        let game = GraphGame::random(&preset(Preset::LightsOut2000, false), rng.random()).unwrap();
        let moves = game.solve().unwrap();
        assert!(replay(&classic_grid(5, 5), 3, &game.lights, &moves, false).unwrap().iter().all(|&v| v == 0));
        // 5×5 is invertible over GF(3): one solution, each light pressed 0, 1 or 2 times.
        assert!(moves.len() <= 50);
    }
}
