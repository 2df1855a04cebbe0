//! A static file server on 127.0.0.1 for `serve`, the browser tests and `dist` checks, behaving
//! like a real static host: gzip when the client accepts it (a precompressed `.gz` beside the
//! file when there is one), ETag revalidation with `304`, long-lived caching for content-hashed
//! names, CORS for embeds on other origins, and limits a hostile client cannot push past.

use anyhow::{Context, Result};
use flate2::{write::GzEncoder, Compression};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, SystemTime};

// One plain std::net thread pool and `Connection: close`: tiny_http's connection pool
// intermittently stalled Chromium's first page load on this machine, and a static file server
// for local development needs nothing more.

/// Connections served at once; more wait in the listen queue. A browser opens at most six.
pub const WORKERS: usize = 32;
/// A connection that sends nothing for this long is closed.
const IDLE_TIMEOUT: Duration = Duration::from_secs(5);
/// The longest request line (method, path, version) accepted; longer gets 414.
const MAX_REQUEST_LINE: u64 = 8 * 1024;
/// The most header bytes (all lines together) accepted; more gets 431.
const MAX_HEADERS: u64 = 16 * 1024;
/// Files smaller than this are sent as they are: gzip would save a few bytes at best.
const MIN_GZIP: usize = 1024;

pub fn run(port: u16) -> Result<()> {
    crate::build::wasm()?;
    let listener = bind(port)?;
    println!("Chessboard Puzzles: http://127.0.0.1:{}/  (Ctrl-C stops)", listener.local_addr()?.port());
    serve_forever(listener, crate::root().join("www"));
    Ok(())
}

fn bind(port: u16) -> Result<TcpListener> {
    TcpListener::bind(("127.0.0.1", port)).with_context(|| format!("cannot listen on 127.0.0.1:{port}"))
}

/// Serves `root` in background threads (for tests); returns the port.
pub fn spawn(root: PathBuf) -> Result<u16> {
    let listener = bind(0)?;
    let port = listener.local_addr()?.port();
    std::thread::spawn(move || serve_forever(listener, root));
    Ok(port)
}

fn serve_forever(listener: TcpListener, root: PathBuf) {
    let (send, receive) = mpsc::channel::<TcpStream>();
    let receive = Arc::new(Mutex::new(receive));
    let root = Arc::new(root);
    for _ in 0..WORKERS {
        let (receive, root) = (Arc::clone(&receive), Arc::clone(&root));
        std::thread::spawn(move || worker(&receive, &root));
    }
    for stream in listener.incoming().flatten() {
        if send.send(stream).is_err() {
            return;
        }
    }
}

fn worker(connections: &Mutex<Receiver<TcpStream>>, root: &Path) {
    loop {
        let next = connections.lock().map(|receiver| receiver.recv());
        match next {
            Ok(Ok(stream)) => {
                let _ = respond(stream, root);
            }
            _ => return,
        }
    }
}

/// What a request asks for, once its head has been read and checked.
struct Request {
    method: String,
    path: String,
    accepts_gzip: bool,
    if_none_match: Option<String>,
}

/// A response without a file: a status and a short plain-text reason.
struct Refusal {
    status: &'static str,
    extra_header: &'static str,
    reason: &'static str,
}

const fn refuse(status: &'static str, reason: &'static str) -> Refusal {
    Refusal { status, extra_header: "", reason }
}

fn respond(mut stream: TcpStream, root: &Path) -> std::io::Result<()> {
    stream.set_read_timeout(Some(IDLE_TIMEOUT))?;
    stream.set_write_timeout(Some(Duration::from_secs(30)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let request = match read_request(&mut reader) {
        Ok(Some(request)) => request,
        Ok(None) => return Ok(()), // closed or idle before a request: nothing to answer
        Err(refusal) => {
            send_refusal(&mut stream, &refusal, false)?;
            linger(&mut stream);
            return Ok(());
        }
    };
    let head_only = request.method == "HEAD";
    match resolve(root, &request.path) {
        Some(file) => send_file(&mut stream, &file, &request, head_only),
        None => send_refusal(&mut stream, &refuse("404 Not Found", "not found"), head_only),
    }
}

/// Reads and checks the request line and headers. `Ok(None)` when the client closed or went
/// idle before sending a whole line.
fn read_request(reader: &mut impl BufRead) -> Result<Option<Request>, Refusal> {
    let line = match read_line(reader, MAX_REQUEST_LINE) {
        Line::Complete(line) => line,
        Line::TooLong => return Err(refuse("414 URI Too Long", "the request line is too long")),
        Line::Closed => return Ok(None),
    };
    let line = String::from_utf8(line).map_err(|_| refuse("400 Bad Request", "the request line is not UTF-8"))?;
    let parts: Vec<&str> = line.trim_end_matches(['\r', '\n']).split(' ').collect();
    let [method, target, version] = parts[..] else {
        return Err(refuse("400 Bad Request", "a request line is: METHOD /path HTTP/1.1"));
    };
    if !target.starts_with('/') || !version.starts_with("HTTP/1.") || method.is_empty() {
        return Err(refuse("400 Bad Request", "a request line is: METHOD /path HTTP/1.1"));
    }
    let mut request = Request {
        method: method.to_string(),
        path: target.split(['?', '#']).next().unwrap_or("/").to_string(),
        accepts_gzip: false,
        if_none_match: None,
    };
    let mut budget = MAX_HEADERS;
    loop {
        let header = match read_line(reader, budget) {
            Line::Complete(header) => header,
            Line::TooLong => return Err(refuse("431 Request Header Fields Too Large", "the headers are too large")),
            Line::Closed => return Ok(None),
        };
        budget -= header.len() as u64;
        let header = String::from_utf8(header).map_err(|_| refuse("400 Bad Request", "a header is not UTF-8"))?;
        let header = header.trim_end_matches(['\r', '\n']);
        if header.is_empty() {
            break;
        }
        let Some((name, value)) = header.split_once(':') else {
            return Err(refuse("400 Bad Request", "a header line is: Name: value"));
        };
        let value = value.trim();
        if name.eq_ignore_ascii_case("accept-encoding") {
            request.accepts_gzip = accepts_gzip(value);
        } else if name.eq_ignore_ascii_case("if-none-match") {
            request.if_none_match = Some(value.to_string());
        }
    }
    if method != "GET" && method != "HEAD" {
        return Err(Refusal {
            status: "405 Method Not Allowed",
            extra_header: "Allow: GET, HEAD\r\n",
            reason: "only GET and HEAD",
        });
    }
    Ok(Some(request))
}

enum Line {
    Complete(Vec<u8>),
    TooLong,
    Closed,
}

/// One line ending in `\n`, reading at most `limit` bytes of it.
fn read_line(reader: &mut impl BufRead, limit: u64) -> Line {
    let mut line = Vec::new();
    match reader.take(limit).read_until(b'\n', &mut line) {
        Ok(_) if line.ends_with(b"\n") => Line::Complete(line),
        Ok(n) if n as u64 == limit => Line::TooLong,
        _ => Line::Closed,
    }
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

/// Reads (a bounded amount of) what the client is still sending before closing, so that the
/// refusal is not lost to a TCP reset from closing with unread data.
fn linger(stream: &mut TcpStream) {
    let _ = stream.shutdown(Shutdown::Write);
    let _ = stream.set_read_timeout(Some(Duration::from_millis(200)));
    let _ = std::io::copy(&mut (&*stream).take(1 << 20), &mut std::io::sink());
}

fn send_refusal(stream: &mut TcpStream, refusal: &Refusal, head_only: bool) -> std::io::Result<()> {
    let body = format!("{}\n", refusal.reason);
    let head = format!(
        "HTTP/1.1 {}\r\n{}Content-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\n\
         Cache-Control: no-cache\r\nAccess-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n",
        refusal.status,
        refusal.extra_header,
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    if !head_only {
        stream.write_all(body.as_bytes())?;
    }
    stream.flush()
}

fn send_file(stream: &mut TcpStream, file: &Path, request: &Request, head_only: bool) -> std::io::Result<()> {
    let meta = std::fs::metadata(file)?;
    let modified = meta.modified()?.duration_since(SystemTime::UNIX_EPOCH).unwrap_or_default().as_nanos();
    let content_type = content_type(file);
    let gzip = request.accepts_gzip && compressible(content_type) && meta.len() >= MIN_GZIP as u64;
    let etag = format!("\"{:x}-{:x}{}\"", meta.len(), modified, if gzip { "-gz" } else { "" });
    let cache = if is_content_hashed(file) { "public, max-age=31536000, immutable" } else { "no-cache" };
    let common = format!(
        "Content-Type: {content_type}\r\nETag: {etag}\r\nCache-Control: {cache}\r\nVary: Accept-Encoding\r\n\
         Access-Control-Allow-Origin: *\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n"
    );
    if request.if_none_match.as_deref().is_some_and(|tags| matches_etag(tags, &etag)) {
        stream.write_all(format!("HTTP/1.1 304 Not Modified\r\n{common}\r\n").as_bytes())?;
        return stream.flush();
    }
    let (body, encoding) =
        if gzip { (gzipped(file, &meta)?, "Content-Encoding: gzip\r\n") } else { (Arc::new(std::fs::read(file)?), "") };
    let head = format!("HTTP/1.1 200 OK\r\n{common}{encoding}Content-Length: {}\r\n\r\n", body.len());
    stream.write_all(head.as_bytes())?;
    if !head_only {
        stream.write_all(&body)?;
    }
    stream.flush()
}

/// Whether an `If-None-Match` list names `etag` (weak comparison, as RFC 9110 asks for GET).
fn matches_etag(tags: &str, etag: &str) -> bool {
    tags.split(',').map(|t| t.trim().trim_start_matches("W/")).any(|t| t == "*" || t == etag)
}

/// The gzip of a file: its precompressed `.gz` neighbour when that is up to date (as `dist`
/// writes them), else compressed once per version of the file and kept in memory.
fn gzipped(file: &Path, meta: &std::fs::Metadata) -> std::io::Result<Arc<Vec<u8>>> {
    let mut beside = file.as_os_str().to_owned();
    beside.push(".gz");
    let beside = PathBuf::from(beside);
    if crate::setup::is_newer(&beside, file) {
        return Ok(Arc::new(std::fs::read(beside)?));
    }
    static CACHE: OnceLock<Mutex<HashMap<PathBuf, Gzipped>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let version = (meta.modified()?, meta.len());
    if let Some((modified, len, body)) = cache.lock().expect("gzip cache").get(file) {
        if (*modified, *len) == version {
            return Ok(Arc::clone(body));
        }
    }
    let body = Arc::new(gzip(&std::fs::read(file)?)?);
    cache.lock().expect("gzip cache").insert(file.to_path_buf(), (version.0, version.1, Arc::clone(&body)));
    Ok(body)
}

/// A file's gzip and the version (modified time, length) of the file it was made from.
type Gzipped = (SystemTime, u64, Arc<Vec<u8>>);

/// gzip at the best level: files are compressed once and served many times.
pub fn gzip(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
    encoder.write_all(bytes)?;
    encoder.finish()
}

/// The file for a URL path, refusing anything that climbs out of the root.
fn resolve(root: &Path, url_path: &str) -> Option<PathBuf> {
    let mut file = root.to_path_buf();
    for part in Path::new(url_path.trim_start_matches('/')).components() {
        match part {
            Component::Normal(p) => file.push(p),
            Component::CurDir => {}
            _ => return None,
        }
    }
    if file.is_dir() {
        file.push("index.html");
    }
    file.is_file().then_some(file)
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
        "pgn" | "txt" | "md" => "text/plain; charset=utf-8",
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
#[path = "serve_tests.rs"]
mod tests;
