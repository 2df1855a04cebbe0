//! `huffman`: the source's Huffman code for the contents of a square (1 bit for an empty
//! square, 3 for a pawn, 5 for a rook, knight or bishop, 6 for a queen or king), built from
//! the weights of the starting position. The start position's board takes
//! 32·1 + 16·3 + 12·5 + 4·6 = 164 bits. The state fields follow.

use crate::bits::BitReader;
use crate::chess::rules::material::{self, Counts};
use crate::chess::segments::{man_code, man_from_code, man_name, read_state, write_state, CodeWriter, STATE_MAX_BITS};
use crate::chess::{Code, Position};
use crate::{bail, Result};
use cozy_chess::Square;
use serde::Serialize;

/// The codes printed in the source, indexed by man code (0 empty, 1..=6 white P N B R Q K,
/// 7..=12 black).
pub const CODES: [&str; 13] =
    ["0", "110", "10110", "10100", "11111", "111010", "101110", "100", "10101", "11100", "11110", "111011", "101111"];

/// A node of the code tree, for drawing: its path from the root and, for a leaf, what it means.
#[derive(Clone, Debug, Serialize)]
pub struct TreeNode {
    pub path: String,
    pub label: Option<String>,
}

/// Every node of the tree (root = empty path), parents before children.
pub fn tree() -> Vec<TreeNode> {
    let mut paths: Vec<String> = vec![String::new()];
    for c in CODES {
        for i in 1..=c.len() {
            let p = c[..i].to_string();
            if !paths.contains(&p) {
                paths.push(p);
            }
        }
    }
    paths.sort_by(|a, b| a.len().cmp(&b.len()).then(a.cmp(b)));
    paths
        .into_iter()
        .map(|path| {
            let label = CODES.iter().position(|&c| c == path).map(|i| man_name(man_from_code(i as u8)));
            TreeNode { path, label }
        })
        .collect()
}

fn code_len(man: u8) -> usize {
    CODES[man as usize].len()
}

pub fn encode(pos: &Position) -> Code {
    let mut w = CodeWriter::new();
    for sq in Square::ALL {
        let man = pos.piece_at(sq);
        let c = CODES[man_code(man) as usize];
        w.push(u64::from_str_radix(c, 2).expect("binary"), c.len() as u32, format!("{sq}: {}", man_name(man)), &[sq]);
    }
    write_state(&mut w, pos.side_to_move(), pos.castling(), pos.en_passant());
    w.finish()
}

pub fn decode(bytes: &[u8]) -> Result<Position> {
    let mut r = BitReader::new(bytes);
    let mut squares = [None; 64];
    for sq in Square::ALL {
        let mut path = String::new();
        let man = loop {
            path.push(if r.read_bit()? { '1' } else { '0' });
            if let Some(i) = CODES.iter().position(|&c| c == path) {
                break i as u8;
            }
            if path.len() > 6 {
                bail!("bits {path} on {sq} are not a code of the tree");
            }
        };
        squares[sq as usize] = man_from_code(man);
    }
    let (stm, castling, ep) = read_state(&mut r)?;
    r.finish()?;
    let pos = Position::from_parts(&squares, stm, castling, ep)?;
    crate::chess::segments::check_ep_kept(ep, &pos)?;
    Ok(pos)
}

/// Board bits of a side's men (without the empty squares).
fn side_bits(c: &Counts, white: bool) -> usize {
    let o = if white { 1 } else { 7 };
    c.pawns as usize * code_len(o)
        + c.knights as usize * code_len(o + 1)
        + c.bishops as usize * code_len(o + 2)
        + c.rooks as usize * code_len(o + 3)
        + c.queens as usize * code_len(o + 4)
        + code_len(o + 5)
}

/// The longest code of any position whose material can arise in a game: the maximum over
/// every pair of material counts of (men's bits + 1 bit for each empty square), plus state.
pub fn worst_case() -> usize {
    // Each man costs its code; each empty square 1 bit: men's (bits − 1) + 64.
    material::max_over_pairs(|c, white| side_bits(c, white) - c.men() as usize) + 64 + STATE_MAX_BITS
}
