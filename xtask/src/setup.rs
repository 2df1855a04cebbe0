//! Installs what the build and tests need, only when it is missing.

use anyhow::{bail, Context, Result};
use std::path::Path;
use std::process::Command;

pub const WASM_TARGET: &str = "wasm32-unknown-unknown";
/// Debian's headless shell: Chromium's engine without the browser's own window and compositor,
/// which a page in a test never sees and which took a third of the browser tests' CPU (a page
/// load, a new context: docs/testing.md). Playwright's own headless default is the same shell.
pub const CHROMIUM: &str = "/usr/bin/chromium-headless-shell";
/// Debian's whole Chromium, for the one file about the browser's own defaults (it refuses a frame
/// from another site storage; the shell has no such setting): `cross-site.test.mjs`.
pub const FULL_CHROMIUM: &str = "/usr/bin/chromium";

/// Runs a command, inheriting output, and fails with its name if it fails.
pub fn run(cmd: &mut Command) -> Result<()> {
    let status = cmd.status().with_context(|| format!("cannot start {cmd:?}"))?;
    if !status.success() {
        bail!("{cmd:?} failed ({status})");
    }
    Ok(())
}

pub fn wasm_target() -> Result<()> {
    let out = Command::new("rustup").args(["target", "list", "--installed"]).output();
    match out {
        Ok(out) if String::from_utf8_lossy(&out.stdout).lines().any(|l| l.trim() == WASM_TARGET) => Ok(()),
        _ => {
            eprintln!("xtask: installing the {WASM_TARGET} target");
            run(Command::new("rustup").args(["target", "add", WASM_TARGET]))
        }
    }
}

/// `npm ci` in tests/ when node_modules is missing or older than the lock file. The packages
/// are playwright-core (which never downloads a browser) and binaryen (wasm-opt).
pub fn node_modules() -> Result<()> {
    let tests = crate::root().join("tests");
    let stamp = tests.join("node_modules/.package-lock.json");
    if is_newer(&stamp, &tests.join("package-lock.json")) {
        return Ok(());
    }
    eprintln!("xtask: npm ci in tests/");
    run(Command::new("npm")
        .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
        .current_dir(&tests)
        .env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1"))
}

/// Debian's Chromium headless shell and whole Chromium, installed with apt when missing.
pub fn chromium() -> Result<()> {
    let missing: Vec<&str> = [(CHROMIUM, "chromium-headless-shell"), (FULL_CHROMIUM, "chromium")]
        .into_iter()
        .filter(|(path, _)| !Path::new(path).exists())
        .map(|(_, package)| package)
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    eprintln!("xtask: installing Debian's {}", missing.join(" and "));
    run(Command::new("apt-get").arg("update").arg("-qq"))?;
    run(Command::new("apt-get").args(["install", "-y", "-qq"]).args(&missing).env("DEBIAN_FRONTEND", "noninteractive"))
}

/// Whether `a` exists and was modified no earlier than `b`.
pub fn is_newer(a: &Path, b: &Path) -> bool {
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    match (modified(a), modified(b)) {
        (Some(a), Some(b)) => a >= b,
        _ => false,
    }
}
