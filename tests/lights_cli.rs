//! The `lights-out` command line: JSON shapes, pattern input, and one-line errors.

use chessboard_puzzles::lights::{Board, Spec};
use serde_json::Value;
use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chessboard-puzzles")).args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn json(args: &[&str]) -> Value {
    let (code, stdout, stderr) = run(args);
    assert_eq!(code, 0, "{args:?}: {stderr}");
    serde_json::from_str(&stdout).unwrap()
}

/// Applies the printed presses to the board and checks that it goes dark.
fn assert_clears(board: &Board, v: &Value) {
    let mut b = board.clone();
    let presses = v["presses"].as_array().unwrap();
    assert_eq!(presses.len() as u64, v["press_count"].as_u64().unwrap());
    for p in presses {
        b.press(p[0].as_u64().unwrap() as usize, p[1].as_u64().unwrap() as usize);
    }
    assert!(b.is_dark());
}

#[test]
fn nullity_shape_and_values() {
    let v = json(&["lights-out", "nullity", "--rows", "5", "--cols", "5", "--json"]);
    assert_eq!(v, serde_json::json!({"rows": 5, "cols": 5, "nullity": 2, "rank": 23}));
    // 4×4 classic: 4; 3×3 torus (every press of a 3×3 torus lights a full row and column): 4.
    assert_eq!(json(&["lights-out", "nullity", "--rows", "4", "--cols", "4", "--json"])["nullity"], 4);
    let v = json(&["lights-out", "nullity", "--rows", "1", "--cols", "2", "--rule", "king", "--torus", "--json"]);
    assert_eq!(v["nullity"], 1);
    // Beyond the playable 4096, classic boards go by polynomials (values checked in tests/lights.rs).
    let v = json(&["lights-out", "nullity", "--rows", "100000", "--cols", "100000", "--json"]);
    assert_eq!(v["rank"].as_u64().unwrap() + v["nullity"].as_u64().unwrap(), 10_000_000_000);
    let v = json(&["lights-out", "nullity", "--rows", "2", "--cols", "2", "--states", "4", "--json"]);
    assert_eq!(v["rows"], 2);
    assert!(v["rank"].as_u64().unwrap() + v["nullity"].as_u64().unwrap() == 4);
}

#[test]
fn solve_all_on_minimal() {
    // The classic 5×5 all-on board needs 15 presses at least.
    let v = json(&["lights-out", "solve", "--rows", "5", "--cols", "5", "--all-on", "--minimal", "--json"]);
    assert_eq!(v["solvable"], true);
    assert_eq!(v["minimal"], true);
    assert_eq!(v["press_count"], 15);
    assert_clears(&Board::all_on(Spec::classic(5, 5)).unwrap(), &v);
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["minimal", "press_count", "presses", "solvable"]);
}

#[test]
fn solve_patterns_and_files() {
    let v = json(&["lights-out", "solve", "--pattern", "010/111/010", "--json"]);
    assert_eq!(v["press_count"], 1);
    assert_eq!(v["presses"], serde_json::json!([[1, 1]]));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.txt");
    std::fs::write(&path, "120\n\n201\n").unwrap();
    let v = json(&["lights-out", "solve", "--pattern-file", path.to_str().unwrap(), "--states", "3", "--json"]);
    let spec = Spec { states: 3, ..Spec::classic(2, 3) };
    assert_clears(&Board::from_lights(spec, vec![1, 2, 0, 2, 0, 1]).unwrap(), &v);
    // Unsolvable: one corner of 5×5.
    let v = json(&["lights-out", "solve", "--pattern", "10000/00000/00000/00000/00000", "--json"]);
    assert_eq!(v["solvable"], false);
    assert_eq!(v["presses"], serde_json::json!([]));
    let (_, text, _) = run(&["lights-out", "solve", "--pattern", "10000/00000/00000/00000/00000"]);
    assert!(text.contains("quiet pattern"));
    // Summary leaves the presses out; a large singular board still solves.
    let v = json(&["lights-out", "solve", "--rows", "300", "--cols", "300", "--all-on", "--summary", "--json"]);
    assert!(v.get("presses").is_none());
    assert_eq!(v["solvable"], true);
}

#[test]
fn bad_input_is_one_line_and_non_zero() {
    for args in [
        vec!["lights-out", "nullity", "--rows", "0", "--cols", "3"],
        vec!["lights-out", "nullity", "--rows", "5000", "--cols", "3", "--torus"],
        vec!["lights-out", "nullity", "--rows", "2000000", "--cols", "3"],
        vec!["lights-out", "nullity", "--rows", "3", "--cols", "3", "--states", "10"],
        vec!["lights-out", "nullity", "--rows", "3", "--cols", "3", "--rule", "rook"],
        vec!["lights-out", "solve", "--pattern", "01x/000"],
        vec!["lights-out", "solve", "--pattern", "010/00"],
        vec!["lights-out", "solve", "--pattern", "012"],
        vec!["lights-out", "solve", "--pattern", "01/10", "--rows", "3"],
        vec!["lights-out", "solve", "--all-on", "--rows", "3"],
        vec!["lights-out", "solve", "--rows", "3", "--cols", "3"],
        vec!["lights-out", "solve", "--pattern-file", "/no/such/file"],
        vec!["lights-out", "solve", "--rows", "100", "--cols", "100", "--all-on", "--rule", "king"],
    ] {
        let (code, stdout, stderr) = run(&args);
        assert_ne!(code, 0, "{args:?}");
        assert!(stdout.is_empty(), "{args:?}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
    }
}

#[test]
fn table_and_random() {
    let v = json(&["lights-out", "table", "--rows", "5", "--cols", "5", "--json"]);
    let rows = v["table"].as_array().unwrap();
    assert_eq!(rows.len(), 32);
    assert_eq!(rows.iter().filter(|r| !r["press"].is_null()).count(), 8);
    let v = json(&["lights-out", "random", "--rows", "6", "--cols", "4", "--seed", "7", "--json"]);
    let pattern = v["pattern"].as_str().unwrap().to_string();
    let s = json(&["lights-out", "solve", "--pattern", &pattern, "--json"]);
    assert_eq!(s["solvable"], true);
}
