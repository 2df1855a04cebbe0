//! The graph engine, the commercial presets and lit-only search against references computed
//! here another way: brute force over every press vector, a Gaussian elimination written in
//! the test, a breadth-first search backwards from the dark board, and the Cube and the Orbix
//! rebuilt from 3D coordinates.

use chessboard_puzzles::lights::game::presets::{grid, Edges, Preset, Stencil};
use chessboard_puzzles::lights::solvers::graph::{self, Graph};
use chessboard_puzzles::lights::solvers::lit_only;
use chessboard_puzzles::lights::Rule;
use chessboard_puzzles::progress::NoProgress;
use rand::{Rng, SeedableRng};
use serde_json::Value;
use std::collections::VecDeque;
use std::process::Command;

/// Column j's effect as a bit mask (two states, at most 64 lights).
fn masks(g: &Graph) -> Vec<u64> {
    g.presses.iter().map(|p| p.iter().fold(0u64, |m, &i| m ^ (1 << i))).collect()
}

/// For every pattern (as a bit mask), the fewest presses that make it from dark (= that clear
/// it), by a Gray-code walk over all 2^n press vectors; 255 = unreachable.
fn brute_force_gf2(g: &Graph) -> Vec<u8> {
    let n = g.len();
    let m = masks(g);
    let mut best = vec![u8::MAX; 1 << n];
    let (mut x, mut effect) = (0u64, 0u64);
    best[0] = 0;
    for step in 1u64..1 << n {
        let bit = step.trailing_zeros() as usize;
        x ^= 1 << bit;
        effect ^= m[bit];
        let w = x.count_ones() as u8;
        if w < best[effect as usize] {
            best[effect as usize] = w;
        }
    }
    best
}

fn bits(pattern: u64, n: usize) -> Vec<u8> {
    (0..n).map(|i| (pattern >> i & 1) as u8).collect()
}

/// Rank of an n×n matrix (row-major, entry [i][j] = effect of press j on light i) mod a prime,
/// and whether `b` is in its column space, with one solution when it is.
fn eliminate_mod_p(n: usize, a: &[u8], b: &[u8], p: u32) -> (usize, Option<Vec<u32>>, Vec<Vec<u32>>) {
    let mut m: Vec<Vec<u32>> = (0..n)
        .map(|i| (0..=n).map(|j| if j == n { u32::from(b[i]) % p } else { u32::from(a[i * n + j]) % p }).collect())
        .collect();
    let inv = |x: u32| (1..p).find(|y| x * y % p == 1).unwrap();
    let mut pivots = Vec::new();
    let mut r = 0;
    for c in 0..n {
        let Some(pr) = (r..n).find(|&i| m[i][c] != 0) else { continue };
        m.swap(r, pr);
        let s = inv(m[r][c]);
        for v in m[r].iter_mut() {
            *v = *v * s % p;
        }
        let pivot_row = m[r].clone();
        for (i, row) in m.iter_mut().enumerate() {
            if i != r && row[c] != 0 {
                let f = row[c];
                for (v, &pv) in row.iter_mut().zip(&pivot_row) {
                    *v = (*v + p * p - f * pv) % p;
                }
            }
        }
        pivots.push(c);
        r += 1;
    }
    let solvable = (r..n).all(|i| m[i][n] == 0);
    let solution = solvable.then(|| {
        let mut x = vec![0; n];
        for (i, &c) in pivots.iter().enumerate() {
            x[c] = m[i][n];
        }
        x
    });
    let kernel = (0..n)
        .filter(|c| !pivots.contains(c))
        .map(|f| {
            let mut v = vec![0; n];
            v[f] = 1;
            for (i, &c) in pivots.iter().enumerate() {
                v[c] = (p - m[i][f]) % p;
            }
            v
        })
        .collect();
    (r, solution, kernel)
}

/// Nullity and the fewest presses for all-on (every light state 1) by the test's elimination
/// and every combination of its kernel (prime k; the fewest is u64::MAX when the kernel is too
/// large to walk).
fn fewest_all_on_by_elimination(g: &Graph) -> (usize, Option<u64>) {
    let n = g.len();
    let p = u32::from(g.k);
    let target = vec![(g.k - 1) % g.k; n];
    let (rank, sol, kernel) = eliminate_mod_p(n, &g.matrix(), &target, p);
    let combos = (p as u64).checked_pow(kernel.len() as u32).filter(|&c| c <= 1 << 16);
    let fewest = sol.map(|x| {
        let Some(combos) = combos else { return u64::MAX };
        (0..combos)
            .map(|mut c| {
                let mut y = x.clone();
                for q in &kernel {
                    let times = (c % p as u64) as u32;
                    c /= p as u64;
                    for (a, &b) in y.iter_mut().zip(q) {
                        *a = (*a + times * b) % p;
                    }
                }
                y.iter().map(|&v| u64::from(v)).sum::<u64>()
            })
            .min()
            .unwrap()
    });
    (n - rank, fewest)
}

#[test]
fn presets_against_brute_force() {
    // Published: the classic 5×5 has rank 23 (2^23 solvable patterns, all-on in 15 presses);
    // the 4×4 has nullity 4.
    for (preset, nullity, all_on) in
        [(Preset::Classic, 2, 15), (Preset::Mini, 4, 4), (Preset::Merlin, 0, 5), (Preset::Orbix, 0, 12)]
    {
        let g = preset.graph();
        let n = g.len();
        let best = brute_force_gf2(&g);
        let reachable = best.iter().filter(|&&w| w != u8::MAX).count();
        assert_eq!(reachable, 1 << (n - nullity), "{preset:?}");
        let s = graph::solve(&g, &vec![1; n], true, &mut NoProgress).unwrap();
        assert_eq!((s.nullity, s.press_count, s.minimal), (nullity, all_on, true), "{preset:?}");
        assert_eq!(u64::from(best[(1usize << n) - 1]), all_on, "{preset:?}");
        // Some patterns, solvable or not, against the table.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(preset as u64);
        for _ in 0..200 {
            let pattern = rng.random_range(0..1u64 << n);
            let s = graph::solve(&g, &bits(pattern, n), true, &mut NoProgress).unwrap();
            let want = best[pattern as usize];
            assert_eq!(s.solvable, want != u8::MAX, "{preset:?} {pattern:b}");
            if s.solvable {
                assert_eq!(s.press_count, u64::from(want));
            } else {
                let w = s.witness.unwrap();
                // The invariant: every press keeps w·lights, and this pattern breaks it.
                for p in &g.presses {
                    assert_eq!(p.iter().filter(|&&i| w[i] == 1).count() % 2, 0);
                }
                assert_eq!((0..n).filter(|&i| w[i] == 1 && pattern >> i & 1 == 1).count() % 2, 1);
            }
        }
    }
}

#[test]
fn large_presets_against_elimination_in_the_test() {
    for (preset, nullity) in [
        (Preset::Deluxe, 0),
        (Preset::DeluxeX, 0),
        (Preset::LightsOut2000, 3),
        (Preset::Cube, 6),
        (Preset::Classic, 2),
        (Preset::Mini, 4),
        (Preset::Merlin, 0),
        (Preset::Orbix, 0),
    ] {
        let g = preset.graph();
        let (want_nullity, want_fewest) = fewest_all_on_by_elimination(&g);
        assert_eq!(want_nullity, nullity, "{preset:?}");
        let s = graph::solve(&g, &vec![1; g.len()], true, &mut NoProgress).unwrap();
        assert_eq!(s.nullity, nullity, "{preset:?}");
        assert_eq!(s.solvable, want_fewest.is_some(), "{preset:?}");
        assert_eq!(Some(s.press_count), want_fewest, "{preset:?}");
        assert!(s.minimal);
        assert_eq!(graph::nullity(&g, &mut NoProgress).unwrap().0, nullity);
    }
}

#[test]
fn glued_grids_and_stencils_against_elimination() {
    for (rows, cols) in [(3, 3), (4, 5), (5, 5), (6, 4), (7, 7)] {
        for edges in Edges::ALL {
            for stencil in [
                Stencil::of_rule(Rule::Plus),
                Stencil::parse("#.#/.#./#.#").unwrap(),
                Stencil::parse("..#../.###./#####").unwrap(),
            ] {
                for k in [2u8, 3, 5] {
                    let g = grid(rows, cols, &stencil, edges, k).unwrap();
                    let (nullity, fewest) = fewest_all_on_by_elimination(&g);
                    let s = graph::solve(&g, &vec![1; g.len()], true, &mut NoProgress).unwrap();
                    let what = format!("{rows}×{cols} {edges:?} {stencil:?} k={k}");
                    assert_eq!(s.nullity, nullity, "{what}");
                    assert_eq!(s.solvable, fewest.is_some(), "{what}");
                    if let Some(f) = fewest.filter(|&f| f != u64::MAX) {
                        assert_eq!(s.press_count, f, "{what}");
                        assert!(s.minimal);
                    }
                }
            }
        }
    }
    // Projective plane, hand-checked: on a 3×3 grid a press on B1 (top middle) changes B1, A1,
    // C1, B2 and, over the top edge with the column flipped, B3.
    let g = grid(3, 3, &Stencil::of_rule(Rule::Plus), Edges::Projective, 2).unwrap();
    let mut p = g.presses[1].clone();
    p.sort();
    assert_eq!(p, vec![0, 1, 2, 4, 7]);
    // A1 over the left edge (rows flipped) lands on C3, over the top edge on C3 as well.
    let mut p = g.presses[0].clone();
    p.sort();
    assert_eq!(p, vec![0, 1, 3, 8, 8]);
}

/// A random graph with one-way presses.
fn random_graph(rng: &mut impl Rng, n: usize, k: u8) -> Graph {
    let presses = (0..n).map(|_| (0..n).filter(|_| rng.random_bool(0.4)).collect()).collect();
    Graph::new(k, (0..n).map(|i| format!("n{i}")).collect(), presses).unwrap()
}

#[test]
fn random_graphs_mod_k_against_brute_force() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(22);
    for (k, n) in [(3u8, 8usize), (4, 6), (6, 5), (2, 10), (9, 4), (5, 5), (251, 2)] {
        for _ in 0..6 {
            let g = random_graph(&mut rng, n, k);
            let size = (k as usize).pow(n as u32);
            let a = g.matrix();
            // Every press vector: effect → fewest presses.
            let mut best = vec![u64::MAX; size];
            let mut quiet = 0usize;
            for x in 0..size {
                let digits: Vec<u32> = (0..n).map(|i| (x / (k as usize).pow(i as u32) % k as usize) as u32).collect();
                let effect: usize = (0..n)
                    .map(|i| {
                        let v = (0..n).map(|j| u32::from(a[i * n + j]) * digits[j]).sum::<u32>() % u32::from(k);
                        v as usize * (k as usize).pow(i as u32)
                    })
                    .sum();
                let w = digits.iter().map(|&d| u64::from(d)).sum();
                best[effect] = best[effect].min(w);
                quiet += usize::from(effect == 0);
            }
            let mut checked = 0;
            for pattern in (0..size).step_by((size / 300).max(1)) {
                // Clearing `pattern` = making −pattern from dark.
                let lights: Vec<u8> =
                    (0..n).map(|i| (pattern / (k as usize).pow(i as u32) % k as usize) as u8).collect();
                let neg: usize =
                    lights.iter().enumerate().map(|(i, &v)| ((k - v) % k) as usize * (k as usize).pow(i as u32)).sum();
                let s = graph::solve(&g, &lights, true, &mut NoProgress).unwrap();
                assert!((s.quiet_log2 - (quiet as f64).log2()).abs() < 1e-9, "{g:?}");
                assert_eq!(s.solvable, best[neg] != u64::MAX, "{g:?} {lights:?}");
                if s.solvable {
                    assert_eq!(s.press_count, best[neg], "{g:?} {lights:?}");
                } else {
                    let w = s.witness.unwrap();
                    for j in 0..n {
                        assert_eq!(
                            (0..n).map(|i| u32::from(w[i]) * u32::from(a[i * n + j])).sum::<u32>() % u32::from(k),
                            0
                        );
                    }
                }
                checked += 1;
            }
            assert!(checked > 0);
        }
    }
}

/// Distance to the dark board of every state under lit-only presses, by a BFS backwards from
/// the dark board: p reaches t by pressing i when bit i of p is lit and p ^ mask_i = t.
fn lit_only_distances(g: &Graph) -> Vec<u32> {
    let n = g.len();
    let m = masks(g);
    let mut dist = vec![u32::MAX; 1 << n];
    dist[0] = 0;
    let mut queue = VecDeque::from([0u64]);
    while let Some(t) = queue.pop_front() {
        for (i, &mi) in m.iter().enumerate() {
            let p = t ^ mi;
            if p >> i & 1 == 1 && dist[p as usize] == u32::MAX {
                dist[p as usize] = dist[t as usize] + 1;
                queue.push_back(p);
            }
        }
    }
    dist
}

#[test]
fn lit_only_against_a_backward_bfs() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let graphs = [
        Preset::Merlin.graph(),
        Preset::Orbix.graph(),
        Preset::Mini.graph(),
        grid(3, 4, &Stencil::of_rule(Rule::Plus), Edges::Bounded, 2).unwrap(),
        grid(4, 4, &Stencil::of_rule(Rule::Neighbours), Edges::Torus, 2).unwrap(),
        random_graph(&mut rng, 10, 2),
    ];
    for g in &graphs {
        let n = g.len();
        let dist = lit_only_distances(g);
        let patterns: Vec<u64> = if n <= 12 {
            (0..1u64 << n).collect()
        } else {
            (0..150).map(|_| rng.random_range(0..1u64 << n)).chain([(1u64 << n) - 1]).collect()
        };
        for pattern in patterns {
            let lights = bits(pattern, n);
            let found = lit_only::solve(g, &lights, &mut NoProgress).unwrap();
            match found {
                None => assert_eq!(dist[pattern as usize], u32::MAX, "{:?} {pattern:b}", g.labels),
                Some(p) => {
                    assert_eq!(p.len() as u32, dist[pattern as usize]);
                    assert!(lit_only::legal_and_clears(g, &lights, &p));
                }
            }
        }
    }
    let big = grid(6, 5, &Stencil::of_rule(Rule::Plus), Edges::Bounded, 2).unwrap();
    let e = lit_only::solve(&big, &[1; 30], &mut NoProgress).unwrap_err().to_string();
    assert_eq!(e, "too large for lit-only search (30 lights, the limit is 25)");
}

/// Whether the press graphs of `a` and `b` (as sets of directed pairs, self-presses included)
/// are the same up to renaming the nodes: a backtracking search for the renaming.
fn isomorphic(a: &Graph, b: &Graph) -> bool {
    let n = a.len();
    if b.len() != n {
        return false;
    }
    let (ma, mb) = (a.matrix(), b.matrix());
    let deg = |m: &[u8], i: usize| (0..n).filter(|&j| m[i * n + j] != 0).count();
    fn extend(
        n: usize,
        ma: &[u8],
        mb: &[u8],
        map: &mut Vec<usize>,
        used: &mut Vec<bool>,
        deg: &dyn Fn(&[u8], usize) -> usize,
    ) -> bool {
        let i = map.len();
        if i == n {
            return true;
        }
        for c in 0..n {
            if used[c] || deg(ma, i) != deg(mb, c) || ma[i * n + i] != mb[c * n + c] {
                continue;
            }
            if (0..i).all(|j| ma[i * n + j] == mb[c * n + map[j]] && ma[j * n + i] == mb[map[j] * n + c]) {
                map.push(c);
                used[c] = true;
                if extend(n, ma, mb, map, used, deg) {
                    return true;
                }
                map.pop();
                used[c] = false;
            }
        }
        false
    }
    // Visit a's nodes breadth-first so each new node touches one already mapped.
    let mut order = vec![0];
    let mut seen = vec![false; n];
    seen[0] = true;
    let mut at = 0;
    while at < order.len() {
        let i = order[at];
        for j in 0..n {
            if !seen[j] && ma[i * n + j] != 0 {
                seen[j] = true;
                order.push(j);
            }
        }
        at += 1;
    }
    if order.len() != n {
        return false;
    }
    let perm = |m: &[u8]| {
        let mut out = vec![0u8; n * n];
        for (x, &i) in order.iter().enumerate() {
            for (y, &j) in order.iter().enumerate() {
                out[x * n + y] = m[i * n + j];
            }
        }
        out
    };
    let ma = perm(&ma);
    extend(n, &ma, &mb, &mut Vec::new(), &mut vec![false; n], &deg)
}

/// A graph whose nodes are points, a press changing the points at one of the squared
/// distances `near` (and itself with `with_self`).
fn by_distance(points: &[[f64; 3]], near: &[f64], with_self: bool) -> Graph {
    let d2 = |a: &[f64; 3], b: &[f64; 3]| (0..3).map(|i| (a[i] - b[i]).powi(2)).sum::<f64>();
    let presses = points
        .iter()
        .enumerate()
        .map(|(j, pj)| {
            (0..points.len())
                .filter(|&i| {
                    (i == j && with_self) || (i != j && near.iter().any(|&d| (d2(pj, &points[i]) - d).abs() < 1e-6))
                })
                .collect()
        })
        .collect();
    Graph::new(2, (0..points.len()).map(|i| i.to_string()).collect(), presses).unwrap()
}

#[test]
fn cube_and_orbix_from_their_geometry() {
    // Sticker centres of a 3×3×3 cube of side 6: on the face x = 3, at y, z ∈ {−2, 0, 2}, and
    // so on. Neighbours on a face are 2 apart; across an edge, √2 (the two stickers nearest the
    // edge); nothing else is that close.
    let mut stickers = Vec::new();
    for axis in 0..3 {
        for side in [-3.0, 3.0] {
            for u in [-2.0, 0.0, 2.0] {
                for v in [-2.0, 0.0, 2.0] {
                    let mut p = [0.0; 3];
                    p[axis] = side;
                    p[(axis + 1) % 3] = u;
                    p[(axis + 2) % 3] = v;
                    stickers.push(p);
                }
            }
        }
    }
    let cube = by_distance(&stickers, &[2.0, 4.0], true);
    assert!(cube.presses.iter().all(|p| p.len() == 5));
    assert!(isomorphic(&Preset::Cube.graph(), &cube));
    // Glued with a half turn along the edge between the faces x = 3 and y = 3, the stickers
    // (3, 2, v) meet (2, 3, −v): a different graph, which the search tells apart.
    let twisted_points: Vec<[f64; 3]> = stickers.clone();
    let index = |p: [f64; 3]| twisted_points.iter().position(|q| *q == p).unwrap();
    let mut twisted = cube.clone();
    for v in [-2.0, 2.0] {
        let (a, b, c) = (index([3.0, 2.0, v]), index([2.0, 3.0, v]), index([2.0, 3.0, -v]));
        twisted.presses[a].retain(|&t| t != b);
        twisted.presses[a].push(c);
        twisted.presses[b].retain(|&t| t != a);
        twisted.presses[c].retain(|&t| t != index([3.0, 2.0, -v]));
        twisted.presses[c].push(a);
    }
    assert!(!isomorphic(&Preset::Cube.graph(), &twisted));

    // The Orbix: the dodecahedron's faces are the icosahedron's vertices, (0, ±1, ±φ) and its
    // cyclic shifts, adjacent at the shortest distance (2); a press changes the 5 neighbours.
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let mut vertices = Vec::new();
    for s1 in [-1.0, 1.0] {
        for s2 in [-phi, phi] {
            for shift in 0..3 {
                let mut p = [0.0; 3];
                p[(shift + 1) % 3] = s1;
                p[(shift + 2) % 3] = s2;
                vertices.push(p);
            }
        }
    }
    let orbix = by_distance(&vertices, &[4.0], false);
    assert!(orbix.presses.iter().all(|p| p.len() == 5));
    assert!(isomorphic(&Preset::Orbix.graph(), &orbix));
    assert!(!isomorphic(&Preset::Merlin.graph(), &orbix));
}

#[test]
fn merlin_presses_as_the_game_does() {
    // Buttons 1..9 as on a keypad: a corner its 2×2 block, an edge its side, the centre a plus.
    let g = Preset::Merlin.graph();
    let sorted = |j: usize| {
        let mut p: Vec<usize> = g.presses[j].iter().map(|i| i + 1).collect();
        p.sort();
        p
    };
    assert_eq!(sorted(0), vec![1, 2, 4, 5]);
    assert_eq!(sorted(8), vec![5, 6, 8, 9]);
    assert_eq!(sorted(3), vec![1, 4, 7]);
    assert_eq!(sorted(4), vec![2, 4, 5, 6, 8]);
    assert!(!g.is_symmetric());
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chessboard-puzzles")).args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn json(args: &[&str]) -> Value {
    let (code, stdout, stderr) = run(args);
    assert_eq!(code, 0, "{args:?}: {stderr}");
    serde_json::from_str(&stdout).unwrap()
}

/// Presses the labels in order on the graph and checks the lights go dark.
fn assert_clears(g: &Graph, lights: &[u8], v: &Value) {
    let mut l = lights.to_vec();
    for label in v["presses"].as_array().unwrap() {
        g.press(&mut l, g.find(label.as_str().unwrap()).unwrap(), 1);
    }
    assert!(l.iter().all(|&x| x == 0), "{v}");
}

#[test]
fn cli_every_preset() {
    for preset in Preset::ALL {
        let g = preset.graph();
        let (nullity, fewest) = fewest_all_on_by_elimination(&g);
        let v = json(&["lights-out", "solve", "--preset", preset.name(), "--all-on", "--json"]);
        assert_eq!(v["nullity"], nullity, "{preset:?}");
        assert_eq!(v["press_count"].as_u64(), fewest, "{preset:?}");
        assert_eq!(v["minimal"], true);
        assert_clears(&g, &vec![1; g.len()], &v);
    }
    // Text: the labels in order, and "cannot be cleared" for a lone corner of the classic.
    let (code, text, _) = run(&["lights-out", "solve", "--preset", "merlin", "--all-on"]);
    assert_eq!(code, 0);
    assert!(text.contains("nullity 0") && text.contains("5 presses (the fewest): 1 3 5 7 9"), "{text}");
    let (code, text, _) =
        run(&["lights-out", "solve", "--preset", "classic", "--pattern", "#..../...../...../...../....."]);
    assert_eq!(code, 0);
    assert!(text.contains("cannot be cleared"), "{text}");
    // The cube's pattern typed as its net.
    let dir = tempfile::tempdir().unwrap();
    let net = dir.path().join("cube.txt");
    std::fs::write(
        &net,
        "   .#.\n   ###\n   .#.\n... ... ... ...\n... ... ... ...\n... ... ... ...\n   ...\n   ...\n   ...\n",
    )
    .unwrap();
    let v = json(&["lights-out", "solve", "--preset", "cube", "--pattern-file", net.to_str().unwrap(), "--json"]);
    assert_eq!(v["presses"], serde_json::json!(["U5"]));
    let (code, _, err) = run(&["lights-out", "solve", "--preset", "tiger", "--all-on"]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "error: unknown preset 'tiger': expected one of classic, mini, deluxe, deluxe-x, 2000, cube, orbix, merlin\n"
    );
}

#[test]
fn cli_graph_file_glued_grid_and_lit_only() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("merlin.txt");
    let text = "k=2\n# Merlin's Magic Square\n1: self 2 4 5\n2: 1 self 3\n3: 2 self 5 6\n4: 1 self 7\n5: 2 4 self 6 8\n6: 3 self 9\n7: 4 5 self 8\n8: 7 self 9\n9: 5 6 8 self\n";
    std::fs::write(&file, text).unwrap();
    let path = file.to_str().unwrap();
    let from_file = json(&["lights-out", "solve", "--graph", path, "--all-on", "--json"]);
    let preset = json(&["lights-out", "solve", "--preset", "merlin", "--all-on", "--json"]);
    assert_eq!(from_file["presses"], preset["presses"]);
    assert_eq!(Graph::parse(text).unwrap().presses, Preset::Merlin.graph().presses);
    std::fs::write(&file, "a: b\n").unwrap();
    let (code, _, err) = run(&["lights-out", "solve", "--graph", path, "--all-on"]);
    assert_eq!(code, 1);
    assert!(err.contains("line 1: no node is labelled 'b'") && err.lines().count() == 1, "{err}");

    // A Klein bottle with 3 states, checked against the test's elimination.
    let g = grid(4, 5, &Stencil::of_rule(Rule::Plus), Edges::Klein, 3).unwrap();
    let (nullity, fewest) = fewest_all_on_by_elimination(&g);
    let v = json(&[
        "lights-out",
        "solve",
        "--rows",
        "4",
        "--cols",
        "5",
        "--edges",
        "klein",
        "--states",
        "3",
        "--all-on",
        "--json",
    ]);
    assert_eq!((v["nullity"].as_u64(), v["press_count"].as_u64()), (Some(nullity as u64), fewest));
    assert_clears(&g, &[1; 20], &v);

    // Lit-only, against the test's backward search.
    let g = Preset::Classic.graph();
    let v = json(&["lights-out", "solve", "--preset", "classic", "--all-on", "--lit-only", "--json"]);
    assert_eq!(v["lit_only"], true);
    let presses: Vec<usize> =
        v["press_indices"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as usize).collect();
    assert!(lit_only::legal_and_clears(&g, &[1; 25], &presses));
    // No solution has fewer than the published 15 presses, and these 15 are legal: fewest.
    assert_eq!(presses.len(), 15, "{v}");
    let mini = Preset::Mini.graph();
    let dist = lit_only_distances(&mini);
    let v =
        json(&["lights-out", "solve", "--preset", "mini", "--pattern", "##../#.../..../...#", "--lit-only", "--json"]);
    let pattern: u64 = [0, 1, 4, 15].iter().map(|i| 1u64 << i).sum();
    assert_eq!(v["solvable"], dist[pattern as usize] != u32::MAX);
    let (reachable, far) = (0..1u64 << 16)
        .filter(|&p| dist[p as usize] != u32::MAX)
        .map(|p| (p, dist[p as usize]))
        .max_by_key(|&(_, d)| d)
        .unwrap();
    let typed: String = (0..16).map(|i| if reachable >> i & 1 == 1 { '#' } else { '.' }).collect();
    let v = json(&["lights-out", "solve", "--preset", "mini", "--pattern", &typed, "--lit-only", "--json"]);
    assert_eq!(v["press_count"].as_u64().unwrap() as u32, far, "{typed}");
    // The Deluxe's own lit-only game (36 lights): the fewest linear presses (28 for all-on, by
    // the test's elimination), in a legal order, are the fewest lit-only presses.
    let deluxe = Preset::Deluxe.graph();
    let (_, linear) = fewest_all_on_by_elimination(&deluxe);
    let v = json(&["lights-out", "solve", "--preset", "deluxe", "--all-on", "--lit-only", "--json"]);
    let presses: Vec<usize> =
        v["press_indices"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as usize).collect();
    assert_eq!(Some(presses.len() as u64), linear);
    assert!(lit_only::legal_and_clears(&deluxe, &[1; 36], &presses));
    let (code, _, err) = run(&["lights-out", "solve", "--rows", "12", "--cols", "12", "--all-on", "--lit-only"]);
    assert_eq!(code, 1);
    assert_eq!(err, "error: too large for lit-only search (144 lights, the limit is 25)\n");
}

#[test]
fn grid_presets_are_their_specs() {
    // The grid presets are solved by today's grid solvers: their presses must be the graph's.
    let mut grids = 0;
    for preset in Preset::ALL {
        let (Some(spec), g) = (preset.spec(), preset.graph()) else { continue };
        assert_eq!((spec.cells(), spec.states), (g.len(), g.k), "{preset:?}");
        let mut affected = Vec::new();
        for j in 0..g.len() {
            spec.affected(j / spec.cols, j % spec.cols, &mut affected);
            let mut p = g.presses[j].clone();
            p.sort();
            assert_eq!(p, affected, "{preset:?} {}", g.labels[j]);
        }
        grids += 1;
    }
    assert_eq!(grids, 5);
}

#[test]
fn cube_net_folds_as_drawn() {
    // The cross: U above F; L, F, R, B left to right; D below F. Folding it by hand, these
    // stickers meet across an edge of the cube (each pair: a press on one changes the other).
    let g = Preset::Cube.graph();
    let pairs = [
        ("U7", "F1"),
        ("U9", "F3"),
        ("F3", "R1"),
        ("F9", "R7"),
        ("R3", "B1"),
        ("B3", "L1"),
        ("L3", "F1"),
        ("F7", "D1"),
        ("F9", "D3"),
        ("U1", "B3"),
        ("U1", "L1"),
        ("U3", "R3"),
        ("D7", "B9"),
        ("D1", "L9"),
        ("D3", "R7"),
        ("U4", "L2"),
        ("U6", "R2"),
        ("D4", "L8"),
    ];
    for (a, b) in pairs {
        let (i, j) = (g.find(a).unwrap(), g.find(b).unwrap());
        assert!(g.presses[i].contains(&j) && g.presses[j].contains(&i), "{a} {b}");
    }
    // The net's reading order: U1 U2 U3 on the first line, then L1 L2 L3 F1 … B3.
    let order: Vec<&str> = g.labels.iter().map(String::as_str).take(15).collect();
    assert_eq!(order, ["U1", "U2", "U3", "U4", "U5", "U6", "U7", "U8", "U9", "L1", "L2", "L3", "F1", "F2", "F3"]);
}

#[test]
fn lit_only_reports_progress_to_the_end() {
    let g = Preset::Classic.graph();
    let mut reports = Vec::new();
    let mut record = |done: u64, total: u64| reports.push((done, total));
    let found = lit_only::solve(&g, &bits(1, 25), &mut record).unwrap();
    assert!(found.is_none());
    assert!(reports.windows(2).all(|w| w[0].0 <= w[1].0));
    assert_eq!(reports.last(), Some(&(1 << 25, 1 << 25)));
}

#[test]
fn ordering_the_fewest_presses_against_the_backward_bfs() {
    // With nullity 0 the fewest linear presses are unique, so a legal order of them exists
    // exactly when the lit-only distance equals their number.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(36);
    let mut graphs = vec![Preset::Merlin.graph(), Preset::Orbix.graph()];
    while graphs.len() < 6 {
        let g = random_graph(&mut rng, 10, 2);
        if graph::nullity(&g, &mut NoProgress).unwrap().0 == 0 {
            graphs.push(g);
        }
    }
    let (mut fewest, mut undecided) = (0, 0);
    for g in &graphs {
        let n = g.len();
        let dist = lit_only_distances(g);
        let best = brute_force_gf2(g);
        for pattern in 0..1u64 << n {
            let lights = bits(pattern, n);
            let linear = graph::solve(g, &lights, true, &mut NoProgress).unwrap();
            let neg = pattern as usize; // −b = b mod 2
            let got = lit_only::solve_by_ordering(g, &lights, linear.presses.as_deref(), &mut NoProgress).unwrap();
            match got {
                lit_only::Ordered::Unsolvable => assert_eq!(best[neg], u8::MAX),
                lit_only::Ordered::Fewest(p) => {
                    assert_eq!(p.len() as u32, dist[neg]);
                    assert_eq!(p.len(), usize::from(best[neg]));
                    assert!(lit_only::legal_and_clears(g, &lights, &p));
                    fewest += 1;
                }
                lit_only::Ordered::Undecided => {
                    assert_ne!(dist[neg], u32::from(best[neg]));
                    undecided += 1;
                }
            }
            // Deepening from the fewest linear presses finds the lit-only distance itself.
            if let Some(x) = &linear.presses {
                match lit_only::solve_by_deepening(g, &lights, x, &mut NoProgress).unwrap() {
                    lit_only::Ordered::Fewest(p) => {
                        assert_eq!(p.len() as u32, dist[neg], "{:?} {pattern:b}", g.presses);
                        assert!(lit_only::legal_and_clears(g, &lights, &p));
                    }
                    lit_only::Ordered::Unsolvable => assert_eq!(dist[neg], u32::MAX),
                    lit_only::Ordered::Undecided => panic!("a small graph is searched to the end"),
                }
            }
        }
    }
    assert!(fewest > 100 && undecided > 100, "{fewest} {undecided}");
}

#[test]
fn deepening_agrees_with_the_full_search_on_twenty_lights() {
    // 4×5 classic and 4×5 x boards have nullity 0 (the test's elimination says so); the
    // deepening and the search over all 2^20 states must give the same number of presses.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(20);
    for rule in [Rule::Plus, Rule::X] {
        let g = grid(4, 5, &Stencil::of_rule(rule), Edges::Bounded, 2).unwrap();
        assert_eq!(eliminate_mod_p(20, &g.matrix(), &[0; 20], 2).0, 20);
        for _ in 0..12 {
            let lights = bits(rng.random_range(0..1u64 << 20), 20);
            let full = lit_only::solve(&g, &lights, &mut NoProgress).unwrap();
            let x = graph::solve(&g, &lights, false, &mut NoProgress).unwrap().presses.unwrap();
            match lit_only::solve_by_deepening(&g, &lights, &x, &mut NoProgress).unwrap() {
                lit_only::Ordered::Fewest(p) => {
                    assert_eq!(Some(p.len()), full.as_ref().map(Vec::len));
                    assert!(lit_only::legal_and_clears(&g, &lights, &p));
                }
                lit_only::Ordered::Unsolvable => assert!(full.is_none()),
                lit_only::Ordered::Undecided => {}
            }
        }
    }
}
