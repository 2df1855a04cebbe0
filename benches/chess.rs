//! Chess codes: encode + decode time per position for each position scheme (on positions of
//! the sample games), encode + decode time of an 80-ply game for each game scheme, the compact
//! tables' first build, and `compact` decode alone; per ply, encode and decode of move-index and
//! arithmetic apart, and the arithmetic coder's model (predict, learn). Bits per move and worst cases are printed once, for docs/chess.md.

use chessboard_puzzles::chess::games::adapt::{GameModel, Prediction};
use chessboard_puzzles::chess::games::book;
use chessboard_puzzles::chess::games::model::{features_into, History, MoveFeatures};
use chessboard_puzzles::chess::games::model_params::{FIT_GAMES, WEIGHTS};
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

/// CPU time of this thread in nanoseconds (Linux `/proc/thread-self/schedstat`), so that
/// figures on a machine shared with other builds are not wall time stretched by waiting.
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// `compact` decode alone (the budget: 50 µs), on codes of every 10th held-out
/// position; first the cold cost of a kind's tables (castling rights and en passant), then
/// the steady state, as wall time (criterion) and as CPU time.
fn compact_decode(c: &mut Criterion) {
    let games = games();
    let s = PositionScheme::Compact;
    let (t0, c0) = (std::time::Instant::now(), cpu_ns());
    // No castling rights, no en passant: the kind with the most material classes.
    let _ = s.encode(&Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap());
    let cpu = c0.and_then(|c0| Some(cpu_ns()? - c0));
    println!(
        "compact: first code of a kind builds its tables in {:.1} ms wall, {} CPU",
        t0.elapsed().as_secs_f64() * 1e3,
        cpu.map_or("?".into(), |n| format!("{:.1} ms", n as f64 / 1e6))
    );
    let codes: Vec<Vec<u8>> =
        games[FIT_GAMES..].iter().flat_map(|g| g.positions()).step_by(10).map(|p| s.encode(&p).bytes).collect();
    for code in &codes {
        black_box(s.decode(code).unwrap()); // every kind's tables built
    }
    if let Some(c0) = cpu_ns() {
        let rounds = 20;
        for _ in 0..rounds {
            for code in &codes {
                black_box(s.decode(black_box(code)).unwrap());
            }
        }
        let per = (cpu_ns().unwrap_or(c0) - c0) as f64 / (rounds * codes.len()) as f64 / 1e3;
        println!("compact: decode {per:.1} µs CPU a code ({} codes × {rounds})", codes.len());
    }
    let mut i = 0;
    c.bench_function("position/compact/decode", |b| {
        b.iter(|| {
            let code = &codes[i % codes.len()];
            i += 1;
            black_box(s.decode(black_box(code)).unwrap())
        })
    });
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
    // Encode and decode apart, per ply, the arithmetic code beside move-index in the same run
    // (issue 28: the arithmetic codec within 2× of move-index); then the model's two steps.
    let g = held_out.iter().min_by_key(|g| g.moves.len().abs_diff(80)).expect("held-out games");
    let mut group = c.benchmark_group("game per ply");
    group.throughput(criterion::Throughput::Elements(g.moves.len() as u64));
    for s in [GameScheme::MoveIndex, GameScheme::Arithmetic] {
        let code = s.encode(g).code.bytes;
        group.bench_function(format!("{}/encode", s.name()), |b| b.iter(|| black_box(s.encode(black_box(g)))));
        group.bench_function(format!("{}/decode", s.name()), |b| {
            b.iter(|| black_box(s.decode(black_box(&code)).unwrap()))
        });
    }
    // The arithmetic coder's model over the game: predicting every ply (the features and the
    // experts' frequencies), and predicting then learning from the move played.
    let positions = g.positions();
    let mut history = History::default();
    let histories: Vec<History> = g
        .moves
        .iter()
        .zip(&positions)
        .map(|(&mv, pos)| {
            let before = history.clone();
            history.push(pos, mv);
            before
        })
        .collect();
    // The features alone (the legal moves, the attack maps before and after each move): what
    // the prediction spends before the experts score anything.
    group.bench_function("arithmetic/model features", |b| {
        let mut f = MoveFeatures::default();
        b.iter(|| {
            for (pos, history) in positions.iter().zip(&histories) {
                features_into(pos, history, book::book(), &mut f);
                black_box(&f);
            }
        })
    });
    group.bench_function("arithmetic/model predict", |b| {
        let model = GameModel::new(&WEIGHTS, book::book());
        let mut p = Prediction::default();
        b.iter(|| {
            for (pos, history) in positions.iter().zip(&histories) {
                model.predict_into(pos, history, &mut p);
                black_box(&p.freqs);
            }
        })
    });
    group.bench_function("arithmetic/model predict+learn", |b| {
        let mut p = Prediction::default();
        b.iter(|| {
            let mut model = GameModel::new(&WEIGHTS, book::book());
            for ((pos, history), &mv) in positions.iter().zip(&histories).zip(&g.moves) {
                model.predict_into(pos, history, &mut p);
                let idx = p.moves.iter().position(|&m| m == mv).expect("a legal move");
                model.learn(&p, idx);
            }
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(2)).warm_up_time(std::time::Duration::from_millis(500));
    targets = compact_decode, positions, game_schemes
}
criterion_main!(benches);
