//! The `devil` command line: outputs checked against the XOR definition computed here, and
//! every error case leaves the board file byte-for-byte unchanged.

use std::path::PathBuf;
use std::process::{Command, Output};

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chessboard-puzzles")).args(args).output().expect("the binary runs")
}

fn temp_board(name: &str, text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

fn xor_of_heads(text: &str) -> usize {
    text.chars()
        .filter(|c| "01HTht".contains(*c))
        .enumerate()
        .filter(|(_, c)| "1Hh".contains(*c))
        .fold(0, |a, (i, _)| a ^ i)
}

const BOARD_8X8: &str = "\
10110010
01100111
00010000
11111111
00000000
10101010
01010101
11000011
";

#[test]
fn flip_then_find_names_the_key() {
    let (_dir, path) = temp_board("board.txt", BOARD_8X8);
    let p = path.to_str().unwrap();
    let colour = xor_of_heads(BOARD_8X8);
    // c5 is column 2, rank 5 = row 3: index 26.
    let out = cli(&["devil", "flip", "--board", p, "--key", "c5", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["index"], colour ^ 26);
    let after = std::fs::read_to_string(&path).unwrap();
    assert_eq!(after.chars().zip(BOARD_8X8.chars()).filter(|(a, b)| a != b).count(), 1);
    assert_eq!(xor_of_heads(&after), 26);
    let out = cli(&["devil", "find", "--board", p, "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json, serde_json::json!({"key": "c5", "index": 26}));
    let text = String::from_utf8(cli(&["devil", "find", "--board", p]).stdout).unwrap();
    assert_eq!(text, "key c5 (index 26)\n");
}

#[test]
fn squares_by_index_and_coordinate_agree() {
    for (key, index) in [("a1", 56), ("a8", 0), ("h1", 63), ("b3", 41), ("41", 41)] {
        let (_dir, path) = temp_board("b.txt", BOARD_8X8);
        let out = cli(&["devil", "flip", "--board", path.to_str().unwrap(), "--key", key, "--json"]);
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["index"], xor_of_heads(BOARD_8X8) ^ index, "key {key}");
        assert_eq!(xor_of_heads(&std::fs::read_to_string(&path).unwrap()), index);
    }
}

#[test]
fn h_and_t_files_keep_their_alphabet() {
    let text = "H T\nT H\n";
    let (_dir, path) = temp_board("ht.txt", text);
    let out = cli(&["devil", "flip", "--board", path.to_str().unwrap(), "--key", "0"]);
    assert!(out.status.success());
    let after = std::fs::read_to_string(&path).unwrap();
    assert!(after.chars().all(|c| "HT \n".contains(c)));
    assert_eq!(xor_of_heads(&after), 0);
}

#[test]
fn errors_are_one_line_and_leave_the_file_alone() {
    let cases: &[(&str, &[&str], &str)] = &[
        ("101\n", &["--key", "0"], "power of two"),
        ("1011\n10x1\n", &["--key", "0"], "line 2, column 3"),
        (BOARD_8X8, &["--key", "64"], "off the board"),
        (BOARD_8X8, &["--key", "i1"], "off the"),
        (BOARD_8X8, &["--key", "a9"], "off the"),
        (BOARD_8X8, &["--key", "zz"], "not a square"),
        ("", &["--key", "0"], "no coins"),
    ];
    for (text, extra, expected) in cases {
        let (_dir, path) = temp_board("bad.txt", text);
        let mut args = vec!["devil", "flip", "--board", path.to_str().unwrap()];
        args.extend_from_slice(extra);
        let out = cli(&args);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(!out.status.success(), "{text:?} {extra:?}");
        assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
        assert!(stderr.contains(expected), "{stderr} should mention {expected}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), *text, "file unchanged");
    }
    let out = cli(&["devil", "find", "--board", "/nonexistent/board.txt"]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(!out.status.success());
    assert_eq!(stderr.lines().count(), 1);
    assert!(stderr.contains("cannot read"));
    let out = cli(&["devil", "flip", "--board"]);
    assert!(!out.status.success());
    assert_eq!(String::from_utf8(out.stderr).unwrap().lines().count(), 1);
}

#[test]
fn random_boards_are_reproducible_and_readable() {
    let a = cli(&["devil", "random", "--squares", "256", "--seed", "9"]);
    let b = cli(&["devil", "random", "--squares", "256", "--seed", "9"]);
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    let text = String::from_utf8(a.stdout).unwrap();
    assert_eq!(text.chars().filter(|c| *c == '0' || *c == '1').count(), 256);
    assert!(!cli(&["devil", "random", "--squares", "100"]).status.success());
}
