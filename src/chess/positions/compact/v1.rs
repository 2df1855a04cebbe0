//! The version-1 position code (156 bits), decode only: what `#chess/v1/…` links hold. It is
//! kept so those links open for ever; positions are written in the current code ([`super`]).
//!
//! The code is the side to move (1 bit) and the rank of the position, mirrored to White to
//! move, in an enumeration by Tromp's counting rules alone (promotions bounded by missing
//! pawns and captures, pawns off ranks 1 and 8; no opposed-files rule):
//! 1. the *case*: castling rights (a castling king and rook stand fixed on their home squares)
//!    and the en-passant file (its pawn fixed, the two squares it passed empty);
//! 2. the *material classes* of both sides (pawns, other pieces, promotions);
//! 3. the placement as a mixed-radix number: white pawns, black pawns (combinations of the 48
//!    pawn squares), the free kings, the squares of each side's other pieces, and which piece
//!    stands on each of them (the side's signature plus a permutation rank).

use super::{comb_unrank, divrem, perm_unrank, small};
use crate::bits::BitReader;
use crate::chess::rules::material;
use crate::chess::segments::{bits_for, check_ep_kept, read_big};
use crate::chess::{Position, Squares};
use crate::{bail, link, Error, Result};
use cozy_chess::{Color, File, Piece, Rank, Square};
use num_bigint::BigUint;
use std::sync::OnceLock;

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

fn binom(n: i64, k: i64) -> u128 {
    if k < 0 || n < 0 || k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut r: u128 = 1;
    for i in 0..k {
        r = r * (n - i) as u128 / (i + 1) as u128;
    }
    r
}

fn multinomial(counts: &[u8]) -> u64 {
    let mut total = 0i64;
    let mut r: u128 = 1;
    for &c in counts {
        r *= binom(total + c as i64, c as i64);
        total += c as i64;
    }
    r as u64
}

/// Classes of a side with `fixed` rooks pinned to their corners by castling rights.
fn build_classes(fixed: u8) -> Vec<Class> {
    let mut classes: Vec<Class> = Vec::new();
    for c in material::all_sides() {
        if c.rooks < fixed {
            continue;
        }
        let free_counts = [c.knights, c.bishops, c.rooks - fixed, c.queens];
        let free: u8 = free_counts.iter().sum();
        let sig = Sig { n: [c.knights, c.bishops, c.rooks, c.queens], ways: multinomial(&free_counts) };
        let key = (c.pawns, free, c.promotions());
        match classes.iter_mut().find(|k| (k.pawns, k.free, k.proms) == key) {
            Some(k) => k.sigs.push(sig),
            None => classes.push(Class {
                pawns: key.0,
                free: key.1,
                proms: key.2,
                sigs: vec![sig],
                prefix: Vec::new(),
                total: 0,
            }),
        }
    }
    classes.sort_by_key(|k| (k.pawns, k.free, k.proms));
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

fn classes(fixed: u8) -> &'static [Class] {
    static C: OnceLock<[Vec<Class>; 3]> = OnceLock::new();
    &C.get_or_init(|| [build_classes(0), build_classes(1), build_classes(2)])[fixed as usize]
}

/// The geometry of a case kind: fixed rooks per side, whether kings are fixed, en passant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Kind {
    wr: u8,
    br: u8,
    ep: bool,
}

impl Kind {
    fn index(self) -> usize {
        (self.wr as usize * 3 + self.br as usize) * 2 + self.ep as usize
    }
    fn pawn_squares(self) -> i64 {
        48 - 3 * self.ep as i64
    }
    fn all_squares(self) -> i64 {
        64 - 3 * self.ep as i64 - self.fixed_men()
    }
    fn fixed_men(self) -> i64 {
        (self.wr + self.br) as i64 + (self.wr > 0) as i64 + (self.br > 0) as i64
    }
    fn free_kings(self) -> i64 {
        (self.wr == 0) as i64 + (self.br == 0) as i64
    }
}

/// Per-kind tables: for each white class, the number of positions of all earlier white
/// classes (so the offset of a class is a lookup), and the kind's total.
struct KindTable {
    /// One entry per white class plus the kind's total at the end.
    cum_white: Vec<BigUint>,
}

/// Highest black promotion count allowed with this white class and black (pawns, free);
/// `None` when no black class of that group is allowed.
fn black_prom_limit(kind: Kind, w: &Class, bp: u8, bfree: u8) -> Option<u8> {
    let men_w = w.pawns as i64 + w.free as i64 + kind.wr as i64 + 1;
    let men_b = bp as i64 + bfree as i64 + kind.br as i64 + 1;
    let caps = 32 - men_w - men_b;
    let w_pawns_captured = 8 - w.pawns as i64 - w.proms as i64;
    // Black promotions <= captures + white pawns captured; white promotions <= captures +
    // black pawns captured = captures + 8 - bp - black promotions.
    let limit = (caps + w_pawns_captured).min(caps + 8 - bp as i64 - w.proms as i64);
    if limit < 0 || caps < 0 {
        None
    } else {
        Some(limit.min(8) as u8)
    }
}

/// Pawn and square ways for a pair of classes: P (pawn placements) times Q (kings and the
/// sets of squares of the other pieces). Zero when the men do not fit.
fn placement_ways(kind: Kind, wp: u8, wfree: u8, bp: u8, bfree: u8) -> BigUint {
    let bpf = bp as i64 - kind.ep as i64;
    let wp = wp as i64;
    if bpf < 0 {
        return BigUint::default();
    }
    let ps = kind.pawn_squares();
    let p = binom(ps, wp) * binom(ps - wp, bpf);
    let m = kind.all_squares() - wp - bpf;
    let kf = kind.free_kings();
    let (k1, k2) = (wfree as i64, bfree as i64);
    if p == 0 || kf + k1 + k2 > m {
        return BigUint::default();
    }
    let mut kings: u128 = 1;
    for i in 0..kf {
        kings *= (m - i) as u128;
    }
    let q = kings * binom(m - kf, k1);
    BigUint::from(p) * BigUint::from(q) * BigUint::from(binom(m - kf - k1, k2))
}

/// Groups of black classes with the same (pawns, free pieces), in class order, with the
/// cumulative class totals by promotion count (index = promotions).
struct BlackGroup {
    pawns: u8,
    free: u8,
    first: usize,
    /// cum[t] = sum of totals of the group's classes with promotions < t (t = 0..=9).
    cum: [u64; 10],
}

fn black_groups(fixed: u8) -> &'static [BlackGroup] {
    static G: OnceLock<[Vec<BlackGroup>; 3]> = OnceLock::new();
    &G.get_or_init(|| {
        let make = |f: u8| {
            let cls = classes(f);
            let mut groups: Vec<BlackGroup> = Vec::new();
            for (i, c) in cls.iter().enumerate() {
                if groups.last().is_none_or(|g| (g.pawns, g.free) != (c.pawns, c.free)) {
                    groups.push(BlackGroup { pawns: c.pawns, free: c.free, first: i, cum: [0; 10] });
                }
                let g = groups.last_mut().expect("just pushed");
                for t in (c.proms as usize + 1)..10 {
                    g.cum[t] += c.total;
                }
            }
            groups
        };
        [make(0), make(1), make(2)]
    })[fixed as usize]
}

/// For a white class: prefix[g] = positions (per white signature arrangement) of the black
/// groups before group g — built once per (kind, white class) when first needed, so that a
/// rank costs a lookup and a decode a binary search.
fn group_prefix(kind: Kind, wi: usize) -> &'static [BigUint] {
    static P: OnceLock<Vec<OnceLock<Vec<BigUint>>>> = OnceLock::new();
    let all = P.get_or_init(|| (0..18 * classes(0).len()).map(|_| OnceLock::new()).collect());
    all[kind.index() * classes(0).len() + wi].get_or_init(|| {
        let w = &classes(kind.wr)[wi];
        let groups = black_groups(kind.br);
        let mut out = Vec::with_capacity(groups.len() + 1);
        let mut sum = BigUint::default();
        for g in groups {
            out.push(sum.clone());
            let Some(limit) = black_prom_limit(kind, w, g.pawns, g.free) else { continue };
            let s = g.cum[limit as usize + 1];
            if s != 0 {
                sum += placement_ways(kind, w.pawns, w.free, g.pawns, g.free) * s;
            }
        }
        out.push(sum);
        out
    })
}

/// Positions of the white class `wi` combined with every black group.
fn white_class_block(kind: Kind, wi: usize) -> BigUint {
    let prefix = group_prefix(kind, wi);
    &prefix[prefix.len() - 1] * classes(kind.wr)[wi].total
}

/// The per-kind table, built on first use of that kind only (a few milliseconds).
fn kind_table(kind: Kind) -> &'static KindTable {
    static T: OnceLock<Vec<OnceLock<KindTable>>> = OnceLock::new();
    let all = T.get_or_init(|| (0..18).map(|_| OnceLock::new()).collect());
    all[kind.index()].get_or_init(|| {
        let mut cum = Vec::new();
        let mut acc = BigUint::default();
        for wi in 0..classes(kind.wr).len() {
            cum.push(acc.clone());
            acc += white_class_block(kind, wi);
        }
        cum.push(acc);
        KindTable { cum_white: cum }
    })
}

/// Every kind's total, in [`Kind::index`] order. Stored so that a case's offset does not
/// need all 18 tables; the test `kind_totals_match_the_enumeration` recomputes each one.
const KIND_TOTALS: [&str; 18] = [
    "24639467089379915386890365075260915223928803040",
    "416488318863415766164512964654568344219144680",
    "20233751036460655214288872550387224395507714",
    "364395790942512451037129607316562944291077",
    "777444034734707835857090837321923053844269",
    "14019575937684368901417640599052644206598",
    "20233751036460655214288872550387224395507714",
    "370106528744258470640364266999535568675827",
    "17666299972778976558973072897319171010687",
    "345520830307059763561122549465776019561",
    "694166275006201731005319241389016001928",
    "13621334299946682442448228055117807744",
    "777444034734707835857090837321923053844269",
    "14594878420061852125372495106007657690351",
    "694166275006201731005319241389016001928",
    "13956308172557934822272106904282407633",
    "27386578583849254125018652540642389999",
    "552999644272182609413303368075012755",
];

fn kind_total(kind: Kind) -> BigUint {
    BigUint::parse_bytes(KIND_TOTALS[kind.index()].as_bytes(), 10).expect("a decimal constant")
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
        Kind { wr: self.wmask.count_ones() as u8, br: self.bmask.count_ones() as u8, ep: self.ep.is_some() }
    }
    fn all() -> impl Iterator<Item = Case> {
        (0..4u8).flat_map(|wmask| {
            (0..4u8).flat_map(move |bmask| {
                std::iter::once(None).chain(File::ALL.iter().map(|&f| Some(f))).map(move |ep| Case { wmask, bmask, ep })
            })
        })
    }
    /// Squares whose contents the case fixes (men and the en-passant pawn's empty trail).
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
            v.push((Square::new(f, Rank::Fifth), Some((Piece::Pawn, Color::Black))));
            v.push((Square::new(f, Rank::Sixth), None));
            v.push((Square::new(f, Rank::Seventh), None));
        }
        v
    }
}

/// Number of positions with White to move (all cases), and each case's offset.
fn case_offsets() -> &'static (Vec<BigUint>, BigUint) {
    static O: OnceLock<(Vec<BigUint>, BigUint)> = OnceLock::new();
    O.get_or_init(|| {
        let mut offsets = Vec::new();
        let mut acc = BigUint::default();
        for case in Case::all() {
            offsets.push(acc.clone());
            acc += kind_total(case.kind());
        }
        (offsets, acc)
    })
}

/// Number of positions the rank ranges over (White to move); the code has 1 + ⌈log2⌉ bits.
fn count() -> &'static BigUint {
    &case_offsets().1
}

fn rank_bits() -> u64 {
    bits_for(count())
}

/// The code length: every version-1 code has exactly this many bits (156).
pub fn bits() -> usize {
    1 + rank_bits() as usize
}

/// Q of [`placement_ways`] alone (kings and piece-square sets).
fn qways(kind: Kind, w: &Class, b: &Class) -> BigUint {
    let bpf = b.pawns as i64 - kind.ep as i64;
    let m = kind.all_squares() - w.pawns as i64 - bpf;
    let kf = kind.free_kings();
    let mut kings: u128 = 1;
    for i in 0..kf {
        kings *= (m - i) as u128;
    }
    BigUint::from(kings * binom(m - kf, w.free as i64)) * BigUint::from(binom(m - kf - w.free as i64, b.free as i64))
}

/// The position of a version-1 code, with the reasons a link gives: a code that does not read
/// is truncated or garbled; one that reads to a position today's rules refuse (the v1 count
/// had no opposed-files rule) holds a position that cannot arise in a game.
pub fn decode(bytes: &[u8]) -> Result<Position> {
    let (squares, stm, castling, ep) = unrank(bytes).map_err(link::truncated_or_garbled)?;
    let pos = Position::from_parts(&squares, Color::White, castling, ep)
        .map_err(|e| Error::new(format!("this link holds a position that cannot arise in a game: {e}")))?;
    check_ep_kept(ep, &pos).map_err(link::garbled)?;
    Ok(if stm == Color::White { pos } else { pos.mirrored() })
}

/// The men, the side to move and the White-to-move castling rights and en-passant file a code
/// ranks (before mirroring a Black-to-move position back).
fn unrank(bytes: &[u8]) -> Result<(Squares, Color, [bool; 4], Option<File>)> {
    let mut r = BitReader::new(bytes);
    let stm = if r.read_bit()? { Color::Black } else { Color::White };
    let rank = read_big(&mut r, rank_bits())?;
    r.finish()?;
    let (offsets, total) = case_offsets();
    if rank >= *total {
        bail!("the number is larger than the count of positions ({} bits hold more)", rank_bits());
    }
    let case_index = offsets.partition_point(|o| o <= &rank) - 1;
    let case = Case::all().nth(case_index).expect("index in range");
    let kind = case.kind();
    let mut rem = rank - &offsets[case_index];
    let table = kind_table(kind);
    let wi = table.cum_white.partition_point(|o| o <= &rem) - 1;
    let w = &classes(kind.wr)[wi];
    rem -= &table.cum_white[wi];
    // Find the black group, then the black class.
    let groups = black_groups(kind.br);
    let prefix = group_prefix(kind, wi);
    let q = &rem / w.total;
    let gi = prefix.partition_point(|p| p <= &q) - 1;
    if gi >= groups.len() {
        bail!("the number falls outside every material class");
    }
    rem -= &prefix[gi] * w.total;
    let unit = placement_ways(kind, w.pawns, w.free, groups[gi].pawns, groups[gi].free) * w.total;
    let g = &groups[gi];
    let bcls = classes(kind.br);
    let mut bi = g.first;
    loop {
        let b = &bcls[bi];
        if (b.pawns, b.free) != (g.pawns, g.free) {
            bail!("the number falls outside every material class");
        }
        let block = &unit * b.total;
        if rem < block {
            break;
        }
        rem -= block;
        bi += 1;
    }
    let b = &bcls[bi];
    // Inner mixed radix: ((x·Q + y)·Sw + zw)·Sb + zb.
    let (rest, zb) = divrem(&rem, &BigUint::from(b.total));
    let (rest, zw) = divrem(&rest, &BigUint::from(w.total));
    let (x, y) = divrem(&rest, &qways(kind, w, b));
    let (x, mut y) = (small(&x), small(&y));
    let (zw, zb) = (small(&zw) as u64, small(&zb) as u64);

    let mut squares: [Option<(Piece, Color)>; 64] = [None; 64];
    let fixed = case.fixed();
    for &(s, man) in &fixed {
        squares[s as usize] = man;
    }
    let is_fixed = |sq: Square| fixed.iter().any(|&(s, _)| s == sq);
    let pawn_sq: Vec<Square> = Square::ALL
        .iter()
        .copied()
        .filter(|&s| !matches!(s.rank(), Rank::First | Rank::Eighth) && !is_fixed(s))
        .collect();
    let bpf = b.pawns as usize - kind.ep as usize;
    let rest_len = pawn_sq.len() - w.pawns as usize;
    let cb = binom(rest_len as i64, bpf as i64);
    let (xw, xb) = (x / cb, x % cb);
    let wp = comb_unrank(xw, w.pawns as usize, pawn_sq.len());
    for &i in &wp {
        squares[pawn_sq[i] as usize] = Some((Piece::Pawn, Color::White));
    }
    let rest: Vec<Square> = pawn_sq.iter().copied().filter(|&s| squares[s as usize].is_none()).collect();
    for i in comb_unrank(xb, bpf, rest.len()) {
        squares[rest[i] as usize] = Some((Piece::Pawn, Color::Black));
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
    Ok((squares, stm, castling, case.ep))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::from_base64url;
    use proptest::prelude::*;

    /// The stored kind totals equal the enumeration summed class by class.
    #[test]
    fn kind_totals_match_the_enumeration() {
        for wr in 0..3u8 {
            for br in 0..3u8 {
                for ep in [false, true] {
                    let k = Kind { wr, br, ep };
                    assert_eq!(kind_table(k).cum_white.last(), Some(&kind_total(k)), "{k:?}");
                }
            }
        }
        assert_eq!(bits(), 156);
    }

    /// Codes written by the v1 encoder (commit 659db1f), with the FEN it was given.
    #[test]
    fn codes_of_the_v1_encoder_decode() {
        for (code, fen) in [
            ("TqhRHOAiZA8ayjMhUIQFxE-fEdA", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            ("zqhRHOAiZA8ayjMQQsEv4JhdpdA", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
        ] {
            assert_eq!(decode(&from_base64url(code).unwrap()).unwrap().to_fen(), fen);
        }
        // 1.e4 e5 with the pawns passed through each other: the v1 rules counted it, today's
        // refuse it (no capture, so every file needs a white pawn below a black one).
        let e = decode(&from_base64url("TqhRHOAiZB82wyFXwoBWi-iipNA").unwrap()).unwrap_err();
        assert_eq!(
            e.message(),
            "this link holds a position that cannot arise in a game: only 7 files have a white pawn below a black pawn; with 0 captures at least 8 must"
        );
        // The count is the v1 code's: a number past it is refused as garbled.
        let mut past_the_count = [0xff; 20];
        past_the_count[19] = 0xf0; // the last 4 bits pad the 156 to a byte
        let e = decode(&past_the_count).unwrap_err();
        assert!(e.message().starts_with("this link is truncated or garbled: the number is larger"), "{e}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn random_codes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..24)) {
            let _ = decode(&bytes);
        }

        /// Every rank below the count takes the whole decode path (not only the range check).
        #[test]
        fn ranks_below_the_count_never_panic(bytes in proptest::collection::vec(any::<u8>(), 20), black: bool) {
            let rank = BigUint::from_bytes_be(&bytes) % count();
            // 1 bit of side to move, then the 155-bit rank, then 4 bits of padding.
            let value = (BigUint::from(black as u8) << 155usize | rank) << 4usize;
            let digits = value.to_bytes_be();
            let mut code = [0u8; 20];
            code[20 - digits.len()..].copy_from_slice(&digits);
            let _ = decode(&code);
        }
    }
}
