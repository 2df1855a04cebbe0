//! Game codes: a game is its start position plus its moves. Every scheme writes the same
//! header — 1 bit (0 = the standard start, 1 = a `compact` position code follows) and the
//! number of plies as an Elias gamma code of plies + 1 — then the moves its own way:
//! - `from-to`: 6 bits for the square a piece leaves, 6 for where it lands, 2 more for the
//!   piece a pawn promotes to;
//! - `move-index`: the move's index among the legal moves, in ⌈log2 n⌉ bits;
//! - `ranked-huffman`: the move's rank when the legal moves are sorted by the model's score,
//!   Huffman-coded with a fixed table of rank frequencies;
//! - `arithmetic`: arithmetic coding of the model's probabilities.

use crate::bits::BitReader;
use crate::chess::games::adapt::{GameModel, Prediction};
use crate::chess::games::book::Book;
use crate::chess::games::model::History;
use crate::chess::games::model_params::{self, RANK_FREQ};
use crate::chess::games::{arith, book, model};
use crate::chess::positions::compact;
use crate::chess::segments::{Code, CodeWriter};
use crate::chess::{Game, Position};
use crate::{bail, Result};
use cozy_chess::{Move, Piece, Square};
use serde::Serialize;
use std::sync::OnceLock;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum GameScheme {
    FromTo,
    MoveIndex,
    RankedHuffman,
    Arithmetic,
}

/// A game's code and how many bits each move took (fractional for `arithmetic`: the
/// information content −log2 p of the move under the model).
#[derive(Clone, Debug)]
pub struct GameCode {
    pub code: Code,
    pub header_bits: usize,
    pub move_bits: Vec<f64>,
}

impl GameScheme {
    pub const ALL: [GameScheme; 4] =
        [GameScheme::FromTo, GameScheme::MoveIndex, GameScheme::RankedHuffman, GameScheme::Arithmetic];

    pub fn name(self) -> &'static str {
        match self {
            GameScheme::FromTo => "from-to",
            GameScheme::MoveIndex => "move-index",
            GameScheme::RankedHuffman => "ranked-huffman",
            GameScheme::Arithmetic => "arithmetic",
        }
    }

    pub fn parse(name: &str) -> Result<Self> {
        match Self::ALL.iter().find(|s| s.name() == name) {
            Some(&s) => Ok(s),
            None => {
                let names: Vec<&str> = Self::ALL.iter().map(|s| s.name()).collect();
                bail!("unknown game scheme '{name}' (known: {})", names.join(", "))
            }
        }
    }

    pub fn description(self) -> &'static str {
        match self {
            GameScheme::FromTo => "12 bits a move (from and to squares) + 2 for a promotion",
            GameScheme::MoveIndex => "the index among the legal moves, ⌈log2 n⌉ bits",
            GameScheme::RankedHuffman => "the rank of the move under the model's ordering, Huffman-coded",
            GameScheme::Arithmetic => "arithmetic coding of the model's move probabilities",
        }
    }

    pub fn encode(self, game: &Game) -> GameCode {
        let mut w = CodeWriter::new();
        let standard = game.start == Position::start();
        w.push(!standard as u64, 1, if standard { "standard start" } else { "set-up start position follows" }, &[]);
        if !standard {
            let c = compact::encode(&game.start);
            let bits: Vec<bool> = (0..c.bits).map(|i| c.bytes[i / 8] & (0x80 >> (i % 8)) != 0).collect();
            w.push_code_bits(&bits, "start position (compact code)", &[]);
        }
        if self != GameScheme::Arithmetic {
            push_gamma(&mut w, game.moves.len() as u64 + 1, &format!("{} plies (Elias gamma)", game.moves.len()));
        }
        let header_bits = w.len();
        if self == GameScheme::Arithmetic {
            let (bits, move_bits) = arithmetic_moves(game, &model_params::WEIGHTS, book::book());
            w.push_code_bits(&bits, format!("{} moves, arithmetic-coded", game.moves.len()), &[]);
            return GameCode { code: w.finish(), header_bits, move_bits };
        }
        let mut move_bits = Vec::with_capacity(game.moves.len());
        let mut pos = game.start.clone();
        let mut history = History::default();
        let sans = game.sans();
        for (i, &mv) in game.moves.iter().enumerate() {
            let label = format!("ply {}: {}", i + 1, sans[i]);
            let sq = [mv.from, mv.to];
            match self {
                GameScheme::FromTo => {
                    let start = w.len();
                    let uci_to = uci_target(&pos, mv);
                    w.push(((mv.from as u64) << 6) | uci_to as u64, 12, label.clone(), &sq);
                    if let Some(p) = mv.promotion {
                        w.push(p as u64 - 1, 2, format!("{label}: promotion"), &sq);
                    }
                    move_bits.push((w.len() - start) as f64);
                }
                GameScheme::MoveIndex => {
                    let legal = pos.legal_moves();
                    let idx = legal.iter().position(|&m| m == mv).expect("a legal move");
                    let width = index_bits(legal.len());
                    w.push(idx as u64, width, label, &sq);
                    move_bits.push(width as f64);
                }
                GameScheme::RankedHuffman => {
                    let ranked = model::ranked(&pos, &history);
                    let r = ranked.iter().position(|&m| m == mv).expect("a legal move");
                    let (code, len) = rank_code(r);
                    w.push(code, len, format!("{label} (rank {})", r + 1), &sq);
                    move_bits.push(len as f64);
                }
                GameScheme::Arithmetic => unreachable!("coded above"),
            }
            history.push(&pos, mv);
            pos = pos.play_unchecked(mv);
        }
        GameCode { code: w.finish(), header_bits, move_bits }
    }

    /// Decodes a game; any byte string gives a game or a one-line error.
    pub fn decode(self, bytes: &[u8]) -> Result<Game> {
        let mut r = BitReader::new(bytes);
        let start = if r.read_bit()? {
            let bits = compact::bits();
            let mut w = crate::bits::BitWriter::new();
            for _ in 0..bits {
                w.push_bit(r.read_bit()?);
            }
            compact::decode(&w.into_bytes())?
        } else {
            Position::start()
        };
        let plies = if self == GameScheme::Arithmetic { MAX_PLIES } else { read_gamma(&mut r)? - 1 };
        if plies > MAX_PLIES {
            bail!("the code claims {plies} plies; that is not a game");
        }
        let mut pos = start.clone();
        let mut moves = Vec::new();
        let mut history = History::default();
        let rest: Vec<bool>;
        // The arithmetic code has no end marker: the decoder codes what it reads again, to
        // accept only the canonical code.
        let mut mirror = arith::Encoder::default();
        let mut adaptive = GameModel::new(&model_params::WEIGHTS, book::book());
        let mut prediction = Prediction::default();
        let mut dec = if self == GameScheme::Arithmetic {
            let mut v = Vec::new();
            while let Ok(b) = r.read_bit() {
                v.push(b);
            }
            rest = v;
            Some(arith::Decoder::new(&rest))
        } else {
            None
        };
        for ply in 1..=plies {
            // The arithmetic decoder's model lists the moves itself: here only whether any.
            let legal = if dec.is_some() { Vec::new() } else { pos.legal_moves() };
            let over = if dec.is_some() { !pos.board().generate_moves(|pm| !pm.is_empty()) } else { legal.is_empty() };
            if let Some(d) = dec.as_mut() {
                if over {
                    break;
                }
                let t = d.target(END_TOTAL);
                if t >= END_TOTAL - END_FREQ {
                    d.consume(END_TOTAL - END_FREQ, END_FREQ, END_TOTAL);
                    mirror.encode(END_TOTAL - END_FREQ, END_FREQ, END_TOTAL);
                    break;
                }
                d.consume(0, END_TOTAL - END_FREQ, END_TOTAL);
                mirror.encode(0, END_TOTAL - END_FREQ, END_TOTAL);
                if ply == plies {
                    bail!("the code runs past {MAX_PLIES} plies");
                }
            }
            if over {
                bail!("ply {ply}: the game is already over (no legal move)");
            }
            let mv = match self {
                GameScheme::FromTo => {
                    let v = r.read_bits(12)?;
                    let from = Square::index((v >> 6) as usize);
                    let to = Square::index((v & 63) as usize);
                    let promo =
                        legal.iter().any(|m| m.from == from && uci_target(&pos, *m) == to && m.promotion.is_some());
                    let promotion = if promo { Some(Piece::index(r.read_bits(2)? as usize + 1)) } else { None };
                    match legal
                        .iter()
                        .find(|m| m.from == from && uci_target(&pos, **m) == to && m.promotion == promotion)
                    {
                        Some(&m) => m,
                        None => bail!("ply {ply}: {from}{to} is not a legal move"),
                    }
                }
                GameScheme::MoveIndex => {
                    let idx = r.read_bits(index_bits(legal.len()))? as usize;
                    match legal.get(idx) {
                        Some(&m) => m,
                        None => bail!("ply {ply}: move index {idx} but only {} legal moves", legal.len()),
                    }
                }
                GameScheme::RankedHuffman => {
                    let ranked = model::ranked(&pos, &history);
                    let rank = read_rank(&mut r)?;
                    match ranked.get(rank) {
                        Some(&m) => m,
                        None => bail!("ply {ply}: rank {} but only {} legal moves", rank + 1, ranked.len()),
                    }
                }
                GameScheme::Arithmetic => {
                    let d = dec.as_mut().expect("set for arithmetic");
                    let p = &mut prediction;
                    adaptive.predict_into(&pos, &history, p);
                    let total = p.total();
                    let t = d.target(total);
                    let mut cum = 0;
                    let mut idx = p.freqs.len() - 1;
                    for (k, &f) in p.freqs.iter().enumerate() {
                        if t < cum + f {
                            idx = k;
                            break;
                        }
                        cum += f;
                    }
                    d.consume(cum, p.freqs[idx], total);
                    mirror.encode(cum, p.freqs[idx], total);
                    adaptive.learn(p, idx);
                    p.moves[idx]
                }
            };
            moves.push(mv);
            history.push(&pos, mv);
            pos = pos.play_unchecked(mv);
        }
        let game = Game::new(start, moves);
        if self == GameScheme::Arithmetic {
            let mut canonical = crate::bits::BitWriter::new();
            canonical.push_bit(game.start != Position::start());
            if game.start != Position::start() {
                let c = compact::encode(&game.start);
                for i in 0..c.bits {
                    canonical.push_bit(c.bytes[i / 8] & (0x80 >> (i % 8)) != 0);
                }
            }
            for b in mirror.finish() {
                canonical.push_bit(b);
            }
            if canonical.into_bytes() != bytes {
                bail!("the data does not end where the game's code ends");
            }
        } else {
            r.finish()?;
        }
        Ok(game)
    }
}

/// The arithmetic code of a game's moves (after the header) under `weights` and `book`, adapted
/// to the game as it goes (see `adapt.rs`), and
/// each move's information content −log2 p in bits ("the game goes on" included).
pub fn arithmetic_moves(game: &Game, weights: &[i16], book: &Book) -> (Vec<bool>, Vec<f64>) {
    let mut enc = arith::Encoder::default();
    let mut info = Vec::with_capacity(game.moves.len());
    let mut pos = game.start.clone();
    let mut history = History::default();
    let mut adaptive = GameModel::new(weights, book);
    let go_on = go_on_probability();
    let mut p = Prediction::default();
    for &mv in &game.moves {
        // "The game goes on", then the move.
        enc.encode(0, END_TOTAL - END_FREQ, END_TOTAL);
        adaptive.predict_into(&pos, &history, &mut p);
        let idx = p.moves.iter().position(|m| *m == mv).expect("a legal move");
        let cum: u32 = p.freqs[..idx].iter().sum();
        let total = p.total();
        enc.encode(cum, p.freqs[idx], total);
        adaptive.learn(&p, idx);
        info.push(-(f64::from(p.freqs[idx]) / f64::from(total) * go_on).log2());
        history.push(&pos, mv);
        pos = pos.play_unchecked(mv);
    }
    // "The game ends" — not needed when the side to move has no legal move.
    if !pos.legal_moves().is_empty() {
        enc.encode(END_TOTAL - END_FREQ, END_FREQ, END_TOTAL);
    }
    (enc.finish(), info)
}

/// The probability of "the game goes on", coded before every move of the arithmetic code.
pub fn go_on_probability() -> f64 {
    f64::from(END_TOTAL - END_FREQ) / f64::from(END_TOTAL)
}

/// The bits the arithmetic code spends on "the game ends here" after the last move: none when
/// the side to move has no legal move (the decoder knows the game is over).
pub fn end_bits(game: &Game) -> f64 {
    let last = game.positions().pop().expect("a game has a final position");
    if last.legal_moves().is_empty() {
        0.0
    } else {
        -(f64::from(END_FREQ) / f64::from(END_TOTAL)).log2()
    }
}

/// The arithmetic code's "game ends here" event: 1/64 before every move.
const END_TOTAL: u32 = 1 << 16;
const END_FREQ: u32 = 1 << 10;
const MAX_PLIES: u64 = crate::chess::rules::pgn::MAX_PLIES as u64;

/// Where a move's king lands for castling (cozy-chess writes king-takes-rook).
fn uci_target(pos: &Position, mv: Move) -> Square {
    if pos.board().colors(pos.side_to_move()).has(mv.to) {
        let file = if mv.to.file() > mv.from.file() { cozy_chess::File::G } else { cozy_chess::File::C };
        Square::new(file, mv.from.rank())
    } else {
        mv.to
    }
}

/// ⌈log2 n⌉: bits for an index among n choices.
pub fn index_bits(n: usize) -> u32 {
    if n <= 1 {
        0
    } else {
        usize::BITS - (n - 1).leading_zeros()
    }
}

fn push_gamma(w: &mut CodeWriter, n: u64, label: &str) {
    let len = 64 - n.leading_zeros();
    w.push(0, len - 1, label.to_string(), &[]);
    w.push(n, len, label.to_string(), &[]);
}

fn read_gamma(r: &mut BitReader) -> Result<u64> {
    let mut zeros = 0;
    while !r.read_bit()? {
        zeros += 1;
        if zeros > 40 {
            bail!("the ply count is not a valid Elias gamma code");
        }
    }
    Ok((1 << zeros) | r.read_bits(zeros)?)
}

/// Canonical Huffman code of the ranks, built from [`RANK_FREQ`]: (code, length) per rank.
fn rank_table() -> &'static Vec<(u64, u32)> {
    static T: OnceLock<Vec<(u64, u32)>> = OnceLock::new();
    T.get_or_init(|| canonical_huffman(&RANK_FREQ))
}

/// Huffman code lengths (ties broken by symbol index, so the table is reproducible), then
/// canonical codes: shorter codes first, equal lengths in symbol order.
pub fn canonical_huffman(freq: &[u32]) -> Vec<(u64, u32)> {
    let n = freq.len();
    // Nodes: (weight, smallest symbol, id); children recorded to compute depths.
    let mut parent = vec![usize::MAX; 2 * n];
    let mut heap: std::collections::BinaryHeap<std::cmp::Reverse<(u64, usize, usize)>> =
        (0..n).map(|i| std::cmp::Reverse((u64::from(freq[i]), i, i))).collect();
    let mut next = n;
    while heap.len() > 1 {
        let std::cmp::Reverse((w1, s1, a)) = heap.pop().expect("two nodes");
        let std::cmp::Reverse((w2, s2, b)) = heap.pop().expect("two nodes");
        parent[a] = next;
        parent[b] = next;
        heap.push(std::cmp::Reverse((w1 + w2, s1.min(s2), next)));
        next += 1;
    }
    let lens: Vec<u32> = (0..n)
        .map(|i| {
            let mut d = 0;
            let mut x = i;
            while parent[x] != usize::MAX {
                x = parent[x];
                d += 1;
            }
            d.max(1)
        })
        .collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| (lens[i], i));
    let mut codes = vec![(0u64, 0u32); n];
    let mut code = 0u64;
    let mut prev_len = lens[order[0]];
    for (k, &i) in order.iter().enumerate() {
        if k > 0 {
            code = (code + 1) << (lens[i] - prev_len);
        }
        prev_len = lens[i];
        codes[i] = (code, lens[i]);
    }
    codes
}

fn rank_code(rank: usize) -> (u64, u32) {
    rank_table()[rank.min(255)]
}

fn read_rank(r: &mut BitReader) -> Result<usize> {
    let table = rank_table();
    let mut code = 0u64;
    for len in 1..=64u32 {
        code = (code << 1) | u64::from(r.read_bit()?);
        if let Some(i) = table.iter().position(|&(c, l)| l == len && c == code) {
            return Ok(i);
        }
    }
    bail!("the bits are not a rank code")
}
