//! Builds the crate for wasm32 in release, runs wasm-bindgen (as a library, pinned to the
//! crate's wasm-bindgen version) and wasm-opt, and writes www/pkg/. Each stage is skipped when
//! its output is newer than its input, so a rebuild after an edit redoes only what changed.

use crate::setup::{self, is_newer, run, WASM_TARGET};
use anyhow::{Context, Result};
use std::path::PathBuf;
use std::process::Command;

pub const PKG_NAME: &str = "chessboard_puzzles";

/// Builds www/pkg/ and returns the path of the final .wasm.
pub fn wasm() -> Result<PathBuf> {
    setup::wasm_target()?;
    setup::node_modules()?;
    let root = crate::root();
    run(Command::new(env!("CARGO"))
        .args(["build", "--release", "--lib", "--package", "chessboard-puzzles", "--target", WASM_TARGET])
        .current_dir(&root))?;
    let input = crate::target_dir().join(WASM_TARGET).join("release").join(format!("{PKG_NAME}.wasm"));
    let pkg = root.join("www/pkg");
    let output = pkg.join(format!("{PKG_NAME}_bg.wasm"));
    if !is_newer(&output, &input) {
        eprintln!("xtask: wasm-bindgen → www/pkg/");
        wasm_bindgen_cli_support::Bindgen::new()
            .input_path(&input)
            .web(true)?
            .typescript(false)
            .omit_default_module_path(false)
            .generate(&pkg)
            .context("wasm-bindgen failed")?;
        eprintln!("xtask: wasm-opt -O3");
        let wasm_opt = root.join("tests/node_modules/.bin/wasm-opt");
        run(Command::new(wasm_opt)
            .arg(&output)
            .args(["-O3", "--enable-bulk-memory", "--enable-nontrapping-float-to-int", "--enable-sign-ext"])
            .args(["--enable-mutable-globals", "--enable-reference-types", "--enable-multivalue", "-o"])
            .arg(&output))?;
    }
    let size = std::fs::metadata(&output)?.len();
    eprintln!("xtask: {} ({} KiB)", output.strip_prefix(&root).unwrap_or(&output).display(), size / 1024);
    Ok(output)
}
