//! The verifier: a strategy is valid when from every board the n single flips lead to boards
//! naming n different squares — then every key is reached by exactly one flip. Up to 16
//! squares every board is checked; beyond, a strategy is valid by construction or not at all
//! as far as the verifier knows, and a random-board test is reported as what it is.

use crate::devil::rules::board::Board;
use crate::devil::rules::strategy::Strategy;
use crate::progress::Progress;
use crate::seed::rng_from_seed;
use crate::Result;
use serde::Serialize;

/// Largest board checked board by board (2^16 boards × 16 flips).
pub const MAX_EXHAUSTIVE: usize = 16;

/// Why a strategy fails: on `board`, flips `flips[0]` and `flips[1]` lead to boards that both
/// name `square`, so at least one key — `missing_key` — is reached by no flip.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Counterexample {
    /// The coins, coin 0 first ('1' = heads).
    pub board: String,
    pub flips: [usize; 2],
    pub square: usize,
    pub missing_key: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// Every board and every key was checked.
    Exhaustive,
    /// Valid by a proof that covers every board (plus a random test as a sanity check).
    Construction,
    /// Only random boards were checked: evidence, not a proof.
    Random,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verdict {
    pub squares: usize,
    pub strategy: String,
    pub valid: bool,
    pub method: Method,
    pub counterexample: Option<Counterexample>,
    /// Boards whose n flips were checked.
    pub boards_checked: u64,
    /// What the verdict rests on, in a sentence.
    pub explanation: String,
}

fn bits_to_string(bits: u64, n: usize) -> String {
    (0..n).map(|i| if bits >> i & 1 == 1 { '1' } else { '0' }).collect()
}

/// Checks the n flips from one board; `colour(i)` is what the board with coin i flipped names.
fn check_board(n: usize, colour: impl Fn(usize) -> usize) -> Option<([usize; 2], usize, usize)> {
    let mut first_flip = vec![usize::MAX; n];
    let mut clash = None;
    for i in 0..n {
        let c = colour(i);
        if c >= n {
            // A table entry off the board: report it as clashing with itself.
            return Some(([i, i], c, (0..n).find(|&k| first_flip[k] == usize::MAX).unwrap_or(0)));
        }
        if first_flip[c] != usize::MAX {
            clash.get_or_insert(([first_flip[c], i], c));
        } else {
            first_flip[c] = i;
        }
    }
    clash.map(|(flips, square)| (flips, square, first_flip.iter().position(|&f| f == usize::MAX).unwrap_or(0)))
}

/// Every board of `n ≤ 16` squares (any n, powers of two or not), with `colour` the rule B
/// reads a board by.
pub fn exhaustive(n: usize, name: &str, colour: &dyn Fn(u64) -> usize, progress: &mut dyn Progress) -> Result<Verdict> {
    if n == 0 || n > MAX_EXHAUSTIVE {
        crate::bail!("the exhaustive check runs on 1 to {MAX_EXHAUSTIVE} squares, not {n}");
    }
    let boards = 1u64 << n;
    let table: Vec<usize> = (0..boards).map(colour).collect();
    const CHUNK: u64 = 1 << 12;
    for x in 0..boards {
        if x % CHUNK == 0 {
            progress.report(x, boards);
        }
        if let Some((flips, square, missing_key)) = check_board(n, |i| table[(x ^ (1 << i)) as usize]) {
            return Ok(Verdict {
                squares: n,
                strategy: name.to_string(),
                valid: false,
                method: Method::Exhaustive,
                counterexample: Some(Counterexample { board: bits_to_string(x, n), flips, square, missing_key }),
                boards_checked: x + 1,
                explanation: format!(
                    "on this board, flipping square {} or square {} both make B name square {square}, so no flip makes B name square {missing_key}",
                    flips[0], flips[1]
                ),
            });
        }
    }
    progress.report(boards, boards);
    Ok(Verdict {
        squares: n,
        strategy: name.to_string(),
        valid: true,
        method: Method::Exhaustive,
        counterexample: None,
        boards_checked: boards,
        explanation: format!("all {boards} boards checked: from each, the {n} flips name the {n} squares once each, so every key is reachable"),
    })
}

/// Verifies a strategy: exhaustively up to 16 squares; beyond, by `construction` (the proof
/// that applies to this strategy, if it has one) plus random boards drawn from `seed`.
pub fn verify(
    strategy: &dyn Strategy,
    construction: Option<&str>,
    seed: u64,
    progress: &mut dyn Progress,
) -> Result<Verdict> {
    let n = strategy.squares();
    if n <= MAX_EXHAUSTIVE {
        return exhaustive(n, strategy.name(), &|x| strategy.decode_bits(x), progress);
    }
    let mut rng = rng_from_seed(seed);
    let boards = ((1u64 << 24) / (n as u64 * n as u64)).clamp(8, 1000);
    for b in 0..boards {
        progress.report(b, boards);
        let board = Board::random(n, &mut rng)?;
        if let Some((flips, square, missing_key)) = check_board(n, |i| strategy.decode(&board.with_flip(i))) {
            let coins: String = board.coins().iter().map(|&h| if h { '1' } else { '0' }).collect();
            return Ok(Verdict {
                squares: n,
                strategy: strategy.name().to_string(),
                valid: false,
                method: Method::Random,
                counterexample: Some(Counterexample { board: coins, flips, square, missing_key }),
                boards_checked: b + 1,
                explanation: format!(
                    "a random board where flips {} and {} both name square {square}",
                    flips[0], flips[1]
                ),
            });
        }
    }
    progress.report(boards, boards);
    let (valid, method, explanation) = match construction {
        Some(proof) => (true, Method::Construction, format!("{proof} ({boards} random boards also checked)")),
        None => (
            true,
            Method::Random,
            format!(
                "{boards} random boards passed — this is evidence, not a proof: 2^{n} boards cannot all be checked"
            ),
        ),
    };
    Ok(Verdict {
        squares: n,
        strategy: strategy.name().to_string(),
        valid,
        method,
        counterexample: None,
        boards_checked: boards,
        explanation,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::NoProgress;

    #[test]
    fn a_bad_table_gets_a_counterexample_that_really_fails() {
        // XOR on 4 squares with board 0's answer changed from 0 to 1: the verifier must find
        // a board where two flips clash, and the clash must be real.
        let colour = |x: u64| {
            if x == 0 {
                1
            } else {
                crate::devil::rules::strategy::xor_of_bits(x)
            }
        };
        let v = exhaustive(4, "table", &colour, &mut NoProgress).unwrap();
        assert!(!v.valid);
        let ce = v.counterexample.unwrap();
        let x = u64::from_str_radix(&ce.board.chars().rev().collect::<String>(), 2).unwrap();
        let [i, j] = ce.flips;
        assert_ne!(i, j);
        assert_eq!(colour(x ^ (1 << i)), ce.square);
        assert_eq!(colour(x ^ (1 << j)), ce.square);
        assert!((0..4).all(|f| colour(x ^ (1 << f)) != ce.missing_key));
    }

    #[test]
    fn every_answer_for_three_squares_fails() {
        // No rule works for 3 squares; the verifier must find a counterexample for each of
        // these (all 3^8 rules would be too many for a unit test; take every 7th).
        for code in (0..3u32.pow(8)).step_by(7) {
            let colour = |x: u64| (code / 3u32.pow(x as u32) % 3) as usize;
            assert!(!exhaustive(3, "table", &colour, &mut NoProgress).unwrap().valid);
        }
    }

    #[test]
    fn big_xor_is_valid_by_construction_and_random_only_says_so() {
        let xor = crate::devil::Xor { squares: 256 };
        let v = verify(&xor, Some("XOR"), 1, &mut NoProgress).unwrap();
        assert!(v.valid && v.method == Method::Construction);
        let v = verify(&xor, None, 1, &mut NoProgress).unwrap();
        assert!(v.valid && v.method == Method::Random && v.explanation.contains("not a proof"));
    }
}
