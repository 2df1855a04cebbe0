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
        vec!["lights-out", "solve", "--rows", "101", "--cols", "101", "--all-on", "--rule", "x"],
        vec!["lights-out", "solve", "--rows", "5000", "--cols", "5000", "--all-on"],
        vec!["lights-out", "solve", "--rows", "5000", "--cols", "5000", "--all-on", "--rule", "king", "--summary"],
        vec!["lights-out", "solve", "--pattern", "01/10", "--out", "/no/such/dir/p.pbm"],
        vec!["lights-out", "solve", "--pattern", "01/10", "--out", "p.txt", "--format", "gif"],
        vec!["lights-out", "solve", "--pattern", "012/210", "--states", "3", "--out", "/tmp/p.pbm"],
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

/// Classic boards beyond the playable 4096: the first row, PBM out and back in, and the
/// presses checked here by simulation (`PackedBoard::effect`, itself checked light by light).
#[test]
fn large_boards_first_row_and_pbm() {
    use chessboard_puzzles::lights::board::packed::effect;
    use chessboard_puzzles::lights::board::pattern_io::read_pattern;
    let dir = tempfile::tempdir().unwrap();
    let (rows, cols) = (4200usize, 37usize);
    let (r, c) = (rows.to_string(), cols.to_string());
    let pattern = dir.path().join("lights.pbm");
    let p = pattern.to_str().unwrap();
    let v = json(&["lights-out", "random", "--rows", &r, "--cols", &c, "--seed", "5", "--out", p, "--json"]);
    assert_eq!(v["out"], p);
    let lights = read_pattern(std::io::BufReader::new(std::fs::File::open(&pattern).unwrap())).unwrap();
    assert_eq!((lights.rows, lights.cols), (rows, cols));
    for (format, name) in [("pbm", "x.pbm"), ("plain-pbm", "x.p1"), ("digits", "x.txt")] {
        let out = dir.path().join(name);
        let o = out.to_str().unwrap();
        let v = json(&["lights-out", "solve", "--pattern-file", p, "--out", o, "--format", format, "--json"]);
        assert_eq!(v["solvable"], true);
        let presses = read_pattern(std::io::BufReader::new(std::fs::File::open(&out).unwrap())).unwrap();
        assert_eq!(v["press_count"].as_u64().unwrap(), presses.count_ones());
        assert_eq!(effect(&presses, true).unwrap(), lights, "{format}");
        // The first row alone, which chasing extends to the same presses (the board is regular).
        let f = json(&["lights-out", "solve", "--pattern-file", p, "--first-row", "--json"]);
        let first: String = (0..cols).map(|c| if presses.get(0, c) { '1' } else { '0' }).collect();
        assert_eq!(f["first_row"], first.as_str());
        assert_eq!(f["press_count"], v["press_count"]);
    }
    // All on, 3 × 20,000 (chased along the long side), text output of the first row.
    let (code, text, _) = run(&["lights-out", "solve", "--rows", "3", "--cols", "20000", "--all-on", "--first-row"]);
    assert_eq!(code, 0);
    assert!(text.starts_with("solvable: ") && text.lines().nth(2).unwrap().len() == 20000, "{}", &text[..60]);
    let (code, _, _) = run(&["lights-out", "solve", "--rows", "4097", "--cols", "4097", "--all-on", "--summary"]);
    assert_eq!(code, 0);
}

/// The king rule beyond elimination: the closed-form nullity and a solution by simulation.
#[test]
fn king_boards_of_any_size() {
    let v = json(&["lights-out", "nullity", "--rows", "200001", "--cols", "5", "--rule", "king", "--json"]);
    assert_eq!(v["nullity"], 200_001); // 5 ≡ 2 (mod 3), 200,001 ≡ 0: m·n − m·(n − 1)
    let v = json(&["lights-out", "nullity", "--rows", "200000", "--cols", "5", "--rule", "king", "--json"]);
    assert_eq!(v["nullity"], 200_004); // both ≡ 2: m + n − 1
    let v = json(&["lights-out", "solve", "--rows", "80", "--cols", "80", "--all-on", "--rule", "king", "--json"]);
    let spec = Spec { rule: chessboard_puzzles::lights::Rule::King, ..Spec::classic(80, 80) };
    assert_clears(&Board::all_on(spec).unwrap(), &v);
}

/// More than two states and king tori through the same command: the presses clear the board,
/// `--first-row` is their first row, and a family no structured solver takes is refused in one
/// line that names the reason. Every all-on case here is solvable: on a king torus of sides ≥ 3
/// pressing each cell c times adds 9c everywhere, and 9 is invertible mod 5 and mod 7; the 21 × 21
/// torus (441 lights, above the 400 of dense elimination) reaches the structured solver.
#[test]
fn more_states_and_king_tori() {
    use chessboard_puzzles::lights::Rule;
    for (rule, torus, states, rows, cols) in [
        ("x", false, 5u8, 4, 5),
        ("neighbours", false, 4, 5, 3),
        ("king", true, 5, 4, 5),
        ("king", true, 7, 21, 21),
        ("plus", false, 9, 7, 6),
    ] {
        let (r, c, k) = (rows.to_string(), cols.to_string(), states.to_string());
        let mut args =
            vec!["lights-out", "solve", "--rows", &r, "--cols", &c, "--all-on", "--rule", rule, "--states", &k];
        if torus {
            args.push("--torus");
        }
        let spec = Spec { rows, cols, rule: Rule::parse(rule).unwrap(), torus, states };
        let full = json(&[args.as_slice(), &["--json"]].concat());
        assert_eq!(full["solvable"], true, "{args:?}");
        assert_clears(&Board::all_on(spec).unwrap(), &full);
        let mut first = vec![0u32; cols];
        for p in full["presses"].as_array().unwrap() {
            if p[0] == 0 {
                first[p[1].as_u64().unwrap() as usize] += 1;
            }
        }
        let expected: String = first.iter().map(|&t| char::from(b'0' + (t % u32::from(states)) as u8)).collect();
        let v = json(&[args.as_slice(), &["--first-row", "--json"]].concat());
        assert_eq!(v["first_row"], expected.as_str(), "{args:?}");
    }
    let (code, _, stderr) =
        run(&["lights-out", "solve", "--rows", "100", "--cols", "100", "--rule", "x", "--torus", "--all-on"]);
    assert_ne!(code, 0);
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("x + x⁻¹"), "{stderr}");
}

#[test]
fn pattern_files_with_a_byte_order_mark_are_read_and_extra_pbm_pixels_refused() {
    let dir = tempfile::tempdir().unwrap();
    let solve = |name: &str, bytes: &[u8], more: &[&str]| {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        let mut args = vec!["lights-out", "solve", "--pattern-file", path.to_str().unwrap(), "--json"];
        args.extend_from_slice(more);
        run(&args)
    };
    // The all-on 3×3 board is cleared by its corners and centre only (its press matrix is
    // invertible), as digits and as plain PBM, each behind a UTF-8 byte order mark.
    for (name, bytes) in
        [("d.txt", &b"\xEF\xBB\xBF111\n111\n111\n"[..]), ("p.pbm", b"\xEF\xBB\xBFP1\n3 3\n1 1 1\n1 1 1\n1 1 1\n")]
    {
        let (code, stdout, stderr) = solve(name, bytes, &[]);
        assert_eq!(code, 0, "{name}: {stderr}");
        let v: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(v["presses"], serde_json::json!([[0, 0], [0, 2], [1, 1], [2, 0], [2, 2]]), "{name}");
    }
    // Three states (read as text): one light at 1 needs two more presses to come back to 0.
    let (code, stdout, stderr) = solve("k.txt", b"\xEF\xBB\xBF1\n", &["--states", "3"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(serde_json::from_str::<Value>(&stdout).unwrap()["press_count"], 2);
    // A plain PBM image of 2×2 pixels followed by a fifth: refused, one line.
    let (code, stdout, stderr) = solve("extra.pbm", b"P1\n2 2\n1 0\n0 1\n1\n", &[]);
    assert_eq!((code, stdout.as_str()), (1, ""));
    assert!(
        stderr.ends_with("the PBM image has more than its 2×2 pixels: a plain PBM file holds one image\n"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1);
}

/// Runs the tool with its address space limited to `bytes` by prlimit(1), or None where
/// prlimit is missing.
fn run_limited(bytes: u64, args: &[&str]) -> Option<(i32, String, String)> {
    let out = Command::new("prlimit")
        .arg(format!("--as={bytes}"))
        .arg("--")
        .arg(env!("CARGO_BIN_EXE_chessboard-puzzles"))
        .args(args)
        .output()
        .ok()?;
    Some((
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    ))
}

#[test]
fn a_solve_beyond_memory_is_a_one_line_error_not_an_abort() {
    // A packed n×n board is n rows of ⌈n/64⌉ words; the solver's basis is as much again.
    let mb = |n: u64, boards: u64| (boards * n * n.div_ceil(64) * 8) >> 20;
    for n in [200_000u64, 300_000] {
        let side = n.to_string();
        let args = ["lights-out", "solve", "--rows", &side, "--cols", &side, "--all-on", "--summary"];
        let Some((code, stdout, stderr)) = run_limited(8_000_000_000, &args) else {
            eprintln!("skipped: no prlimit");
            return;
        };
        assert_eq!((code, stdout.as_str()), (1, ""), "{stderr}");
        assert_eq!(
            stderr,
            format!(
                "error: solving a {n}×{n} board needs about {} MB (the lights and the solver's basis), more than this machine can give\n",
                mb(n, 2)
            )
        );
    }
    // Lights read from a file that fit, and a solve that does not: a 16000×16000 pattern
    // (32 MB) under a 75 MB limit, with its presses (a third 32 MB board) to write.
    let dir = tempfile::tempdir().unwrap();
    let (pattern, presses) = (dir.path().join("p.pbm"), dir.path().join("x.pbm"));
    let (p, x) = (pattern.to_str().unwrap(), presses.to_str().unwrap());
    let (code, _, stderr) =
        run(&["lights-out", "random", "--rows", "16000", "--cols", "16000", "--seed", "5", "--out", p]);
    assert_eq!(code, 0, "{stderr}");
    let (code, stdout, stderr) =
        run_limited(75_000_000, &["lights-out", "solve", "--pattern-file", p, "--out", x]).unwrap();
    assert_eq!((code, stdout.as_str()), (1, ""), "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "error: solving a 16000×16000 board needs about {} MB (the lights, the solver's basis and the presses), more than this machine can give\n",
            mb(16_000, 3)
        )
    );
    assert!(!presses.exists());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "nothing beside the pattern");
}
