//! Adapting to the game being coded. The fitted weights describe the average player of the
//! fitting games; a game's own players differ (a master plays fewer loose captures and more
//! quiet moves than an amateur at blitz). So the coder keeps a few *experts* ([`EXPERTS`]): the
//! fitted model as is, and learners that start from it and, after every move, take one gradient
//! step towards the move that was played — of every weight, or of one scale per block of
//! features. The move is coded with the experts' mixture, each weighted by 2^(−its code length
//! so far in this game) — a Bayesian mixture, so the code costs at most log2(experts) bits a
//! game (and the rounding of integer frequencies) more than the best expert in hindsight. Everything is integer arithmetic, so the
//! decoder, which sees the same moves, makes exactly the same updates on every platform.

use crate::chess::games::book::Book;
use crate::chess::games::model::{self, History, MoveFeatures, NUM_FEATURES};
use crate::chess::Position;
use cozy_chess::Move;

/// Fractional bits of the adapted weights: 1/16 bit of score is 2^FRAC units.
const FRAC: u32 = 8;
/// An adapted weight moves at most this far from the fitted one (in 2^−FRAC 1/16 bits): 8 bits.
const MAX_DELTA: i32 = (8 * 16) << FRAC;

/// How an expert learns during a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Learner {
    /// Not at all: the fitted model.
    Fixed,
    /// Every feature's weight, by this rate (2^−FRAC sixteenths of a bit per unit of gradient).
    Weights(i64),
    /// One scale per block of features (see [`model::BLOCKS`]), by this rate (2^−BLOCK_FRAC per
    /// unit of gradient in sixteenths of a bit).
    BlockScales(i64),
}

/// The experts, chosen by cross-validation on the fitting sample: the fitted model, a slow
/// learner of every weight (each moves by at most 1/32 bit a move) and a learner of the blocks'
/// scales.
pub const EXPERTS: [Learner; 3] = [Learner::Fixed, Learner::Weights(128), Learner::BlockScales(80)];

/// Fractional bits of a block's learnt scale (its weights are multiplied by 1 + scale).
const BLOCK_FRAC: u32 = 16;

/// Each feature's block (an index into [`model::BLOCKS`]).
fn block_of() -> &'static Vec<usize> {
    static B: std::sync::OnceLock<Vec<usize>> = std::sync::OnceLock::new();
    B.get_or_init(|| {
        let mut b = vec![0; NUM_FEATURES];
        for (k, &(_, first, size)) in model::BLOCKS.iter().enumerate() {
            b[first..first + size].fill(k);
        }
        b
    })
}

/// One expert: how it learns, what it learnt, and its code length so far.
#[derive(Clone, Debug)]
struct Expert {
    learner: Learner,
    /// Learnt changes: to each weight (in 2^−FRAC sixteenths of a bit) or to each block's scale.
    delta: Vec<i32>,
    /// In 1/16 bits.
    cost: u64,
}

/// The moves of a position and how the mixture and each expert scored them.
#[derive(Clone, Debug, Default)]
pub struct Prediction {
    pub moves: Vec<Move>,
    /// Each move's features (see [`MoveFeatures::of`]).
    pub features: MoveFeatures,
    /// The mixture's frequencies: the ones the arithmetic code uses.
    pub freqs: Vec<u32>,
    /// The fitted model's scores (1/16 bits), before anything learnt in this game.
    pub base: Vec<i32>,
    /// Each expert's own scores (1/16 bits) and frequencies.
    pub expert_scores: Vec<Vec<i32>>,
    pub expert_freqs: Vec<Vec<u32>>,
}

impl Prediction {
    pub fn total(&self) -> u32 {
        self.freqs.iter().sum()
    }
}

/// The coder's model of one game: the fitted weights plus what it learnt from the moves so far.
#[derive(Clone, Debug)]
pub struct GameModel<'a> {
    weights: &'a [i16],
    book: &'a Book,
    experts: Vec<Expert>,
    /// Scratch for one gradient: a value per feature, the features it touches, and whether a
    /// feature is listed yet (a flag, not a sort: the hot loop of the coder).
    grad: Vec<i64>,
    touched: Vec<u16>,
    listed: Vec<bool>,
    /// Scratch for the gradient of the blocks' scales.
    g_block: Vec<i64>,
}

impl<'a> GameModel<'a> {
    pub fn new(weights: &'a [i16], book: &'a Book) -> Self {
        let experts = EXPERTS
            .iter()
            .map(|&learner| {
                let size = if matches!(learner, Learner::BlockScales(_)) { model::BLOCKS.len() } else { NUM_FEATURES };
                Expert { learner, delta: vec![0; size], cost: 0 }
            })
            .collect();
        GameModel {
            weights,
            book,
            experts,
            grad: vec![0; NUM_FEATURES],
            touched: Vec::new(),
            listed: vec![false; NUM_FEATURES],
            g_block: vec![0; model::BLOCKS.len()],
        }
    }

    /// The mixture's frequencies for the legal moves of `pos` (in legal-move order).
    pub fn predict(&self, pos: &Position, history: &History) -> Prediction {
        let mut p = Prediction::default();
        self.predict_into(pos, history, &mut p);
        p
    }

    /// [`GameModel::predict`] into `p`, reusing its buffers: the coder calls this every ply.
    pub fn predict_into(&self, pos: &Position, history: &History, p: &mut Prediction) {
        model::features_into(pos, history, self.book, &mut p.features);
        p.moves.clear();
        p.moves.extend_from_slice(&p.features.moves);
        p.base.clear();
        p.expert_scores.resize_with(self.experts.len(), Vec::new);
        p.expert_freqs.resize_with(self.experts.len(), Vec::new);
        for scores in &mut p.expert_scores {
            scores.clear();
        }
        let blocks = block_of();
        // One pass over each move's features for every expert's score.
        for f in p.features.iter() {
            let base: i32 = f.iter().map(|&i| i32::from(self.weights[i as usize])).sum();
            p.base.push(base);
            for (e, scores) in self.experts.iter().zip(&mut p.expert_scores) {
                scores.push(match e.learner {
                    Learner::Fixed => base,
                    Learner::BlockScales(_) => {
                        let d: i64 = f
                            .iter()
                            .map(|&i| i64::from(self.weights[i as usize]) * i64::from(e.delta[blocks[i as usize]]))
                            .sum();
                        base + (d >> BLOCK_FRAC) as i32
                    }
                    Learner::Weights(_) => base + (f.iter().map(|&i| e.delta[i as usize]).sum::<i32>() >> FRAC),
                });
            }
        }
        for (scores, freqs) in p.expert_scores.iter().zip(&mut p.expert_freqs) {
            model::frequencies_into(scores, freqs);
        }
        let best = self.experts.iter().map(|e| e.cost).min().unwrap_or(0);
        let mix = |k: usize| model::exp2_neg16(self.experts[k].cost - best);
        let raw = |j: usize| -> u64 { p.expert_freqs.iter().enumerate().map(|(k, f)| u64::from(f[j]) * mix(k)).sum() };
        let n = p.moves.len();
        let sum: u64 = (0..n).map(raw).sum();
        let budget = u64::from(model::FREQ_TOTAL) - n as u64;
        let by_sum = model::Divisor::new(sum.max(1));
        p.freqs.clear();
        p.freqs.extend((0..n).map(|j| {
            let r = raw(j);
            // r < experts · 2^16 · 2^30, so with three experts r · budget fits 64 bits.
            let q = match r.checked_mul(budget) {
                Some(product) => by_sum.quotient(product),
                None => (u128::from(r) * u128::from(budget) / u128::from(sum.max(1))) as u64,
            };
            1 + q as u32
        }));
    }

    /// Learns from the move `chosen` (an index into `p.moves`) having been played.
    pub fn learn(&mut self, p: &Prediction, chosen: usize) {
        for (k, e) in self.experts.iter_mut().enumerate() {
            let freqs = &p.expert_freqs[k];
            let total: u32 = freqs.iter().sum();
            e.cost += u64::from(model::bits16(freqs[chosen], total));
            let rate = match e.learner {
                Learner::Fixed => continue,
                Learner::Weights(rate) | Learner::BlockScales(rate) => rate,
            };
            let by_total = model::Divisor::new(u64::from(total));
            if matches!(e.learner, Learner::BlockScales(_)) {
                let blocks = block_of();
                let g_block = &mut self.g_block;
                g_block.fill(0);
                for (j, f) in p.features.iter().enumerate() {
                    let g = i64::from(if j == chosen { total } else { 0 }) - i64::from(freqs[j]);
                    for &i in f {
                        g_block[blocks[i as usize]] += g * i64::from(self.weights[i as usize]);
                    }
                }
                for (b, &g) in g_block.iter().enumerate() {
                    // A zero gradient leaves the (already clamped) scale as it is.
                    if g != 0 {
                        let d = &mut e.delta[b];
                        *d = (*d as i64 + by_total.signed_quotient(g * rate))
                            .clamp(-(1 << BLOCK_FRAC), 1 << BLOCK_FRAC) as i32;
                    }
                }
                continue;
            }
            // Gradient of log2 p(chosen) in units of 1/total: (played − p_j) per feature.
            for (j, f) in p.features.iter().enumerate() {
                let g = i64::from(if j == chosen { total } else { 0 }) - i64::from(freqs[j]);
                for &i in f {
                    if !self.listed[i as usize] {
                        self.listed[i as usize] = true;
                        self.touched.push(i);
                    }
                    self.grad[i as usize] += g;
                }
            }
            // Each weight's update depends on its own gradient only, so the order is free.
            for &i in &self.touched {
                self.listed[i as usize] = false;
                let g = std::mem::take(&mut self.grad[i as usize]);
                if g != 0 {
                    let d = &mut e.delta[i as usize];
                    *d = (*d + by_total.signed_quotient(g * rate) as i32).clamp(-MAX_DELTA, MAX_DELTA);
                }
            }
            self.touched.clear();
        }
    }

    /// The index of the expert with the shortest code so far (the first of equals): an index
    /// into a prediction's `expert_scores` and `expert_freqs`.
    pub fn leading_expert(&self) -> usize {
        (0..self.experts.len()).min_by_key(|&k| (self.experts[k].cost, k)).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::games::book;
    use crate::chess::games::model_params::WEIGHTS;
    use crate::chess::parse_pgn;

    /// The predictions and learning as first written: every expert's scores in its own pass,
    /// fresh vectors, and the hardware's division. The reference of the fast path above.
    fn reference_predict(m: &GameModel, pos: &Position, history: &History) -> Prediction {
        let mut features = MoveFeatures::default();
        model::features_into(pos, history, m.book, &mut features);
        let moves = features.moves.clone();
        let base: Vec<i32> = features.iter().map(|f| model::score(f, m.weights)).collect();
        let expert_scores: Vec<Vec<i32>> = m
            .experts
            .iter()
            .map(|e| match e.learner {
                Learner::Fixed => base.clone(),
                Learner::BlockScales(_) => {
                    let blocks = block_of();
                    base.iter()
                        .zip(features.iter())
                        .map(|(&s, f)| {
                            let d: i64 = f
                                .iter()
                                .map(|&i| i64::from(m.weights[i as usize]) * i64::from(e.delta[blocks[i as usize]]))
                                .sum();
                            s + (d >> BLOCK_FRAC) as i32
                        })
                        .collect()
                }
                Learner::Weights(_) => base
                    .iter()
                    .zip(features.iter())
                    .map(|(&s, f)| s + (f.iter().map(|&i| e.delta[i as usize]).sum::<i32>() >> FRAC))
                    .collect(),
            })
            .collect();
        let expert_freqs: Vec<Vec<u32>> = expert_scores.iter().map(|s| reference_frequencies(s)).collect();
        let best = m.experts.iter().map(|e| e.cost).min().unwrap_or(0);
        let mix: Vec<u64> = m.experts.iter().map(|e| model::exp2_neg16(e.cost - best)).collect();
        let raw: Vec<u64> =
            (0..moves.len()).map(|j| expert_freqs.iter().zip(&mix).map(|(f, &w)| u64::from(f[j]) * w).sum()).collect();
        let sum: u128 = raw.iter().map(|&r| u128::from(r)).sum();
        let budget = u128::from(model::FREQ_TOTAL) - moves.len() as u128;
        let freqs = raw.iter().map(|&r| 1 + (u128::from(r) * budget / sum.max(1)) as u32).collect();
        Prediction { moves, features, freqs, base, expert_scores, expert_freqs }
    }

    fn reference_frequencies(scores: &[i32]) -> Vec<u32> {
        let best = scores.iter().copied().max().unwrap_or(0);
        let raw: Vec<u64> = scores.iter().map(|&s| model::exp2_neg16((best - s).min(16 * 24 - 1) as u64)).collect();
        let sum: u64 = raw.iter().sum();
        let budget = u64::from(model::FREQ_TOTAL) - scores.len() as u64;
        raw.iter().map(|&r| 1 + (r * budget / sum) as u32).collect()
    }

    fn reference_learn(m: &mut GameModel, p: &Prediction, chosen: usize) {
        let blocks = block_of();
        for (k, e) in m.experts.iter_mut().enumerate() {
            let freqs = &p.expert_freqs[k];
            let total: u32 = freqs.iter().sum();
            e.cost += u64::from(model::bits16(freqs[chosen], total));
            let (rate, size) = match e.learner {
                Learner::Fixed => continue,
                Learner::Weights(rate) => (rate, NUM_FEATURES),
                Learner::BlockScales(rate) => (rate, model::BLOCKS.len()),
            };
            let mut grad = vec![0i64; size];
            for (j, f) in p.features.iter().enumerate() {
                let g = i64::from(if j == chosen { total } else { 0 }) - i64::from(freqs[j]);
                for &i in f {
                    match e.learner {
                        Learner::BlockScales(_) => grad[blocks[i as usize]] += g * i64::from(m.weights[i as usize]),
                        _ => grad[i as usize] += g,
                    }
                }
            }
            for (d, g) in e.delta.iter_mut().zip(grad) {
                *d = match e.learner {
                    Learner::BlockScales(_) => {
                        (*d as i64 + g * rate / i64::from(total)).clamp(-(1 << BLOCK_FRAC), 1 << BLOCK_FRAC) as i32
                    }
                    _ => (*d + (g * rate / i64::from(total)) as i32).clamp(-MAX_DELTA, MAX_DELTA),
                };
            }
        }
    }

    /// The fast prediction and learning against the reference, in lockstep over every position
    /// of 40 held-out games of the sample: the same scores, frequencies and learnt weights.
    #[test]
    fn predictions_and_learning_match_the_reference() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/lichess-2025-05-blitz-sample.pgn"
        ))
        .unwrap();
        let games = parse_pgn(&text).unwrap();
        let mut plies = 0;
        for g in games.iter().skip(300).step_by(3).take(40) {
            let mut fast = GameModel::new(&WEIGHTS, book::book());
            let mut reference = fast.clone();
            let (mut pos, mut history) = (g.start.clone(), History::default());
            let mut p = Prediction::default();
            for &mv in &g.moves {
                fast.predict_into(&pos, &history, &mut p);
                let r = reference_predict(&reference, &pos, &history);
                assert_eq!(p.moves, r.moves);
                assert_eq!(p.base, r.base);
                assert_eq!(p.expert_scores, r.expert_scores);
                assert_eq!(p.expert_freqs, r.expert_freqs);
                assert_eq!(p.freqs, r.freqs);
                let idx = p.moves.iter().position(|&x| x == mv).unwrap();
                fast.learn(&p, idx);
                reference_learn(&mut reference, &r, idx);
                for (a, b) in fast.experts.iter().zip(&reference.experts) {
                    assert_eq!((a.cost, &a.delta), (b.cost, &b.delta));
                }
                history.push(&pos, mv);
                pos = pos.play_unchecked(mv);
                plies += 1;
            }
        }
        assert!(plies > 2000, "{plies} plies");
    }

    #[test]
    fn integer_costs_match_floating_point_logarithms() {
        for (freq, total) in [(1u32, 1u32), (1, 2), (3, 7), (1, 65_536), (40_000, 65_536), (65_535, 65_536), (17, 1000)]
        {
            let exact = 16.0 * (f64::from(total) / f64::from(freq)).log2();
            let got = f64::from(model::bits16(freq, total));
            // Each of the two floored logarithms is within 1/16 bit (plus the table's rounding).
            assert!((got - exact).abs() <= 1.01, "{freq}/{total}: {got} vs {exact}");
        }
        for d in [0u64, 1, 16, 100, 383] {
            let exact = (1u64 << 30) as f64 * (-(d as f64) / 16.0).exp2();
            // Each of the d steps of the table truncates by less than one unit.
            assert!((model::exp2_neg16(d) as f64 - exact).abs() <= d as f64 + 1.0, "{d}");
        }
    }

    #[test]
    fn the_mixture_costs_little_more_than_its_best_expert() {
        // A game of the sample: the mixture's information content, computed in floating point
        // from the frequencies, against each expert's own.
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/lichess-2025-05-blitz-sample.pgn"
        ))
        .unwrap();
        let games = parse_pgn(&text).unwrap();
        for g in games.iter().skip(400).take(3) {
            let mut m = GameModel::new(&WEIGHTS, book::book());
            let (mut pos, mut history) = (g.start.clone(), History::default());
            let mut mixture = 0.0;
            let mut experts = vec![0.0; EXPERTS.len()];
            for &mv in &g.moves {
                let p = m.predict(&pos, &history);
                assert!(p.freqs.iter().all(|&f| f >= 1) && p.total() <= model::FREQ_TOTAL);
                let idx = p.moves.iter().position(|&x| x == mv).unwrap();
                mixture -= (f64::from(p.freqs[idx]) / f64::from(p.total())).log2();
                for (k, f) in p.expert_freqs.iter().enumerate() {
                    experts[k] -= (f64::from(f[idx]) / f64::from(f.iter().sum::<u32>())).log2();
                }
                m.learn(&p, idx);
                history.push(&pos, mv);
                pos = pos.play_unchecked(mv);
            }
            let best = experts.iter().copied().fold(f64::MAX, f64::min);
            // log2(3) for the mixture, plus the integer rounding of frequencies and costs.
            let slack = (EXPERTS.len() as f64).log2() + 0.01 * g.moves.len() as f64;
            assert!(mixture <= best + slack, "mixture {mixture:.2} bits, best expert {best:.2}");
        }
    }
}
