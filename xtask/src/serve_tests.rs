//! The server over a real socket: raw HTTP/1.1 requests written by hand, answers parsed here,
//! bodies checked against the files on disk (and gzip against flate2's decoder).

use super::*;
use flate2::read::GzDecoder;
use flate2::{write::GzEncoder, Compression};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Socket tests run one at a time, so a thread count sees only its own server.
static SERIAL: Mutex<()> = Mutex::new(());

struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

/// A folder with one file of each kind the tests need, and a server for it.
fn site(name: &str) -> (PathBuf, u16) {
    site_with(name, Limits::DEFAULT)
}

fn site_with(name: &str, limits: Limits) -> (PathBuf, u16) {
    let dir = std::env::temp_dir().join(format!("xtask-serve-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("pkg")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>t</title>\n").unwrap();
    std::fs::write(dir.join("app.js"), "export const x = 1;\n".repeat(200)).unwrap();
    let wasm: Vec<u8> = (0..5000u32).map(|i| (i * i % 251) as u8).collect();
    std::fs::write(dir.join("pkg/devil_bg.wasm"), wasm).unwrap();
    std::fs::write(dir.join("pkg/devil.0123abcd.js"), "export default 1;\n".repeat(100)).unwrap();
    std::fs::write(dir.join("image.png"), vec![0x89; 4000]).unwrap();
    let port = spawn_with(dir.clone(), limits).unwrap();
    (dir, port)
}

fn connect(port: u16) -> TcpStream {
    let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    stream
}

/// Sends raw request bytes and reads the whole answer (the server closes after each).
fn exchange(port: u16, request: &[u8]) -> Answer {
    let mut stream = connect(port);
    // The server may answer and close before a long request is all written: that is the point.
    let _ = stream.write_all(request);
    parse(&read_until_closed(&mut stream, Instant::now()).0)
}

fn get(port: u16, path: &str, headers: &str) -> Answer {
    exchange(port, format!("GET {path} HTTP/1.1\r\nHost: localhost\r\n{headers}\r\n").as_bytes())
}

fn parse(raw: &[u8]) -> Answer {
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n").expect("a complete head");
    let head = std::str::from_utf8(&raw[..end]).unwrap();
    let mut lines = head.split("\r\n");
    let status = lines.next().unwrap().split(' ').nth(1).unwrap().parse().unwrap();
    let headers = lines
        .map(|l| {
            let (n, v) = l.split_once(':').unwrap();
            (n.to_string(), v.trim().to_string())
        })
        .collect();
    Answer { status, headers, body: raw[end + 4..].to_vec() }
}

#[test]
fn a_file_comes_with_an_etag_and_revalidates_to_304_until_it_changes() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (dir, port) = site("etag");
    let first = get(port, "/index.html", "");
    assert_eq!(first.status, 200);
    assert_eq!(first.body, std::fs::read(dir.join("index.html")).unwrap());
    assert_eq!(first.header("Cache-Control"), Some("no-cache"));
    assert_eq!(first.header("Access-Control-Allow-Origin"), Some("*"));
    assert_eq!(first.header("Content-Type"), Some("text/html; charset=utf-8"));
    let etag = first.header("ETag").expect("an ETag").to_string();

    let again = get(port, "/index.html", &format!("If-None-Match: {etag}\r\n"));
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty());
    assert_eq!(again.header("ETag"), Some(etag.as_str()));
    let listed = get(port, "/index.html", &format!("If-None-Match: \"other\", W/{etag}\r\n"));
    assert_eq!(listed.status, 304);

    std::thread::sleep(Duration::from_millis(20));
    std::fs::write(dir.join("index.html"), "<!doctype html><title>changed</title>\n").unwrap();
    let changed = get(port, "/index.html", &format!("If-None-Match: {etag}\r\n"));
    assert_eq!(changed.status, 200);
    assert_eq!(changed.body, b"<!doctype html><title>changed</title>\n");
    assert_ne!(changed.header("ETag"), Some(etag.as_str()));
}

#[test]
fn text_and_wasm_are_gzipped_when_accepted_and_decode_to_the_file() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (dir, port) = site("gzip");
    for (path, file, content_type) in [
        ("/app.js", "app.js", "text/javascript; charset=utf-8"),
        ("/pkg/devil_bg.wasm", "pkg/devil_bg.wasm", "application/wasm"),
    ] {
        let original = std::fs::read(dir.join(file)).unwrap();
        let zipped = get(port, path, "Accept-Encoding: gzip, deflate, br\r\n");
        assert_eq!(zipped.status, 200);
        assert_eq!(zipped.header("Content-Encoding"), Some("gzip"), "{path}");
        assert_eq!(zipped.header("Content-Type"), Some(content_type));
        assert_eq!(zipped.header("Vary"), Some("Accept-Encoding"));
        assert_eq!(zipped.header("Content-Length"), Some(zipped.body.len().to_string().as_str()));
        let mut unzipped = Vec::new();
        GzDecoder::new(&zipped.body[..]).read_to_end(&mut unzipped).unwrap();
        assert_eq!(unzipped, original, "{path}");

        let plain = get(port, path, "");
        assert_eq!(plain.header("Content-Encoding"), None);
        assert_eq!(plain.body, original);
        let refused = get(port, path, "Accept-Encoding: gzip;q=0, identity\r\n");
        assert_eq!(refused.header("Content-Encoding"), None);
        // The two encodings are different bytes, so they must not share an ETag.
        assert_ne!(zipped.header("ETag"), plain.header("ETag"));
    }
    let png = get(port, "/image.png", "Accept-Encoding: gzip\r\n");
    assert_eq!(png.header("Content-Encoding"), None, "images are compressed already");
    assert_eq!(png.header("Content-Type"), Some("image/png"));
}

#[test]
fn a_precompressed_neighbour_is_served_as_it_is() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (dir, port) = site("beside");
    let original = std::fs::read(dir.join("app.js")).unwrap();
    // A different (still valid) gzip of the same text than the server would make.
    let mut fast = GzEncoder::new(Vec::new(), Compression::fast());
    fast.write_all(&original).unwrap();
    let fast = fast.finish().unwrap();
    std::thread::sleep(Duration::from_millis(20));
    std::fs::write(dir.join("app.js.gz"), &fast).unwrap();
    let zipped = get(port, "/app.js", "Accept-Encoding: gzip\r\n");
    assert_eq!(zipped.body, fast);
}

#[test]
fn content_hashed_names_are_cached_for_a_year() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (_dir, port) = site("hashed");
    let hashed = get(port, "/pkg/devil.0123abcd.js", "");
    assert_eq!(hashed.status, 200);
    assert_eq!(hashed.header("Cache-Control"), Some("public, max-age=31536000, immutable"));
    assert_eq!(hashed.header("Access-Control-Allow-Origin"), Some("*"));
    assert_eq!(get(port, "/app.js", "").header("Cache-Control"), Some("no-cache"));
}

#[test]
fn head_sends_the_headers_of_get_without_the_body() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (dir, port) = site("head");
    let head = exchange(port, b"HEAD /app.js HTTP/1.1\r\nHost: x\r\n\r\n");
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty());
    let len = std::fs::metadata(dir.join("app.js")).unwrap().len();
    assert_eq!(head.header("Content-Length"), Some(len.to_string().as_str()));
}

#[test]
fn other_methods_get_405_with_allow() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (_dir, port) = site("methods");
    for method in ["POST", "DELETE", "PUT", "OPTIONS", "BREW"] {
        let answer = exchange(port, format!("{method} /index.html HTTP/1.1\r\nContent-Length: 0\r\n\r\n").as_bytes());
        assert_eq!(answer.status, 405, "{method}");
        assert_eq!(answer.header("Allow"), Some("GET, HEAD"));
        assert!(!String::from_utf8_lossy(&answer.body).contains("<title>"), "{method} must not get the page");
    }
}

#[test]
fn malformed_requests_get_400_and_oversized_heads_431_or_414() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (_dir, port) = site("malformed");
    for request in [
        &b"GARBAGE\r\n\r\n"[..],
        b"GET index.html HTTP/1.1\r\n\r\n",
        b"GET /index.html SMTP/1.0\r\n\r\n",
        b"GET  /index.html HTTP/1.1\r\n\r\n",
        b"GET /index.html HTTP/1.1\r\nno colon here\r\n\r\n",
        b"GET /\xff\xfe HTTP/1.1\r\n\r\n",
    ] {
        assert_eq!(exchange(port, request).status, 400, "{}", String::from_utf8_lossy(request));
    }
    let mut line = b"GET /".to_vec();
    line.extend(std::iter::repeat_n(b'a', 64 * 1024));
    assert!([414, 431].contains(&exchange(port, &line).status));
    let mut headers = b"GET /index.html HTTP/1.1\r\nX-Big: ".to_vec();
    headers.extend(std::iter::repeat_n(b'b', 100 * 1024));
    assert_eq!(exchange(port, &headers).status, 431);
    let many: String = (0..2000).map(|i| format!("X-{i}: {i}\r\n")).collect();
    assert_eq!(get(port, "/index.html", &many).status, 431);
    // Just under the limits is fine.
    assert_eq!(get(port, "/index.html", &format!("X-Big: {}\r\n", "c".repeat(16000))).status, 200);
}

#[test]
fn nothing_is_served_outside_the_root() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (_dir, port) = site("outside");
    for path in ["/../Cargo.toml", "/pkg/../../Cargo.toml", "/missing.html", "/%2e%2e/Cargo.toml"] {
        assert_eq!(get(port, path, "").status, 404, "{path}");
    }
    assert_eq!(get(port, "/", "").status, 200, "a folder serves its index.html");
}

/// The number of threads of this process (Linux).
fn threads() -> usize {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("Threads:")).unwrap();
    line["Threads:".len()..].trim().parse().unwrap()
}

#[test]
fn accept_encoding_values() {
    assert!(accepts_gzip("gzip") && accepts_gzip("deflate, gzip;q=0.5") && accepts_gzip("*"));
    for refused in ["gzip;q=0", "gzip; q=0.0", "br, deflate", "identity"] {
        assert!(!accepts_gzip(refused), "{refused}");
    }
}

/// A GET of `/index.html` on a fresh connection, with how long the answer took to come back
/// (the client waits up to a minute, so a held-up server shows as a long time, not a failure).
fn timed_get(port: u16) -> (u16, Duration) {
    let started = Instant::now();
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    stream.write_all(b"GET /index.html HTTP/1.1\r\nHost: localhost\r\n\r\n").unwrap();
    let (raw, _) = read_until_closed(&mut stream, started);
    (if raw.is_empty() { 0 } else { parse(&raw).status }, started.elapsed())
}

/// Sends a request head one byte every `every` (a header that never ends), until `stop` is
/// set, the server closes the connection, or a minute has passed.
fn trickle(mut stream: TcpStream, every: Duration, stop: &AtomicBool) {
    let head = b"GET /index.html HTTP/1.1\r\nHost: localhost\r\nX-Slow: ".iter().chain(std::iter::repeat(&b'z'));
    let started = Instant::now();
    for byte in head {
        if stop.load(Ordering::Relaxed)
            || started.elapsed() > Duration::from_secs(60)
            || stream.write_all(&[*byte]).is_err()
        {
            return;
        }
        let until = Instant::now() + every;
        while Instant::now() < until && !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Short deadlines, so that the tests of the deadlines take seconds.
const SHORT: Limits = Limits { head: Duration::from_secs(2), total: Duration::from_secs(4), ..Limits::DEFAULT };

/// Reads until the server closes the connection; returns what came and when it ended.
fn read_until_closed(stream: &mut TcpStream, started: Instant) -> (Vec<u8>, Duration) {
    let mut raw = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) | Err(_) => return (raw, started.elapsed()),
            Ok(n) => raw.extend_from_slice(&buffer[..n]),
        }
    }
}

#[test]
fn forty_trickling_and_three_hundred_idle_clients_hold_up_no_request_and_no_thread() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (_dir, port) = site("crowd");
    assert_eq!(get(port, "/index.html", "").status, 200);
    let before = threads();
    let stop = Arc::new(AtomicBool::new(false));
    let slow: Vec<_> = (0..40)
        .map(|_| {
            let (stream, stop) = (TcpStream::connect(("127.0.0.1", port)).unwrap(), Arc::clone(&stop));
            std::thread::spawn(move || trickle(stream, Duration::from_secs(2), &stop))
        })
        .collect();
    let idle: Vec<TcpStream> = (0..300).map(|_| connect(port)).collect();
    std::thread::sleep(Duration::from_millis(500));
    let during = threads() - slow.len();
    let (status, took) = timed_get(port);
    eprintln!("with 40 trickling and 300 idle connections: {status} after {took:?}");
    stop.store(true, Ordering::Relaxed);
    slow.into_iter().for_each(|t| t.join().unwrap());
    drop(idle);
    assert_eq!(status, 200);
    assert!(took < Duration::from_secs(2), "{took:?}");
    assert!(during <= before + 2, "{before} threads before, {during} with 340 open connections");
}

#[test]
fn a_trickled_or_silent_head_is_cut_off_at_its_deadline() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (_dir, port) = site_with("deadline", SHORT);
    let stop = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let mut trickled = connect(port);
    let mut silent = connect(port);
    // One byte every 300 ms: each read comes well within any per-read timeout.
    let writer = trickled.try_clone().unwrap();
    let trickler = {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || trickle(writer, Duration::from_millis(300), &stop))
    };
    for stream in [&mut trickled, &mut silent] {
        let (raw, took) = read_until_closed(stream, started);
        assert!(raw.is_empty(), "{}", String::from_utf8_lossy(&raw));
        assert!(took >= SHORT.head && took < SHORT.head + Duration::from_secs(2), "{took:?}");
    }
    stop.store(true, Ordering::Relaxed);
    trickler.join().unwrap();
}

#[test]
fn a_client_that_does_not_read_is_cut_off_and_holds_up_no_one() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (dir, port) = site_with("unread", Limits { connections: 2, ..SHORT });
    // Far more than the socket buffers on both sides hold.
    std::fs::write(dir.join("big.bin"), vec![7u8; 32 << 20]).unwrap();
    let started = Instant::now();
    let mut unread = connect(port);
    unread.write_all(b"GET /big.bin HTTP/1.1\r\n\r\n").unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let (status, took) = timed_get(port);
    assert_eq!(status, 200);
    assert!(took < Duration::from_secs(1), "{took:?}");
    std::thread::sleep(SHORT.total.saturating_sub(started.elapsed()) + Duration::from_millis(500));
    let (raw, _) = read_until_closed(&mut unread, Instant::now());
    assert!(raw.len() < 32 << 20, "the unread answer was cut off");
}

#[test]
fn symlinks_are_served_only_when_their_target_is_inside_the_root() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (dir, port) = site("symlinks");
    let outside = secrets(&dir);
    let link = |target: &Path, name: &str| std::os::unix::fs::symlink(target, dir.join(name)).unwrap();
    link(&outside.join("secret.txt"), "leak.txt");
    link(&outside, "leaks");
    link(Path::new("app.js"), "alias.js");
    link(Path::new("pkg"), "package");
    for path in ["/leak.txt", "/leaks/secret.txt", "/leaks/", "/leaks"] {
        let answer = get(port, path, "");
        assert_eq!(answer.status, 404, "{path}");
        assert!(!String::from_utf8_lossy(&answer.body).contains("secret"), "{path}");
    }
    let app = std::fs::read(dir.join("app.js")).unwrap();
    let alias = get(port, "/alias.js", "");
    assert_eq!((alias.status, &alias.body), (200, &app));
    assert_eq!(alias.header("Content-Type"), Some("text/javascript; charset=utf-8"));
    let through_folder = get(port, "/package/devil.0123abcd.js", "");
    assert_eq!(through_folder.body, std::fs::read(dir.join("pkg/devil.0123abcd.js")).unwrap());

    // A precompressed neighbour that points outside is ignored: the file is compressed here.
    let mut other = GzEncoder::new(Vec::new(), Compression::fast());
    other.write_all(b"secret\n").unwrap();
    std::fs::write(outside.join("app.js.gz"), other.finish().unwrap()).unwrap();
    link(&outside.join("app.js.gz"), "app.js.gz");
    let zipped = get(port, "/app.js", "Accept-Encoding: gzip\r\n");
    let mut unzipped = Vec::new();
    GzDecoder::new(&zipped.body[..]).read_to_end(&mut unzipped).unwrap();
    assert_eq!(unzipped, app);
    std::fs::remove_dir_all(&outside).unwrap();
}

/// A folder beside the site with a secret file (and a secret index) in it.
fn secrets(dir: &Path) -> PathBuf {
    let outside = dir.with_extension("outside");
    let _ = std::fs::remove_dir_all(&outside);
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("secret.txt"), "secret\n".repeat(300)).unwrap();
    std::fs::write(outside.join("index.html"), "secret index\n").unwrap();
    outside
}

#[test]
fn swapping_a_file_for_a_symlink_while_it_is_requested_never_leaks_the_target() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (dir, port) = site("swap");
    let outside = secrets(&dir);
    std::fs::write(dir.join("inside.txt"), "inside\n".repeat(300)).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    // Renames are atomic: `swap.txt` is always either a file inside or a symlink to the secret.
    let swapper = {
        let (dir, stop) = (dir.clone(), Arc::clone(&stop));
        std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                let _ = std::fs::remove_file(dir.join("next"));
                std::os::unix::fs::symlink(outside.join("secret.txt"), dir.join("next")).unwrap();
                std::fs::rename(dir.join("next"), dir.join("swap.txt")).unwrap();
                std::fs::copy(dir.join("inside.txt"), dir.join("next")).unwrap();
                std::fs::rename(dir.join("next"), dir.join("swap.txt")).unwrap();
            }
        })
    };
    let (mut served, mut refused) = (0, 0);
    for _ in 0..1500 {
        let answer = get(port, "/swap.txt", "");
        assert!(!String::from_utf8_lossy(&answer.body).contains("secret"), "served from outside the root");
        match answer.status {
            200 => served += 1,
            404 => refused += 1,
            other => panic!("{other}"),
        }
    }
    stop.store(true, Ordering::Relaxed);
    swapper.join().unwrap();
    eprintln!("1500 requests during swaps: {served} served from inside, {refused} refused");
    assert!(served > 0 && refused > 0, "both sides of the swap were seen");
    std::fs::remove_dir_all(dir.with_extension("outside")).unwrap();
}
