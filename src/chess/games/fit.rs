//! Fitting the move model: maximum likelihood (softmax over the legal moves, in log2 units)
//! by full-batch gradient descent with Adam and an L2 penalty, on the first `fit_games`
//! games; then the weights are rounded to 1/16 bit and the rank frequencies of the played
//! moves are counted for `ranked-huffman`. The opening book is compiled from the openings
//! list. Deterministic: same games, same output. Also k-fold cross-validation and evaluation
//! on other games, each beside lichess's codec on the same games.

use crate::chess::games::book::{self, Book};
use crate::chess::games::model::{self, History, NUM_FEATURES};
use crate::chess::games::{game_codes, lichess};
use crate::chess::{Game, Position};
use std::fmt::Write;

/// One position of the training set: every legal move's features and the index played.
struct Sample {
    moves: Vec<Vec<u16>>,
    chosen: usize,
}

fn samples(games: &[&Game], book: &Book) -> Vec<Sample> {
    let mut out = Vec::new();
    for g in games {
        let mut pos: Position = g.start.clone();
        let mut history = History::default();
        for &mv in &g.moves {
            let feats = model::features_with(&pos, &history, book);
            let chosen = feats.iter().position(|(m, _)| *m == mv).expect("a legal move");
            out.push(Sample { moves: feats.into_iter().map(|(_, f)| f).collect(), chosen });
            history.push(&pos, mv);
            pos = pos.play_unchecked(mv);
        }
    }
    out
}

/// Training settings.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub epochs: usize,
    /// L2 penalty on the weights (in bits², per position of the training set).
    pub l2: f64,
}

/// The fitted model.
pub struct Fitted {
    pub weights: Vec<i16>,
    pub rank_freq: Vec<u32>,
    pub book: Vec<u8>,
    pub fit_games: usize,
    /// The arithmetic code (everything included) and lichess's codec on the fitting and
    /// held-out games.
    pub fit_tally: Tally,
    pub held_out: Tally,
}

/// Weights maximising the likelihood of the played moves, rounded to 1/16 bit.
fn train(train: &[Sample], settings: Settings, progress: &mut dyn FnMut(usize, usize)) -> Vec<i16> {
    let mut w = vec![0f64; NUM_FEATURES];
    let (mut m, mut v) = (vec![0f64; NUM_FEATURES], vec![0f64; NUM_FEATURES]);
    let (lr, b1, b2) = (0.05f64, 0.9f64, 0.999f64);
    let n = train.len().max(1) as f64;
    let epochs = settings.epochs;
    for epoch in 0..epochs {
        let mut grad = vec![0f64; NUM_FEATURES];
        for s in train {
            let scores: Vec<f64> = s.moves.iter().map(|f| f.iter().map(|&i| w[i as usize]).sum()).collect();
            let best = scores.iter().cloned().fold(f64::MIN, f64::max);
            let exps: Vec<f64> = scores.iter().map(|&x| (x - best).exp2()).collect();
            let z: f64 = exps.iter().sum();
            for (j, f) in s.moves.iter().enumerate() {
                let g = exps[j] / z - if j == s.chosen { 1.0 } else { 0.0 };
                for &i in f {
                    grad[i as usize] += g / n;
                }
            }
        }
        let t = (epoch + 1) as i32;
        for i in 0..NUM_FEATURES {
            let g = grad[i] + settings.l2 * w[i];
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(t));
            let vh = v[i] / (1.0 - b2.powi(t));
            w[i] -= lr * mh / (vh.sqrt() + 1e-8);
        }
        progress(epoch + 1, epochs);
    }
    w.iter().map(|&x| (x * 16.0).round().clamp(-30000.0, 30000.0) as i16).collect()
}

/// Bits and plies of games coded with `arithmetic` under `weights` and `book`, everything
/// included (start bit or position, moves, end), and lichess's codec's bits for their moves.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    pub games: usize,
    pub plies: usize,
    pub bits: usize,
    pub lichess_bits: usize,
}

impl Tally {
    pub fn of(games: &[&Game], weights: &[i16], book: &Book) -> Tally {
        let mut t = Tally::default();
        for g in games {
            let (code, _) = game_codes::arithmetic_moves(g, weights, book);
            let header = if g.start == Position::start() { 1 } else { 1 + crate::chess::positions::compact::bits() };
            t.games += 1;
            t.plies += g.moves.len();
            t.bits += header + code.len();
            t.lichess_bits += lichess::game_bits(g);
        }
        t
    }

    pub fn add(&mut self, o: Tally) {
        self.games += o.games;
        self.plies += o.plies;
        self.bits += o.bits;
        self.lichess_bits += o.lichess_bits;
    }

    pub fn bits_per_move(&self) -> f64 {
        self.bits as f64 / self.plies.max(1) as f64
    }

    pub fn lichess_bits_per_move(&self) -> f64 {
        self.lichess_bits as f64 / self.plies.max(1) as f64
    }
}

fn rank_frequencies(train: &[Sample], weights: &[i16]) -> Vec<u32> {
    // Rank of each played move under the rounded weights (ties in legal-move order).
    let mut rank_freq = vec![1u32; 256];
    for s in train {
        let scores: Vec<i32> = s.moves.iter().map(|f| model::score(f, weights)).collect();
        let c = scores[s.chosen];
        let rank = scores.iter().enumerate().filter(|&(j, &x)| x > c || (x == c && j < s.chosen)).count();
        rank_freq[rank.min(255)] += 1;
    }
    rank_freq
}

/// Fits on the first `fit_games` games with the opening book `book_bytes` (see `book.rs`).
pub fn fit(
    games: &[Game],
    fit_games: usize,
    book_bytes: Vec<u8>,
    settings: Settings,
    progress: &mut dyn FnMut(usize, usize),
) -> Fitted {
    let fit_games = fit_games.min(games.len());
    let book = book::expand(&book_bytes);
    let (fit_set, held_out): (Vec<&Game>, Vec<&Game>) =
        (games[..fit_games].iter().collect(), games[fit_games..].iter().collect());
    let train_samples = samples(&fit_set, &book);
    let weights = train(&train_samples, settings, progress);
    Fitted {
        rank_freq: rank_frequencies(&train_samples, &weights),
        fit_tally: Tally::of(&fit_set, &weights, &book),
        held_out: Tally::of(&held_out, &weights, &book),
        weights,
        book: book_bytes,
        fit_games,
    }
}

/// k-fold cross-validation: the games split into `folds` consecutive blocks; each block is
/// coded by a model fitted on the others. Returns each fold's tally.
pub fn cross_validate(
    games: &[Game],
    folds: usize,
    book_bytes: &[u8],
    settings: Settings,
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<Tally> {
    let book = book::expand(book_bytes);
    let n = games.len();
    (0..folds)
        .map(|k| {
            let (lo, hi) = (k * n / folds, (k + 1) * n / folds);
            let fit_set: Vec<&Game> = games[..lo].iter().chain(games[hi..].iter()).collect();
            let test: Vec<&Game> = games[lo..hi].iter().collect();
            let weights = train(&samples(&fit_set, &book), settings, &mut |_, _| {});
            progress(k + 1, folds);
            Tally::of(&test, &weights, &book)
        })
        .collect()
}

/// The Rust source of `model_params.rs` for a fitted model.
pub fn render(f: &Fitted, command: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "//! Generated by `{command}`;");
    let _ = writeln!(
        s,
        "//! do not edit by hand. Arithmetic code, everything included: {:.3} bits a move on the fitting games, {:.3} held out.",
        f.fit_tally.bits_per_move(),
        f.held_out.bits_per_move()
    );
    let _ = writeln!(s);
    let _ = writeln!(s, "/// Feature weights in 1/16 bit (see `model.rs` for the layout).");
    let _ = writeln!(s, "#[rustfmt::skip]");
    let _ = writeln!(s, "pub const WEIGHTS: [i16; {}] = [", f.weights.len());
    for chunk in f.weights.chunks(16) {
        let line: Vec<String> = chunk.iter().map(|x| x.to_string()).collect();
        let _ = writeln!(s, "    {},", line.join(", "));
    }
    let _ = writeln!(s, "];");
    let _ = writeln!(s);
    let _ =
        writeln!(s, "/// How often the played move had each rank (0 = best scored) in the fitting games, plus one.");
    let _ = writeln!(s, "#[rustfmt::skip]");
    let _ = writeln!(s, "pub const RANK_FREQ: [u32; {}] = [", f.rank_freq.len());
    for chunk in f.rank_freq.chunks(16) {
        let line: Vec<String> = chunk.iter().map(|x| x.to_string()).collect();
        let _ = writeln!(s, "    {},", line.join(", "));
    }
    let _ = writeln!(s, "];");
    let _ = writeln!(s);
    let _ = writeln!(s, "/// The opening book: lichess's named opening lines (CC0) in the form of `book.rs`.");
    let _ = writeln!(s, "#[rustfmt::skip]");
    let _ = writeln!(s, "pub const BOOK: [u8; {}] = [", f.book.len());
    for chunk in f.book.chunks(32) {
        let line: Vec<String> = chunk.iter().map(|x| x.to_string()).collect();
        let _ = writeln!(s, "    {},", line.join(", "));
    }
    let _ = writeln!(s, "];");
    let _ = writeln!(s);
    let _ = writeln!(s, "/// Games of the sample used for fitting: the first `FIT_GAMES`; the rest are held out.");
    let _ = writeln!(s, "pub const FIT_GAMES: usize = {};", f.fit_games);
    s
}

/// The opening book compiled from openings lists' text (none: an empty book).
pub fn book_bytes(tsv_files: &[String]) -> crate::Result<Vec<u8>> {
    book::compile(tsv_files)
}
