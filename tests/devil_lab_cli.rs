//! The strategy lab's commands: verify, count, search, and flip/find with --strategy.

use std::path::PathBuf;
use std::process::{Command, Output};

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chessboard-puzzles")).args(args).output().expect("the binary runs")
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = cli(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

fn fails_with(args: &[&str], needle: &str) {
    let out = cli(args);
    assert!(!out.status.success(), "{args:?} should fail");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(err.contains(needle), "{args:?}: {err}");
}

fn temp_file(name: &str, text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

#[test]
fn verify_every_strategy_up_to_16_and_by_construction_beyond() {
    for (strategy, f) in [("xor", None), ("vasilev", Some("popcount3")), ("coset", None), ("search", None)] {
        for n in [1, 2, 4, 8, 16] {
            let n_text = n.to_string();
            let mut args = vec!["devil", "verify", "--squares", &n_text, "--strategy", strategy, "--json"];
            if let Some(f) = f {
                args.extend(["--f", f]);
            }
            let v = json(&args);
            assert_eq!(v["valid"], true, "{strategy} {n}");
            assert_eq!(v["method"], "exhaustive");
            assert_eq!(v["squares"], n);
            assert_eq!(v["strategy"], strategy);
            assert!(v["counterexample"].is_null());
        }
    }
    let v = json(&["devil", "verify", "--squares", "1024", "--strategy", "vasilev", "--f", "majority", "--json"]);
    assert_eq!((v["valid"].as_bool(), v["method"].as_str()), (Some(true), Some("construction")));
}

#[test]
fn a_bad_table_is_refuted_with_a_counterexample_that_fails() {
    // XOR on 4 squares, but board 5 (coins 0 and 2 heads) names 0 instead of 2.
    let mut colours: Vec<usize> =
        (0..16u32).map(|x| (0..4).filter(|i| x >> i & 1 == 1).fold(0, |a, i| a ^ i)).collect();
    colours[5] = 0;
    let text: Vec<String> = colours.iter().map(usize::to_string).collect();
    let (_d, path) = temp_file("t.txt", &text.join(" "));
    let v = json(&[
        "devil",
        "verify",
        "--squares",
        "4",
        "--strategy",
        "table",
        "--table",
        path.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(v["valid"], false);
    let ce = &v["counterexample"];
    let board: u32 = ce["board"].as_str().unwrap().chars().enumerate().map(|(i, c)| u32::from(c == '1') << i).sum();
    let [i, j] = [ce["flips"][0].as_u64().unwrap(), ce["flips"][1].as_u64().unwrap()];
    let square = ce["square"].as_u64().unwrap() as usize;
    assert_eq!(colours[(board ^ (1 << i)) as usize], square);
    assert_eq!(colours[(board ^ (1 << j)) as usize], square);
    let missing = ce["missing_key"].as_u64().unwrap() as usize;
    assert!((0..4).all(|f| colours[(board ^ (1 << f)) as usize] != missing));
}

#[test]
fn count_matches_hand_counts_for_small_boards() {
    // n = 1: one board pair, one answer. n = 2: the two even boards differ, the two odd
    // boards differ: 2 × 2. n = 4: each colour class of the 8 even boards is a pair of
    // complementary boards, so 4! colourings of the even boards and 4! of the odd: 576;
    // XOR-type: (4!)² / |GL(2,2)| = 576 / 6.
    for (n, all, linear) in [(1, "1", "1"), (2, "4", "4"), (4, "576", "96")] {
        let v = json(&["devil", "count", "--squares", &n.to_string(), "--json"]);
        assert_eq!(
            (v["squares"].as_u64(), v["strategies"].as_str(), v["linear_strategies"].as_str()),
            (Some(n), Some(all), Some(linear))
        );
    }
    // n = 8: XOR-type (8!)² / 168 = 9676800; the total is checked against a second method in
    // the unit tests, and is a perfect square (even × odd boards).
    let v = json(&["devil", "count", "--squares", "8", "--json"]);
    assert_eq!(v["linear_strategies"], "9676800");
    let total: u128 = v["strategies"].as_str().unwrap().parse().unwrap();
    let root = (total as f64).sqrt().round() as u128;
    assert_eq!(root * root, total);
    assert_eq!(root % 40320, 0);
}

#[test]
fn search_finds_powers_of_two_and_exhausts_the_others() {
    for n in [1, 2, 4, 8, 16] {
        let v = json(&["devil", "search", "--squares", &n.to_string(), "--json"]);
        assert_eq!(v["found"], true, "{n}");
    }
    for n in [3, 5, 6, 7] {
        let v = json(&["devil", "search", "--squares", &n.to_string(), "--json"]);
        assert_eq!((v["found"].as_bool(), v["exhausted"].as_bool()), (Some(false), Some(true)), "{n}");
        assert!(v["nodes"].is_u64());
    }
    // Stopped at the node limit: no conclusion, exit status 3 (issue 12 point 6).
    let out = cli(&["devil", "search", "--squares", "9", "--max-nodes", "100", "--json"]);
    assert_eq!(out.status.code(), Some(3));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["found"].as_bool(), v["exhausted"].as_bool(), v["nodes"].as_u64()),
        (Some(false), Some(false), Some(100))
    );
}

#[test]
fn flip_and_find_with_another_strategy() {
    let (_d, path) = temp_file("b.txt", "0110\n1011\n0001\n1100\n");
    let p = path.to_str().unwrap();
    for key in ["0", "7", "15", "a1"] {
        let flip =
            json(&["devil", "flip", "--board", p, "--key", key, "--strategy", "vasilev", "--f", "random", "--json"]);
        let found = json(&["devil", "find", "--board", p, "--strategy", "vasilev", "--f", "random", "--json"]);
        let want = json(&["devil", "find", "--board", p, "--json"]);
        let _ = (flip, want);
        let key_index = if key == "a1" { 12 } else { key.parse().unwrap() };
        assert_eq!(found["index"], key_index);
    }
}

#[test]
fn invalid_arguments_are_one_line_errors() {
    fails_with(&["devil", "verify", "--squares", "0", "--strategy", "xor"], "at least 1");
    fails_with(&["devil", "verify", "--squares", "6", "--strategy", "xor"], "power of two");
    fails_with(&["devil", "verify", "--squares", "4", "--strategy", "nope"], "unknown strategy");
    fails_with(&["devil", "verify", "--squares", "8", "--strategy", "vasilev", "--f", "nope"], "unknown function");
    fails_with(&["devil", "verify", "--squares", "4", "--strategy", "table"], "needs a table");
    fails_with(&["devil", "count", "--squares", "0"], "1 to 8");
    fails_with(&["devil", "count", "--squares", "16"], "1 to 8");
    fails_with(&["devil", "search", "--squares", "0"], "1 to 16");
    fails_with(&["devil", "search", "--squares", "17"], "1 to 16");
    let (_d, path) = temp_file("t.txt", "0 1 1");
    let p = path.to_str().unwrap();
    fails_with(&["devil", "verify", "--squares", "2", "--strategy", "table", "--table", p], "has 3");
    let (_d2, path) = temp_file("t.txt", "0 1 1 0");
    fails_with(
        &["devil", "verify", "--squares", "4", "--strategy", "table", "--table", path.to_str().unwrap()],
        "for 2 squares",
    );
}
