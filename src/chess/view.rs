//! What the page shows, computed here so the page only draws: a position with every scheme's
//! code and labelled bits, an editor's board (valid or not, with the reason), a game with the
//! bits each scheme spends on each move.

use super::games::game_codes::GameScheme;
use super::positions::share;
use super::rules::position::piece_char;
use super::{parse_pgn, Position, PositionScheme, Segment};
use crate::{bail, Result};
use cozy_chess::{Color, Piece, Square};
use serde::{Deserialize, Serialize};

/// An editor's board: 64 FEN letters or "" (index 0 = a1 … 63 = h8), side "w"/"b", castling
/// rights K Q k q, en-passant target square ("e3") or none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Parts {
    pub board: Vec<String>,
    pub side: String,
    pub castling: [bool; 4],
    pub ep: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SchemeView {
    pub name: &'static str,
    pub description: &'static str,
    pub bits: usize,
    pub worst_case: usize,
    pub code: String,
    pub bitstring: String,
    pub segments: Vec<Segment>,
}

#[derive(Clone, Debug, Serialize)]
pub struct PositionView {
    pub fen: String,
    pub parts: Parts,
    pub legal_moves: usize,
    pub in_check: bool,
    /// Share-link fragment (without `#`).
    pub link: String,
    pub schemes: Vec<SchemeView>,
}

/// The editor's board: its FEN, and either the analysis or why the position is illegal.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    pub fen: String,
    pub error: Option<String>,
    pub position: Option<PositionView>,
}

pub fn parts_of(pos: &Position) -> Parts {
    Parts {
        board: Square::ALL
            .iter()
            .map(|&s| pos.piece_at(s).map(|(p, c)| piece_char(p, c).to_string()).unwrap_or_default())
            .collect(),
        side: if pos.side_to_move() == Color::White { "w" } else { "b" }.into(),
        castling: pos.castling(),
        ep: pos.en_passant_square().map(|s| s.to_string()),
    }
}

/// The FEN of an editor's board, legal or not (move counters `0 1`). Fails only on a board
/// that is not 64 squares of piece letters.
pub fn fen_of_parts(parts: &Parts) -> Result<String> {
    if parts.board.len() != 64 {
        bail!("a board has 64 squares, not {}", parts.board.len());
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            let s = &parts.board[rank * 8 + file];
            if s.is_empty() {
                empty += 1;
                continue;
            }
            let mut chars = s.chars();
            let (Some(ch), None) = (chars.next(), chars.next()) else { bail!("'{s}' is not a piece letter") };
            if Piece::try_from(ch.to_ascii_lowercase()).is_err() {
                bail!("'{s}' is not a piece letter");
            }
            if empty > 0 {
                fen.push_str(&empty.to_string());
                empty = 0;
            }
            fen.push(ch);
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    let side = match parts.side.as_str() {
        "w" | "b" => parts.side.as_str(),
        s => bail!("side to move must be 'w' or 'b', not '{s}'"),
    };
    let mut castling: String = "KQkq".chars().zip(parts.castling).filter(|&(_, on)| on).map(|(c, _)| c).collect();
    if castling.is_empty() {
        castling.push('-');
    }
    let ep = match &parts.ep {
        None => "-".to_string(),
        Some(s) if s.parse::<Square>().is_ok() => s.clone(),
        Some(s) => bail!("'{s}' is not a square"),
    };
    Ok(format!("{fen} {side} {castling} {ep} 0 1"))
}

pub fn view(pos: &Position) -> PositionView {
    let schemes = PositionScheme::ALL
        .iter()
        .map(|&s| {
            let mut code = s.encode(pos);
            if s == PositionScheme::Compact {
                code.segments = compact_segments(pos, code.segments);
            }
            SchemeView {
                name: s.name(),
                description: s.description(),
                bits: code.bits,
                worst_case: s.worst_case(),
                code: code.to_base64url(),
                bitstring: code.bitstring(),
                segments: code.segments,
            }
        })
        .collect();
    PositionView {
        fen: pos.to_fen(),
        parts: parts_of(pos),
        legal_moves: pos.legal_moves().len(),
        in_check: pos.in_check(),
        link: share::link_for(pos),
        schemes,
    }
}

/// The compact code's rank split into runs by what each part of it stores, each run as long as
/// that part's share of the bits ([`super::positions::compact::rank_parts`]); the last run is the unused top
/// of the range. Shown this way because a single 152-bit run tells a reader nothing.
fn compact_segments(pos: &Position, segments: Vec<Segment>) -> Vec<Segment> {
    let parts = super::positions::compact::rank_parts(pos);
    let [side, rank] = segments.as_slice() else { return segments };
    if parts.is_empty() {
        return segments;
    }
    let mut out = vec![side.clone()];
    let (mut at, mut share) = (rank.start, 0.0);
    for (label, bits, squares) in parts {
        share += bits;
        let end = (rank.start + share.round() as usize).min(rank.start + rank.len);
        if end > at {
            out.push(Segment {
                start: at,
                len: end - at,
                label: format!("{label}: {bits:.1} bits' worth of the rank (log2 of its choices; the rank is one number, so a share of its bits, not a field)"),
                squares: squares.iter().map(|&s| s as u8).collect(),
            });
            at = end;
        }
    }
    if at < rank.start + rank.len {
        out.push(Segment {
            start: at,
            len: rank.start + rank.len - at,
            label: "the top of the 152-bit range that no position reaches (the count is below 2^152)".into(),
            squares: Vec::new(),
        });
    }
    out
}

pub fn analyze_parts(parts: &Parts) -> Result<Analysis> {
    let fen = fen_of_parts(parts)?;
    Ok(match Position::from_fen(&fen) {
        Ok(pos) => Analysis { fen: pos.to_fen(), error: None, position: Some(view(&pos)) },
        Err(e) => Analysis { fen, error: Some(e.message().to_string()), position: None },
    })
}

/// Decodes a code of a scheme given by name, with the move-counters trailer when `counters`.
pub fn decode(scheme: &str, code: &str, counters: bool) -> Result<Position> {
    let s = PositionScheme::parse(scheme)?;
    let text = code.trim();
    if text.is_empty() {
        bail!("paste a code first");
    }
    let bytes = crate::bits::from_base64url(text)?;
    if counters {
        super::positions::counters::decode(s, &bytes)
    } else {
        s.decode(&bytes)
    }
}

/// A position's code in one scheme followed by its move counters, for the page.
pub fn with_counters(fen: &str, scheme: &str) -> Result<SchemeView> {
    let s = PositionScheme::parse(scheme)?;
    let code = super::positions::counters::encode(s, &Position::from_fen(fen)?);
    Ok(SchemeView {
        name: s.name(),
        description: s.description(),
        bits: code.bits,
        worst_case: s.worst_case().div_ceil(8) * 8 + 23,
        code: code.to_base64url(),
        bitstring: code.bitstring(),
        segments: code.segments,
    })
}

#[derive(Clone, Debug, Serialize)]
pub struct GameSchemeView {
    pub name: &'static str,
    pub description: &'static str,
    pub bits: usize,
    pub header_bits: usize,
    pub move_bits: Vec<f64>,
    /// Bits of "the game ends here" after the last move (the arithmetic code's; 0 for the others,
    /// which write the ply count in the header). The code's remaining `bits − header_bits −
    /// Σ move_bits − end_bits` are the arithmetic coder's last bits (at most 2).
    pub end_bits: f64,
    pub code: String,
    pub round_trip: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    pub games: usize,
    pub index: usize,
    pub tags: Vec<(String, String)>,
    pub result: String,
    pub sans: Vec<String>,
    /// Each move in UCI (`e2e4`, castling as the king's step `e1g1`): the page marks its squares.
    pub ucis: Vec<String>,
    pub fens: Vec<String>,
    pub schemes: Vec<GameSchemeView>,
    /// Why each move cost what it did under the arithmetic code (the 5 largest contributions).
    pub explanations: Vec<super::games::explain::MoveExplanation>,
    /// The game's share link (`chess-game/v1/…`, without `#`) at every ply, `0..=sans.len()`;
    /// `None` at a ply whose link is over the budget (long tags, a very long game).
    pub links: Vec<Option<String>>,
}

/// What a chess share link opens: a position (`#chess/v1`, `#chess/v2`) or a game at a ply
/// (`#chess-game/v1`), told apart by the fields present (`fen` or `game`).
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum LinkView {
    Position(PositionView),
    Game {
        game: GameView,
        ply: usize,
        /// The game as PGN text (its kept tags, its start position when set up, its moves).
        pgn: String,
    },
}

/// The position or the game of a chess share link, or a one-line reason.
///
/// A game link is not cheap to open, and the page opens it in its Worker (with the progress
/// panel and Cancel), not on its thread: besides decoding (1.4 ms for a 171-ply game, but up
/// to ~0.22 s native for a garbled payload that the arithmetic decoder reads as a game going
/// on to the codec's 20,000-ply limit), the viewer's [`GameView`] codes the game in every
/// scheme and explains every move (60–250 ms even for a short game), so bounding the decoder
/// alone would not keep the page's thread free. A position link decodes in microseconds.
pub fn from_link(fragment: &str) -> Result<LinkView> {
    let name = fragment.strip_prefix('#').unwrap_or(fragment).split('/').next().unwrap_or("");
    if name != super::games::link::NAME {
        return Ok(LinkView::Position(view(&share::from_link(fragment)?)));
    }
    let opened = super::games::link::from_link(fragment)?;
    let pgn = opened.game.to_pgn();
    Ok(LinkView::Game { game: game_view(&opened.game, 1, 0)?, ply: opened.ply, pgn })
}

/// One entry of a menu of games: who played, and the result (`?` where a tag is missing).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameListing {
    pub white: String,
    pub black: String,
    pub result: String,
}

/// The games of a PGN text, for a menu: read without playing the moves, so a page can list a
/// file's games at once and play only the one picked (in a Worker).
pub fn game_list(pgn: &str) -> Result<Vec<GameListing>> {
    let tag = |tags: &[(String, String)], key: &str| super::rules::pgn::tag_in(tags, key).unwrap_or("?").to_string();
    Ok(super::rules::pgn::game_tags(pgn)?
        .iter()
        .map(|tags| GameListing { white: tag(tags, "White"), black: tag(tags, "Black"), result: tag(tags, "Result") })
        .collect())
}

/// Game `index` of a PGN text, encoded in every game scheme (and decoded back to check).
pub fn game(pgn: &str, index: usize) -> Result<GameView> {
    let games = parse_pgn(pgn)?;
    let Some(g) = games.get(index) else { bail!("the PGN has {} games; there is no game {}", games.len(), index + 1) };
    game_view(g, games.len(), index)
}

/// The viewer's view of a game, game `index` of `games` in its file.
fn game_view(g: &super::Game, games: usize, index: usize) -> Result<GameView> {
    let schemes = GameScheme::ALL
        .iter()
        .map(|&s| {
            let c = s.encode(g);
            let round_trip = s.decode(&c.code.bytes).is_ok_and(|b| b.moves == g.moves && b.start == g.start);
            GameSchemeView {
                name: s.name(),
                description: s.description(),
                bits: c.code.bits,
                header_bits: c.header_bits,
                move_bits: c.move_bits,
                end_bits: if s == GameScheme::Arithmetic { super::games::game_codes::end_bits(g) } else { 0.0 },
                code: c.code.to_base64url(),
                round_trip,
            }
        })
        .collect();
    let sans = g.sans();
    let positions = g.positions();
    let fens: Vec<String> = positions.iter().map(|p| p.to_fen()).collect();
    let ucis: Vec<String> = positions.iter().zip(&g.moves).map(|(p, &m)| p.uci(m)).collect();
    let explanations = super::games::explain::explain_game(&g.start, &g.moves, &sans, 5)?;
    Ok(GameView {
        games,
        index,
        tags: g.tags.clone(),
        result: g.result.clone(),
        sans,
        ucis,
        fens,
        schemes,
        explanations,
        links: super::games::link::links_for_every_ply(g),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_opens_a_position_or_a_game_at_its_ply() {
        let pgn = "[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
        let g = game(pgn, 0).unwrap();
        assert_eq!(g.links.len(), 5);
        for (ply, link) in g.links.iter().enumerate() {
            let LinkView::Game { game: opened, ply: at, pgn: text } = from_link(link.as_deref().unwrap()).unwrap()
            else {
                panic!("ply {ply}: a game link opened as a position");
            };
            assert_eq!(at, ply);
            assert_eq!(opened.sans, ["f3", "e5", "g4", "Qh4#"]);
            assert_eq!(opened.fens, g.fens);
            assert!(text.contains("[White \"A\"]") && text.ends_with("2. g4 Qh4# 0-1\n"), "{text}");
        }
        let position = share::link_for(&Position::start());
        assert!(matches!(from_link(&position).unwrap(), LinkView::Position(p) if p.fen == Position::start().to_fen()));
        // A format byte with the reserved bit (0x80): a one-line error, not a position.
        let bad = from_link("#chess-game/v1/gA").unwrap_err();
        assert!(bad.message().contains("newer build"), "{}", bad.message());
    }

    #[test]
    fn parts_round_trip_and_illegal_boards_are_explained() {
        let pos = Position::from_fen("r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 0 1").unwrap();
        let parts = parts_of(&pos);
        let a = analyze_parts(&parts).unwrap();
        assert_eq!(a.error, None);
        assert_eq!(a.fen, pos.to_fen());
        let mut no_king = parts.clone();
        no_king.board[4] = String::new();
        let a = analyze_parts(&no_king).unwrap();
        assert!(a.error.unwrap().contains("White has 0 kings"));
        assert!(a.position.is_none());
        let mut bad = parts;
        bad.board[0] = "X".into();
        assert!(analyze_parts(&bad).is_err());
    }

    #[test]
    fn the_compact_rank_is_shown_in_runs_by_what_each_part_stores() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 0 1",
            "8/8/4k3/8/8/2K5/8/8 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let c = view(&pos).schemes.into_iter().find(|s| s.name == "compact").unwrap();
            let mut at = 0;
            for seg in &c.segments {
                assert_eq!(seg.start, at, "{fen}: runs follow each other");
                at += seg.len;
            }
            assert_eq!(at, c.bits, "{fen}: the runs cover the code");
            let pawns: usize = pos.counts().iter().map(|c| c.pawns as usize).sum();
            let run = c.segments.iter().find(|s| s.label.starts_with("the pawns"));
            assert_eq!(run.map_or(0, |r| r.squares.len()), pawns, "{fen}");
        }
        // The start position's pawns: on each file a white pawn below a black one, 2 of the 6
        // squares of ranks 2 to 7, so 15^8 placements.
        let c = view(&Position::start()).schemes.into_iter().find(|s| s.name == "compact").unwrap();
        let run = c.segments.iter().find(|s| s.label.starts_with("the pawns")).unwrap();
        assert!(run.label.starts_with(&format!("the pawns: {:.1} bits", 8.0 * 15f64.log2())), "{}", run.label);
    }

    #[test]
    fn game_view_has_bits_for_every_move() {
        let v = game("1. e4 e5 2. Nf3 Nc6 *", 0).unwrap();
        assert_eq!(v.sans.len(), 4);
        assert_eq!(v.fens.len(), 5);
        assert_eq!(v.ucis, ["e2e4", "e7e5", "g1f3", "b8c6"]);
        for s in &v.schemes {
            assert_eq!(s.move_bits.len(), 4);
            assert!(s.round_trip);
            let moves: f64 = s.move_bits.iter().sum();
            let rest = s.bits as f64 - s.header_bits as f64 - moves - s.end_bits;
            if s.name == "arithmetic" {
                // "The game ends" at 1/64 after a game that could go on, then the coder's last bits.
                assert_eq!(s.end_bits, 6.0);
                assert!((0.0..=2.0).contains(&rest), "{rest}");
            } else {
                assert_eq!(rest, 0.0);
            }
        }
        let mated = game("1. f3 e5 2. g4 Qh4# 0-1", 0).unwrap();
        assert_eq!(mated.schemes.iter().find(|s| s.name == "arithmetic").unwrap().end_bits, 0.0);
        assert!(game("1. e4 *", 1).is_err());
    }

    #[test]
    fn the_menu_names_the_players_of_every_game_as_the_pgn_tags_do() {
        let text = "[White \"Anna\"]\n[Black \"Ben\"]\n[Result \"1-0\"]\n1. e4 e5 1-0\n\n1. d4 *";
        let list = game_list(text).unwrap();
        assert_eq!(
            list,
            [
                GameListing { white: "Anna".into(), black: "Ben".into(), result: "1-0".into() },
                GameListing { white: "?".into(), black: "?".into(), result: "?".into() },
            ]
        );
        assert_eq!(game_list(text).unwrap().len(), game(text, 0).unwrap().games);
        assert!(game_list("").is_err());
    }
}
