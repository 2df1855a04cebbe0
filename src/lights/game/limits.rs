//! What the page offers and how it runs each board: the largest side per kind of board, which
//! boards cross the wasm boundary as packed bits, and which jobs go to the Worker. The page only
//! asks ([`page_plan`], [`page_spec`]); every size cut-off lives here, with its reason.

use crate::lights::board::{Rule, Spec, MAX_SIDE};
use crate::lights::game::Settings;
use crate::lights::game::{rows_per_step, STEP_PRESSES_UP_TO};
use crate::lights::solvers::chase::MAX_CHASE_WORK;
use crate::lights::solvers::large;
use crate::lights::solvers::minimal::MAX_EXACT_NULLITY;
use crate::lights::solvers::solve::{needs_full_solvers, DENSE_FIRST_CELLS};
use crate::{bail, Result};
use serde::Serialize;

/// Largest side of a classic board (plus or neighbours, two states, bounded) on the page. It is
/// solved packed in the Worker (8 MB of bits at 8192²; the solver's cyclic basis as much again);
/// beyond, the command-line tool, which has no side limit but memory.
pub const PAGE_MAX_PACKED_SIDE: usize = 8192;

/// Light chasing, elimination on small boards and drawing a grid answer within ~50 ms on the
/// main thread: a classic board up to this many lights is solved in place (the polynomial
/// chaser does a 200×200 board in a few ms)…
const MAIN_THREAD_CHASER_CELLS: usize = 40_000;
/// … any other board only up to this many (dense elimination is cubic in the lights). It is the
/// solvers' own cut-off, so that the main thread never needs the structured solvers.
const MAIN_THREAD_DENSE_CELLS: usize = DENSE_FIRST_CELLS;
/// Boards with more lights than this are made and decoded in the Worker (a random 500×500
/// board is a quarter million presses simulated).
const MAIN_THREAD_MAKE_CELLS: usize = 250_000;
/// The fix-up table is listed for at most this many columns (2^cols rows).
const MAX_TABLE_COLS: usize = 12;

/// How the page handles one board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PagePlan {
    /// Largest rows and columns the page offers for this rule, edges and states.
    pub max_side: usize,
    /// The lights cross as packed bits (32 a `u32`) and are solved by [`large::solve_packed`],
    /// never a byte a light.
    pub packed: bool,
    /// A new puzzle, an all-on board or a link is made in the Worker.
    pub heavy_make: bool,
    /// Solving runs in the Worker with progress and cancel.
    pub heavy_solve: bool,
    /// Rank and nullity run in the Worker (the classic rule's come from polynomials, at once).
    pub heavy_rank: bool,
    /// The light-chasing fix-up table is listed.
    pub fixup_table: bool,
    /// Light chasing is played step by step.
    pub chase_steps: bool,
    /// The quiet patterns are drawn in a gallery (only for boards solved a byte a light).
    pub quiet_gallery: bool,
    /// Solving and rank need the structured solvers, so they run in a Worker on the
    /// `lights-full` wasm module, loaded when the first such board comes (see
    /// [`crate::lights::solvers::solve::FULL_SOLVERS`]).
    pub full_solvers: bool,
    /// The board's link is made in the Worker (past [`WORKER_LINK_LIGHTS`]), so a session's
    /// view leaves it out; packed boards have no link (the page saves them as files).
    pub link_in_worker: bool,
    /// Rows a step of the solution's walk-through, 0 when it steps a press at a time (see
    /// `crate::lights::Position::steps_of`).
    pub step_rows: usize,
}

/// Boards with more lights than this have their links made in the Worker: the core encodes
/// ~3 million lights a second, so this is ~20 ms on the page's thread.
pub const WORKER_LINK_LIGHTS: usize = 65_536;

/// Largest side the page offers for boards of this kind: 8192 for classic boards, solved
/// packed; 4096 (a 16 MB board a byte a light) for every other rule, edge and number of states,
/// whose solvers reach at most that far (see [`crate::lights::solvers::solve`]).
pub fn max_side(rule: Rule, torus: bool, states: u8) -> usize {
    if large::applies(rule, torus, states) {
        PAGE_MAX_PACKED_SIDE
    } else {
        MAX_SIDE
    }
}

/// The one line the page shows where the size is entered.
pub fn size_note(rule: Rule, torus: bool, states: u8) -> String {
    let here = max_side(rule, torus, states);
    let other = if here == PAGE_MAX_PACKED_SIDE {
        format!("other rules, tori and more states up to {MAX_SIDE}×{MAX_SIDE}")
    } else {
        format!("classic boards (2 states, bounded) up to {PAGE_MAX_PACKED_SIDE}×{PAGE_MAX_PACKED_SIDE}")
    };
    format!("Up to {here}×{here} for this board ({other}); {CLI}.")
}

/// The page's settings as a board it offers, or a one-line error naming the field and, for a
/// side too large, where larger boards are solved.
pub fn page_spec(settings: &Settings) -> Result<Spec> {
    // A fractional number of states fails in `spec` below whatever its side limit.
    let max = max_side(settings.rule, settings.torus, settings.states as u8);
    for (name, v) in [("rows", settings.rows), ("columns", settings.cols)] {
        if v.fract() == 0.0 && v > max as f64 {
            let larger = if max == PAGE_MAX_PACKED_SIDE {
                String::new()
            } else {
                format!("classic boards (2 states, bounded) go to {PAGE_MAX_PACKED_SIDE}; ")
            };
            bail!("a board has 1 to {max} {name} on the page, not {v}: {larger}{CLI}");
        }
    }
    settings.spec(max)
}

/// log2 of the steps the search for the fewest presses may take on the main thread: about 40 ms of wasm,
/// where a step is one 64-light word for two states (Gray code) and one light for more
/// (odometer). Measured: 2^20 solutions of a 20×20 board, 42 ms; 3^13 of a 20×20 torus over
/// Z/3, 3 s.
const MAIN_THREAD_SEARCH_LOG2_STEPS: f64 = 23.0;

/// Whether the search for the fewest presses among a board's 2^`quiet_log2` solutions (the
/// board solved on the main thread) goes to the Worker: the exhaustive search, which
/// [`crate::lights::solvers::minimal`] runs for up to 2^24 solutions, would take longer than ~50 ms. Beyond 2^24
/// it improves greedily, at once.
pub fn minimal_in_worker(spec: &Spec, quiet_log2: f64) -> bool {
    // In log2: 2^quiet_log2 solutions × steps each against the budget.
    let exhaustive = quiet_log2 <= MAX_EXACT_NULLITY as f64;
    let step = if spec.states == 2 { spec.cells().div_ceil(64) } else { spec.cells() };
    quiet_log2 > 0.0 && exhaustive && quiet_log2 + (step as f64).log2() > MAIN_THREAD_SEARCH_LOG2_STEPS
}

/// Where boards beyond the page are solved.
const CLI: &str = "larger boards: the command-line tool (chessboard-puzzles lights-out)";

/// How the page handles `spec` (a board [`page_spec`] accepted).
pub fn page_plan(spec: &Spec) -> PagePlan {
    let cells = spec.rows.saturating_mul(spec.cols);
    let chaser = large::applies_to(spec);
    PagePlan {
        max_side: max_side(spec.rule, spec.torus, spec.states),
        packed: chaser && spec.rows.max(spec.cols) > MAX_SIDE,
        heavy_make: cells > MAIN_THREAD_MAKE_CELLS,
        heavy_solve: cells > if chaser { MAIN_THREAD_CHASER_CELLS } else { MAIN_THREAD_DENSE_CELLS },
        heavy_rank: !chaser && cells > MAIN_THREAD_DENSE_CELLS,
        fixup_table: chaser && spec.cols <= MAX_TABLE_COLS && cells.saturating_mul(spec.cols) <= MAX_CHASE_WORK,
        chase_steps: chaser && cells.saturating_mul(spec.cols) <= MAX_CHASE_WORK,
        quiet_gallery: !(chaser && spec.rows.max(spec.cols) > MAX_SIDE),
        full_solvers: needs_full_solvers(spec),
        link_in_worker: !(chaser && spec.rows.max(spec.cols) > MAX_SIDE) && cells > WORKER_LINK_LIGHTS,
        step_rows: if cells <= STEP_PRESSES_UP_TO { 0 } else { rows_per_step(spec.rows) },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lights::board::packed::clears;
    use crate::lights::solvers::large::{random_packed, solve_packed};
    use crate::progress::NoProgress;

    fn settings(rows: f64, cols: f64, rule: Rule, torus: bool, states: f64) -> Settings {
        Settings { rows, cols, rule, torus, states }
    }

    #[test]
    fn the_page_offers_classic_boards_to_8192_and_the_others_to_4096() {
        for rule in Rule::ALL {
            for torus in [false, true] {
                for states in [2.0, 3.0, 9.0] {
                    let classic = rule.chases() && !torus && states == 2.0;
                    let max = if classic { 8192.0 } else { 4096.0 };
                    let ok = page_spec(&settings(max, 1.0, rule, torus, states)).unwrap();
                    assert_eq!(page_plan(&ok).max_side, max as usize);
                    // A board the page offers goes through a path that takes it.
                    if page_plan(&ok).packed {
                        assert!(large::applies_to(&ok));
                    } else {
                        ok.check().unwrap();
                    }
                    let too_wide = page_spec(&settings(3.0, max + 1.0, rule, torus, states)).unwrap_err();
                    assert!(
                        too_wide.message().contains(&format!("1 to {max} columns on the page, not {}", max + 1.0)),
                        "{}",
                        too_wide.message()
                    );
                    assert!(too_wide.message().contains("command-line tool"));
                    assert_eq!(too_wide.message().contains("go to 8192"), !classic);
                }
            }
        }
        let msg = |s: Settings| page_spec(&s).unwrap_err().message().to_string();
        assert_eq!(msg(settings(-1.0, 5.0, Rule::Plus, false, 2.0)), "a board has 1 to 8192 rows, not -1");
        assert_eq!(
            msg(settings(9000.0, 5.0, Rule::Plus, false, 2.0)),
            "a board has 1 to 8192 rows on the page, not 9000: larger boards: the command-line tool (chessboard-puzzles lights-out)"
        );
        assert_eq!(msg(settings(5.0, 5.0, Rule::Plus, false, 10.0)), "lights have 2 to 9 states, not 10");
        assert!(msg(settings(1e30, 5.0, Rule::Plus, false, 2.0)).contains("1 to 8192 rows on the page"));
    }

    #[test]
    fn packed_boards_are_the_classic_ones_beyond_the_byte_boards() {
        let plan = |rows, cols, rule, torus, states| page_plan(&Spec { rows, cols, rule, torus, states });
        assert!(plan(4097, 5, Rule::Plus, false, 2).packed);
        assert!(plan(3, 8192, Rule::Neighbours, false, 2).packed);
        assert!(!plan(4096, 4096, Rule::Plus, false, 2).packed);
        assert!(!plan(4096, 4096, Rule::King, false, 2).packed);
        let p = plan(8192, 8192, Rule::Plus, false, 2);
        assert!(p.heavy_make && p.heavy_solve && !p.heavy_rank && !p.quiet_gallery && !p.chase_steps);
        // A packed board the page offers is one the packed solver solves, end to end.
        let lights = random_packed(4097, 3, Rule::Plus, 1).unwrap();
        let s = solve_packed(&lights, Rule::Plus, true, &mut NoProgress).unwrap();
        assert!(clears(&lights, s.presses.as_ref().unwrap(), true));
    }

    #[test]
    fn the_worker_takes_what_the_page_used_to_send_it() {
        // The cut-offs the page applied in JavaScript before they moved here (solve.js and
        // lights.js): the same boards go to the Worker.
        for (rows, cols) in [(1, 1), (20, 20), (21, 20), (200, 200), (201, 200), (500, 500), (501, 500), (4096, 4096)] {
            for rule in Rule::ALL {
                for (torus, states) in [(false, 2), (true, 2), (false, 3), (true, 3)] {
                    let spec = Spec { rows, cols, rule, torus, states };
                    let cells = rows * cols;
                    let chaser = states == 2 && !torus && rule.chases();
                    let p = page_plan(&spec);
                    assert_eq!(p.heavy_solve, cells > if chaser { 40000 } else { 400 }, "{spec:?}");
                    assert_eq!(p.heavy_rank, !chaser && cells > 400, "{spec:?}");
                    // The main thread's module has no structured solvers: they run in the Worker.
                    if p.full_solvers {
                        assert!(p.heavy_solve && p.heavy_rank, "{spec:?}");
                    }
                    assert_eq!(p.heavy_make, cells > 250_000, "{spec:?}");
                    assert_eq!(p.fixup_table, chaser && cols <= 12 && cells * cols <= 1 << 24, "{spec:?}");
                }
            }
        }
    }

    #[test]
    fn long_searches_for_the_fewest_presses_go_to_the_worker() {
        let classic = |n| Spec::classic(n, n);
        let torus = |n, states| Spec { torus: true, states, ..Spec::classic(n, n) };
        // Nothing to search, or the greedy fallback beyond 2^24 solutions: at once.
        assert!(!minimal_in_worker(&classic(20), 0.0));
        assert!(!minimal_in_worker(&classic(179), 25.0));
        // 2^20 solutions × 7 words: 7.3 million steps stay; 2^22 × 501 words go.
        assert!(!minimal_in_worker(&classic(20), 20.0));
        assert!(minimal_in_worker(&classic(179), 22.0));
        // 3^13 solutions × 400 lights and 7^6 × 400 go; 3^5 × 400 (97,200 steps) stays.
        let log2 = |k: f64, n: f64| n * k.log2();
        assert!(minimal_in_worker(&torus(20, 3), log2(3.0, 13.0)));
        assert!(minimal_in_worker(&Spec { states: 7, ..classic(20) }, log2(7.0, 6.0)));
        assert!(!minimal_in_worker(&torus(20, 3), log2(3.0, 5.0)));
        // The boundary: 2^23 steps stay, one solution more goes.
        assert!(!minimal_in_worker(&Spec { states: 3, ..Spec::classic(1, 128) }, 16.0));
        assert!(minimal_in_worker(&Spec { states: 3, ..Spec::classic(1, 129) }, 16.0));
    }

    #[test]
    fn the_size_note_names_both_limits_and_the_cli() {
        let classic = size_note(Rule::Plus, false, 2);
        assert!(classic.starts_with("Up to 8192×8192 for this board") && classic.contains("4096×4096"));
        let king = size_note(Rule::King, false, 2);
        assert!(king.starts_with("Up to 4096×4096 for this board") && king.contains("8192×8192"));
        assert!(classic.contains("command-line tool") && king.contains("command-line tool"));
    }
}
