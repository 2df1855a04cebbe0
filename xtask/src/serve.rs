//! A static file server on 127.0.0.1 for `serve`, the browser tests and `dist` checks, behaving
//! like a real static host: gzip when the client accepts it (a precompressed `.gz` beside the
//! file when it is up to date), ETag revalidation with `304`, long-lived caching for
//! content-hashed names, CORS for embeds on other origins, and deadlines for slow clients.
//!
//! hyper parses HTTP (malformed heads get `400`, oversized ones `431`/`414`) and holds the head
//! deadline; tokio runs it, so an idle or slow client costs a task, never a thread. The file
//! handler is ours rather than tower-http's `ServeDir` because `ServeDir` opens files by path and
//! offers no look at the opened file: here a file is opened first and its real path is read back
//! from the open descriptor (`/proc/self/fd/N`), so a symlink swapped in between a check and the
//! open cannot serve anything from outside the root: the bytes sent are those of the checked file.

use crate::serve_build::ModuleBuilds;
use crate::site_files::{compressible, content_type, gzip, is_content_hashed, MIN_GZIP};
use anyhow::{Context, Result};
use bytes::Bytes;
use http_body_util::Full;
use hyper::header::{self, HeaderValue};
use hyper::{body::Incoming, Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::fs::{File, Metadata};
use std::io::Read;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, SystemTime};

/// The server's bounds on time and numbers, which keep slow, idle and numerous clients from
/// holding it up.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The whole request head must arrive within this long of the connect, however it trickles
    /// (silence included); else the connection is closed without an answer.
    pub head: Duration,
    /// A connection (head and answer) is cut off this long after the connect: a client that
    /// does not read its answer is dropped.
    pub total: Duration,
    /// Connections open at once; more wait in the kernel's listen backlog until one closes.
    pub connections: usize,
}

impl Limits {
    pub const DEFAULT: Limits =
        Limits { head: Duration::from_secs(10), total: Duration::from_secs(30), connections: 512 };
}

/// The most bytes of a request head (line and headers); more gets `431` (hyper's minimum is 8 KiB).
const MAX_HEAD: usize = 24 * 1024;

pub fn run(port: u16) -> Result<()> {
    let listener = bind(port)?;
    let builds = ModuleBuilds::start()?;
    println!("Chessboard Puzzles: http://127.0.0.1:{}/  (Ctrl-C stops)", listener.local_addr()?.port());
    println!("(the wasm modules build meanwhile: a page waits for its own, which is built first)");
    // A module's files wait for its build (a minute or more on a fresh clone) inside the
    // connection's deadline, so under `serve` that deadline is longer.
    let limits = Limits { total: Duration::from_secs(15 * 60), ..Limits::DEFAULT };
    serve_forever(listener, crate::root().join("www"), limits, Some(builds))
}

fn bind(port: u16) -> Result<std::net::TcpListener> {
    let listener = std::net::TcpListener::bind(("127.0.0.1", port))
        .with_context(|| format!("cannot listen on 127.0.0.1:{port}"))?;
    listener.set_nonblocking(true)?;
    Ok(listener)
}

/// Serves `root` from a tokio runtime on a background thread (for tests); returns the port.
pub fn spawn(root: PathBuf) -> Result<u16> {
    spawn_with(root, Limits::DEFAULT)
}

/// Serves `root` on a background thread with the given limits; returns the port.
pub fn spawn_with(root: PathBuf, limits: Limits) -> Result<u16> {
    let listener = bind(0)?;
    let port = listener.local_addr()?.port();
    std::thread::spawn(move || serve_forever(listener, root, limits, None));
    Ok(port)
}

/// Serves `root`; with `builds`, a module's files are answered once this session has built it.
fn serve_forever(
    listener: std::net::TcpListener,
    root: PathBuf,
    limits: Limits,
    builds: Option<Arc<ModuleBuilds>>,
) -> Result<()> {
    let root: Arc<Path> = root.canonicalize().with_context(|| format!("no folder {}", root.display()))?.into();
    let runtime =
        tokio::runtime::Builder::new_multi_thread().worker_threads(2).max_blocking_threads(16).enable_all().build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        let slots = Arc::new(tokio::sync::Semaphore::new(limits.connections));
        loop {
            let slot = Arc::clone(&slots).acquire_owned().await?;
            let Ok((stream, _)) = listener.accept().await else {
                // Most likely out of file descriptors: let some close.
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            };
            let (root, builds) = (Arc::clone(&root), builds.clone());
            tokio::spawn(async move {
                let service = hyper::service::service_fn(move |request| {
                    let (root, builds) = (Arc::clone(&root), builds.clone());
                    async move { Ok::<_, std::convert::Infallible>(answer(root, builds, request).await) }
                });
                let mut http = hyper::server::conn::http1::Builder::new();
                http.timer(TokioTimer::new()).header_read_timeout(limits.head).max_buf_size(MAX_HEAD);
                let connection = http.keep_alive(false).serve_connection(TokioIo::new(stream), service);
                let _ = tokio::time::timeout(limits.total, connection).await;
                drop(slot);
            });
        }
    })
}

type Answer = Response<Full<Bytes>>;

async fn answer(root: Arc<Path>, builds: Option<Arc<ModuleBuilds>>, request: Request<Incoming>) -> Answer {
    if request.method() != Method::GET && request.method() != Method::HEAD {
        let mut refusal = plain(StatusCode::METHOD_NOT_ALLOWED, "only GET and HEAD");
        refusal.headers_mut().insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return refusal;
    }
    let path = request.uri().path().to_string();
    if !path.starts_with('/') || request.uri().authority().is_some() {
        return plain(StatusCode::BAD_REQUEST, "a request line is: METHOD /path HTTP/1.1");
    }
    if let Some(builds) = builds {
        if let Err(e) = builds.ready(&path).await {
            return plain(StatusCode::SERVICE_UNAVAILABLE, &format!("this module did not build: {e}"));
        }
    }
    let headers = request.headers();
    let gzip = headers.get_all(header::ACCEPT_ENCODING).iter().any(|v| v.to_str().is_ok_and(accepts_gzip));
    let tags = headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()).map(str::to_string);
    tokio::task::spawn_blocking(move || respond(&root, &path, gzip, tags.as_deref()))
        .await
        .unwrap_or_else(|_| plain(StatusCode::INTERNAL_SERVER_ERROR, "the answer failed"))
}

/// A short plain-text answer without a file.
fn plain(status: StatusCode, reason: &str) -> Answer {
    let mut answer = Response::new(Full::new(Bytes::from(format!("{reason}\n"))));
    *answer.status_mut() = status;
    for (name, value) in [
        (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
        (header::CACHE_CONTROL, "no-cache"),
        (header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"),
    ] {
        answer.headers_mut().insert(name, HeaderValue::from_static(value));
    }
    answer
}

/// Answers a GET or HEAD of `url_path` (blocking: files are read whole).
fn respond(root: &Path, url_path: &str, accepts_gzip: bool, if_none_match: Option<&str>) -> Answer {
    let Some((named, mut file, meta)) = open(root, url_path) else {
        return plain(StatusCode::NOT_FOUND, "not found");
    };
    let content_type = content_type(&named);
    let gzip = accepts_gzip && compressible(content_type) && meta.len() >= MIN_GZIP;
    let modified = meta.modified().ok().and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok());
    let etag =
        format!("\"{:x}-{:x}{}\"", meta.len(), modified.unwrap_or_default().as_nanos(), ["", "-gz"][gzip as usize]);
    let cache = if is_content_hashed(&named) { "public, max-age=31536000, immutable" } else { "no-cache" };
    let mut builder = Response::builder()
        .header(header::CONTENT_TYPE, content_type)
        .header(header::ETAG, &etag)
        .header(header::CACHE_CONTROL, cache)
        .header(header::VARY, "Accept-Encoding")
        .header(header::ACCESS_CONTROL_ALLOW_ORIGIN, "*")
        .header(header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    if if_none_match.is_some_and(|tags| matches_etag(tags, &etag)) {
        return builder.status(StatusCode::NOT_MODIFIED).body(Full::default()).expect("a valid answer");
    }
    let mut body = Vec::with_capacity(meta.len() as usize);
    if file.read_to_end(&mut body).is_err() {
        return plain(StatusCode::NOT_FOUND, "not found");
    }
    let mut body = Bytes::from(body);
    if gzip {
        body = gzipped(root, &named, &meta, body);
        builder = builder.header(header::CONTENT_ENCODING, "gzip");
    }
    builder.body(Full::new(body)).expect("a valid answer")
}

/// Whether an `If-None-Match` list names `etag` (weak comparison, as RFC 9110 asks for GET).
fn matches_etag(tags: &str, etag: &str) -> bool {
    tags.split(',').map(|t| t.trim().trim_start_matches("W/")).any(|t| t == "*" || t == etag)
}

/// Whether an `Accept-Encoding` value allows gzip (`gzip;q=0` refuses it).
fn accepts_gzip(value: &str) -> bool {
    value.split(',').any(|coding| {
        let mut params = coding.split(';').map(str::trim);
        let name = params.next().unwrap_or("");
        let refused = params.any(|p| p.replace(' ', "").trim_start_matches("q=").parse::<f32>() == Ok(0.0));
        (name.eq_ignore_ascii_case("gzip") || name == "*") && !refused
    })
}

/// The file for a URL path under `root` (canonical), or a folder's `index.html`, opened, with
/// the path its URL names (for its type and caching). `..` is refused, and so is any file whose
/// real path, read from the opened descriptor, lies outside the root.
fn open(root: &Path, url_path: &str) -> Option<(PathBuf, File, Metadata)> {
    let mut named = root.to_path_buf();
    for part in Path::new(url_path.trim_start_matches('/')).components() {
        match part {
            Component::Normal(p) => named.push(p),
            Component::CurDir => {}
            _ => return None,
        }
    }
    let (mut file, mut meta) = open_inside(root, &named)?;
    if meta.is_dir() {
        named.push("index.html");
        (file, meta) = open_inside(root, &named)?;
    }
    meta.is_file().then_some((named, file, meta))
}

/// Opens `path`, then keeps it only if the file actually opened lies inside `root`. The check is
/// on the descriptor, not the path, so no swap of a path component can slip past it.
fn open_inside(root: &Path, path: &Path) -> Option<(File, Metadata)> {
    let file = File::open(path).ok()?;
    let real = real_path(&file, path)?;
    let meta = file.metadata().ok()?;
    real.starts_with(root).then_some((file, meta))
}

/// The path of an opened file, as the kernel knows it.
#[cfg(target_os = "linux")]
fn real_path(file: &File, _path: &Path) -> Option<PathBuf> {
    use std::os::fd::AsRawFd;
    std::fs::read_link(format!("/proc/self/fd/{}", file.as_raw_fd())).ok()
}

/// Elsewhere, the path resolved after the open: this check can race a swap (see deploying.md).
#[cfg(not(target_os = "linux"))]
fn real_path(_file: &File, path: &Path) -> Option<PathBuf> {
    path.canonicalize().ok()
}

/// The gzip of a file: its precompressed `.gz` neighbour when that is up to date (as `dist`
/// writes them) and inside the root too, else compressed once per version and kept in memory.
fn gzipped(root: &Path, named: &Path, meta: &Metadata, plain: Bytes) -> Bytes {
    let mut beside = named.as_os_str().to_owned();
    beside.push(".gz");
    if let Some((mut file, gz)) = open_inside(root, Path::new(&beside)) {
        let mut zipped = Vec::new();
        if gz.modified().ok() >= meta.modified().ok() && file.read_to_end(&mut zipped).is_ok() {
            return zipped.into();
        }
    }
    static CACHE: OnceLock<Mutex<HashMap<PathBuf, Gzipped>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let version = (meta.modified().ok(), meta.len());
    let cached = cache.lock().expect("gzip cache").get(named).filter(|(v, _)| *v == version).map(|(_, b)| b.clone());
    if let Some(body) = cached {
        return body;
    }
    let body = Bytes::from(gzip(&plain).expect("gzip in memory"));
    cache.lock().expect("gzip cache").insert(named.to_path_buf(), (version, body.clone()));
    body
}

/// A file's gzip and the version (modified time, length) of the file it was made from.
type Gzipped = ((Option<SystemTime>, u64), Bytes);

#[cfg(test)]
#[path = "serve_tests.rs"]
mod tests;
