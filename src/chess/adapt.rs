//! Adapting to the game being coded. The fitted weights describe the average player of the
//! fitting games; a game's own players differ (a master plays fewer loose captures and more
//! quiet moves than an amateur at blitz). So the coder keeps a few *experts*: each starts from
//! the fitted weights and, after every move, takes one gradient step of its own learning rate
//! towards the move that was played (rate 0: the fitted model as is). The move is coded with
//! the experts' mixture, each weighted by 2^(−its code length so far in this game) — a Bayesian
//! mixture, so the code costs at most log2(experts) bits a game more than the best expert in
//! hindsight. Everything is integer arithmetic, so the decoder, which sees the same moves,
//! makes exactly the same updates on every platform.

use super::book::Book;
use super::model::{self, History, NUM_FEATURES};
use super::Position;
use cozy_chess::Move;

/// Fractional bits of the adapted weights: 1/16 bit of score is 2^FRAC units.
const FRAC: u32 = 8;
/// An adapted weight moves at most this far from the fitted one (in 2^−FRAC 1/16 bits): 8 bits.
const MAX_DELTA: i32 = (8 * 16) << FRAC;

/// Learning rates of the experts, in 2^−FRAC sixteenths of a bit per unit of gradient.
pub const RATES: [i64; 3] = [0, 16 * 256 / 16, 16 * 256 / 4];

fn rates() -> &'static Vec<i64> {
    static R: std::sync::OnceLock<Vec<i64>> = std::sync::OnceLock::new();
    R.get_or_init(|| match std::env::var("CHESS_RATES") {
        Ok(v) => v.split(',').map(|x| x.parse().unwrap()).collect(),
        Err(_) => RATES.to_vec(),
    })
}

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

/// One expert: its learning rate, its changes to the fitted weights, and its code length so far.
#[derive(Clone, Debug)]
struct Expert {
    rate: i64,
    delta: Vec<i32>,
    /// In 1/16 bits.
    cost: u64,
}

/// The moves of a position and how the mixture and each expert scored them.
#[derive(Clone, Debug)]
pub struct Prediction {
    pub moves: Vec<Move>,
    pub features: Vec<Vec<u16>>,
    /// The mixture's frequencies: the ones the arithmetic code uses.
    pub freqs: Vec<u32>,
    /// Each expert's own scores (1/16 bits) and frequencies.
    expert_scores: Vec<Vec<i32>>,
    expert_freqs: Vec<Vec<u32>>,
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
    /// Scratch for one gradient: a value per feature, and the features it touches.
    grad: Vec<i64>,
    touched: Vec<u16>,
}

impl<'a> GameModel<'a> {
    pub fn new(weights: &'a [i16], book: &'a Book) -> Self {
        let experts = rates().iter().map(|&rate| Expert { rate, delta: vec![0; NUM_FEATURES], cost: 0 }).collect();
        GameModel { weights, book, experts, grad: vec![0; NUM_FEATURES], touched: Vec::new() }
    }

    /// The mixture's frequencies for the legal moves of `pos` (in legal-move order).
    pub fn predict(&self, pos: &Position, history: &History) -> Prediction {
        let (moves, features): (Vec<Move>, Vec<Vec<u16>>) =
            model::features_with(pos, history, self.book).into_iter().unzip();
        let base: Vec<i32> = features.iter().map(|f| model::score(f, self.weights)).collect();
        let expert_scores: Vec<Vec<i32>> = self
            .experts
            .iter()
            .map(|e| {
                if e.rate == 0 {
                    return base.clone();
                }
                if e.rate < 0 {
                    let blocks = block_of();
                    return base
                        .iter()
                        .zip(&features)
                        .map(|(&s, f)| {
                            let d: i64 = f
                                .iter()
                                .map(|&i| i64::from(self.weights[i as usize]) * i64::from(e.delta[blocks[i as usize]]))
                                .sum();
                            s + (d >> BLOCK_FRAC) as i32
                        })
                        .collect();
                }
                base.iter()
                    .zip(&features)
                    .map(|(&s, f)| s + (f.iter().map(|&i| e.delta[i as usize]).sum::<i32>() >> FRAC))
                    .collect()
            })
            .collect();
        let expert_freqs: Vec<Vec<u32>> = expert_scores.iter().map(|s| model::frequencies(s)).collect();
        let best = self.experts.iter().map(|e| e.cost).min().unwrap_or(0);
        let mix: Vec<u64> = self.experts.iter().map(|e| model::exp2_neg16(e.cost - best)).collect();
        let raw: Vec<u64> = (0..moves.len())
            .map(|j| expert_freqs.iter().zip(&mix).map(|(f, &w)| u64::from(f[j]) * w).sum())
            .collect();
        let sum: u128 = raw.iter().map(|&r| u128::from(r)).sum();
        let budget = u128::from(model::FREQ_TOTAL) - moves.len() as u128;
        let freqs = raw.iter().map(|&r| 1 + (u128::from(r) * budget / sum.max(1)) as u32).collect();
        Prediction { moves, features, freqs, expert_scores, expert_freqs }
    }

    /// Learns from the move `chosen` (an index into `p.moves`) having been played.
    pub fn learn(&mut self, p: &Prediction, chosen: usize) {
        for (k, e) in self.experts.iter_mut().enumerate() {
            let freqs = &p.expert_freqs[k];
            let total: u32 = freqs.iter().sum();
            e.cost += u64::from(model::bits16(freqs[chosen], total));
            if e.rate == 0 {
                continue;
            }
            if e.rate < 0 {
                let blocks = block_of();
                let mut g_block = vec![0i64; model::BLOCKS.len()];
                for (j, f) in p.features.iter().enumerate() {
                    let g = i64::from(if j == chosen { total } else { 0 }) - i64::from(freqs[j]);
                    for &i in f {
                        g_block[blocks[i as usize]] += g * i64::from(self.weights[i as usize]);
                    }
                }
                for (b, g) in g_block.into_iter().enumerate() {
                    let d = &mut e.delta[b];
                    *d = (*d as i64 + g * -e.rate / i64::from(total)).clamp(-(1 << BLOCK_FRAC), 1 << BLOCK_FRAC) as i32;
                }
                continue;
            }
            // Gradient of log2 p(chosen) in units of 1/total: (played − p_j) per feature.
            for (j, f) in p.features.iter().enumerate() {
                let g = i64::from(if j == chosen { total } else { 0 }) - i64::from(freqs[j]);
                for &i in f {
                    if self.grad[i as usize] == 0 {
                        self.touched.push(i);
                    }
                    self.grad[i as usize] += g;
                }
            }
            // A sum can return to zero and be listed again.
            self.touched.sort_unstable();
            self.touched.dedup();
            for &i in &self.touched {
                let g = std::mem::take(&mut self.grad[i as usize]);
                let d = &mut e.delta[i as usize];
                *d = (*d + (g * e.rate / i64::from(total)) as i32).clamp(-MAX_DELTA, MAX_DELTA);
            }
            self.touched.clear();
        }
    }

    /// The expert with the shortest code so far: its scores of `p`'s moves, and how much of
    /// each score it learnt in this game (1/16 bits).
    pub fn leading_expert(&self, p: &Prediction) -> (Vec<i32>, Vec<i32>) {
        let k = (0..self.experts.len()).min_by_key(|&k| (self.experts[k].cost, k)).unwrap_or(0);
        let scores = p.expert_scores[k].clone();
        let base: Vec<i32> = p.features.iter().map(|f| model::score(f, self.weights)).collect();
        let learnt = scores.iter().zip(&base).map(|(s, b)| s - b).collect();
        (scores, learnt)
    }
}
