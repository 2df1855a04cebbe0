//! Standard algebraic notation (SAN) for moves and UCI parsing, on top of `cozy-chess` (which
//! writes castling as king-takes-own-rook; SAN and UCI use the king's two-square step, see
//! [`Position::uci`]).

use crate::chess::rules::position::{file_char, Position};
use crate::{bail, Result};
use cozy_chess::{Color, File, Move, Piece, Rank, Square};

/// Parses UCI text against the legal moves of `pos`.
pub fn parse_uci(pos: &Position, text: &str) -> Result<Move> {
    let text = text.trim();
    pos.legal_moves()
        .into_iter()
        .find(|&m| pos.uci(m) == text)
        .ok_or_else(|| crate::Error::new(format!("'{text}' is not a legal move here")))
}

fn piece_letter(p: Piece) -> char {
    let c: char = p.into();
    c.to_ascii_uppercase()
}

/// SAN of a legal move, with `+` or `#`.
pub fn san(pos: &Position, mv: Move) -> String {
    let board = pos.board();
    let piece = board.piece_on(mv.from).expect("a legal move starts on a piece");
    let mut s = String::new();
    if pos.is_castle(mv) {
        s.push_str(if mv.to.file() > mv.from.file() { "O-O" } else { "O-O-O" });
    } else {
        let capture = board.piece_on(mv.to).is_some() || (piece == Piece::Pawn && mv.from.file() != mv.to.file());
        if piece == Piece::Pawn {
            if capture {
                s.push(file_char(mv.from.file()));
                s.push('x');
            }
            s.push_str(&mv.to.to_string());
            if let Some(p) = mv.promotion {
                s.push('=');
                s.push(piece_letter(p));
            }
        } else {
            s.push(piece_letter(piece));
            // Disambiguate among other pieces of the same kind that reach the same square.
            let others: Vec<Square> = pos
                .legal_moves()
                .into_iter()
                .filter(|m| m.to == mv.to && m.from != mv.from && board.piece_on(m.from) == Some(piece))
                .map(|m| m.from)
                .collect();
            if !others.is_empty() {
                let same_file = others.iter().any(|o| o.file() == mv.from.file());
                let same_rank = others.iter().any(|o| o.rank() == mv.from.rank());
                if !same_file {
                    s.push(file_char(mv.from.file()));
                } else if !same_rank {
                    s.push((b'1' + mv.from.rank() as u8) as char);
                } else {
                    s.push_str(&mv.from.to_string());
                }
            }
            if capture {
                s.push('x');
            }
            s.push_str(&mv.to.to_string());
        }
    }
    let next = pos.play_unchecked(mv);
    if next.in_check() {
        s.push(if next.legal_moves().is_empty() { '#' } else { '+' });
    }
    s
}

/// Parses SAN (also accepts `0-0`, a missing or extra `x`, `e8Q` without `=`, and trailing
/// `+`, `#`, `!`, `?`) against the legal moves of `pos`.
pub fn parse_san(pos: &Position, text: &str) -> Result<Move> {
    let raw = text.trim();
    let t = raw.trim_end_matches(['+', '#', '!', '?']);
    if t.is_empty() {
        bail!("empty move");
    }
    let legal = pos.legal_moves();
    let board = pos.board();
    let castle = match t {
        "O-O" | "0-0" => Some(true),
        "O-O-O" | "0-0-0" => Some(false),
        _ => None,
    };
    if let Some(short) = castle {
        return legal
            .into_iter()
            .find(|&m| pos.is_castle(m) && (m.to.file() > m.from.file()) == short)
            .ok_or_else(|| crate::Error::new(format!("castling '{raw}' is not legal here")));
    }
    let mut chars: Vec<char> = t.chars().filter(|&c| c != 'x' && c != ':' && c != '-').collect();
    let mut promotion = None;
    if let Some(pos_eq) = chars.iter().position(|&c| c == '=') {
        let p = chars.get(pos_eq + 1).copied();
        promotion = match p.map(|c| c.to_ascii_lowercase()) {
            Some(c) => match Piece::try_from(c) {
                Ok(p) if p != Piece::Pawn && p != Piece::King => Some(p),
                _ => bail!("'{raw}': bad promotion piece"),
            },
            None => bail!("'{raw}': promotion piece missing"),
        };
        chars.truncate(pos_eq);
    } else if chars.len() >= 3 {
        let last = chars[chars.len() - 1];
        let before = chars[chars.len() - 2];
        if "QRBN".contains(last) && before.is_ascii_digit() {
            promotion = Piece::try_from(last.to_ascii_lowercase()).ok();
            chars.pop();
        }
    }
    let piece = match chars.first() {
        Some(&c) if "KQRBN".contains(c) => {
            chars.remove(0);
            Piece::try_from(c.to_ascii_lowercase()).expect("letter checked")
        }
        Some(_) => Piece::Pawn,
        None => bail!("'{raw}' is not a move"),
    };
    if chars.len() < 2 {
        bail!("'{raw}' is not a move: no destination square");
    }
    let dest: String = chars[chars.len() - 2..].iter().collect();
    let to = match dest.parse::<Square>() {
        Ok(sq) => sq,
        Err(_) => bail!("'{raw}' is not a move: '{dest}' is not a square"),
    };
    let mut from_file: Option<File> = None;
    let mut from_rank: Option<Rank> = None;
    for &c in &chars[..chars.len() - 2] {
        if ('a'..='h').contains(&c) {
            from_file = Some(File::index(c as usize - 'a' as usize));
        } else if ('1'..='8').contains(&c) {
            from_rank = Some(Rank::index(c as usize - '1' as usize));
        } else {
            bail!("'{raw}' is not a move: stray '{c}'");
        }
    }
    let matches: Vec<Move> = legal
        .into_iter()
        .filter(|&m| {
            !pos.is_castle(m)
                && m.to == to
                && board.piece_on(m.from) == Some(piece)
                && m.promotion == promotion
                && from_file.is_none_or(|f| m.from.file() == f)
                && from_rank.is_none_or(|r| m.from.rank() == r)
        })
        .collect();
    match matches.len() {
        1 => Ok(matches[0]),
        0 => {
            let side = if pos.side_to_move() == Color::White { "White" } else { "Black" };
            bail!("'{raw}' is not a legal move for {side} here")
        }
        _ => bail!("'{raw}' is ambiguous here"),
    }
}
