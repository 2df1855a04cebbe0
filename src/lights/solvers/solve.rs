//! One entry point for every board (the CLI and the page both call [`solve`] and [`rank`]). It
//! picks, by rule, edges and states: the polynomial chaser for bounded plus/neighbours boards with
//! two states; the Kronecker solvers for king boards and king tori; the packed chases for
//! two-state tori and x boards with an even side; with more states, the polynomial row chase
//! over Z/k for bounded boards and a 2×2 system over Z/k[x]/(x^n − 1) for plus/neighbours tori
//! (these and the king tori only beyond [`DENSE_FIRST_CELLS`] lights); and dense elimination (GF(2) bit-packed, or exact mod k) for the rest, refusing — never guessing — beyond the sizes
//! those handle, with the reason. Every answer is checked by simulating its presses before it is
//! returned.

use crate::lights::algebra::gf2::{self, BitMatrix, BitVec};
use crate::lights::algebra::{modk, poly};
use crate::lights::board::packed::{clears, PackedBoard};
use crate::lights::board::{transpose, Board, Rule, Spec, MAX_SIDE};
use crate::lights::solvers::fast::Chaser;
use crate::lights::solvers::minimal::{minimize_gf2, minimize_modk};
use crate::lights::solvers::row_chase::{self, RowChase};
use crate::lights::solvers::torus_k::{self, TorusK};
use crate::lights::solvers::{king, king_torus, symbolic, torus, torus_chase, x_chase};
use crate::progress::Progress;
use crate::{bail, Result};
use serde::Serialize;

/// Largest side for nullity by polynomials (classic and neighbours rules, bounded, 2 states).
pub const MAX_POLY_SIDE: usize = 1_000_000;
/// Largest board solved by dense GF(2) elimination (two states, any rule).
pub const MAX_DENSE_GF2: usize = 4096;
/// Largest board solved by dense elimination mod k (more than two states).
pub const MAX_DENSE_MODK: usize = 1024;
/// At most this many quiet patterns are returned in full (the nullity is always exact).
pub const MAX_QUIET_SHOWN: usize = 64;
/// ... and only while they hold at most this many lights together.
const MAX_QUIET_CELLS: usize = 1 << 24;

/// How many of `generators` quiet patterns of a board of `cells` lights a solution shows.
fn shown(cells: usize, generators: usize) -> usize {
    MAX_QUIET_SHOWN.min(MAX_QUIET_CELLS / cells.max(1)).min(generators)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// Light chasing with a symbolic first row and a polynomial gcd.
    Polynomial,
    /// Gauss–Jordan elimination of the whole press matrix.
    Elimination,
    /// Light chasing mod k with a symbolic first row and an n×n system.
    SymbolicChase,
    /// The king rule's press matrix as a Kronecker product of two tridiagonal matrices.
    Kronecker,
    /// Light chasing with the first row as a polynomial over Z/k (any k; see [`row_chase`]).
    PolynomialModK,
}

/// Rank and nullity of a board's press matrix.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Rank {
    pub rows: usize,
    pub cols: usize,
    /// rows·cols − nullity (64-bit: polynomial nullities go beyond 4096×4096).
    pub rank: u64,
    /// Kernel dimension (for composite k: the minimal number of kernel generators).
    pub nullity: usize,
    /// log2 of the number of quiet patterns (= log2 of the share of unsolvable patterns' …).
    pub quiet_log2: f64,
}

/// What solving a board found.
#[derive(Debug, Clone, Serialize)]
pub struct Solution {
    pub solvable: bool,
    /// Presses per light (0..k−1), row-major; `None` when unsolvable.
    pub presses: Option<Vec<u8>>,
    pub press_count: u64,
    /// Proven to use the fewest presses of all solutions.
    pub minimal: bool,
    pub rank: usize,
    pub nullity: usize,
    pub quiet_log2: f64,
    /// A basis of the quiet patterns (at most [`MAX_QUIET_SHOWN`]).
    pub quiet: Vec<Vec<u8>>,
    /// For an unsolvable board: a quiet pattern whose overlap with the lights is not 0 mod k.
    pub witness: Option<Vec<u8>>,
    pub method: Method,
}

fn uses_chaser(spec: &Spec) -> bool {
    spec.states == 2 && spec.rule.chases() && !spec.torus
}

/// Two-state tori beyond elimination go through the packed torus chase.
fn uses_torus_chase(spec: &Spec) -> bool {
    spec.states == 2 && spec.torus && symbolic::applies(spec) && spec.cells() > MAX_DENSE_GF2
}

/// Two-state x boards beyond elimination with an even side go through the packed x chase.
fn uses_x_chase(spec: &Spec) -> bool {
    spec.states == 2
        && spec.rule == Rule::X
        && !spec.torus
        && (spec.rows.is_multiple_of(2) || spec.cols.is_multiple_of(2))
        && spec.cells() > MAX_DENSE_GF2
}

/// Boards up to this many lights are solved by dense elimination whatever their rule and
/// states (a few milliseconds): the structured solvers below start beyond it (the two-state
/// packed chases only beyond [`MAX_DENSE_GF2`]). It is also the
/// most the page solves on its main thread for these boards, so the page's first wasm module
/// can leave those solvers out (see [`FULL_SOLVERS`]).
pub const DENSE_FIRST_CELLS: usize = 400;

/// The solvers that run only in the page's Worker: for more than two states and for king tori
/// beyond [`DENSE_FIRST_CELLS`] lights, and the packed chases for two-state tori and x boards
/// beyond [`MAX_DENSE_GF2`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Structured {
    /// A two-state plus or neighbours torus: the packed torus chase (see [`torus_chase`]).
    TorusChase,
    /// A two-state x board with an even side: the packed x chase (see [`x_chase`]).
    XChase,
    /// A king torus: a Kronecker product of circulants (see [`king_torus`]).
    KingTorus,
    /// Bounded, more than two states: the polynomial row chase over Z/k (see [`row_chase`]),
    /// in the orientation [`RowChaseShape`] chose.
    RowChase(RowChaseShape),
    /// A plus or neighbours torus with more than two states (see [`torus_k`]).
    TorusK,
}

/// The structured solver for boards of this kind at any size, if one exists (the packed chases
/// only beyond [`MAX_DENSE_GF2`]).
fn structured_kind(spec: &Spec) -> Option<Structured> {
    if uses_torus_chase(spec) {
        Some(Structured::TorusChase)
    } else if uses_x_chase(spec) {
        Some(Structured::XChase)
    } else if king_torus::applies(spec) {
        Some(Structured::KingTorus)
    } else if let Some(shape) = RowChaseShape::of(spec).filter(|_| spec.states > 2 && !spec.torus) {
        Some(Structured::RowChase(shape))
    } else if spec.states > 2 && torus_k::applies(spec) {
        Some(Structured::TorusK)
    } else {
        None
    }
}

/// The structured solver [`solve`] and [`rank`] use for `spec`: only beyond
/// [`DENSE_FIRST_CELLS`] (smaller boards go to elimination).
fn structured_solver(spec: &Spec) -> Option<Structured> {
    if spec.cells() <= DENSE_FIRST_CELLS {
        None
    } else {
        structured_kind(spec)
    }
}

/// Whether this build has the structured solvers. The page's `lights` wasm module leaves them
/// out (about 81 KiB of the 357), since its main thread only solves boards of up to
/// [`DENSE_FIRST_CELLS`] lights; the Worker loads the `lights-full` module (cargo feature
/// `lights-full`) for the boards that need them. Native builds always have them.
pub const FULL_SOLVERS: bool = cfg!(any(not(target_arch = "wasm32"), feature = "lights-full"));

/// Whether solving or ranking `spec` needs a build with [`FULL_SOLVERS`].
pub fn needs_full_solvers(spec: &Spec) -> bool {
    structured_solver(spec).is_some()
}

/// Why a build without [`FULL_SOLVERS`] refuses `spec`. [`solve_by`] and [`rank_by`] test the
/// constant themselves, so that the compiler sees the solvers behind the test are unreachable
/// and drops them.
fn without_full_solvers(spec: &Spec) -> crate::Error {
    crate::Error::new(format!(
        "a {}×{} {} {} with {} states needs the structured solvers, which this wasm module leaves out: they are in the full Lights module (lights-full)",
        spec.rows,
        spec.cols,
        spec.rule.name(),
        if spec.torus { "torus" } else { "board" },
        spec.states
    ))
}

/// The row chase's orientation: m rows of n lights, transposed from the board or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct RowChaseShape {
    /// Chase along the columns (rows of length `spec.rows`).
    flip: bool,
    m: usize,
    n: usize,
}

impl RowChaseShape {
    /// Rows are the shorter side when the rule allows it; the x rule needs an even row length.
    /// None when the rule allows neither side.
    fn of(spec: &Spec) -> Option<RowChaseShape> {
        let flip = match (row_chase::applies(spec.rule, spec.cols), row_chase::applies(spec.rule, spec.rows)) {
            (false, false) => return None,
            (false, true) => true,
            (true, rows_too) => rows_too && spec.cols > spec.rows,
        };
        let (m, n) = if flip { (spec.cols, spec.rows) } else { (spec.rows, spec.cols) };
        Some(RowChaseShape { flip, m, n })
    }
}

/// The press matrix over GF(2): column j is what pressing light j changes.
pub fn press_matrix_gf2(spec: &Spec) -> BitMatrix {
    let n = spec.cells();
    let mut a = BitMatrix::zeros(n, n);
    let mut aff = Vec::new();
    for j in 0..n {
        spec.affected(j / spec.cols, j % spec.cols, &mut aff);
        for &i in &aff {
            a.set(i, j, true);
        }
    }
    a
}

/// The press matrix mod k, row-major.
pub fn press_matrix(spec: &Spec) -> Vec<u8> {
    let n = spec.cells();
    let mut a = vec![0u8; n * n];
    let mut aff = Vec::new();
    for j in 0..n {
        spec.affected(j / spec.cols, j % spec.cols, &mut aff);
        for &i in &aff {
            a[i * n + j] = 1;
        }
    }
    a
}

/// Why no structured solver takes a board beyond dense elimination (docs/lights.md has the details).
fn beyond_reason(spec: &Spec) -> &'static str {
    match (spec.rule, spec.torus) {
        (Rule::X, false) => {
            "both sides are odd, so the path matrix a row is chased through is singular on every row (kernel 1, 0, 1, …, 0, 1): each row adds an unknown and a condition, and that (rows + cols)-unknown chase is not implemented"
        }
        (Rule::X, true) => {
            "an x torus's row operator, the cycle's adjacency x + x⁻¹, is singular for every width over Z/2 (and over Z/p when 4 divides the width), so rows cannot be chased; no structured solver is implemented"
        }
        (Rule::King, true) if spec.rows.min(spec.cols) >= 3 => {
            "a king torus is the Kronecker product (I + C_rows) ⊗ (I + C_cols) of two circulants, singular when 3 divides a side (and for every side over Z/3, Z/9); combining the factors' kernels across the product is not implemented"
        }
        _ => "a torus with a side below 3 is not the product the chases describe",
    }
}

fn check_dense(spec: &Spec) -> Result<()> {
    let cells = spec.cells();
    let limit = if spec.states == 2 { MAX_DENSE_GF2 } else { MAX_DENSE_MODK };
    if cells > limit {
        bail!(
            "a {}×{} {} {} board with {} states has {cells} lights, beyond the {limit} of dense elimination: {}",
            spec.rows,
            spec.cols,
            spec.rule.name(),
            if spec.torus { "torus" } else { "bounded" },
            spec.states,
            beyond_reason(spec)
        );
    }
    Ok(())
}

/// Rank and nullity, by the fastest exact method for the board.
pub fn rank(spec: &Spec, progress: &mut dyn Progress) -> Result<Rank> {
    if uses_chaser(spec) || king::applies(spec) {
        // No board is built: polynomials and the closed form handle sides far beyond 4096.
        Spec { rows: spec.rows.min(MAX_SIDE), cols: spec.cols.min(MAX_SIDE), ..*spec }.check()?;
        if spec.rows > MAX_POLY_SIDE || spec.cols > MAX_POLY_SIDE {
            bail!("nullity by polynomials and the king rule's closed form go up to {MAX_POLY_SIDE} rows and columns");
        }
    } else {
        spec.check()?;
    }
    let cells = spec.rows as u64 * spec.cols as u64;
    let with = |nullity: usize, log2: f64| Rank {
        rows: spec.rows,
        cols: spec.cols,
        rank: cells - nullity as u64,
        nullity,
        quiet_log2: log2,
    };
    if uses_chaser(spec) {
        let nl = poly::bounded_nullity(spec.rows, spec.cols, spec.rule == Rule::Plus);
        return Ok(with(nl, nl as f64));
    }
    if king::applies(spec) {
        let nl = king::nullity(spec.rows, spec.cols) as usize;
        return Ok(with(nl, nl as f64 * f64::from(spec.states).log2()));
    }
    if spec.states == 2 && spec.rule.chases() && torus::applies(spec.rows, spec.cols) {
        let nl = torus::nullity(spec.rows, spec.cols, spec.rule == Rule::Plus, progress)?;
        return Ok(with(nl, nl as f64));
    }
    if let Some(kind) = structured_solver(spec) {
        let (nl, log2) = rank_by(kind, spec, progress)?;
        return Ok(with(nl, log2));
    }
    check_dense(spec)?;
    let s = solve_dense(&Board::new(*spec)?, progress);
    Ok(with(s.nullity, s.quiet_log2))
}

/// Solves a board. With `minimal`, searches all solutions for the fewest presses (exactly up
/// to nullity 24, else the best found, reported as not proven).
pub fn solve(board: &Board, minimal: bool, progress: &mut dyn Progress) -> Result<Solution> {
    let spec = board.spec;
    spec.check()?;
    let sol = if uses_chaser(&spec) {
        solve_fast(board, minimal, progress)?
    } else if king::applies(&spec) {
        solve_king(board, minimal, progress)?
    } else if let Some(kind) = structured_solver(&spec) {
        solve_by(kind, board, minimal, progress)?
    } else {
        check_dense(&spec)?;
        let mut s = solve_dense(board, progress);
        if let Some(x) = &s.presses {
            if minimal {
                let (best, proven) = if spec.states == 2 {
                    let basis: Vec<BitVec> =
                        s.kernel_full.iter().map(|q| BitVec::from_bools(q.iter().map(|&v| v == 1))).collect();
                    let (b, p) = minimize_gf2(&BitVec::from_bools(x.iter().map(|&v| v == 1)), &basis, progress);
                    (b.to_u8(), p)
                } else {
                    let gens: Vec<(Vec<u8>, u32)> =
                        s.kernel_full.iter().cloned().zip(s.orders.iter().copied()).collect();
                    minimize_modk(x, &gens, spec.states, progress)
                };
                s.presses = Some(best);
                s.minimal = proven;
            } else {
                s.minimal = s.nullity == 0;
            }
        }
        s.into_solution()
    };
    checked(board, sol)
}

/// A solver's answer after checking that its presses clear the board, with their count.
fn checked(board: &Board, mut sol: Solution) -> Result<Solution> {
    if let Some(x) = &sol.presses {
        // The polynomial path has already checked its answer word-parallel.
        if sol.method != Method::Polynomial && !board.cleared_by(x) {
            bail!("internal error: the solver's presses do not clear the board (please report)");
        }
        sol.press_count = x.iter().map(|&v| u64::from(v)).sum();
    }
    Ok(sol)
}

/// Solves with the structured solver for boards of this kind whatever their size, where
/// [`solve`] would use elimination up to [`DENSE_FIRST_CELLS`] lights: the tests compare the
/// two on small boards. An error when no structured solver takes the board.
pub fn solve_structured(board: &Board, minimal: bool, progress: &mut dyn Progress) -> Result<Solution> {
    board.spec.check()?;
    let Some(kind) = structured_kind(&board.spec) else { bail!("no structured solver takes this board") };
    checked(board, solve_by(kind, board, minimal, progress)?)
}

/// Rank by the structured solver whatever the size (see [`solve_structured`]).
pub fn rank_structured(spec: &Spec, progress: &mut dyn Progress) -> Result<Rank> {
    spec.check()?;
    let Some(kind) = structured_kind(spec) else { bail!("no structured solver takes this board") };
    let (nullity, quiet_log2) = rank_by(kind, spec, progress)?;
    let rank = spec.cells() as u64 - nullity as u64;
    Ok(Rank { rows: spec.rows, cols: spec.cols, rank, nullity, quiet_log2 })
}

fn solve_by(kind: Structured, board: &Board, minimal: bool, progress: &mut dyn Progress) -> Result<Solution> {
    if !FULL_SOLVERS {
        return Err(without_full_solvers(&board.spec));
    }
    match kind {
        Structured::TorusChase => solve_torus(board, minimal, progress),
        Structured::XChase => solve_x(board, minimal, progress),
        Structured::KingTorus => solve_king_torus(board, minimal, progress),
        Structured::RowChase(shape) => solve_rows(board, shape, minimal, progress),
        Structured::TorusK => solve_torus_k(board, minimal, progress),
    }
}

/// Nullity and log2 of the number of quiet patterns by a structured solver.
fn rank_by(kind: Structured, spec: &Spec, progress: &mut dyn Progress) -> Result<(usize, f64)> {
    if !FULL_SOLVERS {
        return Err(without_full_solvers(spec));
    }
    Ok(match kind {
        Structured::TorusChase | Structured::XChase => {
            let s = solve_by(kind, &Board::new(*spec)?, false, progress)?;
            (s.nullity, s.quiet_log2)
        }
        Structured::KingTorus => {
            let s = king_torus::solve(spec.rows, spec.cols, &vec![0; spec.cells()], spec.states)?;
            (s.nullity, s.kernel_log2)
        }
        Structured::TorusK => {
            let s = TorusK::new(spec).solve(&vec![0; spec.cells()], progress)?;
            (s.nullity, s.kernel_log2)
        }
        Structured::RowChase(RowChaseShape { m, n, .. }) => {
            RowChase::new(m, n, spec.rule, spec.states).nullity(progress)?
        }
    })
}

struct Dense {
    cells: usize,
    presses: Option<Vec<u8>>,
    minimal: bool,
    nullity: usize,
    quiet_log2: f64,
    kernel_full: Vec<Vec<u8>>,
    orders: Vec<u32>,
    witness: Option<Vec<u8>>,
}

impl Dense {
    fn into_solution(self) -> Solution {
        let shown = shown(self.cells, self.kernel_full.len());
        Solution {
            solvable: self.presses.is_some(),
            rank: self.cells - self.nullity,
            presses: self.presses,
            press_count: 0,
            minimal: self.minimal,
            nullity: self.nullity,
            quiet_log2: self.quiet_log2,
            quiet: self.kernel_full.into_iter().take(shown).collect(),
            witness: self.witness,
            method: Method::Elimination,
        }
    }
}

fn solve_dense(board: &Board, progress: &mut dyn Progress) -> Dense {
    let spec = board.spec;
    let n = spec.cells();
    if spec.states == 2 {
        let a = press_matrix_gf2(&spec);
        let b = BitVec::from_bools(board.lights.iter().map(|&v| v == 1));
        let s = gf2::solve(&a, &b, progress);
        let nullity = n - s.rank;
        Dense {
            cells: n,
            presses: s.solution.map(|x| x.to_u8()),
            minimal: false,
            nullity,
            quiet_log2: nullity as f64,
            orders: vec![2; s.kernel.len()],
            kernel_full: s.kernel.iter().map(BitVec::to_u8).collect(),
            witness: s.witness.map(|w| w.to_u8()),
        }
    } else {
        let k = spec.states;
        let a = press_matrix(&spec);
        // Presses x must give A x ≡ −lights (mod k).
        let b: Vec<u8> = board.lights.iter().map(|&v| (k - v) % k).collect();
        let s = modk::solve(n, &a, &b, k, progress);
        Dense {
            cells: n,
            presses: s.solution,
            minimal: false,
            nullity: s.nullity,
            quiet_log2: s.kernel_log2,
            orders: s.kernel.iter().map(|(_, o)| *o).collect(),
            kernel_full: s.kernel.into_iter().map(|(g, _)| g).collect(),
            witness: s.witness,
        }
    }
}

fn solve_fast(board: &Board, minimal: bool, progress: &mut dyn Progress) -> Result<Solution> {
    let spec = board.spec;
    let (m, n) = (spec.rows, spec.cols);
    let chaser = Chaser::new(m, n, spec.rule == Rule::Plus, progress);
    let nullity = chaser.nullity();
    let lights = PackedBoard::from_board(board)?;
    let found = chaser.solve(&lights, true, progress)?;
    let shown = shown(spec.cells(), nullity);
    let firsts = if nullity > 0 { chaser.kernel_first_rows() } else { Vec::new() };
    let quiet =
        firsts.iter().take(shown).map(|f| Ok(chaser.quiet_pattern(f)?.to_bytes())).collect::<Result<Vec<_>>>()?;
    let witness = match &found.witness_first_row {
        Some(f) => Some(chaser.quiet_pattern(f)?.to_bytes()),
        None => None,
    };
    let (presses, proven) = match found.presses {
        None => (None, false),
        Some(x) if minimal && nullity > 0 => {
            let (best, proven) = minimize_packed(x, firsts.iter().map(|f| chaser.quiet_pattern(f)), nullity, progress)?;
            if !clears(&lights, &best, spec.rule == Rule::Plus) {
                bail!("internal error: the solver's presses do not clear the board (please report)");
            }
            (Some(best.to_bytes()), proven)
        }
        Some(x) => (Some(x.to_bytes()), nullity == 0),
    };
    Ok(Solution {
        solvable: presses.is_some(),
        presses,
        press_count: 0,
        minimal: proven,
        rank: spec.cells() - nullity,
        nullity,
        quiet_log2: nullity as f64,
        quiet,
        witness,
        method: Method::Polynomial,
    })
}

/// The fewest presses among `x` plus the quiet patterns' combinations (`nullity` of them),
/// proven minimal when all of them fit the basis: up to 2^23 words (64 MB) of full patterns.
fn minimize_packed(
    x: PackedBoard,
    quiet: impl Iterator<Item = Result<PackedBoard>>,
    nullity: usize,
    progress: &mut dyn Progress,
) -> Result<(PackedBoard, bool)> {
    let (m, n) = (x.rows, x.cols);
    let as_bits = |b: PackedBoard| {
        let words = b.into_words();
        BitVec { len: words.len() * 64, words }
    };
    let fits = (1usize << 23) / x.words().len().max(1);
    let basis = quiet.take(fits).map(|q| Ok(as_bits(q?))).collect::<Result<Vec<_>>>()?;
    let (best, proven) = minimize_gf2(&as_bits(x), &basis, progress);
    Ok((PackedBoard::from_words(m, n, best.words)?, proven && basis.len() == nullity))
}

fn solve_king(board: &Board, minimal: bool, progress: &mut dyn Progress) -> Result<Solution> {
    let spec = board.spec;
    let (m, n, k) = (spec.rows, spec.cols, spec.states);
    let found = king::solve(board);
    let nullity = king::generators(m, n);
    // Generators are built only as far as memory allows (2^26 lights together).
    let fits = (1usize << 26) / spec.cells();
    let shown = shown(spec.cells(), nullity);
    let quiet: Vec<Vec<u8>> = (0..shown).map(|i| king::generator(m, n, k, i)).collect();
    let mut presses = found.presses;
    let mut proven = nullity == 0;
    if let (Some(x), true) = (&presses, minimal && nullity > 0) {
        let basis: Vec<Vec<u8>> = (0..nullity.min(fits)).map(|i| king::generator(m, n, k, i)).collect();
        let (best, p) = if k == 2 {
            let bits = |v: &[u8]| BitVec::from_bools(v.iter().map(|&b| b == 1));
            let basis: Vec<BitVec> = basis.iter().map(|q| bits(q)).collect();
            let (b, p) = minimize_gf2(&bits(x), &basis, progress);
            (b.to_u8(), p)
        } else {
            let gens: Vec<(Vec<u8>, u32)> = basis.into_iter().map(|q| (q, u32::from(k))).collect();
            minimize_modk(x, &gens, k, progress)
        };
        proven = p && nullity <= fits;
        presses = Some(best);
    }
    Ok(Solution {
        solvable: presses.is_some(),
        presses,
        press_count: 0,
        minimal: proven,
        rank: spec.cells() - nullity,
        nullity,
        quiet_log2: nullity as f64 * f64::from(k).log2(),
        quiet,
        witness: found.witness.map(|i| king::generator(m, n, k, i)),
        method: Method::Kronecker,
    })
}

fn solve_torus(board: &Board, minimal: bool, progress: &mut dyn Progress) -> Result<Solution> {
    let plus = board.spec.rule == Rule::Plus;
    // Chase along the longer side: the unknowns are two rows of the shorter one.
    let flip = board.spec.cols > board.spec.rows;
    solve_packed_chase(
        board,
        minimal,
        flip,
        progress,
        |lights, p| torus_chase::solve(lights, plus, p).map(|s| (s.presses, s.kernel)),
        |m, n, first| torus_chase::chase(None, m, n, plus, first),
    )
}

fn solve_x(board: &Board, minimal: bool, progress: &mut dyn Progress) -> Result<Solution> {
    // The chase needs an even row length.
    let flip = !board.spec.cols.is_multiple_of(2);
    solve_packed_chase(
        board,
        minimal,
        flip,
        progress,
        |lights, p| x_chase::solve(lights, p).map(|s| (s.presses, s.kernel)),
        |m, n, first| x_chase::chase(None, m, n, first),
    )
}

/// A bounded board with more than two states by the polynomial row chase (see [`row_chase`]).
fn solve_rows(
    board: &Board,
    RowChaseShape { flip, m, n }: RowChaseShape,
    minimal: bool,
    progress: &mut dyn Progress,
) -> Result<Solution> {
    let spec = board.spec;
    let lights = if flip { transpose(&board.lights, spec.rows, spec.cols) } else { board.lights.clone() };
    let back = |v: Vec<u8>| if flip { transpose(&v, m, n) } else { v };
    let chase = RowChase::new(m, n, spec.rule, spec.states);
    let s = chase.solve(&lights, progress)?;
    let found = ModkFound::expanded(&spec, s.presses, &s.kernel, (s.nullity, s.kernel_log2), s.witness, |g| {
        chase.quiet_pattern(g)
    });
    Ok(found.into_solution(&spec, minimal, back, Method::PolynomialModK, progress))
}

/// A king torus by its Kronecker structure (see [`king_torus`]).
fn solve_king_torus(board: &Board, minimal: bool, progress: &mut dyn Progress) -> Result<Solution> {
    let spec = board.spec;
    let s = king_torus::solve(spec.rows, spec.cols, &board.lights, spec.states)?;
    let generators = s.generators();
    let shown = shown(spec.cells(), generators);
    let quiet = (0..shown).map(|i| s.generator(i)).collect();
    let found = ModkFound {
        presses: s.presses,
        quiet,
        generators,
        nullity: s.nullity,
        kernel_log2: s.kernel_log2,
        witness: s.witness,
    };
    Ok(found.into_solution(&spec, minimal, |v| v, Method::Kronecker, progress))
}

/// A plus or neighbours torus with more than two states by polynomials (see [`torus_k`]).
fn solve_torus_k(board: &Board, minimal: bool, progress: &mut dyn Progress) -> Result<Solution> {
    let spec = board.spec;
    let torus = TorusK::new(&spec);
    let s = torus.solve(&board.lights, progress)?;
    let found = ModkFound::expanded(&spec, s.presses, &s.kernel, (s.nullity, s.kernel_log2), s.witness, |g| {
        torus.quiet_pattern(g)
    });
    Ok(found.into_solution(&spec, minimal, |v| v, Method::PolynomialModK, progress))
}

/// What a mod-k chase found, in its own orientation.
struct ModkFound {
    presses: Option<Vec<u8>>,
    /// The quiet patterns shown (whole boards) with their orders: the first of `generators`.
    quiet: Vec<(Vec<u8>, u32)>,
    generators: usize,
    nullity: usize,
    kernel_log2: f64,
    witness: Option<Vec<u8>>,
}

impl ModkFound {
    /// From a chase's answer, with the kernel generators and the witness given as unknown rows
    /// that `expand` chases into whole boards (only as many generators as are shown).
    fn expanded(
        spec: &Spec,
        presses: Option<Vec<u8>>,
        kernel: &[(Vec<u8>, u32)],
        (nullity, kernel_log2): (usize, f64),
        witness: Option<Vec<u8>>,
        expand: impl Fn(&[u8]) -> Vec<u8>,
    ) -> ModkFound {
        let shown = shown(spec.cells(), kernel.len());
        ModkFound {
            presses,
            quiet: kernel.iter().take(shown).map(|(g, o)| (expand(g), *o)).collect(),
            generators: kernel.len(),
            nullity,
            kernel_log2,
            witness: witness.map(|w| expand(&w)),
        }
    }

    /// Searches the quiet patterns for fewer presses when asked (proven minimal only when every
    /// generator is there), and mirrors every board back with `back`.
    fn into_solution(
        self,
        spec: &Spec,
        minimal: bool,
        back: impl Fn(Vec<u8>) -> Vec<u8>,
        method: Method,
        progress: &mut dyn Progress,
    ) -> Solution {
        let mut presses = self.presses;
        let mut proven = self.nullity == 0;
        if let (Some(x), true) = (&presses, minimal && self.nullity > 0) {
            let (best, p) = minimize_modk(x, &self.quiet, spec.states, progress);
            proven = p && self.quiet.len() == self.generators;
            presses = Some(best);
        }
        Solution {
            solvable: presses.is_some(),
            presses: presses.map(&back),
            press_count: 0,
            minimal: proven,
            rank: spec.cells() - self.nullity,
            nullity: self.nullity,
            quiet_log2: self.kernel_log2,
            quiet: self.quiet.into_iter().map(|(q, _)| back(q)).collect(),
            witness: self.witness.map(&back),
            method,
        }
    }
}

/// A two-state board solved by a packed symbolic chase (`chase` gives the presses and the
/// kernel as unknown-row vectors, `quiet` expands such a vector), mirrored first if `flip`.
fn solve_packed_chase(
    board: &Board,
    minimal: bool,
    flip: bool,
    progress: &mut dyn Progress,
    chase: impl Fn(&PackedBoard, &mut dyn Progress) -> Result<(Option<PackedBoard>, Vec<Vec<bool>>)>,
    quiet_of: impl Fn(usize, usize, &[bool]) -> Result<PackedBoard>,
) -> Result<Solution> {
    let spec = board.spec;
    let (m, n) = if flip { (spec.cols, spec.rows) } else { (spec.rows, spec.cols) };
    let lights = if flip { transpose(&board.lights, spec.rows, spec.cols) } else { board.lights.clone() };
    let back = |v: Vec<u8>| if flip { transpose(&v, m, n) } else { v };
    let packed = PackedBoard::from_board(&Board::from_lights(Spec { rows: m, cols: n, ..spec }, lights)?)?;
    let (found, kernel) = chase(&packed, progress)?;
    let nullity = kernel.len();
    let shown = shown(spec.cells(), nullity);
    let quiet: Vec<PackedBoard> = kernel.iter().take(shown).map(|v| quiet_of(m, n, v)).collect::<Result<_>>()?;
    let mut witness = None;
    if found.is_none() {
        for v in &kernel {
            let q = quiet_of(m, n, v)?;
            if q.overlap_is_odd(&packed) {
                witness = Some(q);
                break;
            }
        }
    }
    let mut proven = nullity == 0;
    let presses = match found {
        Some(x) if minimal && nullity > 0 => {
            let (best, p) = minimize_packed(x, kernel.iter().map(|v| quiet_of(m, n, v)), nullity, progress)?;
            proven = p;
            Some(best)
        }
        other => other,
    };
    Ok(Solution {
        solvable: presses.is_some(),
        presses: presses.map(|x| back(x.to_bytes())),
        press_count: 0,
        minimal: proven,
        rank: spec.cells() - nullity,
        nullity,
        quiet_log2: nullity as f64,
        quiet: quiet.into_iter().map(|q| back(q.to_bytes())).collect(),
        witness: witness.map(|w| back(w.to_bytes())),
        method: Method::SymbolicChase,
    })
}

/// One point of the nullity chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ChartPoint {
    pub n: usize,
    pub bounded: usize,
    pub torus: usize,
}

/// Nullity of the n×n classic board, bounded and torus, for n = 1..=max: bounded by polynomial
/// gcd, torus by the circulant method (elimination for n < 3).
pub fn nullity_chart(max: usize, progress: &mut dyn Progress) -> Result<Vec<ChartPoint>> {
    if max == 0 || max > 400 {
        bail!("the chart goes up to n = 1 to 400, not {max}");
    }
    (1..=max)
        .map(|n| {
            progress.report(n as u64, max as u64);
            let torus_spec = Spec { torus: true, ..Spec::classic(n, n) };
            let torus = if torus::applies(n, n) {
                torus::nullity(n, n, true, &mut crate::progress::NoProgress)?
            } else {
                rank(&torus_spec, &mut crate::progress::NoProgress)?.nullity
            };
            Ok(ChartPoint { n, bounded: poly::bounded_nullity(n, n, true), torus })
        })
        .collect()
}

/// Solves by chasing with symbolic first rows (see [`symbolic`]): a second method beside the
/// polynomial ones, which `solve` prefers; public so tests compare it with elimination.
pub fn solve_symbolic(board: &Board, minimal: bool, progress: &mut dyn Progress) -> Result<Solution> {
    let spec = board.spec;
    if !symbolic::applies(&spec) {
        bail!("chasing needs the plus or neighbours rule (and on a torus, both sides at least 3)");
    }
    // Chase along the longer side, so the symbolic rows are the short ones.
    let flip = spec.cols > spec.rows;
    let (m, n) = if flip { (spec.cols, spec.rows) } else { (spec.rows, spec.cols) };
    let ts = Spec { rows: m, cols: n, ..spec };
    if m * n * symbolic::unknowns(&ts) > symbolic::MAX_WORK {
        bail!(
            "symbolic chasing takes rows·cols·{}min(rows, cols) ≤ 2^28 coefficient steps, and {}×{} is larger",
            if spec.torus { "2·" } else { "" },
            spec.rows,
            spec.cols
        );
    }
    let lights = if flip { transpose(&board.lights, spec.rows, spec.cols) } else { board.lights.clone() };
    let back = |v: Vec<u8>| if flip { transpose(&v, m, n) } else { v };
    let sym = symbolic::solve(&ts, &lights, progress);
    let full = |first: &[u8], s: Option<&[u8]>| {
        let mut x = symbolic::chase_numeric(&ts, s, first);
        x.truncate(m * n);
        x
    };
    let k = spec.states;
    let shown = shown(spec.cells(), sym.kernel.len());
    let quiet: Vec<(Vec<u8>, u32)> = sym.kernel.iter().take(shown).map(|(g, o)| (full(g, None), *o)).collect();
    let presses = sym.first.as_ref().map(|f| full(f, Some(&lights)));
    let witness = if presses.is_none() {
        sym.kernel.iter().map(|(g, _)| full(g, None)).find(|q| modk::dot(q, &lights, k) != 0)
    } else {
        None
    };
    let found = ModkFound {
        presses,
        quiet,
        generators: sym.kernel.len(),
        nullity: sym.nullity,
        kernel_log2: sym.kernel_log2,
        witness,
    };
    Ok(found.into_solution(&spec, minimal, back, Method::SymbolicChase, progress))
}
