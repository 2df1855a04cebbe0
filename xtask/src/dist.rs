//! `cargo xtask dist [--out DIR]`: the site as a self-contained folder for any static host.
//! Every file of www/ as it is, except the wasm modules and their glue, which get content-hashed
//! names (cacheable forever) listed in a rewritten `pkg/modules.js`; a `.gz` beside every
//! compressible file of 1 KiB or more, for hosts that serve precompressed files. All URLs in
//! the site are relative, so it works from a sub-path too. A service worker `sw.js` (from
//! xtask/src/sw.js) precaches the build for offline use; the pages register it only when dist
//! marked them (`<meta name="service-worker">`), so `cargo xtask serve` runs without one.

use crate::build::{self, ModuleFiles};
use crate::site_files::{compressible, content_type, gzip, MIN_GZIP};
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};

/// What `cargo xtask dist` was asked for.
pub struct Options {
    /// Where to write the site (default `dist/`).
    pub out: Option<PathBuf>,
    /// The address the site will have (ends with `/`), for the link previews' absolute URLs.
    pub site_url: Option<String>,
    /// Write the service worker and mark the pages to register it (not in the npm package).
    pub service_worker: bool,
    /// Write `.gz` files beside the large ones (not in the npm package: CDNs compress).
    pub precompress: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { out: None, site_url: None, service_worker: true, precompress: true }
    }
}

pub fn run(options: Options) -> Result<()> {
    write(options).map(|_| ())
}

/// Writes the site; returns its modules under their hashed names (in `pkg/`).
pub fn write(options: Options) -> Result<Vec<ModuleFiles>> {
    let modules = build::wasm()?;
    let root = crate::root();
    let out = options.out.unwrap_or_else(|| root.join("dist"));
    prepare(&out)?;
    let www = root.join("www");
    copy_tree(&www, &out, &www.join("pkg"))?;
    let pkg = out.join("pkg");
    std::fs::create_dir_all(&pkg)?;
    let mut hashed = Vec::new();
    for m in &modules {
        hashed.push(ModuleFiles {
            name: m.name,
            js: copy_hashed(&www.join("pkg").join(&m.js), &pkg)?,
            wasm: copy_hashed(&www.join("pkg").join(&m.wasm), &pkg)?,
        });
    }
    build::write_manifest(&pkg, &hashed)?;
    let renames: Vec<(String, String)> = modules
        .iter()
        .zip(&hashed)
        .flat_map(|(m, h)| [(m.js.clone(), h.js.clone()), (m.wasm.clone(), h.wasm.clone())])
        .collect();
    rename_preloads(&out, &renames)?;
    if let Some(url) = &options.site_url {
        absolute_previews(&out, url)?;
    }
    if options.service_worker {
        let files = service_worker(&out)?;
        eprintln!("xtask: sw.js precaches {files} files");
    }
    let gz = if options.precompress { precompress(&out)? } else { 0 };
    eprintln!("xtask: wrote {} ({gz} precompressed .gz files)", out.display());
    for m in &hashed {
        let size = std::fs::metadata(pkg.join(&m.wasm))?.len();
        eprintln!("xtask:   pkg/{} {} KiB", m.wasm, size / 1024);
    }
    Ok(hashed)
}

/// The service worker's source; `__BUILD__` and `__FILES__` are filled in per build.
const SERVICE_WORKER: &str = include_str!("sw.js");
/// The mark a page's www/js/offline.js looks for before registering the worker.
const WORKER_MARK: &str = "<meta name=\"service-worker\" content=\"sw.js\">";
const MANIFEST_LINK: &str = "<link rel=\"manifest\" href=\"manifest.webmanifest\">";
/// Images only link previews and the docs show: no page needs them offline.
const NOT_PRECACHED: [&str; 3] = ["img/preview-", "img/screenshot-", "img/embed-"];

/// Writes `sw.js`, precaching every file of the build (its cache named after a CRC-32 of them
/// all), and marks the pages that link the web app manifest so they register it. Returns how
/// many files it precaches.
fn service_worker(out: &Path) -> Result<usize> {
    let mut files = Vec::new();
    list_files(out, out, &mut files)?;
    files.retain(|f| !f.ends_with(".gz") && f != "sw.js" && !NOT_PRECACHED.iter().any(|p| f.starts_with(p)));
    files.sort();
    let mut crc = flate2::Crc::new();
    crc.update(SERVICE_WORKER.as_bytes());
    for file in &files {
        crc.update(file.as_bytes());
        crc.update(&[0]);
        crc.update(&std::fs::read(out.join(file))?);
    }
    let list = files.iter().map(|f| format!("'{f}'")).collect::<Vec<_>>().join(",\n  ");
    let source = SERVICE_WORKER
        .replace("__BUILD__", &format!("{:08x}", crc.sum()))
        .replace("__FILES__", &format!("[\n  {list},\n]"));
    std::fs::write(out.join("sw.js"), source)?;
    rewrite_pages(out, |_, page| page.replace(MANIFEST_LINK, &format!("{MANIFEST_LINK}\n{WORKER_MARK}")))?;
    Ok(files.len())
}

/// Every file under `dir`, as a path relative to `root` with `/` between folders.
fn list_files(root: &Path, dir: &Path, files: &mut Vec<String>) -> Result<()> {
    for entry in std::fs::read_dir(dir)?.flatten() {
        let path = entry.path();
        if path.is_dir() {
            list_files(root, &path, files)?;
        } else {
            let relative =
                path.strip_prefix(root)?.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>();
            files.push(relative.join("/"));
        }
    }
    Ok(())
}

/// Empties `out` if it is an earlier dist; refuses any other folder that is not empty.
fn prepare(out: &Path) -> Result<()> {
    if out.exists() {
        let empty = std::fs::read_dir(out)?.next().is_none();
        if !empty && !out.join("pkg/modules.js").is_file() {
            bail!("{} is not empty and not an earlier dist: choose another --out", out.display());
        }
        std::fs::remove_dir_all(out).with_context(|| format!("cannot empty {}", out.display()))?;
    }
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))
}

/// Copies every file under `from` to `to`, leaving out the folder `skip`.
fn copy_tree(from: &Path, to: &Path, skip: &Path) -> Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)?.flatten() {
        let path = entry.path();
        let target = to.join(entry.file_name());
        if path == skip {
            continue;
        }
        if path.is_dir() {
            copy_tree(&path, &target, skip)?;
        } else {
            std::fs::copy(&path, &target).with_context(|| format!("cannot copy {}", path.display()))?;
        }
    }
    Ok(())
}

/// Points the pages' preload links (`href="pkg/devil_bg.wasm"`) at the hashed names, so the
/// preloaded files are the ones `pkg/modules.js` makes the page fetch.
fn rename_preloads(out: &Path, renames: &[(String, String)]) -> Result<()> {
    rewrite_pages(out, |_, page| {
        renames.iter().fold(page.to_string(), |page, (from, to)| {
            page.replace(&format!("href=\"pkg/{from}\""), &format!("href=\"pkg/{to}\""))
        })
    })
}

/// Rewrites every page (`*.html`) at the top of `out` with `edit(file name, text)`.
fn rewrite_pages(out: &Path, edit: impl Fn(&str, &str) -> String) -> Result<()> {
    for entry in std::fs::read_dir(out)?.flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "html") {
            continue;
        }
        let page = std::fs::read_to_string(&path)?;
        let edited = edit(&entry.file_name().to_string_lossy(), &page);
        if edited != page {
            std::fs::write(&path, edited)?;
        }
    }
    Ok(())
}

/// `--site-url`: an http(s) address, with the `/` a folder needs added.
pub fn site_url(url: &str) -> Result<String> {
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
    if !rest.is_some_and(|r| !r.is_empty() && !r.starts_with('/')) || url.contains(['"', '<', '>', '#', '?', ' ']) {
        bail!("--site-url takes the site's address, like https://example.org/puzzles/, not '{url}'");
    }
    Ok(if url.ends_with('/') { url.to_string() } else { format!("{url}/") })
}

/// Link previews need absolute URLs (most unfurlers do not resolve `img/…` against the page):
/// with the site's address known, each page gets `og:url` and absolute image URLs.
fn absolute_previews(out: &Path, url: &str) -> Result<()> {
    rewrite_pages(out, |name, page| {
        let own = if name == "index.html" { url.to_string() } else { format!("{url}{name}") };
        page.replace(
            "<meta property=\"og:type\" content=\"website\">",
            &format!("<meta property=\"og:type\" content=\"website\">\n<meta property=\"og:url\" content=\"{own}\">"),
        )
        .replace(
            "<meta property=\"og:image\" content=\"img/",
            &format!("<meta property=\"og:image\" content=\"{url}img/"),
        )
        .replace(
            "<meta name=\"twitter:image\" content=\"img/",
            &format!("<meta name=\"twitter:image\" content=\"{url}img/"),
        )
    })
}

/// Copies `file` into `dir` as `<stem>.<hash>.<ext>`; returns the new name.
fn copy_hashed(file: &Path, dir: &Path) -> Result<String> {
    let bytes = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    let name = hashed_name(file, &bytes);
    std::fs::write(dir.join(&name), bytes)?;
    Ok(name)
}

/// `devil_bg.wasm` → `devil_bg.<8 hex digits of the content's CRC-32>.wasm`.
pub fn hashed_name(file: &Path, bytes: &[u8]) -> String {
    let mut crc = flate2::Crc::new();
    crc.update(bytes);
    let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("file");
    let ext = file.extension().and_then(|s| s.to_str()).unwrap_or("bin");
    format!("{stem}.{:08x}.{ext}", crc.sum())
}

/// Writes `<file>.gz` beside every compressible file of at least MIN_GZIP bytes; returns how many.
fn precompress(dir: &Path) -> Result<usize> {
    let mut count = 0;
    for entry in std::fs::read_dir(dir)?.flatten() {
        let path = entry.path();
        if path.is_dir() {
            count += precompress(&path)?;
            continue;
        }
        let size = entry.metadata()?.len();
        if size >= MIN_GZIP && compressible(content_type(&path)) {
            let mut gz = path.as_os_str().to_owned();
            gz.push(".gz");
            std::fs::write(PathBuf::from(gz), gzip(&std::fs::read(&path)?)?)?;
            count += 1;
        }
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("xtask-dist-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn hashed_names_change_with_the_content_and_are_cached_forever_by_the_server() {
        let a = hashed_name(Path::new("pkg/devil_bg.wasm"), b"one");
        let b = hashed_name(Path::new("pkg/devil_bg.wasm"), b"two");
        assert_ne!(a, b);
        assert_eq!(a, hashed_name(Path::new("devil_bg.wasm"), b"one"));
        // CRC-32 of "one", from Python's zlib.crc32(b"one").
        assert_eq!(a, "devil_bg.7a6c86f1.wasm");
        assert!(crate::site_files::is_content_hashed(Path::new(&a)));
        assert!(!crate::site_files::is_content_hashed(Path::new("devil_bg.wasm")));
        assert!(!crate::site_files::is_content_hashed(Path::new("chess-sample.pgn")));
    }

    #[test]
    fn a_folder_that_is_not_an_earlier_dist_is_left_alone() {
        let dir = scratch("refuse");
        std::fs::write(dir.join("notes.txt"), "mine").unwrap();
        assert!(prepare(&dir).is_err());
        assert_eq!(std::fs::read_to_string(dir.join("notes.txt")).unwrap(), "mine");

        let earlier = scratch("earlier");
        std::fs::create_dir_all(earlier.join("pkg")).unwrap();
        std::fs::write(earlier.join("pkg/modules.js"), "export default {};").unwrap();
        std::fs::write(earlier.join("old.html"), "old").unwrap();
        prepare(&earlier).unwrap();
        assert_eq!(std::fs::read_dir(&earlier).unwrap().count(), 0);
    }

    #[test]
    fn large_text_and_wasm_get_a_gz_that_decodes_to_them() {
        let dir = scratch("gz");
        let text = "let x = 1;\n".repeat(200);
        std::fs::write(dir.join("big.js"), &text).unwrap();
        std::fs::write(dir.join("small.css"), "a{}").unwrap();
        std::fs::write(dir.join("photo.png"), vec![7u8; 5000]).unwrap();
        assert_eq!(precompress(&dir).unwrap(), 1);
        let mut unzipped = String::new();
        let gz = std::fs::read(dir.join("big.js.gz")).unwrap();
        flate2::read::GzDecoder::new(&gz[..]).read_to_string(&mut unzipped).unwrap();
        assert_eq!(unzipped, text);
        assert!(!dir.join("small.css.gz").exists() && !dir.join("photo.png.gz").exists());
    }

    #[test]
    fn preload_links_follow_the_hashed_names() {
        let dir = scratch("preload");
        let page = "<link rel=\"modulepreload\" href=\"pkg/devil.js\">\n<link rel=\"preload\" href=\"pkg/devil_bg.wasm\">\n<a href=\"pkg/devil.json\">";
        std::fs::write(dir.join("devil.html"), page).unwrap();
        std::fs::write(dir.join("notes.txt"), "href=\"pkg/devil.js\"").unwrap();
        let renames = [
            ("devil.js".to_string(), "devil.0a1b2c3d.js".to_string()),
            ("devil_bg.wasm".to_string(), "devil_bg.4e5f6071.wasm".to_string()),
        ];
        rename_preloads(&dir, &renames).unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.join("devil.html")).unwrap(),
            "<link rel=\"modulepreload\" href=\"pkg/devil.0a1b2c3d.js\">\n<link rel=\"preload\" href=\"pkg/devil_bg.4e5f6071.wasm\">\n<a href=\"pkg/devil.json\">"
        );
        assert_eq!(std::fs::read_to_string(dir.join("notes.txt")).unwrap(), "href=\"pkg/devil.js\"");
    }

    #[test]
    fn a_site_url_makes_the_previews_absolute() {
        assert_eq!(site_url("https://example.org/puzzles").unwrap(), "https://example.org/puzzles/");
        assert_eq!(site_url("http://example.org/").unwrap(), "http://example.org/");
        for bad in ["example.org", "https://", "ftp://x.org/", "https://x.org/\"><script>", "https:///x"] {
            assert!(site_url(bad).is_err(), "{bad}");
        }
        let dir = scratch("previews");
        let head = "<meta property=\"og:type\" content=\"website\">\n<meta property=\"og:image\" content=\"img/preview-devil.png\">\n<meta name=\"twitter:image\" content=\"img/preview-devil.png\">";
        std::fs::write(dir.join("devil.html"), head).unwrap();
        std::fs::write(dir.join("index.html"), head).unwrap();
        absolute_previews(&dir, "https://example.org/puzzles/").unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.join("devil.html")).unwrap(),
            "<meta property=\"og:type\" content=\"website\">\n<meta property=\"og:url\" content=\"https://example.org/puzzles/devil.html\">\n<meta property=\"og:image\" content=\"https://example.org/puzzles/img/preview-devil.png\">\n<meta name=\"twitter:image\" content=\"https://example.org/puzzles/img/preview-devil.png\">"
        );
        assert!(std::fs::read_to_string(dir.join("index.html"))
            .unwrap()
            .contains("og:url\" content=\"https://example.org/puzzles/\">"));
    }
}
