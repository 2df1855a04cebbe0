//! `cargo xtask test`: every check, continuing past failures so one run shows all of them,
//! then a one-line summary. Exits non-zero if anything failed.
//!
//! Two lanes share the 2 cores: the browser lane (wasm build, Node tests, browser tests) in the
//! foreground, and the cargo lane (the native build under clippy, the native tests, clippy on
//! each wasm module) beside it at low priority (`nice`): it yields to the wasm build and the Node
//! processes. Not to Chromium: Playwright starts the browser in a session of its own, and with the
//! kernel's autogroup scheduling a nice value only ranks processes within one session, so the
//! lane and the browser share the cores about evenly (docs/testing.md). The whole run is bound by
//! its CPU work either way. The lane's output goes to log files, printed whole when the browser
//! lane is done, so the two never interleave. The lane builds the command-line tool first; the
//! browser tests that call it run last and wait for it.

use crate::setup::{self, run as run_command, WASM_TARGET};
use anyhow::{anyhow, bail, Context, Result};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// A finished step: its name, its outcome, its time in seconds, and the log it wrote
/// (background steps only).
struct Step {
    name: &'static str,
    result: Result<()>,
    seconds: f64,
    log: Option<PathBuf>,
}

impl Step {
    /// A step that failed before it could start.
    fn failed(name: &'static str, err: anyhow::Error) -> Step {
        Step { name, result: Err(err), seconds: 0.0, log: None }
    }

    fn report(&self) {
        let (name, took) = (self.name, self.seconds);
        match &self.result {
            Ok(()) => eprintln!("xtask: {name} passed in {took:.0} s"),
            Err(e) => eprintln!("xtask: {name} FAILED in {took:.0} s: {e:#}"),
        }
    }
}

/// Runs `f` as step `name`, printing its start and its outcome with the time it took.
fn step(name: &'static str, f: impl FnOnce() -> Result<()>) -> Step {
    eprintln!("\n==> {name}");
    timed(name, None, f)
}

fn timed(name: &'static str, log: Option<PathBuf>, f: impl FnOnce() -> Result<()>) -> Step {
    let started = Instant::now();
    let result = f();
    let s = Step { name, result, seconds: started.elapsed().as_secs_f64(), log };
    s.report();
    s
}

fn cargo() -> Command {
    let mut c = Command::new(env!("CARGO"));
    c.current_dir(crate::root());
    c
}

/// Cargo at low priority, for the background lane. Not incremental: its builds start from an
/// empty folder on CI, where incremental compilation only adds the work of saving its caches.
fn nice_cargo() -> Command {
    let mut c = Command::new("nice");
    c.args(["-n", "15", env!("CARGO")]).current_dir(crate::root()).env("CARGO_INCREMENTAL", "0");
    c
}

/// Runs `cmd` with its output appended to `log`.
fn run_logged(cmd: &mut Command, log: &Path) -> Result<()> {
    let file = File::options()
        .create(true)
        .append(true)
        .open(log)
        .with_context(|| format!("cannot write {}", log.display()))?;
    cmd.stdout(file.try_clone()?).stderr(file);
    run_command(cmd)
}

/// Cargo under clippy: `clippy-driver` as the compiler of the workspace's own crates (its
/// dependencies are compiled as usual), so one build both lints the code and makes the binaries
/// the tests run. A separate `cargo clippy --all-targets` compiled every crate a second time, in
/// check mode, for the same lints: ~3 CPU-minutes of the suite's CPU-bound half.
fn linting_cargo() -> Command {
    let mut c = nice_cargo();
    c.env("RUSTC_WORKSPACE_WRAPPER", "clippy-driver");
    c
}

/// A target folder of the cargo lane's own, under the usual one. Cargo locks a whole target
/// folder while it builds, so builds sharing one take turns: the niced native build waited 13
/// minutes for the niced wasm32 clippy, and both would hold up the foreground's wasm build.
/// Nothing is built twice for it: the wasm build is for another target and profile.
fn lane_target(name: &str) -> PathBuf {
    crate::target_dir().join(name)
}

/// The crate's native build and tests: under clippy, in the lane's folder `native`.
fn native_cargo() -> Command {
    let mut c = linting_cargo();
    c.env("CARGO_TARGET_DIR", lane_target("native"));
    c
}

/// Fails when the compiler output appended to `log` since byte `from` has a warning about the
/// workspace's code (cargo's "`crate` (target) generated N warnings" line): clippy's `-D
/// warnings`, read from the build rather than passed to it, so the build still reports every
/// warning at once.
fn no_warnings(log: &Path, from: u64) -> Result<()> {
    let text = std::fs::read(log)?;
    let text = String::from_utf8_lossy(&text[(from as usize).min(text.len())..]).into_owned();
    let warned: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("warning: `") && l.contains(" generated ") && l.contains(" warning"))
        .collect();
    if warned.is_empty() {
        Ok(())
    } else {
        bail!("clippy: {} (read them in the log)", warned.join("; ").replace("warning: ", ""))
    }
}

fn log_len(log: &Path) -> u64 {
    std::fs::metadata(log).map(|m| m.len()).unwrap_or(0)
}

/// Where the cargo lane puts a copy of the command-line tool once it is built, for the browser
/// tests that call it (CLI_BIN; `harness.mjs`'s `cliBuilt` waits for it), and where it writes
/// why when the build failed (`.failed` beside it).
fn cli_copy(logs: &Path) -> (PathBuf, PathBuf) {
    (logs.join("chessboard-puzzles"), logs.join("chessboard-puzzles.failed"))
}

/// Publishes the built command-line tool at `cli_copy`: copied (a later cargo command may
/// replace the original while a test runs it) under a temporary name, then renamed, so a test
/// never runs a half-written file.
fn publish_cli(logs: &Path) -> Result<()> {
    let (copy, _) = cli_copy(logs);
    let partial = copy.with_extension("partial");
    std::fs::copy(lane_target("native").join("debug/chessboard-puzzles"), &partial)?;
    std::fs::rename(&partial, &copy)?;
    Ok(())
}

/// The cargo lane, two threads: the native build under clippy and the native tests; beside it,
/// clippy on the wasm32 build of every module's code.
fn cargo_lane(logs: &Path) -> Vec<Step> {
    let background = |name: &'static str, file: &str, f: &mut dyn FnMut(&Path) -> Result<()>| {
        let log = logs.join(file);
        let _ = std::fs::remove_file(&log);
        eprintln!("xtask: {name} started in the background (log: {})", log.display());
        timed(name, Some(log.clone()), || f(&log))
    };
    std::thread::scope(|scope| {
        // Once, over every module's code (feature `all`): a warning that only one module's
        // feature set shows (an import only the other faces use) is rustc's, and the wasm build,
        // which builds each module alone, fails on it. A clippy pass per module cost ~5 CPU-minutes.
        let wasm_clippy = scope.spawn(|| {
            background("clippy (wasm32)", "clippy-wasm32.log", &mut |log| {
                run_logged(
                    nice_cargo()
                        .env("CARGO_TARGET_DIR", lane_target("clippy-wasm32"))
                        .args(["clippy", "--lib", "--package", "chessboard-puzzles", "--target", WASM_TARGET])
                        .args(["--no-default-features", "--features", "all", "--", "-D", "warnings"]),
                    log,
                )
            })
        });
        let mut steps = vec![background("native build and clippy", "native-build.log", &mut |log| {
            // The command-line tool first, for the browser tests that call it: the smallest
            // bench's build makes the library and the binary (cargo builds the binaries for a
            // bench) with the tests' feature set, which the full build below then reuses. (A
            // `cargo build --bin` resolves the dependencies' features without the dev-dependencies,
            // so it would compile serde_json, rayon and the crate a second time: ~75 CPU-s.)
            let built = run_logged(
                native_cargo().args(["test", "--package", "chessboard-puzzles", "--bench", "devil", "--no-run"]),
                log,
            )
            .and_then(|()| publish_cli(logs));
            if let Err(e) = &built {
                let _ = std::fs::write(cli_copy(logs).1, format!("the native build failed: {e:#}\n"));
            }
            built?;
            run_logged(
                native_cargo().args(["test", "--package", "chessboard-puzzles", "--all-targets", "--no-run"]),
                log,
            )?;
            // xtask in xtask's own profile: its dependencies (wasm-bindgen's CLI support, hyper,
            // tokio) are already built for running `cargo xtask`, where the dev profile would
            // build them all again, optimised.
            run_logged(linting_cargo().args(["test", "--package", "xtask", "--profile", "xtask", "--no-run"]), log)?;
            no_warnings(log, 0)
        })];
        if steps[0].result.is_ok() {
            steps.push(background("native tests", "native-tests.log", &mut |log| {
                run_logged(native_cargo().args(["test", "--package", "chessboard-puzzles"]), log)?;
                let from = log_len(log);
                run_logged(linting_cargo().args(["test", "--package", "xtask", "--profile", "xtask"]), log)?;
                // The tests' own build must not have compiled anything the linted build did not.
                no_warnings(log, from)
            }));
        }
        steps.push(wasm_clippy.join().unwrap_or_else(|_| Step::failed("clippy (wasm32)", anyhow!("panicked"))));
        steps
    })
}

fn run_all() -> Vec<Step> {
    let root = crate::root();
    let mut steps = vec![step("rustfmt", || run_command(cargo().args(["fmt", "--all", "--", "--check"])))];
    if let Err(e) = setup::wasm_target() {
        steps.push(Step::failed("wasm target", e));
        return steps;
    }
    let logs = crate::target_dir().join("xtask-test");
    if let Err(e) = std::fs::create_dir_all(&logs) {
        steps.push(Step::failed("logs folder", e.into()));
        return steps;
    }
    // Not a tool left by an earlier run in this target folder: the browser tests wait for this
    // run's.
    for stale in <[PathBuf; 2]>::from(cli_copy(&logs)) {
        let _ = std::fs::remove_file(stale);
    }
    std::thread::scope(|scope| {
        // The cargo lane starts first: the JS checks below use one core for half a minute.
        let lane = scope.spawn(|| cargo_lane(&logs));
        steps.extend(js_checks(&root));
        steps.extend(browser_lane(&root, &cli_copy(&logs).0));
        let background = lane.join().unwrap_or_default();
        for s in &background {
            if let Some(log) = &s.log {
                eprintln!("\n==> {} (its log, {})", s.name, log.display());
                eprint!("{}", std::fs::read_to_string(log).unwrap_or_default());
                s.report();
            }
        }
        steps.extend(background);
    });
    steps
}

/// The site's and the tests' JS, with the tools tests/package.json pins (see tests/tsconfig.json
/// and tests/eslint.config.js for what each covers). Neither needs the wasm build.
fn js_checks(root: &Path) -> Vec<Step> {
    vec![
        step("JS type check", || {
            setup::node_modules()?;
            run_command(Command::new(node_tool("tsc")).args(["--noEmit", "--project", "tests"]).current_dir(root))
        }),
        step("JS lint", || {
            setup::node_modules()?;
            run_command(
                Command::new(node_tool("eslint"))
                    .args(["--config", "tests/eslint.config.js", "--max-warnings", "0", "www", "tests"])
                    .current_dir(root),
            )
        }),
    ]
}

/// The wasm build and everything that needs it, in the foreground. `cli` is where the cargo
/// lane will put the command-line tool.
fn browser_lane(root: &Path, cli: &Path) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut built = None;
    steps.push(step("wasm build", || {
        built = Some(crate::build::wasm()?);
        // rustc's warnings for each module's feature set (clippy's lints run once, over all).
        let warned = crate::build::warnings();
        anyhow::ensure!(warned.is_empty(), "warnings: {} (read them above)", warned.join("; "));
        Ok(())
    }));
    let Some(modules) = built else {
        return steps;
    };
    steps.push(step("wasm size budgets", || crate::build::check_size_budgets(&root.join("www/pkg"), &modules)));
    steps.push(step("wasm declarations", || crate::types::check(&root.join("www/pkg"))));
    // The npm package (tests/node/package.test.mjs installs its tarball in a scratch project;
    // tests/browser/package.test.mjs serves it under a CDN-like path).
    let mut tarball = None;
    steps.push(step("npm package", || {
        tarball = Some(crate::package::run_package(Some(crate::target_dir().join("package-test")))?);
        Ok(())
    }));
    steps.push(step("wasm API under Node", || node_tests(&root.join("tests/node"), tarball.as_ref())));
    let mut port = None;
    steps.push(step("browser test set-up", || {
        setup::chromium()?;
        // The delivery test serves this dist copy from a sub-path with a plain static server.
        crate::dist::run(crate::dist::Options {
            out: Some(crate::target_dir().join("dist-test")),
            ..Default::default()
        })?;
        port = Some(crate::serve::spawn(root.join("www"), crate::serve::Limits::DEFAULT)?);
        Ok(())
    }));
    let Some(port) = port else {
        return steps;
    };
    steps.push(step("browser tests", || browser_tests(port, tarball.as_ref(), cli)));
    steps
}

pub fn run() -> Result<()> {
    let started = Instant::now();
    let steps = run_all();
    let failed: Vec<&str> = steps.iter().filter(|s| s.result.is_err()).map(|s| s.name).collect();
    let passed = steps.len() - failed.len();
    eprintln!();
    if !failed.is_empty() {
        eprintln!("xtask test failed steps: {}", failed.join(", "));
    }
    println!("summary: {passed} passed, {} failed, {:.1} min", failed.len(), started.elapsed().as_secs_f64() / 60.0);
    if failed.is_empty() {
        Ok(())
    } else {
        bail!("{} of {} steps failed", failed.len(), steps.len())
    }
}

/// A command-line tool installed by `npm ci` in tests/ (`tests/node_modules/.bin/NAME`).
fn node_tool(name: &str) -> PathBuf {
    crate::root().join("tests/node_modules/.bin").join(name)
}

/// Runs every browser test with `tests/browser/run.mjs` (one shared Chromium, two files at a
/// time) against the server on `port`. The files that call the command-line tool run last and
/// wait for `cli` (CLI_BIN) to appear, since the cargo lane is still building it when the run
/// starts; one run, so neither lane waits on the other for long.
fn browser_tests(port: u16, tarball: Option<&PathBuf>, cli: &Path) -> Result<()> {
    let mut cmd = Command::new("node");
    if let Some(tarball) = tarball {
        cmd.env("PACKAGE_TGZ", tarball);
    }
    cmd.env("CLI_BIN", cli).env("CLI_BIN_PENDING", "1").arg("tests/browser/run.mjs");
    cmd.current_dir(crate::root())
        .env("BASE_URL", format!("http://127.0.0.1:{port}"))
        .env("CHROMIUM", setup::CHROMIUM)
        .env("FULL_CHROMIUM", setup::FULL_CHROMIUM)
        .env("DIST_DIR", crate::target_dir().join("dist-test"))
        // Nobody looks at a CI run's 150 screenshots; they cost about 45 CPU-seconds.
        .env("SCREENSHOTS", "off");
    run_command(&mut cmd)
}

/// Runs every `*.test.mjs` in `dir` with Node's test runner, one file at a time.
fn node_tests(dir: &Path, tarball: Option<&PathBuf>) -> Result<()> {
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
