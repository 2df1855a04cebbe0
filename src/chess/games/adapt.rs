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
#[derive(Clone, Debug)]
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
        let mut features = MoveFeatures::default();
        model::features_into(pos, history, self.book, &mut features);
        let moves = features.moves.clone();
        let base: Vec<i32> = features.iter().map(|f| model::score(f, self.weights)).collect();
        let expert_scores: Vec<Vec<i32>> = self
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
                                .map(|&i| i64::from(self.weights[i as usize]) * i64::from(e.delta[blocks[i as usize]]))
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
        let expert_freqs: Vec<Vec<u32>> = expert_scores.iter().map(|s| model::frequencies(s)).collect();
        let best = self.experts.iter().map(|e| e.cost).min().unwrap_or(0);
        let mix: Vec<u64> = self.experts.iter().map(|e| model::exp2_neg16(e.cost - best)).collect();
        let raw: Vec<u64> =
            (0..moves.len()).map(|j| expert_freqs.iter().zip(&mix).map(|(f, &w)| u64::from(f[j]) * w).sum()).collect();
        let sum: u128 = raw.iter().map(|&r| u128::from(r)).sum();
        let budget = u128::from(model::FREQ_TOTAL) - moves.len() as u128;
        let freqs = raw.iter().map(|&r| 1 + (u128::from(r) * budget / sum.max(1)) as u32).collect();
        Prediction { moves, features, freqs, base, expert_scores, expert_freqs }
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
                    let d = &mut e.delta[b];
                    *d = (*d as i64 + g * rate / i64::from(total)).clamp(-(1 << BLOCK_FRAC), 1 << BLOCK_FRAC) as i32;
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
                let d = &mut e.delta[i as usize];
                *d = (*d + (g * rate / i64::from(total)) as i32).clamp(-MAX_DELTA, MAX_DELTA);
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
