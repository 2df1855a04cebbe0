//! `--out FILE` against what can stand at a path: FIFOs, devices, folders, symlinks, hard
//! links, read-only files, files of another owner; and a write interrupted by a signal. Every
//! command that writes a file goes through one writer (src/cli/files.rs), so these drive it
//! through `lights-out solve --out` and `lights-out random --out` and check the file system
//! directly.

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_chessboard-puzzles"))
}

/// The presses that clear the all-on 3×3 board, which has a unique solution: the four
/// corners and the centre (each light is then toggled an odd number of times: a corner by
/// itself, an edge by its two corners and the centre, the centre by itself).
const PRESSES_3X3: &str = "101\n010\n101\n";

/// `lights-out solve` of the all-on 3×3 board into `out`, run by `as_user` (uid and gid) when
/// given, killed and failed after 60 s so that no test can hang (on a FIFO, say).
fn solve_into(out: &Path, as_user: Option<u32>) -> Output {
    let mut cmd = bin();
    cmd.args(["lights-out", "solve", "--rows", "3", "--cols", "3", "--all-on", "--out"]).arg(out);
    if let Some(id) = as_user {
        cmd.uid(id).gid(id);
    }
    run_bounded(cmd)
}

fn run_bounded(mut cmd: Command) -> Output {
    let child = cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let id = child.id();
    let (done, finished) = std::sync::mpsc::channel();
    let waiter = std::thread::spawn(move || {
        let out = child.wait_with_output().unwrap();
        let _ = done.send(());
        out
    });
    if finished.recv_timeout(Duration::from_secs(60)).is_err() {
        let _ = Command::new("kill").args(["-KILL", &id.to_string()]).status();
        panic!("the command did not finish within 60 s");
    }
    waiter.join().unwrap()
}

fn one_line_error(out: &Output) -> String {
    let stderr = String::from_utf8(out.stderr.clone()).unwrap();
    assert_eq!(out.status.code(), Some(1), "should fail with 1; stderr {stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    stderr
}

fn succeeded(out: &Output) {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// Names in `dir`, hidden ones (a temporary `.NAME.….tmp`) too, sorted.
fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

fn running_as_root() -> bool {
    std::fs::metadata("/proc/self").map(|m| m.uid() == 0).unwrap_or(false)
}

const NOBODY: u32 = 65534;

fn file_in(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_fifo_is_refused_without_waiting_for_a_reader_and_stays_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let err = one_line_error(&solve_into(&fifo, None));
    assert!(err.contains("it is a FIFO (named pipe), not a regular file; nothing written"), "{err}");
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(entries(dir.path()), ["pipe"]);
    // A random pattern too: every --out takes the same writer, and refuses before any work.
    let out = run_bounded({
        let mut c = bin();
        c.args(["lights-out", "random", "--rows", "4", "--cols", "4", "--out"]).arg(&fifo);
        c
    });
    assert!(one_line_error(&out).contains("FIFO"));
}

#[test]
fn a_device_and_a_folder_are_refused() {
    let err = one_line_error(&solve_into(Path::new("/dev/null"), None));
    assert!(err.contains("/dev/null: it is a device, not a regular file; nothing written"), "{err}");
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device(), "still the device");
    let dir = tempfile::tempdir().unwrap();
    let err = one_line_error(&solve_into(dir.path(), None));
    assert!(err.contains("it is a folder; nothing written"), "{err}");
    assert!(entries(dir.path()).is_empty());
}

#[test]
fn a_symlink_is_written_through_to_its_target_and_stays_a_link() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("real")).unwrap();
    let target = file_in(&dir.path().join("real"), "presses.txt", "old\n");
    let link = dir.path().join("link.txt");
    std::os::unix::fs::symlink("real/presses.txt", &link).unwrap();
    succeeded(&solve_into(&link, None));
    assert_eq!(std::fs::read_link(&link).unwrap(), Path::new("real/presses.txt"), "the link is untouched");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), PRESSES_3X3);
    assert_eq!(entries(dir.path()), ["link.txt", "real"]);
    assert_eq!(entries(&dir.path().join("real")), ["presses.txt"]);
}

#[test]
fn a_hard_linked_file_keeps_its_identity_and_both_names_see_the_text() {
    let dir = tempfile::tempdir().unwrap();
    let path = file_in(dir.path(), "a.txt", "an old text longer than the new one\n");
    let twin = dir.path().join("b.txt");
    std::fs::hard_link(&path, &twin).unwrap();
    let inode = std::fs::metadata(&path).unwrap().ino();
    succeeded(&solve_into(&path, None));
    assert_eq!(std::fs::read_to_string(&twin).unwrap(), PRESSES_3X3);
    let meta = std::fs::metadata(&path).unwrap();
    assert_eq!((meta.ino(), meta.nlink()), (inode, 2));
    assert_eq!(entries(dir.path()), ["a.txt", "b.txt"]);
}

#[test]
fn a_read_only_file_is_refused_and_unchanged_even_for_root() {
    let dir = tempfile::tempdir().unwrap();
    let path = file_in(dir.path(), "ro.txt", "old\n");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let err = one_line_error(&solve_into(&path, None));
    assert!(err.contains("read-only"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "old\n");
    assert_eq!(std::fs::metadata(&path).unwrap().mode() & 0o777, 0o444);
    assert_eq!(entries(dir.path()), ["ro.txt"]);
}

#[test]
fn mode_and_owner_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = file_in(dir.path(), "private.txt", "old\n");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    let owner = if running_as_root() {
        // Another user's file, rewritten by root: it stays theirs.
        std::os::unix::fs::chown(&path, Some(NOBODY), Some(NOBODY)).unwrap();
        (NOBODY, NOBODY)
    } else {
        let m = std::fs::metadata(&path).unwrap();
        (m.uid(), m.gid())
    };
    succeeded(&solve_into(&path, None));
    let meta = std::fs::metadata(&path).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), PRESSES_3X3);
    assert_eq!((meta.uid(), meta.gid(), meta.mode() & 0o7777), (owner.0, owner.1, 0o600));
    assert_eq!(entries(dir.path()), ["private.txt"]);
}

/// A folder everyone may write (as /tmp, without the sticky bit's limits on renames).
fn shared_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    dir
}

#[test]
fn as_an_unprivileged_user_own_files_are_replaced_and_others_kept_or_refused() {
    if !running_as_root() {
        eprintln!("skipped: needs root to run the tool as another user");
        return;
    }
    let dir = shared_folder();
    // Nobody's own private file: replaced, still nobody's, still 0600.
    let own = file_in(dir.path(), "own.txt", "old\n");
    std::os::unix::fs::chown(&own, Some(NOBODY), Some(NOBODY)).unwrap();
    std::fs::set_permissions(&own, std::fs::Permissions::from_mode(0o600)).unwrap();
    succeeded(&solve_into(&own, Some(NOBODY)));
    let meta = std::fs::metadata(&own).unwrap();
    assert_eq!((meta.uid(), meta.mode() & 0o7777), (NOBODY, 0o600));
    assert_eq!(std::fs::read_to_string(&own).unwrap(), PRESSES_3X3);
    // Root's file that everyone may write: nobody cannot give a new file root's ownership, so
    // it is written in place and stays root's.
    let shared = file_in(dir.path(), "shared.txt", "old text\n");
    std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o666)).unwrap();
    let inode = std::fs::metadata(&shared).unwrap().ino();
    succeeded(&solve_into(&shared, Some(NOBODY)));
    let meta = std::fs::metadata(&shared).unwrap();
    assert_eq!((meta.uid(), meta.ino(), meta.mode() & 0o7777), (0, inode, 0o666));
    assert_eq!(std::fs::read_to_string(&shared).unwrap(), PRESSES_3X3);
    // Root's file that only root may write: refused, though the folder would allow a rename.
    let roots = file_in(dir.path(), "roots.txt", "old\n");
    let err = one_line_error(&solve_into(&roots, Some(NOBODY)));
    assert!(err.contains("permission denied"), "{err}");
    assert_eq!(std::fs::read_to_string(&roots).unwrap(), "old\n");
    assert_eq!(entries(dir.path()), ["own.txt", "roots.txt", "shared.txt"]);
}

/// Starts `args` (a command writing a large file into `dir`), waits until its temporary file
/// is there, sends `signal`, and returns how the command ended; None when it finished before
/// its temporary file was seen (too fast to interrupt).
fn interrupt_while_writing(
    args: &[&str],
    dir: &Path,
    signal: &str,
    as_user: Option<u32>,
) -> Option<std::process::ExitStatus> {
    let mut cmd = bin();
    if let Some(id) = as_user {
        cmd.uid(id).gid(id);
    }
    interrupt(cmd.args(args), dir, signal)
}

/// [`interrupt_while_writing`] for a command given whole.
fn interrupt(cmd: &mut Command, dir: &Path, signal: &str) -> Option<std::process::ExitStatus> {
    let mut child = cmd.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if entries(dir).iter().any(|n| n.ends_with(".tmp")) {
            assert!(Command::new("kill").args([signal, &child.id().to_string()]).status().unwrap().success());
            return Some(child.wait().unwrap());
        }
        if let Some(status) = child.try_wait().unwrap() {
            eprintln!("the command finished ({status}) before its temporary file was seen");
            return None;
        }
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("no temporary file within 60 s");
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

#[test]
fn an_interrupted_write_leaves_the_old_file_and_no_temporary_file() {
    // 16000×16000 presses as digits: 256 MB, long enough to be caught while it is written.
    let dir = tempfile::tempdir().unwrap();
    let path = file_in(dir.path(), "presses.txt", "old\n");
    let p = path.to_str().unwrap();
    let solve = ["lights-out", "solve", "--rows", "16000", "--cols", "16000", "--all-on", "--out", p];
    let random = ["lights-out", "random", "--rows", "16000", "--cols", "16000", "--seed", "1", "--out", p];
    let mut caught = 0;
    for (args, signal, number) in [(&solve[..], "-TERM", 15), (&random[..], "-INT", 2), (&random[..], "-TERM", 15)] {
        // A signal sent once the command had already ended (the test thread was slow to send it
        // on a busy machine: `kill` of a process not yet reaped succeeds) finds it finished.
        let status = interrupt_while_writing(args, dir.path(), signal, None).filter(|s| !s.success());
        if let Some(status) = status {
            caught += 1;
            // Died of the signal itself, as a shell expects (it shows 128 + the signal).
            assert_eq!(status.signal(), Some(number), "{status}");
            assert_eq!(entries(dir.path()), ["presses.txt"], "no temporary file is left");
            assert_eq!(std::fs::read_to_string(&path).unwrap(), "old\n");
        } else {
            // It finished: the whole new file, nothing beside it.
            assert_eq!(entries(dir.path()), ["presses.txt"]);
            std::fs::write(&path, "old\n").unwrap();
        }
    }
    assert!(caught > 0, "no write was caught while it ran");
    // A new file interrupted: nothing at all is left.
    std::fs::remove_file(&path).unwrap();
    if interrupt_while_writing(&random, dir.path(), "-TERM", None).is_some_and(|s| !s.success()) {
        assert!(entries(dir.path()).is_empty(), "{:?}", entries(dir.path()));
    }
}

#[test]
fn an_interrupted_write_by_an_unprivileged_user_leaves_nothing() {
    if !running_as_root() {
        eprintln!("skipped: needs root to run the tool as another user");
        return;
    }
    let dir = shared_folder();
    let path = dir.path().join("pattern.txt");
    let p = path.to_str().unwrap();
    let random = ["lights-out", "random", "--rows", "16000", "--cols", "16000", "--seed", "1", "--out", p];
    if let Some(status) = interrupt_while_writing(&random, dir.path(), "-TERM", Some(NOBODY)).filter(|s| !s.success()) {
        assert_eq!(status.signal(), Some(15), "{status}");
        assert!(entries(dir.path()).is_empty(), "{:?}", entries(dir.path()));
    }
}

#[test]
fn a_signal_ignored_from_the_start_stays_ignored() {
    // `nohup` starts the tool with SIGHUP ignored: a hang-up while it writes changes nothing,
    // and the whole file is written.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pattern.txt");
    let mut cmd = Command::new("nohup");
    cmd.arg(env!("CARGO_BIN_EXE_chessboard-puzzles"))
        .args(["lights-out", "random", "--rows", "16000", "--cols", "16000", "--seed", "1", "--out"])
        .arg(&path);
    if let Some(status) = interrupt(&mut cmd, dir.path(), "-HUP") {
        assert!(status.success(), "{status}");
    }
    assert_eq!(entries(dir.path()), ["pattern.txt"]);
    // 16000 rows of 16000 digits and a newline.
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 16000 * 16001);
}
