//! Share links of a whole game: `#chess-game/v1/<base64url>`. A game has its own link name (not
//! `#chess/v3/`) because a position link and a game link hold different states: each keeps its
//! own version series, and the position decoder keeps refusing a game link by name.
//!
//! The payload, byte by byte:
//! - the **format byte**: bit 0 = a ply follows (absent: the game's end is shown), bits 1–4 =
//!   Event, Date, White, Black follow, bits 5–6 = the result (0 `*`, 1 `1-0`, 2 `0-1`,
//!   3 `1/2-1/2`), bit 7 = reserved for a later version (set: "made by a newer build");
//! - the ply shown, when bit 0 is set, as a LEB128 number;
//! - each tag of bits 1–4, in that order, as a LEB128 byte length and its UTF-8 text;
//! - the game's `arithmetic` code ([`GameScheme::Arithmetic`]: a start-position bit, the
//!   compact position code when the start is not the standard one, the moves), to the end.
//!
//! Every game of at most 80 plies in the sample files, lichess's tags included, is at most 200
//! characters (longest 192, mean 122; `tests/chess_game_link.rs`).

use crate::bits::from_base64url;
use crate::chess::{Game, GameScheme};
use crate::link::{self, TooLarge};
use crate::{bail, Result};

/// The link's name in the fragment.
pub const NAME: &str = "chess-game";

/// The version written.
pub const VERSION: u32 = 1;

/// The tags a link keeps, in the order of the format byte's bits 1–4 (PGN's tag order).
pub const TAGS: [&str; 4] = ["Event", "Date", "White", "Black"];

/// The results of the format byte's bits 5–6.
const RESULTS: [&str; 4] = ["*", "1-0", "0-1", "1/2-1/2"];

const PLY_BIT: u8 = 1;
const RESERVED_BIT: u8 = 0x80;

/// A game and the ply shown (0 = the start position, `moves.len()` = the end).
#[derive(Clone, Debug, PartialEq)]
pub struct GameLink {
    pub game: Game,
    pub ply: usize,
}

/// The fragment (without `#`) of a game shown at `ply` (clamped to the game's end). Tags past
/// the budget make the link [`TooLarge`].
pub fn link_for(game: &Game, ply: usize) -> Result<String, TooLarge> {
    link::make_within_budget(NAME, VERSION, &base64url(&payload(game, ply)))
}

/// The fragment of game `index` (0-based) of a PGN text at `ply`: what the page's Copy link
/// gives for a loaded game.
pub fn link_of_pgn(pgn: &str, index: usize, ply: usize) -> Result<String> {
    let games = crate::chess::parse_pgn(pgn)?;
    let Some(game) = games.get(index) else { bail!("game {} is not in the PGN: it has {}", index + 1, games.len()) };
    Ok(link_for(game, ply)?)
}

/// The fragment of every ply of a game, `[0, 1, …, moves.len()]` (`None` where the link is
/// [`TooLarge`]): what the page's address bar follows as the reader steps. The game is coded
/// once; only the format byte and the ply differ from one link to the next.
pub fn links_for_every_ply(game: &Game) -> Vec<Option<String>> {
    let parts = Parts::of(game);
    (0..=game.moves.len())
        .map(|ply| link::make_within_budget(NAME, VERSION, &base64url(&parts.payload(game.moves.len(), ply))).ok())
        .collect()
}

/// The payload bytes of [`link_for`].
pub fn payload(game: &Game, ply: usize) -> Vec<u8> {
    Parts::of(game).payload(game.moves.len(), ply)
}

/// What a game's payload is made of at any ply: the format byte without the ply bit, the tags
/// and the game code.
struct Parts {
    format: u8,
    tags: Vec<u8>,
    code: Vec<u8>,
}

impl Parts {
    fn of(game: &Game) -> Parts {
        let mut format = 0u8;
        let mut tags = Vec::new();
        for (i, key) in TAGS.iter().enumerate() {
            if let Some(value) = game.tag(key).filter(|v| !v.is_empty()) {
                format |= 2 << i;
                push_leb128(&mut tags, value.len() as u64);
                tags.extend_from_slice(value.as_bytes());
            }
        }
        let result = RESULTS.iter().position(|r| *r == game.result).unwrap_or(0);
        format |= (result as u8) << 5;
        Parts { format, tags, code: GameScheme::Arithmetic.encode(game).code.bytes }
    }

    /// The payload at `ply` (clamped to `plies`, the game's end, which is written without a ply).
    fn payload(&self, plies: usize, ply: usize) -> Vec<u8> {
        let ply = ply.min(plies);
        let mut out = vec![self.format];
        if ply != plies {
            out[0] |= PLY_BIT;
            push_leb128(&mut out, ply as u64);
        }
        out.extend_from_slice(&self.tags);
        out.extend_from_slice(&self.code);
        out
    }
}

/// The game of a fragment (with or without `#`), or a one-line reason.
pub fn from_link(fragment: &str) -> Result<GameLink> {
    let (_, text) = link::versioned_payload(fragment, NAME, &[VERSION])?;
    let bytes = from_base64url(text).map_err(link::garbled)?;
    decode(&bytes).map_err(link::truncated_or_garbled)
}

/// The game of a payload; any bytes give a game or a one-line error.
pub fn decode(bytes: &[u8]) -> Result<GameLink> {
    let mut r = Reader { bytes, at: 0 };
    let format = r.byte()?;
    if format & RESERVED_BIT != 0 {
        bail!("its format byte has a flag this build does not know (made by a newer build?)");
    }
    let ply = if format & PLY_BIT != 0 { Some(r.leb128()?) } else { None };
    let mut tags = Vec::new();
    for (i, key) in TAGS.iter().enumerate() {
        if format & (2 << i) != 0 {
            let len = usize::try_from(r.leb128()?).unwrap_or(usize::MAX);
            let text = std::str::from_utf8(r.take(len)?).map_err(|_| crate::Error::new("a tag is not UTF-8 text"))?;
            tags.push((key.to_string(), text.to_string()));
        }
    }
    let result = RESULTS[usize::from((format >> 5) & 3)].to_string();
    let mut game = GameScheme::Arithmetic.decode(&bytes[r.at..])?;
    let plies = game.moves.len();
    let ply = match ply {
        None => plies,
        Some(p) if p < plies as u64 => p as usize,
        Some(p) => bail!("it shows ply {p} of a game of {plies} plies"),
    };
    tags.push(("Result".into(), result.clone()));
    game.tags = tags;
    game.result = result;
    Ok(GameLink { game, ply })
}

fn base64url(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

fn push_leb128(out: &mut Vec<u8>, mut n: u64) {
    loop {
        let low = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(low);
            return;
        }
        out.push(low | 0x80);
    }
}

/// Reads the payload's header bytes, failing with "ends early" past the end.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8> {
        Ok(self.take(1)?[0])
    }

    fn take(&mut self, n: usize) -> Result<&[u8]> {
        if n > self.bytes.len() - self.at {
            bail!("its data ends early");
        }
        self.at += n;
        Ok(&self.bytes[self.at - n..self.at])
    }

    /// A LEB128 number of at most 4 bytes (28 bits: no ply or tag length is longer).
    fn leb128(&mut self) -> Result<u64> {
        let mut n = 0u64;
        for i in 0..4 {
            let b = self.byte()?;
            n |= u64::from(b & 0x7f) << (7 * i);
            if b & 0x80 == 0 {
                return Ok(n);
            }
        }
        bail!("a number in it is too long")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::parse_pgn;
    use proptest::prelude::*;

    const PGN: &str = "[Event \"Rated blitz game\"]\n[White \"Anna\"]\n[Black \"Bo\"]\n[Date \"2025.05.01\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n";

    #[test]
    fn round_trip_with_tags_and_ply() {
        let game = parse_pgn(PGN).unwrap().remove(0);
        for ply in 0..=6 {
            let link = link_for(&game, ply).unwrap();
            assert!(link.starts_with("chess-game/v1/"));
            let back = from_link(&format!("#{link}")).unwrap();
            assert_eq!(back.ply, ply);
            assert_eq!(back.game.moves, game.moves);
            assert_eq!(back.game.result, "1-0");
            for key in ["White", "Black", "Event", "Date", "Result"] {
                assert_eq!(back.game.tag(key), game.tag(key), "{key}");
            }
        }
    }

    #[test]
    fn bad_links_say_why() {
        let game = parse_pgn(PGN).unwrap().remove(0);
        let link = link_for(&game, 2).unwrap();
        let e = from_link(&link.replace("/v1/", "/v2/")).unwrap_err();
        assert_eq!(e.message(), "this link is version 2, newer than the version this build reads (1)");
        let whole = payload(&game, 2);
        let cut = format!("#chess-game/v1/{}", base64url(&whole[..whole.len() - 2]));
        assert!(from_link(&cut).unwrap_err().message().contains("truncated or garbled"));
        assert!(from_link("#chess/v2/AAAA").unwrap_err().message().contains("'chess'"));
        let e = decode(&[0x80]).unwrap_err();
        assert!(e.message().contains("newer build"), "{}", e.message());
        let mut past_end = payload(&game, 0);
        past_end[1] = 7; // ply 7 of a 6-ply game
        assert!(decode(&past_end).unwrap_err().message().contains("ply 7"));
    }

    #[test]
    fn every_ply_links_are_the_links_of_each_ply() {
        let game = parse_pgn(PGN).unwrap().remove(0);
        let all = links_for_every_ply(&game);
        assert_eq!(all.len(), 7);
        for (ply, l) in all.iter().enumerate() {
            assert_eq!(l.as_deref(), Some(link_for(&game, ply).unwrap().as_str()), "ply {ply}");
        }
    }

    proptest! {
        #[test]
        fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..80)) {
            let _ = decode(&bytes);
        }

        #[test]
        fn random_text_never_panics(s in "[A-Za-z0-9_-]{0,60}") {
            let _ = from_link(&format!("#chess-game/v1/{s}"));
        }
    }
}
