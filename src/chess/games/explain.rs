//! Why a move was cheap or dear under the arithmetic code: its probability, its bits, and the
//! features that moved its score most against the average legal move. A feature's
//! contribution is its weight times (its value for this move − its expected value over the
//! legal moves under the model); the contributions add up to the move's score minus the
//! expected score, so positive ones made the move cheaper and negative ones dearer. The coder
//! adapts during the game (`adapt.rs`): the contributions are those of the expert leading its
//! mixture, what that expert learnt from the game's earlier moves counting as one more.

use crate::chess::games::adapt::{GameModel, Prediction};
use crate::chess::games::book;
use crate::chess::games::model::{self, History};
use crate::chess::games::model_params::WEIGHTS;
use crate::chess::Position;
use crate::{bail, Result};
use cozy_chess::Move;
use serde::Serialize;
use std::collections::HashMap;

/// The name of the contribution of what the coder learnt during the game.
pub const ADAPTED: &str = "learnt from this game's earlier moves";

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Contribution {
    pub feature: String,
    /// In bits of score (log2 units): + makes the move likelier, − less likely.
    pub bits: f64,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct MoveExplanation {
    pub san: String,
    /// The move's probability under the model as the code uses it (the mixture of `adapt.rs`)
    /// and its cost −log2 p (without the "game goes on" event, which every move pays alike).
    pub probability: f64,
    pub bits: f64,
    /// 1 = the model's favourite.
    pub rank: usize,
    pub legal_moves: usize,
    pub contributions: Vec<Contribution>,
    /// The model's likeliest moves in the position this move was played from, likeliest first.
    pub candidates: Vec<Candidate>,
}

/// One of the model's likeliest moves: what the page draws as an arrow with its bits.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Candidate {
    pub san: String,
    /// From and to squares, with castling as the king's two-square step (`e1g1`).
    pub uci: String,
    /// What the move would cost in the code: −log2 of its probability times that of "the game
    /// goes on", so the move played costs what the code's per-move bits say.
    pub bits: f64,
}

/// Explains every move of `moves` from `start` in one pass through the game (the coder
/// learning as it goes), as the page's game stepper shows them; `sans` are the moves' SAN,
/// which the explanations carry.
pub fn explain_game(start: &Position, moves: &[Move], sans: &[String], top: usize) -> Result<Vec<MoveExplanation>> {
    if moves.len() != sans.len() {
        bail!("{} moves but {} SAN strings", moves.len(), sans.len());
    }
    let mut pos = start.clone();
    let mut history = History::default();
    let mut adaptive = GameModel::new(&WEIGHTS, book::book());
    let mut out = Vec::with_capacity(moves.len());
    for (i, (&mv, san)) in moves.iter().zip(sans).enumerate() {
        let prediction = adaptive.predict(&pos, &history);
        let Some(idx) = prediction.moves.iter().position(|&m| m == mv) else {
            bail!("ply {}: {mv} is not a legal move", i + 1)
        };
        let mut e = explain(&adaptive, &prediction, idx, san.clone(), top);
        e.candidates = candidates(&pos, &prediction, CANDIDATES);
        out.push(e);
        adaptive.learn(&prediction, idx);
        history.push(&pos, mv);
        pos = pos.play_unchecked(mv);
    }
    Ok(out)
}

/// How many of the model's likeliest moves an explanation lists.
pub const CANDIDATES: usize = 4;

/// The `top` likeliest moves of `prediction` (made in `pos`), likeliest first; ties in legal-move
/// order, as the code's rank counts them.
fn candidates(pos: &Position, prediction: &Prediction, top: usize) -> Vec<Candidate> {
    let total = f64::from(prediction.total());
    let go_on = crate::chess::games::game_codes::go_on_probability();
    let mut order: Vec<usize> = (0..prediction.moves.len()).collect();
    order.sort_by(|&a, &b| prediction.freqs[b].cmp(&prediction.freqs[a]).then(a.cmp(&b)));
    order
        .into_iter()
        .take(top)
        .map(|j| {
            let mv = prediction.moves[j];
            let p = f64::from(prediction.freqs[j]) / total;
            Candidate { san: crate::chess::rules::san::san(pos, mv), uci: pos.uci(mv), bits: -(p * go_on).log2() }
        })
        .collect()
}

/// The explanation of move `idx` of `prediction`, made by `adaptive` as it stands.
fn explain(adaptive: &GameModel, prediction: &Prediction, idx: usize, san: String, top: usize) -> MoveExplanation {
    let coded = f64::from(prediction.freqs[idx]) / f64::from(prediction.total());
    // The contributions are those of the expert that leads the mixture (see `adapt.rs`).
    let k = adaptive.leading_expert();
    let freqs = &prediction.expert_freqs[k];
    // How much of each score the leading expert learnt in this game (1/16 bits).
    let learnt: Vec<i32> = prediction.expert_scores[k].iter().zip(&prediction.base).map(|(s, b)| s - b).collect();
    let total: u32 = freqs.iter().sum();
    let p = |j: usize| f64::from(freqs[j]) / f64::from(total);
    // Expected value of each feature over the legal moves, minus its value for this move.
    let mut delta: HashMap<u16, f64> = HashMap::new();
    for (j, f) in prediction.features.iter().enumerate() {
        for i in f {
            *delta.entry(i).or_default() -= p(j);
        }
    }
    for i in prediction.features.of(idx) {
        *delta.entry(i).or_default() += 1.0;
    }
    let adapted = (f64::from(learnt[idx]) - (0..learnt.len()).map(|j| p(j) * f64::from(learnt[j])).sum::<f64>()) / 16.0;
    let mut contributions: Vec<Contribution> = delta
        .into_iter()
        .map(|(i, d)| (i, d * f64::from(WEIGHTS[i as usize]) / 16.0))
        .filter(|&(_, bits)| bits.abs() >= 0.005)
        .map(|(i, bits)| Contribution { feature: model::feature_name(i as usize), bits })
        .chain((adapted.abs() >= 0.005).then(|| Contribution { feature: ADAPTED.to_string(), bits: adapted }))
        .collect();
    contributions.sort_by(|a, b| b.bits.abs().total_cmp(&a.bits.abs()).then(a.feature.cmp(&b.feature)));
    contributions.truncate(top);
    let coded_freqs = &prediction.freqs;
    let own = coded_freqs[idx];
    let rank = 1 + coded_freqs.iter().enumerate().filter(|&(j, &f)| f > own || (f == own && j < idx)).count();
    MoveExplanation {
        san,
        probability: coded,
        bits: -coded.log2(),
        rank,
        legal_moves: prediction.moves.len(),
        contributions,
        candidates: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::rules::san::parse_san;

    /// Explains every move of `sans` (SAN moves from the position `start_fen`).
    fn explain_sans(start_fen: &str, sans: &[&str], top: usize) -> Result<Vec<MoveExplanation>> {
        let start = Position::from_fen(start_fen)?;
        let (mut pos, mut moves) = (start.clone(), Vec::new());
        for (i, s) in sans.iter().enumerate() {
            let mv = parse_san(&pos, s).map_err(|e| crate::Error::new(format!("ply {}: {e}", i + 1)))?;
            moves.push(mv);
            pos = pos.play_unchecked(mv);
        }
        let sans: Vec<String> = sans.iter().map(|s| s.to_string()).collect();
        explain_game(&start, &moves, &sans, top)
    }

    /// Explains the last of `sans` (SAN moves from the position `start_fen`), with the `top`
    /// largest contributions.
    fn explain_last_move(start_fen: &str, sans: &[&str], top: usize) -> Result<MoveExplanation> {
        let Some(last) = explain_sans(start_fen, sans, top)?.pop() else { bail!("no move to explain") };
        Ok(last)
    }

    #[test]
    fn contributions_add_up_to_the_score_against_the_average_move() {
        // With every contribution kept, their sum is the leading expert's score of the move
        // minus its expected score, computed here directly from that expert's scores.
        let start = Position::start().to_fen();
        let sans = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O", "f6", "d4", "exd4"];
        for n in [1, 7, 12] {
            let e = explain_last_move(&start, &sans[..n], usize::MAX).unwrap();
            let mut pos = Position::start();
            let mut history = History::default();
            let mut adaptive = GameModel::new(&WEIGHTS, book::book());
            for s in &sans[..n - 1] {
                let mv = parse_san(&pos, s).unwrap();
                let p = adaptive.predict(&pos, &history);
                adaptive.learn(&p, p.moves.iter().position(|&m| m == mv).unwrap());
                history.push(&pos, mv);
                pos = pos.play_unchecked(mv);
            }
            let p = adaptive.predict(&pos, &history);
            let scores = &p.expert_scores[adaptive.leading_expert()];
            let freqs = model::frequencies(scores);
            let total: f64 = freqs.iter().map(|&f| f64::from(f)).sum();
            let expected: f64 = scores.iter().zip(&freqs).map(|(&s, &f)| f64::from(s) * f64::from(f) / total).sum();
            let mv = parse_san(&pos, sans[n - 1]).unwrap();
            let own = f64::from(scores[p.moves.iter().position(|&m| m == mv).unwrap()]);
            let sum: f64 = e.contributions.iter().map(|c| c.bits).sum();
            assert!((sum - (own - expected) / 16.0).abs() < 0.05, "{sum} vs {}", (own - expected) / 16.0);
            assert_eq!(e.san, sans[n - 1]);
            assert_eq!(e.legal_moves, pos.legal_moves().len());
            assert!((e.bits + e.probability.log2()).abs() < 1e-9);
            if n == 1 {
                // Nothing learnt before the first move: the fitted model alone.
                assert!(e.contributions.iter().all(|c| c.feature != ADAPTED));
            }
        }
    }

    #[test]
    fn bad_input_is_a_one_line_error() {
        let start = Position::start();
        let e4 = parse_san(&start, "e4").unwrap();
        let sans = ["e4".to_string(), "e4".to_string()];
        // White's e2-e4 again, now with Black to move.
        let err = explain_game(&start, &[e4, e4], &sans, 5).unwrap_err().to_string();
        assert!(err.contains("ply 2") && !err.contains('\n'), "{err}");
        assert!(explain_game(&start, &[e4], &sans, 5).is_err());
        assert!(explain_game(&start, &[], &[], 5).unwrap().is_empty());
    }

    #[test]
    fn a_move_is_explained_by_the_moves_before_it_only() {
        // Each explanation's bits against the encoder's own cost of that move, the encoder
        // given the game only up to it. The encoder's cost includes "the game goes on"
        // (probability 1 − 2^10/2^16 before every move), which the explanation leaves out.
        let go_on = -(1.0 - 1.0 / 64.0f64).log2();
        let start = Position::start();
        let sans = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O", "f6"];
        let all = explain_sans(&start.to_fen(), &sans, 5).unwrap();
        assert_eq!(all.len(), sans.len());
        let mut moves = Vec::new();
        let mut pos = start.clone();
        for (i, e) in all.iter().enumerate() {
            let mv = parse_san(&pos, sans[i]).unwrap();
            moves.push(mv);
            pos = pos.play_unchecked(mv);
            let prefix = crate::chess::Game::new(start.clone(), moves.clone());
            let (_, encoder_bits) = crate::chess::games::game_codes::arithmetic_moves(&prefix, &WEIGHTS, book::book());
            assert_eq!(encoder_bits.len(), i + 1);
            assert!(
                (e.bits + go_on - encoder_bits[i]).abs() < 1e-9,
                "ply {}: {} vs {}",
                i + 1,
                e.bits,
                encoder_bits[i]
            );
            assert_eq!(e.san, sans[i]);
            // The likeliest moves, likeliest first; the move played, when among them, costs
            // what the encoder spent on it.
            assert_eq!(e.candidates.len(), CANDIDATES);
            assert!(e.candidates.windows(2).all(|w| w[0].bits <= w[1].bits));
            if let Some(c) = e.candidates.iter().find(|c| c.san == sans[i]) {
                assert!((c.bits - encoder_bits[i]).abs() < 1e-9, "ply {}: {} vs {}", i + 1, c.bits, encoder_bits[i]);
                assert_eq!(e.rank, 1 + e.candidates.iter().position(|x| x.san == sans[i]).unwrap());
            }
        }
        // Castling is the king's two-square step, as the page draws it.
        let castled = explain_sans(&start.to_fen(), &["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"], 5).unwrap();
        let o_o = castled[6].candidates.iter().find(|c| c.san == "O-O").expect("castling among the likeliest");
        assert_eq!(o_o.uci, "e1g1");
    }
}
