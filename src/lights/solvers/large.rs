//! Classic boards of any size that fits in memory: two states, bounded edges, the plus or the
//! neighbours rule, packed bits from the pattern to the presses (see [`crate::lights::solvers::fast`] for the
//! method). The CLI and the page's Worker call [`solve_packed`]; nothing here holds a byte a light.

use crate::lights::board::packed::{effect, PackedBoard};
use crate::lights::board::{Rule, Spec};
use crate::lights::solvers::fast::Chaser;
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
    pub first_row: Option<PackedBoard>,
    /// Every press, when asked for and solvable.
    pub presses: Option<PackedBoard>,
    /// How many presses the solution has, when solvable.
    pub press_count: Option<u64>,
    /// For an unsolvable pattern: a quiet pattern (pressing it changes nothing) that overlaps
    /// the lights an odd number of times. No press changes that parity and a dark board has
    /// it even, so the pattern cannot be cleared.
    pub witness: Option<PackedBoard>,
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
/// chasing it to the end). A board whose solve needs more memory than the system gives is a
/// one-line error before any work (see [`check_memory`]), never an abort halfway.
pub fn solve_packed(
    lights: &PackedBoard,
    rule: Rule,
    presses: bool,
    progress: &mut dyn Progress,
) -> Result<PackedSolution> {
    check_rule(rule)?;
    check_memory(lights.rows, lights.cols, presses)?;
    solve_oriented(lights, rule, presses, progress)
}

/// Bytes of a packed rows×cols board, or None past u64.
fn board_bytes(rows: usize, cols: usize) -> Option<u64> {
    (rows as u64).checked_mul(cols.div_ceil(64) as u64)?.checked_mul(8)
}

/// The memory [`solve_packed`] takes beyond the lights it is given, in bytes, and what it is
/// for: the chaser's cyclic basis (n² bits, n the shorter side), the presses when asked for,
/// and for a board wider than tall the transposed lights and presses (it chases along the
/// longer side). A quiet pattern proving a board unsolvable takes the presses' place and is
/// allocated fallibly when needed.
fn extra_memory(rows: usize, cols: usize, presses: bool) -> (Option<u64>, &'static str) {
    let basis = |n: usize| board_bytes(n, n);
    if cols > rows {
        // The transposed lights, the basis and the transposed presses while chasing; then the
        // transposed presses and the presses turned back (the first row comes from them).
        let need = (|| {
            let (turned, back) = (board_bytes(cols, rows)?, board_bytes(rows, cols)?);
            let chasing = turned.checked_add(basis(rows)?)?.checked_add(turned)?;
            Some(chasing.max(turned.checked_add(back)?))
        })();
        (need, "the lights, the solver's basis, and the lights and presses turned on their side")
    } else if presses {
        (
            basis(cols).and_then(|b| b.checked_add(board_bytes(rows, cols)?)),
            "the lights, the solver's basis and the presses",
        )
    } else {
        (basis(cols), "the lights and the solver's basis")
    }
}

/// Refuses, before any work, a solve whose memory the system will not give: the whole amount
/// is asked of the allocator at once and handed back. Under a limit (`ulimit -v`, a container)
/// or beyond what the machine has this fails cleanly, where the solve's own allocations would
/// abort the process partway.
fn check_memory(rows: usize, cols: usize, presses: bool) -> Result<()> {
    check_memory_with(rows, cols, presses, false)
}

/// [`check_memory`] for lights not made yet (an all-on board, say): refuses before they are.
pub fn check_solve_memory(rows: usize, cols: usize, presses: bool) -> Result<()> {
    check_memory_with(rows, cols, presses, true)
}

fn check_memory_with(rows: usize, cols: usize, presses: bool, with_lights: bool) -> Result<()> {
    let (extra, what) = extra_memory(rows, cols, presses);
    let lights = if with_lights { board_bytes(rows, cols) } else { Some(0) };
    let ask = extra.and_then(|e| e.checked_add(lights?));
    let fits = ask.and_then(|b| usize::try_from(b).ok()).is_some_and(|b| Vec::<u8>::new().try_reserve_exact(b).is_ok());
    if !fits {
        let total = extra.and_then(|e| e.checked_add(board_bytes(rows, cols)?));
        let size = total.map_or("more than 2^64 bytes".to_string(), |t| format!("about {} MB", t >> 20));
        bail!("solving a {rows}×{cols} board needs {size} ({what}), more than this machine can give");
    }
    Ok(())
}

fn solve_oriented(
    lights: &PackedBoard,
    rule: Rule,
    presses: bool,
    progress: &mut dyn Progress,
) -> Result<PackedSolution> {
    let plus = check_rule(rule)?;
    if lights.cols > lights.rows {
        // The chaser keeps cols² bits (its cyclic basis): chase along the longer side. The
        // rule is symmetric, so the mirrored board's answer mirrors back.
        let s = solve_oriented(&lights.transpose()?, rule, true, progress)?;
        let x = s.presses.map(|x| x.transpose()).transpose()?;
        let first_row = match &x {
            Some(x) => Some(PackedBoard::from_words(1, lights.cols, x.row(0).to_vec())?),
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
    let chaser = Chaser::try_new(lights.rows, lights.cols, plus, progress)?;
    let found = chaser.solve(lights, presses, progress)?;
    let row = |words: Vec<u64>| PackedBoard::from_words(1, lights.cols, words);
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
/// byte-a-light [`crate::lights::game::random_board`]; it draws differently from it.
pub fn random_packed(rows: usize, cols: usize, rule: Rule, seed: u64) -> Result<PackedBoard> {
    let plus = check_rule(rule)?;
    let mut presses = PackedBoard::zeros(rows, cols)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_memory_estimate_counts_the_basis_presses_and_transposes() {
        // 200000² bits are 5·10⁹ bytes (3125 words a row): the basis alone, for --summary.
        assert_eq!(extra_memory(200_000, 200_000, false).0, Some(5_000_000_000));
        assert_eq!(extra_memory(200_000, 200_000, true).0, Some(10_000_000_000));
        // 64×100000: chasing holds the turned lights and presses (100000 rows of one word) and
        // a 64×64 basis, 1,600,512 bytes; turning back holds 800,000 + 64·1563·8 = 1,600,256.
        assert_eq!(extra_memory(64, 100_000, false).0, Some(1_600_512));
        assert_eq!(extra_memory(usize::MAX, usize::MAX, false).0, None);
    }

    #[test]
    fn a_solve_beyond_memory_is_a_one_line_error_before_any_work() {
        let e = check_solve_memory(usize::MAX / 2, usize::MAX / 2, false).unwrap_err();
        assert!(e.message().contains("more than 2^64 bytes"), "{e}");
        // 2^40 rows and columns: 2^77 bits, past any allocator.
        let e = check_solve_memory(1 << 40, 1 << 40, true).unwrap_err();
        assert!(e.message().starts_with("solving a 1099511627776×1099511627776 board needs"), "{e}");
        check_solve_memory(1000, 1000, true).unwrap();
    }
}
