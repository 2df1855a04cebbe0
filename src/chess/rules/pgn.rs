//! PGN import and export: tag pairs, SAN moves and the result. Comments (`{…}`, `;…`),
//! variations (`(…)`), NAGs (`$n`), annotation glyphs (`!?`) and escape lines (`%…`) are read
//! as [`Note`]s, verbatim: [`parse_pgn`] skips them, [`parse_annotated`] keeps them (the games
//! database must not lose them). Move numbers and `e.p.` are notation, rewritten on export.

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
        out.push_str(&tag_lines(&tags));
        out.push_str(&movetext(&self.start, &self.sans(), &[], &self.result));
        out
    }
}

/// The tag pairs, one a line, values escaped, and the blank line that ends them (none without tags).
fn tag_lines(tags: &[(String, String)]) -> String {
    let mut out = String::new();
    for (k, v) in tags {
        let v = v.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{k} \"{v}\"]\n"));
    }
    if !tags.is_empty() {
        out.push('\n');
    }
    out
}

/// Something kept beside the moves, verbatim as written: a comment (`{…}` or `;…`), a variation
/// (`(…)`), a NAG (`$n`), an annotation glyph (`!?`, also when written onto the move, `e4!?`)
/// or an escape line (`%…`). `ply` is the number of moves played before it; one past the last
/// move means after the result (text between a result and the next game's tags).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub ply: usize,
    pub text: String,
}

/// The movetext of a game: move numbers, SAN moves, the notes where they stand and the result,
/// wrapped before 80 columns. A `;` comment ends its line and an escape line stands on its own,
/// so the text reads back to the same notes.
pub fn movetext(start: &Position, sans: &[String], notes: &[Note], result: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    let put = |out: &mut String, line: &mut String, w: &str| {
        if w.starts_with('%') && !line.is_empty() {
            out.push_str(line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            out.push_str(line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
        if w.starts_with(';') || w.starts_with('%') {
            out.push_str(line);
            out.push('\n');
            line.clear();
        }
    };
    let mut notes = notes.iter().peekable();
    let mut number = start.fullmove_number() as usize;
    let mut white = start.side_to_move() == Color::White;
    let mut after_note = true;
    for ply in 0..=sans.len() {
        while let Some(n) = notes.next_if(|n| n.ply == ply) {
            put(&mut out, &mut line, &n.text);
            after_note = true;
        }
        let Some(s) = sans.get(ply) else { break };
        // The move number and a glyph right after the move stay on the move's line.
        let mut word = match (white, after_note) {
            (true, _) => format!("{number}. {s}"),
            (false, true) => format!("{number}... {s}"),
            (false, false) => s.clone(),
        };
        if let Some(g) = notes.next_if(|n| n.ply == ply + 1 && n.text.chars().all(|c| c == '!' || c == '?')) {
            word.push_str(&g.text);
        }
        put(&mut out, &mut line, &word);
        after_note = false;
        if !white {
            number += 1;
        }
        white = !white;
    }
    put(&mut out, &mut line, result);
    for n in notes {
        put(&mut out, &mut line, &n.text);
    }
    out.push_str(&line);
    if !line.is_empty() {
        out.push('\n');
    }
    out
}

enum Token {
    Tag(String, String),
    Word(String),
    Result(String),
    Note(String),
}

fn tokenize(text: &str, first_line: usize) -> Result<Vec<(Token, usize)>> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let mut line = first_line;
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
                let start = i;
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                out.push((Token::Note(chars[start..i].iter().collect()), line));
            }
            ';' => {
                let start = i;
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                out.push((Token::Note(chars[start..i].iter().collect()), line));
            }
            '{' => {
                let (open, start) = (line, i);
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
                out.push((Token::Note(chars[start..i].iter().collect()), open));
            }
            '(' => {
                let (open, start) = (line, i);
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
                out.push((Token::Note(chars[start..i].iter().collect()), open));
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
                    // Strip move numbers ("12." "12..." or "12.e4") and "e.p."; NAGs and
                    // annotation glyphs, alone or on the move, are notes.
                    let w = word.trim_start_matches(|c: char| c.is_ascii_digit());
                    let w = if w.len() < word.len() { w.trim_start_matches('.') } else { &word };
                    if w.is_empty() || w == "e.p." {
                        continue;
                    }
                    if w.starts_with('$') {
                        out.push((Token::Note(w.to_string()), line));
                        continue;
                    }
                    let san = w.trim_end_matches(['!', '?']);
                    if !san.is_empty() {
                        out.push((Token::Word(san.to_string()), line));
                    }
                    if san.len() < w.len() {
                        out.push((Token::Note(w[san.len()..].to_string()), line));
                    }
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
    notes: Vec<Note>,
    result: String,
    /// The line of its first tag or word, for messages about the game as a whole.
    line: usize,
}

impl RawGame {
    /// A game with nothing read yet.
    fn new() -> Self {
        RawGame { tags: Vec::new(), words: Vec::new(), notes: Vec::new(), result: "*".into(), line: 0 }
    }

    fn is_empty(&self) -> bool {
        self.words.is_empty() && self.tags.is_empty() && self.notes.is_empty()
    }
}

/// Splits a PGN text into its games without playing the moves. A game ends at a result token,
/// or where a tag follows its moves; a result with nothing before it is an empty game.
fn split_games(text: &str, first_line: usize) -> Result<Vec<RawGame>> {
    if text.len() as u64 > MAX_PGN_BYTES {
        bail!("a PGN text is at most {MAX_PGN_BYTES} bytes; this one has {}", text.len());
    }
    let mut games: Vec<RawGame> = Vec::new();
    let mut game = RawGame::new();
    let mut after_result = false;
    for (tok, line) in tokenize(text, first_line)? {
        if game.line == 0 && !matches!(tok, Token::Note(_)) {
            game.line = line;
        }
        match tok {
            Token::Tag(k, v) => {
                if !game.words.is_empty() {
                    games.push(std::mem::replace(&mut game, RawGame::new()));
                    game.line = line;
                }
                game.tags.push((k, v));
            }
            Token::Word(w) => game.words.push((w, line)),
            Token::Result(r) => {
                game.result = r;
                games.push(std::mem::replace(&mut game, RawGame::new()));
                after_result = true;
                continue;
            }
            // Between a result and the next game, a note belongs to the game it follows.
            Token::Note(text) => match games.last_mut() {
                Some(last) if after_result && game.is_empty() => {
                    last.notes.push(Note { ply: last.words.len() + 1, text });
                }
                _ => game.notes.push(Note { ply: game.words.len(), text }),
            },
        }
        after_result = false;
    }
    if !game.is_empty() {
        if game.line == 0 {
            game.line = 1;
        }
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
    Ok(split_games(text, 1)?.into_iter().map(|g| g.tags).collect())
}

/// Reads every game of a PGN text. Fails with the game number, line and move on any bad move,
/// and on a game longer than [`MAX_PLIES`].
pub fn parse_pgn(text: &str) -> Result<Vec<Game>> {
    let raw = split_games(text, 1)?;
    let mut games = Vec::with_capacity(raw.len());
    for (n, g) in raw.into_iter().enumerate() {
        games.push(play(g).map_err(|e| crate::Error::new(format!("PGN game {}, {}", n + 1, e.message())))?.game);
    }
    Ok(games)
}

/// A game with its notes (comments, variations, NAGs, glyphs, escape lines) as written.
#[derive(Clone, Debug, PartialEq)]
pub struct AnnotatedGame {
    pub game: Game,
    pub notes: Vec<Note>,
}

impl AnnotatedGame {
    /// The game as PGN text: its tags as they are (in order, none added), its movetext with
    /// the notes where they stood.
    pub fn to_pgn(&self) -> String {
        let mut out = tag_lines(&self.game.tags);
        out.push_str(&movetext(&self.game.start, &self.game.sans(), &self.notes, &self.game.result));
        out
    }
}

/// Reads every game of a PGN text whose first line is line `first_line` of its file, keeping
/// the notes; each game is read or refused on its own (a bad move refuses its game, not the
/// others), its error naming the line. Fails as a whole only where the text cannot be split into
/// games (an unclosed comment or variation, a bad tag).
pub fn parse_annotated(text: &str, first_line: usize) -> Result<Vec<Result<AnnotatedGame>>> {
    Ok(split_games(text, first_line)?.into_iter().map(play).collect())
}

/// Plays a game's moves; an error names the line but not the game, which the caller numbers.
fn play(RawGame { tags, words, notes, result, line }: RawGame) -> Result<AnnotatedGame> {
    let start = match start_of(&tags) {
        Ok(p) => p,
        Err(e) => bail!("line {line}: bad FEN tag: {e}"),
    };
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(words.len().min(MAX_PLIES));
    for (w, line) in words {
        if moves.len() == MAX_PLIES {
            bail!("line {line}: longer than {MAX_PLIES} plies, the most a game code stores");
        }
        let mv = match parse_san(&pos, &w) {
            Ok(m) => m,
            Err(e) => bail!("line {line}: {}", e.message()),
        };
        pos = pos.play_unchecked(mv);
        moves.push(mv);
    }
    Ok(AnnotatedGame { game: Game { tags, start, moves, result }, notes })
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
