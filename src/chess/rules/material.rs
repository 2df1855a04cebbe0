//! Material: how many men of each kind a side has, and which material can arise in a game.
//!
//! The rules are those of John Tromp's position count (`CountChess.hs` in
//! ChessPositionRanking). A side cannot have more promoted pieces than missing pawns. And the
//! pawns of a file start white below black, and neither can pass the other: a white pawn
//! that has promoted, or is no longer below a black pawn on its file, is paid for by a capture
//! (its own or the black pawn's, which then left the file) or by the black pawn of its file
//! having been captured. Pair the sixteen pawns by starting file: a pair where neither pawn
//! captured nor was captured is still a white pawn below a black pawn on its file (an
//! *opposed* file). Every other pair used up a pawn capture or a captured pawn, so
//!
//! `8 − opposed files ≤ captures + white pawns captured + black pawns captured`,
//!
//! with pawns captured = 8 − pawns − promotions of that side. A pawn that promoted was not
//! captured, so its pair used a capture or the enemy pawn's capture:
//! `promotions ≤ captures + enemy pawns captured`. Promotions are the fewest that explain
//! the pieces, which only weakens both bounds, so every legal position keeps them.

use crate::{bail, Result};
use cozy_chess::{Board, Color, Piece};

/// A side's men other than the king.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counts {
    pub pawns: u8,
    pub knights: u8,
    pub bishops: u8,
    pub rooks: u8,
    pub queens: u8,
}

impl Counts {
    pub fn of(board: &Board, color: Color) -> Counts {
        let n = |p| (board.colored_pieces(color, p)).len() as u8;
        Counts {
            pawns: n(Piece::Pawn),
            knights: n(Piece::Knight),
            bishops: n(Piece::Bishop),
            rooks: n(Piece::Rook),
            queens: n(Piece::Queen),
        }
    }

    pub fn of_squares(squares: &crate::chess::Squares, color: Color) -> Counts {
        let mut c = Counts::default();
        for (p, col) in squares.iter().flatten() {
            if *col == color {
                match p {
                    Piece::Pawn => c.pawns += 1,
                    Piece::Knight => c.knights += 1,
                    Piece::Bishop => c.bishops += 1,
                    Piece::Rook => c.rooks += 1,
                    Piece::Queen => c.queens += 1,
                    Piece::King => {}
                }
            }
        }
        c
    }

    /// (pawns, men, promotions): what the rules between two sides look at.
    pub fn army(&self) -> (u8, u8, u8) {
        (self.pawns, self.men(), self.promotions())
    }

    /// Pieces other than pawns and the king.
    pub fn pieces(&self) -> u8 {
        self.knights + self.bishops + self.rooks + self.queens
    }

    /// All men including the king.
    pub fn men(&self) -> u8 {
        self.pawns + self.pieces() + 1
    }

    /// The fewest promotions that explain these pieces.
    pub fn promotions(&self) -> u8 {
        self.queens.saturating_sub(1)
            + self.rooks.saturating_sub(2)
            + self.bishops.saturating_sub(2)
            + self.knights.saturating_sub(2)
    }

    pub fn get(&self, p: Piece) -> u8 {
        match p {
            Piece::Pawn => self.pawns,
            Piece::Knight => self.knights,
            Piece::Bishop => self.bishops,
            Piece::Rook => self.rooks,
            Piece::Queen => self.queens,
            Piece::King => 1,
        }
    }
}

/// Whether a side's own counts are possible (promotions bounded by its missing pawns).
pub fn side_ok(c: &Counts) -> bool {
    c.pawns <= 8 && c.pawns + c.promotions() <= 8
}

/// What the rules ask of the pawns for two sides' material: the least number of opposed files
/// (a white pawn below a black pawn), or `None` when the material cannot arise at all. Each
/// side is given as (pawns, men including the king, promotions).
pub fn opposed_files_needed(w: (u8, u8, u8), b: (u8, u8, u8)) -> Option<u8> {
    let captures = 32 - i32::from(w.1) - i32::from(b.1);
    let captured = |s: (u8, u8, u8)| 8 - i32::from(s.0) - i32::from(s.2);
    if captures < 0
        || i32::from(w.2) > captures + captured(b)
        || i32::from(b.2) > captures + captured(w)
        || w.0 + w.2 > 8
        || b.0 + b.2 > 8
    {
        return None;
    }
    Some((8 - captures - captured(w) - captured(b)).max(0) as u8)
}

/// Number of files with a white pawn below a black pawn.
pub fn opposed_files(squares: &crate::chess::Squares) -> u8 {
    let pawn_at = |file: usize, rank: usize, color: Color| squares[rank * 8 + file] == Some((Piece::Pawn, color));
    (0..8)
        .filter(|&f| {
            (1..7).any(|rw| pawn_at(f, rw, Color::White) && (rw + 1..7).any(|rb| pawn_at(f, rb, Color::Black)))
        })
        .count() as u8
}

/// Whether a board's pawns keep the opposed-files rule for its material; `Err` says why not.
pub fn check_pawns(squares: &crate::chess::Squares) -> Result<()> {
    let [w, b] = [Color::White, Color::Black].map(|c| Counts::of_squares(squares, c));
    let Some(need) = opposed_files_needed(w.army(), b.army()) else { return check(&w, &b) };
    let have = opposed_files(squares);
    if have < need {
        let captures = (32 - i32::from(w.men()) - i32::from(b.men())).max(0);
        let plural = if captures == 1 { "" } else { "s" };
        bail!("only {have} files have a white pawn below a black pawn; with {captures} capture{plural} at least {need} must");
    }
    Ok(())
}

/// Whether both sides' material together can arise in a game; `Err` says why not.
pub fn check(w: &Counts, b: &Counts) -> Result<()> {
    match impossibility(w, b) {
        None => Ok(()),
        Some(Impossible::Pawns { white }) => {
            let (name, c) = side(white, w, b);
            bail!("{name} has {} pawns; a side has at most 8", c.pawns)
        }
        Some(Impossible::Promotions { white }) => {
            let (name, c) = side(white, w, b);
            bail!("{name} has {} promoted pieces but only {} missing pawns", c.promotions(), 8 - c.pawns)
        }
        Some(Impossible::PastPawns { white, captures }) => {
            let (name, c) = side(white, w, b);
            bail!(
                "{name} has {} promoted pieces, but with only {} captures its pawns could not get past the enemy pawns",
                c.promotions(),
                captures.max(0)
            )
        }
    }
}

fn side<'a>(white: bool, w: &'a Counts, b: &'a Counts) -> (&'static str, &'a Counts) {
    if white {
        ("White", w)
    } else {
        ("Black", b)
    }
}

/// Why some material cannot arise, as data: [`check`] words it; tests that ask it of millions
/// of pairs need no message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Impossible {
    /// A side with more than 8 pawns.
    Pawns { white: bool },
    /// More promoted pieces than missing pawns.
    Promotions { white: bool },
    /// More promotions than the captures let pawns get past the enemy's.
    PastPawns { white: bool, captures: i32 },
}

/// The first reason (in [`check`]'s order) why both sides' material cannot arise, if any.
pub fn impossibility(w: &Counts, b: &Counts) -> Option<Impossible> {
    for (c, white) in [(w, true), (b, false)] {
        if c.pawns > 8 {
            return Some(Impossible::Pawns { white });
        }
        if c.pawns + c.promotions() > 8 {
            return Some(Impossible::Promotions { white });
        }
    }
    let captures = 32i32 - i32::from(w.men()) - i32::from(b.men());
    for (us, them, white) in [(w, b, true), (b, w, false)] {
        let their_pawns_captured = 8 - i32::from(them.pawns) - i32::from(them.promotions());
        if i32::from(us.promotions()) > captures + their_pawns_captured {
            return Some(Impossible::PastPawns { white, captures });
        }
    }
    None
}

/// Every count a side can have on its own (promotions bounded by missing pawns), pawns first.
pub fn all_sides() -> Vec<Counts> {
    let mut out = Vec::new();
    for pawns in 0..=8u8 {
        for queens in 0..=9u8 {
            for rooks in 0..=10u8 {
                for bishops in 0..=10u8 {
                    for knights in 0..=10u8 {
                        let c = Counts { pawns, knights, bishops, rooks, queens };
                        if side_ok(&c) {
                            out.push(c);
                        }
                    }
                }
            }
        }
    }
    out
}

/// The largest `cost(white) + cost(black)` over every pair of sides whose material can arise
/// in a game. Whether a pair can arise depends only on each side's (pawns, pieces,
/// promotions), so the sides are grouped by that key first: ~300² pairs instead of ~8700².
pub fn max_over_pairs(cost: impl Fn(&Counts, bool) -> usize) -> usize {
    // Grouped by an index of the key (pawns ≤ 8, pieces ≤ 15, promotions ≤ 8), not a map:
    // the page asks for this as it opens.
    let index = |c: &Counts| (c.pawns as usize * 16 + c.pieces() as usize) * 9 + c.promotions() as usize;
    let mut slots: Vec<Option<(Counts, usize, usize)>> = vec![None; 9 * 16 * 9];
    for c in all_sides() {
        let e = slots[index(&c)].get_or_insert((c, 0, 0));
        e.1 = e.1.max(cost(&c, true));
        e.2 = e.2.max(cost(&c, false));
    }
    let groups: Vec<(Counts, usize, usize)> = slots.into_iter().flatten().collect();
    let mut best = 0;
    for (w, ww, _) in &groups {
        for (b, _, bb) in &groups {
            // `check` without its error message, whose formatting took most of the time.
            if opposed_files_needed(w.army(), b.army()).is_some() {
                best = best.max(ww + bb);
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_material_is_fine_and_nine_queens_need_captures() {
        let start = Counts { pawns: 8, knights: 2, bishops: 2, rooks: 2, queens: 1 };
        assert!(check(&start, &start).is_ok());
        let nine_queens = Counts { pawns: 0, knights: 2, bishops: 2, rooks: 2, queens: 9 };
        // Eight promotions with all 16 black men still on the board: impossible.
        assert!(check(&nine_queens, &start).is_err());
        // With black's pawns all gone (captured), eight promotions are possible.
        let black = Counts { pawns: 0, knights: 2, bishops: 2, rooks: 2, queens: 1 };
        assert!(check(&nine_queens, &black).is_ok());
        let three_queens = Counts { pawns: 8, knights: 2, bishops: 2, rooks: 2, queens: 3 };
        assert!(check(&three_queens, &start).unwrap_err().message().contains("missing pawns"));
    }

    #[test]
    fn opposed_files_needed_by_hand() {
        let start = Counts { pawns: 8, knights: 2, bishops: 2, rooks: 2, queens: 1 };
        // No capture: every file still has its white pawn below its black pawn.
        assert_eq!(opposed_files_needed(start.army(), start.army()), Some(8));
        // A knight taken: one pair may be undone (say exd3), seven files stay opposed.
        let knight_less = Counts { knights: 1, ..start };
        assert_eq!(opposed_files_needed(start.army(), knight_less.army()), Some(7));
        // A pawn taken by a piece: its file and one capture, two pairs: six files.
        let pawn_less = Counts { pawns: 7, ..start };
        assert_eq!(opposed_files_needed(start.army(), pawn_less.army()), Some(6));
        // A promotion with no capture at all is impossible.
        let queen_more = Counts { pawns: 7, queens: 2, ..start };
        assert_eq!(opposed_files_needed(queen_more.army(), start.army()), None);
        // Bare kings: nothing to ask.
        assert_eq!(opposed_files_needed(Counts::default().army(), Counts::default().army()), Some(0));
    }

    #[test]
    fn grouped_maximum_equals_brute_force_over_all_pairs() {
        // A cost that weighs every kind differently, so the maximum depends on the exact counts.
        let cost = |c: &Counts, white: bool| {
            let k = if white { [3, 5, 5, 5, 6] } else { [3, 5, 4, 6, 6] };
            k[0] * c.pawns as usize
                + k[1] * c.knights as usize
                + k[2] * c.bishops as usize
                + k[3] * c.rooks as usize
                + k[4] * c.queens as usize
        };
        let sides = all_sides();
        let mut brute = 0;
        for w in &sides {
            for b in &sides {
                if impossibility(w, b).is_none() {
                    brute = brute.max(cost(w, true) + cost(b, false));
                }
            }
        }
        assert_eq!(max_over_pairs(cost), brute);
    }
}
