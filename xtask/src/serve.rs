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
use hyper::{body::Incoming, header, Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::BTreeMap;
use std::fs::{File, Metadata};
use std::io::Read;
use std::net::TcpListener;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};
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
    let listener = TcpListener::bind(("127.0.0.1", port)).with_context(|| format!("cannot listen on port {port}"))?;
    let builds = ModuleBuilds::start()?;
    println!("Chessboard Puzzles: http://127.0.0.1:{}/  (Ctrl-C stops)", listener.local_addr()?.port());
    println!("(the wasm modules build meanwhile: a page waits for its own, which is built first)");
    // A module's files wait for its build (a minute or more on a fresh clone) inside the
    // connection's deadline, so under `serve` that deadline is longer.
    let limits = Limits { total: Duration::from_secs(15 * 60), ..Limits::DEFAULT };
    serve(listener, crate::root().join("www"), limits, Some(builds))
}

/// Serves `root` from a tokio runtime on a background thread (for tests); returns the port.
pub fn spawn(root: PathBuf, limits: Limits) -> Result<u16> {
    let listener = TcpListener::bind(("127.0.0.1", 0))?;
    let port = listener.local_addr()?.port();
    std::thread::spawn(move || serve(listener, root, limits, None));
    Ok(port)
}

/// Serves `root`; with `builds`, a module's files are answered once this session has built it.
fn serve(listener: TcpListener, root: PathBuf, limits: Limits, builds: Option<Arc<ModuleBuilds>>) -> Result<()> {
    let root: Arc<Path> = root.canonicalize().with_context(|| format!("no folder {}", root.display()))?.into();
    listener.set_nonblocking(true)?;
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
                    let answer = answer(Arc::clone(&root), builds.clone(), request);
                    async move { Ok::<_, std::convert::Infallible>(answer.await) }
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
        return plain(StatusCode::METHOD_NOT_ALLOWED, "only GET and HEAD");
    }
    let path = request.uri().path();
    if !path.starts_with('/') || request.uri().authority().is_some() {
        return plain(StatusCode::BAD_REQUEST, "a request line is: METHOD /path HTTP/1.1");
    }
    if let Some(builds) = builds {
        if let Err(e) = builds.ready(path).await {
            return plain(StatusCode::SERVICE_UNAVAILABLE, &format!("this module did not build: {e}"));
        }
    }
    let answer = tokio::task::spawn_blocking(move || respond(&root, &request)).await;
    answer.unwrap_or_else(|_| plain(StatusCode::INTERNAL_SERVER_ERROR, "the answer failed"))
}

/// A builder with the headers all answers share: type, caching, CORS for embeds, `nosniff`.
fn builder(content_type: &str, cache: &str) -> hyper::http::response::Builder {
    Response::builder()
        .header(header::CONTENT_TYPE, content_type)
        .header(header::CACHE_CONTROL, cache)
        .header(header::ACCESS_CONTROL_ALLOW_ORIGIN, "*")
        .header(header::X_CONTENT_TYPE_OPTIONS, "nosniff")
}

/// A short plain-text answer without a file. Its `Allow` (required on a `405`, allowed on any
/// answer by RFC 9110) holds everywhere: every path takes GET and HEAD only.
fn plain(status: StatusCode, reason: &str) -> Answer {
    let builder = builder("text/plain; charset=utf-8", "no-cache").status(status).header(header::ALLOW, "GET, HEAD");
    builder.body(Full::new(Bytes::from(format!("{reason}\n")))).expect("a valid answer")
}

/// Answers a GET or HEAD (blocking: files are read whole).
fn respond(root: &Path, request: &Request<Incoming>) -> Answer {
    let (url_path, headers) = (request.uri().path(), request.headers());
    let Some((named, mut file, meta)) = open(root, url_path) else { return plain(StatusCode::NOT_FOUND, "not found") };
    let content_type = content_type(&named);
    let accepted = headers.get_all(header::ACCEPT_ENCODING).iter().any(|v| v.to_str().is_ok_and(accepts_gzip));
    let gzip = accepted && compressible(content_type) && meta.len() >= MIN_GZIP;
    let modified = meta.modified().ok().and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok()).unwrap_or_default();
    let etag = format!("\"{:x}-{:x}{}\"", meta.len(), modified.as_nanos(), ["", "-gz"][gzip as usize]);
    let cache = if is_content_hashed(&named) { "public, max-age=31536000, immutable" } else { "no-cache" };
    let builder = builder(content_type, cache).header(header::ETAG, &etag).header(header::VARY, "Accept-Encoding");
    // `304` when If-None-Match lists the ETag (weak comparison, as RFC 9110 asks for GET) or `*`.
    let tags = headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()).unwrap_or("");
    if tags.split(',').map(|t| t.trim().trim_start_matches("W/")).any(|t| t == "*" || t == etag) {
        return builder.status(StatusCode::NOT_MODIFIED).body(Full::default()).expect("a valid answer");
    }
    let mut body = Vec::with_capacity(meta.len() as usize);
    let Ok(_) = file.read_to_end(&mut body) else { return plain(StatusCode::NOT_FOUND, "not found") };
    let body = if gzip { gzipped(root, &named, &meta, &etag, body.into()) } else { body.into() };
    let builder = if gzip { builder.header(header::CONTENT_ENCODING, "gzip") } else { builder };
    builder.body(Full::new(body)).expect("a valid answer")
}

/// Whether an `Accept-Encoding` value allows gzip (`gzip;q=0` refuses it).
fn accepts_gzip(value: &str) -> bool {
    value.split(',').map(|c| c.split_whitespace().collect::<String>().to_ascii_lowercase()).any(|coding| {
        let (name, q) = coding.split_once(";q=").unwrap_or((coding.as_str(), "1"));
        (name == "gzip" || name == "*") && q.parse::<f32>() != Ok(0.0)
    })
}

/// The file for a URL path under `root` (canonical), or a folder's `index.html`, opened, with
/// the path its URL names (for its type and caching). `..` is refused, and so is any file whose
/// real path, read from the opened descriptor, lies outside the root.
fn open(root: &Path, url_path: &str) -> Option<(PathBuf, File, Metadata)> {
    let relative = Path::new(url_path.trim_start_matches('/'));
    let safe = relative.components().all(|part| matches!(part, Component::Normal(_) | Component::CurDir));
    let mut named = safe.then(|| root.join(relative))?;
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
    // The path of the opened file, as the kernel knows it.
    #[cfg(target_os = "linux")]
    let real = std::fs::read_link(format!("/proc/self/fd/{}", std::os::fd::AsRawFd::as_raw_fd(&file))).ok()?;
    // Elsewhere, the path resolved after the open: this check can race a swap (see deploying.md).
    #[cfg(not(target_os = "linux"))]
    let real = path.canonicalize().ok()?;
    let meta = file.metadata().ok()?;
    real.starts_with(root).then_some((file, meta))
}

/// The gzip of a file: its precompressed `.gz` neighbour when that is up to date (as `dist`
/// writes them) and inside the root too, else compressed once per version and kept in memory.
fn gzipped(root: &Path, named: &Path, meta: &Metadata, etag: &str, plain: Bytes) -> Bytes {
    if let Some((mut file, gz)) = open_inside(root, &named.with_added_extension("gz")) {
        let mut zipped = Vec::new();
        if gz.modified().ok() >= meta.modified().ok() && file.read_to_end(&mut zipped).is_ok() {
            return zipped.into();
        }
    }
    /// Each file's gzip and the ETag (length, modified time) of the version it was made from.
    static CACHE: Mutex<BTreeMap<PathBuf, (String, Bytes)>> = Mutex::new(BTreeMap::new());
    if let Some((_, body)) = CACHE.lock().expect("gzip cache").get(named).filter(|(tag, _)| tag == etag) {
        return body.clone();
    }
    let body = Bytes::from(gzip(&plain).expect("gzip in memory"));
    CACHE.lock().expect("gzip cache").insert(named.to_path_buf(), (etag.to_string(), body.clone()));
    body
}

#[cfg(test)]
#[path = "serve_tests.rs"]
mod tests;
