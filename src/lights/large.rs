//! Classic boards of any size that fits in memory: two states, bounded edges, the plus or the
//! neighbours rule, packed bits from the pattern to the presses (see [`super::fast`] for the
//! method). The CLI and the page's Worker call [`solve_packed`]; nothing here holds a byte a light.

use super::bitboard::{effect, BitBoard};
use super::board::{Rule, Spec};
use super::fast::Chaser;
use crate::progress::Progress;
use crate::seed::rng_from_seed;
use crate::{bail, Result};
use rand::Rng;

/// Whether a board of this kind goes through the packed solver at any size.
pub fn applies(rule: Rule, torus: bool, states: u8) -> bool {
    states == 2 && !torus && rule.chases()
}

/// Whether `spec` is such a board.
pub fn applies_to(spec: &Spec) -> bool {
    applies(spec.rule, spec.torus, spec.states)
}

/// A large board's answer, packed.
#[derive(Debug, Clone)]
pub struct PackedSolution {
    pub nullity: usize,
    /// rows·cols − nullity.
    pub rank: u64,
    /// The first row of presses as a 1×cols board (the rest follows by chasing), or None when
    /// the pattern is unsolvable.
    pub first_row: Option<BitBoard>,
    /// Every press, when asked for and solvable.
    pub presses: Option<BitBoard>,
    /// How many presses the solution has, when solvable.
    pub press_count: Option<u64>,
    /// For an unsolvable pattern: a quiet pattern (pressing it changes nothing) that overlaps
    /// the lights an odd number of times. No press changes that parity and a dark board has
    /// it even, so the pattern cannot be cleared.
    pub witness: Option<BitBoard>,
}

fn check_rule(rule: Rule) -> Result<bool> {
    match rule {
        Rule::Plus => Ok(true),
        Rule::Neighbours => Ok(false),
        other => bail!("the packed solver takes the plus and neighbours rules, not {}", other.name()),
    }
}

/// Solves a bounded two-state board under `rule` (plus or neighbours). With `presses`, returns
/// every press, checked word-parallel against the rule; without, only the first row (checked by
/// chasing it to the end).
pub fn solve_packed(
    lights: &BitBoard,
    rule: Rule,
    presses: bool,
    progress: &mut dyn Progress,
) -> Result<PackedSolution> {
    let plus = check_rule(rule)?;
    if lights.cols > lights.rows {
        // The chaser keeps cols² bits (its cyclic basis): chase along the longer side. The
        // rule is symmetric, so the mirrored board's answer mirrors back.
        let s = solve_packed(&lights.transpose()?, rule, true, progress)?;
        let x = s.presses.map(|x| x.transpose()).transpose()?;
        let first_row = match &x {
            Some(x) => Some(BitBoard::from_words(1, lights.cols, x.row(0).to_vec())?),
            None => None,
        };
        return Ok(PackedSolution {
            nullity: s.nullity,
            rank: s.rank,
            first_row,
            presses: if presses { x } else { None },
            press_count: s.press_count,
            witness: s.witness.map(|w| w.transpose()).transpose()?,
        });
    }
    let chaser = Chaser::new(lights.rows, lights.cols, plus, progress);
    let found = chaser.solve(lights, presses, progress)?;
    let row = |words: Vec<u64>| BitBoard::from_words(1, lights.cols, words);
    let witness = match found.witness_first_row {
        Some(f) => Some(chaser.quiet_pattern(&f)?),
        None => None,
    };
    let nullity = chaser.nullity();
    Ok(PackedSolution {
        nullity,
        rank: lights.rows as u64 * lights.cols as u64 - nullity as u64,
        press_count: found.first_row.is_some().then_some(found.press_count),
        first_row: found.first_row.map(row).transpose()?,
        presses: found.presses,
        witness,
    })
}

/// Why a pattern with a witness cannot be cleared, in one sentence.
pub fn unsolvable_reason(states: u8) -> String {
    format!(
        "the quiet pattern below overlaps the lights with a sum that is not 0 mod {states}; no press changes \
         that sum (the press matrix is symmetric), and a dark board has sum 0"
    )
}

/// A random solvable pattern of any size: every light pressed with probability ½, so (the
/// press map being linear) uniform over the solvable patterns. Packed, for boards beyond the
/// byte-a-light [`super::game::random_board`]; it draws differently from it.
pub fn random_packed(rows: usize, cols: usize, rule: Rule, seed: u64) -> Result<BitBoard> {
    let plus = check_rule(rule)?;
    let mut presses = BitBoard::zeros(rows, cols)?;
    let mut rng = rng_from_seed(seed);
    let mask = presses.last_word_mask();
    for r in 0..rows {
        let row = presses.row_mut(r);
        row.iter_mut().for_each(|w| *w = rng.random());
        let w = row.len();
        row[w - 1] &= mask;
    }
    effect(&presses, plus)
}
