//! Share links of Lights Out, `#lights/v2/…`, and the pattern file a state too large for a link
//! is saved as. A seeded puzzle is stored as its seed plus the lights that differ from it, so an
//! edited 4096×4096 board stays short; other boards store every light, run-length coded and
//! deflated when that is shorter. Links `#lights/v1/…` still open.

use crate::bits::{from_base64url, BitReader, BitWriter};
use crate::lights::board::{Board, Rule, Spec};
use crate::lights::game::{random_board, Game};
use crate::link::pack::{pack, push_gamma, push_runs, read_gamma, read_runs, unpack};
use crate::link::{self, garbled, truncated_or_garbled, StateFile, TooLarge};
use crate::{bail, Result};

/// The puzzle's name in its links (`#lights/v2/…`).
pub const NAME: &str = "lights";
/// The version written; version 1 is still read.
pub const VERSION: u32 = 2;

/// How the lights follow the header.
const SEEDED: u64 = 0;
const CELLS: u64 = 1;
const RUNS: u64 = 2;

/// The share-link fragment (without `#`), or [`TooLarge`] when even the shortest form is longer
/// than a link may be (then offer [`file_for`]).
pub fn link_for(game: &Game) -> Result<String, TooLarge> {
    link::make_within_budget(NAME, VERSION, &encode(game))
}

/// Reads a fragment (with or without `#`) of version 1 or 2.
pub fn from_link(fragment: &str) -> Result<Game> {
    match link::versioned_payload(fragment, NAME, &[1, VERSION])? {
        (1, payload) => decode_v1(payload),
        (_, payload) => decode(payload),
    }
}

/// The board a fragment opens, read from its header alone: cheap, so a page can decide to
/// decode a large board off its main thread. Errors as [`from_link`] gives them for the header.
pub fn link_spec(fragment: &str) -> Result<Spec> {
    let (_, payload) = link::versioned_payload(fragment, NAME, &[1, VERSION])?;
    let bytes = from_base64url(payload).map_err(garbled)?;
    Ok(read_header(&mut BitReader::new(&bytes))?.0)
}

/// The lights as a pattern file (rows of digits, what `lights-out solve --pattern-file` reads);
/// the name says the rule, edges and states, which the file itself does not hold.
pub fn file_for(game: &Game) -> StateFile {
    StateFile { name: game.board.spec.file_name(), text: game.board.to_text() }
}

/// Reads a pattern file back, with the rule, edges and states it was played with.
pub fn from_file(text: &str, rule: Rule, torus: bool, states: u8) -> Result<Game> {
    Ok(Game::new(Board::parse(text, rule, torus, states)?))
}

fn bits_per_light(states: u8) -> u32 {
    8 - (states - 1).leading_zeros()
}

/// Header (v1 and v2): rows−1 (12), cols−1 (12), rule (2), torus (1), states−2 (3), moves (20).
fn push_header(w: &mut BitWriter, game: &Game) {
    let spec = game.board.spec;
    w.push_bits((spec.rows - 1) as u64, 12);
    w.push_bits((spec.cols - 1) as u64, 12);
    w.push_bits(Rule::ALL.iter().position(|&r| r == spec.rule).unwrap_or(0) as u64, 2);
    w.push_bit(spec.torus);
    w.push_bits(u64::from(spec.states - 2), 3);
    w.push_bits(u64::from(game.moves.min((1 << 20) - 1)), 20);
}

fn read_header(r: &mut BitReader) -> Result<(Spec, u32)> {
    let rows = r.read_bits(12).map_err(truncated_or_garbled)? as usize + 1;
    let cols = r.read_bits(12).map_err(truncated_or_garbled)? as usize + 1;
    let rule = Rule::ALL[r.read_bits(2).map_err(truncated_or_garbled)? as usize];
    let torus = r.read_bit().map_err(truncated_or_garbled)?;
    let states = r.read_bits(3).map_err(truncated_or_garbled)? as u8 + 2;
    let spec = Spec { rows, cols, rule, torus, states };
    spec.check().map_err(garbled)?;
    let moves = r.read_bits(20).map_err(truncated_or_garbled)? as u32;
    Ok((spec, moves))
}

/// The v2 payload: the header and the form (2 bits) in 7 bytes, then the lights [`pack`]ed.
/// * seeded: the seed (64), the number of changed lights + 1 (gamma), then for each, in order,
///   the gap since the last + 1 (gamma) and, with more than 2 states, its state;
/// * cells: every light in ⌈log2 k⌉ bits;
/// * runs: runs of equal lights (value, length − 1 as a varint).
///
/// The seeded form is used when it fits; otherwise the shortest of the three.
pub fn encode(game: &Game) -> String {
    let seeded = game.seed.map(|seed| payload(game, SEEDED, &seeded_body(game, seed)));
    if let Some(p) = seeded.as_ref().filter(|p| p.len() + "lights/v2/".len() <= link::MAX_FRAGMENT) {
        return p.clone();
    }
    let b = bits_per_light(game.board.spec.states);
    let mut cells = BitWriter::new();
    for &v in &game.board.lights {
        cells.push_bits(u64::from(v), b);
    }
    let mut runs = BitWriter::new();
    push_runs(&mut runs, &game.board.lights, b);
    [seeded, Some(payload(game, CELLS, &cells)), Some(payload(game, RUNS, &runs))]
        .into_iter()
        .flatten()
        .min_by_key(String::len)
        .expect("two forms always exist")
}

fn payload(game: &Game, form: u64, body: &BitWriter) -> String {
    let mut w = BitWriter::new();
    push_header(&mut w, game);
    w.push_bits(form, 2);
    let mut bytes = w.into_bytes();
    bytes.extend(pack(&body.clone().into_bytes()));
    base64(&bytes)
}

fn base64(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

fn seeded_body(game: &Game, seed: u64) -> BitWriter {
    let spec = game.board.spec;
    let origin = random_board(&spec, seed).expect("the spec of a game is valid");
    let b = bits_per_light(spec.states);
    let changed: Vec<usize> = (0..spec.cells()).filter(|&i| origin.lights[i] != game.board.lights[i]).collect();
    let mut w = BitWriter::new();
    w.push_bits(seed, 64);
    push_gamma(&mut w, changed.len() as u64 + 1);
    let mut next = 0;
    for &i in &changed {
        push_gamma(&mut w, (i - next) as u64 + 1);
        if spec.states > 2 {
            w.push_bits(u64::from(game.board.lights[i]), b);
        }
        next = i + 1;
    }
    w
}

/// Reads a v2 payload (what [`Puzzle::encode`] writes for Lights Out).
pub fn decode(payload: &str) -> Result<Game> {
    let bytes = from_base64url(payload).map_err(garbled)?;
    if bytes.len() < 7 {
        bail!("this link is truncated: its header is {} bytes of 7", bytes.len());
    }
    let mut r = BitReader::new(&bytes[..7]);
    let (spec, moves) = read_header(&mut r)?;
    let form = r.read_bits(2).map_err(truncated_or_garbled)?;
    r.finish().map_err(garbled)?;
    // No form takes more than 2 bytes a light (runs of one: 4 + 8 bits).
    let body = unpack(&bytes[7..], 16 + 2 * spec.cells())?;
    let mut r = BitReader::new(&body);
    let b = bits_per_light(spec.states);
    let (lights, seed) = match form {
        SEEDED => {
            let seed = r.read_bits(64).map_err(truncated_or_garbled)?;
            let mut lights = random_board(&spec, seed)?.lights;
            let count = read_gamma(&mut r).map_err(truncated_or_garbled)? - 1;
            if count > spec.cells() as u64 {
                bail!("this link is garbled: it changes {count} lights of {}", spec.cells());
            }
            let mut next = 0u64;
            for _ in 0..count {
                let i = next.saturating_add(read_gamma(&mut r).map_err(truncated_or_garbled)? - 1);
                if i >= spec.cells() as u64 {
                    bail!("this link is garbled: it changes a light off the board");
                }
                let cell = &mut lights[i as usize];
                *cell = if spec.states == 2 { 1 - *cell } else { r.read_bits(b).map_err(truncated_or_garbled)? as u8 };
                if *cell >= spec.states {
                    bail!("this link is garbled: a light in state {} of {}", *cell, spec.states);
                }
                next = i + 1;
            }
            (lights, Some(seed))
        }
        CELLS => (read_cells(&mut r, &spec)?, None),
        RUNS => (read_runs(&mut r, spec.cells(), b, spec.states).map_err(truncated_or_garbled)?, None),
        _ => bail!("this link is garbled: unknown form {form}"),
    };
    r.finish().map_err(garbled)?;
    Ok(Game { board: Board::from_lights(spec, lights)?, seed, moves })
}

fn read_cells(r: &mut BitReader, spec: &Spec) -> Result<Vec<u8>> {
    let b = bits_per_light(spec.states);
    if r.remaining() < spec.cells() * b as usize {
        bail!("this link is truncated: it holds fewer lights than a {}×{} board has", spec.rows, spec.cols);
    }
    let mut lights = Vec::with_capacity(spec.cells());
    for _ in 0..spec.cells() {
        let v = r.read_bits(b).map_err(truncated_or_garbled)? as u8;
        if v >= spec.states {
            bail!("this link is garbled: a light in state {v} of {}", spec.states);
        }
        lights.push(v);
    }
    Ok(lights)
}

/// Version 1: the header, a form bit, then the seed (64) or every light in ⌈log2 k⌉ bits.
fn decode_v1(payload: &str) -> Result<Game> {
    let bytes = from_base64url(payload).map_err(garbled)?;
    let mut r = BitReader::new(&bytes);
    let (spec, moves) = read_header(&mut r)?;
    let game = if r.read_bit().map_err(truncated_or_garbled)? {
        let seed = r.read_bits(64).map_err(truncated_or_garbled)?;
        Game { board: random_board(&spec, seed)?, seed: Some(seed), moves }
    } else {
        Game { board: Board::from_lights(spec, read_cells(&mut r, &spec)?)?, seed: None, moves }
    };
    r.finish().map_err(garbled)?;
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lights::Move;
    use proptest::prelude::*;

    #[test]
    fn links_round_trip_and_old_links_open() {
        let spec = Spec { rows: 7, cols: 5, rule: Rule::King, torus: true, states: 5 };
        let game = Game::random(&spec, 42).unwrap();
        let link = link_for(&game).unwrap();
        assert!(link.starts_with("lights/v2/"));
        assert_eq!(from_link(&format!("#{link}")).unwrap(), game);
        let board = crate::lights::game::pressed(&game.board, &Move::press(1, 2), 1).unwrap();
        let played = Game { board, moves: 1, ..game.clone() };
        assert_eq!(played.seed, Some(42), "the seed stays, so the link is the seed and the changes");
        assert_eq!(from_link(&link_for(&played).unwrap()).unwrap(), played);
        // The v1 link of this puzzle, bits laid out by hand (Python) from the v1 layout: rows−1 = 6,
        // cols−1 = 4, king = 3, torus, states−2 = 3, moves 0, seeded, seed 42.
        assert_eq!(from_link("#lights/v1/AGAE7AAAIAAAAAAAAAVA").unwrap(), game);
        assert!(from_link("#lights/v3/AAAA").unwrap_err().message().contains("version"));
        assert!(from_link("#lights/v2/@@").unwrap_err().message().contains("garbled"));
        let l = link_for(&played).unwrap();
        assert!(from_link(&l[..l.len() - 3]).is_err());
    }

    /// The header alone gives the board of every link `from_link` opens, and refuses bad ones.
    #[test]
    fn link_spec_reads_the_header() {
        for spec in [
            Spec { rows: 7, cols: 5, rule: Rule::King, torus: true, states: 5 },
            Spec { rows: 300, cols: 200, rule: Rule::Plus, torus: false, states: 2 },
        ] {
            let game = Game { board: random_board(&spec, 11).unwrap(), seed: Some(11), moves: 0 };
            let link = link_for(&game).unwrap();
            assert_eq!(link_spec(&link).unwrap(), spec);
        }
        // A v1 link of a 4096×4096 king-rule torus with 9 states: the header alone gives the spec.
        let spec = link_spec("#lights/v1/_____AAAIAAAAAAABgcg").unwrap();
        assert_eq!((spec.rows, spec.cols, spec.rule, spec.torus, spec.states), (4096, 4096, Rule::King, true, 9));
        assert!(link_spec("#lights/v2/@@").is_err());
        assert!(link_spec("#lights/v2/AA").unwrap_err().message().contains("truncated"));
        assert!(link_spec("#devil/v1/AAAA").is_err());
    }

    #[test]
    fn v1_explicit_lights_open() {
        // Written by hand in the v1 layout: a 1×3 classic board, lights 1 0 1, 4 moves.
        let mut w = BitWriter::new();
        let spec = Spec::classic(1, 3);
        push_header(&mut w, &Game { board: Board::new(spec).unwrap(), seed: None, moves: 4 });
        w.push_bit(false);
        for v in [1, 0, 1] {
            w.push_bits(v, 1);
        }
        let game = from_link(&format!("#lights/v1/{}", w.to_base64url())).unwrap();
        assert_eq!((game.board.lights.clone(), game.moves, game.seed), (vec![1, 0, 1], 4, None));
    }

    #[test]
    fn files_round_trip() {
        let spec = Spec { rows: 3, cols: 4, rule: Rule::X, torus: true, states: 3 };
        let game = Game::random(&spec, 5).unwrap();
        let file = file_for(&game);
        assert_eq!(file.name, "lights-3x4-x-torus-3states.txt");
        let back = from_file(&file.text, Rule::X, true, 3).unwrap();
        assert_eq!(back.board, game.board);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn garbage_is_an_error_not_a_panic(text in "[A-Za-z0-9_-]{0,40}") {
            let _ = from_link(&format!("#lights/v2/{text}"));
            let _ = from_link(&format!("#lights/v1/{text}"));
        }

        #[test]
        fn every_game_round_trips(rows in 1usize..7, cols in 1usize..7, states in 2u8..10, rule in 0usize..4,
                                  torus: bool, seed: u64, seeded: bool, edits in proptest::collection::vec((0usize..36, 0u8..9), 0..12),
                                  moves in 0u32..1000) {
            let spec = Spec { rows, cols, rule: Rule::ALL[rule], torus, states };
            let mut game = Game::random(&spec, seed).unwrap();
            game.seed = seeded.then_some(seed);
            game.moves = moves;
            for (i, v) in edits {
                game.board.lights[i % spec.cells()] = v % states;
            }
            prop_assert_eq!(from_link(&link_for(&game).unwrap()).unwrap(), game);
        }
    }
}
