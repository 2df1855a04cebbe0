//! The move model shared by `ranked-huffman` (order the legal moves by score) and
//! `arithmetic` (turn scores into probabilities): a linear score over cheap features of a
//! move — piece-square tables for where a piece leaves and lands, what it captures with what,
//! promotions, checks, castling, recaptures, whether the piece walks into or out of an attack,
//! what it attacks from its new square, whether it answers the opponent's last move, which
//! men of either side stand en prise on the board after the move, and whether the move
//! continues a named opening line (see `book.rs`). Weights are in 1/16 of a
//! bit (log2 units) and integers, and probabilities come from an integer table of 2^(-d/16),
//! so every platform (native and WebAssembly) computes exactly the same frequencies — which
//! arithmetic decoding needs. The weights are fitted by `chessboard-puzzles chess fit` (see
//! `fit.rs`) and written to `model_params.rs`; the arithmetic coder adapts them to each game
//! as it goes (`adapt.rs`).

use crate::chess::games::book::{self, Book};
use crate::chess::games::model_params::WEIGHTS;
use crate::chess::Position;
use cozy_chess::{
    get_bishop_moves, get_king_moves, get_knight_moves, get_pawn_attacks, get_rook_moves, BitBoard, Board, Color, Move,
    Piece, Square,
};

/// The feature blocks: name, first index, size. A feature's index is its block's first index
/// plus its offset in the block (e.g. × the moving piece: pawn 0 … king 5).
pub const BLOCKS: [(&str, usize, usize); 46] = [
    ("lands on (piece-square)", TO_PST, 384),
    ("leaves (piece-square)", FROM_PST, 384),
    ("captures (victim × mover)", CAPTURE, 36),
    ("promotes to", PROMOTION, 4),
    ("gives check", CHECK, 6),
    ("lands where a pawn attacks", TO_PAWN_ATTACKED, 6),
    ("lands en prise (attacked, undefended)", TO_HANGING, 6),
    ("leaves an attacked square", FROM_ATTACKED, 6),
    ("castles", CASTLE, 1),
    ("recaptures", RECAPTURE, 1),
    ("pawn double step", DOUBLE_PUSH, 1),
    ("leaves a pawn's attack", FROM_PAWN_ATTACKED, 6),
    ("king square in the endgame", KING_ENDGAME_TO, 64),
    ("lands where a cheaper man attacks", TO_ATTACKED_BY_LOWER, 6),
    ("leaves a cheaper man's attack", FROM_ATTACKED_BY_LOWER, 6),
    ("takes an undefended man", CAPTURE_UNDEFENDED, 6),
    ("answers a check", IN_CHECK, 6),
    ("game phase × piece", PHASE, 18),
    ("opening book move (lines through it)", BOOK_LINES, 8),
    ("flees the piece that just moved", FLEES_LAST_MOVED, 6),
    ("moves the same piece again", SAME_PIECE, 6),
    ("moves straight back", UNDO, 1),
    ("mobility on arrival", MOBILITY, 32),
    ("threatens a bigger or loose man", THREATS, 12),
    ("gives up castling", LOSES_CASTLING, 2),
    ("pushes a passed pawn", PASSED_PUSH, 3),
    ("captures the piece that just moved", TAKES_LAST_MOVED, 6),
    ("book position, move out of book", OUT_OF_BOOK, 4),
    ("pawn push by rank", PAWN_RANK, 6),
    ("distance from the opponent's last move", LOCALITY, 8),
    ("defends a man en prise", DEFENDS_HANGING, 1),
    ("lands on, later phases (piece-square)", TO_PST_LATE, 768),
    ("leaves, later phases (piece-square)", FROM_PST_LATE, 768),
    ("attackers minus defenders where it lands", TO_BALANCE, 30),
    ("attackers minus defenders where it stands", FROM_BALANCE, 30),
    ("capture gain if the taker is lost when defended", CAPTURE_GAIN, 7),
    ("legal moves of the moving man", PIECE_CHOICES, 30),
    ("rook or queen to a file without own pawns", OPEN_FILE, 4),
    ("pawn move in front of the own king", SHIELD_PAWN, 3),
    ("retreats towards the own side", RETREAT, 6),
    ("nears or leaves the enemy king", KING_APPROACH, 12),
    ("leaves other men en prise (the most valuable)", EXPOSES, 4),
    ("saves other men en prise", SAVES, 2),
    ("puts enemy men en prise", ATTACKS_NEW, 2),
    ("checkmates", MATES, 1),
    ("is en prise where it lands", LANDS_EN_PRISE, 6),
];

pub const TO_PST: usize = 0;
pub const FROM_PST: usize = 384;
pub const CAPTURE: usize = 768; // victim (none, P, N, B, R, Q) × mover (6)
pub const PROMOTION: usize = 804; // N, B, R, Q
pub const CHECK: usize = 808; // × mover
pub const TO_PAWN_ATTACKED: usize = 814; // × mover
pub const TO_HANGING: usize = 820; // × mover: lands attacked and not defended
pub const FROM_ATTACKED: usize = 826; // × mover: leaves an attacked square
pub const CASTLE: usize = 832;
pub const RECAPTURE: usize = 833;
pub const DOUBLE_PUSH: usize = 834;
pub const FROM_PAWN_ATTACKED: usize = 835; // × mover
pub const KING_ENDGAME_TO: usize = 841; // 64 squares, when few pieces are left
pub const TO_ATTACKED_BY_LOWER: usize = 905; // × mover: lands where a cheaper enemy piece attacks
pub const FROM_ATTACKED_BY_LOWER: usize = 911; // × mover: leaves a square a cheaper enemy piece attacks
pub const CAPTURE_UNDEFENDED: usize = 917; // × victim: takes a man nobody defends
pub const IN_CHECK: usize = 923; // × mover: the side to move is in check
pub const PHASE: usize = 929; // (opening, middlegame, endgame by pieces left) × mover
pub const BOOK_LINES: usize = 947; // ⌊log2 of the named lines through the move⌋, capped at 7
pub const FLEES_LAST_MOVED: usize = 955; // × mover: leaves a square the opponent's last-moved man attacks
pub const SAME_PIECE: usize = 961; // × mover: the piece our previous move moved
pub const UNDO: usize = 967; // goes back to where our previous move came from
pub const MOBILITY: usize = 968; // (N, B, R, Q) × ⌊attacked squares / 2⌋ capped at 7
pub const THREATS: usize = 1000; // mover × (1, 2 or more) enemy men attacked that are worth more or undefended
pub const LOSES_CASTLING: usize = 1012; // king move, rook move that drops a castling right
pub const PASSED_PUSH: usize = 1014; // × phase
pub const TAKES_LAST_MOVED: usize = 1017; // × mover
pub const OUT_OF_BOOK: usize = 1023; // the position is in the book but the move is not, × ply bucket
pub const PAWN_RANK: usize = 1027; // pawn non-capture to relative rank 3 … 8
pub const LOCALITY: usize = 1033; // king distance from where the opponent's last move landed
pub const DEFENDS_HANGING: usize = 1041;
pub const TO_PST_LATE: usize = 1042; // (middlegame, endgame) × piece × square
pub const FROM_PST_LATE: usize = 1810; // (middlegame, endgame) × piece × square
pub const TO_BALANCE: usize = 2578; // mover × (their attackers − our other defenders) from −2 to 2
pub const FROM_BALANCE: usize = 2608; // mover × (their attackers − our defenders) from −2 to 2
pub const CAPTURE_GAIN: usize = 2638; // victim's value − (taker's value if the square is defended), bucketed
pub const PIECE_CHOICES: usize = 2645; // mover × ⌊log2 of the man's legal moves⌋ capped at 4
pub const OPEN_FILE: usize = 2675; // (rook, queen) × (half-open, open)
pub const SHIELD_PAWN: usize = 2679; // × phase: a pawn beside or before the king on its own side
pub const RETREAT: usize = 2682; // × mover: a quiet move towards the own back rank
pub const KING_APPROACH: usize = 2688; // mover × (nearer, farther) to the enemy king
pub const EXPOSES: usize = 2700; // our other men newly en prise after the move: the most valuable, P … Q
pub const SAVES: usize = 2704; // our other men no longer en prise: 1, 2 or more
pub const ATTACKS_NEW: usize = 2706; // enemy men en prise after the move and not before: 1, 2 or more
pub const MATES: usize = 2708;
pub const LANDS_EN_PRISE: usize = 2709; // × mover: on the board after the move
pub const NUM_FEATURES: usize = 2715;

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

/// 2^(−d/16) in units of 2^−30 (d in 1/16 bits; 0 beyond the table's span).
pub fn exp2_neg16(d: u64) -> u64 {
    exp_table().get(d as usize).copied().unwrap_or(0)
}

/// ⌊16 · log2(total / freq)⌉ to within 1/16: the cost in 1/16 bits of a symbol of frequency
/// `freq` out of `total`, in integers (so the coder and decoder agree everywhere).
pub fn bits16(freq: u32, total: u32) -> u32 {
    log2_16(total).saturating_sub(log2_16(freq))
}

/// ⌊16 · log2 x⌋ for x ≥ 1, from the table of 2^(−d/16).
fn log2_16(x: u32) -> u32 {
    let n = 31 - x.max(1).leading_zeros();
    // x's mantissa in [2^31, 2^32); count the sixteenths k with 2^31 · 2^(k/16) ≤ mantissa.
    let m = u64::from(x.max(1)) << (31 - n);
    let t = exp_table();
    let k = (1..16).take_while(|&k| 4 * t[16 - k] <= m).count() as u32;
    16 * n + k
}

/// The moves played so far: the model looks at the last two (what the opponent just did,
/// what we did before) and at the ply number.
#[derive(Clone, Debug, Default)]
pub struct History {
    /// Each move and whether it captured.
    moves: Vec<(Move, bool)>,
}

impl History {
    /// Records `mv`, played in `pos`.
    pub fn push(&mut self, pos: &Position, mv: Move) {
        let board = pos.board();
        let capture = board.colors(!pos.side_to_move()).has(mv.to)
            || (board.piece_on(mv.from) == Some(Piece::Pawn) && mv.from.file() != mv.to.file());
        self.moves.push((mv, capture));
    }

    fn back(&self, n: usize) -> Option<(Move, bool)> {
        self.moves.len().checked_sub(n).map(|i| self.moves[i])
    }
}

/// Squares a man of `piece` and `color` on `sq` attacks, with `occ` occupied.
fn attacks_from(piece: Piece, color: Color, sq: Square, occ: BitBoard) -> BitBoard {
    match piece {
        Piece::Pawn => get_pawn_attacks(sq, color),
        Piece::Knight => get_knight_moves(sq),
        Piece::Bishop => get_bishop_moves(sq, occ),
        Piece::Rook => get_rook_moves(sq, occ),
        Piece::Queen => get_bishop_moves(sq, occ) | get_rook_moves(sq, occ),
        Piece::King => get_king_moves(sq),
    }
}

/// Whether the man making the legal, non-castling move `mv` attacked its square of arrival
/// before moving: every piece's move goes to a square it attacks (a slider's only along a
/// clear line), a pawn's only when it takes.
fn attacks_own_target(mover: Piece, mv: Move) -> bool {
    mover != Piece::Pawn || mv.from.file() != mv.to.file()
}

/// How many of `color`'s men attack each square.
fn attack_counts(board: &Board, color: Color) -> [u8; 64] {
    let occ = board.occupied();
    let mut n = [0u8; 64];
    for sq in board.colors(color) {
        for t in attacks_from(board.piece_on(sq).expect("occupied"), color, sq, occ) {
            n[t as usize] += 1;
        }
    }
    n
}

/// Squares a side attacks with its pawns, with its knights and bishops, with its rooks, and
/// with anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Attacks {
    pawn: BitBoard,
    minor: BitBoard,
    rook: BitBoard,
    all: BitBoard,
}

impl Attacks {
    /// Squares attacked by men worth less than each kind of piece (index = piece).
    fn cheaper(&self) -> [BitBoard; 6] {
        let below_rook = self.pawn | self.minor;
        let below_queen = below_rook | self.rook;
        // Pawn, knight, bishop, rook, queen, king.
        [BitBoard::EMPTY, self.pawn, self.pawn, below_rook, below_queen, below_queen]
    }
}

/// The men of a board by colour and by kind: all that attack maps need. The position after a
/// move is made from it by moving bits ([`Men::after`]), far cheaper than playing the move on a
/// cozy-chess board (which also updates the hash, pins and checkers) for every legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Men {
    colors: [BitBoard; 2],
    pieces: [BitBoard; 6],
}

impl Men {
    fn of(board: &Board) -> Men {
        Men {
            colors: [board.colors(Color::White), board.colors(Color::Black)],
            pieces: Piece::ALL.map(|p| board.pieces(p)),
        }
    }

    fn occupied(&self) -> BitBoard {
        self.colors[0] | self.colors[1]
    }

    fn colored_pieces(&self, color: Color, piece: Piece) -> BitBoard {
        self.colors[color as usize] & self.pieces[piece as usize]
    }

    fn colors(&self, color: Color) -> BitBoard {
        self.colors[color as usize]
    }

    fn pieces(&self, piece: Piece) -> BitBoard {
        self.pieces[piece as usize]
    }

    fn remove(&mut self, color: Color, piece: Piece, sq: Square) {
        self.colors[color as usize] &= !sq.bitboard();
        self.pieces[piece as usize] &= !sq.bitboard();
    }

    fn put(&mut self, color: Color, piece: Piece, sq: Square) {
        self.colors[color as usize] |= sq.bitboard();
        self.pieces[piece as usize] |= sq.bitboard();
    }

    /// The men after `us` plays the legal move `mv` (mover `mover`) on `board` (whose men
    /// these are): captures, en passant, promotion and castling (cozy-chess writes it as the
    /// king taking its own rook; the king lands on the g- or c-file, the rook on the f- or d-file).
    fn after(&self, board: &Board, mv: Move, us: Color, mover: Piece) -> Men {
        let mut next = *self;
        if board.colors(us).has(mv.to) {
            let short = mv.to.file() > mv.from.file();
            let rank = mv.from.rank();
            next.remove(us, Piece::King, mv.from);
            next.remove(us, Piece::Rook, mv.to);
            let (king, rook) = if short {
                (cozy_chess::File::G, cozy_chess::File::F)
            } else {
                (cozy_chess::File::C, cozy_chess::File::D)
            };
            next.put(us, Piece::King, Square::new(king, rank));
            next.put(us, Piece::Rook, Square::new(rook, rank));
            return next;
        }
        next.remove(us, mover, mv.from);
        if let Some(victim) = board.piece_on(mv.to) {
            next.remove(!us, victim, mv.to);
        } else if mover == Piece::Pawn && mv.from.file() != mv.to.file() {
            next.remove(!us, Piece::Pawn, Square::new(mv.to.file(), mv.from.rank()));
        }
        next.put(us, mv.promotion.unwrap_or(mover), mv.to);
        next
    }
}

/// The squares `color`'s pawns attack, all at once by shifting the set (a table lookup per pawn
/// was the largest part of the attack maps the model computes after every legal move).
fn pawn_attacks(pawns: BitBoard, color: Color) -> BitBoard {
    const NOT_A_FILE: u64 = !0x0101_0101_0101_0101;
    const NOT_H_FILE: u64 = !0x8080_8080_8080_8080;
    let p = pawns.0;
    BitBoard(match color {
        Color::White => ((p & NOT_A_FILE) << 7) | ((p & NOT_H_FILE) << 9),
        Color::Black => ((p & NOT_A_FILE) >> 9) | ((p & NOT_H_FILE) >> 7),
    })
}

fn side_attacks(men: &Men, color: Color) -> Attacks {
    let occ = men.occupied();
    let mut a = Attacks {
        pawn: pawn_attacks(men.colored_pieces(color, Piece::Pawn), color),
        minor: BitBoard::EMPTY,
        rook: BitBoard::EMPTY,
        all: BitBoard::EMPTY,
    };
    for sq in men.colored_pieces(color, Piece::Knight) {
        a.minor |= get_knight_moves(sq);
    }
    for sq in men.colored_pieces(color, Piece::Bishop) {
        a.minor |= get_bishop_moves(sq, occ);
    }
    for sq in men.colored_pieces(color, Piece::Rook) {
        a.rook |= get_rook_moves(sq, occ);
    }
    a.all = a.pawn | a.minor | a.rook;
    for sq in men.colored_pieces(color, Piece::King) {
        a.all |= get_king_moves(sq);
    }
    for sq in men.colored_pieces(color, Piece::Queen) {
        a.all |= get_bishop_moves(sq, occ) | get_rook_moves(sq, occ);
    }
    a
}

/// Both sides' attacks (index: cozy-chess's colour).
fn both_attacks(men: &Men) -> [Attacks; 2] {
    [side_attacks(men, Color::White), side_attacks(men, Color::Black)]
}

/// Both sides' attacks after `us` plays `mv`, `next` being the men after it, `before` the
/// attacks before it and `their_sliders` the squares the other side's sliders attacked. The
/// other side's are those before when the move takes nothing and neither of its squares is on
/// a ray of their sliders: no man of theirs is gone, and a slider's attacks end at the first
/// man on each ray, so they change only if a square on them fills or empties. (Castling moves
/// a rook too, so it is computed afresh.)
fn attacks_after(
    men: &Men,
    before: &[Attacks; 2],
    their_sliders: BitBoard,
    next: &Men,
    mv: Move,
    us: Color,
) -> [Attacks; 2] {
    let them = !us;
    let mut out = *before;
    out[us as usize] = side_attacks(next, us);
    let unchanged = next.colors(them) == men.colors(them)
        && !men.colors(us).has(mv.to)
        && (their_sliders & (mv.from.bitboard() | mv.to.bitboard())).is_empty();
    if !unchanged {
        out[them as usize] = side_attacks(next, them);
    }
    out
}

/// The squares `color`'s bishops, rooks and queens attack.
fn slider_attacks(men: &Men, color: Color) -> BitBoard {
    let occ = men.occupied();
    let mut a = BitBoard::EMPTY;
    for sq in men.colors(color) & (men.pieces(Piece::Bishop) | men.pieces(Piece::Queen)) {
        a |= get_bishop_moves(sq, occ);
    }
    for sq in men.colors(color) & (men.pieces(Piece::Rook) | men.pieces(Piece::Queen)) {
        a |= get_rook_moves(sq, occ);
    }
    a
}

/// Each side's men (not the king) that the other side attacks and it does not defend, or
/// that a cheaper enemy man attacks (index: cozy-chess's colour), given `attacks` from
/// [`both_attacks`].
fn en_prise(men: &Men, attacks: &[Attacks; 2]) -> [BitBoard; 2] {
    let mut out = [BitBoard::EMPTY; 2];
    for color in [Color::White, Color::Black] {
        let (ours, theirs) = (&attacks[color as usize], &attacks[!color as usize]);
        let loose = men.colors(color) & theirs.all & !ours.all;
        let by_pawn = (men.pieces(Piece::Knight) | men.pieces(Piece::Bishop)) & theirs.pawn;
        let by_minor = men.pieces(Piece::Rook) & (theirs.pawn | theirs.minor);
        let by_rook = men.pieces(Piece::Queen) & (theirs.pawn | theirs.minor | theirs.rook);
        out[color as usize] = (loose | by_pawn | by_minor | by_rook) & men.colors(color) & !men.pieces(Piece::King);
    }
    out
}

/// Material value for threats (the king counts as most valuable).
const VALUE: [u8; 6] = [1, 3, 3, 5, 9, 100];

/// Whether a pawn of `us` on `sq` has no enemy pawn ahead of it on its own or a next file.
fn is_passed(board: &Board, us: Color, sq: Square) -> bool {
    let file = sq.file() as i32;
    let rank = sq.rank() as i32;
    board.colored_pieces(!us, Piece::Pawn).into_iter().all(|p| {
        let ahead = if us == Color::White { p.rank() as i32 > rank } else { (p.rank() as i32) < rank };
        !(ahead && (p.file() as i32 - file).abs() <= 1)
    })
}

/// The legal moves of a position and their features, flat: one buffer for all the moves, so a
/// position costs no allocation per move (the coder computes this for every ply). A move's
/// features are those of its *man* — what it is, where it stands, the phase: shared by all its
/// moves, so computed, scored and learnt once a man (about 9 a position) rather than once a
/// move (about 29) — and then its own.
#[derive(Clone, Debug, Default)]
pub struct MoveFeatures {
    /// In [`Position::legal_moves`] order.
    pub moves: Vec<Move>,
    /// Each move's own features; where each move's end.
    feats: Vec<u16>,
    ends: Vec<usize>,
    /// Each man's features; where each man's end. A man's moves are consecutive in legal
    /// order; its castling moves count as a man apart (they leave no square attacked).
    man_feats: Vec<u16>,
    man_ends: Vec<usize>,
    /// Each move's man (an index into the men).
    man_of: Vec<usize>,
}

impl MoveFeatures {
    /// The own features of move `j` (an index into `moves`), without its man's.
    pub fn own(&self, j: usize) -> &[u16] {
        let start = if j == 0 { 0 } else { self.ends[j - 1] };
        &self.feats[start..self.ends[j]]
    }

    /// The features of man `k` (see [`MoveFeatures::man_of`]).
    pub fn man(&self, k: usize) -> &[u16] {
        let start = if k == 0 { 0 } else { self.man_ends[k - 1] };
        &self.man_feats[start..self.man_ends[k]]
    }

    /// How many men (groups of moves sharing features) there are.
    pub fn men(&self) -> usize {
        self.man_ends.len()
    }

    /// The man of move `j`.
    pub fn man_of(&self, j: usize) -> usize {
        self.man_of[j]
    }

    /// All the features of move `j`: its man's, then its own.
    pub fn of(&self, j: usize) -> impl Iterator<Item = u16> + '_ {
        self.man(self.man_of[j]).iter().chain(self.own(j)).copied()
    }

    /// Each move's features, in move order.
    pub fn iter(&self) -> impl Iterator<Item = impl Iterator<Item = u16> + '_> + '_ {
        (0..self.moves.len()).map(|j| self.of(j))
    }

    /// How many features, men's and moves' own (each man's counted once).
    pub fn len(&self) -> usize {
        self.feats.len() + self.man_feats.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The legal moves of `pos` (in [`Position::legal_moves`] order) with their feature lists,
/// the game so far being `history`, under the opening book `book`.
pub fn features_with(pos: &Position, history: &History, book: &Book) -> Vec<(Move, Vec<u16>)> {
    let mut out = MoveFeatures::default();
    features_into(pos, history, book, &mut out);
    (0..out.moves.len()).map(|j| (out.moves[j], out.of(j).collect())).collect()
}

/// [`features_with`] into `out` (cleared first). The data of the position (attack maps and
/// counts, men en prise, the book's moves) is computed once for all its moves.
pub fn features_into(pos: &Position, history: &History, book: &Book, out: &mut MoveFeatures) {
    out.moves.clear();
    out.feats.clear();
    out.ends.clear();
    out.man_feats.clear();
    out.man_ends.clear();
    out.man_of.clear();
    let board = pos.board();
    let men = Men::of(board);
    let us = pos.side_to_move();
    let them = !us;
    let occ = board.occupied();
    let by_side = both_attacks(&men);
    let their_sliders = slider_attacks(&men, them);
    let their_attacks = by_side[them as usize].all;
    let their_pawn_attacks = by_side[them as usize].pawn;
    let our_attacks = by_side[us as usize].all;
    let cheaper = by_side[them as usize].cheaper();
    let in_check = !board.checkers().is_empty();
    let pieces_left = (occ & !board.pieces(Piece::Pawn) & !board.pieces(Piece::King)).len();
    let phase = match pieces_left {
        11.. => 0,
        7..=10 => 1,
        _ => 2,
    };
    let last = history.back(1);
    let last_to = last.map(|(m, _)| m.to);
    let last_captured = last.is_some_and(|(_, c)| c);
    // What the opponent's last-moved man attacks now.
    let last_moved_attacks = match last_to.and_then(|sq| board.piece_on(sq).map(|p| (p, sq))) {
        Some((p, sq)) if board.colors(them).has(sq) => attacks_from(p, them, sq, occ),
        _ => BitBoard::EMPTY,
    };
    let ours_before = history.back(2);
    let (our_count, their_count) = (attack_counts(board, us), attack_counts(board, them));
    let [hanging, their_hanging] = {
        let e = en_prise(&men, &by_side);
        [e[us as usize], e[them as usize]]
    };
    let book_moves = book.get(&board.hash());
    let ply_bucket = (history.moves.len() / 6).min(3);
    let rights = board.castle_rights(us);
    let our_king = board.king(us);
    let their_king = board.king(them);
    let home = if us == Color::White { cozy_chess::Rank::First } else { cozy_chess::Rank::Eighth };
    let rel = |sq: Square| if us == Color::White { sq as usize } else { sq.flip_rank() as usize };
    let legal = pos.legal_moves();
    // About 8 features a move and 5 a man: one allocation for the position, not one as the
    // buffers grow.
    out.feats.reserve(16 * legal.len());
    out.ends.reserve(legal.len());
    out.man_of.reserve(legal.len());
    let mut choices = [0u32; 64];
    for mv in &legal {
        choices[mv.from as usize] += 1;
    }
    // The man whose features were last written: its square and whether it castles.
    let mut man: Option<(Square, bool)> = None;
    for &mv in &legal {
        {
            let mover = board.piece_on(mv.from).expect("legal move");
            let m = mover as usize;
            let castle = board.colors(us).has(mv.to);
            if man != Some((mv.from, castle)) {
                man = Some((mv.from, castle));
                let f = &mut out.man_feats;
                if in_check {
                    f.push((IN_CHECK + m) as u16);
                }
                f.push((PHASE + 6 * phase + m) as u16);
                f.push(
                    (PIECE_CHOICES + 5 * m + (31 - choices[mv.from as usize].leading_zeros() as usize).min(4)) as u16,
                );
                if phase > 0 {
                    f.push((FROM_PST_LATE + 384 * (phase - 1) + 64 * m + rel(mv.from)) as u16);
                }
                f.push((FROM_PST + 64 * m + rel(mv.from)) as u16);
                if !castle {
                    let standing =
                        (their_count[mv.from as usize] as i32 - our_count[mv.from as usize] as i32).clamp(-2, 2);
                    f.push((FROM_BALANCE + 5 * m + (standing + 2) as usize) as u16);
                    if their_attacks.has(mv.from) {
                        f.push((FROM_ATTACKED + m) as u16);
                    }
                    if their_pawn_attacks.has(mv.from) {
                        f.push((FROM_PAWN_ATTACKED + m) as u16);
                    }
                    if cheaper[m].has(mv.from) {
                        f.push((FROM_ATTACKED_BY_LOWER + m) as u16);
                    }
                    if last_moved_attacks.has(mv.from) {
                        f.push((FLEES_LAST_MOVED + m) as u16);
                    }
                    if ours_before.is_some_and(|(before, _)| before.to == mv.from) {
                        f.push((SAME_PIECE + m) as u16);
                    }
                    if mover == Piece::Pawn
                        && rel(our_king) / 8 <= 1
                        && (mv.from.file() as i32 - our_king.file() as i32).abs() <= 1
                    {
                        f.push((SHIELD_PAWN + phase) as u16);
                    }
                    let dropped = match mover {
                        Piece::King => rights.short.is_some() || rights.long.is_some(),
                        Piece::Rook => {
                            mv.from.rank() == home
                                && (rights.short == Some(mv.from.file()) || rights.long == Some(mv.from.file()))
                        }
                        _ => false,
                    };
                    if dropped {
                        f.push((LOSES_CASTLING + usize::from(mover == Piece::Rook)) as u16);
                    }
                }
                out.man_ends.push(f.len());
            }
            out.man_of.push(out.man_ends.len() - 1);
            let f = &mut out.feats;
            f.push((TO_PST + 64 * m + rel(mv.to)) as u16);
            if phase > 0 {
                f.push((TO_PST_LATE + 384 * (phase - 1) + 64 * m + rel(mv.to)) as u16);
            }
            if !castle {
                // The mover no longer defends its own square of arrival from where it was.
                let defenders = our_count[mv.to as usize] as i32 - i32::from(attacks_own_target(mover, mv));
                let balance = (their_count[mv.to as usize] as i32 - defenders).clamp(-2, 2);
                f.push((TO_BALANCE + 5 * m + (balance + 2) as usize) as u16);
            }
            if let Some(l) = last_to {
                let d =
                    (mv.to.file() as i32 - l.file() as i32).abs().max((mv.to.rank() as i32 - l.rank() as i32).abs());
                f.push((LOCALITY + d as usize) as u16);
            }
            if let Some(moves) = book_moves {
                match moves.iter().find(|(b, _)| *b == mv) {
                    Some(&(_, lines)) => f.push((BOOK_LINES + (31 - lines.leading_zeros() as usize).min(7)) as u16),
                    None => f.push((OUT_OF_BOOK + ply_bucket) as u16),
                }
            }
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
                let lost = if their_attacks.has(mv.to) { i32::from(VALUE[m]).min(20) } else { 0 };
                let gain = i32::from(VALUE[p as usize]) - lost;
                let bucket = match gain {
                    ..=-6 => 0,
                    -5..=-3 => 1,
                    -2..=-1 => 2,
                    0 => 3,
                    1..=2 => 4,
                    3..=5 => 5,
                    _ => 6,
                };
                f.push((CAPTURE_GAIN + bucket) as u16);
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
                if cheaper[m].has(mv.to) {
                    f.push((TO_ATTACKED_BY_LOWER + m) as u16);
                }
                if Some(mv.to) == last_to && victim.is_some() {
                    f.push((TAKES_LAST_MOVED + m) as u16);
                    if last_captured {
                        f.push(RECAPTURE as u16);
                    }
                }
                if ours_before.is_some_and(|(before, _)| before.to == mv.from && before.from == mv.to) {
                    f.push(UNDO as u16);
                }
                if mover == Piece::Pawn {
                    if (mv.to as i32 - mv.from as i32).abs() == 16 {
                        f.push(DOUBLE_PUSH as u16);
                    }
                    if victim.is_none() {
                        let rank = rel(mv.to) / 8; // 2 … 7
                        f.push((PAWN_RANK + rank.saturating_sub(2).min(5)) as u16);
                        if is_passed(board, us, mv.from) {
                            f.push((PASSED_PUSH + phase) as u16);
                        }
                    }
                }
                if victim.is_none() && rel(mv.to) / 8 < rel(mv.from) / 8 {
                    f.push((RETREAT + m) as u16);
                }
                if matches!(mover, Piece::Rook | Piece::Queen) && mv.from.file() != mv.to.file() {
                    let file = mv.to.file().bitboard();
                    if (file & board.colored_pieces(us, Piece::Pawn)).is_empty() {
                        let open = (file & board.pieces(Piece::Pawn)).is_empty();
                        f.push((OPEN_FILE + 2 * usize::from(mover == Piece::Queen) + usize::from(open)) as u16);
                    }
                }
                if mover != Piece::King {
                    let dist = |a: Square| {
                        (a.file() as i32 - their_king.file() as i32)
                            .abs()
                            .max((a.rank() as i32 - their_king.rank() as i32).abs())
                    };
                    let (before, after) = (dist(mv.from), dist(mv.to));
                    if after != before {
                        f.push((KING_APPROACH + 2 * m + usize::from(after > before)) as u16);
                    }
                }
                if mover == Piece::King && pieces_left <= 6 {
                    f.push((KING_ENDGAME_TO + rel(mv.to)) as u16);
                }
                // What the man attacks from its new square.
                let occ_after = (occ ^ mv.from.bitboard()) | mv.to.bitboard();
                let attacks = attacks_from(mover, us, mv.to, occ_after);
                if (1..=4).contains(&m) {
                    let mobility = (attacks & !board.colors(us)).len() as usize / 2;
                    f.push((MOBILITY + 8 * (m - 1) + mobility.min(7)) as u16);
                }
                if !(attacks & hanging & !mv.from.bitboard()).is_empty() {
                    f.push(DEFENDS_HANGING as u16);
                }
                let mut threats = 0;
                for sq in attacks & board.colors(them) & !board.pieces(Piece::King) {
                    let target = board.piece_on(sq).expect("occupied");
                    if Some(sq) != Some(mv.to) && (VALUE[target as usize] > VALUE[m] || !their_attacks.has(sq)) {
                        threats += 1;
                    }
                }
                if threats > 0 {
                    f.push((THREATS + 2 * m + usize::from(threats > 1)) as u16);
                }
            }
            let next = men.after(board, mv, us, mover);
            let next_attacks = attacks_after(&men, &by_side, their_sliders, &next, mv, us);
            // In check after the move (cozy-chess's checkers) = our men attack their king.
            if next_attacks[us as usize].all.has(their_king) {
                f.push((CHECK + m) as u16);
                let mut played = board.clone();
                played.play_unchecked(mv);
                if !played.generate_moves(|_| true) {
                    f.push(MATES as u16);
                }
            }
            if !castle {
                let en_prise_after = en_prise(&next, &next_attacks);
                if en_prise_after[us as usize].has(mv.to) {
                    f.push((LANDS_EN_PRISE + m) as u16);
                }
                let after = en_prise_after[us as usize] & !mv.to.bitboard();
                let exposed = after & !hanging;
                if let Some(worst) = [Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight, Piece::Pawn]
                    .into_iter()
                    .find(|&p| !(exposed & board.pieces(p)).is_empty())
                {
                    let class = match worst {
                        Piece::Pawn => 0,
                        Piece::Knight | Piece::Bishop => 1,
                        Piece::Rook => 2,
                        _ => 3,
                    };
                    f.push((EXPOSES + class) as u16);
                }
                let saved = (hanging & !after & !mv.from.bitboard()).len() as usize;
                if saved > 0 {
                    f.push((SAVES + saved.min(2) - 1) as u16);
                }
                let attacked = (en_prise_after[them as usize] & !their_hanging).len() as usize;
                if attacked > 0 {
                    f.push((ATTACKS_NEW + attacked.min(2) - 1) as u16);
                }
            }
        }
        out.ends.push(out.feats.len());
    }
    out.moves = legal;
}

/// [`features_with`] under the committed opening book.
pub fn features(pos: &Position, history: &History) -> Vec<(Move, Vec<u16>)> {
    features_with(pos, history, book::book())
}

/// Integer scores (1/16 bits) of the legal moves under the committed weights.
pub fn scores(pos: &Position, history: &History) -> Vec<(Move, i32)> {
    features(pos, history).into_iter().map(|(mv, f)| (mv, score(&f, &WEIGHTS))).collect()
}

/// Score of one move's features under `weights`.
pub fn score(features: &[u16], weights: &[i16]) -> i32 {
    features.iter().map(|&i| i32::from(weights[i as usize])).sum()
}

/// Frequencies (summing to at most [`FREQ_TOTAL`], each at least 1) of moves with these scores.
pub fn frequencies(scores: &[i32]) -> Vec<u32> {
    let mut out = Vec::with_capacity(scores.len());
    frequencies_into(scores, &mut out);
    out
}

/// [`frequencies`] into `out` (cleared first), without allocating: the coder's hot path.
pub fn frequencies_into(scores: &[i32], out: &mut Vec<u32>) {
    out.clear();
    let best = scores.iter().copied().max().unwrap_or(0);
    let table = exp_table();
    // The table's values are at most 2^30, so they fit the output until they are scaled.
    out.extend(scores.iter().map(|&s| table[((best - s) as usize).min(SPAN - 1)] as u32));
    let sum: u64 = out.iter().map(|&r| u64::from(r)).sum();
    let budget = u64::from(FREQ_TOTAL) - scores.len() as u64;
    let by_sum = Divisor::new(sum);
    for r in out.iter_mut() {
        *r = 1 + by_sum.quotient(u64::from(*r) * budget) as u32;
    }
}

/// ⌊n / d⌋ for many n and one d, exactly, without the hardware's integer division (a good
/// part of the arithmetic coder's time when it divided for every move of every expert).
/// Below 2^48 (every quotient the coder takes but the mixture's largest) it is a
/// multiplication by a rounded-up reciprocal (Granlund and Montgomery, 1994): with
/// s = 48 + ⌈log2 d⌉ and m = ⌈2^s / d⌉, m · d = 2^s + e for some 0 ≤ e < d, so n · m / 2^s
/// exceeds n / d by n · e / (d · 2^s), less than 1/d as n · e < 2^s: too little to carry
/// ⌊n / d⌋ to the next integer. Above, a floating-point estimate corrected in integers.
#[derive(Clone, Copy, Debug)]
pub struct Divisor {
    d: u64,
    /// ⌈2^shift / d⌉, at most 2^49.
    magic: u64,
    shift: u32,
    inverse: f64,
}

/// Numerators below this take the multiplication (see [`Divisor`]).
const MAGIC_RANGE: u64 = 1 << 48;

impl Divisor {
    pub fn new(d: u64) -> Divisor {
        assert!(d > 0, "division by zero");
        let shift = 48 + (64 - (d - 1).leading_zeros());
        let magic = ((1u128 << shift).div_ceil(u128::from(d))) as u64;
        Divisor { d, magic, shift, inverse: 1.0 / d as f64 }
    }

    /// ⌊n / d⌋.
    pub fn quotient(self, n: u64) -> u64 {
        if n < MAGIC_RANGE {
            return ((u128::from(n) * u128::from(self.magic)) >> self.shift) as u64;
        }
        // The estimate's relative error is a few 2^−53, so it is off by at most a few units
        // and the loops step once or twice; they make any quotient exact.
        let mut q = (n as f64 * self.inverse) as u64;
        let (n, d) = (u128::from(n), u128::from(self.d));
        while u128::from(q) * d > n {
            q -= 1;
        }
        while (u128::from(q) + 1) * d <= n {
            q += 1;
        }
        q
    }

    /// n / d truncated towards zero, as Rust's `/` on signed integers.
    pub fn signed_quotient(self, n: i64) -> i64 {
        let q = self.quotient(n.unsigned_abs()) as i64;
        if n < 0 {
            -q
        } else {
            q
        }
    }
}

/// Moves sorted best first (ties keep the legal-move order): the ranking of `ranked-huffman`.
pub fn ranked(pos: &Position, history: &History) -> Vec<Move> {
    let mut s = scores(pos, history);
    s.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
    s.into_iter().map(|(m, _)| m).collect()
}

/// A feature's name, e.g. "lands on (piece-square): knight f3".
pub fn feature_name(i: usize) -> String {
    let Some(&(name, first, _)) = BLOCKS.iter().find(|(_, first, size)| (*first..first + size).contains(&i)) else {
        return format!("feature {i}");
    };
    let k = i - first;
    const PIECES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];
    let square = |s: usize| format!("{}", Square::index(s));
    let detail = match first {
        TO_PST | FROM_PST => format!("{} {} (own side's view)", PIECES[k / 64], square(k % 64)),
        CAPTURE => {
            let victims = ["nothing", "pawn", "knight", "bishop", "rook", "queen"];
            format!("{} by {}", victims[k / 6], PIECES[k % 6])
        }
        PROMOTION => PIECES[k + 1].to_string(),
        KING_ENDGAME_TO => format!("{} (own side's view)", square(k)),
        PHASE => format!("{} × {}", ["opening", "middlegame", "endgame"][k / 6], PIECES[k % 6]),
        BOOK_LINES => format!("{}+ lines", 1u32 << k),
        MOBILITY => format!("{} reaching {}–{} squares", PIECES[k / 8 + 1], 2 * (k % 8), 2 * (k % 8) + 1),
        THREATS => format!("{}, {}", PIECES[k / 2], if k.is_multiple_of(2) { "one" } else { "two or more" }),
        LOSES_CASTLING => ["king move", "rook move"][k].to_string(),
        PASSED_PUSH => ["opening", "middlegame", "endgame"][k].to_string(),
        OUT_OF_BOOK => format!("plies {}–{}", 6 * k, 6 * k + 5),
        PAWN_RANK => format!("to rank {}", k + 3),
        LOCALITY => format!("{k} squares"),
        FROM_PST_LATE => format!(
            "{} {} {} (own side's view)",
            ["middlegame", "endgame"][k / 384],
            PIECES[k % 384 / 64],
            square(k % 64)
        ),
        TO_BALANCE | FROM_BALANCE => format!("{} with {:+}", PIECES[k / 5], k as i32 % 5 - 2),
        PIECE_CHOICES => format!("{}, {}+ moves", PIECES[k / 5], 1u32 << (k % 5)),
        OPEN_FILE => format!("{}, {}", ["rook", "queen"][k / 2], ["half-open file", "open file"][k % 2]),
        SHIELD_PAWN => ["opening", "middlegame", "endgame"][k].to_string(),
        KING_APPROACH => format!("{}, {}", PIECES[k / 2], ["nearer", "farther"][k % 2]),
        EXPOSES => ["a pawn", "a knight or bishop", "a rook", "the queen"][k].to_string(),
        SAVES | ATTACKS_NEW => ["one", "two or more"][k].to_string(),
        CAPTURE_GAIN => ["≤ −6", "−5 to −3", "−2 to −1", "0", "1 to 2", "3 to 5", "≥ 6"][k].to_string(),
        TO_PST_LATE => format!(
            "{} {} {} (own side's view)",
            ["middlegame", "endgame"][k / 384],
            PIECES[k % 384 / 64],
            square(k % 64)
        ),
        CASTLE | RECAPTURE | DOUBLE_PUSH | UNDO | DEFENDS_HANGING | MATES => String::new(),
        CAPTURE_UNDEFENDED => PIECES[k].to_string(),
        _ => PIECES[k % 6].to_string(),
    };
    if detail.is_empty() {
        name.to_string()
    } else {
        format!("{name}: {detail}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::parse_pgn;
    use proptest::prelude::*;

    proptest! {
        /// The divisor against the hardware's division, over the whole range of both operands.
        #[test]
        fn divisor_quotients_equal_integer_division(
            n in any::<u64>(),
            d in 1u64..,
            small in 0u64..1 << 48,
            s in any::<i64>(),
            small_d in 1u64..1 << 26,
            k in 0u64..1 << 26,
        ) {
            let div = Divisor::new(d);
            prop_assert_eq!(div.quotient(n), n / d);
            prop_assert_eq!(div.quotient(small), small / d);
            prop_assert_eq!(div.quotient(d), 1);
            prop_assert_eq!(div.quotient(d - 1), 0);
            prop_assert_eq!(div.quotient(d.saturating_mul(3)), d.saturating_mul(3) / d);
            // Either side of the multiplication's bound, and multiples of d there (the
            // quotients a rounding up would spoil).
            for m in [MAGIC_RANGE - 1, MAGIC_RANGE, MAGIC_RANGE + 1] {
                prop_assert_eq!(div.quotient(m), m / d);
                let k = m / d;
                prop_assert_eq!(div.quotient(k * d), k);
                prop_assert_eq!(div.quotient((k * d).saturating_sub(1)), (k * d).saturating_sub(1) / d);
            }
            // Quotients next to an integer, from below and at it, with the coder's sizes of divisor.
            let near = Divisor::new(small_d);
            for m in [k * small_d, (k * small_d).saturating_sub(1), k * small_d + small_d - 1] {
                prop_assert_eq!(near.quotient(m), m / small_d);
            }
            let sd = Divisor::new(d.min(1 << 40));
            let signed = if s == i64::MIN { s + 1 } else { s };
            prop_assert_eq!(sd.signed_quotient(signed), signed / d.min(1 << 40) as i64);
        }
    }

    /// The men after each legal move, moved bit by bit, against cozy-chess playing the move;
    /// whether the mover attacked its target, against its attacks from cozy-chess's tables;
    /// the attack maps after it, the other side's kept where the move cannot change them,
    /// against both computed afresh; and "gives check" from the attack maps against
    /// cozy-chess's checkers. On every position
    /// of the sample games and a few with castling, en passant and promotion to play.
    #[test]
    fn men_after_a_move_match_the_board_after_it() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/lichess-2025-05-blitz-sample.pgn"
        ))
        .unwrap();
        let mut positions: Vec<Position> = parse_pgn(&text).unwrap().iter().flat_map(|g| g.positions()).collect();
        for fen in [
            "r3k2r/ppp2ppp/8/3pP3/8/8/PPPQ1PPP/R3K2R w KQkq d6 0 1",
            "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R b KQkq - 0 1",
            "4k3/8/8/2Pp4/8/8/8/4K2R w K d6 0 1",
            "r3k3/8/8/8/8/8/8/4K3 b q - 0 1",
        ] {
            positions.push(Position::from_fen(fen).unwrap());
        }
        let mut moves = 0;
        for pos in &positions {
            let board = pos.board();
            let us = board.side_to_move();
            let men = Men::of(board);
            let before = both_attacks(&men);
            let their_sliders = slider_attacks(&men, !us);
            for mv in pos.legal_moves() {
                let mut played = board.clone();
                played.play_unchecked(mv);
                let mover = board.piece_on(mv.from).unwrap();
                let next = men.after(board, mv, us, mover);
                assert_eq!(next, Men::of(&played), "{} {mv}", board);
                if !board.colors(us).has(mv.to) {
                    assert_eq!(
                        attacks_own_target(mover, mv),
                        attacks_from(mover, us, mv.from, board.occupied()).has(mv.to),
                        "{} {mv}",
                        board
                    );
                }
                let afresh = both_attacks(&next);
                assert_eq!(attacks_after(&men, &before, their_sliders, &next, mv, us), afresh, "{} {mv}", board);
                let check = afresh[us as usize].all.has(board.king(!us));
                assert_eq!(check, !played.checkers().is_empty(), "{} {mv}", board);
                moves += 1;
            }
        }
        assert!(moves > 500_000, "{moves} moves");
    }

    /// Each side's attack maps (pawns shifted as a set) against every man's own attacks from
    /// cozy-chess's tables, on every position of the sample games.
    #[test]
    fn attack_maps_match_every_mans_attacks() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/lichess-2025-05-blitz-sample.pgn"
        ))
        .unwrap();
        let games = parse_pgn(&text).unwrap();
        for pos in games.iter().flat_map(|g| g.positions()) {
            let board = pos.board();
            let men = Men::of(board);
            for color in [Color::White, Color::Black] {
                let a = side_attacks(&men, color);
                let of = |pieces: &[Piece]| {
                    let mut set = BitBoard::EMPTY;
                    for &p in pieces {
                        for sq in board.colored_pieces(color, p) {
                            set |= attacks_from(p, color, sq, board.occupied());
                        }
                    }
                    set
                };
                assert_eq!(a.pawn, of(&[Piece::Pawn]), "{board}");
                assert_eq!(a.minor, of(&[Piece::Knight, Piece::Bishop]), "{board}");
                assert_eq!(a.rook, of(&[Piece::Rook]), "{board}");
                assert_eq!(a.all, of(&Piece::ALL), "{board}");
            }
        }
    }
}
