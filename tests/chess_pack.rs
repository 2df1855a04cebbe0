//! `chess pack` / `chess unpack` end to end through the binary: the round trip checked against
//! the input as read here by a small reader of our own (tags, SAN words, comments, NAGs,
//! variations, results — never the program's own parser), refused games and their numbers,
//! corrupt and truncated files, the format version, and `--out` keeping a file on failure.

use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_chessboard-puzzles");

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(BIN).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

/// A game as the canonical form sees it: its tags in order, then its movetext as tokens — SAN
/// moves (with no check marks' or glyphs' variants: the text as written minus a trailing
/// glyph), comments, variations, NAGs, glyphs and escape lines verbatim — and its result (`*`
/// when none is written). Move numbers are notation and are left out.
#[derive(Debug, PartialEq)]
struct Canonical {
    tags: Vec<(String, String)>,
    tokens: Vec<String>,
    result: String,
}

/// Reads PGN text into canonical games, independently of the program's parser. A game ends at
/// its result, or where a tag follows its moves; tokens after a result, before the next tags,
/// stay with the game they follow.
fn canonical(text: &str) -> Vec<Canonical> {
    let chars: Vec<char> = text.chars().collect();
    let mut games: Vec<Canonical> = Vec::new();
    let new = || Canonical { tags: vec![], tokens: vec![], result: "*".into() };
    let mut game = new();
    let (mut i, mut line_start, mut ended, mut has_moves) = (0, true, false, false);
    let finish = |game: &mut Canonical, games: &mut Vec<Canonical>| games.push(std::mem::replace(game, new()));
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            line_start = c == '\n';
            i += 1;
            continue;
        }
        let start = i;
        let token: String = match c {
            '%' if line_start => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                chars[start..i].iter().collect()
            }
            ';' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                chars[start..i].iter().collect()
            }
            '{' => {
                while chars[i] != '}' {
                    i += 1;
                }
                i += 1;
                chars[start..i].iter().collect()
            }
            '(' => {
                let mut depth = 0;
                loop {
                    match chars[i] {
                        '(' => depth += 1,
                        ')' => depth -= 1,
                        '{' => {
                            while chars[i] != '}' {
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
                chars[start..i].iter().collect()
            }
            '[' => {
                let close = (i..chars.len()).find(|&k| chars[k] == '\n').unwrap_or(chars.len());
                let tag: String = chars[i + 1..close].iter().collect();
                let tag = tag.trim_end().strip_suffix(']').unwrap();
                let (name, value) = tag.split_once(' ').unwrap();
                let value = value.trim().strip_prefix('"').unwrap().strip_suffix('"').unwrap();
                if has_moves || ended {
                    if !ended {
                        finish(&mut game, &mut games);
                    }
                    game = new();
                    (ended, has_moves) = (false, false);
                }
                game.tags.push((name.to_string(), value.replace("\\\"", "\"").replace("\\\\", "\\")));
                i = close;
                line_start = false;
                continue;
            }
            _ => {
                while i < chars.len() && !chars[i].is_whitespace() && !"{}();[".contains(chars[i]) {
                    i += 1;
                }
                chars[start..i].iter().collect()
            }
        };
        line_start = false;
        let word = token.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start_matches('.');
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&token.as_str()) {
            game.result = token;
            finish(&mut game, &mut games);
            (ended, has_moves) = (true, false);
            continue;
        }
        if word.is_empty() {
            continue;
        }
        let target = if ended && game.tags.is_empty() && game.tokens.is_empty() {
            &mut games.last_mut().unwrap().tokens
        } else {
            &mut game.tokens
        };
        let san = word.trim_end_matches(['!', '?']);
        if !san.is_empty() {
            target.push(san.to_string());
            if !word.starts_with(['{', '(', ';', '%', '$']) {
                has_moves = true;
            }
        }
        if san.len() < word.len() {
            target.push(word[san.len()..].to_string());
        }
    }
    if !game.tags.is_empty() || !game.tokens.is_empty() {
        games.push(game);
    }
    games
}

/// Packs `pgn` and unpacks it again; the PGN that comes back.
fn round_trip(pgn: &Path) -> String {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("games.pack");
    let (code, out, err) = run(&["chess", "pack", pgn.to_str().unwrap(), "--out", pack.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("packed "), "{out}");
    assert!(err.is_empty(), "no progress bar when standard error is a pipe: {err:?}");
    let (code, back, err) = run(&["chess", "unpack", pack.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    back
}

#[test]
fn the_blitz_sample_comes_back_with_every_tag_move_comment_and_result() {
    let path = data("lichess-2025-05-blitz-sample.pgn");
    let input = std::fs::read_to_string(&path).unwrap();
    let want = canonical(&input);
    assert_eq!(want.len(), input.matches("[Event ").count());
    let got = canonical(&round_trip(&path));
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "game {}", i + 1);
    }
    // The clocks are all there: one comment a move.
    let comments = |gs: &[Canonical]| gs.iter().flat_map(|g| &g.tokens).filter(|t| t.starts_with('{')).count();
    assert_eq!(comments(&got), input.matches("[%clk").count());
}

/// Everything the canonical form keeps, in one file: a set-up start with Black to move (a
/// promotion with check, queenside castling), a comment before the first move and after the result, NAGs, glyphs on moves and alone,
/// nested variations with comments, a `;` comment, an escape line, escaped quotes in a tag,
/// a game with no result, one with no moves.
const EDGE_CASES: &str = r#"% an escape line before the games
[Event "Edge \"cases\" \\ one"]
[Site "?"]
[SetUp "1"]
[FEN "r3k2r/8/8/8/8/8/1p6/4K2R b Kkq - 3 41"]

{ Black to move } 41... b1=Q+ $18 42. Ke2!? O-O-O ; a rest-of-line comment
43. Rxh8 (43. Rf1 { side line } (43. Rh2?) Qb5+) 43... Rxh8 1/2-1/2 { after the result }

[Event "Two"]
[Round "2.1"]
1. e4 e5 $1 2. Nf3 !! Nc6 ?

[Event "No moves"]
*
"#;

#[test]
fn comments_variations_nags_and_set_up_starts_come_back() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("edge.pgn");
    std::fs::write(&pgn, EDGE_CASES).unwrap();
    let want = canonical(EDGE_CASES);
    assert_eq!(want.len(), 3);
    assert_eq!(want[0].tokens.first().map(String::as_str), Some("% an escape line before the games"));
    assert!(want[0].tokens.contains(&"(43. Rf1 { side line } (43. Rh2?) Qb5+)".to_string()), "{:?}", want[0].tokens);
    let back = round_trip(&pgn);
    assert_eq!(canonical(&back), want, "{back}");
    // Unpacking what was unpacked and packed again gives the same text: a fixed point.
    let again = dir.path().join("again.pgn");
    std::fs::write(&again, &back).unwrap();
    assert_eq!(round_trip(&again), back);
}

#[test]
fn a_byte_order_mark_is_not_a_move_and_json_needs_out() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("bom.pgn");
    std::fs::write(&pgn, "\u{feff}[Event \"BOM\"]\n\n1. d4 d5 1/2-1/2\n").unwrap();
    assert_eq!(canonical(&round_trip(&pgn)), canonical("[Event \"BOM\"]\n\n1. d4 d5 1/2-1/2\n"));
    let pack = dir.path().join("bom.pack");
    let (code, _, err) = run(&["chess", "unpack", pack.to_str().unwrap(), "--json"]);
    assert_eq!((code, err.trim()), (1, "error: --json needs --out: without it, standard output is the PGN"));
}

#[test]
fn games_that_cannot_be_packed_are_named_by_number_and_the_rest_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("mixed.pgn");
    let text = "[White \"A\"]\n\n1. e4 e5 1-0\n\n\
                [White \"B\"]\n\n1. e4 e5 2. Ke3 1-0\n\n\
                [White \"C\"]\n\n1. d4 0-1\n\n\
                [White \"D\"]\n[Variant \"Chess960\"]\n\n1. e4 *\n\n\
                [White \"E\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*\n\n\
                [White \"F\"]\n\n1. Nf3 { unclosed ( } 1/2-1/2\n";
    std::fs::write(&pgn, text).unwrap();
    let pack = dir.path().join("mixed.pack");
    let (code, out, err) = run(&["chess", "pack", pgn.to_str().unwrap(), "--out", pack.to_str().unwrap(), "--json"]);
    assert_eq!(code, 4, "{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(lines[0].starts_with("refused: game 2, line 7:") && lines[0].contains("Ke3"), "{err}");
    assert!(lines[1].starts_with("refused: game 4, line 13:") && lines[1].contains("Chess960"), "{err}");
    assert!(lines[2].starts_with("refused: game 5, line 18:") && lines[2].contains("FEN"), "{err}");
    let json: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(json["games"], 3);
    assert_eq!(
        json["refused"].as_array().unwrap().iter().map(|r| r["game"].as_u64().unwrap()).collect::<Vec<_>>(),
        [2, 4, 5]
    );
    let (code, back, err) = run(&["chess", "unpack", pack.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let names: Vec<String> = canonical(&back).into_iter().map(|g| g.tags[0].1.clone()).collect();
    assert_eq!(names, ["A", "C", "F"]);
}

/// A small valid pack file's bytes.
fn small_pack(dir: &Path) -> Vec<u8> {
    let pgn = dir.join("small.pgn");
    std::fs::write(&pgn, EDGE_CASES).unwrap();
    let pack = dir.join("small.pack");
    let (code, _, err) = run(&["chess", "pack", pgn.to_str().unwrap(), "--out", pack.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    std::fs::read(&pack).unwrap()
}

fn unpack_fails(bytes: &[u8], dir: &Path, want: &str) {
    let path = dir.join("bad.pack");
    std::fs::write(&path, bytes).unwrap();
    let (code, out, err) =
        run(&["chess", "unpack", path.to_str().unwrap(), "--out", dir.join("x.pgn").to_str().unwrap()]);
    assert_eq!(code, 1, "{} bytes: {err}", bytes.len());
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(want), "{} bytes: {err} lacks {want}", bytes.len());
    assert!(!dir.join("x.pgn").exists(), "nothing is written from a bad file");
}

/// A pack file's games as `unpack` writes them, or the decoder's error: the sweeps below call
/// the library's reader in-process (a process per corrupt copy took 14 s of the suite), and
/// `unpack_fails` checks through the binary that such an error reaches the user as one line.
fn unpacked(bytes: &[u8]) -> Result<String, String> {
    use chessboard_puzzles::chess::pack::Reader;
    let mut reader = Reader::new(bytes).map_err(|e| format!("{e:#}"))?;
    let mut texts = Vec::new();
    while let Some(block) = reader.next_block().map_err(|e| format!("{e:#}"))? {
        texts.extend(block.iter().map(|g| g.to_pgn()));
    }
    Ok(texts.join("\n"))
}

#[test]
fn truncated_corrupt_and_newer_files_are_refused_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let good = small_pack(dir.path());
    // Through the binary: the exit code, one line, nothing written.
    for cut in [0, 5, 8, 9, good.len() / 2, good.len() - 1] {
        let want = if cut < 8 { "not a chess pack file" } else { "" };
        unpack_fails(&good[..cut], dir.path(), want);
    }
    let mut newer = good.clone();
    newer[8] = 2;
    unpack_fails(&newer, dir.path(), "has format version 2; this build reads up to version 1");
    let mut extra = good.clone();
    extra.push(0);
    unpack_fails(&extra, dir.path(), "bytes follow its end mark");
    unpack_fails(b"[Event \"a PGN file\"]\n", dir.path(), "not a chess pack file");
    // Every cut is refused in one line.
    for cut in 0..good.len() {
        let err = unpacked(&good[..cut]).expect_err("a cut file is refused");
        assert_eq!(err.lines().count(), 1, "cut at {cut}: {err}");
    }
    // A changed byte past the header is refused in one line (zstd's checksums, the code's own
    // checks), or changes nothing (zstd frame headers have a bit decoders ignore): the games
    // never come back different.
    let path = dir.path().join("good.pack");
    std::fs::write(&path, &good).unwrap();
    let (_, want, _) = run(&["chess", "unpack", path.to_str().unwrap()]);
    assert_eq!(unpacked(&good).unwrap(), want, "the reader gives what unpack writes");
    for at in 9..good.len() {
        for bit in [0x01, 0x10, 0x80] {
            let mut bad = good.clone();
            bad[at] ^= bit;
            match unpacked(&bad) {
                Err(err) => assert_eq!(err.lines().count(), 1, "byte {at} ^ {bit}: {err}"),
                Ok(games) => assert_eq!(games, want, "byte {at} ^ {bit}"),
            }
        }
    }
}

#[test]
fn out_refuses_fifos_and_keeps_the_old_file_when_nothing_can_be_packed() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let pgn = data("lichess-2025-05-blitz-sample.pgn");
    let (code, _, err) = run(&["chess", "pack", pgn.to_str().unwrap(), "--out", fifo.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("it is a FIFO (named pipe), not a regular file; nothing written"), "{err}");
    let old = dir.path().join("old.pack");
    std::fs::write(&old, "old").unwrap();
    let empty = dir.path().join("empty.pgn");
    std::fs::write(&empty, "\n\n").unwrap();
    let (code, _, err) = run(&["chess", "pack", empty.to_str().unwrap(), "--out", old.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("no game found"), "{err}");
    assert_eq!(std::fs::read_to_string(&old).unwrap(), "old");
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names.len(), 3, "no temporary file left: {names:?}");
}
