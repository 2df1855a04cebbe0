//! PGN import and export: tag pairs, SAN moves and the result. Comments (`{…}`, `;…`),
//! variations (`(…)`), NAGs (`$n`), move numbers and escape lines (`%…`) are read and skipped.

use crate::chess::rules::position::Position;
use crate::chess::rules::san::{parse_san, san};
use crate::{bail, Result};
use cozy_chess::{Color, Move};

/// One game: its tags, start position, moves and result (`1-0`, `0-1`, `1/2-1/2` or `*`).
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    pub tags: Vec<(String, String)>,
    pub start: Position,
    pub moves: Vec<Move>,
    pub result: String,
}

impl Game {
    pub fn new(start: Position, moves: Vec<Move>) -> Game {
        Game { tags: Vec::new(), start, moves, result: "*".into() }
    }

    pub fn tag(&self, key: &str) -> Option<&str> {
        tag_in(&self.tags, key)
    }

    /// Every position of the game, the start first and the final position last.
    pub fn positions(&self) -> Vec<Position> {
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        let mut pos = self.start.clone();
        for &m in &self.moves {
            let next = pos.play_unchecked(m);
            out.push(pos);
            pos = next;
        }
        out.push(pos);
        out
    }

    /// SAN of every move.
    pub fn sans(&self) -> Vec<String> {
        let mut pos = self.start.clone();
        self.moves
            .iter()
            .map(|&m| {
                let s = san(&pos, m);
                pos = pos.play_unchecked(m);
                s
            })
            .collect()
    }

    /// The game as PGN text.
    pub fn to_pgn(&self) -> String {
        let mut out = String::new();
        let mut tags = self.tags.clone();
        let start_fen = self.start.to_fen();
        if self.start != Position::start() && !tags.iter().any(|(k, _)| k == "FEN") {
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), start_fen));
        }
        for (k, v) in &tags {
            let v = v.replace('\\', "\\\\").replace('"', "\\\"");
            out.push_str(&format!("[{k} \"{v}\"]\n"));
        }
        if !tags.is_empty() {
            out.push('\n');
        }
        let mut words = Vec::new();
        let mut number = self.start.fullmove_number() as usize;
        let mut white = self.start.side_to_move() == Color::White;
        for (i, s) in self.sans().into_iter().enumerate() {
            if white {
                words.push(format!("{number}."));
            } else if i == 0 {
                words.push(format!("{number}..."));
            }
            words.push(s);
            if !white {
                number += 1;
            }
            white = !white;
        }
        words.push(self.result.clone());
        let mut line = String::new();
        for w in words {
            if !line.is_empty() && line.len() + 1 + w.len() > 79 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&w);
        }
        out.push_str(&line);
        out.push('\n');
        out
    }
}

enum Token {
    Tag(String, String),
    Word(String),
    Result(String),
}

fn tokenize(text: &str) -> Result<Vec<(Token, usize)>> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let mut line = 1;
    let mut at_line_start = true;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            at_line_start = true;
            i += 1;
            continue;
        }
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let line_start = at_line_start;
        at_line_start = false;
        match c {
            '%' if line_start => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            ';' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '{' => {
                let open = line;
                while i < chars.len() && chars[i] != '}' {
                    if chars[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
                if i >= chars.len() {
                    bail!("PGN line {open}: comment '{{' is never closed");
                }
                i += 1;
            }
            '(' => {
                let open = line;
                let mut depth = 0;
                loop {
                    if i >= chars.len() {
                        bail!("PGN line {open}: variation '(' is never closed");
                    }
                    match chars[i] {
                        '(' => depth += 1,
                        ')' => depth -= 1,
                        '\n' => line += 1,
                        '{' => {
                            while i < chars.len() && chars[i] != '}' {
                                i += 1;
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                    if depth == 0 {
                        break;
                    }
                }
            }
            ')' => bail!("PGN line {line}: ')' without '('"),
            '[' => {
                let start = i;
                i += 1;
                let mut key = String::new();
                while i < chars.len() && !chars[i].is_whitespace() && chars[i] != '"' && chars[i] != ']' {
                    key.push(chars[i]);
                    i += 1;
                }
                while i < chars.len() && chars[i] == ' ' {
                    i += 1;
                }
                if i >= chars.len() || chars[i] != '"' || key.is_empty() {
                    bail!("PGN line {line}: bad tag (expected [Name \"value\"])");
                }
                i += 1;
                let mut value = String::new();
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '\\' && i + 1 < chars.len() {
                        i += 1;
                    }
                    if chars[i] == '\n' {
                        bail!("PGN line {line}: tag value is not closed");
                    }
                    value.push(chars[i]);
                    i += 1;
                }
                i += 1;
                while i < chars.len() && chars[i] == ' ' {
                    i += 1;
                }
                if i >= chars.len() || chars[i] != ']' {
                    let _ = start;
                    bail!("PGN line {line}: tag [{key} …] is not closed with ']'");
                }
                i += 1;
                out.push((Token::Tag(key, value), line));
            }
            _ => {
                let mut word = String::new();
                while i < chars.len() && !chars[i].is_whitespace() && !"{}()[];".contains(chars[i]) {
                    word.push(chars[i]);
                    i += 1;
                }
                if word.is_empty() {
                    bail!("PGN line {line}: unexpected '{c}'");
                }
                if matches!(word.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
                    out.push((Token::Result(word), line));
                } else {
                    // Strip move numbers ("12." "12..." or "12.e4"), NAGs and annotation glyphs.
                    let w = word.trim_start_matches(|c: char| c.is_ascii_digit());
                    let w = if w.len() < word.len() { w.trim_start_matches('.') } else { &word };
                    if w.is_empty() || w.starts_with('$') || w == "e.p." || w.chars().all(|c| "!?".contains(c)) {
                        continue;
                    }
                    if w.len() < word.len() && w.is_empty() {
                        continue;
                    }
                    out.push((Token::Word(w.to_string()), line));
                }
            }
        }
    }
    Ok(out)
}

/// The longest game any face reads: every game code stores at most this many plies, so the
/// parser refuses longer games up front, with one message for the page and the CLI alike.
pub const MAX_PLIES: usize = 20_000;

/// Largest PGN text read: about 16,000 ordinary games, or one game of 20,000 plies many times
/// over; parsing takes about ten times the text in memory, so a bigger file is refused unread.
pub const MAX_PGN_BYTES: u64 = 16 << 20;

/// One game of a PGN text as written: its tags, its move words with their line numbers, and
/// its result ("*" when none is written).
struct RawGame {
    tags: Vec<(String, String)>,
    words: Vec<(String, usize)>,
    result: String,
}

impl RawGame {
    /// A game with nothing read yet.
    fn new() -> Self {
        RawGame { tags: Vec::new(), words: Vec::new(), result: "*".into() }
    }
}

/// Splits a PGN text into its games without playing the moves. A game ends at a result token,
/// or where a tag follows its moves; a result with nothing before it is an empty game.
fn split_games(text: &str) -> Result<Vec<RawGame>> {
    if text.len() as u64 > MAX_PGN_BYTES {
        bail!("a PGN text is at most {MAX_PGN_BYTES} bytes; this one has {}", text.len());
    }
    let mut games = Vec::new();
    let mut game = RawGame::new();
    for (tok, line) in tokenize(text)? {
        match tok {
            Token::Tag(k, v) => {
                if !game.words.is_empty() {
                    games.push(std::mem::replace(&mut game, RawGame::new()));
                }
                game.tags.push((k, v));
            }
            Token::Word(w) => game.words.push((w, line)),
            Token::Result(r) => {
                game.result = r;
                games.push(std::mem::replace(&mut game, RawGame::new()));
            }
        }
    }
    if !game.words.is_empty() || !game.tags.is_empty() {
        games.push(game);
    }
    if games.is_empty() {
        bail!("no game found in the PGN text");
    }
    Ok(games)
}

/// The tags of every game of a PGN text, read without playing the moves: what a menu of the
/// games needs, for a small part of the cost of [`parse_pgn`] (which checks every move, as it
/// must when a game is opened).
pub fn game_tags(text: &str) -> Result<Vec<Vec<(String, String)>>> {
    Ok(split_games(text)?.into_iter().map(|g| g.tags).collect())
}

/// Reads every game of a PGN text. Fails with the game number, line and move on any bad move,
/// and on a game longer than [`MAX_PLIES`].
pub fn parse_pgn(text: &str) -> Result<Vec<Game>> {
    let raw = split_games(text)?;
    let mut games = Vec::with_capacity(raw.len());
    for (n, RawGame { tags, words, result }) in raw.into_iter().enumerate().map(|(i, g)| (i + 1, g)) {
        let start = match start_of(&tags) {
            Ok(p) => p,
            Err(e) => bail!("PGN game {n}: bad FEN tag: {e}"),
        };
        let mut pos = start.clone();
        let mut moves = Vec::with_capacity(words.len().min(MAX_PLIES));
        for (w, line) in words {
            if moves.len() == MAX_PLIES {
                bail!("PGN game {n} is longer than {MAX_PLIES} plies, the most a game code stores");
            }
            let mv = match parse_san(&pos, &w) {
                Ok(m) => m,
                Err(e) => bail!("PGN game {n}, line {line}: {}", e.message()),
            };
            pos = pos.play_unchecked(mv);
            moves.push(mv);
        }
        games.push(Game { tags, start, moves, result });
    }
    Ok(games)
}

fn start_of(tags: &[(String, String)]) -> Result<Position> {
    match tag_in(tags, "FEN") {
        Some(fen) => Position::from_fen(fen),
        None => Ok(Position::start()),
    }
}

/// The value of the first tag `key` of a game's `tags` (as PGN readers take it).
pub fn tag_in<'a>(tags: &'a [(String, String)], key: &str) -> Option<&'a str> {
    tags.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

/// The whole list of games as one PGN text.
pub fn to_pgn(games: &[Game]) -> String {
    games.iter().map(Game::to_pgn).collect::<Vec<_>>().join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Knights out and back: four plies that return to the start, so any multiple of four is legal.
    fn shuffle(plies: usize) -> String {
        let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
        (0..plies).map(|i| cycle[i % 4]).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn the_longest_game_reads_and_one_ply_more_is_refused() {
        let games = parse_pgn(&shuffle(MAX_PLIES)).unwrap();
        assert_eq!(games[0].moves.len(), MAX_PLIES);
        let err = parse_pgn(&format!("{} Nf3", shuffle(MAX_PLIES))).unwrap_err();
        assert!(err.message().contains("longer than 20000 plies"), "{}", err.message());
        assert!(!err.message().contains('\n'));
    }

    #[test]
    fn games_are_split_at_results_and_where_tags_follow_moves() {
        let tags = |text: &str| game_tags(text).unwrap();
        let white = |name: &str| vec![("White".to_string(), name.to_string())];
        assert_eq!(tags("1. e4 e5"), [vec![]]);
        assert_eq!(tags("1-0"), [vec![]]);
        assert_eq!(tags("[White \"A\"]"), [white("A")]);
        assert_eq!(tags("[White \"A\"] 1. e4 [White \"B\"] 1. d4 0-1"), [white("A"), white("B")]);
        assert_eq!(tags("[White \"A\"] 1-0 [White \"B\"] 1/2-1/2 1. e4 *"), [white("A"), white("B"), vec![]]);
        assert_eq!(tags("1. e4 1-0 1-0 [White \"C\"]"), [vec![], vec![], white("C")]);
        assert!(game_tags("  ").is_err() && parse_pgn("  ").is_err());
        // The games parse_pgn plays are the ones game_tags lists.
        let games = parse_pgn("[White \"A\"] 1. e4 [White \"B\"] 1. d4 0-1").unwrap();
        assert_eq!((games[0].moves.len(), games[0].result.as_str(), games[1].result.as_str()), (1, "*", "0-1"));
    }

    #[test]
    fn the_sample_files_list_one_game_per_event_tag() {
        for text in [
            include_str!("../../../tests/data/lichess-2025-05-blitz-sample.pgn"),
            include_str!("../../../www/data/chess-sample.pgn"),
        ] {
            let events = text.lines().filter(|l| l.starts_with("[Event ")).count();
            assert_eq!(game_tags(text).unwrap().len(), events);
            assert_eq!(parse_pgn(text).unwrap().len(), events);
        }
    }
}
