//! The strategy lab's heavy jobs: exhaustive verification on 16 squares, the search for a
//! 16-square strategy, and the exact count for 8 squares.

use chessboard_puzzles::codes::vasilev::Fun;
use chessboard_puzzles::devil::lab::menu::{self, StrategySpec};
use chessboard_puzzles::devil::lab::{count, search};
use chessboard_puzzles::progress::NoProgress;
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::time::Duration;

fn lab_jobs(c: &mut Criterion) {
    let mut g = c.benchmark_group("devil_lab");
    g.sample_size(10).measurement_time(Duration::from_secs(4));
    for (name, spec) in [("xor", StrategySpec::Xor), ("vasilev", StrategySpec::Vasilev(Fun::Popcount3))] {
        g.bench_function(format!("verify {name} 16 exhaustive"), |b| {
            b.iter(|| menu::verify(black_box(&spec), 16, 1, &mut NoProgress).unwrap())
        });
    }
    g.bench_function("search 16", |b| b.iter(|| search::find(black_box(16), &mut NoProgress).unwrap()));
    g.bench_function("count 8 (exact cover)", |b| b.iter(|| count::count(black_box(8), &mut NoProgress).unwrap()));
    g.bench_function("count 8 (colouring search)", |b| {
        b.iter(|| search::count(black_box(8), &mut NoProgress).unwrap())
    });
    g.finish();
}

criterion_group!(benches, lab_jobs);
criterion_main!(benches);
