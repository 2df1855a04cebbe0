//! `compact`: one number for the whole position — its rank in an enumeration of every
//! position that keeps the rules of John Tromp's position count (ChessPositionRanking):
//! material that can arise in a game (promotions bounded by missing pawns and by captures),
//! pawns off ranks 1 and 8 with enough *opposed files* for the captures (see
//! [`crate::chess::rules::material`]), castling king and rook at home, and an en-passant pawn with a pawn
//! beside it to take it. Unlike Tromp's ranking, which counts some positions several times,
//! every position has exactly one rank. The code is a fixed-length integer, so its length *is*
//! its worst case, computed from the exact count: 1 bit for the side to move + ⌈log2 N⌉.
//!
//! Layout of the number (Black to move is mirrored to White to move first):
//! 1. the *case*: which castling rights (a castling king and rook are fixed on their home
//!    squares) and which en-passant file (the two squares its pawn passed are empty);
//! 2. the *material classes* of both sides (pawns, other pieces, promotions), only pairs that
//!    pass the material rules;
//! 3. the placement, as a mixed-radix number: the pawns (ranked file by file among the
//!    placements with enough opposed files, [`crate::chess::positions::pawn_files`]), the kings, the set of
//!    squares of White's other pieces and of Black's, and which piece stands on each square
//!    of those sets (the signature of the side plus a permutation rank).

use crate::bits::BitReader;
use crate::chess::positions::pawn_files;
use crate::chess::rules::material::{self, Counts};
use crate::chess::segments::{bits_for, read_big, CodeWriter};
use crate::chess::{Code, Position};
use crate::{bail, Result};
use cozy_chess::{Color, File, Piece, Rank, Square};
use num_bigint::BigUint;
use std::sync::OnceLock;
use u192::U192;

mod tables;
mod u192;
pub mod v1;

const TYPES: [Piece; 4] = [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen];

/// One material signature of a side: counts of N, B, R, Q (rooks counted in full).
#[derive(Clone, Copy, Debug)]
struct Sig {
    n: [u8; 4],
    /// Ways to arrange the free pieces on a fixed set of squares.
    ways: u64,
}

/// A material class: pawns, free pieces and promotions; its signatures with prefix sums.
#[derive(Debug)]
struct Class {
    pawns: u8,
    free: u8,
    proms: u8,
    sigs: Vec<Sig>,
    prefix: Vec<u64>,
    total: u64,
}

/// C(n, k) for n ≤ 64 from Pascal's triangle (C(64, 32) < 2^61), built once at run time: a
/// lookup instead of a loop of 128-bit divisions in the tables' inner loop.
fn binom(n: i64, k: i64) -> u128 {
    static PASCAL: OnceLock<Vec<[u64; 65]>> = OnceLock::new();
    if k < 0 || n < 0 || k > n {
        return 0;
    }
    let rows = PASCAL.get_or_init(|| {
        let mut t = vec![[0u64; 65]; 65];
        for n in 0..65 {
            t[n][0] = 1;
            for k in 1..=n {
                t[n][k] = t[n - 1][k - 1] + t[n - 1][k];
            }
        }
        t
    });
    rows[n as usize][k as usize] as u128
}

/// Arrangements of at most 15 pieces of four types: 15! < 2^41, one division.
fn multinomial(counts: &[u8]) -> u64 {
    const FACTORIAL: [u64; 16] = {
        let mut f = [1u64; 16];
        let mut i = 1;
        while i < 16 {
            f[i] = f[i - 1] * i as u64;
            i += 1;
        }
        f
    };
    let total: usize = counts.iter().map(|&c| c as usize).sum();
    FACTORIAL[total] / counts.iter().map(|&c| FACTORIAL[c as usize]).product::<u64>()
}

/// Classes of a side with `fixed` rooks pinned to their corners by castling rights, in order of
/// (pawns, free pieces, promotions); a class's signatures in the order of [`material::all_sides`].
fn build_classes(sides: &[Counts], fixed: u8) -> Vec<Class> {
    // Grouped by an index in key order: pawns ≤ 8, free pieces ≤ 15, promotions ≤ 8.
    let index = |pawns: u8, free: u8, proms: u8| (pawns as usize * 16 + free as usize) * 9 + proms as usize;
    let key = |c: &Counts| index(c.pawns, c.pieces() - fixed, c.promotions());
    let sides = || sides.iter().filter(|c| c.rooks >= fixed);
    // Counted first, so that each class's list is allocated once.
    let mut sizes = vec![0usize; index(8, 15, 8) + 1];
    for c in sides() {
        sizes[key(c)] += 1;
    }
    let mut by_key: Vec<Vec<Sig>> = sizes.into_iter().map(Vec::with_capacity).collect();
    for c in sides() {
        let free_counts = [c.knights, c.bishops, c.rooks - fixed, c.queens];
        by_key[key(c)].push(Sig { n: [c.knights, c.bishops, c.rooks, c.queens], ways: multinomial(&free_counts) });
    }
    let mut classes = Vec::new();
    for pawns in 0..=8 {
        for free in 0..=15 {
            for proms in 0..=8 {
                let sigs = std::mem::take(&mut by_key[index(pawns, free, proms)]);
                if !sigs.is_empty() {
                    classes.push(Class { pawns, free, proms, sigs, prefix: Vec::new(), total: 0 });
                }
            }
        }
    }
    for k in &mut classes {
        let mut acc = 0;
        for s in &k.sigs {
            k.prefix.push(acc);
            acc += s.ways;
        }
        k.total = acc;
    }
    classes
}

/// Built per number of fixed rooks on first use: a position with all castling rights (the
/// start) needs only the classes with two.
fn classes(fixed: u8) -> &'static [Class] {
    static C: [OnceLock<Vec<Class>>; 3] = [const { OnceLock::new() }; 3];
    C[fixed as usize].get_or_init(|| build_classes(&material::all_sides(), fixed))
}

/// Where the en-passant file is, as far as the count cares: none, on the edge (one file
/// beside it for the capturing pawn) or inside (two).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EpKind {
    None,
    Edge,
    Inside,
}

/// The geometry of a case kind: fixed rooks per side (a fixed rook fixes its king too) and
/// the en-passant file's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Kind {
    wr: u8,
    br: u8,
    ep: EpKind,
}

impl Kind {
    const COUNT: usize = 27;

    fn index(self) -> usize {
        (self.wr as usize * 3 + self.br as usize) * 3 + self.ep as usize
    }
    #[cfg(test)]
    fn all() -> impl Iterator<Item = Kind> {
        (0..3u8).flat_map(|wr| {
            (0..3u8).flat_map(move |br| [EpKind::None, EpKind::Edge, EpKind::Inside].map(move |ep| Kind { wr, br, ep }))
        })
    }
    /// A file with this kind's pawn count (files of one kind count alike).
    fn ep_file(self) -> Option<File> {
        match self.ep {
            EpKind::None => None,
            EpKind::Edge => Some(File::A),
            EpKind::Inside => Some(File::B),
        }
    }
    /// Squares for the kings and pieces before pawns: all but the fixed men and the two
    /// squares the en-passant pawn passed.
    fn all_squares(self) -> i64 {
        64 - 2 * (self.ep != EpKind::None) as i64 - self.fixed_men()
    }
    fn fixed_men(self) -> i64 {
        (self.wr + self.br) as i64 + (self.wr > 0) as i64 + (self.br > 0) as i64
    }
    fn free_kings(self) -> i64 {
        (self.wr == 0) as i64 + (self.br == 0) as i64
    }
}

/// (pawns, men, promotions) of a class, for the material rules.
fn army(kind_fixed_rooks: u8, c: &Class) -> (u8, u8, u8) {
    (c.pawns, c.pawns + c.free + kind_fixed_rooks + 1, c.proms)
}

/// Opposed files the pawns need for this pair of classes; `None` when the pair is not allowed.
fn need(kind: Kind, w: &Class, b: &Class) -> Option<u8> {
    material::opposed_files_needed(army(kind.wr, w), army(kind.br, b))
}

/// Pawn placements P of a pair of classes; zero when the pair is not allowed. The pair's
/// positions per arrangement of their signatures are P times Q ([`qways`]).
fn pawn_ways(kind: Kind, w: &Class, b: &Class) -> u64 {
    let Some(need) = need(kind, w, b) else { return 0 };
    pawn_files::count(kind.ep_file(), w.pawns as usize, b.pawns as usize, need as usize)
}

/// Positions of a pair of classes per arrangement of the white signatures: Q · P · (black
/// arrangements); zero when the pair is not allowed. P·total < 2^55·4^15 and Q < 3^62·62^2
/// both fit in u128, their product (below the kind's total) in a [`U192`].
fn pair_weight(kind: Kind, w: &Class, b: &Class) -> U192 {
    let p = pawn_ways(kind, w, b);
    if p == 0 {
        return U192::ZERO;
    }
    U192::product(qways(kind, w, b), p as u128 * b.total as u128)
}

/// For a white class: prefix[j] = positions (per white signature arrangement) of the black
/// classes before class j — built once per (kind, white class) when first needed, so that a
/// rank costs a lookup and a decode a binary search.
fn black_prefix(kind: Kind, wi: usize) -> &'static [U192] {
    static P: [OnceLock<Vec<OnceLock<Vec<U192>>>>; Kind::COUNT] = [const { OnceLock::new() }; Kind::COUNT];
    let rows = P[kind.index()].get_or_init(|| (0..classes(kind.wr).len()).map(|_| OnceLock::new()).collect());
    rows[wi].get_or_init(|| {
        let w = &classes(kind.wr)[wi];
        let blacks = classes(kind.br);
        let mut out = Vec::with_capacity(blacks.len() + 1);
        let mut sum = U192::ZERO;
        for b in blacks {
            out.push(sum);
            sum += pair_weight(kind, w, b);
        }
        out.push(sum);
        out
    })
}

/// Positions of the white class `wi` with every black class; a sum without a stored row, so
/// that a kind's table does not keep the rows no code has asked for.
fn white_class_total(kind: Kind, wi: usize) -> U192 {
    let w = &classes(kind.wr)[wi];
    let mut sum = U192::ZERO;
    for b in classes(kind.br) {
        sum += pair_weight(kind, w, b);
    }
    sum.mul_u64(w.total)
}

/// Positions of the white classes before `wi` in a kind: the sum of every pair of classes up
/// to there, which the committed checkpoints ([`tables::CHECKPOINTS`], every
/// [`tables::STRIDE`]-th class) cut to at most a stride of rows. A block of rows is summed on
/// first use: the first code of a kind costs a few thousand pairs instead of ~100 000.
fn block_offsets(kind: Kind, block: usize) -> &'static [U192] {
    static B: [OnceLock<Vec<OnceLock<Vec<U192>>>>; Kind::COUNT] = [const { OnceLock::new() }; Kind::COUNT];
    let blocks = B[kind.index()]
        .get_or_init(|| (0..classes(kind.wr).len().div_ceil(tables::STRIDE)).map(|_| OnceLock::new()).collect());
    blocks[block].get_or_init(|| {
        let start = block * tables::STRIDE;
        let end = (start + tables::STRIDE).min(classes(kind.wr).len());
        let mut acc = tables::CHECKPOINTS[kind.index()][block];
        let mut out = Vec::with_capacity(end - start + 1);
        for wi in start..end {
            out.push(acc);
            acc += white_class_total(kind, wi);
        }
        out.push(acc);
        out
    })
}

/// Positions of the white classes before `wi` in a kind (`wi` up to the class count).
fn white_offset(kind: Kind, wi: usize) -> U192 {
    if wi == classes(kind.wr).len() {
        return kind_total(kind);
    }
    block_offsets(kind, wi / tables::STRIDE)[wi % tables::STRIDE]
}

/// The white class holding offset `rem` (below the kind's total) inside a kind, and its offset.
fn white_class_at(kind: Kind, rem: U192) -> (usize, U192) {
    let block = tables::CHECKPOINTS[kind.index()].partition_point(|o| o <= &rem) - 1;
    let offsets = block_offsets(kind, block);
    let i = offsets.partition_point(|o| o <= &rem) - 1;
    (block * tables::STRIDE + i, offsets[i])
}

/// Every kind's total, in [`Kind::index`] order. Stored so that a case's offset does not
/// need all 27 tables; the test `committed_tables_match_a_fresh_enumeration` recomputes each one.
const KIND_TOTALS: [&str; Kind::COUNT] = [
    "4257746766135666317867459983073019633234774240",
    "2230504551398730566178042507244326392135932",
    "4378461261889319559824438839661660517611548",
    "3414460311960389462513720028805613902105074",
    "1898390108545923280264805975829750281226",
    "3725701254789409289087176973003831250229",
    "134888549862692629049143019928978839831349",
    "72373256476265947608368735044472731663",
    "142070800903751602219216255536005286048",
    "3414460311960389462513720028805613902105074",
    "1893773180754494826776748187711529180946",
    "3719066803897516043065993918554367485677",
    "2897581359275141794272963135013110858087",
    "1712444893933548767163432627355563839",
    "3362177312754095558098418417910991725",
    "116587582485049127056407763110127342920",
    "66555603965670492870697023530458349",
    "130704739084487706085999965024988817",
    "134888549862692629049143019928978839831349",
    "71915024456972747633139137537469869059",
    "141407588919664670884769373522486528182",
    "116587582485049127056407763110127342920",
    "66293216801607893060495487019463413",
    "130324060064189565007910404665451797",
    "4680169709978209454739858469684417695",
    "2567870760130488331211040954708707",
    "5049279637848652137145321279139473",
];

fn kind_total(kind: Kind) -> U192 {
    let n = BigUint::parse_bytes(KIND_TOTALS[kind.index()].as_bytes(), 10).expect("a decimal constant");
    U192::from_biguint(&n).expect("below 2^152")
}

/// A full case: castling masks (bit 0 short, bit 1 long) and en-passant file, White to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Case {
    wmask: u8,
    bmask: u8,
    ep: Option<File>,
}

impl Case {
    fn kind(self) -> Kind {
        let ep = match self.ep {
            None => EpKind::None,
            Some(File::A | File::H) => EpKind::Edge,
            Some(_) => EpKind::Inside,
        };
        Kind { wr: self.wmask.count_ones() as u8, br: self.bmask.count_ones() as u8, ep }
    }
    fn all() -> impl Iterator<Item = Case> {
        (0..4u8).flat_map(|wmask| {
            (0..4u8).flat_map(move |bmask| {
                std::iter::once(None).chain(File::ALL.iter().map(|&f| Some(f))).map(move |ep| Case { wmask, bmask, ep })
            })
        })
    }
    /// Squares whose contents the case fixes: castling men and the empty squares the
    /// en-passant pawn passed (the pawn itself is placed with the other pawns).
    fn fixed(self) -> Vec<(Square, Option<(Piece, Color)>)> {
        let mut v = Vec::new();
        if self.wmask != 0 {
            v.push((Square::E1, Some((Piece::King, Color::White))));
        }
        if self.wmask & 1 != 0 {
            v.push((Square::H1, Some((Piece::Rook, Color::White))));
        }
        if self.wmask & 2 != 0 {
            v.push((Square::A1, Some((Piece::Rook, Color::White))));
        }
        if self.bmask != 0 {
            v.push((Square::E8, Some((Piece::King, Color::Black))));
        }
        if self.bmask & 1 != 0 {
            v.push((Square::H8, Some((Piece::Rook, Color::Black))));
        }
        if self.bmask & 2 != 0 {
            v.push((Square::A8, Some((Piece::Rook, Color::Black))));
        }
        if let Some(f) = self.ep {
            v.push((Square::new(f, Rank::Sixth), None));
            v.push((Square::new(f, Rank::Seventh), None));
        }
        v
    }
}

/// Number of positions with White to move (all cases), and each case's offset.
fn case_offsets() -> &'static (Vec<U192>, U192) {
    static O: OnceLock<(Vec<U192>, U192)> = OnceLock::new();
    O.get_or_init(|| {
        let mut offsets = Vec::new();
        let mut acc = U192::ZERO;
        for case in Case::all() {
            offsets.push(acc);
            acc += kind_total(case.kind());
        }
        (offsets, acc)
    })
}

/// Number of positions the rank ranges over (White to move); the code has 1 + ⌈log2⌉ bits.
pub fn count() -> BigUint {
    case_offsets().1.to_biguint()
}

fn rank_bits() -> u64 {
    bits_for(&count())
}

/// The code length, which is also the worst case: every position takes exactly this much.
pub fn bits() -> usize {
    1 + rank_bits() as usize
}

/// Rank of a combination (sorted indices) in colex order.
fn comb_rank(idx: &[usize]) -> u128 {
    idx.iter().enumerate().map(|(j, &i)| binom(i as i64, j as i64 + 1)).sum()
}

/// Inverse of [`comb_rank`]: `k` indices below `n`.
fn comb_unrank(mut r: u128, k: usize, n: usize) -> Vec<usize> {
    let mut out = vec![0; k];
    let mut hi = n;
    for j in (0..k).rev() {
        // largest i < hi with C(i, j+1) <= r
        let mut i = hi - 1;
        while binom(i as i64, j as i64 + 1) > r {
            i -= 1;
        }
        r -= binom(i as i64, j as i64 + 1);
        out[j] = i;
        hi = i;
    }
    out
}

/// Rank of a sequence of type indices among the arrangements with the same counts.
fn perm_rank(seq: &[usize], counts: [u8; 4]) -> u64 {
    let mut c = counts;
    let mut r = 0;
    for &t in seq {
        for u in 0..t {
            if c[u] > 0 {
                c[u] -= 1;
                r += multinomial(&c);
                c[u] += 1;
            }
        }
        c[t] -= 1;
    }
    r
}

fn perm_unrank(mut r: u64, counts: [u8; 4]) -> Vec<usize> {
    let mut c = counts;
    let n: u8 = c.iter().sum();
    let mut out = Vec::with_capacity(n as usize);
    for _ in 0..n {
        for u in 0..4 {
            if c[u] == 0 {
                continue;
            }
            c[u] -= 1;
            let w = multinomial(&c);
            if r < w {
                out.push(u);
                break;
            }
            r -= w;
            c[u] += 1;
        }
    }
    out
}

pub fn encode(pos: &Position) -> Code {
    let stm = pos.side_to_move();
    let p = if stm == Color::White { pos.clone() } else { pos.mirrored() };
    let rank = rank_white_to_move(&p);
    let mut w = CodeWriter::new();
    w.push(stm as u64, 1, "side to move", &[]);
    let occupied: Vec<Square> = Square::ALL.iter().copied().filter(|&s| pos.piece_at(s).is_some()).collect();
    w.push_big(
        &rank.to_biguint(),
        rank_bits(),
        "rank of the position (castling, en passant, material, placement) among all positions",
        &occupied,
    );
    w.finish()
}

fn rank_white_to_move(pos: &Position) -> U192 {
    let castling = pos.castling();
    let case = Case {
        wmask: castling[0] as u8 | (castling[1] as u8) << 1,
        bmask: castling[2] as u8 | (castling[3] as u8) << 1,
        ep: pos.en_passant(),
    };
    let kind = case.kind();
    let case_index = Case::all().position(|c| c == case).expect("every case is listed");
    let [wc, bc] = pos.counts();
    let wcls = classes(kind.wr);
    let bcls = classes(kind.br);
    let key = |c: &Counts, fixed: u8| (c.pawns, c.pieces() - fixed, c.promotions());
    let wi = wcls.iter().position(|k| (k.pawns, k.free, k.proms) == key(&wc, kind.wr)).expect("legal material");
    let bi = bcls.iter().position(|k| (k.pawns, k.free, k.proms) == key(&bc, kind.br)).expect("legal material");
    let (w, b) = (&wcls[wi], &bcls[bi]);
    // Offset of the class pair inside the case.
    let offset = white_offset(kind, wi) + black_prefix(kind, wi)[bi].mul_u64(w.total);

    // Placement inside the block: the pawns first.
    let fixed = case.fixed();
    let is_fixed = |sq: Square| fixed.iter().any(|&(s, _)| s == sq);
    let need = need(kind, w, b).expect("legal material") as usize;
    let board = pos.board();
    let pawns = |c: Color| board.colored_pieces(c, Piece::Pawn).0;
    let x = pawn_files::rank(case.ep, pawns(Color::White), pawns(Color::Black), need).expect("legal pawns");

    let mut free: Vec<Square> = Square::ALL
        .iter()
        .copied()
        .filter(|&s| !is_fixed(s) && !matches!(pos.piece_at(s), Some((Piece::Pawn, _))))
        .collect();
    let mut y: u128 = 0;
    let take_king = |color: Color, free: &mut Vec<Square>, y: &mut u128| {
        let i =
            free.iter().position(|&s| pos.piece_at(s) == Some((Piece::King, color))).expect("king on a free square");
        *y = *y * free.len() as u128 + i as u128;
        free.remove(i);
    };
    if kind.wr == 0 {
        take_king(Color::White, &mut free, &mut y);
    }
    if kind.br == 0 {
        take_king(Color::Black, &mut free, &mut y);
    }
    let mut seqs = [Vec::new(), Vec::new()];
    for color in Color::ALL {
        let mine: Vec<usize> = free
            .iter()
            .enumerate()
            .filter(
                |(_, &s)| matches!(pos.piece_at(s), Some((p, c)) if c == color && p != Piece::King && p != Piece::Pawn),
            )
            .map(|(i, _)| i)
            .collect();
        let c = if color == Color::White { w.free } else { b.free };
        y = y * binom(free.len() as i64, c as i64) + comb_rank(&mine);
        seqs[color as usize] = mine
            .iter()
            .map(|&i| {
                let (p, _) = pos.piece_at(free[i]).expect("a piece");
                TYPES.iter().position(|&t| t == p).expect("a type")
            })
            .collect::<Vec<usize>>();
        let mut k = 0;
        free.retain(|_| {
            let keep = !mine.contains(&k);
            k += 1;
            keep
        });
    }
    let z = |class: &Class, counts: &Counts, seq: &[usize], fixed: u8| -> u64 {
        let full = [counts.knights, counts.bishops, counts.rooks, counts.queens];
        let si = class.sigs.iter().position(|s| s.n == full).expect("signature in its class");
        let free_counts = [counts.knights, counts.bishops, counts.rooks - fixed, counts.queens];
        class.prefix[si] + perm_rank(seq, free_counts)
    };
    let zw = z(w, &wc, &seqs[0], kind.wr);
    let zb = z(b, &bc, &seqs[1], kind.br);
    let inner = ((U192::product(x as u128, qways(kind, w, b)) + U192::from_u128(y)).mul_u64(w.total)
        + U192::from_u128(zw as u128))
    .mul_u64(b.total)
        + U192::from_u128(zb as u128);
    case_offsets().0[case_index] + offset + inner
}

/// What the rank is made of, most significant first: each part with its share of the code,
/// log2 of its number of choices, and the squares it places. The rank is one mixed-radix
/// number, so these are shares of its bits, not separate fields; they add up to log2 of the
/// count, the rest of the 152 bits being the unused top of the range.
pub fn rank_parts(pos: &Position) -> Vec<(&'static str, f64, Vec<Square>)> {
    let stm = pos.side_to_move();
    let p = if stm == Color::White { pos.clone() } else { pos.mirrored() };
    let castling = p.castling();
    let case = Case {
        wmask: castling[0] as u8 | (castling[1] as u8) << 1,
        bmask: castling[2] as u8 | (castling[3] as u8) << 1,
        ep: p.en_passant(),
    };
    let kind = case.kind();
    let [wc, bc] = p.counts();
    let key = |c: &Counts, fixed: u8| (c.pawns, c.pieces() - fixed, c.promotions());
    let find =
        |cls: &'static [Class], c: &Counts, fixed: u8| cls.iter().find(|k| (k.pawns, k.free, k.proms) == key(c, fixed));
    let (Some(w), Some(b)) = (find(classes(kind.wr), &wc, kind.wr), find(classes(kind.br), &bc, kind.br)) else {
        return Vec::new();
    };
    let log2 = |x: u128| (x as f64).log2();
    let m = kind.all_squares() - w.pawns as i64 - b.pawns as i64;
    let kf = kind.free_kings();
    let kings: f64 = (0..kf).map(|i| ((m - i) as f64).log2()).sum();
    let own_squares = log2(binom(m - kf, w.free as i64));
    let their_squares = log2(binom(m - kf - w.free as i64, b.free as i64));
    let pawns = log2(u128::from(pawn_ways(kind, w, b)));
    let (own_types, their_types) = (log2(u128::from(w.total)), log2(u128::from(b.total)));
    let count = case_offsets().1.to_biguint();
    let shift = count.bits().saturating_sub(64);
    let all = ((&count >> shift).iter_u64_digits().next().unwrap_or(0) as f64).log2() + shift as f64;
    let block = all - kings - own_squares - their_squares - pawns - own_types - their_types;
    let squares = |f: &dyn Fn(Piece, Color) -> bool| -> Vec<Square> {
        Square::ALL.iter().copied().filter(|&s| pos.piece_at(s).is_some_and(|(pc, c)| f(pc, c))).collect()
    };
    let pieces = |side: Color| squares(&|pc, c| c == side && pc != Piece::King && pc != Piece::Pawn);
    vec![
        ("the castling rights, en passant and both sides' material", block, Vec::new()),
        ("the pawns", pawns, squares(&|pc, _| pc == Piece::Pawn)),
        ("the kings", kings, squares(&|pc, _| pc == Piece::King)),
        ("the squares of the side to move's pieces", own_squares, pieces(stm)),
        ("the squares of the other side's pieces", their_squares, pieces(!stm)),
        ("which of the side to move's pieces stands where", own_types, pieces(stm)),
        ("which of the other side's pieces stands where", their_types, pieces(!stm)),
    ]
}

/// Q: the squares of the free kings and the sets of squares of each side's pieces, among the
/// squares left by the fixed men and the pawns (at most 3^62·62^2 < 2^111).
fn qways(kind: Kind, w: &Class, b: &Class) -> u128 {
    let m = kind.all_squares() - w.pawns as i64 - b.pawns as i64;
    let kf = kind.free_kings();
    if kf + (w.free + b.free) as i64 > m {
        return 0;
    }
    let mut kings: u128 = 1;
    for i in 0..kf {
        kings *= (m - i) as u128;
    }
    kings * binom(m - kf, w.free as i64) * binom(m - kf - w.free as i64, b.free as i64)
}

fn divrem(n: &BigUint, d: &BigUint) -> (BigUint, BigUint) {
    (n / d, n % d)
}

fn small(n: &BigUint) -> u128 {
    u128::try_from(n).unwrap_or(u128::MAX)
}

pub fn decode(bytes: &[u8]) -> Result<Position> {
    let mut r = BitReader::new(bytes);
    let stm = if r.read_bit()? { Color::Black } else { Color::White };
    let rank = read_big(&mut r, rank_bits())?;
    r.finish()?;
    let (offsets, total) = case_offsets();
    let Some(rank) = U192::from_biguint(&rank).filter(|rank| rank < total) else {
        bail!("the number is larger than the count of positions ({} bits hold more)", rank_bits());
    };
    let case_index = offsets.partition_point(|o| o <= &rank) - 1;
    let case = Case::all().nth(case_index).expect("index in range");
    let kind = case.kind();
    let mut rem = rank - offsets[case_index];
    let (wi, white_offset) = white_class_at(kind, rem);
    let w = &classes(kind.wr)[wi];
    rem = rem - white_offset;
    // The black class: a binary search in the white class's prefix sums.
    let prefix = black_prefix(kind, wi);
    let q = rem.div_u64(w.total);
    let bi = prefix.partition_point(|p| p <= &q) - 1;
    if bi >= prefix.len() - 1 {
        bail!("the number falls outside every material class");
    }
    let rem = (rem - prefix[bi].mul_u64(w.total)).to_biguint();
    let bcls = classes(kind.br);
    let b = &bcls[bi];
    // Inner mixed radix: ((x·Q + y)·Sw + zw)·Sb + zb.
    let (rest, zb) = divrem(&rem, &BigUint::from(b.total));
    let (rest, zw) = divrem(&rest, &BigUint::from(w.total));
    let (x, y) = divrem(&rest, &BigUint::from(qways(kind, w, b)));
    let (x, mut y) = (small(&x), small(&y));
    let (zw, zb) = (small(&zw) as u64, small(&zb) as u64);

    let mut squares: [Option<(Piece, Color)>; 64] = [None; 64];
    let fixed = case.fixed();
    for &(s, man) in &fixed {
        squares[s as usize] = man;
    }
    let is_fixed = |sq: Square| fixed.iter().any(|&(s, _)| s == sq);
    let need = need(kind, w, b).expect("a counted pair") as usize;
    let (wbb, bbb) = pawn_files::unrank(case.ep, x as u64, w.pawns as usize, b.pawns as usize, need);
    for sq in Square::ALL {
        if wbb >> sq as usize & 1 != 0 {
            squares[sq as usize] = Some((Piece::Pawn, Color::White));
        }
        if bbb >> sq as usize & 1 != 0 {
            squares[sq as usize] = Some((Piece::Pawn, Color::Black));
        }
    }
    let mut free: Vec<Square> =
        Square::ALL.iter().copied().filter(|&s| !is_fixed(s) && squares[s as usize].is_none()).collect();
    // Peel y from its least significant digit: black set, white set, black king, white king.
    let mut digits_radix = Vec::new();
    let kf = kind.free_kings() as usize;
    let m = free.len();
    let mut avail = m;
    for _ in 0..kf {
        digits_radix.push(avail as u128);
        avail -= 1;
    }
    let cw = binom(avail as i64, w.free as i64);
    let cbk = binom(avail as i64 - w.free as i64, b.free as i64);
    let yb = y % cbk;
    y /= cbk;
    let yw = y % cw;
    y /= cw;
    let mut king_idx = vec![0u128; kf];
    for j in (0..kf).rev() {
        king_idx[j] = y % digits_radix[j];
        y /= digits_radix[j];
    }
    let mut kings = Vec::new();
    if kind.wr == 0 {
        kings.push(Color::White);
    }
    if kind.br == 0 {
        kings.push(Color::Black);
    }
    for (j, &color) in kings.iter().enumerate() {
        let s = free.remove(king_idx[j] as usize);
        squares[s as usize] = Some((Piece::King, color));
    }
    for (color, class, zc, ycode, fixedr) in [(Color::White, w, zw, yw, kind.wr), (Color::Black, b, zb, yb, kind.br)] {
        let idx = comb_unrank(ycode, class.free as usize, free.len());
        let si = class.prefix.partition_point(|&p| p <= zc) - 1;
        let sig = class.sigs[si];
        let counts = [sig.n[0], sig.n[1], sig.n[2] - fixedr, sig.n[3]];
        let seq = perm_unrank(zc - class.prefix[si], counts);
        for (k, &i) in idx.iter().enumerate() {
            squares[free[i] as usize] = Some((TYPES[seq[k]], color));
        }
        let mut k = 0;
        free.retain(|_| {
            let keep = !idx.contains(&k);
            k += 1;
            keep
        });
    }
    let castling = [case.wmask & 1 != 0, case.wmask & 2 != 0, case.bmask & 1 != 0, case.bmask & 2 != 0];
    let pos = Position::from_parts(&squares, Color::White, castling, case.ep)?;
    crate::chess::segments::check_ep_kept(case.ep, &pos)?;
    Ok(if stm == Color::White { pos } else { pos.mirrored() })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Offsets of every white class of a kind and the kind's total, summed pair by pair.
    fn fresh_white_offsets(kind: Kind) -> Vec<U192> {
        let mut out = vec![U192::ZERO];
        for wi in 0..classes(kind.wr).len() {
            out.push(out[wi] + white_class_total(kind, wi));
        }
        out
    }

    /// The text of `tables.rs` for these per-kind offsets.
    fn tables_source(offsets: &[Vec<U192>]) -> String {
        let mut s = String::from(TABLES_HEADER);
        s += &format!("pub const STRIDE: usize = {};\n\n", tables::STRIDE);
        s += "/// Per kind ([`super::Kind::index`] order): the offset of white classes 0, STRIDE, 2·STRIDE, …\n";
        s += &format!("pub const CHECKPOINTS: [&[U192]; {}] = [\n", Kind::COUNT);
        for kind in offsets {
            s += "    &[\n";
            for o in kind[..kind.len() - 1].iter().step_by(tables::STRIDE) {
                let [lo, mid, hi] = o.limbs_le();
                s += &format!("        U192::from_limbs_le({lo:#018x}, {mid:#018x}, {hi:#018x}),\n");
            }
            s += "    ],\n";
        }
        s += "];\n";
        s
    }

    const TABLES_HEADER: &str =
        "//! Checkpoints of `compact`'s tables: the number of positions of the white material classes
//! before every STRIDE-th class, per kind of case. Generated — do not edit: written by, and
//! tested to equal the output of,
//! `UPDATE_COMPACT_TABLES=1 cargo test --lib chess::positions::compact::tests::committed_tables_match_a_fresh_enumeration`
//! (the test sums every pair of classes of every kind and compares; it also checks each kind's
//! total against `KIND_TOTALS`, which the independent count in tests/data/compact_count.py
//! checks in turn).

use super::u192::U192;

";

    #[test]
    fn committed_tables_match_a_fresh_enumeration() {
        let fresh: Vec<Vec<U192>> = Kind::all().map(fresh_white_offsets).collect();
        let source = tables_source(&fresh);
        for (k, offsets) in Kind::all().zip(&fresh) {
            assert_eq!(offsets.last(), Some(&kind_total(k)), "{k:?}");
        }
        // The tables this test binary was compiled with.
        let compiled = include_str!("compact/tables.rs");
        if std::env::var_os("UPDATE_COMPACT_TABLES").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/chess/positions/compact/tables.rs");
            std::fs::write(path, &source).expect("write tables.rs");
            let written = std::fs::read_to_string(path).expect("read tables.rs back");
            assert!(written == source, "src/chess/positions/compact/tables.rs was not written whole");
            if compiled != source {
                // The code below still runs on the old tables: the next build checks the new ones.
                return;
            }
        }
        assert!(compiled == source, "src/chess/positions/compact/tables.rs is stale: run the command at its top");
        for (k, offsets) in Kind::all().zip(&fresh) {
            // The lazily summed blocks give the same offsets, and find each class back.
            for (wi, &o) in offsets.iter().enumerate() {
                assert_eq!(white_offset(k, wi), o, "{k:?} class {wi}");
                if wi + 1 < offsets.len() && offsets[wi + 1] > o {
                    assert_eq!(white_class_at(k, o), (wi, o), "{k:?} class {wi}");
                    let last = offsets[wi + 1] - U192::from_u128(1);
                    assert_eq!(white_class_at(k, last), (wi, o), "{k:?} class {wi}");
                }
            }
        }
    }
}
