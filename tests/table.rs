//! The rotating table's search and verifier against independent sources: a brute-force search
//! over raw belief sets (no necklaces, no rotation closure, every raw move, written here from
//! the rules alone), the notebook's published results, the theorem (winnable exactly when N
//! and σ are powers of one prime, or N = 1) and the lower bound σ^N − 1.

use chessboard_puzzles::progress::NoProgress;
use chessboard_puzzles::table::construction::{Listed, Recursive, Strategy};
use chessboard_puzzles::table::search::search;
use chessboard_puzzles::table::verify::exact;
use chessboard_puzzles::table::{Move, Params};
use std::collections::{HashMap, VecDeque};

/// Faces of raw configuration x (base σ, position 0 least significant).
fn faces(x: u32, n: usize, s: u32) -> Vec<u32> {
    (0..n).map(|i| x / s.pow(i as u32) % s).collect()
}

fn index(f: &[u32], s: u32) -> u32 {
    f.iter().rev().fold(0, |acc, &d| acc * s + d)
}

/// The game tree searched breadth first over raw belief sets (sets of configurations as bit
/// masks, σ^N ≤ 64): the belief after a move is every rotation of every configuration plus the
/// move, minus all heads. Returns the shortest strategy as raw moves, or None after exhausting
/// every reachable belief set.
fn brute_force(n: usize, s: u32) -> Option<Vec<u32>> {
    let total = s.pow(n as u32);
    assert!(total <= 64);
    let start: u64 = (1..total).fold(0, |m, x| m | 1 << x);
    let step = |belief: u64, mv: u32| -> u64 {
        let m = faces(mv, n, s);
        let mut out = 0u64;
        for c in (0..total).filter(|&c| belief >> c & 1 == 1) {
            let f = faces(c, n, s);
            for r in 0..n {
                let y: Vec<u32> = (0..n).map(|i| (f[(i + n - r) % n] + m[i]) % s).collect();
                let y = index(&y, s);
                if y != 0 {
                    out |= 1 << y;
                }
            }
        }
        out
    };
    let mut parent: HashMap<u64, (u64, u32)> = HashMap::from([(start, (start, 0))]);
    let mut queue = VecDeque::from([start]);
    while let Some(b) = queue.pop_front() {
        for mv in 0..total {
            let next = step(b, mv);
            if parent.contains_key(&next) {
                continue;
            }
            parent.insert(next, (b, mv));
            if next == 0 {
                let mut path = Vec::new();
                let mut state = 0;
                while state != start {
                    let (prev, mv) = parent[&state];
                    path.push(mv);
                    state = prev;
                }
                path.reverse();
                return Some(path);
            }
            queue.push_back(next);
        }
    }
    None
}

fn verified(params: Params, moves: Vec<Move>) -> bool {
    exact(&Listed { params, moves }, &mut NoProgress).unwrap().valid
}

#[test]
fn search_agrees_with_brute_force_and_the_verifier() {
    let cases =
        [(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (2, 3), (3, 3), (2, 4), (3, 4), (1, 5), (2, 5), (2, 6)];
    for (n, s) in cases {
        let params = Params::new(n, s).unwrap();
        let found = search(params, &mut NoProgress).unwrap();
        let brute = brute_force(n, u32::from(s));
        assert_eq!(found.length, brute.as_ref().map(|b| b.len() as u64), "n={n} s={s}");
        assert_eq!(found.winning, params.winnable(), "the theorem, n={n} s={s}");
        if let Some(b) = brute {
            // Both strategies pass the exact verifier, and cutting the last move breaks them.
            let to_move = |m: u32| Move::new(&params, faces(m, n, u32::from(s)).iter().map(|&d| d as u8).collect());
            let raw: Vec<Move> = b.iter().map(|&m| to_move(m).unwrap()).collect();
            assert!(verified(params, raw.clone()));
            assert!(verified(params, found.moves.clone()));
            assert!(!verified(params, found.moves[..found.moves.len() - 1].to_vec()));
            assert!(!verified(params, raw[..raw.len() - 1].to_vec()));
            // And the length is the lower bound σ^N − 1.
            assert_eq!(found.length, params.configs().map(|c| c - 1));
        }
    }
}

#[test]
fn search_for_seven_and_eight_coins_matches_the_notebook_and_the_verifier() {
    // "there are no winning strategies for N = 3, 5, 6, or 7" and for N = 8 "a shortest
    // winning strategy with 255 steps".
    let seven = search(Params::new(7, 2).unwrap(), &mut NoProgress).unwrap();
    assert!(!seven.winning);
    // The notebook's open question for nine coins (and ten), against the theorem.
    for n in [9, 10] {
        assert!(!search(Params::new(n, 2).unwrap(), &mut NoProgress).unwrap().winning, "n={n}");
    }
    let params = Params::new(8, 2).unwrap();
    let eight = search(params, &mut NoProgress).unwrap();
    assert_eq!(eight.length, Some(255));
    assert!(verified(params, eight.moves.clone()));
    assert!(!verified(params, eight.moves[1..].to_vec()));
}

#[test]
fn the_construction_wins_for_one_to_sixteen_coins() {
    for n in [1, 2, 4, 8, 16] {
        let params = Params::new(n, 2).unwrap();
        let report = exact(&Recursive::new(params).unwrap(), &mut NoProgress).unwrap();
        let bound = (1u64 << n) - 1;
        assert!(report.valid, "n={n}");
        assert_eq!(report.length, bound);
        assert_eq!(report.emptied_at, Some(bound), "the set empties exactly at the last move");
        assert_eq!(report.most_removed, 1);
    }
    // The analogue for three and five sides.
    for (n, s) in [(3, 3), (9, 3), (5, 5)] {
        let params = Params::new(n, s).unwrap();
        let report = exact(&Recursive::new(params).unwrap(), &mut NoProgress).unwrap();
        assert!(report.valid && report.length == params.configs().unwrap() - 1, "n={n} s={s}");
    }
    // Three sides, three coins: the construction is as short as the brute-force search.
    let brute = brute_force(3, 3).unwrap();
    assert_eq!(Recursive::new(Params::new(3, 3).unwrap()).unwrap().len(), brute.len() as u64);
}

/// The jump (page and CLI) is one move of the session's history, landing where the strategy's
/// moves played one at a time land.
#[test]
fn a_jump_through_the_session_is_the_strategy_played_move_by_move_and_one_undo() {
    use chessboard_puzzles::puzzle::Puzzle;
    use chessboard_puzzles::session::Session;
    use chessboard_puzzles::table::game::{jump, strategy_for, Play};
    use chessboard_puzzles::table::{DevilKind, Game};
    let params = Params::new(8, 2).unwrap();
    let start = Game::new(params, DevilKind::Random, true, false, 17).unwrap();
    let strategy = strategy_for(params).unwrap();
    let (mut by_hand, mut last) = (start.clone(), None);
    for i in 0..7 {
        let play = Play { amounts: strategy.move_at(i).amounts, turn: None };
        let (next, choice) = by_hand.play(&play).unwrap();
        (by_hand, last) = (next, Some(choice));
        if by_hand.is_solved() {
            break;
        }
    }
    let mut session = Session::new(start.clone());
    let choice = jump(&mut session, 7).unwrap();
    assert_eq!(session.state(), &by_hand);
    assert_eq!(choice, last);
    assert_eq!(session.move_count(), 1);
    assert!(session.undo());
    assert_eq!(session.state(), &start);
    assert_eq!(jump(&mut Session::new(start), 0).unwrap(), None);
}
