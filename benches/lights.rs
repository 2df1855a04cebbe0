//! Lights Out speed: the large-board solver on random patterns, nullity by polynomials, and a
//! minimal 5×5 solution. `cargo bench --bench lights`.

use chessboard_puzzles::lights::algebra::poly;
use chessboard_puzzles::lights::board::packed::PackedBoard;
use chessboard_puzzles::lights::solvers::fast::Chaser;
use chessboard_puzzles::lights::{solve, Board, Spec};
use chessboard_puzzles::progress::NoProgress;
use chessboard_puzzles::seed::rng_from_seed;
use criterion::{criterion_group, criterion_main, Criterion};
use rand::Rng;
use std::hint::black_box;
use std::time::Duration;

fn random_board(n: usize, seed: u64) -> Board {
    let mut rng = rng_from_seed(seed);
    let lights = (0..n * n).map(|_| rng.random_range(0..2)).collect();
    Board::from_lights(Spec::classic(n, n), lights).unwrap()
}

fn large_boards(c: &mut Criterion) {
    let mut g = c.benchmark_group("lights_solve");
    g.sample_size(10).measurement_time(Duration::from_secs(8));
    for n in [1000, 2000, 4000] {
        let board = random_board(n, n as u64);
        let packed = PackedBoard::from_board(&board).unwrap();
        // The solver itself: homogeneous part, polynomial gcd, two chases, word-parallel check.
        g.bench_function(format!("chaser {n}x{n} random"), |b| {
            b.iter(|| {
                let ch = Chaser::new(n, n, true, &mut NoProgress);
                ch.solve(black_box(&packed), true, &mut NoProgress).unwrap().presses.is_some()
            })
        });
        // The public entry point, with one byte per light in and out.
        g.bench_function(format!("solve {n}x{n} random (bytes in and out)"), |b| {
            b.iter(|| solve(black_box(&board), false, &mut NoProgress).unwrap().solvable)
        });
    }
    g.finish();
}

fn nullity(c: &mut Criterion) {
    let mut g = c.benchmark_group("lights_nullity");
    g.sample_size(10);
    for n in [10_000, 100_000] {
        g.bench_function(format!("polynomial gcd {n}x{n}"), |b| {
            b.iter(|| poly::bounded_nullity(black_box(n), n, true))
        });
    }
    g.finish();
}

fn minimal(c: &mut Criterion) {
    let board =
        Board::parse("10110/01101/11011/00100/10001", chessboard_puzzles::lights::Rule::Plus, false, 2).unwrap();
    let spec = board.spec;
    let mut b5 = Board::new(spec).unwrap();
    b5.apply_presses(&board.lights); // a solvable pattern
    c.bench_function("lights minimal 5x5", |b| {
        b.iter(|| solve(black_box(&b5), true, &mut NoProgress).unwrap().press_count)
    });
}

/// Classic boards beyond the page: packed from pattern to presses.
fn packed(c: &mut Criterion) {
    use chessboard_puzzles::lights::solvers::large::solve_packed;
    use chessboard_puzzles::lights::Rule;
    let mut g = c.benchmark_group("lights_packed");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    let on = PackedBoard::all_on(10_000, 10_000).unwrap();
    g.bench_function("all-on 10000x10000 first row", |b| {
        b.iter(|| solve_packed(black_box(&on), Rule::Plus, false, &mut NoProgress).unwrap().press_count)
    });
    g.bench_function("all-on 10000x10000 every press", |b| {
        b.iter(|| solve_packed(black_box(&on), Rule::Plus, true, &mut NoProgress).unwrap().press_count)
    });
    let on = PackedBoard::all_on(20_000, 20_000).unwrap();
    g.bench_function("all-on 20000x20000 every press", |b| {
        b.iter(|| solve_packed(black_box(&on), Rule::Plus, true, &mut NoProgress).unwrap().press_count)
    });
    g.finish();
}

/// The other rules and edges at 2000×2000 (random solvable patterns, byte a light in and out).
fn other_rules(c: &mut Criterion) {
    use chessboard_puzzles::lights::game::random_board;
    use chessboard_puzzles::lights::Rule;
    let mut g = c.benchmark_group("lights_2000");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    let n = 2000;
    for (rule, torus, states) in [
        (Rule::King, false, 2),
        (Rule::King, false, 3),
        (Rule::King, false, 9),
        (Rule::Plus, true, 2),
        (Rule::Neighbours, true, 2),
        (Rule::X, false, 2),
        // More than two states: the polynomial row chase over Z/k (Z/p, Z/p^e, CRT).
        (Rule::Plus, false, 3),
        (Rule::Plus, false, 4),
        (Rule::Plus, false, 6),
        (Rule::Plus, false, 9),
        (Rule::Neighbours, false, 8),
        (Rule::X, false, 3),
        (Rule::X, false, 9),
    ] {
        let spec = Spec { rule, torus, states, ..Spec::classic(n, n) };
        let board = random_board(&spec, 1).unwrap();
        let name = format!("{} {} k={states} {n}x{n}", rule.name(), if torus { "torus" } else { "bounded" });
        g.bench_function(name, |b| b.iter(|| solve(black_box(&board), false, &mut NoProgress).unwrap().solvable));
    }
    g.finish();
}

criterion_group!(benches, large_boards, nullity, minimal, packed, other_rules);
criterion_main!(benches);
