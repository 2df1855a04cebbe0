//! Lichess's own game codec, reproduced for comparison (lichess-org/compression, the code that
//! stores lichess's games): the legal moves are ordered by a fixed heuristic — promotions
//! first, then captures, then moves to a square no enemy pawn attacks (else cheaper pieces
//! first), then by the gain on a piece-square table, then by square numbers — and the index
//! of the played move is Huffman-coded with a fixed table built from the frequencies of the
//! indices in 16 million lichess games. Only the code lengths matter here; lichess stores the
//! number of plies elsewhere, so a game costs the sum of its moves' code lengths.

use crate::chess::{Game, Position};
use cozy_chess::{get_pawn_attacks, Color, Move, Piece, Square};

/// Code length of each move index in lichess's Huffman table (index 0 = the heuristic's
/// first move), in runs: (first index of the run, length).
const LENGTH_RUNS: [(usize, u32); 30] = [
    (0, 2),
    (1, 3),
    (2, 4),
    (5, 5),
    (10, 6),
    (22, 7),
    (31, 8),
    (34, 9),
    (38, 10),
    (40, 11),
    (42, 12),
    (44, 13),
    (46, 14),
    (48, 15),
    (50, 16),
    (52, 17),
    (53, 18),
    (56, 19),
    (58, 20),
    (61, 21),
    (66, 22),
    (70, 23),
    (75, 24),
    (82, 25),
    (88, 26),
    (93, 27),
    (99, 28),
    (104, 29),
    (109, 30),
    (158, 31),
];

/// Bits lichess spends on the move of index `i` in its ordering.
pub fn code_length(i: usize) -> u32 {
    LENGTH_RUNS.iter().rev().find(|&&(first, _)| first <= i).map_or(2, |&(_, len)| len)
}

/// The piece-square values the heuristic uses (lichess's tweaks of the feeks engine's table),
/// per piece, rank 8 first as seen by White.
#[rustfmt::skip]
const PSQT: [[i32; 64]; 6] = [
    [  0,  0,  0,  0,  0,  0,  0,  0,
      50, 50, 50, 50, 50, 50, 50, 50,
      10, 10, 20, 30, 30, 20, 10, 10,
       5,  5, 10, 25, 25, 10,  5,  5,
       0,  0,  0, 20, 21,  0,  0,  0,
       5, -5,-10,  0,  0,-10, -5,  5,
       5, 10, 10,-31,-31, 10, 10,  5,
       0,  0,  0,  0,  0,  0,  0,  0],
    [-50,-40,-30,-30,-30,-30,-40,-50,
     -40,-20,  0,  0,  0,  0,-20,-40,
     -30,  0, 10, 15, 15, 10,  0,-30,
     -30,  5, 15, 20, 20, 15,  5,-30,
     -30,  0, 15, 20, 20, 15,  0,-30,
     -30,  5, 10, 15, 15, 11,  5,-30,
     -40,-20,  0,  5,  5,  0,-20,-40,
     -50,-40,-30,-30,-30,-30,-40,-50],
    [-20,-10,-10,-10,-10,-10,-10,-20,
     -10,  0,  0,  0,  0,  0,  0,-10,
     -10,  0,  5, 10, 10,  5,  0,-10,
     -10,  5,  5, 10, 10,  5,  5,-10,
     -10,  0, 10, 10, 10, 10,  0,-10,
     -10, 10, 10, 10, 10, 10, 10,-10,
     -10,  5,  0,  0,  0,  0,  5,-10,
     -20,-10,-10,-10,-10,-10,-10,-20],
    [  0,  0,  0,  0,  0,  0,  0,  0,
       5, 10, 10, 10, 10, 10, 10,  5,
      -5,  0,  0,  0,  0,  0,  0, -5,
      -5,  0,  0,  0,  0,  0,  0, -5,
      -5,  0,  0,  0,  0,  0,  0, -5,
      -5,  0,  0,  0,  0,  0,  0, -5,
      -5,  0,  0,  0,  0,  0,  0, -5,
       0,  0,  0,  5,  5,  0,  0,  0],
    [-20,-10,-10, -5, -5,-10,-10,-20,
     -10,  0,  0,  0,  0,  0,  0,-10,
     -10,  0,  5,  5,  5,  5,  0,-10,
      -5,  0,  5,  5,  5,  5,  0, -5,
       0,  0,  5,  5,  5,  5,  0, -5,
     -10,  5,  5,  5,  5,  5,  0,-10,
     -10,  0,  5,  0,  0,  0,  0,-10,
     -20,-10,-10, -5, -5,-10,-10,-20],
    [-30,-40,-40,-50,-50,-40,-40,-30,
     -30,-40,-40,-50,-50,-40,-40,-30,
     -30,-40,-40,-50,-50,-40,-40,-30,
     -30,-40,-40,-50,-50,-40,-40,-30,
     -20,-30,-30,-40,-40,-30,-30,-20,
     -10,-20,-20,-20,-20,-20,-20,-10,
      20, 20,  0,  0,  0,  0, 20, 20,
       0, 30, 10,  0,  0, 10, 30,  0],
];

fn psqt(piece: Piece, us: Color, sq: Square) -> i32 {
    let i = if us == Color::White { sq as usize ^ 56 } else { sq as usize };
    PSQT[piece as usize][i]
}

/// The heuristic's score of a legal move (higher = earlier; distinct for distinct moves).
/// Castling is king-takes-own-rook, as in lichess's generator and `cozy-chess`.
fn score(pos: &Position, mv: Move) -> i64 {
    let board = pos.board();
    let us = pos.side_to_move();
    let piece = board.piece_on(mv.from).expect("a legal move");
    let capture = board.colors(!us).has(mv.to) || (piece == Piece::Pawn && mv.from.file() != mv.to.file());
    let enemy_pawns = get_pawn_attacks(mv.to, us) & board.colored_pieces(!us, Piece::Pawn);
    let safety = if enemy_pawns.is_empty() { 6 } else { 5 - piece as i64 };
    let gain = i64::from(psqt(piece, us, mv.to) - psqt(piece, us, mv.from));
    (mv.promotion.map_or(0, |p| p as i64) << 26)
        + (i64::from(capture) << 25)
        + (safety << 22)
        + ((512 + gain) << 12)
        + ((mv.to as i64) << 6)
        + mv.from as i64
}

/// The index of `mv` in lichess's ordering of the legal moves of `pos`.
pub fn index(pos: &Position, mv: Move) -> usize {
    let s = score(pos, mv);
    pos.legal_moves().into_iter().filter(|&m| score(pos, m) > s).count()
}

/// Bits lichess's codec spends on a game's moves.
pub fn game_bits(game: &Game) -> usize {
    let mut pos = game.start.clone();
    let mut bits = 0;
    for &mv in &game.moves {
        bits += code_length(index(&pos, mv)) as usize;
        pos = pos.play_unchecked(mv);
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_lengths_satisfy_kraft_with_equality() {
        // A complete Huffman code: the sum of 2^-length over the 256 indices is exactly 1.
        let sum: f64 = (0..256).map(|i| 0.5f64.powi(code_length(i) as i32)).sum();
        assert!((sum - 1.0).abs() < 1e-12, "{sum}");
    }

    #[test]
    fn the_start_positions_ordering_follows_the_heuristic() {
        // From the start no move captures, and no move lands where a black pawn attacks
        // (rank 6 and beyond), so the piece-square gain decides: e2-e4 gains 21 + 31 = 52,
        // d2-d4 gains 20 + 31 = 51, the most of all moves.
        let pos = Position::start();
        let e4 = Move { from: Square::E2, to: Square::E4, promotion: None };
        let d4 = Move { from: Square::D2, to: Square::D4, promotion: None };
        assert_eq!(index(&pos, e4), 0);
        assert_eq!(index(&pos, d4), 1);
    }
}
