//! The pawns of a position counted and ranked file by file, under the two pawn rules of the
//! `compact` count:
//!
//! - **opposed files**: at least `need` files hold a white pawn below a black pawn. On each
//!   file a white pawn starts below a black one and neither can pass the other without a
//!   capture, so every pawn that is no longer so blocked (or has promoted) is paid for by a
//!   capture or a captured pawn; `compact` derives `need` from the material
//!   (see [`crate::chess::rules::material::min_opposed_files`]);
//! - **en passant**: the black pawn that has just moved two squares stands on rank 5 with
//!   ranks 6 and 7 of its file empty, and a white pawn stands next to it on rank 5, ready to
//!   take it (the canonical form keeps the en-passant file only when that capture is legal).
//!
//! A file's contents are the pawns on its six squares (ranks 2 to 7); a placement is the
//! eight files' contents, ranked as a mixed-radix number from file a to file h. A table of
//! suffix counts (files i..8, white and black pawns left, opposed files still needed, capturer
//! still needed) turns ranking and unranking into a few hundred table lookups.

use cozy_chess::File;
use std::sync::OnceLock;

/// A file's pawns: bit `i` of each mask is rank `i + 2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Column {
    white: u8,
    black: u8,
}

/// What a file's contents may be, and what they count for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    Plain,
    /// The file of the pawn that can be taken en passant.
    EnPassant,
    /// Next to that file: a white pawn on rank 5 here is a capturer.
    Beside,
}

/// Rank-5 bit of a column (ranks 2..7 are bits 0..5).
const RANK5: u8 = 1 << 3;

impl Column {
    fn opposed(self) -> bool {
        // Some white pawn below some black pawn: the lowest white pawn is below the highest black.
        self.white != 0 && self.black != 0 && self.white.trailing_zeros() < 7 - self.black.leading_zeros()
    }
}

/// The contents a slot allows, grouped into classes of equal (white, black, opposed, capturer).
struct SlotColumns {
    columns: Vec<Column>,
    classes: Vec<ClassOfColumns>,
    /// Index in `columns` of every (white, black) pair of masks, or `u16::MAX`.
    index: Vec<u16>,
}

#[derive(Clone, Copy, Debug)]
struct ClassOfColumns {
    white: usize,
    black: usize,
    opposed: usize,
    capturer: bool,
    start: usize,
    len: u64,
}

fn slot_columns(slot: Slot) -> &'static SlotColumns {
    static S: OnceLock<[SlotColumns; 3]> = OnceLock::new();
    let all = S.get_or_init(|| [build_slot(Slot::Plain), build_slot(Slot::EnPassant), build_slot(Slot::Beside)]);
    &all[slot as usize]
}

fn build_slot(slot: Slot) -> SlotColumns {
    let key = |c: Column| {
        (
            c.white.count_ones() as usize,
            c.black.count_ones() as usize,
            c.opposed() as usize,
            slot == Slot::Beside && c.white & RANK5 != 0,
        )
    };
    // Sorted by (key, white, black): generated in (white, black) order, then a stable
    // counting sort on the key (cheaper on first use than a comparison sort).
    let key_index = |c: Column| {
        let (w, b, opposed, capturer) = key(c);
        ((w * 7 + b) * 2 + opposed) * 2 + capturer as usize
    };
    let mut buckets: Vec<Vec<Column>> = vec![Vec::new(); 7 * 7 * 2 * 2];
    for white in 0..64u8 {
        for black in 0..64u8 {
            let c = Column { white, black };
            let allowed = white & black == 0
                && (slot != Slot::EnPassant || (black & 0b11_1000 == RANK5 && white & 0b11_1000 == 0));
            if allowed {
                buckets[key_index(c)].push(c);
            }
        }
    }
    let columns: Vec<Column> = buckets.concat();
    let mut classes: Vec<ClassOfColumns> = Vec::new();
    for (i, &c) in columns.iter().enumerate() {
        let (white, black, opposed, capturer) = key(c);
        match classes.last_mut() {
            Some(k) if (k.white, k.black, k.opposed, k.capturer) == (white, black, opposed, capturer) => k.len += 1,
            _ => classes.push(ClassOfColumns { white, black, opposed, capturer, start: i, len: 1 }),
        }
    }
    let mut index = vec![u16::MAX; 64 * 64];
    for (i, c) in columns.iter().enumerate() {
        index[c.white as usize * 64 + c.black as usize] = i as u16;
    }
    SlotColumns { columns, classes, index }
}

/// At most this many pawns of a side and opposed files are tracked.
const MAX: usize = 8;
const N: usize = MAX + 1;

/// Suffix counts of one layout (where the en-passant file is, if anywhere).
struct Layout {
    slots: [Slot; 8],
    /// `table[i][w][b][need][capturer]`, flattened: fillings of files i..8.
    table: Vec<u64>,
}

fn at(i: usize, w: usize, b: usize, need: usize, capturer: bool) -> usize {
    (((i * N + w) * N + b) * N + need) * 2 + capturer as usize
}

impl Layout {
    fn new(ep: Option<File>) -> Layout {
        let mut slots = [Slot::Plain; 8];
        if let Some(f) = ep {
            let f = f as usize;
            slots[f] = Slot::EnPassant;
            if f > 0 {
                slots[f - 1] = Slot::Beside;
            }
            if f < 7 {
                slots[f + 1] = Slot::Beside;
            }
        }
        let mut table = vec![0u64; 9 * N * N * N * 2];
        table[at(8, 0, 0, 0, false)] = 1;
        for i in (0..8).rev() {
            let cols = slot_columns(slots[i]);
            // Entries that are zero for want of room are skipped (the table starts at zero):
            // more pawns than the files' six squares, more opposed files than files, a capturer
            // with no file beside the en-passant file left. A third of the work, or less.
            let files = 8 - i;
            let capturers: &[bool] = if slots[i..].contains(&Slot::Beside) { &[false, true] } else { &[false] };
            for w in 0..N.min(6 * files + 1) {
                for b in 0..N.min(6 * files + 1 - w) {
                    for need in 0..N.min(files + 1) {
                        for &capturer in capturers {
                            let mut sum = 0u64;
                            // Classes come in order of their white pawns.
                            for k in &cols.classes {
                                if k.white > w {
                                    break;
                                }
                                if k.black > b {
                                    continue;
                                }
                                let rest = at(
                                    i + 1,
                                    w - k.white,
                                    b - k.black,
                                    need.saturating_sub(k.opposed),
                                    capturer && !k.capturer,
                                );
                                sum += k.len * table[rest];
                            }
                            table[at(i, w, b, need, capturer)] = sum;
                        }
                    }
                }
            }
        }
        Layout { slots, table }
    }

    fn get(&self, i: usize, w: usize, b: usize, need: usize, capturer: bool) -> u64 {
        self.table[at(i, w, b, need, capturer)]
    }
}

fn layout(ep: Option<File>) -> &'static Layout {
    static L: OnceLock<Vec<OnceLock<Layout>>> = OnceLock::new();
    let all = L.get_or_init(|| (0..9).map(|_| OnceLock::new()).collect());
    let i = ep.map_or(0, |f| f as usize + 1);
    all[i].get_or_init(|| Layout::new(ep))
}

/// Number of placements of `white` and `black` pawns (the en-passant pawn included) with at
/// least `need` opposed files.
pub fn count(ep: Option<File>, white: usize, black: usize, need: usize) -> u64 {
    if white > MAX || black > MAX || need > MAX {
        return 0;
    }
    layout(ep).get(0, white, black, need, ep.is_some())
}

fn column_of(white: u64, black: u64, file: usize) -> Column {
    let mut c = Column { white: 0, black: 0 };
    for i in 0..6 {
        let sq = (i + 1) * 8 + file;
        c.white |= ((white >> sq & 1) as u8) << i;
        c.black |= ((black >> sq & 1) as u8) << i;
    }
    c
}

/// Rank of a placement (bitboards, a1 = bit 0) among those [`count`] counts, or `None` when
/// it breaks a rule (so it is not counted).
pub fn rank(ep: Option<File>, white: u64, black: u64, need: usize) -> Option<u64> {
    const EDGES: u64 = 0xff00_0000_0000_00ff;
    let (nw, nb) = (white.count_ones() as usize, black.count_ones() as usize);
    if (white | black) & EDGES != 0 || white & black != 0 || count(ep, nw, nb, need) == 0 {
        return None;
    }
    let lay = layout(ep);
    let (mut w, mut b, mut need, mut capturer) = (nw, nb, need, ep.is_some());
    let mut r = 0u64;
    for file in 0..8 {
        let cols = slot_columns(lay.slots[file]);
        let c = column_of(white, black, file);
        let idx = cols.index[c.white as usize * 64 + c.black as usize];
        if idx == u16::MAX {
            return None;
        }
        let idx = idx as usize;
        for k in &cols.classes {
            if k.white > w || k.black > b {
                continue;
            }
            let rest =
                lay.get(file + 1, w - k.white, b - k.black, need.saturating_sub(k.opposed), capturer && !k.capturer);
            if idx < k.start + k.len as usize && idx >= k.start {
                r += (idx - k.start) as u64 * rest;
                w -= k.white;
                b -= k.black;
                need = need.saturating_sub(k.opposed);
                capturer = capturer && !k.capturer;
                break;
            }
            r += k.len * rest;
        }
    }
    (w == 0 && b == 0 && need == 0 && !capturer).then_some(r)
}

/// The placement of rank `r` (white and black bitboards); `r` must be below [`count`].
pub fn unrank(ep: Option<File>, mut r: u64, white: usize, black: usize, need: usize) -> (u64, u64) {
    debug_assert!(r < count(ep, white, black, need));
    let lay = layout(ep);
    let (mut w, mut b, mut need, mut capturer) = (white, black, need, ep.is_some());
    let (mut wbb, mut bbb) = (0u64, 0u64);
    for file in 0..8 {
        let cols = slot_columns(lay.slots[file]);
        for k in &cols.classes {
            if k.white > w || k.black > b {
                continue;
            }
            let rest =
                lay.get(file + 1, w - k.white, b - k.black, need.saturating_sub(k.opposed), capturer && !k.capturer);
            let block = k.len * rest;
            if r >= block {
                r -= block;
                continue;
            }
            let c = cols.columns[k.start + (r / rest) as usize];
            r %= rest;
            for i in 0..6 {
                let sq = (i + 1) * 8 + file;
                wbb |= ((c.white >> i & 1) as u64) << sq;
                bbb |= ((c.black >> i & 1) as u64) << sq;
            }
            w -= k.white;
            b -= k.black;
            need = need.saturating_sub(k.opposed);
            capturer = capturer && !k.capturer;
            break;
        }
    }
    (wbb, bbb)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether a placement keeps the rules, read square by square (no columns, no tables).
    fn keeps_rules(ep: Option<File>, white: u64, black: u64, need: usize) -> bool {
        let has = |bb: u64, file: usize, rank: usize| bb >> (rank * 8 + file) & 1 != 0;
        let opposed =
            (0..8).filter(|&f| (1..7).any(|rw| has(white, f, rw) && (rw + 1..7).any(|rb| has(black, f, rb)))).count();
        let ep_ok = match ep {
            None => true,
            Some(f) => {
                let f = f as usize;
                has(black, f, 4)
                    && !has(white | black, f, 5)
                    && !has(white | black, f, 6)
                    && ((f > 0 && has(white, f - 1, 4)) || (f < 7 && has(white, f + 1, 4)))
            }
        };
        opposed >= need && ep_ok
    }

    /// Every placement of `nw` white and `nb` black pawns on the 48 squares, by brute force.
    fn all_placements(nw: usize, nb: usize) -> Vec<(u64, u64)> {
        fn subsets(from: &[usize], k: usize, start: usize, acc: u64, out: &mut Vec<u64>) {
            if k == 0 {
                out.push(acc);
                return;
            }
            for i in start..from.len() {
                subsets(from, k - 1, i + 1, acc | 1 << from[i], out);
            }
        }
        let squares: Vec<usize> = (8..56).collect();
        let mut whites = Vec::new();
        subsets(&squares, nw, 0, 0, &mut whites);
        let mut out = Vec::new();
        for &w in &whites {
            let rest: Vec<usize> = squares.iter().copied().filter(|&s| w >> s & 1 == 0).collect();
            let mut blacks = Vec::new();
            subsets(&rest, nb, 0, 0, &mut blacks);
            out.extend(blacks.into_iter().map(|b| (w, b)));
        }
        out
    }

    // The brute force in two tests of about equal work (0.8 and 1.2 million placements), which
    // the test harness runs side by side: alone, it was the unit tests' last 26 seconds.
    #[test]
    fn counts_and_ranks_match_brute_force_on_up_to_three_pawns_and_three_against_one() {
        counts_and_ranks_match_brute_force(&[(0, 0), (1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (3, 1)]);
    }

    #[test]
    fn counts_and_ranks_match_brute_force_on_two_against_two_pawns() {
        counts_and_ranks_match_brute_force(&[(2, 2)]);
    }

    /// Every placement of `nw` white and `nb` black pawns, for each pair: the count of those that
    /// keep the rules, and ranks a bijection onto them that unranking inverts.
    fn counts_and_ranks_match_brute_force(pawns: &[(usize, usize)]) {
        let eps = [None, Some(File::A), Some(File::D), Some(File::H)];
        for &(nw, nb) in pawns {
            let all = all_placements(nw, nb);
            for ep in eps {
                for need in 0..=3 {
                    let kept: Vec<&(u64, u64)> = all.iter().filter(|(w, b)| keeps_rules(ep, *w, *b, need)).collect();
                    let n = count(ep, nw, nb, need);
                    assert_eq!(n, kept.len() as u64, "{nw} white, {nb} black, {ep:?}, need {need}");
                    // Ranks are a bijection onto 0..n, and unranking inverts ranking.
                    let mut seen = vec![false; n as usize];
                    for &&(w, b) in &kept {
                        let r = rank(ep, w, b, need).expect("a counted placement has a rank");
                        assert!(!seen[r as usize], "rank {r} twice");
                        seen[r as usize] = true;
                        assert_eq!(unrank(ep, r, nw, nb, need), (w, b));
                    }
                }
            }
            // Placements that break a rule have no rank.
            for &(w, b) in all.iter().take(2000) {
                if !keeps_rules(Some(File::C), w, b, 1) {
                    assert_eq!(rank(Some(File::C), w, b, 1), None);
                }
            }
        }
    }

    #[test]
    fn en_passant_files_count_alike_on_the_edge_and_inside() {
        // `compact` sizes its blocks with files a and b and ranks with the real file.
        for w in 0..=MAX {
            for b in 0..=MAX {
                for need in 0..=MAX {
                    let edge = count(Some(File::A), w, b, need);
                    let inside = count(Some(File::B), w, b, need);
                    assert_eq!(count(Some(File::H), w, b, need), edge);
                    for f in [File::C, File::D, File::E, File::F, File::G] {
                        assert_eq!(count(Some(f), w, b, need), inside);
                    }
                }
            }
        }
    }

    #[test]
    fn without_rules_the_count_is_two_binomials() {
        // No opposed file needed: any white set of the 48 squares, then any black set of the rest.
        let binom = |n: u64, k: u64| (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1));
        for w in 0..=8 {
            for b in 0..=8 {
                assert_eq!(count(None, w, b, 0), binom(48, w as u64) * binom(48 - w as u64, b as u64));
            }
        }
    }

    #[test]
    fn eight_opposed_files_need_a_pair_on_every_file() {
        // One white pawn below one black pawn on each file: 15 ways a file (6 choose 2), 15^8.
        assert_eq!(count(None, 8, 8, 8), 15u64.pow(8));
        assert_eq!(count(None, 8, 7, 8), 0);
    }
}
