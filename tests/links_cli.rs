//! `… link` and `… open` on the command line: `open` of `link` gives back the state itself (the
//! board or pattern file byte for byte, the FEN), the fragments are the ones the core writes for
//! the pages, and a state too large for a link is refused while its file still works.

use chessboard_puzzles::lights::{self, Spec};
use chessboard_puzzles::puzzle::Puzzle;
use serde_json::Value;
use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chessboard-puzzles")).args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn ok(args: &[&str]) -> String {
    let (code, stdout, stderr) = run(args);
    assert_eq!(code, 0, "{args:?}: {stderr}");
    stdout
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&ok(&[args, &["--json"]].concat())).unwrap()
}

fn fails(args: &[&str], needle: &str) {
    let (code, stdout, stderr) = run(args);
    assert_eq!(code, 1, "{args:?} should fail: {stdout}");
    assert!(stdout.is_empty());
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(needle), "{args:?}: {stderr}");
}

fn temp_file(name: &str, text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    (dir, path.to_str().unwrap().to_string())
}

#[test]
fn lights_random_puzzle_opens_as_its_pattern_file() {
    let size = ["--rows", "6", "--cols", "7", "--seed", "7", "--rule", "king", "--states", "3"];
    let file = ok(&[&["lights-out", "random"][..], &size].concat());
    let link = ok(&[&["lights-out", "link"][..], &size].concat());
    let link = link.trim_end();
    // The fragment the page writes for this puzzle, through the same core function.
    let spec = Spec { rows: 6, cols: 7, rule: lights::Rule::King, torus: false, states: 3 };
    let game = lights::Game::random(&spec, 7).unwrap();
    assert_eq!(link, format!("#{}", lights::io::link::link_for(&game).unwrap()));
    assert_eq!(ok(&["lights-out", "open", link]), file);
    let v = json(&["lights-out", "open", link]);
    assert_eq!((v["rule"].as_str(), v["states"].as_u64(), v["seed"].as_u64()), (Some("king"), Some(3), Some(7)));
    // A whole link, with --base, opens too.
    let whole = ok(&[&["lights-out", "link", "--base", "https://example.org/lights.html"][..], &size].concat());
    assert!(whole.starts_with("https://example.org/lights.html#lights/v2/"), "{whole}");
    assert_eq!(ok(&["lights-out", "open", whole.trim_end()]), file);
}

#[test]
fn lights_edited_pattern_with_its_seed_round_trips_byte_for_byte() {
    let random = ok(&["lights-out", "random", "--rows", "40", "--cols", "50", "--seed", "11"]);
    // Edit three lights of the seeded puzzle.
    let mut bytes = random.into_bytes();
    for i in [0, 777, 2000] {
        bytes[i] = if bytes[i] == b'0' { b'1' } else { b'0' };
    }
    let edited = String::from_utf8(bytes).unwrap();
    let (_dir, path) = temp_file("edited.txt", &edited);
    let link = ok(&["lights-out", "link", "--pattern-file", &path, "--seed", "11", "--moves", "4"]);
    // Seed + three changes: far shorter than the 2,000 lights.
    assert!(link.len() < 60, "{link}");
    assert_eq!(ok(&["lights-out", "open", link.trim_end()]), edited);
    let v = json(&["lights-out", "open", link.trim_end()]);
    assert_eq!((v["seed"].as_u64(), v["moves"].as_u64()), (Some(11), Some(4)));
    // Without the seed the link holds every light; it opens to the same file.
    let plain = ok(&["lights-out", "link", "--pattern-file", &path]);
    assert_eq!(ok(&["lights-out", "open", plain.trim_end()]), edited);
    assert_eq!(json(&["lights-out", "open", plain.trim_end()])["seed"], Value::Null);
}

#[test]
fn lights_too_large_for_a_link_stays_a_file_the_cli_reads() {
    // 120×120 lights with no seed to start from: 14,400 random bits, more than a link holds.
    let spec = Spec::classic(120, 120);
    let mut game = lights::Game::random(&spec, 3).unwrap();
    game.seed = None;
    let file = lights::io::link::file_for(&game);
    let (_dir, path) = temp_file(&file.name, &file.text);
    fails(&["lights-out", "link", "--pattern-file", &path], "too large for a link");
    let v = json(&["lights-out", "solve", "--pattern-file", &path, "--summary"]);
    assert_eq!(v["solvable"], Value::Bool(true), "a random puzzle is solvable");
}

#[test]
fn devil_link_opens_as_the_board_file() {
    let file = ok(&["devil", "random", "--squares", "64", "--seed", "5"]);
    let link = ok(&["devil", "link", "--squares", "64", "--seed", "5"]);
    assert_eq!(ok(&["devil", "open", link.trim_end()]), file);
    let v = json(&["devil", "open", link.trim_end()]);
    assert_eq!((v["squares"].as_u64(), v["mode"].as_str()), (Some(64), Some("watch")));
    let game = chessboard_puzzles::devil::Game::random(&chessboard_puzzles::devil::Params { squares: 64 }, 5).unwrap();
    assert_eq!(v["key_index"].as_u64(), Some(game.key as u64));
    // The opened file is a board file the other commands read.
    let (_dir, path) = temp_file("board.txt", &file);
    ok(&["devil", "find", "--board", &path]);
}

#[test]
fn table_link_opens_to_the_same_game() {
    let link = ok(&["table", "link", "--coins", "8", "--seed", "3", "--moves", "5", "--following"]);
    let v = json(&["table", "open", link.trim_end()]);
    let params = chessboard_puzzles::table::Params::new(8, 2).unwrap();
    let kind = chessboard_puzzles::table::DevilKind::Random;
    let game = chessboard_puzzles::table::Game::new(params, kind, true, true, 3).unwrap().follow(5).unwrap().0;
    assert_eq!(v["moves"].as_u64(), Some(5));
    assert_eq!(v["seats"], serde_json::json!(game.seats));
    assert_eq!(v["faces"], serde_json::json!(game.faces()));
    assert_eq!(link.trim_end(), format!("#{}", chessboard_puzzles::puzzle::Puzzle::link(&game)));
    let text = ok(&["table", "open", link.trim_end()]);
    assert!(text.starts_with("8 coins, 2 sides, random devil, sighted, following the strategy\nmoves 5"), "{text}");
}

#[test]
fn chess_fen_and_pgn_ply_round_trip() {
    let fen = "r3k2r/pppq1ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPPQ1PPP/R3K2R b KQkq - 0 1";
    let link = ok(&["chess", "link", "--fen", fen]);
    assert_eq!(ok(&["chess", "open", link.trim_end()]).trim_end(), fen);
    let (_dir, path) = temp_file("g.pgn", "[Event \"t\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n");
    let link = ok(&["chess", "link", "--pgn", &path, "--ply", "2"]);
    // After 1. e4 e5 (the published FEN has "e6 0 2": an en-passant square no pawn can take, and
    // the move counters, which a position link does not keep).
    let opened = ok(&["chess", "open", link.trim_end()]);
    assert!(opened.starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - "), "{opened}");
    let end = json(&["chess", "open", ok(&["chess", "link", "--pgn", &path]).trim_end()]);
    assert!(end["fen"].as_str().unwrap().starts_with("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -"));
    fails(&["chess", "link", "--pgn", &path, "--ply", "5"], "--ply 5");
    fails(&["chess", "link", "--pgn", &path, "--game", "2"], "--game 2");
}

#[test]
fn bad_links_are_one_line_errors() {
    fails(&["lights-out", "open", "#lights/v9/AAAA"], "version 9");
    fails(&["lights-out", "open", "#lights/v2/<img src=x onerror=alert(1)>"], "garbled");
    fails(&["devil", "open", "#lights/v2/AAAA"], "not for 'devil'");
    fails(&["table", "open", "table/v1/AA"], "truncated");
    fails(&["chess", "open", "https://example.org/chess.html#chess/v2/@@"], "garbled");
    // A newer link than this build reads: said so, in words that fit a terminal.
    for (puzzle, link, reads) in [
        ("chess", "#chess/v3/AAAA", "versions this build reads (1 and 2)"),
        ("lights-out", "#lights/v3/AAAA", "versions this build reads (1 and 2)"),
        ("devil", "#devil/v3/AAAA", "versions this build reads (1 and 2)"),
        ("table", "#table/v2/AAAA", "version this build reads (1)"),
    ] {
        let (_, _, stderr) = run(&[puzzle, "open", link]);
        assert!(stderr.contains(&format!("newer than the {reads}")), "{stderr}");
        assert!(!stderr.contains("page"), "{stderr}");
    }
}

/// The v1 link, made before the position code changed: 1.e4.
const E4_V1: &str = "#chess/v1/zqhRHOAiZA8ayjMQQsEv4JhdpdA";
const E4_FEN: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

fn run_with_stdin(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessboard-puzzles"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    // The command may refuse before reading everything: a closed pipe is not a test failure.
    let _ = pipe.write_all(stdin);
    drop(pipe);
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn chess_v1_link_opens() {
    assert_eq!(ok(&["chess", "open", E4_V1]), format!("{E4_FEN}\n"));
    assert_eq!(json(&["chess", "open", E4_V1])["fen"], E4_FEN);
}

#[test]
fn open_reads_the_link_from_stdin_or_a_file() {
    let (code, stdout, stderr) = run_with_stdin(&["chess", "open", "-"], format!("{E4_V1}\n").as_bytes());
    assert_eq!((code, stdout.as_str(), stderr.as_str()), (0, format!("{E4_FEN}\n").as_str(), ""));
    // A whole link wrapped over lines by a mail program, from a file.
    let (_dir, path) =
        temp_file("link.txt", "https://example.org/chess.html#chess/v1/zqhRHOAiZA8a\r\n  yjMQQsEv4JhdpdA\n");
    assert_eq!(ok(&["chess", "open", "--link-file", &path]), format!("{E4_FEN}\n"));

    // A link longer than a command line may be (Linux: 128 KiB for one argument): a 400×400
    // board of every light, written by the core as the pages write it, opens from a file and
    // from stdin to the same pattern file.
    let spec = Spec::classic(400, 400);
    let mut game = lights::Game::random(&spec, 9).unwrap();
    game.seed = None;
    let payload = lights::io::link::encode(&game);
    let link = format!("#lights/v2/{payload}");
    let file = lights::io::link::file_for(&game).text;
    let (_dir, path) = temp_file("long-link.txt", &link);
    assert!(link.len() > 20_000, "{}", link.len());
    assert_eq!(ok(&["lights-out", "open", "--link-file", &path]), file);
    let (code, stdout, stderr) = run_with_stdin(&["lights-out", "open", "-"], link.as_bytes());
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert_eq!(stdout, file);

    fails(&["chess", "open", "--link-file", "/nonexistent/link.txt"], "no such file");
    let (code, _, stderr) = run_with_stdin(&["chess", "open", "-"], b"  \n");
    assert_eq!((code, stderr.trim_end()), (1, "error: no link: the input is empty"));
    let (code, _, stderr) = run_with_stdin(&["chess", "open", "-"], &[0xff, 0xfe]);
    assert_eq!((code, stderr.trim_end()), (1, "error: standard input is not UTF-8 text"));
    // Both a link and a file: a usage error.
    let (code, _, _) = run(&["chess", "open", E4_V1, "--link-file", &path]);
    assert_eq!(code, 2);
}

/// Standard input past the cap is refused without reading it all.
#[test]
fn open_refuses_a_huge_stdin() {
    let huge = vec![b'A'; 64 * 1024 * 1024 + 10];
    let (code, stdout, stderr) = run_with_stdin(&["chess", "open", "-"], &huge);
    assert_eq!(code, 1);
    assert!(stdout.is_empty());
    assert!(stderr.contains("larger than 67108864 bytes"), "{stderr}");
}

/// `open` reads a link of any puzzle as that puzzle's own command does.
#[test]
fn open_prints_any_puzzle_s_link_as_its_own_command() {
    let cases = [
        ("table", ok(&["table", "link", "--coins", "4", "--seed", "9"])),
        ("devil", ok(&["devil", "link", "--squares", "16", "--seed", "9"])),
        ("lights-out", ok(&["lights-out", "link", "--rows", "3", "--cols", "4", "--seed", "9"])),
        ("chess", ok(&["chess", "link", "--fen", "8/8/8/4k3/8/8/8/4K3 w - - 0 1"])),
    ];
    for (command, link) in &cases {
        let link = link.trim_end();
        assert_eq!(ok(&["open", link]), ok(&[command, "open", link]), "{link}");
        assert_eq!(json(&["open", link]), json(&[command, "open", link]), "{link}");
    }
    let (code, _, err) = run(&["open", "#sudoku/v1/abc"]);
    assert_eq!(code, 1);
    assert!(err.starts_with("error: this is not a share link of a puzzle (devil, lights,"), "{err}");
}
