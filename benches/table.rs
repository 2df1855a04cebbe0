//! Rotating table: the search for 8 coins and the exact verification for 16 coins.

use chessboard_puzzles::progress::NoProgress;
use chessboard_puzzles::table::construction::{Recursive, Strategy};
use chessboard_puzzles::table::search::search;
use chessboard_puzzles::table::verify::exact;
use chessboard_puzzles::table::Params;
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("table");
    group.sample_size(10);
    group.bench_function("search N=8", |b| {
        b.iter(|| search(black_box(Params::new(8, 2).unwrap()), &mut NoProgress).unwrap().length)
    });
    group.bench_function("verify N=16 recursive", |b| {
        let s = Recursive::new(Params::new(16, 2).unwrap()).unwrap();
        b.iter(|| exact(black_box(&s), &mut NoProgress).unwrap().valid)
    });
    group.bench_function("strategy N=32 move 2^31", |b| {
        let s = Recursive::new(Params::new(32, 2).unwrap()).unwrap();
        b.iter(|| s.move_at(black_box(1 << 31)))
    });
    group.finish();
}

criterion_group!(table, benches);
criterion_main!(table);
