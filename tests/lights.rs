//! Lights Out solvers checked against independent sources: exhaustive search over all press
//! patterns on small boards, a second nullity method, and the figures of the source text.

use chessboard_puzzles::lights::algebra::{gf2, poly};
use chessboard_puzzles::lights::solvers::chase::{chase, table};
use chessboard_puzzles::lights::solvers::solve::{press_matrix_gf2, rank, solve, Method};
use chessboard_puzzles::lights::solvers::torus;
use chessboard_puzzles::lights::{Board, Rule, Spec};
use chessboard_puzzles::progress::NoProgress;
use chessboard_puzzles::seed::rng_from_seed;
use rand::Rng;

/// For every light pattern (as a number in base k), the fewest presses reaching it from dark,
/// or u32::MAX if none does — by trying every press pattern.
fn brute_force(spec: &Spec) -> Vec<u32> {
    let n = spec.cells();
    let k = u32::from(spec.states);
    let total = k.pow(n as u32) as usize;
    let mut best = vec![u32::MAX; total];
    let mut presses = vec![0u8; n];
    for _ in 0..total {
        let mut b = Board::new(*spec).unwrap();
        b.apply_presses(&presses);
        let idx = b.lights.iter().rev().fold(0usize, |acc, &v| acc * k as usize + v as usize);
        let count: u32 = presses.iter().map(|&p| u32::from(p)).sum();
        best[idx] = best[idx].min(count);
        // Next press pattern (odometer).
        for p in presses.iter_mut() {
            *p += 1;
            if u32::from(*p) < k {
                break;
            }
            *p = 0;
        }
    }
    best
}

fn board_of(spec: &Spec, mut idx: usize) -> Board {
    let k = spec.states as usize;
    let lights = (0..spec.cells())
        .map(|_| {
            let v = (idx % k) as u8;
            idx /= k;
            v
        })
        .collect();
    Board::from_lights(*spec, lights).unwrap()
}

/// Solves every pattern of `spec` and compares with brute force: solvability, the minimal press
/// count, the number of quiet patterns, and that presses and witnesses do what they claim.
fn check_exhaustively(spec: Spec) {
    let best = brute_force(&spec);
    let quiet = best.iter().filter(|&&b| b == 0).count(); // only the dark board needs 0 presses
    assert_eq!(quiet, 1);
    let reachable = best.iter().filter(|&&b| b != u32::MAX).count() as f64;
    let total = best.len() as f64;
    let r = rank(&spec, &mut NoProgress).unwrap();
    // |image| · |kernel| = k^cells.
    assert!(
        (reachable.log2() + r.quiet_log2 - total.log2()).abs() < 1e-9,
        "{spec:?}: {reachable} solvable of {total}, quiet log2 {}",
        r.quiet_log2
    );
    if spec.states == 2 || spec.states == 3 {
        let p = f64::from(spec.states).log2();
        assert!((r.quiet_log2 / p - r.nullity as f64).abs() < 1e-9, "{spec:?}");
    }
    let k = spec.states as usize;
    for idx in 0..best.len() {
        let board = board_of(&spec, idx);
        // Clearing s takes the presses that reach −s from dark.
        let neg = board.lights.iter().rev().fold(0usize, |acc, &v| acc * k + (k - v as usize) % k);
        let b = best[neg];
        let s = solve(&board, true, &mut NoProgress).unwrap();
        assert_eq!(s.solvable, b != u32::MAX, "{spec:?} pattern {idx}");
        match &s.presses {
            Some(x) => {
                assert!(board.cleared_by(x));
                assert!(s.minimal, "{spec:?}: small kernels are searched exhaustively");
                assert_eq!(s.press_count, u64::from(b), "{spec:?} pattern {idx}");
            }
            None => {
                let w = s.witness.as_ref().expect("an unsolvable board has a witness");
                let k = k as u32;
                let mut dark = Board::new(spec).unwrap();
                dark.apply_presses(w);
                assert!(dark.is_dark(), "the witness is quiet");
                let overlap: u32 = w.iter().zip(&board.lights).map(|(&a, &b)| u32::from(a) * u32::from(b)).sum();
                assert_ne!(overlap % k, 0, "the witness is not orthogonal to the lights");
            }
        }
    }
}

#[test]
fn brute_force_two_states_classic_up_to_4x4() {
    for m in 1..=4 {
        for n in 1..=4 {
            check_exhaustively(Spec::classic(m, n));
        }
    }
}

#[test]
fn brute_force_two_states_all_rules_and_torus_up_to_4x4() {
    for rule in Rule::ALL {
        for torus in [false, true] {
            for m in 1..=4 {
                for n in 1..=4 {
                    if rule == Rule::Plus && !torus {
                        continue; // the classic board, above
                    }
                    check_exhaustively(Spec { rows: m, cols: n, rule, torus, states: 2 });
                }
            }
        }
    }
}

#[test]
fn brute_force_three_and_four_states_up_to_3x3() {
    for states in [3, 4] {
        for m in 1..=3 {
            for n in 1..=3 {
                check_exhaustively(Spec { states, ..Spec::classic(m, n) });
            }
        }
        check_exhaustively(Spec { states, torus: true, ..Spec::classic(3, 3) });
        check_exhaustively(Spec { states, rule: Rule::Neighbours, ..Spec::classic(3, 3) });
        check_exhaustively(Spec { states, rule: Rule::King, ..Spec::classic(2, 3) });
    }
}

#[test]
fn brute_force_other_composite_and_prime_states() {
    for states in [5, 6, 7, 8, 9] {
        check_exhaustively(Spec { states, ..Spec::classic(2, 2) });
        check_exhaustively(Spec { states, rule: Rule::Neighbours, ..Spec::classic(2, 3) });
        check_exhaustively(Spec { states, rule: Rule::X, torus: true, ..Spec::classic(1, 3) });
    }
    check_exhaustively(Spec { states: 6, torus: true, ..Spec::classic(2, 3) });
}

/// Rank of the whole press matrix by elimination.
fn nullity_by_elimination(spec: &Spec) -> usize {
    let a = press_matrix_gf2(spec);
    let b = gf2::BitVec::zeros(spec.cells());
    spec.cells() - gf2::solve(&a, &b, &mut NoProgress).rank
}

#[test]
fn nullity_two_ways_bounded_up_to_30() {
    for m in 1..=30 {
        for n in m..=30 {
            for plus in [true, false] {
                let rule = if plus { Rule::Plus } else { Rule::Neighbours };
                let spec = Spec { rule, ..Spec::classic(m, n) };
                let by_poly = poly::bounded_nullity(m, n, plus);
                assert_eq!(by_poly, poly::bounded_nullity(n, m, plus));
                if plus || n <= 20 {
                    assert_eq!(by_poly, nullity_by_elimination(&spec), "{m}×{n} {rule:?}");
                }
            }
        }
    }
}

#[test]
fn nullity_two_ways_torus_up_to_30() {
    for m in 3..=30 {
        for n in m..=30 {
            let spec = Spec { torus: true, ..Spec::classic(m, n) };
            let by_poly = torus::nullity(m, n, true, &mut NoProgress).unwrap();
            assert_eq!(by_poly, nullity_by_elimination(&spec), "{m}×{n} torus");
        }
    }
    for m in 3..=12 {
        for n in m..=12 {
            let spec = Spec { torus: true, rule: Rule::Neighbours, ..Spec::classic(m, n) };
            let by_poly = torus::nullity(m, n, false, &mut NoProgress).unwrap();
            assert_eq!(by_poly, nullity_by_elimination(&spec), "{m}×{n} neighbours torus");
        }
    }
}

#[test]
fn the_source_5x5_has_rank_23() {
    let spec = Spec::classic(5, 5);
    assert_eq!(25 - nullity_by_elimination(&spec), 23);
    let r = rank(&spec, &mut NoProgress).unwrap();
    assert_eq!((r.rank, r.nullity), (23, 2));
    // "only 1/4 of all possible board patterns are solvable": 2^23 of 2^25.
    assert!((r.quiet_log2 - 2.0).abs() < 1e-12);
}

/// The source's table: after chasing, with p21..p25 the last row and buttons 1, 2 left alone,
/// press x3 = p22, x4 = p21 + p22 + p23, x5 = p21 + p22.
#[test]
fn the_source_fixup_table() {
    let rows = table(&Spec::classic(5, 5)).unwrap();
    assert_eq!(rows.len(), 32);
    let solvable: Vec<_> = rows.iter().filter(|r| r.press.is_some()).collect();
    assert_eq!(solvable.len(), 8, "rank 3 of the fix-up map: 8 leftovers can be fixed");
    for row in &rows {
        let p = |i: usize| row.leftover[i - 21];
        if let Some(x) = &row.press {
            let expect = [0, 0, p(22), (p(21) + p(22) + p(23)) % 2, (p(21) + p(22)) % 2];
            assert_eq!(x, &expect.to_vec(), "leftover {:?}", row.leftover);
        }
    }
}

/// The source's direct formula from the initial pattern p1..p25 (buttons 1 and 2 unpressed).
#[test]
fn the_source_first_row_formula() {
    let spec = Spec::classic(5, 5);
    let mut rng = rng_from_seed(5);
    let mut checked = 0;
    while checked < 200 {
        let lights: Vec<u8> = (0..25).map(|_| rng.random_range(0..2)).collect();
        let board = Board::from_lights(spec, lights.clone()).unwrap();
        let c = chase(&board).unwrap();
        let Some(f) = c.fixup else { continue };
        // The whole solution: first-row presses are the fix-up (the chase passes press rows 2..5).
        let p = |i: usize| u32::from(lights[i - 1]);
        let x3 = (p(4) + p(6) + p(7) + p(9) + p(10) + p(14) + p(16) + p(17) + p(18) + p(22)) % 2;
        let x4 = (p(3) + p(4) + p(5) + p(13) + p(14) + p(15) + p(17) + p(19) + p(21) + p(22) + p(23)) % 2;
        let x5 = (p(4) + p(5) + p(6) + p(8) + p(10) + p(11) + p(13) + p(14) + p(18) + p(21) + p(22)) % 2;
        assert_eq!(f, vec![0, 0, x3 as u8, x4 as u8, x5 as u8], "pattern {lights:?}");
        checked += 1;
    }
}

#[test]
fn chasing_animates_a_full_solution() {
    let mut rng = rng_from_seed(9);
    for (m, n, k) in [(5, 5, 2), (6, 7, 2), (4, 4, 3), (5, 3, 4), (3, 6, 6)] {
        for _ in 0..20 {
            let spec = Spec { states: k, ..Spec::classic(m, n) };
            let lights = (0..m * n).map(|_| rng.random_range(0..k)).collect();
            let board = Board::from_lights(spec, lights).unwrap();
            let c = chase(&board).unwrap();
            let solvable = solve(&board, false, &mut NoProgress).unwrap().solvable;
            assert_eq!(c.fixup.is_some(), solvable);
            if solvable {
                let mut b = board.clone();
                for s in &c.steps {
                    for _ in 0..s.times {
                        b.press(s.row, s.col);
                    }
                }
                assert!(b.is_dark());
            }
        }
    }
}

/// The polynomial chaser against elimination on random boards, both solvable and not.
#[test]
fn chaser_agrees_with_elimination() {
    let mut rng = rng_from_seed(3);
    for _ in 0..300 {
        let m = rng.random_range(1..=24);
        let n = rng.random_range(1..=24);
        let rule = if rng.random() { Rule::Plus } else { Rule::Neighbours };
        let spec = Spec { rule, ..Spec::classic(m, n) };
        let lights: Vec<u8> = (0..m * n).map(|_| rng.random_range(0..2)).collect();
        let board = Board::from_lights(spec, lights).unwrap();
        let fast = solve(&board, false, &mut NoProgress).unwrap();
        assert_eq!(fast.method, Method::Polynomial);
        let a = press_matrix_gf2(&spec);
        let b = gf2::BitVec::from_bools(board.lights.iter().map(|&v| v == 1));
        let dense = gf2::solve(&a, &b, &mut NoProgress);
        assert_eq!(fast.solvable, dense.solution.is_some(), "{m}×{n} {rule:?}");
        assert_eq!(fast.rank, dense.rank);
        assert_eq!(fast.quiet.len(), fast.nullity.min(64));
        for q in &fast.quiet {
            let mut d = Board::new(spec).unwrap();
            d.apply_presses(q);
            assert!(d.is_dark());
        }
        if let Some(w) = &fast.witness {
            let mut d = Board::new(spec).unwrap();
            d.apply_presses(w);
            assert!(d.is_dark());
            let overlap: u32 = w.iter().zip(&board.lights).map(|(&a, &b)| u32::from(a & b)).sum();
            assert_eq!(overlap % 2, 1);
        } else {
            assert!(fast.solvable);
        }
    }
}

#[test]
fn large_and_singular_boards() {
    let mut rng = rng_from_seed(11);
    // 4×4, 5×5, 16×16, 19×19 (nullity 16) and larger singular and regular boards.
    for (m, n) in [(4, 4), (5, 5), (16, 16), (19, 19), (300, 300), (401, 123), (1000, 1000)] {
        let spec = Spec::classic(m, n);
        let expect_nullity = poly::bounded_nullity(m, n, true);
        // A random solvable board, and the all-on board.
        let mut board = Board::new(spec).unwrap();
        let presses: Vec<u8> = (0..m * n).map(|_| rng.random_range(0..2)).collect();
        board.apply_presses(&presses);
        let s = solve(&board, m * n <= 10_000, &mut NoProgress).unwrap();
        assert!(s.solvable, "{m}×{n}");
        assert_eq!(s.nullity, expect_nullity);
        assert!(board.cleared_by(s.presses.as_ref().unwrap()));
        let on = Board::all_on(spec).unwrap();
        let s = solve(&on, false, &mut NoProgress).unwrap();
        if let Some(x) = &s.presses {
            assert!(on.cleared_by(x));
        }
        // A single light is unsolvable exactly when some quiet pattern covers it.
        let mut one = Board::new(spec).unwrap();
        one.lights[0] = 1;
        let s = solve(&one, false, &mut NoProgress).unwrap();
        assert_eq!(s.solvable, expect_nullity == 0 || s.witness.is_none());
    }
}

#[test]
fn minimal_beats_or_ties_every_other_solution_on_5x5() {
    // All 2^nullity = 4 solutions of random 5×5 patterns, compared by hand.
    let spec = Spec::classic(5, 5);
    let mut rng = rng_from_seed(21);
    for _ in 0..100 {
        let mut board = Board::new(spec).unwrap();
        let presses: Vec<u8> = (0..25).map(|_| rng.random_range(0..2)).collect();
        board.apply_presses(&presses);
        let s = solve(&board, true, &mut NoProgress).unwrap();
        assert!(s.minimal);
        let any = solve(&board, false, &mut NoProgress).unwrap();
        let x = any.presses.unwrap();
        let counts: Vec<u64> = (0..4)
            .map(|c| {
                let mut y = x.clone();
                for (i, q) in any.quiet.iter().enumerate() {
                    if c >> i & 1 == 1 {
                        for (a, b) in y.iter_mut().zip(q) {
                            *a ^= b;
                        }
                    }
                }
                y.iter().map(|&v| u64::from(v)).sum()
            })
            .collect();
        assert_eq!(s.press_count, *counts.iter().min().unwrap());
    }
}

#[test]
fn refusals_are_one_line_errors() {
    let big_x = Board::new(Spec { rule: Rule::X, ..Spec::classic(101, 101) }).unwrap();
    let e = solve(&big_x, false, &mut NoProgress).unwrap_err();
    assert!(e.message().contains(" x "), "{e}");
    let big_x_torus = Board::new(Spec { rule: Rule::X, states: 3, torus: true, ..Spec::classic(100, 100) }).unwrap();
    let e = solve(&big_x_torus, false, &mut NoProgress).unwrap_err();
    assert!(!e.message().contains('\n'), "{e}");
    assert!(chase(&Board::new(Spec { rule: Rule::X, ..Spec::classic(3, 3) }).unwrap()).is_err());
}

/// A solver's answer `s` for `board` against elimination's (solvable, nullity, log2 of the
/// number of quiet patterns); the presses, quiet patterns and witness by simulation.
fn assert_agrees(board: &Board, s: &chessboard_puzzles::lights::solvers::solve::Solution, dense: (bool, usize, f64)) {
    use chessboard_puzzles::lights::algebra::modk;
    let (spec, (solvable, nullity, log2)) = (board.spec, dense);
    assert_eq!(s.solvable, solvable, "{spec:?}");
    assert_eq!(s.nullity, nullity, "{spec:?}");
    assert!((s.quiet_log2 - log2).abs() < 1e-9, "{spec:?}");
    if let Some(x) = &s.presses {
        assert!(board.cleared_by(x), "{spec:?}");
    }
    for q in s.quiet.iter().chain(&s.witness) {
        let mut dark = Board::new(spec).unwrap();
        dark.apply_presses(q);
        assert!(dark.is_dark(), "{spec:?}");
    }
    if let Some(w) = &s.witness {
        assert_ne!(modk::dot(w, &board.lights, spec.states), 0, "{spec:?}");
    }
}

/// A structured solver (`method`) against dense elimination mod k on one board (called
/// directly: `solve` itself uses elimination up to 400 lights).
fn check_against_dense(spec: Spec, lights: &[u8], method: Method) {
    use chessboard_puzzles::lights::solvers::solve::{rank_structured, solve_structured};
    let states = spec.states;
    let board = Board::from_lights(spec, lights.to_vec()).unwrap();
    let s = solve_structured(&board, false, &mut NoProgress).unwrap();
    assert_eq!(s.method, method, "{spec:?}");
    let (solvable, nullity, log2) = if states == 2 {
        // Bit-packed GF(2) elimination reaches 4096 lights.
        let b = gf2::BitVec::from_bools(lights.iter().map(|&v| v == 1));
        let d = gf2::solve(&press_matrix_gf2(&spec), &b, &mut NoProgress);
        (d.solution.is_some(), spec.cells() - d.rank, (spec.cells() - d.rank) as f64)
    } else {
        let d = dense_mod_k(&spec, lights);
        (d.solution.is_some(), d.nullity, d.kernel_log2)
    };
    assert_agrees(&board, &s, (solvable, nullity, log2));
    assert_eq!(s.witness.is_some(), !s.solvable, "{spec:?}");
    let r = rank_structured(&spec, &mut NoProgress).unwrap();
    assert_eq!(r.nullity, nullity, "{spec:?}");
    // What `solve` and `rank` give, by elimination or the same solver, agrees.
    let (via_solve, via_rank) = (solve(&board, false, &mut NoProgress).unwrap(), rank(&spec, &mut NoProgress).unwrap());
    assert_eq!((via_solve.solvable, via_solve.nullity, via_rank.nullity), (solvable, nullity, nullity), "{spec:?}");
}

/// `solve` and `rank` use elimination up to 400 lights for every kind of board the structured
/// solvers take (4096 for the two-state packed chases), and those solvers beyond, exactly as
/// `needs_full_solvers` (which decides which wasm module the page's Worker loads) says.
#[test]
fn the_structured_solvers_start_beyond_their_cut_offs() {
    use chessboard_puzzles::lights::solvers::solve::{needs_full_solvers, DENSE_FIRST_CELLS};
    assert_eq!(DENSE_FIRST_CELLS, 400);
    let kinds = [
        (Rule::Plus, false, 3, Method::PolynomialModK),
        (Rule::Neighbours, false, 5, Method::PolynomialModK),
        (Rule::X, false, 4, Method::PolynomialModK),
        (Rule::Plus, true, 3, Method::PolynomialModK),
        (Rule::Neighbours, true, 6, Method::PolynomialModK),
        (Rule::King, true, 2, Method::Kronecker),
        (Rule::King, true, 7, Method::Kronecker),
    ];
    for (rule, torus, states, structured) in kinds {
        for (rows, cols) in [(20, 20), (10, 40), (20, 21), (21, 20), (12, 34)] {
            let spec = Spec { rule, torus, states, rows, cols };
            let beyond = spec.cells() > 400;
            assert_eq!(needs_full_solvers(&spec), beyond, "{spec:?}");
            let s = solve(&Board::new(spec).unwrap(), false, &mut NoProgress).unwrap();
            assert_eq!(s.method, if beyond { structured } else { Method::Elimination }, "{spec:?}");
        }
    }
    // Two states: the packed torus and x chases take over from elimination beyond 4096 lights.
    for (rule, torus) in [(Rule::Plus, true), (Rule::Neighbours, true), (Rule::X, false)] {
        for (rows, cols) in [(64, 64), (32, 128), (64, 65), (65, 64)] {
            let spec = Spec { rule, torus, states: 2, rows, cols };
            let beyond = spec.cells() > 4096;
            assert_eq!(needs_full_solvers(&spec), beyond, "{spec:?}");
            let s = solve(&Board::new(spec).unwrap(), false, &mut NoProgress).unwrap();
            assert_eq!(s.method, if beyond { Method::SymbolicChase } else { Method::Elimination }, "{spec:?}");
        }
    }
    // Boards no structured solver takes never need them, whatever their size.
    for spec in [
        Spec::classic(300, 300),
        Spec { rule: Rule::King, states: 3, ..Spec::classic(30, 30) },
        Spec { rule: Rule::X, states: 3, ..Spec::classic(21, 21) },
        Spec { rule: Rule::X, ..Spec::classic(63, 65) },
        Spec { torus: true, ..Spec::classic(30, 30) },
    ] {
        assert!(!needs_full_solvers(&spec), "{spec:?}");
    }
}

/// A solvable pattern (random presses on a dark board) and a random one, against elimination.
fn check_two_patterns(spec: Spec, rng: &mut chessboard_puzzles::seed::BoardRng, method: Method) {
    let mut board = Board::new(spec).unwrap();
    let presses: Vec<u8> = (0..spec.cells()).map(|_| rng.random_range(0..spec.states)).collect();
    board.apply_presses(&presses);
    check_against_dense(spec, &board.lights, method);
    let lights: Vec<u8> = (0..spec.cells()).map(|_| rng.random_range(0..spec.states)).collect();
    check_against_dense(spec, &lights, method);
}

/// A solvable pattern beyond elimination, solved and checked by simulation.
fn check_solves_a_solvable_pattern(
    spec: Spec,
    rng: &mut chessboard_puzzles::seed::BoardRng,
) -> chessboard_puzzles::lights::solvers::solve::Solution {
    let mut board = Board::new(spec).unwrap();
    let presses: Vec<u8> = (0..spec.cells()).map(|_| rng.random_range(0..spec.states)).collect();
    board.apply_presses(&presses);
    let s = solve(&board, false, &mut NoProgress).unwrap();
    assert!(s.solvable && board.cleared_by(s.presses.as_ref().unwrap()), "{spec:?}");
    s
}

/// Every bounded board up to 6×6, every k from 3 to 9, the plus, neighbours and x rules (x
/// with an even side): one solvable and one random pattern each, against dense elimination.
#[test]
fn row_chase_agrees_with_dense_mod_k() {
    let mut rng = rng_from_seed(17);
    for states in 3..=9u8 {
        for m in 1..=6 {
            for n in 1..=6 {
                for rule in [Rule::Plus, Rule::Neighbours, Rule::X] {
                    if rule == Rule::X && m % 2 == 1 && n % 2 == 1 {
                        continue;
                    }
                    let spec = Spec { rule, states, ..Spec::classic(m, n) };
                    check_two_patterns(spec, &mut rng, Method::PolynomialModK);
                }
            }
        }
    }
    // Larger boards, both orientations, checked by simulation inside `solve`.
    for (m, n, rule) in [(60, 25, Rule::Plus), (25, 60, Rule::Neighbours), (31, 40, Rule::X), (40, 31, Rule::X)] {
        for states in [3, 4, 6, 9] {
            check_solves_a_solvable_pattern(Spec { rule, states, ..Spec::classic(m, n) }, &mut rng);
        }
    }
}

/// King tori (the Kronecker product of two circulants) against dense elimination mod k: every
/// m×n from 3×3 to 8×8, every k from 2 to 9 (Z/9 only with both sides multiples of 3), one
/// solvable and one random pattern each; then larger tori by simulation.
#[test]
fn king_torus_agrees_with_dense_mod_k() {
    let mut rng = rng_from_seed(29);
    for states in 2..=9u8 {
        for m in 3..=8 {
            for n in 3..=8 {
                if states == 9 && (m % 3 != 0 || n % 3 != 0) {
                    continue;
                }
                let spec = Spec { rule: Rule::King, torus: true, states, rows: m, cols: n };
                check_two_patterns(spec, &mut rng, Method::Kronecker);
            }
        }
    }
    for (m, n, states) in [(60, 51, 2), (45, 64, 6), (33, 30, 9)] {
        let spec = Spec { rule: Rule::King, torus: true, states, rows: m, cols: n };
        check_solves_a_solvable_pattern(spec, &mut rng);
    }
}

/// Plus and neighbours tori with more than two states (a 2×2 system over Z/k[x]/(x^n − 1))
/// against dense elimination mod k: every m×n from 3×3 to 7×7, every k from 3 to 9, one
/// solvable and one random pattern each; then larger tori by simulation.
#[test]
fn torus_polynomials_agree_with_dense_mod_k() {
    let mut rng = rng_from_seed(37);
    for states in 3..=9u8 {
        for m in 3..=7 {
            for n in 3..=7 {
                for rule in [Rule::Plus, Rule::Neighbours] {
                    let spec = Spec { rule, states, torus: true, rows: m, cols: n };
                    check_two_patterns(spec, &mut rng, Method::PolynomialModK);
                }
            }
        }
    }
    for (m, n, states, rule) in [(60, 45, 3, Rule::Plus), (30, 64, 4, Rule::Neighbours), (40, 42, 6, Rule::Plus)] {
        let spec = Spec { rule, states, torus: true, rows: m, cols: n };
        check_solves_a_solvable_pattern(spec, &mut rng);
    }
}

/// (`#[ignore]`d: long.) King tori against elimination on every m×n from 3×3 to 20×20 for every
/// k (Z/9 with both sides multiples of 3), and 64×64 = 4096 lights for k = 2.
#[test]
#[ignore]
fn king_torus_agrees_with_dense_up_to_4096_lights() {
    let mut rng = rng_from_seed(31);
    let small = (3..=20).flat_map(|m| (3..=20).flat_map(move |n| (2..=9u8).map(move |k| (m, n, k))));
    for (m, n, states) in small.chain([(64, 64, 2), (63, 65, 2)]) {
        if states == 9 && (m % 3 != 0 || n % 3 != 0) {
            continue;
        }
        let spec = Spec { rule: Rule::King, torus: true, states, rows: m, cols: n };
        let lights: Vec<u8> = (0..m * n).map(|_| rng.random_range(0..states)).collect();
        check_against_dense(spec, &lights, Method::Kronecker);
    }
}

/// (`#[ignore]`d: long.) Every m×n up to 16×16 and the squares up to 20×20, every k from 3 to
/// 9, and 32×32 = 1024 lights (the largest dense elimination mod k reaches) for k = 3, 4, 8, 9.
#[test]
#[ignore]
fn row_chase_agrees_with_dense_mod_k_up_to_1024_lights() {
    let mut rng = rng_from_seed(19);
    let rules = [Rule::Plus, Rule::Neighbours, Rule::X];
    let small = (1..=16).flat_map(|m| (1..=16).map(move |n| (m, n))).chain((17..=20).map(|n| (n, n)));
    let cases = small
        .flat_map(|(m, n)| (3..=9u8).map(move |k| (m, n, k)))
        .chain([3u8, 4, 8, 9].into_iter().map(|k| (32, 32, k)));
    for (m, n, states) in cases {
        for rule in rules {
            if rule == Rule::X && m % 2 == 1 && n % 2 == 1 {
                continue;
            }
            let spec = Spec { rule, states, ..Spec::classic(m, n) };
            let lights: Vec<u8> = (0..m * n).map(|_| rng.random_range(0..states)).collect();
            check_against_dense(spec, &lights, Method::PolynomialModK);
        }
    }
}

/// Chasing with symbolic rows, bounded and torus, any k, against dense elimination mod k.
#[test]
fn symbolic_chasing_on_tori_agrees_with_dense() {
    use chessboard_puzzles::lights::solvers::solve::solve_symbolic;
    let mut rng = rng_from_seed(23);
    for _ in 0..300 {
        let (m, n) = (rng.random_range(3..=6), rng.random_range(3..=6));
        let states = rng.random_range(2..=9);
        let rule = if rng.random() { Rule::Plus } else { Rule::Neighbours };
        let torus = rng.random();
        let spec = Spec { rule, states, torus, rows: m, cols: n };
        let lights: Vec<u8> = (0..m * n).map(|_| rng.random_range(0..states)).collect();
        let board = Board::from_lights(spec, lights.clone()).unwrap();
        let s = solve_symbolic(&board, false, &mut NoProgress).unwrap();
        let d = dense_mod_k(&spec, &lights);
        assert_agrees(&board, &s, (d.solution.is_some(), d.nullity, d.kernel_log2));
    }
    // Tori beyond dense elimination go this way through `solve`, checked by simulation there.
    for (m, n, states) in [(80, 70, 2), (64, 65, 2), (40, 30, 3)] {
        let spec = Spec { states, torus: true, ..Spec::classic(m, n) };
        let s = check_solves_a_solvable_pattern(spec, &mut rng);
        let method = if states == 2 { Method::SymbolicChase } else { Method::PolynomialModK };
        assert_eq!(s.method, method);
        if states == 2 {
            assert_eq!(s.nullity, torus::nullity(m, n, true, &mut NoProgress).unwrap());
        }
    }
}

/// Nullity and the number of quiet patterns by dense elimination mod k.
fn dense_mod_k(spec: &Spec, lights: &[u8]) -> chessboard_puzzles::lights::algebra::modk::ModSolution {
    use chessboard_puzzles::lights::algebra::modk;
    use chessboard_puzzles::lights::solvers::solve::press_matrix;
    let k = spec.states;
    let b: Vec<u8> = lights.iter().map(|&v| (k - v) % k).collect();
    modk::solve(spec.cells(), &press_matrix(spec), &b, k, &mut NoProgress)
}

/// The king rule's closed form m·n − (m − a)(n − b) against elimination of the whole press
/// matrix: GF(2) for every size up to 16×16, mod 3, 4, 6, 8, 9 up to 7×7. (`#[ignore]`d
/// `king_closed_form_up_to_4096_lights` goes on to 40×40 and 64×64.)
#[test]
fn king_closed_form_against_elimination() {
    for m in 1..=16 {
        for n in 1..=16 {
            let spec = Spec { rule: Rule::King, ..Spec::classic(m, n) };
            let r = rank(&spec, &mut NoProgress).unwrap();
            assert_eq!(r.nullity, nullity_by_elimination(&spec), "{m}×{n}");
        }
    }
    for m in 1..=7 {
        for n in 1..=7 {
            for states in [3, 4, 6, 8, 9] {
                let spec = Spec { rule: Rule::King, states, ..Spec::classic(m, n) };
                let r = rank(&spec, &mut NoProgress).unwrap();
                let d = dense_mod_k(&spec, &vec![0; m * n]);
                assert_eq!(r.nullity, d.nullity, "{spec:?}");
                assert!((r.quiet_log2 - d.kernel_log2).abs() < 1e-9, "{spec:?}");
            }
        }
    }
}

#[test]
#[ignore = "minutes in a debug build: run with --release -- --ignored"]
fn king_closed_form_up_to_4096_lights() {
    // Every m×n up to 40×40, and every square and near-square up to 64×64 = 4096 lights.
    let sizes =
        (1..=40).flat_map(|m| (m..=40).map(move |n| (m, n))).chain((41..=64).flat_map(|n| [(n - 1, n), (n, n)]));
    for (m, n) in sizes {
        let spec = Spec { rule: Rule::King, ..Spec::classic(m, n) };
        assert_eq!(rank(&spec, &mut NoProgress).unwrap().nullity, nullity_by_elimination(&spec), "{m}×{n}");
    }
}

/// King boards solved by the Kronecker method against dense elimination mod k: solvability,
/// nullity, presses by simulation, quiet patterns and witnesses by what they claim.
#[test]
fn king_kronecker_agrees_with_elimination() {
    use chessboard_puzzles::lights::algebra::modk;
    let mut rng = rng_from_seed(29);
    for _ in 0..300 {
        let (m, n) = (rng.random_range(1..=8), rng.random_range(1..=8));
        let states = rng.random_range(2..=9);
        let spec = Spec { rule: Rule::King, states, ..Spec::classic(m, n) };
        let lights: Vec<u8> = (0..m * n).map(|_| rng.random_range(0..states)).collect();
        let board = Board::from_lights(spec, lights.clone()).unwrap();
        let s = solve(&board, m * n <= 30, &mut NoProgress).unwrap();
        assert_eq!(s.method, Method::Kronecker);
        let d = dense_mod_k(&spec, &lights);
        assert_eq!(s.solvable, d.solution.is_some(), "{spec:?}");
        assert_eq!(s.nullity, d.nullity, "{spec:?}");
        if let Some(x) = &s.presses {
            assert!(board.cleared_by(x), "{spec:?}");
        }
        for q in s.quiet.iter().chain(&s.witness) {
            let mut dark = Board::new(spec).unwrap();
            dark.apply_presses(q);
            assert!(dark.is_dark(), "{spec:?}");
        }
        if let Some(w) = &s.witness {
            assert_ne!(modk::dot(w, &lights, states), 0);
        }
        assert_eq!(s.solvable, s.witness.is_none());
    }
    // Far beyond elimination: random solvable boards, every rows mod 3 and columns mod 3.
    for (m, n, states) in [(300, 301, 2), (302, 299, 5), (1000, 1000, 2), (1001, 998, 9)] {
        let spec = Spec { rule: Rule::King, states, ..Spec::classic(m, n) };
        let s = check_solves_a_solvable_pattern(spec, &mut rng);
        assert_eq!(s.nullity as u64, (m * n - (m - usize::from(m % 3 == 2)) * (n - usize::from(n % 3 == 2))) as u64);
    }
}

/// Presses by an independent chase written here: row r+1 = L·row r + row r−1 + lights r.
fn reference_chase(lights: &[Vec<bool>], first: &[bool], plus: bool) -> (Vec<Vec<bool>>, Vec<bool>) {
    let n = first.len();
    let mut rows = vec![first.to_vec()];
    for (r, light_row) in lights.iter().enumerate() {
        let cur = &rows[r];
        let next: Vec<bool> = (0..n)
            .map(|c| {
                let mut v = light_row[c] ^ (plus && cur[c]);
                v ^= c > 0 && cur[c - 1];
                v ^= c + 1 < n && cur[c + 1];
                v ^= r > 0 && rows[r - 1][c];
                v
            })
            .collect();
        rows.push(next);
    }
    let below = rows.pop().unwrap();
    (rows, below)
}

/// First rows of all-on boards by a second method: the fix-up matrix (what chasing each
/// single first-row press leaves below the board), built with [`reference_chase`] and solved
/// by dense elimination. Where the solution is unique the first rows must be equal; else the
/// packed first row must chase to a clear board.
fn check_first_row_two_ways(m: usize, n: usize, plus: bool) {
    use chessboard_puzzles::lights::board::packed::PackedBoard;
    use chessboard_puzzles::lights::solvers::large::solve_packed;
    let rule = if plus { Rule::Plus } else { Rule::Neighbours };
    let on = vec![vec![true; n]; m];
    let (_, leftover) = reference_chase(&on, &vec![false; n], plus);
    let mut a = gf2::BitMatrix::zeros(n, n);
    let dark = vec![vec![false; n]; m];
    for j in 0..n {
        let mut e = vec![false; n];
        e[j] = true;
        let (_, col) = reference_chase(&dark, &e, plus);
        for (i, &v) in col.iter().enumerate() {
            a.set(i, j, v);
        }
    }
    let dense = gf2::solve(&a, &gf2::BitVec::from_bools(leftover.iter().copied()), &mut NoProgress);
    let s = solve_packed(&PackedBoard::all_on(m, n).unwrap(), rule, false, &mut NoProgress).unwrap();
    assert_eq!(s.nullity, n - dense.rank, "{m}×{n}");
    assert_eq!(s.first_row.is_some(), dense.solution.is_some(), "{m}×{n}");
    if let (Some(f), Some(x)) = (&s.first_row, &dense.solution) {
        let f: Vec<bool> = f.to_bytes().iter().map(|&b| b == 1).collect();
        if s.nullity == 0 {
            assert_eq!(f, x.to_u8().iter().map(|&b| b == 1).collect::<Vec<_>>(), "{m}×{n}");
        }
        let (presses, below) = reference_chase(&on, &f, plus);
        assert!(below.iter().all(|&b| !b), "{m}×{n}");
        let count: usize = presses.iter().flatten().filter(|&&b| b).count();
        assert_eq!(s.press_count, Some(count as u64));
    }
}

#[test]
fn first_rows_of_all_on_boards_two_ways() {
    for (m, n) in [(1, 1), (5, 5), (4, 4), (19, 19), (63, 64), (64, 65), (130, 129), (200, 200)] {
        check_first_row_two_ways(m, n, true);
        check_first_row_two_ways(m, n, false);
    }
}

#[test]
#[ignore = "large boards: run with --release -- --ignored"]
fn first_rows_of_large_all_on_boards_two_ways() {
    for n in [1000, 1500, 2000] {
        check_first_row_two_ways(n, n, true);
    }
    check_first_row_two_ways(3000, 1200, true);
}

/// The packed solver on random boards beyond the byte-a-light limit and singular ones: every
/// returned press set simulated word-parallel by `effect` (checked against the light-by-light
/// rule in its own tests), unsolvable ones by their witness.
#[test]
fn packed_solutions_simulate_to_the_lights() {
    use chessboard_puzzles::lights::board::packed::{effect, PackedBoard};
    use chessboard_puzzles::lights::solvers::large::{random_packed, solve_packed};
    let mut rng = rng_from_seed(31);
    for (m, n) in [(4, 4), (5, 5), (19, 19), (33, 200), (4100, 70), (70, 4100)] {
        for rule in [Rule::Plus, Rule::Neighbours] {
            let plus = rule == Rule::Plus;
            let solvable = random_packed(m, n, rule, rng.random()).unwrap();
            let s = solve_packed(&solvable, rule, true, &mut NoProgress).unwrap();
            let x = s.presses.as_ref().unwrap();
            assert_eq!(effect(x, plus).unwrap(), solvable, "{m}×{n} {rule:?}");
            assert_eq!(s.press_count, Some(x.count_ones()));
            assert_eq!(s.nullity, poly::bounded_nullity(m, n, plus));
            let mut any = PackedBoard::zeros(m, n).unwrap();
            for _ in 0..(m * n / 3).max(1) {
                any.flip(rng.random_range(0..m), rng.random_range(0..n));
            }
            let s = solve_packed(&any, rule, true, &mut NoProgress).unwrap();
            match (&s.presses, &s.witness) {
                (Some(x), None) => assert_eq!(effect(x, plus).unwrap(), any),
                (None, Some(w)) => {
                    assert!(effect(w, plus).unwrap().is_dark());
                    assert!(w.overlap_is_odd(&any));
                }
                _ => panic!("{m}×{n}: a solution or a witness"),
            }
        }
    }
}

/// The packed torus chase against elimination of the whole press matrix on small tori (where
/// `solve` itself would eliminate), and by simulation on larger ones.
#[test]
fn packed_torus_chase_agrees_with_elimination() {
    use chessboard_puzzles::lights::board::packed::PackedBoard;
    use chessboard_puzzles::lights::solvers::torus_chase;
    let mut rng = rng_from_seed(37);
    for _ in 0..200 {
        let (m, n) = (rng.random_range(3..=9), rng.random_range(3..=9));
        let rule = if rng.random() { Rule::Plus } else { Rule::Neighbours };
        let spec = Spec { rule, torus: true, ..Spec::classic(m, n) };
        let lights: Vec<u8> = (0..m * n).map(|_| rng.random_range(0..2)).collect();
        let board = Board::from_lights(spec, lights.clone()).unwrap();
        let s =
            torus_chase::solve(&PackedBoard::from_board(&board).unwrap(), rule == Rule::Plus, &mut NoProgress).unwrap();
        let dense = gf2::solve(
            &press_matrix_gf2(&spec),
            &gf2::BitVec::from_bools(lights.iter().map(|&v| v == 1)),
            &mut NoProgress,
        );
        assert_eq!(s.presses.is_some(), dense.solution.is_some(), "{spec:?}");
        assert_eq!(s.kernel.len(), m * n - dense.rank, "{spec:?}");
        if let Some(x) = &s.presses {
            assert!(board.cleared_by(&x.to_bytes()), "{spec:?}");
        }
    }
    for (m, n) in [(100, 90), (90, 100), (63, 64)] {
        let spec = Spec { torus: true, ..Spec::classic(m, n) };
        let mut board = Board::new(spec).unwrap();
        let presses: Vec<u8> = (0..m * n).map(|_| rng.random_range(0..2)).collect();
        board.apply_presses(&presses);
        let s = solve(&board, false, &mut NoProgress).unwrap();
        assert!(s.solvable && board.cleared_by(s.presses.as_ref().unwrap()));
        assert_eq!(s.nullity, torus::nullity(m, n, true, &mut NoProgress).unwrap());
        let one = Board::from_lights(spec, (0..m * n).map(|i| u8::from(i == 0)).collect()).unwrap();
        let s = solve(&one, false, &mut NoProgress).unwrap();
        if let Some(w) = &s.witness {
            let mut dark = Board::new(spec).unwrap();
            dark.apply_presses(w);
            assert!(dark.is_dark() && w[0] == 1);
        }
        assert_eq!(s.solvable, s.witness.is_none());
    }
}

/// The packed x-rule chase (an even side) against elimination on small boards, and through
/// `solve` (checked by simulation there) on boards beyond elimination, both orientations.
#[test]
fn packed_x_chase_agrees_with_elimination() {
    use chessboard_puzzles::lights::board::packed::PackedBoard;
    use chessboard_puzzles::lights::solvers::x_chase;
    let mut rng = rng_from_seed(41);
    for _ in 0..200 {
        let (m, n) = (rng.random_range(1..=9), 2 * rng.random_range(1..=5));
        let spec = Spec { rule: Rule::X, ..Spec::classic(m, n) };
        let lights: Vec<u8> = (0..m * n).map(|_| rng.random_range(0..2)).collect();
        let board = Board::from_lights(spec, lights.clone()).unwrap();
        let s = x_chase::solve(&PackedBoard::from_board(&board).unwrap(), &mut NoProgress).unwrap();
        let dense = gf2::solve(
            &press_matrix_gf2(&spec),
            &gf2::BitVec::from_bools(lights.iter().map(|&v| v == 1)),
            &mut NoProgress,
        );
        assert_eq!(s.presses.is_some(), dense.solution.is_some(), "{spec:?}");
        assert_eq!(s.kernel.len(), m * n - dense.rank, "{spec:?}");
        if let Some(x) = &s.presses {
            assert!(board.cleared_by(&x.to_bytes()), "{spec:?}");
        }
    }
    for (m, n) in [(90, 100), (101, 64), (64, 101)] {
        let spec = Spec { rule: Rule::X, ..Spec::classic(m, n) };
        let mut board = Board::new(spec).unwrap();
        let presses: Vec<u8> = (0..m * n).map(|_| rng.random_range(0..2)).collect();
        board.apply_presses(&presses);
        let s = solve(&board, false, &mut NoProgress).unwrap();
        assert!(s.solvable && board.cleared_by(s.presses.as_ref().unwrap()), "{m}×{n}");
        assert_eq!(s.nullity, rank(&spec, &mut NoProgress).unwrap().nullity);
        for q in &s.quiet {
            let mut dark = Board::new(spec).unwrap();
            dark.apply_presses(q);
            assert!(dark.is_dark());
        }
    }
}

/// A large board's solution is stepped a block of rows at a time (issue 27, item 13): after step
/// k the board is the start with every press of the solution's first rows made one by one (the
/// definition of a press), undo takes one block back, and the last step darkens the board.
#[test]
fn a_large_boards_solution_steps_by_rows_and_each_step_is_its_presses() {
    use chessboard_puzzles::lights::{Lights, Position, SolveRequest};
    use chessboard_puzzles::puzzle::Puzzle;
    use chessboard_puzzles::session::Session;
    // 33×32 is just past the 1,024 lights stepped a press at a time; 450 rows need 3 rows a step
    // to keep within 200 steps; a torus king board with 3 states exercises presses k−1 back.
    let boards = [
        Spec { rows: 33, cols: 32, rule: Rule::Plus, torus: false, states: 2 },
        Spec { rows: 450, cols: 3, rule: Rule::Plus, torus: false, states: 3 },
        Spec { rows: 36, cols: 36, rule: Rule::King, torus: true, states: 3 },
    ];
    for spec in boards {
        let start = (0..20u64).map(|seed| Position::random(&spec, seed).unwrap()).find(|p| p.lights.lit() > 0).unwrap();
        let how = SolveRequest { minimal: false, presses: true, quiet: false };
        let presses = start.lights.solve(&how, &mut NoProgress).unwrap().presses.expect("random boards are solvable");
        let per = if spec.rows <= 200 { 1 } else { spec.rows.div_ceil(200) };
        // The board after the presses of rows 0..upto, each press made alone.
        let by_hand = |upto: usize| -> (Lights, u32) {
            let mut lights = start.lights.clone();
            let mut count = 0;
            for r in 0..upto.min(spec.rows) {
                for c in 0..spec.cols {
                    for _ in 0..presses.get(r, c) {
                        lights.press(r, c, 1).unwrap();
                        count += 1;
                    }
                }
            }
            (lights, count)
        };
        let mut session = Session::new(start.clone());
        let steps = session.load_steps(Position::steps_of(&presses).unwrap());
        assert_eq!(steps, spec.rows.div_ceil(per), "{spec:?}: a step per {per} rows");
        assert!(steps <= 200);
        for k in [1, steps / 2, steps, 0, steps - 1] {
            session.step_to(k).unwrap();
            let (lights, count) = by_hand(k * per);
            assert_eq!(session.state().lights, lights, "{spec:?}, after step {k}");
            assert_eq!(session.state().moves, count, "{spec:?}, presses counted after step {k}");
        }
        session.step_to(steps).unwrap();
        assert!(session.state().is_solved(), "{spec:?}: the last step darkens the board");
        assert!(session.undo());
        assert_eq!(session.state().lights, by_hand((steps - 1) * per).0, "{spec:?}: undo takes one block back");
    }
}

/// Light chasing is walked a row at a time (issue 31): its rows are the session's steps, and
/// after step k the board is the start with every press of the first k rows made one by one;
/// undo takes a row back; a 3-state board chases too. Rows that do not fit the board are refused.
#[test]
fn the_chase_walks_a_row_a_step_through_the_session() {
    use chessboard_puzzles::lights::game::random_board;
    use chessboard_puzzles::lights::solvers::chase::ChaseRow;
    use chessboard_puzzles::lights::{Lights, Position};
    use chessboard_puzzles::puzzle::Puzzle;
    use chessboard_puzzles::session::Session;
    for spec in [
        Spec { rows: 7, cols: 6, rule: Rule::Plus, torus: false, states: 2 },
        Spec { rows: 5, cols: 5, rule: Rule::Plus, torus: false, states: 3 },
    ] {
        let board = (0..20).map(|s| random_board(&spec, s).unwrap()).find(|b| !b.is_dark()).unwrap();
        let plan = chase(&board).unwrap();
        let rows = plan.rows();
        assert_eq!(rows.iter().map(|r| r.presses.len()).sum::<usize>(), plan.steps.len(), "every press in one row");
        let start = Position::new(Lights::from_board(board.clone()).unwrap());
        let by_hand = |upto: usize| {
            let mut b = board.clone();
            for row in &rows[..upto] {
                for p in &row.presses {
                    assert_eq!(p.row, row.row);
                    for _ in 0..p.times {
                        b.press(p.row, p.col);
                    }
                }
            }
            b
        };
        let mut session = Session::new(start);
        let walk = chessboard_puzzles::lights::puzzle::SolveOptions { minimal: false, chase: true };
        assert_eq!(session.solve(&walk, &mut NoProgress).unwrap(), rows.len());
        for k in (0..=rows.len()).chain([1, 0]) {
            session.step_to(k).unwrap();
            assert_eq!(session.state().lights.to_board().unwrap().lights, by_hand(k).lights, "{spec:?}, after row {k}");
        }
        session.step_to(rows.len()).unwrap();
        assert_eq!(session.state().is_solved(), plan.fixup.is_some(), "{spec:?}: a fixable chase ends dark");
        assert!(session.undo());
        assert_eq!(session.state().lights.to_board().unwrap().lights, by_hand(rows.len() - 1).lights);
        let wide = ChaseRow {
            presses: vec![chessboard_puzzles::lights::solvers::chase::Step { col: spec.cols, ..rows[0].presses[0] }],
            ..rows[0].clone()
        };
        assert!(Position::steps_of_chase(&[wide], spec.cols).is_err());
    }
}

/// What a click or key on a light does (issue 31, `interpret_move`): in play a click, Space or
/// Enter presses it; in edit it steps the light one state on; a digit sets the light to that
/// state whatever the mode (an edit, not a press); other keys mean nothing. Checked by making
/// each action and reading the light back against the rule of a press written here.
#[test]
fn input_on_a_light_presses_it_or_edits_it_by_the_mode() {
    use chessboard_puzzles::lights::{Lights, Position};
    use chessboard_puzzles::puzzle::{Action, Input, Puzzle};
    let spec = Spec { rows: 3, cols: 4, rule: Rule::Plus, torus: false, states: 3 };
    let start = Position::new(Lights::from_board(Board::new(spec).unwrap()).unwrap());
    let played = |input, editing| match start.interpret(5, input, editing).unwrap() {
        Some(Action::Play(mv)) => Some(start.apply(&mv).unwrap()),
        Some(Action::Keep) => None,
        other => panic!("{other:?}"),
    };
    // Light 5 is row 1, column 1: a press steps it and its four neighbours one state on.
    let pressed = played(Input::Click, false).unwrap();
    for (r, c) in [(1, 1), (0, 1), (2, 1), (1, 0), (1, 2)] {
        assert_eq!(pressed.lights.get(r, c), 1, "({r}, {c})");
    }
    assert_eq!(pressed.lights.lit(), 5);
    assert_eq!(pressed.moves, 1);
    assert_eq!(played(Input::Key('\n'), false).unwrap().lights, pressed.lights);
    // Editing steps the light alone, and is not a press.
    let edited = played(Input::Key(' '), true).unwrap();
    assert_eq!((edited.lights.get(1, 1), edited.lights.lit(), edited.moves), (1, 1, 0));
    // A digit sets the state: 2 from 0 in play mode too; the state it has, or one past the
    // three states, changes nothing.
    let two = played(Input::Key('2'), false).unwrap();
    assert_eq!((two.lights.get(1, 1), two.lights.lit(), two.moves), (2, 1, 0));
    assert!(played(Input::Key('0'), false).is_none());
    assert!(played(Input::Key('3'), false).is_none());
    assert_eq!(start.interpret(5, Input::Key('x'), false).unwrap(), None);
    assert!(start.interpret(12, Input::Click, false).is_err(), "a light off the board");
}
