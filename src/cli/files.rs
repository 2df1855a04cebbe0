//! Files the command line reads and changes. Reads are capped by size before anything is
//! loaded (a 50 MB "board" is refused, not read). A board file is changed by overwriting the
//! one byte of the flipped coin in place, which is atomic (a single byte cannot be half
//! written), leaves no temporary file behind even under `kill -9`, follows symlinks to their
//! target, keeps the file's mode, owner and hard links (every name sees the flip), and is
//! made only after the answer has been printed.

use crate::{Error, Result};
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Largest file any command reads unless it has its own, smaller limit (a 4096×4096 Lights
/// pattern, one character a cell, is 16.8 MB).
pub const MAX_INPUT_BYTES: u64 = 64 << 20;

/// Reads a whole text file of at most [`MAX_INPUT_BYTES`], with the path in any error.
pub(crate) fn read_file(path: &Path) -> Result<String> {
    read_file_within(path, MAX_INPUT_BYTES, "an input file")
}

/// Reads a whole text file, refusing it by its size before reading when it is longer than
/// `max_bytes` (and stopping there for files that do not know their size, such as pipes).
pub(crate) fn read_file_within(path: &Path, max_bytes: u64, what: &str) -> Result<String> {
    let file = File::open(path).map_err(|e| cannot("read", path, e))?;
    read_within(file, path, max_bytes, what)
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
    let reason = match e.kind() {
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        _ => e.to_string(),
    };
    Error::new(format!("cannot {action} {}: {reason}", path.display()))
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

/// Replaces a whole file (a generated source file, say): a temporary file in the same folder,
/// then a rename, so a crash never leaves half a file; the file's permissions are kept.
pub(crate) fn write_file_atomically(path: &Path, text: &str) -> Result<()> {
    use std::io::Write;
    let fail = |e: std::io::Error| cannot("write", path, e);
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(fail)?;
    tmp.write_all(text.as_bytes()).map_err(fail)?;
    tmp.as_file().sync_all().map_err(fail)?;
    if let Ok(meta) = std::fs::metadata(path) {
        let _ = std::fs::set_permissions(tmp.path(), meta.permissions());
    }
    tmp.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}
