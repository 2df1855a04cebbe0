//! Light chasing, the source's row reduction: clear each row by pressing the lights below it,
//! which leaves lights only on the last row; then press the first row as the fix-up table says
//! for that leftover and chase again. The table is derived here: pressing first-row light j on a
//! dark board and chasing leaves column j of a matrix M on the last row, and the fix-up for a
//! leftover ℓ solves M f = −ℓ. Like the source, free first-row buttons are the leftmost ones,
//! left unpressed.

use crate::lights::algebra::gf2::{self, BitMatrix, BitVec};
use crate::lights::algebra::modk;
use crate::lights::board::{Board, Spec};
use crate::progress::NoProgress;
use crate::{bail, Result};
use serde::Serialize;

/// Chasing is shown for boards up to rows·cols·cols ≤ this (building M costs that many presses).
pub const MAX_CHASE_WORK: usize = 1 << 24;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// First pass: clear rows top to bottom.
    Chase,
    /// Press the first row as the table says.
    FixUp,
    /// Second pass, which ends with a dark board.
    ChaseAgain,
}

/// One press of the animation: light (row, col) pressed `times` times.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Step {
    pub phase: Phase,
    pub row: usize,
    pub col: usize,
    pub times: u8,
}

#[derive(Debug, Clone, Serialize)]
pub struct Chase {
    pub steps: Vec<Step>,
    /// The last row after the first pass.
    pub leftover: Vec<u8>,
    /// First-row presses from the table, or `None` when the leftover has no fix-up (unsolvable).
    pub fixup: Option<Vec<u8>>,
}

/// The presses of one row in one phase: the grain a reader follows the chase at (a row
/// cleared, the fix-up, a row cleared again), and one step of the page's walk-through.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChaseRow {
    pub phase: Phase,
    /// The row pressed.
    pub row: usize,
    pub presses: Vec<Step>,
}

impl Chase {
    /// The presses grouped a row (and phase) at a time, in order.
    pub fn rows(&self) -> Vec<ChaseRow> {
        let mut rows: Vec<ChaseRow> = Vec::new();
        for &step in &self.steps {
            match rows.last_mut() {
                Some(last) if last.phase == step.phase && last.row == step.row => last.presses.push(step),
                _ => rows.push(ChaseRow { phase: step.phase, row: step.row, presses: vec![step] }),
            }
        }
        rows
    }
}

fn check(spec: &Spec) -> Result<()> {
    spec.check()?;
    if !spec.rule.chases() || spec.torus {
        bail!("light chasing needs a bounded board with the plus or neighbours rule");
    }
    if spec.rows * spec.cols * spec.cols > MAX_CHASE_WORK {
        bail!(
            "light chasing is shown for boards up to about 256×256; {}×{} is too large (use solve)",
            spec.rows,
            spec.cols
        );
    }
    Ok(())
}

/// Clears rows 0..m−1 by pressing below, recording each press.
fn pass(board: &mut Board, phase: Phase, steps: &mut Vec<Step>) {
    let (m, n, k) = (board.spec.rows, board.spec.cols, board.spec.states);
    for r in 0..m.saturating_sub(1) {
        for c in 0..n {
            let v = board.get(r, c);
            if v != 0 {
                let times = k - v;
                for _ in 0..times {
                    board.press(r + 1, c);
                }
                steps.push(Step { phase, row: r + 1, col: c, times });
            }
        }
    }
}

fn last_row(board: &Board) -> Vec<u8> {
    let (m, n) = (board.spec.rows, board.spec.cols);
    board.lights[(m - 1) * n..].to_vec()
}

/// M: column j is the leftover after pressing first-row light j on a dark board and chasing.
pub fn fixup_matrix(spec: &Spec) -> Result<Vec<Vec<u8>>> {
    check(spec)?;
    (0..spec.cols)
        .map(|j| {
            let mut b = Board::new(*spec)?;
            b.press(0, j);
            pass(&mut b, Phase::Chase, &mut Vec::new());
            Ok(last_row(&b))
        })
        .collect()
}

/// First-row presses that fix `leftover`, with the leftmost free buttons unpressed.
fn fixup_with(spec: &Spec, cols: &[Vec<u8>], leftover: &[u8]) -> Option<Vec<u8>> {
    let (n, k) = (spec.cols, spec.states);
    // Variables in reverse order, so elimination leaves the leftmost buttons free (and zero).
    if k == 2 {
        let mut a = BitMatrix::zeros(n, n);
        for (j, col) in cols.iter().enumerate() {
            for (i, &v) in col.iter().enumerate() {
                a.set(i, n - 1 - j, v == 1);
            }
        }
        let b = BitVec::from_bools(leftover.iter().map(|&v| v == 1));
        let s = gf2::solve(&a, &b, &mut NoProgress);
        s.solution.map(|x| (0..n).map(|j| u8::from(x.get(n - 1 - j))).collect())
    } else {
        let mut a = vec![0u8; n * n];
        for (j, col) in cols.iter().enumerate() {
            for (i, &v) in col.iter().enumerate() {
                a[i * n + (n - 1 - j)] = v;
            }
        }
        let b: Vec<u8> = leftover.iter().map(|&v| (k - v) % k).collect();
        let s = modk::solve(n, &a, &b, k, &mut NoProgress);
        s.solution.map(|x| (0..n).map(|j| x[n - 1 - j]).collect())
    }
}

/// The whole light-chasing solution of a board, press by press.
pub fn chase(board: &Board) -> Result<Chase> {
    let spec = board.spec;
    let cols = fixup_matrix(&spec)?;
    let mut b = board.clone();
    let mut steps = Vec::new();
    pass(&mut b, Phase::Chase, &mut steps);
    let leftover = last_row(&b);
    let fixup =
        if leftover.iter().all(|&v| v == 0) { Some(vec![0; spec.cols]) } else { fixup_with(&spec, &cols, &leftover) };
    if let Some(f) = &fixup {
        for (c, &t) in f.iter().enumerate() {
            if t != 0 {
                for _ in 0..t {
                    b.press(0, c);
                }
                steps.push(Step { phase: Phase::FixUp, row: 0, col: c, times: t });
            }
        }
        pass(&mut b, Phase::ChaseAgain, &mut steps);
        if !b.is_dark() {
            bail!("internal error: chasing did not clear the board (please report)");
        }
    }
    Ok(Chase { steps, leftover, fixup })
}

/// One line of the fix-up table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableRow {
    pub leftover: Vec<u8>,
    pub press: Option<Vec<u8>>,
}

/// The fix-up table for every possible leftover (two states, up to 12 columns).
pub fn table(spec: &Spec) -> Result<Vec<TableRow>> {
    if spec.states != 2 || spec.cols > 12 {
        bail!("the fix-up table is listed for 2 states and at most 12 columns");
    }
    let cols = fixup_matrix(spec)?;
    let n = spec.cols;
    Ok((0..1usize << n)
        .map(|bits| {
            let leftover: Vec<u8> = (0..n).map(|c| (bits >> c & 1) as u8).collect();
            let press = fixup_with(spec, &cols, &leftover);
            TableRow { leftover, press }
        })
        .collect())
}
