//! A chess position as the codes see it: the board, the side to move, castling rights and the
//! en-passant file. Rules come from `cozy-chess`; this file adds what a code needs on top:
//! errors that explain *why* a position is illegal, and one canonical form, so that two equal
//! positions always get the same code.
//!
//! Canonical form: castling rights are standard (king on e1/e8, rook on a/h); the en-passant
//! file is kept only when an en-passant capture is actually legal (the convention of
//! repetition rules and of Tromp's position count); the move counters travel along for FEN
//! output but are not part of the position's identity.

use crate::chess::rules::material::{self, Counts};
use crate::{bail, Error, Result};
use cozy_chess::{BitBoard, Board, BoardBuilder, CastleRights, Color, File, Move, Piece, PieceMoves, Rank, Square};

/// Castling right indices: white short, white long, black short, black long (FEN `KQkq`).
pub const CASTLING_NAMES: [&str; 4] = ["white O-O", "white O-O-O", "black O-O", "black O-O-O"];

pub use crate::chess::Squares;

/// A legal position in canonical form.
#[derive(Clone, Debug)]
pub struct Position {
    board: Board,
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        self.board.same_position(&other.board)
    }
}

impl Eq for Position {}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl Position {
    /// The standard starting position.
    pub fn start() -> Self {
        Position { board: Board::default() }
    }

    /// The underlying `cozy-chess` board (move generation, attacks).
    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn side_to_move(&self) -> Color {
        self.board.side_to_move()
    }

    pub fn piece_at(&self, sq: Square) -> Option<(Piece, Color)> {
        Some((self.board.piece_on(sq)?, self.board.color_on(sq)?))
    }

    pub fn squares(&self) -> Squares {
        let mut out = [None; 64];
        for sq in Square::ALL {
            out[sq as usize] = self.piece_at(sq);
        }
        out
    }

    /// Castling rights in the order of [`CASTLING_NAMES`].
    pub fn castling(&self) -> [bool; 4] {
        let w = self.board.castle_rights(Color::White);
        let b = self.board.castle_rights(Color::Black);
        [w.short.is_some(), w.long.is_some(), b.short.is_some(), b.long.is_some()]
    }

    /// The file of the pawn that can be taken en passant (only when that capture is legal).
    pub fn en_passant(&self) -> Option<File> {
        self.board.en_passant()
    }

    /// The square a pawn taking en passant lands on.
    pub fn en_passant_square(&self) -> Option<Square> {
        let rank = if self.side_to_move() == Color::White { Rank::Sixth } else { Rank::Third };
        self.en_passant().map(|f| Square::new(f, rank))
    }

    pub fn halfmove_clock(&self) -> u8 {
        self.board.halfmove_clock()
    }

    pub fn fullmove_number(&self) -> u16 {
        self.board.fullmove_number()
    }

    /// Counts of each side's men: `[white, black]`.
    pub fn counts(&self) -> [Counts; 2] {
        [Counts::of(&self.board, Color::White), Counts::of(&self.board, Color::Black)]
    }

    /// Parses a FEN (the move counters may be left out) and explains what is wrong with it.
    pub fn from_fen(fen: &str) -> Result<Self> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            bail!("empty FEN");
        }
        if fields.len() > 6 {
            bail!("FEN has {} fields; at most 6 are expected", fields.len());
        }
        let squares = parse_placement(fields[0])?;
        let stm = match fields.get(1).copied().unwrap_or("w") {
            "w" => Color::White,
            "b" => Color::Black,
            s => bail!("FEN side to move must be 'w' or 'b', not '{s}'"),
        };
        let mut castling = [false; 4];
        let c = fields.get(2).copied().unwrap_or("-");
        if c != "-" {
            for ch in c.chars() {
                let i = match ch {
                    'K' => 0,
                    'Q' => 1,
                    'k' => 2,
                    'q' => 3,
                    _ => bail!(
                        "FEN castling field '{c}' may only hold K, Q, k, q or '-' (Chess960 castling is not supported)"
                    ),
                };
                if castling[i] {
                    bail!("FEN castling field '{c}' repeats '{ch}'");
                }
                castling[i] = true;
            }
        }
        let ep = match fields.get(3).copied().unwrap_or("-") {
            "-" => None,
            s => match s.parse::<Square>() {
                Ok(sq) => Some(sq),
                Err(_) => bail!("FEN en-passant field '{s}' is not a square"),
            },
        };
        let halfmove = match fields.get(4) {
            None => 0,
            Some(s) => match s.parse::<u8>() {
                Ok(n) if n <= 100 => n,
                _ => bail!("FEN halfmove clock '{s}' must be a number from 0 to 100"),
            },
        };
        let fullmove = match fields.get(5) {
            None => 1,
            Some(s) => match s.parse::<u16>() {
                Ok(n) if n >= 1 => n,
                _ => bail!("FEN move number '{s}' must be a number from 1 to 65535"),
            },
        };
        let ep_file = match ep {
            None => None,
            Some(sq) => {
                let want = if stm == Color::White { Rank::Sixth } else { Rank::Third };
                if sq.rank() != want {
                    bail!(
                        "en-passant square {sq} is impossible with {} to move (it must be on rank {})",
                        color_name(stm),
                        if stm == Color::White { 6 } else { 3 }
                    );
                }
                Some(sq.file())
            }
        };
        let mut pos = Self::from_parts(&squares, stm, castling, ep_file)?;
        pos.board.set_halfmove_clock(halfmove);
        pos.board.set_fullmove_number(fullmove);
        Ok(pos)
    }

    /// The same position with other move counters (halfmove clock 0..=100, move number ≥ 1).
    pub fn with_counters(&self, halfmove: u8, fullmove: u16) -> Result<Position> {
        if halfmove > 100 {
            bail!("the halfmove clock is at most 100, not {halfmove}");
        }
        if fullmove == 0 {
            bail!("the move number starts at 1");
        }
        let mut pos = self.clone();
        pos.board.set_halfmove_clock(halfmove);
        pos.board.set_fullmove_number(fullmove);
        Ok(pos)
    }

    /// FEN of the position (with its move counters).
    pub fn to_fen(&self) -> String {
        self.board.to_string()
    }

    /// Builds a position from its parts and checks it, with a one-line reason when illegal.
    /// An en-passant file whose capture is not legal is dropped (canonical form).
    pub fn from_parts(squares: &Squares, stm: Color, castling: [bool; 4], ep: Option<File>) -> Result<Self> {
        let mut kings = [Vec::new(), Vec::new()];
        let mut men = [0usize; 2];
        for sq in Square::ALL {
            if let Some((piece, color)) = squares[sq as usize] {
                men[color as usize] += 1;
                if piece == Piece::King {
                    kings[color as usize].push(sq);
                }
                if piece == Piece::Pawn && matches!(sq.rank(), Rank::First | Rank::Eighth) {
                    bail!("{} pawn on {sq}: pawns never stand on the first or last rank", color_name(color));
                }
            }
        }
        for color in Color::ALL {
            let k = &kings[color as usize];
            if k.len() != 1 {
                bail!("{} has {} kings; each side has exactly one", color_name(color), k.len());
            }
            if men[color as usize] > 16 {
                bail!("{} has {} men; a side has at most 16", color_name(color), men[color as usize]);
            }
        }
        let (wk, bk) = (kings[0][0], kings[1][0]);
        if (wk.file() as i32 - bk.file() as i32).abs() <= 1 && (wk.rank() as i32 - bk.rank() as i32).abs() <= 1 {
            bail!("the kings on {wk} and {bk} stand next to each other");
        }
        let counts = [Counts::of_squares(squares, Color::White), Counts::of_squares(squares, Color::Black)];
        material::check(&counts[0], &counts[1])?;
        material::check_pawns(squares)?;

        let mut builder = BoardBuilder::empty();
        builder.board = *squares;
        builder.side_to_move = stm;
        let home = [Square::E1, Square::E8];
        let rook_home = [[Square::H1, Square::A1], [Square::H8, Square::A8]];
        for color in Color::ALL {
            let c = color as usize;
            let mut rights = CastleRights::EMPTY;
            for side in 0..2 {
                if !castling[2 * c + side] {
                    continue;
                }
                let rook = rook_home[c][side];
                if kings[c][0] != home[c] || squares[rook as usize] != Some((Piece::Rook, color)) {
                    bail!("{} needs the king on {} and a rook on {rook}", CASTLING_NAMES[2 * c + side], home[c]);
                }
                if side == 0 {
                    rights.short = Some(File::H);
                } else {
                    rights.long = Some(File::A);
                }
            }
            builder.castle_rights[c] = rights;
        }
        let them = !stm;
        // Everything cozy-chess checks beyond this point is: the side not to move in check.
        let board = match probe_with(&builder, None) {
            Ok(b) => b,
            Err(_) => bail!("the side not to move ({}) is in check", color_name(them)),
        };
        if board.checkers().len() > 2 {
            bail!(
                "{} is in check from {} pieces at once, which no move can cause",
                color_name(stm),
                board.checkers().len()
            );
        }
        let mut pos = Position { board };
        if let Some(file) = ep {
            let (pawn_rank, behind, start) = if stm == Color::White {
                (Rank::Fifth, Rank::Sixth, Rank::Seventh)
            } else {
                (Rank::Fourth, Rank::Third, Rank::Second)
            };
            let pawn = Square::new(file, pawn_rank);
            if squares[pawn as usize] != Some((Piece::Pawn, them)) {
                bail!(
                    "en passant on {} needs a {} pawn on {pawn} that has just moved two squares",
                    Square::new(file, behind),
                    color_name(them)
                );
            }
            for r in [behind, start] {
                let sq = Square::new(file, r);
                if squares[sq as usize].is_some() {
                    bail!(
                        "en passant on file {}: square {sq} must be empty (the pawn just passed it)",
                        file_char(file)
                    );
                }
            }
            if let Ok(b) = probe_with(&builder, Some(Square::new(file, behind))) {
                let with_ep = Position { board: b };
                if with_ep.has_legal_en_passant() {
                    pos = with_ep;
                }
            }
        }
        Ok(pos)
    }

    fn has_legal_en_passant(&self) -> bool {
        let Some(target) = self.en_passant_square() else {
            return false;
        };
        let pawns = self.board.colored_pieces(self.side_to_move(), Piece::Pawn);
        let mut found = false;
        self.board.generate_moves_for(pawns, |pm| {
            if pm.to.has(target) {
                found = true;
            }
            found
        });
        found
    }

    /// Whether `mv` castles: cozy-chess writes castling as the king taking its own rook.
    pub(crate) fn is_castle(&self, mv: Move) -> bool {
        self.board().colors(self.side_to_move()).has(mv.to)
    }

    /// UCI text (`e2e4`, `e1g1`, `e7e8q`): castling as the king's two-square step.
    pub fn uci(&self, mv: Move) -> String {
        let to = if self.is_castle(mv) {
            let file = if mv.to.file() > mv.from.file() { File::G } else { File::C };
            Square::new(file, mv.from.rank())
        } else {
            mv.to
        };
        let mut s = format!("{}{}", mv.from, to);
        if let Some(p) = mv.promotion {
            s.push(p.into());
        }
        s
    }

    /// Legal moves in a fixed order (from square, then to square, then promotion piece), so
    /// that move indices mean the same thing everywhere. Castling is king-takes-own-rook, as in
    /// `cozy-chess`.
    ///
    /// cozy-chess lists each man's moves already in this order (destinations ascending, then
    /// promotions knight to queen), so the men are taken by their square instead of sorting the
    /// moves, which was half the time of `chess games --scheme move-index`.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut targets = [BitBoard::EMPTY; 64];
        let mut movers = [Piece::Pawn; 64];
        let mut from_squares = BitBoard::EMPTY;
        let mut count = 0;
        self.board.generate_moves(|pm| {
            targets[pm.from as usize] |= pm.to;
            movers[pm.from as usize] = pm.piece;
            from_squares |= pm.from.bitboard();
            count += pm.len();
            false
        });
        let mut moves = Vec::with_capacity(count);
        for from in from_squares {
            moves.extend(PieceMoves { piece: movers[from as usize], from, to: targets[from as usize] });
        }
        moves
    }

    /// Plays a legal move (checked) and returns the canonical result.
    pub fn play(&self, mv: Move) -> Result<Position> {
        if !self.board.is_legal(mv) {
            bail!("illegal move {}", self.uci(mv));
        }
        Ok(self.play_unchecked(mv))
    }

    /// Plays a move known to be legal (from [`Position::legal_moves`]).
    pub fn play_unchecked(&self, mv: Move) -> Position {
        let mut board = self.board.clone();
        board.play_unchecked(mv);
        let mut next = Position { board };
        if next.board.en_passant().is_some() && !next.has_legal_en_passant() {
            let mut b = BoardBuilder::from_board(&next.board);
            b.en_passant = None;
            if let Ok(board) = b.build() {
                next.board = board;
            }
        }
        next
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        !self.board.checkers().is_empty()
    }

    /// The position seen from the other side: ranks flipped and colours swapped. Codes that
    /// count positions use it to treat "black to move" as "white to move".
    pub fn mirrored(&self) -> Position {
        let mut squares = [None; 64];
        for sq in Square::ALL {
            if let Some((p, c)) = self.piece_at(sq) {
                squares[sq.flip_rank() as usize] = Some((p, !c));
            }
        }
        let c = self.castling();
        Position::from_parts(&squares, !self.side_to_move(), [c[2], c[3], c[0], c[1]], self.en_passant())
            .expect("a mirrored legal position is legal")
    }
}

fn probe_with(builder: &BoardBuilder, ep: Option<Square>) -> std::result::Result<Board, ()> {
    let mut b = builder.clone();
    b.en_passant = ep;
    b.build().map_err(|_| ())
}

/// Sort key of a move: from, to, promotion.
pub fn move_key(m: Move) -> u32 {
    ((m.from as u32) << 9) | ((m.to as u32) << 3) | m.promotion.map_or(0, |p| p as u32 + 1)
}

pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

pub fn file_char(f: File) -> char {
    (b'a' + f as u8) as char
}

/// The FEN letter of a piece (upper case for White).
pub fn piece_char(p: Piece, c: Color) -> char {
    let ch: char = p.into();
    if c == Color::White {
        ch.to_ascii_uppercase()
    } else {
        ch
    }
}

fn parse_placement(text: &str) -> Result<Squares> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 8 {
        bail!("FEN board has {} ranks; it needs 8 separated by '/'", rows.len());
    }
    let mut squares = [None; 64];
    for (i, row) in rows.iter().enumerate() {
        let rank = 7 - i;
        let mut file = 0usize;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                if d == 0 || d > 8 {
                    bail!("FEN rank {} has the digit {d}; empty runs are 1 to 8", rank + 1);
                }
                file += d as usize;
            } else {
                let piece = match Piece::try_from(ch.to_ascii_lowercase()) {
                    Ok(p) => p,
                    Err(_) => bail!("FEN rank {} has '{ch}', which is not a piece letter", rank + 1),
                };
                if file >= 8 {
                    bail!("FEN rank {} is longer than 8 squares", rank + 1);
                }
                let color = if ch.is_ascii_uppercase() { Color::White } else { Color::Black };
                squares[rank * 8 + file] = Some((piece, color));
                file += 1;
            }
        }
        if file != 8 {
            bail!("FEN rank {} covers {file} squares instead of 8", rank + 1);
        }
    }
    Ok(squares)
}

impl std::str::FromStr for Position {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        Position::from_fen(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::parse_pgn;

    /// The legal moves taken man by man against cozy-chess's moves sorted by [`move_key`], on
    /// every position of the sample games and a few with castling, en passant and promotions.
    #[test]
    fn legal_moves_are_sorted_by_their_key() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/lichess-2025-05-blitz-sample.pgn"
        ))
        .unwrap();
        let mut positions: Vec<Position> = parse_pgn(&text).unwrap().iter().flat_map(|g| g.positions()).collect();
        for fen in [
            "r3k2r/ppp2ppp/8/3pP3/8/8/PPPQ1PPP/R3K2R w KQkq d6 0 1",
            "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R b KQkq - 0 1",
            "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
            "4k3/8/8/2Pp4/8/8/8/4K2R w K d6 0 1",
        ] {
            positions.push(Position::from_fen(fen).unwrap());
        }
        for pos in &positions {
            let mut sorted = Vec::new();
            pos.board().generate_moves(|pm| {
                sorted.extend(pm);
                false
            });
            sorted.sort_by_key(|&m| move_key(m));
            assert_eq!(pos.legal_moves(), sorted, "{}", pos.to_fen());
        }
    }
}
