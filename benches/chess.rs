//! Chess codes: encode + decode time per position for each position scheme (on positions of
//! the sample games), encode + decode time of an 80-ply game for each game scheme, and the compact tables' first
//! build. Bits per move and worst cases are printed once, for the README.

use chessboard_puzzles::chess::model_params::FIT_GAMES;
use chessboard_puzzles::chess::{parse_pgn, GameScheme, Position, PositionScheme};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn games() -> Vec<chessboard_puzzles::chess::Game> {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/lichess-2025-05-blitz-sample.pgn"))
            .unwrap();
    parse_pgn(&text).unwrap()
}

fn positions(c: &mut Criterion) {
    let games = games();
    // Every 10th position of the held-out games.
    let sample: Vec<Position> = games[FIT_GAMES..].iter().flat_map(|g| g.positions()).step_by(10).collect();
    for s in PositionScheme::ALL {
        let _ = s.encode(&Position::start()); // build lazy tables outside the timing
        let max = s.worst_case();
        let avg = sample.iter().map(|p| s.encode(p).bits).sum::<usize>() as f64 / sample.len() as f64;
        println!("{}: worst case {max} bits, average {avg:.1} bits on {} positions", s.name(), sample.len());
        let mut i = 0;
        c.bench_function(&format!("position/{}/encode+decode", s.name()), |b| {
            b.iter(|| {
                let p = &sample[i % sample.len()];
                i += 1;
                let code = s.encode(black_box(p));
                black_box(s.decode(&code.bytes).unwrap())
            })
        });
    }
}

fn game_schemes(c: &mut Criterion) {
    let games = games();
    let held_out = &games[FIT_GAMES..];
    let plies: usize = held_out.iter().map(|g| g.moves.len()).sum();
    for s in GameScheme::ALL {
        let bits: usize = held_out.iter().map(|g| s.encode(g).code.bits).sum();
        println!(
            "{}: {:.3} bits a move on {} held-out games ({plies} plies)",
            s.name(),
            bits as f64 / plies as f64,
            held_out.len()
        );
        // A typical game: the held-out game whose length is nearest 80 plies.
        let g = held_out.iter().min_by_key(|g| g.moves.len().abs_diff(80)).expect("held-out games");
        c.bench_function(&format!("game/{}/encode+decode ({} plies)", s.name(), g.moves.len()), |b| {
            b.iter(|| {
                let code = s.encode(black_box(g));
                black_box(s.decode(&code.code.bytes).unwrap())
            })
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(2)).warm_up_time(std::time::Duration::from_millis(500));
    targets = positions, game_schemes
}
criterion_main!(benches);
