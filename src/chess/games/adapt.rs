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

/// How many experts the mixture has, in this order (the index of a prediction's
/// `expert_scores` and `expert_freqs`), chosen by cross-validation on the fitting sample: the
/// fitted model ([`FITTED`]), a slow learner of every weight ([`WEIGHTS_LEARNER`]: each moves
/// by at most 1/32 bit a move) and a learner of one scale per block of features
/// ([`BLOCKS_LEARNER`]). Fixed, so that one pass over a position's features scores all three.
pub const EXPERTS: usize = 3;
pub const FITTED: usize = 0;
pub const WEIGHTS_LEARNER: usize = 1;
pub const BLOCKS_LEARNER: usize = 2;
/// The weights learner's rate: 2^−FRAC sixteenths of a bit per unit of gradient.
const WEIGHT_RATE: i64 = 128;
/// The blocks learner's rate: 2^−BLOCK_FRAC per unit of gradient in sixteenths of a bit.
const BLOCK_RATE: i64 = 80;

/// Fractional bits of a block's learnt scale (its weights are multiplied by 1 + scale).
const BLOCK_FRAC: u32 = 16;

/// Feature indices are below 2^12 and blocks below 2^6, so the tables the inner loops read
/// (every feature of every legal move, three times a ply) have that many entries and are
/// indexed through a mask, with no bounds check.
const TABLE: usize = 1 << 12;
const BLOCK_TABLE: usize = 1 << 6;
const _: () = assert!(NUM_FEATURES <= TABLE && model::BLOCKS.len() <= BLOCK_TABLE);

fn at(i: u16) -> usize {
    usize::from(i) & (TABLE - 1)
}

/// A feature's fitted weight and its block, side by side: the experts read both.
#[derive(Clone, Copy, Debug, Default)]
struct Fitted {
    weight: i16,
    block: u8,
}

fn table<T: Copy + Default + std::fmt::Debug>() -> Box<[T; TABLE]> {
    vec![T::default(); TABLE].into_boxed_slice().try_into().expect("TABLE entries")
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
    /// Scratch: each man's sums for the experts (see [`GameModel::sums`]).
    man_sums: Vec<(i32, i32, i64)>,
}

impl Prediction {
    pub fn total(&self) -> u32 {
        self.freqs.iter().sum()
    }
}

/// The coder's model of one game: the fitted weights plus what it learnt from the moves so far.
#[derive(Clone, Debug)]
pub struct GameModel<'a> {
    book: &'a Book,
    /// The weights and their blocks, by feature.
    fitted: Box<[Fitted; TABLE]>,
    /// What the weights learner learnt: a change to each weight, in 2^−FRAC sixteenths of a bit.
    weight_delta: Box<[i32; TABLE]>,
    /// What the blocks learner learnt: each block's scale, in 2^−BLOCK_FRAC.
    block_scale: [i32; BLOCK_TABLE],
    /// Each expert's code length so far in the game, in 1/16 bits.
    costs: [u64; EXPERTS],
    /// Scratch for the weights learner's gradient, one value per feature, all zero between
    /// moves. A feature's gradient is at most the legal moves (218) times the frequencies'
    /// total (2^16) in size, so it fits 32 bits.
    grad: Box<[i32; TABLE]>,
    /// Scratch for the gradient of the blocks' scales.
    g_block: [i64; BLOCK_TABLE],
    /// Scratch: the features whose weights learner's gradient is nonzero.
    touched: Vec<u16>,
    /// Scratch: each man's gradients, for the two learners (see [`MoveFeatures::man`]).
    man_grads: Vec<(i32, i64)>,
}

impl<'a> GameModel<'a> {
    pub fn new(weights: &'a [i16], book: &'a Book) -> Self {
        let mut fitted = table::<Fitted>();
        for (block, &(_, first, size)) in model::BLOCKS.iter().enumerate() {
            for (i, &weight) in weights.iter().enumerate().take(first + size).skip(first) {
                fitted[i] = Fitted { weight, block: block as u8 };
            }
        }
        GameModel {
            book,
            fitted,
            weight_delta: table(),
            block_scale: [0; BLOCK_TABLE],
            costs: [0; EXPERTS],
            grad: table(),
            g_block: [0; BLOCK_TABLE],
            touched: Vec::new(),
            man_grads: Vec::new(),
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
        p.expert_scores.resize_with(EXPERTS, Vec::new);
        p.expert_freqs.resize_with(EXPERTS, Vec::new);
        for scores in &mut p.expert_scores {
            scores.clear();
        }
        // One pass over the features scores every expert: each man's once, then each move's own.
        let features = &p.features;
        p.man_sums.clear();
        p.man_sums.extend((0..features.men()).map(|k| self.sums(features.man(k))));
        for j in 0..features.moves.len() {
            let (man_base, man_learnt, man_scaled) = p.man_sums[features.man_of(j)];
            let (base, learnt, scaled) = self.sums(features.own(j));
            let (base, learnt, scaled) = (base + man_base, learnt + man_learnt, scaled + man_scaled);
            p.base.push(base);
            p.expert_scores[FITTED].push(base);
            p.expert_scores[WEIGHTS_LEARNER].push(base + (learnt >> FRAC));
            p.expert_scores[BLOCKS_LEARNER].push(base + (scaled >> BLOCK_FRAC) as i32);
        }
        for (scores, freqs) in p.expert_scores.iter().zip(&mut p.expert_freqs) {
            model::frequencies_into(scores, freqs);
        }
        let best = self.costs.iter().copied().min().unwrap_or(0);
        let mix = self.costs.map(|c| model::exp2_neg16(c - best));
        let raw = |j: usize| -> u64 { p.expert_freqs.iter().zip(mix).map(|(f, w)| u64::from(f[j]) * w).sum() };
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
        let totals: [u32; EXPERTS] = std::array::from_fn(|k| p.expert_freqs[k].iter().sum());
        for (k, cost) in self.costs.iter_mut().enumerate() {
            *cost += u64::from(model::bits16(p.expert_freqs[k][chosen], totals[k]));
        }
        // Gradient of log2 p(chosen) in units of 1/total: (played − p_j) per feature, for both
        // learners in one pass over the features.
        let (weights_freqs, weights_total) = (&p.expert_freqs[WEIGHTS_LEARNER], totals[WEIGHTS_LEARNER]);
        let (blocks_freqs, blocks_total) = (&p.expert_freqs[BLOCKS_LEARNER], totals[BLOCKS_LEARNER]);
        self.g_block.fill(0);
        // The features whose gradient became nonzero, each listed when it did (without a
        // branch: whether a feature was seen already is unpredictable), so the update below
        // visits each about once rather than once for every move that has it.
        self.touched.clear();
        self.touched.resize(p.features.len(), 0);
        let mut touched = 0;
        // A man's features get the sum of its moves' gradients, once.
        let mut man_grads = std::mem::take(&mut self.man_grads);
        man_grads.clear();
        man_grads.resize(p.features.men(), (0, 0));
        for j in 0..p.moves.len() {
            let played = j == chosen;
            let g_weights = (if played { weights_total } else { 0 }) as i32 - weights_freqs[j] as i32;
            let g_blocks = i64::from(if played { blocks_total } else { 0 }) - i64::from(blocks_freqs[j]);
            self.scatter(p.features.own(j), g_weights, g_blocks, &mut touched);
            let man = &mut man_grads[p.features.man_of(j)];
            *man = (man.0 + g_weights, man.1 + g_blocks);
        }
        for (k, &(g_weights, g_blocks)) in man_grads.iter().enumerate() {
            self.scatter(p.features.man(k), g_weights, g_blocks, &mut touched);
        }
        self.man_grads = man_grads;
        // Each weight's update depends on its own gradient only, so the order is free; taking
        // the gradient leaves the scratch zero. A feature listed twice (its gradient went
        // back to zero and away again) has a zero gradient the second time: a zero step, and
        // its (already clamped) weight stays as it is.
        let by_total = model::Divisor::new(u64::from(weights_total));
        for &i in &self.touched[..touched] {
            let g = i64::from(std::mem::take(&mut self.grad[at(i)]));
            let d = &mut self.weight_delta[at(i)];
            *d = (*d + by_total.signed_quotient(g * WEIGHT_RATE) as i32).clamp(-MAX_DELTA, MAX_DELTA);
        }
        let by_total = model::Divisor::new(u64::from(blocks_total));
        for (d, &g) in self.block_scale.iter_mut().zip(&self.g_block) {
            if g != 0 {
                *d = (i64::from(*d) + by_total.signed_quotient(g * BLOCK_RATE))
                    .clamp(-(1 << BLOCK_FRAC), 1 << BLOCK_FRAC) as i32;
            }
        }
    }

    /// The sums over `features` of the fitted weights, of the weights learner's changes, and of
    /// the weights times their block's learnt scale.
    fn sums(&self, features: &[u16]) -> (i32, i32, i64) {
        let (mut base, mut learnt, mut scaled) = (0i32, 0i32, 0i64);
        for &i in features {
            let (i, Fitted { weight, block }) = (at(i), self.fitted[at(i)]);
            base += i32::from(weight);
            learnt += self.weight_delta[i];
            scaled += i64::from(weight) * i64::from(self.block_scale[usize::from(block) & (BLOCK_TABLE - 1)]);
        }
        (base, learnt, scaled)
    }

    /// Adds a move's (or a man's moves') gradients to each of `features`, listing in
    /// `touched` the features whose weights learner's gradient was zero until then (without a
    /// branch: whether a feature was seen already is unpredictable).
    fn scatter(&mut self, features: &[u16], g_weights: i32, g_blocks: i64, touched: &mut usize) {
        for &i in features {
            let Fitted { weight, block } = self.fitted[at(i)];
            let grad = &mut self.grad[at(i)];
            self.touched[*touched] = i;
            *touched += usize::from(*grad == 0);
            *grad += g_weights;
            self.g_block[usize::from(block) & (BLOCK_TABLE - 1)] += g_blocks * i64::from(weight);
        }
    }

    /// The index of the expert with the shortest code so far (the first of equals): an index
    /// into a prediction's `expert_scores` and `expert_freqs`.
    pub fn leading_expert(&self) -> usize {
        (0..EXPERTS).min_by_key(|&k| (self.costs[k], k)).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::games::book;
    use crate::chess::games::model_params::WEIGHTS;
    use crate::chess::parse_pgn;

    /// A feature's block, found in [`model::BLOCKS`] (the fast path reads a table made from it).
    fn block_of(i: usize) -> usize {
        model::BLOCKS.iter().position(|&(_, first, size)| (first..first + size).contains(&i)).expect("a feature")
    }

    /// The predictions and learning as first written: every expert's scores in its own pass,
    /// fresh vectors, and the hardware's division. The reference of the fast path above.
    fn reference_predict(m: &GameModel, pos: &Position, history: &History) -> Prediction {
        let mut features = MoveFeatures::default();
        model::features_into(pos, history, m.book, &mut features);
        let moves = features.moves.clone();
        // Each move's whole list of features, as the ranking and the fitting see them.
        let flat: Vec<Vec<u16>> = model::features_with(pos, history, m.book).into_iter().map(|(_, f)| f).collect();
        let base: Vec<i32> = flat.iter().map(|f| model::score(f, &WEIGHTS)).collect();
        let scaled: Vec<i32> = base
            .iter()
            .zip(&flat)
            .map(|(&s, f)| {
                let d: i64 = f
                    .iter()
                    .map(|&i| i64::from(WEIGHTS[i as usize]) * i64::from(m.block_scale[block_of(i as usize)]))
                    .sum();
                s + (d >> BLOCK_FRAC) as i32
            })
            .collect();
        let learnt: Vec<i32> = base
            .iter()
            .zip(&flat)
            .map(|(&s, f)| s + (f.iter().map(|&i| m.weight_delta[i as usize]).sum::<i32>() >> FRAC))
            .collect();
        let expert_scores = vec![base.clone(), learnt, scaled];
        let expert_freqs: Vec<Vec<u32>> = expert_scores.iter().map(|s| reference_frequencies(s)).collect();
        let best = m.costs.iter().copied().min().unwrap();
        let mix: Vec<u64> = m.costs.iter().map(|&c| model::exp2_neg16(c - best)).collect();
        let raw: Vec<u64> =
            (0..moves.len()).map(|j| expert_freqs.iter().zip(&mix).map(|(f, &w)| u64::from(f[j]) * w).sum()).collect();
        let sum: u128 = raw.iter().map(|&r| u128::from(r)).sum();
        let budget = u128::from(model::FREQ_TOTAL) - moves.len() as u128;
        let freqs = raw.iter().map(|&r| 1 + (u128::from(r) * budget / sum.max(1)) as u32).collect();
        Prediction { moves, features, freqs, base, expert_scores, expert_freqs, man_sums: Vec::new() }
    }

    fn reference_frequencies(scores: &[i32]) -> Vec<u32> {
        let best = scores.iter().copied().max().unwrap_or(0);
        let raw: Vec<u64> = scores.iter().map(|&s| model::exp2_neg16((best - s).min(16 * 24 - 1) as u64)).collect();
        let sum: u64 = raw.iter().sum();
        let budget = u64::from(model::FREQ_TOTAL) - scores.len() as u64;
        raw.iter().map(|&r| 1 + (r * budget / sum) as u32).collect()
    }

    fn reference_learn(m: &mut GameModel, p: &Prediction, chosen: usize) {
        for k in 0..EXPERTS {
            let freqs = &p.expert_freqs[k];
            let total: u32 = freqs.iter().sum();
            m.costs[k] += u64::from(model::bits16(freqs[chosen], total));
            if k == FITTED {
                continue;
            }
            let size = if k == WEIGHTS_LEARNER { NUM_FEATURES } else { model::BLOCKS.len() };
            let mut grad = vec![0i64; size];
            for (j, f) in p.features.iter().enumerate() {
                let g = i64::from(if j == chosen { total } else { 0 }) - i64::from(freqs[j]);
                for i in f {
                    if k == WEIGHTS_LEARNER {
                        grad[i as usize] += g;
                    } else {
                        grad[block_of(i as usize)] += g * i64::from(WEIGHTS[i as usize]);
                    }
                }
            }
            let total = i64::from(total);
            if k == WEIGHTS_LEARNER {
                for (d, g) in m.weight_delta.iter_mut().zip(grad) {
                    *d = (*d + (g * WEIGHT_RATE / total) as i32).clamp(-MAX_DELTA, MAX_DELTA);
                }
            } else {
                for (d, g) in m.block_scale.iter_mut().zip(grad) {
                    *d = (*d as i64 + g * BLOCK_RATE / total).clamp(-(1 << BLOCK_FRAC), 1 << BLOCK_FRAC) as i32;
                }
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
                assert_eq!(fast.costs, reference.costs);
                assert_eq!(fast.weight_delta, reference.weight_delta);
                assert_eq!(fast.block_scale, reference.block_scale);
                assert!(fast.grad.iter().all(|&g| g == 0), "the gradient scratch is left zero");
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
            let mut experts = [0.0; EXPERTS];
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
            let slack = (EXPERTS as f64).log2() + 0.01 * g.moves.len() as f64;
            assert!(mixture <= best + slack, "mixture {mixture:.2} bits, best expert {best:.2}");
        }
    }
}
