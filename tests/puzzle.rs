//! The conformance test of the `Puzzle` trait and of the session the faces drive: one generic
//! check that every implementation passes (the Devil's chessboard, Lights Out, the rotating
//! table). It checks the contract against the trait's own definitions: random games are
//! reproducible from the seed, the moves `solve` returns reach `is_solved` when applied one by
//! one, `verify` agrees with applying, payloads and links round-trip, garbled payloads are
//! errors; and through a `Session`: a solution's steps reach the goal, stepping back and forth
//! and undo then redo restore the state and its link, and a move after an undo replaces the
//! undone ones.

use chessboard_puzzles::puzzle::Puzzle;
use chessboard_puzzles::session::{Session, StepPosition};
use chessboard_puzzles::{devil, lights, table};
use std::fmt::Debug;

/// The characters of a base64url payload.
const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn conforms<P: Puzzle + PartialEq + Debug>(params: &P::Params, seeds: std::ops::Range<u64>) {
    for seed in seeds {
        let game = P::random(params, seed).unwrap();
        assert_eq!(P::random(params, seed).unwrap(), game, "seed {seed} reproduces its game");

        // Apply the solution move by move; every state on the way round-trips through its
        // payload, and verify of each prefix says what applying it gave.
        let moves = game.solve().unwrap();
        let mut state = game.clone();
        for (i, mv) in moves.iter().enumerate() {
            assert_eq!(P::decode(&state.encode()).unwrap(), state, "seed {seed}, after {i} moves");
            assert_eq!(game.verify(&moves[..i]).unwrap(), state.is_solved(), "seed {seed}, {i} moves");
            match state.apply(mv) {
                Ok(next) => state = next,
                // A game may be won before the list ends (the table's strategy is a fixed list).
                Err(_) => {
                    assert!(state.is_solved(), "seed {seed}: move {i} of solve() refused before the goal");
                    break;
                }
            }
        }
        assert!(state.is_solved(), "seed {seed}: solve() reaches the goal");
        assert!(game.verify(&moves).unwrap(), "seed {seed}: verify accepts solve()");
        assert_eq!(P::decode(&state.encode()).unwrap(), state);

        garbled_payloads_are_errors::<P>(&game.encode(), seed);
        assert_eq!(P::open(&format!("#{}", game.link())).unwrap(), game, "seed {seed}: the link opens its game");
        session_conforms(&game, seed);
    }
}

/// The session the pages drive, checked against applying moves by hand (the trait's `apply`).
fn session_conforms<P: Puzzle + PartialEq + Debug>(game: &P, seed: u64) {
    let mut session = Session::new(game.clone());
    let count = session.solve(&P::SolveOptions::default(), &mut chessboard_puzzles::progress::NoProgress).unwrap();
    assert_eq!(count, game.solve().unwrap().len(), "seed {seed}: the session loads solve()'s moves");
    assert_eq!(session.step_position(), Some(StepPosition { at: 0, count }));
    assert_eq!(session.state(), game, "loading the steps shows the same state");

    // Forward to the end: every state is the moves applied by hand, with its own link.
    let mut states = vec![game.clone()];
    while session.redo().unwrap() {
        let by_hand = states.last().unwrap().apply(session.moves().last().unwrap()).unwrap();
        assert_eq!(session.state(), &by_hand, "seed {seed}: step {}", states.len());
        assert_eq!(P::open(&session.link()).unwrap(), by_hand);
        states.push(by_hand);
    }
    assert!(session.state().is_solved(), "seed {seed}: the session's steps reach the goal");
    let reached = session.step_position().unwrap().at;
    assert_eq!(reached, states.len() - 1);
    assert_eq!(session.move_count(), reached);

    // Back to the start and forth again by step number: the same states, the same links.
    for n in (0..=reached).rev().chain(0..=reached) {
        assert_eq!(session.step_to(n).unwrap().at, n);
        assert_eq!(session.state(), &states[n], "seed {seed}: step_to({n})");
        assert_eq!(session.link(), states[n].link());
    }

    // Undo then redo restores the state and the link.
    if reached > 0 {
        let link = session.link();
        assert!(session.undo());
        assert_eq!(session.state(), &states[reached - 1]);
        assert!(session.redo().unwrap());
        assert_eq!(session.link(), link, "seed {seed}: undo then redo");
        // A move after an undo replaces the rest: the steps are gone, the move is in effect.
        session.step_to(0).unwrap();
        let first = session.steps().unwrap().next().unwrap().clone();
        session.play(first.clone()).unwrap();
        assert_eq!(session.state(), &states[1]);
        assert_eq!(session.step_position(), None);
        assert!(!session.can_redo(), "a move drops the redo tail");
        assert!(session.undo() && !session.undo(), "one move to undo");
        assert_eq!(session.state(), game);
    }
}

/// Every proper prefix of a payload loses bits the game needs: an error. Characters replaced
/// or appended anywhere: an error or a game that encodes to a payload decoding to itself (a
/// flipped bit can be another valid game), never a panic.
fn garbled_payloads_are_errors<P: Puzzle + PartialEq + Debug>(payload: &str, seed: u64) {
    for cut in 0..payload.len() {
        assert!(P::decode(&payload[..cut]).is_err(), "seed {seed}: a payload cut to {cut} characters decodes");
    }
    let bytes = payload.as_bytes();
    for i in 0..bytes.len() {
        for &c in ALPHABET.iter().step_by(7).chain(b"=+/ %") {
            let mut garbled = bytes.to_vec();
            garbled[i] = c;
            let text = String::from_utf8(garbled).unwrap();
            if let Ok(g) = P::decode(&text) {
                assert_eq!(P::decode(&g.encode()).unwrap(), g);
            }
        }
    }
    for tail in ["A", "AAAA", "@"] {
        if let Ok(g) = P::decode(&format!("{payload}{tail}")) {
            assert_eq!(P::decode(&g.encode()).unwrap(), g);
        }
    }
}

#[test]
fn the_devils_chessboard_conforms() {
    for squares in [1, 2, 4, 8, 64, 256] {
        conforms::<devil::Game>(&devil::Params { squares }, 0..8);
    }
}

#[test]
fn lights_out_conforms() {
    use lights::{Rule, Spec};
    let specs = [
        Spec::classic(1, 1),
        Spec::classic(3, 3),
        Spec::classic(5, 5),
        Spec { rows: 4, cols: 6, rule: Rule::King, torus: true, states: 3 },
        Spec { rows: 3, cols: 5, rule: Rule::X, torus: false, states: 5 },
    ];
    for spec in specs {
        conforms::<lights::Position>(&spec, 0..4);
    }
}

#[test]
fn the_rotating_table_conforms() {
    for (coins, sides) in [(1, 2), (2, 2), (4, 2), (3, 3), (8, 2), (2, 4)] {
        conforms::<table::Game>(&table::Params::new(coins, sides).unwrap(), 0..4);
    }
}

#[test]
fn the_real_lights_out_games_conform() {
    use lights::game::presets::{Edges, Preset, Stencil};
    use lights::graph_game::{GraphGame, Params, Shape};
    let mut params: Vec<Params> =
        Preset::ALL.iter().map(|&p| Params { shape: Shape::Preset(p), lit_only: false }).collect();
    params.push(Params { shape: Shape::Preset(Preset::Merlin), lit_only: true });
    params.push(Params { shape: Shape::Preset(Preset::Mini), lit_only: true });
    let stencil = Stencil::parse("#.#/.#./#.#").unwrap();
    params.push(Params { shape: Shape::grid(3, 4, &stencil, Edges::Projective, 7).unwrap(), lit_only: false });
    params.push(Params { shape: Shape::grid(2, 3, &stencil, Edges::Klein, 255).unwrap(), lit_only: false });
    for p in params {
        conforms::<GraphGame>(&p, 0..3);
    }
}
