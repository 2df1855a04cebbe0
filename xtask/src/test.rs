//! `cargo xtask test`: every check, in order, continuing past failures so one run shows all
//! of them, then a one-line summary. Exits non-zero if anything failed.

use crate::setup::{self, run as run_command, WASM_TARGET};
use anyhow::{bail, Result};
use std::path::Path;
use std::process::Command;

fn run_all() -> Vec<(&'static str, Result<()>)> {
    let root = crate::root();
    let cargo = || {
        let mut c = Command::new(env!("CARGO"));
        c.current_dir(&root);
        c
    };
    let mut results = Vec::new();
    let mut step = |name: &'static str, f: &mut dyn FnMut() -> Result<()>| {
        eprintln!("\n==> {name}");
        let started = std::time::Instant::now();
        let r = f();
        let took = started.elapsed().as_secs_f64();
        match &r {
            Ok(()) => eprintln!("xtask: {name} passed in {took:.0} s"),
            Err(e) => eprintln!("xtask: {name} FAILED in {took:.0} s: {e:#}"),
        }
        results.push((name, r));
    };
    step("rustfmt", &mut || run_command(cargo().args(["fmt", "--all", "--", "--check"])));
    step("clippy", &mut || {
        run_command(cargo().args(["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"]))
    });
    // Per module, as each is built: a warning that only one feature set shows (an import the
    // other faces use) would hide under --all-features.
    step("clippy (wasm32, each module)", &mut || {
        setup::wasm_target()?;
        for module in crate::build::MODULES {
            run_command(
                cargo().args(["clippy", "--lib", "--package", "chessboard-puzzles", "--target", WASM_TARGET]).args([
                    "--no-default-features",
                    "--features",
                    module,
                    "--",
                    "-D",
                    "warnings",
                ]),
            )?;
        }
        Ok(())
    });
    // The site's and the tests' JS, with the tools tests/package.json pins (see tests/tsconfig.json
    // and tests/eslint.config.js for what each covers). Neither needs the wasm build.
    step("JS type check", &mut || {
        setup::node_modules()?;
        run_command(Command::new(node_tool("tsc")).args(["--noEmit", "--project", "tests"]).current_dir(&root))
    });
    step("JS lint", &mut || {
        setup::node_modules()?;
        run_command(
            Command::new(node_tool("eslint"))
                .args(["--config", "tests/eslint.config.js", "--max-warnings", "0", "www", "tests"])
                .current_dir(&root),
        )
    });
    step("native tests", &mut || run_command(cargo().args(["test", "--workspace"])));
    let built = crate::build::wasm();
    let wasm_ok = built.is_ok();
    step("wasm build", &mut || built.as_ref().map(|_| ()).map_err(|e| anyhow::anyhow!("{e:#}")));
    step("wasm size budgets", &mut || match &built {
        Ok(modules) => crate::build::check_size_budgets(&root.join("www/pkg"), modules),
        Err(_) => bail!("skipped: the wasm build failed"),
    });
    step("wasm declarations", &mut || match &built {
        Ok(_) => crate::types::check(&root.join("www/pkg")),
        Err(_) => bail!("skipped: the wasm build failed"),
    });
    // The npm package (tests/node/package.test.mjs installs its tarball in a scratch project;
    // tests/browser/package.test.mjs serves it under a CDN-like path).
    let mut tarball = None;
    step("npm package", &mut || {
        if !wasm_ok {
            bail!("skipped: the wasm build failed");
        }
        tarball = Some(crate::package::run_package(Some(crate::target_dir().join("package-test")))?);
        Ok(())
    });
    step("wasm API under Node", &mut || {
        if !wasm_ok {
            bail!("skipped: the wasm build failed");
        }
        node_tests(&root.join("tests/node"), tarball.as_ref())
    });
    step("browser tests", &mut || {
        if !wasm_ok {
            bail!("skipped: the wasm build failed");
        }
        setup::chromium()?;
        // The delivery test serves this dist copy from a sub-path with a plain static server.
        crate::dist::run(crate::dist::Options {
            out: Some(crate::target_dir().join("dist-test")),
            ..Default::default()
        })?;
        let port = crate::serve::spawn(root.join("www"))?;
        browser_tests(port, tarball.as_ref())
    });
    results
}

pub fn run() -> Result<()> {
    let results = run_all();
    let failed: Vec<&str> = results.iter().filter(|(_, r)| r.is_err()).map(|(n, _)| *n).collect();
    let passed = results.len() - failed.len();
    eprintln!();
    if !failed.is_empty() {
        eprintln!("xtask test failed steps: {}", failed.join(", "));
    }
    println!("summary: {passed} passed, {} failed", failed.len());
    if failed.is_empty() {
        Ok(())
    } else {
        bail!("{} of {} steps failed", failed.len(), results.len())
    }
}

/// A command-line tool installed by `npm ci` in tests/ (`tests/node_modules/.bin/NAME`).
fn node_tool(name: &str) -> std::path::PathBuf {
    crate::root().join("tests/node_modules/.bin").join(name)
}

/// Runs the browser tests with `tests/browser/run.mjs`: one shared Chromium, two files at a
/// time (BROWSER_JOBS), against the server on `port`.
fn browser_tests(port: u16, tarball: Option<&std::path::PathBuf>) -> Result<()> {
    let mut cmd = Command::new("node");
    if let Some(tarball) = tarball {
        cmd.env("PACKAGE_TGZ", tarball);
    }
    cmd.arg("tests/browser/run.mjs")
        .current_dir(crate::root())
        .env("BASE_URL", format!("http://127.0.0.1:{port}"))
        .env("CHROMIUM", setup::CHROMIUM)
        .env("DIST_DIR", crate::target_dir().join("dist-test"));
    run_command(&mut cmd)
}

/// Runs every `*.test.mjs` in `dir` with Node's test runner, one file at a time.
fn node_tests(dir: &Path, tarball: Option<&std::path::PathBuf>) -> Result<()> {
    let mut files: Vec<_> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".test.mjs"))
        .collect();
    files.sort();
    if files.is_empty() {
        bail!("no test files in {}", dir.display());
    }
    let mut cmd = Command::new("node");
    if let Some(tarball) = tarball {
        cmd.env("PACKAGE_TGZ", tarball);
    }
    cmd.args(["--test", "--test-concurrency=1"]).args(&files).current_dir(crate::root());
    run_command(&mut cmd)
}
