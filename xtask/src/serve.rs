//! A static file server for www/ on 127.0.0.1, for `serve` and for the browser tests.

use anyhow::{Context, Result};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};

// A plain std::net server, one thread a connection and `Connection: close`: tiny_http's
// connection pool intermittently stalled Chromium's first page load on this machine, and a
// static file server for local development needs nothing more.

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

/// Serves in a background thread (for tests); returns the port.
pub fn spawn(www: PathBuf) -> Result<u16> {
    let listener = bind(0)?;
    let port = listener.local_addr()?.port();
    std::thread::spawn(move || serve_forever(listener, www));
    Ok(port)
}

fn serve_forever(listener: TcpListener, www: PathBuf) {
    for stream in listener.incoming().flatten() {
        let www = www.clone();
        std::thread::spawn(move || {
            let _ = respond(stream, &www);
        });
    }
}

fn respond(mut stream: TcpStream, www: &Path) -> std::io::Result<()> {
    stream.set_read_timeout(Some(std::time::Duration::from_secs(30)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    // Read (and ignore) the headers up to the blank line.
    let mut line = String::new();
    while reader.read_line(&mut line)? > 2 {
        line.clear();
    }
    let mut parts = request_line.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or("/"));
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let (status, content_type, body) = match resolve(www, path).and_then(|f| std::fs::read(&f).ok().map(|b| (f, b))) {
        Some((file, body)) => ("200 OK", content_type(&file), body),
        None => ("404 Not Found", "text/plain", b"not found".to_vec()),
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    if method != "HEAD" {
        stream.write_all(&body)?;
    }
    stream.flush()
}

/// The file for a URL path, refusing anything that climbs out of www/.
fn resolve(www: &Path, url_path: &str) -> Option<PathBuf> {
    let mut file = www.to_path_buf();
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

fn content_type(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "json" => "application/json",
        "pgn" | "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}
