//! A static file server for www/ on 127.0.0.1, for `serve` and for the browser tests.

use anyhow::{anyhow, Result};
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use tiny_http::{Header, Response, Server};

pub fn run(port: u16) -> Result<()> {
    crate::build::wasm()?;
    let server = bind(port)?;
    println!("Chessboard Puzzles: http://127.0.0.1:{}/  (Ctrl-C stops)", port_of(&server));
    handle_forever(&server, &crate::root().join("www"));
    Ok(())
}

pub fn bind(port: u16) -> Result<Server> {
    Server::http(("127.0.0.1", port)).map_err(|e| anyhow!("cannot listen on 127.0.0.1:{port}: {e}"))
}

pub fn port_of(server: &Server) -> u16 {
    server.server_addr().to_ip().map(|a| a.port()).unwrap_or(0)
}

/// Serves in a background thread (for tests); returns the port.
pub fn spawn(www: PathBuf) -> Result<u16> {
    let server = Arc::new(bind(0)?);
    let port = port_of(&server);
    std::thread::spawn(move || handle_forever(&server, &www));
    Ok(port)
}

fn handle_forever(server: &Server, www: &Path) {
    for request in server.incoming_requests() {
        let path = request.url().split(['?', '#']).next().unwrap_or("/").to_string();
        let response = match resolve(www, &path) {
            Some(file) => match std::fs::read(&file) {
                Ok(body) => Response::from_data(body)
                    .with_header(header("Content-Type", content_type(&file)))
                    .with_header(header("Cache-Control", "no-cache")),
                Err(_) => not_found(),
            },
            None => not_found(),
        };
        let _ = request.respond(response);
    }
}

fn not_found() -> Response<std::io::Cursor<Vec<u8>>> {
    Response::from_string("not found").with_status_code(404).with_header(header("Content-Type", "text/plain"))
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("ASCII header")
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
