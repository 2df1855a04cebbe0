//! A static file server on 127.0.0.1 for `serve`, the browser tests and `dist` checks, behaving
//! like a real static host: gzip when the client accepts it (a precompressed `.gz` beside the
//! file when there is one), ETag revalidation with `304`, long-lived caching for content-hashed
//! names, CORS for embeds on other origins, and limits a hostile client cannot push past.
//!
//! One thread accepts connections and gathers their request heads from non-blocking sockets,
//! polled in turn; a small pool of workers answers the complete ones. A client that sends slowly
//! or not at all therefore holds only an entry in the waiting list, never a worker, and each entry has
//! a deadline: slow and idle clients cannot hold up the others. Every answer closes its
//! connection (`Connection: close`), so no idle keep-alive connection holds anything either.
//! Only files whose real path (symlinks resolved) lies inside the root are served.

use anyhow::{Context, Result};
use flate2::{write::GzEncoder, Compression};
use std::collections::{HashMap, VecDeque};
use std::io::{BufRead, Cursor, ErrorKind, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant, SystemTime};

/// The server's bounds on numbers and time, which keep slow, idle and numerous clients from
/// holding it up.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Requests answered at once. A browser opens at most six connections to a host.
    pub workers: usize,
    /// Complete requests waiting for a free worker; one more is answered 503 at once.
    pub queue: usize,
    /// Connections whose request head is still arriving; when the list is full, the oldest is
    /// closed to make room for the newest (a real client sends its head as soon as it connects).
    pub waiting: usize,
    /// A connection that sends nothing for this long after it is accepted is closed.
    pub idle: Duration,
    /// The whole request head must arrive within this long of the accept, however it trickles;
    /// else the answer is 408 and the connection is closed.
    pub head: Duration,
    /// The whole answer must be sent within this long; a client that does not read it is cut off.
    pub send: Duration,
}

impl Limits {
    pub const DEFAULT: Limits = Limits {
        workers: 32,
        queue: 64,
        waiting: 512,
        idle: Duration::from_secs(5),
        head: Duration::from_secs(10),
        send: Duration::from_secs(20),
    };
}

/// The longest request line (method, path, version) accepted; longer gets 414.
const MAX_REQUEST_LINE: u64 = 8 * 1024;
/// The most header bytes (all lines together) accepted; more gets 431.
const MAX_HEADERS: u64 = 16 * 1024;
/// The most head bytes gathered: enough that a head this long is over one of the two limits
/// above, so the worker refuses it rather than waiting for the rest.
const MAX_HEAD: usize = (MAX_REQUEST_LINE + MAX_HEADERS) as usize + 2;
/// Files smaller than this are sent as they are: gzip would save a few bytes at best.
const MIN_GZIP: usize = 1024;
/// The pause between two polls of the waiting connections starts at 1 ms after any progress
/// and doubles while nothing arrives, up to 2 ms plus this much per waiting connection (at
/// most 20 ms): a few waiting connections are polled often, for a prompt answer, and many no
/// more than about 25,000 reads a second.
const POLL_PAUSE_PER_CONNECTION: Duration = Duration::from_micros(40);
/// How long a connection refused from the accepting thread (408, 503) is drained before it is
/// closed, so that the refusal is not lost to a TCP reset.
const REFUSAL_LINGER: Duration = Duration::from_secs(1);

pub fn run(port: u16) -> Result<()> {
    crate::build::wasm()?;
    let listener = bind(port)?;
    println!("Chessboard Puzzles: http://127.0.0.1:{}/  (Ctrl-C stops)", listener.local_addr()?.port());
    serve_forever(listener, crate::root().join("www"), Limits::DEFAULT)
}

fn bind(port: u16) -> Result<TcpListener> {
    TcpListener::bind(("127.0.0.1", port)).with_context(|| format!("cannot listen on 127.0.0.1:{port}"))
}

/// Serves `root` in background threads (for tests); returns the port.
pub fn spawn(root: PathBuf) -> Result<u16> {
    spawn_with(root, Limits::DEFAULT)
}

/// Serves `root` in background threads with the given limits; returns the port.
pub fn spawn_with(root: PathBuf, limits: Limits) -> Result<u16> {
    let listener = bind(0)?;
    let port = listener.local_addr()?.port();
    std::thread::spawn(move || serve_forever(listener, root, limits));
    Ok(port)
}

/// A connection whose request head is still arriving.
struct Arriving {
    stream: TcpStream,
    head: Vec<u8>,
    accepted: Instant,
}

/// What reading an arriving connection found.
enum Arrival {
    /// The head is still incomplete; `true` when some of it came in this time.
    Incomplete(bool),
    /// The head is complete, or too long to wait for (the worker refuses it).
    Complete,
    /// The client closed the connection or it failed: there is nothing to answer.
    Gone,
}

impl Arriving {
    /// Reads whatever the client has sent, without waiting.
    fn read(&mut self) -> Arrival {
        let mut buffer = [0u8; 4096];
        let mut read_some = false;
        loop {
            let room = (MAX_HEAD - self.head.len()).min(buffer.len());
            match self.stream.read(&mut buffer[..room]) {
                Ok(0) => return Arrival::Gone,
                Ok(n) => {
                    let seen = self.head.len().saturating_sub(2);
                    self.head.extend_from_slice(&buffer[..n]);
                    read_some = true;
                    if self.head.len() >= MAX_HEAD || ends_head(&self.head[seen..]) {
                        return Arrival::Complete;
                    }
                }
                Err(e) if e.kind() == ErrorKind::WouldBlock => return Arrival::Incomplete(read_some),
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(_) => return Arrival::Gone,
            }
        }
    }
}

/// Whether bytes contain the blank line that ends a request head (`\r\n\r\n`, or bare `\n`s).
fn ends_head(bytes: &[u8]) -> bool {
    bytes.windows(2).any(|w| w == b"\n\n") || bytes.windows(3).any(|w| w == b"\n\r\n")
}

/// A connection refused from the accepting thread, drained until the client closes it or its
/// time is up.
struct Closing {
    stream: TcpStream,
    until: Instant,
}

/// Accepts connections and gathers their heads (the accepting thread), handing complete ones to
/// the workers. Returns only if the listener cannot switch between blocking and not.
fn serve_forever(listener: TcpListener, root: PathBuf, limits: Limits) -> Result<()> {
    let root = Arc::new(root.canonicalize().unwrap_or(root));
    let (complete, requests) = mpsc::sync_channel::<Arriving>(limits.queue);
    let requests = Arc::new(Mutex::new(requests));
    for _ in 0..limits.workers {
        let (requests, root) = (Arc::clone(&requests), Arc::clone(&root));
        std::thread::spawn(move || worker(&requests, &root, limits.send));
    }
    let mut waiting: VecDeque<Arriving> = VecDeque::new();
    let mut closing: VecDeque<Closing> = VecDeque::new();
    let mut pause = Duration::from_millis(1);
    loop {
        if waiting.is_empty() && closing.is_empty() {
            // Nothing to poll: wait for the next connection without spinning.
            listener.set_nonblocking(false)?;
            let accepted = listener.accept();
            listener.set_nonblocking(true)?;
            match accepted {
                Ok((stream, _)) => admit(stream, &mut waiting, &mut closing, &limits),
                Err(_) => std::thread::sleep(Duration::from_millis(10)),
            }
        }
        let mut progress = false;
        // Bounded, so that a flood of connections cannot keep the waiting ones from being read.
        for _ in 0..limits.waiting {
            match listener.accept() {
                Ok((stream, _)) => {
                    admit(stream, &mut waiting, &mut closing, &limits);
                    progress = true;
                }
                Err(e) if e.kind() == ErrorKind::WouldBlock => break,
                Err(e) if matches!(e.kind(), ErrorKind::Interrupted | ErrorKind::ConnectionAborted) => {}
                Err(_) => {
                    // Most likely out of file descriptors: free the oldest waiting one.
                    waiting.pop_front();
                    std::thread::sleep(Duration::from_millis(10));
                    break;
                }
            }
        }
        let now = Instant::now();
        for _ in 0..waiting.len() {
            let Some(mut arriving) = waiting.pop_front() else { break };
            match arriving.read() {
                Arrival::Complete => {
                    progress = true;
                    hand_over(arriving, &complete, &mut closing);
                }
                Arrival::Gone => progress = true,
                Arrival::Incomplete(read_some) => {
                    progress |= read_some;
                    let age = now.duration_since(arriving.accepted);
                    if arriving.head.is_empty() && age >= limits.idle {
                        // Closed quietly: a browser may keep a spare connection open unused.
                    } else if age >= limits.head {
                        let refusal = refuse("408 Request Timeout", "the request head took too long");
                        closing.push_back(refuse_at_once(arriving.stream, &refusal));
                    } else {
                        waiting.push_back(arriving);
                    }
                }
            }
        }
        closing.retain_mut(|c| drain(c, now));
        while closing.len() > limits.waiting {
            closing.pop_front();
        }
        let longest = (Duration::from_millis(2) + POLL_PAUSE_PER_CONNECTION * waiting.len() as u32)
            .min(Duration::from_millis(20));
        pause = if progress { Duration::from_millis(1) } else { (pause * 2).min(longest) };
        if !(waiting.is_empty() && closing.is_empty()) {
            std::thread::sleep(pause);
        }
    }
}

/// Adds a new connection to the waiting list, closing the oldest one when the list is full.
fn admit(stream: TcpStream, waiting: &mut VecDeque<Arriving>, closing: &mut VecDeque<Closing>, limits: &Limits) {
    if stream.set_nonblocking(true).is_err() {
        return;
    }
    if waiting.len() >= limits.waiting {
        if let Some(oldest) = waiting.pop_front() {
            if !oldest.head.is_empty() {
                let refusal = refuse("503 Service Unavailable", "too many connections; try again");
                closing.push_back(refuse_at_once(oldest.stream, &refusal));
            }
        }
    }
    waiting.push_back(Arriving { stream, head: Vec::new(), accepted: Instant::now() });
}

/// Queues a complete request for the workers, or answers 503 when the queue is full.
fn hand_over(arriving: Arriving, complete: &SyncSender<Arriving>, closing: &mut VecDeque<Closing>) {
    match complete.try_send(arriving) {
        Ok(()) | Err(TrySendError::Disconnected(_)) => {}
        Err(TrySendError::Full(arriving)) => {
            let refusal = Refusal {
                extra_header: "Retry-After: 1\r\n",
                ..refuse("503 Service Unavailable", "the server is busy; try again")
            };
            closing.push_back(refuse_at_once(arriving.stream, &refusal));
        }
    }
}

/// Writes a short refusal without waiting (it fits in an empty send buffer) and half-closes the
/// connection; the accepting thread then drains it for a moment before closing.
fn refuse_at_once(mut stream: TcpStream, refusal: &Refusal) -> Closing {
    let _ = send_refusal(&mut stream, refusal, false);
    let _ = stream.shutdown(Shutdown::Write);
    Closing { stream, until: Instant::now() + REFUSAL_LINGER }
}

/// Reads and discards what a refused client still sends; `false` once it can be closed.
fn drain(closing: &mut Closing, now: Instant) -> bool {
    let mut buffer = [0u8; 4096];
    loop {
        match closing.stream.read(&mut buffer) {
            Ok(0) => return false,
            Ok(_) => {}
            Err(e) if e.kind() == ErrorKind::WouldBlock => return now < closing.until,
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
}

fn worker(requests: &Mutex<Receiver<Arriving>>, root: &Path, send: Duration) {
    loop {
        let next = requests.lock().map(|receiver| receiver.recv());
        match next {
            Ok(Ok(arriving)) => {
                let _ = respond(arriving, root, send);
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

/// Answers one complete request head; the answer must be sent before `send` is up.
fn respond(arriving: Arriving, root: &Path, send: Duration) -> std::io::Result<()> {
    let mut stream = arriving.stream;
    stream.set_nonblocking(false)?;
    let mut out = Timed { stream: &stream, deadline: Instant::now() + send };
    let request = match read_request(&mut Cursor::new(arriving.head)) {
        Ok(Some(request)) => request,
        Ok(None) => return Ok(()),
        Err(refusal) => {
            send_refusal(&mut out, &refusal, false)?;
            linger(&mut stream);
            return Ok(());
        }
    };
    let head_only = request.method == "HEAD";
    match resolve(root, &request.path) {
        Some(file) => send_file(&mut out, root, &file, &request, head_only),
        None => send_refusal(&mut out, &refuse("404 Not Found", "not found"), head_only),
    }
}

/// A connection written to with one deadline for the whole answer: each write may wait only
/// for the time left, so a client that reads slowly cannot stretch it.
struct Timed<'a> {
    stream: &'a TcpStream,
    deadline: Instant,
}

impl Write for Timed<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(ErrorKind::TimedOut.into());
        }
        self.stream.set_write_timeout(Some(left))?;
        self.stream.write(bytes)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.stream.flush()
    }
}

/// Reads and checks the request line and headers. `Ok(None)` when the head ends before a
/// whole line.
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

fn send_refusal(stream: &mut impl Write, refusal: &Refusal, head_only: bool) -> std::io::Result<()> {
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

/// Sends a file found by `resolve`: named by its URL (for its type and caching), read at its
/// real path.
fn send_file(
    stream: &mut impl Write,
    root: &Path,
    file: &Found,
    request: &Request,
    head_only: bool,
) -> std::io::Result<()> {
    let Found { named, real } = file;
    let meta = std::fs::metadata(real)?;
    let modified = meta.modified()?.duration_since(SystemTime::UNIX_EPOCH).unwrap_or_default().as_nanos();
    let content_type = content_type(named);
    let gzip = request.accepts_gzip && compressible(content_type) && meta.len() >= MIN_GZIP as u64;
    let etag = format!("\"{:x}-{:x}{}\"", meta.len(), modified, if gzip { "-gz" } else { "" });
    let cache = if is_content_hashed(named) { "public, max-age=31536000, immutable" } else { "no-cache" };
    let common = format!(
        "Content-Type: {content_type}\r\nETag: {etag}\r\nCache-Control: {cache}\r\nVary: Accept-Encoding\r\n\
         Access-Control-Allow-Origin: *\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n"
    );
    if request.if_none_match.as_deref().is_some_and(|tags| matches_etag(tags, &etag)) {
        stream.write_all(format!("HTTP/1.1 304 Not Modified\r\n{common}\r\n").as_bytes())?;
        return stream.flush();
    }
    let (body, encoding) = if gzip {
        (gzipped(root, file, &meta)?, "Content-Encoding: gzip\r\n")
    } else {
        (Arc::new(std::fs::read(real)?), "")
    };
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
/// writes them) and inside the root too, else compressed once per version of the file and
/// kept in memory.
fn gzipped(root: &Path, file: &Found, meta: &std::fs::Metadata) -> std::io::Result<Arc<Vec<u8>>> {
    let mut beside = file.named.as_os_str().to_owned();
    beside.push(".gz");
    if let Some(beside) = inside(root, Path::new(&beside)) {
        if crate::setup::is_newer(&beside, &file.real) {
            return Ok(Arc::new(std::fs::read(beside)?));
        }
    }
    let file = &file.real;
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

/// A file to serve: the path its URL names, and its real path (symlinks resolved).
struct Found {
    named: PathBuf,
    real: PathBuf,
}

/// The file for a URL path under `root` (canonical), or a folder's `index.html`, refusing
/// anything that climbs out of the root by `..` or whose real path lies outside it.
fn resolve(root: &Path, url_path: &str) -> Option<Found> {
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
    let real = inside(root, &file)?;
    real.is_file().then_some(Found { named: file, real })
}

/// The real path of `path` (symlinks resolved) when it exists and lies inside `root` (canonical).
fn inside(root: &Path, path: &Path) -> Option<PathBuf> {
    let real = path.canonicalize().ok()?;
    real.starts_with(root).then_some(real)
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
