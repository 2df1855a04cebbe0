//! The Devil's chessboard: A's flip and B's decoding on the largest board.

use chessboard_puzzles::devil::{Board, Strategy, Xor};
use chessboard_puzzles::seed::rng_from_seed;
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn flip(c: &mut Criterion) {
    let mut rng = rng_from_seed(1);
    for squares in [64, 4096] {
        let board = Board::random(squares, &mut rng).unwrap();
        let strategy = Xor { squares };
        c.bench_function(&format!("devil flip {squares}"), |b| {
            b.iter(|| strategy.encode(black_box(&board), black_box(squares / 3)))
        });
    }
}

criterion_group!(benches, flip);
criterion_main!(benches);
