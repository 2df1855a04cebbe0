//! The opening book: lichess's list of named opening lines (CC0, `tests/data/chess-openings/`),
//! stored in `model_params.rs` as a few kilobytes and turned back, on first use, into a table
//! from a position to the moves that continue some named line there and how many lines pass
//! through each. The move model gives book moves extra weight while a game follows the book.
//!
//! Stored form: the lines as sequences of legal-move indices (in [`Position::legal_moves`]
//! order), sorted, each written as (moves shared with the previous line, new moves, the new
//! indices), one byte each.

use crate::chess::games::model_params::BOOK;
use crate::chess::{parse_pgn, Position};
use crate::{bail, Result};
use cozy_chess::Move;
use std::collections::HashMap;
use std::sync::OnceLock;

/// Book moves of a position (by hash): each move and the number of named lines through it.
pub type Book = HashMap<u64, Vec<(Move, u32)>>;

/// The lines of openings lists (TSV files with a `pgn` column of SAN movetext) in book form.
pub fn compile(tsv_files: &[String]) -> Result<Vec<u8>> {
    let mut lines: Vec<Vec<u8>> = Vec::new();
    for text in tsv_files {
        let mut rows = text.lines();
        let Some(header) = rows.next() else { continue };
        let Some(col) = header.split('\t').position(|h| h.trim() == "pgn") else {
            bail!("an openings file has no 'pgn' column");
        };
        for row in rows.filter(|r| !r.trim().is_empty()) {
            let Some(movetext) = row.split('\t').nth(col) else { bail!("openings row without moves: {row}") };
            let games = parse_pgn(movetext)?;
            let Some(g) = games.first() else { continue };
            let mut pos = Position::start();
            let mut line = Vec::with_capacity(g.moves.len());
            for &mv in &g.moves {
                let idx = pos.legal_moves().iter().position(|&m| m == mv).expect("a legal move");
                line.push(idx as u8);
                pos = pos.play_unchecked(mv);
            }
            if !line.is_empty() && line.len() < 255 {
                lines.push(line);
            }
        }
    }
    lines.sort();
    lines.dedup();
    let mut out = Vec::new();
    let mut prev: &[u8] = &[];
    for line in &lines {
        let shared = prev.iter().zip(line.iter()).take_while(|(a, b)| a == b).count();
        out.push(shared as u8);
        out.push((line.len() - shared) as u8);
        out.extend_from_slice(&line[shared..]);
        prev = line;
    }
    Ok(out)
}

/// The book of the committed model.
pub fn book() -> &'static Book {
    static B: OnceLock<Book> = OnceLock::new();
    B.get_or_init(|| expand(&BOOK))
}

/// The position → moves table of a stored book.
pub fn expand(bytes: &[u8]) -> Book {
    let mut book: Book = HashMap::new();
    // The current line: positions before each move, and the moves.
    let mut path: Vec<(Position, Move)> = Vec::new();
    let mut i = 0;
    while i + 1 < bytes.len() {
        let (shared, new) = (bytes[i] as usize, bytes[i + 1] as usize);
        i += 2;
        path.truncate(shared);
        let mut pos = path.last().map_or_else(Position::start, |(p, m)| p.play_unchecked(*m));
        for &idx in &bytes[i..(i + new).min(bytes.len())] {
            let legal = pos.legal_moves();
            let Some(&mv) = legal.get(idx as usize) else { break };
            path.push((pos.clone(), mv));
            pos = pos.play_unchecked(mv);
        }
        i += new;
        for (p, mv) in &path {
            let moves = book.entry(p.board().hash()).or_default();
            match moves.iter_mut().find(|(m, _)| m == mv) {
                Some((_, n)) => *n += 1,
                None => moves.push((*mv, 1)),
            }
        }
    }
    book
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_compiled_book_lists_the_lines_moves_with_their_counts() {
        let tsv = "eco\tname\tpgn\nC20\tA\t1. e4 e5\nC40\tB\t1. e4 e5 2. Nf3\nB00\tC\t1. e4 c5\nA00\tD\t1. d4\n";
        let book = expand(&compile(&[tsv.to_string()]).unwrap());
        let start = Position::start();
        let e4 = cozy_chess::Move { from: cozy_chess::Square::E2, to: cozy_chess::Square::E4, promotion: None };
        let at_start = &book[&start.board().hash()];
        // Three lines start 1. e4, one 1. d4.
        assert_eq!(at_start.len(), 2);
        assert_eq!(at_start.iter().find(|(m, _)| *m == e4).unwrap().1, 3);
        let after_e4 = &book[&start.play_unchecked(e4).board().hash()];
        let counts: Vec<u32> = after_e4.iter().map(|&(_, n)| n).collect();
        assert_eq!(counts.iter().sum::<u32>(), 3);
        // Positions with a book move: the start, after 1. e4, after 1. e4 e5.
        assert_eq!(book.len(), 3);
    }
}
