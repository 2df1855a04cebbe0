//! The project's build tool: `cargo xtask serve` and `cargo xtask test` do all the set-up a
//! fresh machine needs (wasm target, npm packages, Chromium), so the README's two commands are
//! the whole story.

mod build;
mod dist;
mod package;
// The crate's registry of puzzles and modules, pure data, included as a file so the build tool
// does not compile the crate; some of its look-ups serve only the crate's faces.
#[allow(dead_code)]
#[path = "../../src/registry.rs"]
mod registry;
mod serve;
mod serve_build;
mod setup;
mod site_files;
mod test;
mod types;

use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str =
    "usage: cargo xtask <serve [--port N] | build | types | dist [--out DIR] [--site-url URL] | package [--out DIR] | test>";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("serve") => parse_port(&args[1..]).and_then(serve::run),
        Some("build") => build::wasm().map(|_| ()),
        Some("types") => types::update(),
        Some("dist") => parse_dist(&args[1..]).and_then(dist::run),
        Some("package") => parse_out(&args[1..]).and_then(|out| package::run_package(out).map(|_| ())),
        Some("test") => test::run(),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn parse_port(args: &[String]) -> anyhow::Result<u16> {
    match args {
        [] => Ok(8000),
        [flag, port] if flag == "--port" => {
            port.parse().map_err(|_| anyhow::anyhow!("--port takes a number from 0 to 65535, not '{port}'"))
        }
        _ => anyhow::bail!("{USAGE}"),
    }
}

fn parse_out(args: &[String]) -> anyhow::Result<Option<PathBuf>> {
    match args {
        [] => Ok(None),
        [flag, dir] if flag == "--out" => Ok(Some(PathBuf::from(dir))),
        _ => anyhow::bail!("{USAGE}"),
    }
}

fn parse_dist(args: &[String]) -> anyhow::Result<dist::Options> {
    let mut options = dist::Options::default();
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        let value = rest.next().ok_or_else(|| anyhow::anyhow!("{USAGE}"))?;
        match flag.as_str() {
            "--out" => options.out = Some(PathBuf::from(value)),
            "--site-url" => options.site_url = Some(dist::site_url(value)?),
            _ => anyhow::bail!("{USAGE}"),
        }
    }
    Ok(options)
}

/// The repository root (the folder above xtask/).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask sits in the repository").to_path_buf()
}

/// Cargo's target folder, honouring CARGO_TARGET_DIR.
pub fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => {
            let dir = PathBuf::from(dir);
            if dir.is_absolute() {
                dir
            } else {
                root().join(dir)
            }
        }
        None => root().join("target"),
    }
}
