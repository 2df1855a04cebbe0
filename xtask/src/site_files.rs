//! What a file of the site is to a static host: its content type, whether gzip makes it smaller,
//! whether its name carries a content hash (so it may be cached forever). The dev server answers
//! by these and `dist` writes its precompressed copies by them, so the two never disagree.

use flate2::{write::GzEncoder, Compression};
use std::io::Write;
use std::path::Path;

/// Files smaller than this are sent as they are: gzip would save a few bytes at best.
pub const MIN_GZIP: u64 = 1024;

/// gzip at the best level: files are compressed once and served many times.
pub fn gzip(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
    encoder.write_all(bytes)?;
    encoder.finish()
}

/// Whether a file name carries a content hash (`devil.3f9a2c1e.js`), so it can be cached
/// forever: a new version gets a new name.
pub fn is_content_hashed(file: &Path) -> bool {
    let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let parts: Vec<&str> = name.split('.').collect();
    parts.len() >= 3 && {
        let hash = parts[parts.len() - 2];
        hash.len() >= 8 && hash.bytes().all(|b| b.is_ascii_hexdigit())
    }
}

pub fn content_type(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        // `ts`: the wasm modules' declarations beside their glue, read by editors and bundlers.
        "pgn" | "txt" | "md" | "ts" => "text/plain; charset=utf-8",
        "gz" => "application/gzip",
        _ => "application/octet-stream",
    }
}

/// Whether gzip makes a file of this type smaller (images and fonts are compressed already).
pub fn compressible(content_type: &str) -> bool {
    content_type.starts_with("text/")
        || ["application/wasm", "application/json", "application/manifest+json", "image/svg+xml"]
            .contains(&content_type)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_type_in_www_has_its_content_type() {
        let mut stack = vec![crate::root().join("www")];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(dir).unwrap().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                } else {
                    assert_ne!(content_type(&path), "application/octet-stream", "{}", path.display());
                }
            }
        }
    }
}
