//! Files the command line reads, changes and writes. Reads are capped by size before anything
//! is loaded (a 50 MB "board" is refused, not read). Every whole file a command writes
//! (`--out`) goes through [`write_file`], which saves as a careful editor does. A board file is
//! changed by overwriting the one byte of the flipped coin in place, which is atomic (a single
//! byte cannot be half written), leaves no temporary file behind even under `kill -9`, follows
//! symlinks to their target, keeps the file's mode, owner and hard links (every name sees the
//! flip), and is made only after the answer has been printed.

use crate::{Error, Result};
use std::fs::File;
use std::io::{BufWriter, Read, Seek, Write};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// Largest file any command reads unless it has its own, smaller limit (a 4096×4096 Lights
/// pattern, one character a cell, is 16.8 MB).
pub const MAX_INPUT_BYTES: u64 = 64 << 20;

/// Reads a whole text file of at most [`MAX_INPUT_BYTES`], with the path in any error.
pub(crate) fn read_file(path: &Path) -> Result<String> {
    read_file_within(path, MAX_INPUT_BYTES, "an input file")
}

/// Reads a whole text file, refusing it by its size before reading when it is longer than
/// `max_bytes` (and stopping there for files that do not know their size, such as pipes).
/// A UTF-8 byte order mark at the start, which some editors write, is dropped.
pub(crate) fn read_file_within(path: &Path, max_bytes: u64, what: &str) -> Result<String> {
    let file = open_input(path)?;
    let mut text = read_within(file, path, max_bytes, what)?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

/// Opens a file to read, refusing — by its metadata, before opening it, since opening a FIFO
/// with no writer waits forever — a FIFO or a socket. A device is read as a file, up to the
/// size limit (`/dev/zero` is cut off there); standard input is read only where a command
/// takes `-`.
pub(crate) fn open_input(path: &Path) -> Result<File> {
    let meta = std::fs::metadata(path).map_err(|e| cannot("read", path, e))?;
    let kind = meta.file_type();
    if std::os::unix::fs::FileTypeExt::is_fifo(&kind) || std::os::unix::fs::FileTypeExt::is_socket(&kind) {
        crate::bail!(
            "cannot read {}: it is {}, not a regular file (inputs are regular files)",
            path.display(),
            special_kind(&kind)
        );
    }
    File::open(path).map_err(|e| cannot("read", path, e))
}

fn read_within(file: File, path: &Path, max_bytes: u64, what: &str) -> Result<String> {
    let too_big = || {
        Error::new(format!(
            "{} is larger than {max_bytes} bytes, the most {what} can be: refused unread",
            path.display()
        ))
    };
    let meta = file.metadata().map_err(|e| cannot("read", path, e))?;
    if meta.is_dir() {
        crate::bail!("cannot read {}: it is a folder", path.display());
    }
    if meta.len() > max_bytes {
        return Err(too_big());
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    (&file).take(max_bytes + 1).read_to_end(&mut bytes).map_err(|e| cannot("read", path, e))?;
    if bytes.len() as u64 > max_bytes {
        return Err(too_big());
    }
    String::from_utf8(bytes).map_err(|_| Error::new(format!("{} is not UTF-8 text", path.display())))
}

fn cannot(action: &str, path: &Path, e: std::io::Error) -> Error {
    Error::new(format!("cannot {action} {}: {}", path.display(), reason(&e)))
}

fn reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        std::io::ErrorKind::NotFound => "no such file or folder".to_string(),
        _ => e.to_string(),
    }
}

/// A file opened to be changed in place, with its text as read through the same handle.
pub(crate) struct EditableFile {
    file: File,
    path: PathBuf,
    pub text: String,
}

impl EditableFile {
    /// Opens a regular file for reading and writing, refusing — before reading it — a file
    /// whose mode has no write bit at all (`chmod a-w`; refused even for root, whom the system
    /// would let through, as editors refuse it), a file the system will not open for writing
    /// (someone else's, a read-only file system), and a file over `max_bytes`. Holds an
    /// exclusive lock so two runs on one file take turns.
    pub fn open(path: &Path, max_bytes: u64, what: &str) -> Result<EditableFile> {
        let meta = std::fs::metadata(path).map_err(|e| cannot("read", path, e))?;
        if !meta.is_file() {
            crate::bail!("cannot change {}: it is not a regular file", path.display());
        }
        if meta.permissions().readonly() {
            crate::bail!("{} is read-only (no write permission): not changed; make it writable first", path.display());
        }
        let file = File::options().read(true).write(true).open(path).map_err(|e| cannot("write", path, e))?;
        file.lock().map_err(|e| cannot("lock", path, e))?;
        let text = read_within(file.try_clone().map_err(|e| cannot("read", path, e))?, path, max_bytes, what)?;
        Ok(EditableFile { file, path: path.to_path_buf(), text })
    }

    /// The change of one byte at `offset`, to be made by [`PendingByte::commit`].
    pub fn pending_byte(self, offset: usize, byte: u8) -> PendingByte {
        PendingByte { file: self.file, path: self.path, offset: offset as u64, byte }
    }
}

/// One byte to overwrite in an open file, once the answer is out.
pub struct PendingByte {
    file: File,
    path: PathBuf,
    offset: u64,
    byte: u8,
}

impl PendingByte {
    /// Writes the byte where it stands and waits for it to reach the disk.
    pub fn commit(self) -> Result<()> {
        use std::os::unix::fs::FileExt;
        let fail = |e| cannot("write", &self.path, e);
        self.file.write_all_at(&[self.byte], self.offset).map_err(fail)?;
        self.file.sync_data().map_err(fail)
    }
}

/// Writes a whole file the way a careful editor saves one. Every command that writes a file
/// (`--out`) goes through here, and refuses before any work with [`check_out`].
///
/// - Nothing at the path: a new file, with the usual mode (0666 less the umask, so 0644).
/// - A symbolic link: written through to its target; the link stays a link. A link to nothing
///   is refused: where it points may not be the folder the user thinks, and following it by
///   hand would step around the system's protection of links in shared folders (the file
///   itself is always opened through the path as given, so the kernel checks every link).
/// - A folder, a FIFO, a device or a socket: refused, nothing written. Writing such a thing in
///   place would hang on a FIFO nobody reads or pour gigabytes into a device; replacing it
///   with a regular file (as a plain rename would) destroys it. Neither is what anyone asks
///   `--out` for.
/// - A regular file with no write bit at all (`chmod a-w`), or one the system will not open for
///   writing (someone else's, a read-only file system): refused, even for root, as editors do.
/// - A regular file with one name: the new text goes to a temporary file in the same folder,
///   is synced to disk, takes the old file's owner (when the system allows) and mode, and is
///   renamed over it; then the folder is synced. A crash leaves the old file or the new one,
///   never half of one.
/// - A file with several names (hard links), or whose owner this user cannot give the new
///   file: its identity is kept, so every name sees the new text and the owner stays. The
///   text is first written whole to a temporary file and synced (a failure or an interruption
///   while the text is made leaves the file untouched), then copied over the file in place and
///   synced. Should that copy fail (a full disk), the error names the temporary file, which is
///   kept with the whole text.
///
/// The temporary file is removed on any error, and when SIGINT, SIGTERM or SIGHUP interrupts
/// the command (see [`remove_temp_files_on_signals`]).
pub(crate) fn write_file(path: &Path, write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> Result<()> {
    let fail = |e: std::io::Error| cannot("write", path, e);
    let (real, old) = match inspect(path)? {
        None => (path.to_path_buf(), None),
        Some(Existing { real, file, meta }) => (real, Some((file, meta))),
    };
    let dir = folder_of(&real);
    // A new file is made with its final mode (the umask applies); a copy of an old one stays
    // private until it takes the old file's mode.
    let temp = TempFile::create(dir, &real, if old.is_some() { 0o600 } else { 0o666 }).map_err(|e| {
        let why = match e.kind() {
            std::io::ErrorKind::NotFound => format!("no such folder {}", dir.display()),
            _ => format!("cannot make a temporary file in {}: {}", dir.display(), reason(&e)),
        };
        Error::new(format!("cannot write {}: {why}", path.display()))
    })?;
    {
        let mut w = BufWriter::with_capacity(1 << 20, &temp.file);
        write(&mut w).and_then(|()| w.flush()).map_err(fail)?;
    }
    temp.file.sync_all().map_err(fail)?;
    match old {
        None => temp.rename_over(&real, dir).map_err(fail),
        Some((file, meta)) => {
            if meta.nlink() == 1 && temp.take_owner_and_mode(&meta).is_ok() {
                temp.rename_over(&real, dir).map_err(fail)
            } else {
                temp.copy_into(file, path)
            }
        }
    }
}

/// Replaces a whole file with `text` (a generated source file, say), by [`write_file`].
pub(crate) fn write_text(path: &Path, text: &str) -> Result<()> {
    write_file(path, |w| w.write_all(text.as_bytes()))
}

/// Refuses, before any work, a path [`write_file`] would refuse.
pub(crate) fn check_out(path: &Path) -> Result<()> {
    inspect(path).map(drop)
}

/// A regular file this user may write: its real path (symlinks resolved), opened for writing,
/// and its metadata.
struct Existing {
    real: PathBuf,
    file: File,
    meta: std::fs::Metadata,
}

/// The file at a path to be written, or None when there is none (a new file); an error for
/// anything [`write_file`] refuses.
fn inspect(path: &Path) -> Result<Option<Existing>> {
    use std::io::ErrorKind::NotFound;
    let refuse = |why: String| Err(Error::new(format!("cannot write {}: {why}; nothing written", path.display())));
    let meta = match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == NotFound => return Ok(None),
        Err(e) => return Err(cannot("write", path, e)),
        Ok(m) => m,
    };
    let (real, meta) = if meta.file_type().is_symlink() {
        match std::fs::metadata(path) {
            Err(e) if e.kind() == NotFound => {
                let to = std::fs::read_link(path).map(|p| p.display().to_string()).unwrap_or_default();
                return refuse(format!("it is a symbolic link to {to}, which does not exist"));
            }
            Err(e) => return Err(cannot("write", path, e)),
            Ok(m) => (std::fs::canonicalize(path).map_err(|e| cannot("write", path, e))?, m),
        }
    } else {
        (path.to_path_buf(), meta)
    };
    let kind = meta.file_type();
    if kind.is_dir() {
        return refuse("it is a folder".to_string());
    }
    if !kind.is_file() {
        return refuse(format!("it is {}, not a regular file", special_kind(&kind)));
    }
    if meta.permissions().readonly() {
        crate::bail!("{} is read-only (no write permission): not changed; make it writable first", path.display());
    }
    // Opening it for writing (not truncating) asks the system whether this user may write it.
    let file = File::options().write(true).open(path).map_err(|e| cannot("write", path, e))?;
    let opened = file.metadata().map_err(|e| cannot("write", path, e))?;
    if (opened.dev(), opened.ino()) != (meta.dev(), meta.ino()) {
        return refuse("it changed while it was being opened".to_string());
    }
    Ok(Some(Existing { real, file, meta }))
}

fn special_kind(kind: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_fifo() {
        "a FIFO (named pipe)"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "something else"
    }
}

fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Temporary files being written, which an interrupted command removes before it dies.
static TEMP_FILES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The registry, locked. Whoever holds it holds off the signal handler, which takes it before
/// removing anything: a rename or an in-place copy under the lock finishes before the process
/// dies, so the target is always the old text or the new.
fn temp_files() -> MutexGuard<'static, Vec<PathBuf>> {
    TEMP_FILES.lock().unwrap_or_else(|e| e.into_inner())
}

/// Installs, once, a thread that waits for SIGINT, SIGTERM or SIGHUP, removes the registered
/// temporary files and then dies of the same signal (the default action), so a shell sees
/// status 130 or 143 and a script that was interrupted stops too. A signal the process was
/// started with ignored stays ignored (`nohup` ignores SIGHUP; a shell ignores SIGINT for a job
/// it runs in the background). Commands that write no file never install it and keep the
/// default handling.
fn remove_temp_files_on_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    static INSTALLED: OnceLock<()> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        let ignored = ignored_signals();
        let caught: Vec<i32> = [SIGINT, SIGTERM, SIGHUP].into_iter().filter(|&s| ignored >> (s - 1) & 1 == 0).collect();
        if caught.is_empty() {
            return;
        }
        let flag = INTERRUPTED.get_or_init(|| Arc::new(AtomicUsize::new(0)));
        for &signal in &caught {
            let _ = signal_hook::flag::register_usize(signal, flag.clone(), signal as usize);
        }
        let Ok(mut signals) = signal_hook::iterator::Signals::new(caught) else { return };
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                die_of(signal);
            }
        });
    });
}

/// The signal that interrupted the command, noted in the signal handler itself: the thread
/// that acts on it may not have run yet when the command ends.
static INTERRUPTED: OnceLock<Arc<AtomicUsize>> = OnceLock::new();

/// Called as the command ends: if a signal came, dies of it as the handler thread would have.
/// Without this, a Ctrl-C that came just as the file was committed could lose the race to the
/// end of `main` and exit 0, and `tool && next` would go on after an interrupt.
pub fn die_if_interrupted() {
    let signal = INTERRUPTED.get().map_or(0, |flag| flag.load(Ordering::SeqCst));
    if signal != 0 {
        die_of(signal as i32);
    }
}

/// Removes the registered temporary files and dies of `signal` (status 128 + signal).
fn die_of(signal: i32) -> ! {
    let files = temp_files();
    for path in files.iter() {
        let _ = std::fs::remove_file(path);
    }
    // Dies here, holding the registry, so nothing is renamed after the removal.
    let _ = signal_hook::low_level::emulate_default_handler(signal);
    std::process::exit(128 + signal);
}

/// The signals this process ignores, bit `s − 1` for signal `s`, as the kernel reports them
/// (Linux's /proc); none where there is no such report.
fn ignored_signals() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let mask = status.lines().find_map(|l| l.strip_prefix("SigIgn:"));
    mask.and_then(|m| u64::from_str_radix(m.trim(), 16).ok()).unwrap_or(0)
}

/// A registered temporary file beside the target, removed when dropped unless it was renamed
/// over the target or deliberately kept.
struct TempFile {
    path: PathBuf,
    file: File,
    done: bool,
}

impl TempFile {
    /// A new file `.NAME.RANDOM.tmp` in `dir`, registered before it exists so that no signal
    /// can leave it behind.
    fn create(dir: &Path, beside: &Path, mode: u32) -> std::io::Result<TempFile> {
        use std::os::unix::fs::OpenOptionsExt;
        remove_temp_files_on_signals();
        let name: String =
            beside.file_name().map(|n| n.to_string_lossy().chars().take(100).collect()).unwrap_or_default();
        for _ in 0..16 {
            let path = dir.join(format!(".{name}.{:016x}.tmp", crate::seed::fresh_seed()));
            temp_files().push(path.clone());
            match File::options().read(true).write(true).create_new(true).mode(mode).open(&path) {
                Ok(file) => return Ok(TempFile { path, file, done: false }),
                Err(e) => {
                    temp_files().retain(|p| p != &path);
                    if e.kind() != std::io::ErrorKind::AlreadyExists {
                        return Err(e);
                    }
                }
            }
        }
        Err(std::io::Error::new(std::io::ErrorKind::AlreadyExists, "every temporary name tried was taken"))
    }

    /// Gives the file the old file's owner and group (when they differ from this user's, only
    /// root may) and then its mode (after, since a change of owner clears set-user-ID bits).
    fn take_owner_and_mode(&self, old: &std::fs::Metadata) -> std::io::Result<()> {
        let mine = self.file.metadata()?;
        if (mine.uid(), mine.gid()) != (old.uid(), old.gid()) {
            std::os::unix::fs::fchown(&self.file, Some(old.uid()), Some(old.gid()))?;
        }
        self.file.set_permissions(std::fs::Permissions::from_mode(old.mode() & 0o7777))
    }

    /// Renames the file over `target`, then syncs the folder so the rename itself is on disk.
    fn rename_over(mut self, target: &Path, dir: &Path) -> std::io::Result<()> {
        {
            let mut files = temp_files();
            std::fs::rename(&self.path, target)?;
            files.retain(|p| p != &self.path);
            self.done = true;
        }
        // Some file systems cannot sync a folder; the rename is made either way.
        if let Ok(folder) = File::open(dir) {
            let _ = folder.sync_all();
        }
        Ok(())
    }

    /// Copies the whole text over the old file in place (same inode, so every hard link and the
    /// owner stay), syncs it and removes the temporary file; on failure keeps the temporary
    /// file and names it.
    fn copy_into(mut self, mut target: File, path: &Path) -> Result<()> {
        let mut files = temp_files();
        let copied = (|| {
            self.file.rewind()?;
            let len = std::io::copy(&mut self.file, &mut target)?;
            target.set_len(len)?;
            target.sync_all()
        })();
        files.retain(|p| p != &self.path);
        self.done = true;
        match copied {
            Ok(()) => {
                let _ = std::fs::remove_file(&self.path);
                Ok(())
            }
            Err(e) => Err(Error::new(format!(
                "cannot write {}: {}; the whole new text is in {}",
                path.display(),
                reason(&e),
                self.path.display()
            ))),
        }
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if !self.done {
            let mut files = temp_files();
            let _ = std::fs::remove_file(&self.path);
            files.retain(|p| p != &self.path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn write(path: &Path, text: &str) -> Result<()> {
        write_text(path, text)
    }

    /// Names in `dir`, hidden ones too, sorted.
    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> =
            std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    }

    /// This process's umask, from the kernel's own report.
    fn umask() -> u32 {
        let status = std::fs::read_to_string("/proc/self/status").unwrap();
        let line = status.lines().find(|l| l.starts_with("Umask:")).unwrap();
        u32::from_str_radix(line["Umask:".len()..].trim(), 8).unwrap()
    }

    #[test]
    fn a_new_file_gets_0666_less_the_umask_and_nothing_is_left_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new.txt");
        write(&path, "hello\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "hello\n");
        assert_eq!(std::fs::metadata(&path).unwrap().mode() & 0o777, 0o666 & !umask());
        assert_eq!(entries(dir.path()), ["new.txt"]);
    }

    #[test]
    fn an_old_file_is_replaced_keeping_its_mode() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.txt");
        std::fs::write(&path, "a much longer old text\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        let inode = std::fs::metadata(&path).unwrap().ino();
        write(&path, "new\n").unwrap();
        let meta = std::fs::metadata(&path).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new\n");
        assert_eq!(meta.mode() & 0o7777, 0o600);
        assert_ne!(meta.ino(), inode, "a file with one name is replaced by a rename");
        assert_eq!(entries(dir.path()), ["old.txt"]);
    }

    #[test]
    fn a_symlink_is_written_through_and_stays_a_link() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        let target = dir.path().join("sub/target.txt");
        std::fs::write(&target, "old\n").unwrap();
        let link = dir.path().join("link.txt");
        symlink("sub/target.txt", &link).unwrap();
        write(&link, "new\n").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read_link(&link).unwrap(), Path::new("sub/target.txt"));
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new\n");
        assert_eq!(entries(dir.path()), ["link.txt", "sub"]);
        assert_eq!(entries(&dir.path().join("sub")), ["target.txt"]);
        // A link to nothing is refused, and nothing is made where it points.
        let dangling = dir.path().join("dangling");
        symlink("nowhere.txt", &dangling).unwrap();
        let e = write(&dangling, "x").unwrap_err();
        assert!(e.message().contains("symbolic link to nowhere.txt, which does not exist"), "{}", e.message());
        assert!(!dir.path().join("nowhere.txt").exists());
    }

    #[test]
    fn a_hard_linked_file_is_written_in_place_so_every_name_sees_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        let twin = dir.path().join("b.txt");
        std::fs::write(&path, "the old text, longer than the new one\n").unwrap();
        std::fs::hard_link(&path, &twin).unwrap();
        let inode = std::fs::metadata(&path).unwrap().ino();
        write(&path, "new\n").unwrap();
        assert_eq!(std::fs::read_to_string(&twin).unwrap(), "new\n");
        let meta = std::fs::metadata(&path).unwrap();
        assert_eq!((meta.ino(), meta.nlink(), meta.len()), (inode, 2, 4));
        assert_eq!(entries(dir.path()), ["a.txt", "b.txt"]);
    }

    #[test]
    fn folders_fifos_devices_and_read_only_files_are_refused_unchanged() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        let read_only = dir.path().join("ro.txt");
        std::fs::write(&read_only, "old\n").unwrap();
        std::fs::set_permissions(&read_only, std::fs::Permissions::from_mode(0o444)).unwrap();
        let cases: [(&Path, &str); 4] = [
            (dir.path(), "it is a folder; nothing written"),
            (&fifo, "it is a FIFO (named pipe), not a regular file; nothing written"),
            (Path::new("/dev/null"), "it is a device, not a regular file; nothing written"),
            (&read_only, "is read-only (no write permission): not changed"),
        ];
        for (path, why) in cases {
            let e = write(path, "x").unwrap_err();
            assert!(e.message().contains(why), "{}: {}", path.display(), e.message());
            assert!(check_out(path).is_err());
        }
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
        assert_eq!(std::fs::read_to_string(&read_only).unwrap(), "old\n");
        assert_eq!(entries(dir.path()), ["fifo", "ro.txt"]);
        use std::os::unix::fs::FileTypeExt;
        assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device());
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.txt");
        std::fs::write(&path, "old\n").unwrap();
        let e = write_file(&path, |w| {
            w.write_all(b"half of it")?;
            Err(std::io::Error::other("the generator failed"))
        })
        .unwrap_err();
        assert!(e.message().contains("the generator failed"), "{}", e.message());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old\n");
        assert_eq!(entries(dir.path()), ["old.txt"]);
        assert!(!temp_files().iter().any(|p| p.starts_with(dir.path())), "unregistered");
        let missing = dir.path().join("no-such-folder/x.txt");
        assert_eq!(
            write(&missing, "x").unwrap_err().message(),
            format!(
                "cannot write {}: no such folder {}",
                missing.display(),
                dir.path().join("no-such-folder").display()
            )
        );
    }

    #[test]
    fn a_byte_order_mark_is_dropped_from_text_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bom.txt");
        std::fs::write(&path, b"\xEF\xBB\xBF10\n01\n").unwrap();
        assert_eq!(read_file(&path).unwrap(), "10\n01\n");
        std::fs::write(&path, "1\u{feff}0\n").unwrap();
        assert_eq!(read_file(&path).unwrap(), "1\u{feff}0\n", "only a leading mark is dropped");
    }
}
