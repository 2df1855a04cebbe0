//! Builds one wasm module per puzzle into www/pkg/: for each, the crate for wasm32 in release
//! with only that puzzle's cargo feature, then wasm-bindgen (as a library, pinned to the crate's
//! wasm-bindgen version), then wasm-opt; and the manifest `www/pkg/modules.js` the pages read.
//! Each stage is skipped when its output is newer than its input, so a rebuild after an edit
//! redoes only what changed.

use crate::registry;
use crate::setup::{self, is_newer, run, WASM_TARGET};
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

/// The wasm modules' names, each the crate built with the cargo feature of the same name, in
/// the registry's order (src/registry.rs says what each is for).
pub const MODULES: [&str; registry::MODULES.len()] = module_names();

const fn module_names() -> [&'static str; registry::MODULES.len()] {
    let mut names = [""; registry::MODULES.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = registry::MODULES[i].name;
        i += 1;
    }
    names
}

/// Checks every module in `built` (in `pkg`) against its size budget in the registry: `cargo
/// xtask test` fails when a module outgrows it, so a change that does is noticed.
pub fn check_size_budgets(pkg: &Path, built: &[ModuleFiles]) -> Result<()> {
    let mut over = Vec::new();
    for (name, budget) in registry::MODULES.iter().filter_map(|m| Some((m.name, m.size_budget?))) {
        let m = built.iter().find(|m| m.name == name).with_context(|| format!("no module {name} was built"))?;
        let size = std::fs::metadata(pkg.join(&m.wasm))?.len();
        eprintln!("xtask: {name} wasm {size} bytes of a {budget}-byte budget");
        if size > budget {
            over.push(format!("{name}: {size} bytes, over its {budget}-byte budget by {}", size - budget));
        }
    }
    if over.is_empty() {
        Ok(())
    } else {
        anyhow::bail!("wasm modules over their size budget: {}", over.join("; "))
    }
}

const CRATE_ARTIFACT: &str = "chessboard_puzzles.wasm";

/// The files of one built module in www/pkg/ (or in a dist folder, under hashed names).
pub struct ModuleFiles {
    pub name: &'static str,
    pub js: String,
    pub wasm: String,
}

/// Builds every module into www/pkg/ and writes its manifest.
pub fn wasm() -> Result<Vec<ModuleFiles>> {
    setup::wasm_target()?;
    setup::node_modules()?;
    let root = crate::root();
    let pkg = root.join("www/pkg");
    std::fs::create_dir_all(&pkg)?;
    // Cargo builds one module at a time (it locks the target folder, and the link of a module
    // is one thread under `codegen-units = 1`), so each module's wasm-bindgen and wasm-opt run
    // on a thread of their own beside the next module's cargo build: ~70 s less on 2 cores.
    let built = std::thread::scope(|scope| {
        let mut finishing = Vec::new();
        for name in MODULES {
            let raw = raw_wasm(name)?;
            let pkg = &pkg;
            finishing.push(scope.spawn(move || finish(name, &raw, pkg)));
        }
        finishing
            .into_iter()
            .map(|f| f.join().unwrap_or_else(|_| Err(anyhow::anyhow!("a module's wasm-bindgen or wasm-opt panicked"))))
            .collect::<Result<Vec<_>>>()
    })?;
    write_manifest(&pkg, &built)?;
    remove_stale(&pkg, &built)?;
    for warned in warnings() {
        eprintln!("xtask: warning, {warned} (`cargo xtask test` fails on it)");
    }
    Ok(built)
}

/// Removes files of www/pkg/ that no module wrote (e.g. an older one-module build), so
/// nothing can load them by mistake.
fn remove_stale(pkg: &Path, built: &[ModuleFiles]) -> Result<()> {
    for entry in std::fs::read_dir(pkg)?.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let known = name == "modules.js"
            || built.iter().any(|m| m.js == name || m.wasm == name || declarations_file(m.name) == name);
        if !known && entry.path().is_file() {
            std::fs::remove_file(entry.path())?;
        }
    }
    Ok(())
}

/// Builds one module into `pkg` (skipped when its files are newer than the sources).
pub fn module(name: &'static str, pkg: &Path) -> Result<ModuleFiles> {
    finish(name, &raw_wasm(name)?, pkg)
}

/// wasm-bindgen and wasm-opt of a module's crate build `raw` into `pkg` (skipped when its files
/// are newer).
fn finish(name: &'static str, raw: &Path, pkg: &Path) -> Result<ModuleFiles> {
    let root = crate::root();
    let (js, wasm) = (format!("{name}.js"), format!("{name}_bg.wasm"));
    let output = pkg.join(&wasm);
    if !is_newer(&output, raw) || !pkg.join(declarations_file(name)).is_file() {
        eprintln!("xtask: wasm-bindgen {name} → www/pkg/");
        wasm_bindgen_cli_support::Bindgen::new()
            .input_path(raw)
            .out_name(name)
            .web(true)?
            .typescript(true)
            .omit_default_module_path(false)
            .generate(pkg)
            .with_context(|| format!("wasm-bindgen failed on the {name} module"))?;
        let level = std::env::var("WASM_OPT_LEVEL").unwrap_or_else(|_| WASM_OPT_LEVEL.to_string());
        eprintln!("xtask: wasm-opt {level} {name}");
        let wasm_opt = root.join("tests/node_modules/.bin/wasm-opt");
        run(Command::new(wasm_opt)
            .arg(&output)
            .args([level.as_str(), "--enable-bulk-memory", "--enable-nontrapping-float-to-int", "--enable-sign-ext"])
            .args(["--enable-mutable-globals", "--enable-reference-types", "--enable-multivalue"])
            .args(if WHOLE_DATA_SEGMENTS.contains(&name) { &["--skip-pass=memory-packing"][..] } else { &[] })
            // Metadata no browser reads (which compiler, which features): ~260 bytes a module.
            .args(["--strip-producers", "--strip-target-features", "-o"])
            .arg(&output))?;
    }
    let size = std::fs::metadata(&output)?.len();
    eprintln!("xtask: www/pkg/{wasm} ({} KiB)", size / 1024);
    Ok(ModuleFiles { name, js, wasm })
}

/// The name of a module's TypeScript declarations in www/pkg/, which wasm-bindgen writes beside
/// its glue: `cargo xtask types` copies them to tests/types/www/pkg/ for the JS type check.
pub fn declarations_file(name: &str) -> String {
    format!("{name}.d.ts")
}

/// Modules whose data segments wasm-opt keeps whole: its memory packing cuts data at every run
/// of zeros, which saves raw bytes but, in a module that is mostly constant tables, costs more
/// after gzip than it saves (chess: 8,500 segments, 143 KB fewer raw bytes, 24 KB more gzip),
/// and gzip is what a visitor downloads.
const WHOLE_DATA_SEGMENTS: [&str; 1] = ["chess"];

/// wasm-opt's level (the environment variable WASM_OPT_LEVEL overrides it, for measuring):
/// see docs/benchmarks.md for the measurements behind it.
const WASM_OPT_LEVEL: &str = "-O3";

/// The crate built for wasm32 with only `name`'s feature, copied to target/wasm-modules/.
///
/// Cargo writes every feature set's cdylib to the same file and keeps one fingerprint for
/// the crate (a wasm cdylib's file names carry no hash), so switching features recompiles it:
/// the build is skipped here instead when the copy is newer than every source file.
fn raw_wasm(name: &str) -> Result<PathBuf> {
    let root = crate::root();
    let copies = crate::target_dir().join("wasm-modules");
    std::fs::create_dir_all(&copies)?;
    let copy = copies.join(format!("{name}.wasm"));
    // A module's warnings are kept beside its copy, so a build skipped later still reports them.
    let warnings_file = copies.join(format!("{name}.warnings"));
    if modified(&copy).is_some_and(|built| newest_source(&root).is_some_and(|source| built >= source)) {
        if let Ok(line) = std::fs::read_to_string(&warnings_file) {
            record_warning(name, line.trim());
        }
        return Ok(copy);
    }
    eprintln!("xtask: cargo build, wasm module {name}");
    // Only the cdylib: Cargo does not pass the profile's `lto = true` to a library built as an
    // rlib too (Cargo.toml's crate types, which the tests and the CLI need), and without LTO the
    // crate and cozy-chess each kept a copy of cozy-chess's 687 KiB sliding-move table.
    let warned = run_reading_warnings(
        Command::new(env!("CARGO"))
            .args(["rustc", "--release", "--lib", "--crate-type", "cdylib", "--package", "chessboard-puzzles"])
            .args(["--target", WASM_TARGET, "--no-default-features", "--features", name])
            .current_dir(&root),
    )?;
    match warned {
        Some(line) => {
            std::fs::write(&warnings_file, &line)?;
            record_warning(name, &line);
        }
        None => {
            let _ = std::fs::remove_file(&warnings_file);
        }
    }
    let artifact = crate::target_dir().join(WASM_TARGET).join("release").join(CRATE_ARTIFACT);
    std::fs::copy(&artifact, &copy).with_context(|| format!("cannot copy {}", artifact.display()))?;
    Ok(copy)
}

/// The modules whose last build here warned, with cargo's "generated N warnings" line: `cargo
/// xtask test` fails on them. Each module is the crate with one feature set, so this is where a
/// warning only that set shows (an import only the other faces use) comes out, without a clippy
/// pass per module (clippy runs once, over every feature).
static WARNINGS: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// Notes a module's rustc warning line for `warnings()`.
fn record_warning(module: &str, line: &str) {
    WARNINGS.lock().unwrap_or_else(|e| e.into_inner()).push(format!("{module}: {line}"));
}

/// The warnings of the modules built by this process (see `WARNINGS`).
pub fn warnings() -> Vec<String> {
    WARNINGS.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Runs cargo with its messages passed through to ours as they come; returns its "`crate`
/// (target) generated N warnings" line about the crate, if it printed one.
fn run_reading_warnings(cmd: &mut Command) -> Result<Option<String>> {
    use std::io::{BufRead, Write};
    let mut child =
        cmd.stderr(std::process::Stdio::piped()).spawn().with_context(|| format!("cannot start {cmd:?}"))?;
    let mut warned = None;
    for line in std::io::BufReader::new(child.stderr.take().context("no stderr")?).lines() {
        let line = line?;
        if line.starts_with("warning: `chessboard-puzzles`") && line.contains(" generated ") {
            warned = Some(line.trim_start_matches("warning: ").to_string());
        }
        let _ = writeln!(std::io::stderr(), "{line}");
    }
    let status = child.wait()?;
    if !status.success() {
        anyhow::bail!("{cmd:?} failed ({status})");
    }
    Ok(warned)
}

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// The latest change to anything the wasm build reads: src/, Cargo.toml, Cargo.lock.
fn newest_source(root: &Path) -> Option<SystemTime> {
    let mut newest = [root.join("Cargo.toml"), root.join("Cargo.lock")].iter().filter_map(|p| modified(p)).max()?;
    let mut stack = vec![root.join("src")];
    while let Some(dir) = stack.pop() {
        newest = newest.max(modified(&dir)?);
        for entry in std::fs::read_dir(&dir).ok()?.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                newest = newest.max(modified(&path)?);
            }
        }
    }
    Some(newest)
}

/// Writes `modules.js`: each module's glue and wasm files (relative to the manifest), so the
/// pages find content-hashed names in a dist build without changes; and the registry's puzzles
/// (src/registry.rs), so the embed script and the views read the one list.
pub fn write_manifest(pkg: &Path, modules: &[ModuleFiles]) -> Result<()> {
    let mut text = String::from(
        "// Generated by `cargo xtask build` / `cargo xtask dist` from src/registry.rs: each wasm\n\
         // module's glue and wasm files, relative to this file (read by www/js/app.js and\n\
         // tests/node/core.mjs); each puzzle's module, view and page, relative to the site's root,\n\
         // and its embed frame heights (read by www/embed.js and www/js/view.js).\n\
         export default {\n",
    );
    for m in modules {
        text.push_str(&format!("  '{}': {{ js: '{}', wasm: '{}' }},\n", m.name, m.js, m.wasm));
    }
    text.push_str(concat!(
        "};\n\n",
        "/** @type {Record<string, { aliases: string[], module: string, view: string, page: string, ",
        "frameHeights: Record<'board' | 'compact' | 'full', number> }>} */\n",
        "export const puzzles = {\n"
    ));
    text.push_str(&puzzles_js());
    text.push_str("};\n");
    let path = pkg.join("modules.js");
    if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
        std::fs::write(&path, text)?;
    }
    Ok(())
}

/// The registry's puzzles as the lines of a JS object literal.
fn puzzles_js() -> String {
    let mut text = String::new();
    for p in registry::PUZZLES {
        let aliases: Vec<String> = p.aliases.iter().map(|a| format!("'{a}'")).collect();
        let h = p.frame_heights;
        text.push_str(&format!(
            "  '{}': {{ aliases: [{}], module: '{}', view: '{}', page: '{}', frameHeights: {{ board: {}, compact: {}, full: {} }} }},\n",
            p.name,
            aliases.join(", "),
            p.module,
            p.view,
            p.page,
            h.board,
            h.compact,
            h.full
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pkg_with(sizes: &[(&'static str, u64)]) -> (PathBuf, Vec<ModuleFiles>) {
        let dir = std::env::temp_dir().join(format!("xtask-budgets-{}-{}", std::process::id(), sizes[0].1));
        std::fs::create_dir_all(&dir).unwrap();
        let built = sizes
            .iter()
            .map(|&(name, size)| {
                let wasm = format!("{name}_bg.wasm");
                std::fs::write(dir.join(&wasm), vec![0u8; size as usize]).unwrap();
                ModuleFiles { name, js: format!("{name}.js"), wasm }
            })
            .collect();
        (dir, built)
    }

    #[test]
    fn a_module_over_its_budget_fails_the_check_by_name() {
        let check = |sizes: &[(&'static str, u64)]| {
            let (dir, built) = pkg_with(sizes);
            let result = check_size_budgets(&dir, &built).map_err(|e| format!("{e:#}"));
            std::fs::remove_dir_all(dir).unwrap();
            result
        };
        check(&[("devil", 176 * 1024), ("lights", 300 * 1024), ("table", 1), ("chess", 1300 * 1024)]).unwrap();
        let message = check(&[("devil", 181 * 1024 + 1), ("lights", 2), ("table", 3), ("chess", 4)]).unwrap_err();
        assert!(message.contains("devil: 185345 bytes, over its 185344-byte budget by 1"), "{message}");
        assert!(!message.contains("lights"), "{message}");
        assert!(check(&[("devil", 4)]).unwrap_err().contains("no module lights"));
    }

    #[test]
    fn the_manifest_lists_each_module_s_files_and_each_puzzle_s_view() {
        let dir = std::env::temp_dir().join(format!("xtask-manifest-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        write_manifest(&dir, &[ModuleFiles { name: "devil", js: "devil.1.js".into(), wasm: "devil.2.wasm".into() }])
            .unwrap();
        let text = std::fs::read_to_string(dir.join("modules.js")).unwrap();
        std::fs::remove_dir_all(dir).unwrap();
        assert!(text.contains("  'devil': { js: 'devil.1.js', wasm: 'devil.2.wasm' },\n"), "{text}");
        assert!(text.contains("number> }>} */\nexport const puzzles = {\n  'devil': { aliases: [], module: 'devil', view: 'js/views/devil.js', page: 'devil.html', frameHeights: { board: 550, compact: 690, full: 1390 } },\n"), "{text}");
        assert!(
            text.contains(
                "  'chess': { aliases: ['chess-game'], module: 'chess', view: 'js/views/chess.js', page: 'chess.html',"
            ),
            "{text}"
        );
    }
}
