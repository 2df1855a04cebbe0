//! The command line under hostile use (issue 12, points 1–6): board files that are read-only,
//! symlinked, hard-linked or someone else's; an unwritable standard output; huge inputs;
//! missing arguments; a search that cannot finish. Each test states what a careful tool does
//! (as `sed -i` and editors do) and checks the file system and the exit status directly.

use std::fmt::Write as _;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_chessboard-puzzles"))
}

fn cli(args: &[&str]) -> Output {
    bin().args(args).output().expect("the binary runs")
}

/// The process runs as root: root passes every permission check of the kernel.
fn running_as_root() -> bool {
    std::fs::metadata("/proc/self").map(|m| m.uid() == 0).unwrap_or(false)
}

/// An 8×8 board whose heads' indices XOR to 0 (rows 0 and 1 are all heads), so the XOR
/// strategy flips exactly the key's own square.
const BOARD: &str = "11111111\n11111111\n00000000\n00000000\n00000000\n00000000\n00000000\n00000000\n";

fn board_in(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, BOARD).unwrap();
    path
}

/// The board with the coin at `index` turned over, computed here from the file's own layout.
fn flipped(index: usize) -> String {
    let mut bytes = BOARD.as_bytes().to_vec();
    let at = index / 8 * 9 + index % 8;
    bytes[at] = if bytes[at] == b'1' { b'0' } else { b'1' };
    String::from_utf8(bytes).unwrap()
}

fn one_line_error(out: &Output) -> String {
    let stderr = String::from_utf8(out.stderr.clone()).unwrap();
    assert!(!out.status.success(), "should fail; stdout {}", String::from_utf8_lossy(&out.stdout));
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    stderr
}

fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

// Point 1: permissions, symlinks, hard links, owner and mode.

#[test]
fn a_read_only_board_is_refused_even_for_root() {
    let dir = tempfile::tempdir().unwrap();
    let path = board_in(dir.path(), "b.txt");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let err = one_line_error(&cli(&["devil", "flip", "--board", path.to_str().unwrap(), "--key", "a1"]));
    assert!(err.contains("read-only"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), BOARD);
    assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o444);
}

#[test]
fn a_board_the_user_may_not_write_is_refused() {
    if !running_as_root() {
        eprintln!("skipped: needs root to run the tool as another user");
        return;
    }
    // Root's board, mode 644, in a folder everyone may enter; the tool runs as `nobody`.
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = board_in(dir.path(), "b.txt");
    let out = {
        use std::os::unix::process::CommandExt;
        bin().args(["devil", "flip", "--board", path.to_str().unwrap(), "--key", "a1"]).uid(65534).gid(65534).output()
    }
    .unwrap();
    let err = one_line_error(&out);
    assert!(err.contains("permission denied"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), BOARD);
}

#[test]
fn a_symlink_is_followed_into_its_target() {
    let dir = tempfile::tempdir().unwrap();
    let target = board_in(dir.path(), "target.txt");
    let link = dir.path().join("link.txt");
    std::os::unix::fs::symlink("target.txt", &link).unwrap();
    let out = cli(&["devil", "flip", "--board", link.to_str().unwrap(), "--key", "a1", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "still a symlink");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), flipped(56), "a1 = index 56, flipped in the target");
}

#[test]
fn a_board_file_with_a_byte_order_mark_is_read_and_keeps_its_mark() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bom.txt");
    std::fs::write(&path, format!("\u{feff}{BOARD}")).unwrap();
    let p = path.to_str().unwrap();
    let out = cli(&["devil", "flip", "--board", p, "--key", "c5"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), format!("\u{feff}{}", flipped(26)), "c5 = index 26");
    // The flipped board names c5 (the XOR of the heads' indices is 26 after the flip).
    let out = cli(&["devil", "find", "--board", p]);
    assert!(String::from_utf8(out.stdout).unwrap().contains("key c5"), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn hard_links_all_see_the_flip_and_the_inode_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = board_in(dir.path(), "b.txt");
    let other = dir.path().join("other-name.txt");
    std::fs::hard_link(&path, &other).unwrap();
    let inode = std::fs::metadata(&path).unwrap().ino();
    let out = cli(&["devil", "flip", "--board", path.to_str().unwrap(), "--key", "c5"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let meta = std::fs::metadata(&path).unwrap();
    assert_eq!((meta.ino(), meta.nlink()), (inode, 2));
    assert_eq!(std::fs::read_to_string(&other).unwrap(), flipped(26), "c5 = index 26");
}

#[test]
fn mode_and_owner_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = board_in(dir.path(), "b.txt");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    let owner = if running_as_root() {
        // Another user's board, flipped by root: it must stay theirs.
        std::os::unix::fs::chown(&path, Some(65534), Some(65534)).unwrap();
        (65534, 65534)
    } else {
        let m = std::fs::metadata(&path).unwrap();
        (m.uid(), m.gid())
    };
    let out = cli(&["devil", "flip", "--board", path.to_str().unwrap(), "--key", "h8"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let meta = std::fs::metadata(&path).unwrap();
    assert_eq!((meta.uid(), meta.gid()), owner);
    assert_eq!(meta.permissions().mode() & 0o777, 0o640);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), flipped(7), "h8 = index 7");
}

// Point 2: no temporary files, whatever happens.

#[test]
fn flips_and_refusals_change_the_file_where_it_is_and_leave_nothing_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = board_in(dir.path(), "b.txt");
    let p = path.to_str().unwrap();
    // An open handle keeps the original inode alive, so its number cannot be reused.
    let original = std::fs::File::open(&path).unwrap();
    let inode = original.metadata().unwrap().ino();
    for key in ["a1", "zz", "99"] {
        cli(&["devil", "flip", "--board", p, "--key", key]);
    }
    assert_eq!(entries(dir.path()), ["b.txt"]);
    // Changed in place, never replaced by a renamed copy: the handle opened before sees the flip.
    assert_eq!(std::fs::metadata(&path).unwrap().ino(), inode);
    assert_eq!(std::io::read_to_string(&original).unwrap(), flipped(56));
}

#[test]
fn killed_before_its_answer_is_out_a_flip_changes_nothing_and_leaves_nothing() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let path = board_in(dir.path(), "b.txt");
    // A pipe nobody reads, filled up, so the answer cannot be written and the tool waits.
    let (reader, mut writer) = std::io::pipe().unwrap();
    let child_stdout = writer.try_clone().unwrap();
    let filler = std::thread::spawn(move || while writer.write_all(&[b'x'; 4096]).is_ok() {});
    std::thread::sleep(std::time::Duration::from_millis(300));
    let mut child = bin()
        .args(["devil", "flip", "--board", path.to_str().unwrap(), "--key", "c5"])
        .stdout(child_stdout)
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(700));
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), BOARD, "the answer was never printed");
    assert_eq!(entries(dir.path()), ["b.txt"]);
    drop(reader);
    filler.join().unwrap();
}

// Point 3: the answer first, then the file.

#[test]
fn an_unwritable_standard_output_is_an_error_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = board_in(dir.path(), "b.txt");
    let full = std::fs::File::options().write(true).open("/dev/full").unwrap();
    let out = bin()
        .args(["devil", "flip", "--board", path.to_str().unwrap(), "--key", "c5"])
        .stdout(Stdio::from(full))
        .output()
        .unwrap();
    let err = one_line_error(&out);
    assert!(err.contains("standard output") && err.contains("not changed"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), BOARD);
}

// Point 4: sizes are refused before reading.

#[test]
fn huge_inputs_are_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    // A sparse 50 MB file: refusing it by its size reads none of it.
    let big = dir.path().join("big.txt");
    std::fs::File::create(&big).unwrap().set_len(50_000_000).unwrap();
    for args in [
        vec!["devil", "flip", "--board", big.to_str().unwrap(), "--key", "0"],
        vec!["devil", "find", "--board", big.to_str().unwrap()],
        vec!["chess", "games", "--pgn", big.to_str().unwrap()],
        vec!["devil", "verify", "--squares", "4", "--strategy", "table", "--table", big.to_str().unwrap()],
    ] {
        let err = one_line_error(&cli(&args));
        assert!(err.contains("refused unread"), "{args:?}: {err}");
    }
    assert_eq!(std::fs::metadata(&big).unwrap().len(), 50_000_000);
    // A file that does not know its size is cut off at the limit, not read to the end.
    let err = one_line_error(&cli(&["devil", "find", "--board", "/dev/zero"]));
    assert!(err.contains("refused unread"), "{err}");
    // The biggest board, written loosely (a space after every coin, CRLF), is still read.
    let loose = dir.path().join("loose.txt");
    std::fs::write(&loose, ("0 ".repeat(64) + "\r\n").repeat(64)).unwrap();
    let out = cli(&["devil", "find", "--board", loose.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

// Point 5: missing arguments are named.

#[test]
fn a_missing_argument_is_named_on_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (&["devil", "flip", "--board", "b.txt"], "--key"),
        (&["table", "verify", "--coins", "4"], "--strategy"),
        (&["chess", "encode"], "--fen"),
        (&["devil"], "flip"),
    ];
    for (args, name) in cases {
        let out = cli(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = one_line_error(&out);
        assert!(err.contains(name), "{args:?}: {err}");
    }
}

// Point 6: an inconclusive search has its own exit status.

#[test]
fn an_inconclusive_search_exits_3_and_says_how_to_go_further() {
    let out = cli(&["devil", "search", "--squares", "9", "--max-nodes", "1000"]);
    assert_eq!(out.status.code(), Some(3));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("no conclusion") && text.contains("--max-nodes"), "{text}");
    let out = cli(&["devil", "search", "--squares", "9", "--max-nodes", "0", "--json"]);
    assert_eq!(out.status.code(), Some(3));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((json["nodes"].as_u64(), json["exhausted"].as_bool()), (Some(0), Some(false)));
    // A conclusion either way is success: 4 squares have a strategy, 7 have none (README).
    for (squares, found) in [("4", true), ("7", false)] {
        let out = cli(&["devil", "search", "--squares", squares, "--json"]);
        assert_eq!(out.status.code(), Some(0), "{squares}");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!((json["found"].as_bool(), json["exhausted"].as_bool()), (Some(found), Some(!found)));
    }
}

// Issue 30: the fourth hostile audit.

/// No byte a terminal acts on: nothing below 0x20 but the line break, no DEL, no C1 control
/// (U+0080..U+009F, written as 0xC2 0x80..0x9F in UTF-8).
fn no_terminal_controls(bytes: &[u8]) -> bool {
    let raw_c0 = bytes.iter().any(|&b| (b < 0x20 && b != b'\n') || b == 0x7f);
    let c1 = bytes.windows(2).any(|w| w[0] == 0xc2 && (0x80..=0x9f).contains(&w[1]));
    !raw_c0 && !c1
}

#[test]
fn a_huge_option_value_is_quoted_short_on_one_line() {
    let huge = "a".repeat(100_000);
    for args in [
        vec!["devil", "flip", "--seed", huge.as_str(), "--board", "b.txt", "--key", "3"],
        vec!["lights-out", "solve", "--rows", huge.as_str(), "--cols", "3"],
    ] {
        let out = cli(&args);
        assert_eq!(out.status.code(), Some(2), "{:?}", &args[..2]);
        let line = one_line_error(&out);
        assert!(line.len() < 500, "{} bytes: {}", line.len(), &line[..200]);
    }
}

#[test]
fn terminal_escapes_in_arguments_and_labels_are_shown_escaped() {
    let out = cli(&["lights-out", "open", "#\u{1b}]0;pwned\u{7}\u{1b}[2J/v2/AAAA"]);
    let line = one_line_error(&out);
    assert!(no_terminal_controls(&out.stderr), "{line:?}");
    assert!(line.contains("\\x1b"), "the escape is shown, not dropped: {line:?}");

    let dir = tempfile::tempdir().unwrap();
    let graph = dir.path().join("g.txt");
    std::fs::write(&graph, "\u{1b}[31mRED: self b\u{0}\nb\u{0}: self \u{1b}[31mRED\n").unwrap();
    let out = cli(&["lights-out", "solve", "--graph", graph.to_str().unwrap(), "--pattern", "11"]);
    let all = [out.stdout.as_slice(), out.stderr.as_slice()].concat();
    assert!(no_terminal_controls(&all), "{:?}", String::from_utf8_lossy(&all));
    assert!(String::from_utf8_lossy(&out.stdout).contains("\\x1b[31mRED"), "the label is shown escaped: {out:?}");
    // The same file's error, through the clap usage path: a control in an option value.
    let out = cli(&["devil", "flip", "--seed", "\u{1b}[2J", "--board", "b.txt", "--key", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(no_terminal_controls(&out.stderr), "{:?}", String::from_utf8_lossy(&out.stderr));
}

/// Runs the binary and kills it if it has not finished within 20 s: `None` then.
fn within_20_s(args: &[&str]) -> Option<Output> {
    let mut child =
        bin().args(args).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let start = std::time::Instant::now();
    while start.elapsed() < std::time::Duration::from_secs(20) {
        if child.try_wait().unwrap().is_some() {
            return Some(child.wait_with_output().unwrap());
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    None
}

#[test]
fn a_fifo_given_as_an_input_is_refused_not_waited_on() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let f = fifo.to_str().unwrap();
    let cases: &[&[&str]] = &[
        &["devil", "flip", "--board", f, "--key", "3"],
        &["devil", "find", "--board", f],
        &["lights-out", "solve", "--pattern-file", f],
        &["lights-out", "solve", "--graph", f, "--pattern", "1"],
        &["lights-out", "open", "--link-file", f],
        &["chess", "games", "--pgn", f],
        &["table", "verify", "--coins", "4", "--strategy", f],
    ];
    for args in cases {
        let out = within_20_s(args).unwrap_or_else(|| panic!("{args:?} waited on the FIFO"));
        let line = one_line_error(&out);
        assert!(line.contains(f), "{args:?}: names the file: {line}");
    }
}

#[test]
fn a_version_past_u32_is_still_a_version() {
    let out = cli(&["lights-out", "open", "#lights/v4294967296/AAAA"]);
    let line = one_line_error(&out);
    assert!(!line.contains("no version") && line.contains("newer"), "{line}");
}

#[test]
fn a_60_mb_graph_file_is_read_in_memory_proportional_to_it() {
    // 60 MB of `self` entries, in the two shapes a hostile file takes: one light whose press
    // lists `self` 12 million times, and millions of lights of one `self` each (the shape that
    // was collected whole before any limit was checked: 812 MB as strings). Under a 450 MB
    // address-space limit each must finish with an answer or a one-line refusal, never an abort.
    let dir = tempfile::tempdir().unwrap();
    let one_line = {
        let mut text = String::with_capacity(60_000_010);
        text.push_str("a:");
        while text.len() < 60_000_000 {
            text.push_str(" self");
        }
        text.push('\n');
        text
    };
    let many_lines = {
        let mut text = String::with_capacity(60_000_100);
        let mut n = 0u64;
        while text.len() < 60_000_000 {
            writeln!(text, "l{n}: self").unwrap();
            n += 1;
        }
        text
    };
    for (name, text) in [("one-line", one_line), ("many-lines", many_lines)] {
        let graph = dir.path().join(format!("{name}.txt"));
        std::fs::write(&graph, &text).unwrap();
        let script = format!(
            "ulimit -v 450000; exec '{}' lights-out solve --graph '{}' --pattern 1",
            env!("CARGO_BIN_EXE_chessboard-puzzles"),
            graph.display()
        );
        let out = Command::new("sh").arg("-c").arg(script).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(matches!(out.status.code(), Some(0 | 1)), "{name}: {:?}: {stderr}", out.status);
        assert!(stderr.lines().count() <= 1, "{name}: {stderr}");
    }
}

#[test]
fn open_reads_the_pages_graph_game_links() {
    use chessboard_puzzles::lights::game::presets::Preset;
    use chessboard_puzzles::lights::graph_game::{GraphGame, Params, Shape};
    use chessboard_puzzles::puzzle::Puzzle;
    let params = Params { shape: Shape::Preset(Preset::parse("cube").unwrap()), lit_only: false };
    let game = GraphGame::random(&params, 7).unwrap();
    let out = cli(&["lights-out", "open", &format!("#{}", game.link())]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // The lights in the game's order, one character a light ('.' off, '#' on), from the game.
    let shown: String = String::from_utf8(out.stdout).unwrap().chars().filter(|c| !c.is_whitespace()).collect();
    let expected: String = game.lights.iter().map(|&v| if v == 0 { '.' } else { '#' }).collect();
    assert_eq!(shown, expected);
}

#[test]
fn every_lights_out_command_reads_the_board_as_solve_does() {
    // nullity takes --preset like solve: published figures (the 5×5 game leaves 2 quiet
    // patterns; Merlin's Magic Square is always solvable), and the Cube's figure is the one
    // `solve --preset cube` reports.
    let line = |args: &[&str]| {
        let out = cli(args);
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    assert!(line(&["lights-out", "nullity", "--preset", "classic"]).contains("nullity 2, rank 23"));
    assert!(line(&["lights-out", "nullity", "--preset", "merlin"]).contains("nullity 0, rank 9"));
    let cube = line(&["lights-out", "nullity", "--preset", "cube"]);
    let solved = line(&["lights-out", "solve", "--preset", "cube", "--all-on"]);
    let figure = |text: &str| {
        let n = text.find("nullity ").unwrap() + "nullity ".len();
        text[n..].chars().take_while(char::is_ascii_digit).collect::<String>()
    };
    assert_eq!(figure(&cube), figure(&solved));
    // solve --lit-only --pattern reads the grid's size from the pattern, as plain solve does.
    let lit = line(&["lights-out", "solve", "--lit-only", "--pattern", "010/111/010"]);
    assert!(lit.starts_with("3×3 "), "{lit}");
    // Without a size or a pattern, one line naming what is missing.
    let out = cli(&["lights-out", "nullity"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
}

/// Standard output of a command that must succeed.
fn stdout_of(args: &[&str]) -> String {
    let out = cli(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// The number after `word ` in `text`.
fn figure_after(text: &str, word: &str) -> usize {
    let at = text.find(word).unwrap_or_else(|| panic!("no {word:?} in {text}")) + word.len();
    text[at..].chars().take_while(char::is_ascii_digit).collect::<String>().parse().unwrap()
}

/// The nullity over GF(2) of the press matrix of a rows×cols grid where a press on (r, c)
/// changes (r + dr, c + dc) for each offset, wrapping around on a torus, by elimination here.
fn grid_nullity(rows: usize, cols: usize, offsets: &[(isize, isize)], torus: bool) -> usize {
    let n = rows * cols;
    let mut matrix: Vec<Vec<bool>> = vec![vec![false; n]; n];
    for r in 0..rows {
        for c in 0..cols {
            for &(dr, dc) in offsets {
                let (mut tr, mut tc) = (r as isize + dr, c as isize + dc);
                if torus {
                    tr = tr.rem_euclid(rows as isize);
                    tc = tc.rem_euclid(cols as isize);
                } else if tr < 0 || tc < 0 || tr >= rows as isize || tc >= cols as isize {
                    continue;
                }
                let target = tr as usize * cols + tc as usize;
                matrix[target][r * cols + c] ^= true;
            }
        }
    }
    let mut rank = 0;
    for col in 0..n {
        let Some(pivot) = (rank..n).find(|&i| matrix[i][col]) else { continue };
        matrix.swap(rank, pivot);
        let pivot_row = matrix[rank].clone();
        for (i, row) in matrix.iter_mut().enumerate() {
            if i != rank && row[col] {
                row.iter_mut().zip(&pivot_row).for_each(|(a, b)| *a ^= b);
            }
        }
        rank += 1;
    }
    n - rank
}

const PLUS: [(isize, isize); 5] = [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)];

/// The fewest presses clearing the all-on 5×5 classic board, by trying every first row and
/// chasing the lights down.
fn classic_all_on_fewest() -> usize {
    (0..32u32)
        .filter_map(|first| {
            let mut on = [[true; 5]; 5];
            let mut presses = 0;
            for r in 0..5 {
                for c in 0..5 {
                    let press = if r == 0 { first >> c & 1 == 1 } else { on[r - 1][c] };
                    if press {
                        presses += 1;
                        for (dr, dc) in PLUS {
                            let (tr, tc) = (r as isize + dr, c as isize + dc);
                            if (0..5).contains(&tr) && (0..5).contains(&tc) {
                                on[tr as usize][tc as usize] ^= true;
                            }
                        }
                    }
                }
            }
            on.iter().all(|row| row.iter().all(|&l| !l)).then_some(presses)
        })
        .min()
        .unwrap()
}

#[test]
fn summary_leaves_the_presses_out_for_a_preset_and_a_graph() {
    // 2048 lights, each changed only by its own press: clearing them all takes all 2048 presses.
    let dir = tempfile::tempdir().unwrap();
    let graph = dir.path().join("selves.txt");
    let text: String = (0..2048).map(|i| format!("l{i}: self\n")).collect();
    std::fs::write(&graph, text).unwrap();
    let out = stdout_of(&["lights-out", "solve", "--graph", graph.to_str().unwrap(), "--all-on", "--summary"]);
    assert_eq!(out.lines().count(), 2, "{out}");
    assert_eq!(figure_after(&out, "\n"), 2048, "{out}");
    assert!(!out.contains("l0") && !out.contains("l2047"), "no press listed: {}", &out[..300.min(out.len())]);

    let fewest = classic_all_on_fewest();
    let out = stdout_of(&["lights-out", "solve", "--preset", "classic", "--all-on", "--summary"]);
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(out.contains(&format!("\n{fewest} presses (the fewest)\n")), "{fewest}: {out}");
}

#[test]
fn every_lights_out_command_takes_the_same_board_options() {
    let plus_5x5 = grid_nullity(5, 5, &PLUS, false);
    let stencil = stdout_of(&["lights-out", "nullity", "--rows", "5", "--cols", "5", "--stencil", ".#./###/.#."]);
    assert_eq!(figure_after(&stencil, "nullity "), plus_5x5, "{stencil}");
    let torus = stdout_of(&["lights-out", "nullity", "--rows", "5", "--cols", "5", "--edges", "torus"]);
    assert_eq!(figure_after(&torus, "nullity "), grid_nullity(5, 5, &PLUS, true), "{torus}");
    let sized = stdout_of(&["lights-out", "nullity", "--pattern", "0100/1110/0100"]);
    assert_eq!(figure_after(&sized, "nullity "), grid_nullity(3, 4, &PLUS, false), "{sized}");

    // The classic game's fix-up table: one row a leftover of 5 lights, and the leftovers that
    // can be fixed are 2^(5 − nullity).
    let table = stdout_of(&["lights-out", "table", "--preset", "classic"]);
    assert_eq!(table.lines().count(), 1 + 32, "{table}");
    let fixable = table.lines().skip(1).filter(|l| !l.ends_with("unsolvable")).count();
    assert_eq!(fixable, 1 << (5 - plus_5x5), "{table}");

    // random and link make the page's other games; open reads back the lights they hold.
    let merlin = stdout_of(&["lights-out", "random", "--preset", "merlin", "--seed", "3"]);
    assert_eq!(merlin.trim().chars().filter(|c| matches!(c, '.' | '#')).count(), 9, "{merlin}");
    let link = stdout_of(&["lights-out", "link", "--preset", "merlin", "--pattern", "#.#.#.#.#"]);
    let opened = stdout_of(&["lights-out", "open", link.trim()]);
    assert_eq!(opened.split_whitespace().collect::<String>(), "#.#.#.#.#");
    let link = stdout_of(&["lights-out", "link", "--rows", "2", "--cols", "3", "--all-on"]);
    assert_eq!(stdout_of(&["lights-out", "open", link.trim()]).trim().replace('\n', "/"), "111/111");

    // What a command cannot use is refused, on one line that names it, never ignored.
    let dir = tempfile::tempdir().unwrap();
    let graph = dir.path().join("g.txt");
    std::fs::write(&graph, "a: self\n").unwrap();
    let g = graph.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["random", "--rows", "2", "--cols", "2", "--pattern", "11/11"], "--pattern"),
        (&["random", "--rows", "2", "--cols", "2", "--all-on"], "--all-on"),
        (&["random", "--graph", g], "--graph"),
        (&["link", "--graph", g, "--pattern", "1"], "--graph"),
        (&["open", "#lights/v2/AAAA", "--rows", "3"], "board"),
        (&["solve", "--preset", "classic", "--all-on", "--states", "3"], "--states"),
        (&["nullity", "--preset", "cube", "--rule", "x"], "--rule"),
        (&["table"], "--rows"),
        (&["table", "--graph", g], "--graph"),
        (&["random", "--edges", "torus"], "--rows"),
    ];
    for (args, name) in cases {
        let out = cli(&[&["lights-out"][..], args].concat());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let line = one_line_error(&out);
        assert!(line.contains(name), "{args:?}: {line}");
    }
}

#[test]
fn control_characters_and_huge_values_stay_escaped_and_short_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let graph = dir.path().join("nul.txt");
    std::fs::write(&graph, "a\u{0}b: self\n").unwrap();
    let g = graph.to_str().unwrap();
    let out = cli(&["lights-out", "solve", "--graph", g, "--pattern", "1"]);
    assert!(no_terminal_controls(&out.stdout), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("a\\x00b"), "the NUL is shown: {out:?}");
    // --json keeps the label whole, escaped as JSON escapes it.
    let out = cli(&["lights-out", "solve", "--graph", g, "--pattern", "1", "--json"]);
    assert!(no_terminal_controls(&out.stdout), "{out:?}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["presses"][0], "a\u{0}b");
    // A label in an error message: a target that names no light.
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "a: self\nb: self z\u{1b}]0;pwned\u{7}\n").unwrap();
    let out = cli(&["lights-out", "nullity", "--graph", bad.to_str().unwrap()]);
    let line = one_line_error(&out);
    assert!(no_terminal_controls(&out.stderr), "{line:?}");
    assert!(line.contains("z\\x1b]0;pwned\\x07"), "{line:?}");

    // A 100 KB --seed, or --pattern, on every lights-out command that takes one.
    let huge_number = "7".repeat(100_000);
    let huge_pattern = "x".repeat(100_000);
    let cases: &[(&[&str], i32)] = &[
        (&["random", "--rows", "3", "--cols", "3", "--seed", &huge_number], 2),
        (&["link", "--rows", "3", "--cols", "3", "--seed", &huge_number], 2),
        (&["solve", "--pattern", &huge_pattern], 1),
        (&["nullity", "--pattern", &huge_pattern], 1),
    ];
    for (args, status) in cases {
        let out = cli(&[&["lights-out"][..], args].concat());
        assert_eq!(out.status.code(), Some(*status), "{:?}", args[0]);
        let line = one_line_error(&out);
        assert!(line.len() < 500, "{:?}: {} bytes", args[0], line.len());
    }
}
