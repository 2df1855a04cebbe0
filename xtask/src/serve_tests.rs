//! The server over a real socket: raw HTTP/1.1 requests written by hand, answers parsed by
//! httparse, bodies checked against the files on disk (and gzip against flate2's decoder).

use super::*;
use flate2::{read::GzDecoder, write::GzEncoder, Compression};
use std::io::Write;
use std::net::{Shutdown, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Socket tests run one at a time, so a thread count sees only its own server.
static SERIAL: Mutex<()> = Mutex::new(());

/// Short deadlines, so that the tests of the deadlines take seconds.
const SHORT: Limits = Limits { head: Duration::from_secs(2), total: Duration::from_secs(4), ..Limits::DEFAULT };

/// A folder `www` with one file of each kind the tests need, and a server for it; beside it, a
/// folder `outside` with a secret file and a secret index.
fn site(name: &str, limits: Limits) -> (PathBuf, u16) {
    let dir = std::env::temp_dir().join(format!("xtask-serve-{}-{name}/www", std::process::id()));
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
    std::fs::create_dir_all(dir.join("pkg")).unwrap();
    std::fs::create_dir_all(dir.with_file_name("outside")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>t</title>\n").unwrap();
    std::fs::write(dir.join("app.js"), "export const x = 1;\n".repeat(200)).unwrap();
    std::fs::write(dir.join("pkg/devil_bg.wasm"), (0..5000).map(|i| (i * i % 251) as u8).collect::<Vec<_>>()).unwrap();
    std::fs::write(dir.join("pkg/devil.0123abcd.js"), "export default 1;\n".repeat(100)).unwrap();
    std::fs::write(dir.join("image.png"), vec![0x89; 4000]).unwrap();
    std::fs::write(dir.with_file_name("outside").join("secret.txt"), "secret\n".repeat(300)).unwrap();
    std::fs::write(dir.with_file_name("outside").join("index.html"), "secret index\n").unwrap();
    (dir.clone(), spawn(dir, limits).unwrap())
}

/// A connection whose reads give up after a minute: a held-up server fails a test, never hangs it.
fn connect(port: u16) -> TcpStream {
    let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    stream
}

/// Reads until the server closes the connection (or a read gives up).
fn read_until_closed(stream: &mut TcpStream) -> Vec<u8> {
    std::io::BufReader::new(stream).bytes().map_while(Result::ok).collect()
}

/// Sends raw request bytes and reads the whole answer (the server closes after each).
fn exchange(port: u16, request: &[u8]) -> Response<Vec<u8>> {
    let mut stream = connect(port);
    // The server may answer and close before a long request is all written: that is the point.
    let _ = stream.write_all(request);
    let raw = read_until_closed(&mut stream);
    let mut headers = [httparse::EMPTY_HEADER; 16];
    let mut head = httparse::Response::new(&mut headers);
    let end = head.parse(&raw).expect("an answer").unwrap();
    let answer = head.headers.iter().fold(Response::builder(), |answer, h| answer.header(h.name, h.value));
    answer.status(head.code.unwrap()).body(raw[end..].to_vec()).unwrap()
}

fn get(port: u16, path: &str, headers: &str) -> Response<Vec<u8>> {
    exchange(port, format!("GET {path} HTTP/1.1\r\nHost: localhost\r\n{headers}\r\n").as_bytes())
}

/// A GET of `/index.html` on a fresh connection, with how long its answer took to come back.
fn timed_get(port: u16) -> (StatusCode, Duration) {
    let started = Instant::now();
    (get(port, "/index.html", "").status(), started.elapsed())
}

/// The number of threads of this process (Linux).
fn threads() -> usize {
    std::fs::read_dir("/proc/self/task").unwrap().count()
}

/// Sends a request head one byte every `every` (a header that never ends) until a write fails:
/// the server closed the connection, or the test shut it down (and unparked this thread).
fn trickle(mut stream: TcpStream, every: Duration) {
    let head = b"GET /index.html HTTP/1.1\r\nHost: localhost\r\nX-Slow: ".iter().chain(std::iter::repeat(&b'z'));
    head.take_while(|byte| stream.write_all(&[**byte]).is_ok()).for_each(|_| std::thread::park_timeout(every));
}

#[test]
fn a_file_comes_with_an_etag_and_revalidates_to_304_until_it_changes() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (dir, port) = site("etag", Limits::DEFAULT);
    let first = get(port, "/index.html", "");
    assert_eq!(first.status(), 200);
    assert_eq!(first.body(), &std::fs::read(dir.join("index.html")).unwrap());
    assert_eq!(first.headers()["Cache-Control"], "no-cache");
    assert_eq!(first.headers()["Access-Control-Allow-Origin"], "*");
    assert_eq!(first.headers()["Content-Type"], "text/html; charset=utf-8");
    let etag = first.headers()["ETag"].to_str().unwrap();

    let again = get(port, "/index.html", &format!("If-None-Match: {etag}\r\n"));
    assert_eq!(again.status(), 304);
    assert!(again.body().is_empty());
    assert_eq!(again.headers()["ETag"], etag);
    let listed = get(port, "/index.html", &format!("If-None-Match: \"other\", W/{etag}\r\n"));
    assert_eq!(listed.status(), 304);

    std::thread::sleep(Duration::from_millis(20));
    std::fs::write(dir.join("index.html"), "<!doctype html><title>changed</title>\n").unwrap();
    let changed = get(port, "/index.html", &format!("If-None-Match: {etag}\r\n"));
    assert_eq!(changed.status(), 200);
    assert_eq!(changed.body(), b"<!doctype html><title>changed</title>\n");
    assert_ne!(changed.headers()["ETag"], etag);
}

#[test]
fn text_and_wasm_are_gzipped_when_accepted_and_decode_to_the_file() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (dir, port) = site("gzip", Limits::DEFAULT);
    for (path, file, content_type) in [
        ("/app.js", "app.js", "text/javascript; charset=utf-8"),
        ("/pkg/devil_bg.wasm", "pkg/devil_bg.wasm", "application/wasm"),
    ] {
        let original = std::fs::read(dir.join(file)).unwrap();
        let zipped = get(port, path, "Accept-Encoding: gzip, deflate, br\r\n");
        assert_eq!(zipped.status(), 200);
        assert_eq!(zipped.headers()["Content-Encoding"], "gzip", "{path}");
        assert_eq!(zipped.headers()["Content-Type"], content_type);
        assert_eq!(zipped.headers()["Vary"], "Accept-Encoding");
        assert_eq!(zipped.headers()["Content-Length"], zipped.body().len().to_string());
        let mut unzipped = Vec::new();
        GzDecoder::new(&zipped.body()[..]).read_to_end(&mut unzipped).unwrap();
        assert_eq!(unzipped, original, "{path}");

        let plain = get(port, path, "");
        assert_eq!(plain.headers().get("Content-Encoding"), None);
        assert_eq!(plain.body(), &original);
        let refused = get(port, path, "Accept-Encoding: gzip;q=0, identity\r\n");
        assert_eq!(refused.headers().get("Content-Encoding"), None);
        // The two encodings are different bytes, so they must not share an ETag.
        assert_ne!(zipped.headers()["ETag"], plain.headers()["ETag"]);
    }
    let png = get(port, "/image.png", "Accept-Encoding: gzip\r\n");
    assert_eq!(png.headers().get("Content-Encoding"), None, "images are compressed already");
    assert_eq!(png.headers()["Content-Type"], "image/png");
}

#[test]
fn a_precompressed_neighbour_is_served_as_it_is() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (dir, port) = site("beside", Limits::DEFAULT);
    let original = std::fs::read(dir.join("app.js")).unwrap();
    // A different (still valid) gzip of the same text than the server would make.
    let mut fast = GzEncoder::new(Vec::new(), Compression::fast());
    fast.write_all(&original).unwrap();
    let fast = fast.finish().unwrap();
    std::thread::sleep(Duration::from_millis(20));
    std::fs::write(dir.join("app.js.gz"), &fast).unwrap();
    let zipped = get(port, "/app.js", "Accept-Encoding: gzip\r\n");
    assert_eq!(zipped.body(), &fast);
}

#[test]
fn content_hashed_names_are_cached_for_a_year() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (_dir, port) = site("hashed", Limits::DEFAULT);
    let hashed = get(port, "/pkg/devil.0123abcd.js", "");
    assert_eq!(hashed.status(), 200);
    assert_eq!(hashed.headers()["Cache-Control"], "public, max-age=31536000, immutable");
    assert_eq!(hashed.headers()["Access-Control-Allow-Origin"], "*");
    assert_eq!(get(port, "/app.js", "").headers()["Cache-Control"], "no-cache");
}

#[test]
fn head_sends_the_headers_of_get_without_the_body() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (dir, port) = site("head", Limits::DEFAULT);
    let head = exchange(port, b"HEAD /app.js HTTP/1.1\r\nHost: x\r\n\r\n");
    assert_eq!(head.status(), 200);
    assert!(head.body().is_empty());
    let len = std::fs::metadata(dir.join("app.js")).unwrap().len();
    assert_eq!(head.headers()["Content-Length"], len.to_string());
}

#[test]
fn other_methods_get_405_with_allow() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (_dir, port) = site("methods", Limits::DEFAULT);
    for method in ["POST", "DELETE", "PUT", "OPTIONS", "BREW"] {
        let answer = exchange(port, format!("{method} /index.html HTTP/1.1\r\nContent-Length: 0\r\n\r\n").as_bytes());
        assert_eq!(answer.status(), 405, "{method}");
        assert_eq!(answer.headers()["Allow"], "GET, HEAD");
        assert!(!String::from_utf8_lossy(answer.body()).contains("<title>"), "{method} must not get the page");
    }
}

#[test]
fn malformed_requests_get_400_and_oversized_heads_431_or_414() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (_dir, port) = site("malformed", Limits::DEFAULT);
    for request in [
        &b"GARBAGE\r\n\r\n"[..],
        b"GET index.html HTTP/1.1\r\n\r\n",
        b"GET /index.html SMTP/1.0\r\n\r\n",
        b"GET  /index.html HTTP/1.1\r\n\r\n",
        b"GET /index.html HTTP/1.1\r\nno colon here\r\n\r\n",
        b"GET /\xff\xfe HTTP/1.1\r\n\r\n",
    ] {
        assert_eq!(exchange(port, request).status(), 400, "{}", String::from_utf8_lossy(request));
    }
    let mut line = b"GET /".to_vec();
    line.extend(std::iter::repeat_n(b'a', 64 * 1024));
    assert!([414, 431].contains(&exchange(port, &line).status().as_u16()));
    let mut headers = b"GET /index.html HTTP/1.1\r\nX-Big: ".to_vec();
    headers.extend(std::iter::repeat_n(b'b', 100 * 1024));
    assert_eq!(exchange(port, &headers).status(), 431);
    let many: String = (0..2000).map(|i| format!("X-{i}: {i}\r\n")).collect();
    assert_eq!(get(port, "/index.html", &many).status(), 431);
    // Just under the limits is fine.
    assert_eq!(get(port, "/index.html", &format!("X-Big: {}\r\n", "c".repeat(16000))).status(), 200);
}

#[test]
fn nothing_is_served_outside_the_root() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (_dir, port) = site("outside", Limits::DEFAULT);
    // Each way out names a file that is there, beside the root: only the server keeps it out.
    for path in [
        "/../outside/secret.txt",
        "/pkg/../../outside/secret.txt",
        "/%2e%2e/outside/secret.txt",
        "/./../outside/secret.txt",
        "/missing.html",
    ] {
        assert_eq!(get(port, path, "").status(), 404, "{path}");
    }
    assert_eq!(get(port, "/", "").status(), 200, "a folder serves its index.html");
}

#[test]
fn accept_encoding_values() {
    assert!(accepts_gzip("gzip") && accepts_gzip("deflate, gzip;q=0.5") && accepts_gzip("*"));
    for refused in ["gzip;q=0", "gzip; q=0.0", "br, deflate", "identity"] {
        assert!(!accepts_gzip(refused), "{refused}");
    }
}

#[test]
fn forty_trickling_and_three_hundred_idle_clients_hold_up_no_request_and_no_thread() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (_dir, port) = site("crowd", Limits::DEFAULT);
    assert_eq!(get(port, "/index.html", "").status(), 200);
    let before = threads();
    let slow: Vec<_> = (0..40)
        .map(|_| {
            let stream = connect(port);
            let writer = stream.try_clone().unwrap();
            (stream, std::thread::spawn(move || trickle(writer, Duration::from_secs(2))))
        })
        .collect();
    let idle: Vec<TcpStream> = (0..300).map(|_| connect(port)).collect();
    std::thread::sleep(Duration::from_millis(500));
    let during = threads() - slow.len();
    let (status, took) = timed_get(port);
    eprintln!("with 40 trickling and 300 idle connections: {status} after {took:?}");
    for (stream, trickler) in &slow {
        let _ = stream.shutdown(Shutdown::Both);
        trickler.thread().unpark();
    }
    slow.into_iter().for_each(|(_, trickler)| trickler.join().unwrap());
    drop(idle);
    assert_eq!(status, 200);
    assert!(took < Duration::from_secs(2), "{took:?}");
    assert!(during <= before + 2, "{before} threads before, {during} with 340 open connections");
}

#[test]
fn a_trickled_or_silent_head_is_cut_off_at_its_deadline() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (_dir, port) = site("deadline", SHORT);
    let started = Instant::now();
    let mut trickled = connect(port);
    let mut silent = connect(port);
    // One byte every 300 ms: each read comes well within any per-read timeout.
    let writer = trickled.try_clone().unwrap();
    let trickler = std::thread::spawn(move || trickle(writer, Duration::from_millis(300)));
    for stream in [&mut trickled, &mut silent] {
        let raw = read_until_closed(stream);
        let took = started.elapsed();
        assert!(raw.is_empty(), "{}", String::from_utf8_lossy(&raw));
        assert!(took >= SHORT.head && took < SHORT.head + Duration::from_secs(2), "{took:?}");
    }
    let _ = trickled.shutdown(Shutdown::Both);
    trickler.thread().unpark();
    trickler.join().unwrap();
}

#[test]
fn a_client_that_does_not_read_is_cut_off_and_holds_up_no_one() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (dir, port) = site("unread", Limits { connections: 2, ..SHORT });
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
    assert!(read_until_closed(&mut unread).len() < 32 << 20, "the unread answer was cut off");
}

#[test]
fn symlinks_are_served_only_when_their_target_is_inside_the_root() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (dir, port) = site("symlinks", Limits::DEFAULT);
    let outside = dir.with_file_name("outside");
    let link = |target: &Path, name: &str| std::os::unix::fs::symlink(target, dir.join(name)).unwrap();
    link(&outside.join("secret.txt"), "leak.txt");
    link(&outside, "leaks");
    link(Path::new("app.js"), "alias.js");
    link(Path::new("pkg"), "package");
    for path in ["/leak.txt", "/leaks/secret.txt", "/leaks/", "/leaks"] {
        let answer = get(port, path, "");
        assert_eq!(answer.status(), 404, "{path}");
        assert!(!String::from_utf8_lossy(answer.body()).contains("secret"), "{path}");
    }
    let app = std::fs::read(dir.join("app.js")).unwrap();
    let alias = get(port, "/alias.js", "");
    assert_eq!((alias.status().as_u16(), alias.body()), (200, &app));
    assert_eq!(alias.headers()["Content-Type"], "text/javascript; charset=utf-8");
    let through_folder = get(port, "/package/devil.0123abcd.js", "");
    assert_eq!(through_folder.body(), &std::fs::read(dir.join("pkg/devil.0123abcd.js")).unwrap());

    // A precompressed neighbour that points outside is ignored: the file is compressed here.
    let mut other = GzEncoder::new(Vec::new(), Compression::fast());
    other.write_all(b"secret\n").unwrap();
    std::fs::write(outside.join("app.js.gz"), other.finish().unwrap()).unwrap();
    link(&outside.join("app.js.gz"), "app.js.gz");
    let zipped = get(port, "/app.js", "Accept-Encoding: gzip\r\n");
    let mut unzipped = Vec::new();
    GzDecoder::new(&zipped.body()[..]).read_to_end(&mut unzipped).unwrap();
    assert_eq!(unzipped, app);
    std::fs::remove_dir_all(&outside).unwrap();
}

#[test]
fn swapping_a_file_for_a_symlink_while_it_is_requested_never_leaks_the_target() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (dir, port) = site("swap", Limits::DEFAULT);
    let outside = dir.with_file_name("outside");
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
        assert!(!String::from_utf8_lossy(answer.body()).contains("secret"), "served from outside the root");
        match answer.status().as_u16() {
            200 => served += 1,
            404 => refused += 1,
            other => panic!("{other}"),
        }
    }
    stop.store(true, Ordering::Relaxed);
    swapper.join().unwrap();
    eprintln!("1500 requests during swaps: {served} served from inside, {refused} refused");
    assert!(served > 0 && refused > 0, "both sides of the swap were seen");
    std::fs::remove_dir_all(dir.with_file_name("outside")).unwrap();
}
