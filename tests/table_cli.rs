//! `chessboard-puzzles table …` end to end: the JSON shapes, the notebook's figures, a search's
//! strategy fed back to the verifier through a file, streaming into a closed pipe, bad input.

use serde_json::Value;
use std::io::Read;
use std::process::{Command, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_chessboard-puzzles"))
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = bin().args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn json(args: &[&str]) -> Value {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    assert_eq!(out.lines().count(), 1, "one JSON object: {out}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn search_shapes_and_the_notebook_lengths() {
    // The notebook: lengths 1, 3, 15 for N = 1, 2, 4; none for 3, 5, 6, 7; 255 for 8.
    let expected = [Some(1), Some(3), None, Some(15), None, None, None, Some(255)];
    for (n, want) in (1..=8).zip(expected) {
        let v = json(&["table", "search", "--coins", &n.to_string(), "--json"]);
        let keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
        assert_eq!(keys, ["belief_states", "coins", "length", "sides", "winning"]);
        assert_eq!(v["coins"], n);
        assert_eq!(v["sides"], 2);
        assert_eq!(v["winning"], want.is_some());
        assert_eq!(v["length"], want.map_or(Value::Null, Value::from));
        assert!(v["belief_states"].as_u64().unwrap() >= 1);
    }
    // σ > 2, against the theorem and the lower bound σ^N − 1.
    let v = json(&["table", "search", "--coins", "3", "--sides", "3", "--json"]);
    assert_eq!((v["winning"].clone(), v["length"].clone()), (Value::from(true), Value::from(26)));
    let v = json(&["table", "search", "--coins", "2", "--sides", "4", "--json"]);
    assert_eq!(v["length"], 15);
    let v = json(&["table", "search", "--coins", "2", "--sides", "6", "--json"]);
    assert_eq!(v["winning"], false);
}

#[test]
fn a_searched_strategy_verifies_from_a_file_and_a_cut_one_does_not() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, _) = run(&["table", "search", "--coins", "8", "--moves"]);
    assert_eq!(code, 0);
    let moves: Vec<&str> = out.lines().skip(1).collect();
    assert_eq!(moves.len(), 255);
    let full = dir.path().join("full.txt");
    std::fs::write(&full, moves.join("\n")).unwrap();
    let v = json(&["table", "verify", "--coins", "8", "--strategy", full.to_str().unwrap(), "--json"]);
    assert_eq!(v, serde_json::json!({"valid": true, "length": 255, "method": "exact"}));
    let cut = dir.path().join("cut.txt");
    std::fs::write(&cut, moves[..254].join("\n")).unwrap();
    let v = json(&["table", "verify", "--coins", "8", "--strategy", cut.to_str().unwrap(), "--json"]);
    assert_eq!(v["valid"], false);
    // The printed recursive strategy for 4 coins is the notebook's list of 15 moves.
    let (_, out, _) = run(&["table", "strategy", "--coins", "4"]);
    let letters: Vec<String> = out
        .lines()
        .map(|l| {
            let p: Vec<usize> = l.split(' ').map(|x| x.parse().unwrap()).collect();
            (0..4).map(|i| if p.contains(&i) { 'F' } else { 'L' }).collect()
        })
        .collect();
    let notebook = "FFFF FLFL FFFF FFLL FFFF FLFL FFFF FLLL FFFF FLFL FFFF FFLL FFFF FLFL FFFF";
    assert_eq!(letters.join(" "), notebook);
}

#[test]
fn the_recursive_strategy_verifies_for_sixteen_coins() {
    let v = json(&["table", "verify", "--coins", "16", "--strategy", "recursive", "--json"]);
    assert_eq!(v, serde_json::json!({"valid": true, "length": 65535, "method": "exact"}));
    let v = json(&["table", "verify", "--coins", "9", "--sides", "3", "--strategy", "recursive", "--json"]);
    assert_eq!(v["length"], 19682);
    assert_eq!(v["valid"], true);
}

#[test]
fn strategy_streams_into_a_closed_pipe() {
    let mut child = bin()
        .args(["table", "strategy", "--coins", "32"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 200];
    stdout.read_exact(&mut first).unwrap();
    let text = String::from_utf8_lossy(&first);
    // Move 1 flips all 32 coins; move 2 every other coin.
    let all: Vec<String> = (0..32).map(|i| i.to_string()).collect();
    assert!(text.starts_with(&format!("{}\n", all.join(" "))));
    drop(stdout);
    let status = child.wait().unwrap();
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    assert!(!err.contains("panicked"), "{err}");
    assert!(status.success() || status.code().is_some(), "killed by a signal: {status:?}");
    // A window far into the strategy: the middle move of 2^32 − 1 flips only coin 0.
    let (code, out, _) = run(&["table", "strategy", "--coins", "32", "--from", "2147483647", "--count", "1"]);
    assert_eq!((code, out.as_str()), (0, "0\n"));
}

#[test]
fn bad_input_is_one_line_and_non_zero() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "0 1\n0 9\n").unwrap();
    let cases: Vec<Vec<String>> = vec![
        vec!["search", "--coins", "0"],
        vec!["search", "--coins", "65"],
        vec!["search", "--coins", "4", "--sides", "7"],
        vec!["search", "--coins", "12"],
        vec!["verify", "--coins", "6", "--strategy", "recursive"],
        vec!["verify", "--coins", "4", "--strategy", "/no/such/file"],
        vec!["verify", "--coins", "4", "--strategy", bad.to_str().unwrap()],
        vec!["verify", "--coins", "20", "--strategy", "recursive"],
        vec!["strategy", "--coins", "6"],
        vec!["strategy", "--coins", "4", "--from", "16"],
        vec!["strategy", "--coins", "abc"],
    ]
    .into_iter()
    .map(|v| std::iter::once("table").chain(v).map(String::from).collect())
    .collect();
    for args in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, out, err) = run(&args);
        assert_ne!(code, 0, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
    let (_, _, err) = run(&["table", "verify", "--coins", "4", "--strategy", bad.to_str().unwrap()]);
    assert!(err.contains("line 2") && err.contains("position 9"), "{err}");
}
