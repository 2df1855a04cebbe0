//! The move model shared by `ranked-huffman` (order the legal moves by score) and
//! `arithmetic` (turn scores into probabilities): a linear score over cheap features of a
//! move — piece-square tables for where a piece leaves and lands, what it captures with what,
//! promotions, checks, castling, recaptures, and whether the piece walks into or out of an
//! attack. Weights are in 1/16 of a bit (log2 units) and integers, and probabilities come from
//! an integer table of 2^(-d/16), so every platform (native and WebAssembly) computes exactly
//! the same frequencies — which arithmetic decoding needs. The weights are fitted by
//! `chessboard-puzzles chess fit` (see `fit.rs`) and written to `model_params.rs`.

use super::model_params::WEIGHTS;
use super::Position;
use cozy_chess::{
    get_bishop_moves, get_king_moves, get_knight_moves, get_pawn_attacks, get_rook_moves, BitBoard, Board, Color, Move,
    Piece, Square,
};

pub const TO_PST: usize = 0;
pub const FROM_PST: usize = 384;
pub const CAPTURE: usize = 768; // victim (none, P, N, B, R, Q) × mover (6)
pub const PROMOTION: usize = 804; // N, B, R, Q
pub const CHECK: usize = 808;
pub const TO_PAWN_ATTACKED: usize = 809; // × mover
pub const TO_HANGING: usize = 815; // × mover: lands attacked and not defended
pub const FROM_ATTACKED: usize = 821; // × mover: leaves an attacked square
pub const CASTLE: usize = 827;
pub const RECAPTURE: usize = 828;
pub const DOUBLE_PUSH: usize = 829;
pub const FROM_PAWN_ATTACKED: usize = 830; // × mover
pub const KING_ENDGAME_TO: usize = 836; // 64 squares, when few pieces are left
pub const TO_ATTACKED_BY_LOWER: usize = 900; // × mover: lands where a cheaper enemy piece attacks
pub const FROM_ATTACKED_BY_LOWER: usize = 906; // × mover: leaves a square a cheaper enemy piece attacks
pub const CAPTURE_UNDEFENDED: usize = 912; // × victim: takes a man nobody defends
pub const IN_CHECK: usize = 918; // × mover: the side to move is in check
pub const PHASE: usize = 924; // (opening, middlegame, endgame by pieces left) × mover
pub const NUM_FEATURES: usize = 942;

/// Fixed-point 2^(-1/16) · 2^32, rounded (computed to 50 digits outside the program).
const STEP: u64 = 4_112_874_773;
/// Scores more than this many 1/16 bits below the best move all get the floor frequency.
const SPAN: usize = 16 * 24;
/// Total of the frequencies of one position's moves (the coder's precision).
pub const FREQ_TOTAL: u32 = 1 << 16;

fn exp_table() -> &'static [u64; SPAN] {
    static T: std::sync::OnceLock<[u64; SPAN]> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let mut t = [0u64; SPAN];
        t[0] = 1 << 30;
        for i in 1..SPAN {
            t[i] = (t[i - 1] * STEP) >> 32;
        }
        t
    })
}

fn attacks_of(board: &Board, color: Color) -> BitBoard {
    let occ = board.occupied();
    let mut a = BitBoard::EMPTY;
    for sq in board.colored_pieces(color, Piece::Pawn) {
        a |= get_pawn_attacks(sq, color);
    }
    for sq in board.colored_pieces(color, Piece::Knight) {
        a |= get_knight_moves(sq);
    }
    for sq in board.colored_pieces(color, Piece::Bishop) | board.colored_pieces(color, Piece::Queen) {
        a |= get_bishop_moves(sq, occ);
    }
    for sq in board.colored_pieces(color, Piece::Rook) | board.colored_pieces(color, Piece::Queen) {
        a |= get_rook_moves(sq, occ);
    }
    a |= get_king_moves(board.king(color));
    a
}

/// Squares attacked by `color`'s men worth less than each kind of piece (index = piece).
fn cheaper_attacks(board: &Board, color: Color) -> [BitBoard; 6] {
    let occ = board.occupied();
    let mut pawn = BitBoard::EMPTY;
    let mut minor = BitBoard::EMPTY;
    let mut rook = BitBoard::EMPTY;
    for sq in board.colored_pieces(color, Piece::Pawn) {
        pawn |= get_pawn_attacks(sq, color);
    }
    for sq in board.colored_pieces(color, Piece::Knight) {
        minor |= get_knight_moves(sq);
    }
    for sq in board.colored_pieces(color, Piece::Bishop) {
        minor |= get_bishop_moves(sq, occ);
    }
    for sq in board.colored_pieces(color, Piece::Rook) {
        rook |= get_rook_moves(sq, occ);
    }
    let below_rook = pawn | minor;
    let below_queen = below_rook | rook;
    // Pawn, knight, bishop, rook, queen, king.
    [BitBoard::EMPTY, pawn, pawn, below_rook, below_queen, below_queen]
}

fn pawn_attacks_of(board: &Board, color: Color) -> BitBoard {
    let mut a = BitBoard::EMPTY;
    for sq in board.colored_pieces(color, Piece::Pawn) {
        a |= get_pawn_attacks(sq, color);
    }
    a
}

/// The legal moves of `pos` (in [`Position::legal_moves`] order) with their feature lists.
/// `last_to` is where the previous move landed (for recaptures).
pub fn features(pos: &Position, last_to: Option<Square>) -> Vec<(Move, Vec<u16>)> {
    let board = pos.board();
    let us = pos.side_to_move();
    let them = !us;
    let their_attacks = attacks_of(board, them);
    let their_pawn_attacks = pawn_attacks_of(board, them);
    let our_attacks = attacks_of(board, us);
    let cheaper = cheaper_attacks(board, them);
    let in_check = !board.checkers().is_empty();
    let pieces_left = (board.occupied() & !board.pieces(Piece::Pawn) & !board.pieces(Piece::King)).len();
    let phase = match pieces_left {
        11.. => 0,
        7..=10 => 1,
        _ => 2,
    };
    let rel = |sq: Square| if us == Color::White { sq as usize } else { sq.flip_rank() as usize };
    pos.legal_moves()
        .into_iter()
        .map(|mv| {
            let mover = board.piece_on(mv.from).expect("legal move");
            let m = mover as usize;
            let castle = board.colors(us).has(mv.to);
            let mut f: Vec<u16> = Vec::with_capacity(12);
            if in_check {
                f.push((IN_CHECK + m) as u16);
            }
            f.push((PHASE + 6 * phase + m) as u16);
            f.push((TO_PST + 64 * m + rel(mv.to)) as u16);
            f.push((FROM_PST + 64 * m + rel(mv.from)) as u16);
            let victim = if castle {
                None
            } else if mover == Piece::Pawn && mv.from.file() != mv.to.file() && board.piece_on(mv.to).is_none() {
                Some(Piece::Pawn)
            } else {
                board.piece_on(mv.to)
            };
            let v = victim.map_or(0, |p| p as usize + 1).min(5);
            f.push((CAPTURE + 6 * v + m) as u16);
            if let Some(p) = victim {
                if !their_attacks.has(mv.to) {
                    f.push((CAPTURE_UNDEFENDED + p as usize) as u16);
                }
            }
            if let Some(p) = mv.promotion {
                f.push((PROMOTION + p as usize - 1) as u16);
            }
            if castle {
                f.push(CASTLE as u16);
            } else {
                if their_pawn_attacks.has(mv.to) {
                    f.push((TO_PAWN_ATTACKED + m) as u16);
                }
                if their_attacks.has(mv.to) && !our_attacks.has(mv.to) {
                    f.push((TO_HANGING + m) as u16);
                }
                if their_attacks.has(mv.from) {
                    f.push((FROM_ATTACKED + m) as u16);
                }
                if their_pawn_attacks.has(mv.from) {
                    f.push((FROM_PAWN_ATTACKED + m) as u16);
                }
                if cheaper[m].has(mv.to) {
                    f.push((TO_ATTACKED_BY_LOWER + m) as u16);
                }
                if cheaper[m].has(mv.from) {
                    f.push((FROM_ATTACKED_BY_LOWER + m) as u16);
                }
                if Some(mv.to) == last_to && victim.is_some() {
                    f.push(RECAPTURE as u16);
                }
                if mover == Piece::Pawn && (mv.to as i32 - mv.from as i32).abs() == 16 {
                    f.push(DOUBLE_PUSH as u16);
                }
                if mover == Piece::King && pieces_left <= 6 {
                    f.push((KING_ENDGAME_TO + rel(mv.to)) as u16);
                }
            }
            let mut next = board.clone();
            next.play_unchecked(mv);
            if !next.checkers().is_empty() {
                f.push(CHECK as u16);
            }
            (mv, f)
        })
        .collect()
}

/// Integer scores (1/16 bits) of the legal moves under the committed weights.
pub fn scores(pos: &Position, last_to: Option<Square>) -> Vec<(Move, i32)> {
    features(pos, last_to).into_iter().map(|(mv, f)| (mv, score(&f, &WEIGHTS))).collect()
}

/// Score of one move's features under `weights`.
pub fn score(features: &[u16], weights: &[i16]) -> i32 {
    features.iter().map(|&i| i32::from(weights[i as usize])).sum()
}

/// Frequencies (summing to at most [`FREQ_TOTAL`], each at least 1) of moves with these scores.
pub fn frequencies(scores: &[i32]) -> Vec<u32> {
    let best = scores.iter().copied().max().unwrap_or(0);
    let table = exp_table();
    let raw: Vec<u64> = scores.iter().map(|&s| table[((best - s) as usize).min(SPAN - 1)]).collect();
    let sum: u64 = raw.iter().sum();
    let budget = u64::from(FREQ_TOTAL) - scores.len() as u64;
    raw.iter().map(|&r| 1 + (r * budget / sum) as u32).collect()
}

/// Moves sorted best first (ties keep the legal-move order): the ranking of `ranked-huffman`.
pub fn ranked(pos: &Position, last_to: Option<Square>) -> Vec<Move> {
    let mut s = scores(pos, last_to);
    s.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
    s.into_iter().map(|(m, _)| m).collect()
}
