//! The conformance test of the `Puzzle` trait: one generic check that every implementation
//! passes (the Devil's chessboard, Lights Out, the rotating table). It checks the contract the
//! faces rely on (`src/wasm/adapter.rs`) against the trait's own definitions: random games are
//! reproducible from the seed, the moves `solve` returns reach `is_solved` when applied one by
//! one, `verify` agrees with applying, payloads round-trip, and garbled payloads are errors.

use chessboard_puzzles::puzzle::Puzzle;
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
        conforms::<lights::Game>(&spec, 0..4);
    }
}

#[test]
fn the_rotating_table_conforms() {
    for (coins, sides) in [(1, 2), (2, 2), (4, 2), (3, 3), (8, 2), (2, 4)] {
        conforms::<table::Game>(&table::Params::new(coins, sides).unwrap(), 0..4);
    }
}
