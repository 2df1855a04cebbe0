//! `cargo xtask package [--out DIR]`: the npm package `chessboard-puzzles`, for embedding with
//! no hosting of one's own (a CDN that serves npm packages, such as jsDelivr or unpkg, is the
//! host) and for JS programmers (the wasm modules under Node, with TypeScript declarations).
//!
//! The folder is a `cargo xtask dist` build without the service worker (a CDN path is no
//! installable site) and without `.gz` files (CDNs compress), plus `package.json`, a README,
//! and `node/<module>.js` + `node/<module>.d.ts`: each wasm module's wasm-bindgen glue,
//! initialised synchronously from its wasm file, so `import { lights_solve } from
//! 'chessboard-puzzles/lights'` works in Node with nothing else to call. `npm pack` then makes
//! `chessboard-puzzles-<version>.tgz` beside the folder. Every URL in `embed.js` is resolved
//! against its own URL, so the package works served under any path
//! (`https://cdn.jsdelivr.net/npm/chessboard-puzzles@0.1.0/embed.js`), its frames included.

use crate::build::{declarations_file, ModuleFiles, MODULES};
use crate::dist;
use crate::setup::run;
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

pub const NAME: &str = "chessboard-puzzles";

/// Writes the package folder `OUT/chessboard-puzzles/` and the tarball `OUT/<name>-<version>.tgz`
/// (default OUT: `target/package/`); returns the tarball's path.
pub fn run_package(out: Option<PathBuf>) -> Result<PathBuf> {
    let out = out.unwrap_or_else(|| crate::target_dir().join("package"));
    std::fs::create_dir_all(&out).with_context(|| format!("cannot create {}", out.display()))?;
    // npm runs in the package folder: the destination must not be relative to here.
    let out = std::fs::canonicalize(&out)?;
    let folder = out.join(NAME);
    let hashed = dist::write(dist::Options {
        out: Some(folder.clone()),
        site_url: None,
        service_worker: false,
        precompress: false,
    })?;
    let version = crate_version()?;
    node_entries(&folder, &hashed)?;
    std::fs::write(folder.join("package.json"), package_json(&version, &folder, &hashed)?)?;
    std::fs::write(folder.join("README.md"), readme(&version))?;
    let tarball = out.join(format!("{NAME}-{version}.tgz"));
    let _ = std::fs::remove_file(&tarball);
    run(Command::new("npm").args(["pack", "--loglevel=error", "--pack-destination"]).arg(&out).current_dir(&folder))?;
    anyhow::ensure!(tarball.is_file(), "npm pack did not write {}", tarball.display());
    eprintln!("xtask: wrote {}", tarball.display());
    Ok(tarball)
}

/// The crate's version, from the repository's Cargo.toml (`[package] version = "…"`).
pub fn crate_version() -> Result<String> {
    let toml = std::fs::read_to_string(crate::root().join("Cargo.toml"))?;
    let mut in_package = false;
    for line in toml.lines().map(str::trim) {
        if line.starts_with('[') {
            in_package = line == "[package]";
        } else if in_package {
            if let Some(value) = line.strip_prefix("version").map(str::trim).and_then(|l| l.strip_prefix('=')) {
                return Ok(value.trim().trim_matches('"').to_string());
            }
        }
    }
    anyhow::bail!("no [package] version in Cargo.toml")
}

/// `node/<module>.js` (the glue, initialised from its wasm file) and `node/<module>.d.ts` (its
/// declarations, as the wasm build wrote them into www/pkg/).
fn node_entries(folder: &Path, hashed: &[ModuleFiles]) -> Result<()> {
    let node = folder.join("node");
    std::fs::create_dir_all(&node)?;
    for m in hashed {
        let built = crate::root().join("www/pkg").join(declarations_file(m.name));
        let dts = std::fs::read_to_string(&built).with_context(|| format!("cannot read {}", built.display()))?;
        std::fs::write(node.join(format!("{}.d.ts", m.name)), node_declarations(&dts))?;
        std::fs::write(node.join(format!("{}.js", m.name)), node_glue(m))?;
    }
    Ok(())
}

/// The Node entry of one module: its glue from `pkg/`, initialised synchronously.
fn node_glue(m: &ModuleFiles) -> String {
    format!(
        "// The {name} wasm module for Node, ready to call: its wasm-bindgen glue (../pkg/{js}),\n\
         // initialised synchronously from ../pkg/{wasm}. Written by `cargo xtask package`.\n\
         import {{ readFileSync }} from 'node:fs';\n\
         import {{ initSync }} from '../pkg/{js}';\n\n\
         initSync({{ module: readFileSync(new URL('../pkg/{wasm}', import.meta.url)) }});\n\n\
         export * from '../pkg/{js}';\n",
        name = m.name,
        js = m.js,
        wasm = m.wasm
    )
}

/// wasm-bindgen's declarations minus the initialisation (already done): the module's exports.
/// The classes' `[Symbol.dispose]` goes too: it needs TypeScript's `esnext.disposable` library,
/// which a project on `es2022` lacks, and `free()` does the same.
fn node_declarations(dts: &str) -> String {
    // wasm-bindgen's `web` declarations end with the init types and functions, after the
    // exports: `export type InitInput = …` starts them.
    let cut = dts.find("export type InitInput").unwrap_or(dts.len());
    let kept: Vec<&str> = dts[..cut].trim_end().lines().filter(|l| l.trim() != "[Symbol.dispose](): void;").collect();
    format!("// Written by `cargo xtask package` from wasm-bindgen's declarations.\n{}\n", kept.join("\n"))
}

/// package.json: the version of the crate, every top-level entry of the folder in `files`,
/// `exports` for the element and for each module under Node.
fn package_json(version: &str, folder: &Path, hashed: &[ModuleFiles]) -> Result<String> {
    let mut files: Vec<String> = std::fs::read_dir(folder)?
        .flatten()
        .map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            if e.path().is_dir() {
                format!("{name}/")
            } else {
                name
            }
        })
        .filter(|n| n != "package.json" && n != "README.md")
        .collect();
    files.sort();
    let quoted = |s: &str| format!("\"{s}\"");
    let mut exports = vec![
        "    \".\": \"./embed.js\"".to_string(),
        "    \"./embed.js\": \"./embed.js\"".to_string(),
        "    \"./package.json\": \"./package.json\"".to_string(),
    ];
    // Under Node, the module ready to call; elsewhere (a bundler), the glue, whose default
    // export initialises it.
    for m in hashed {
        exports.push(format!(
            "    \"./{name}\": {{ \"types\": \"./node/{name}.d.ts\", \"node\": \"./node/{name}.js\", \"default\": \"./pkg/{js}\" }}",
            name = m.name,
            js = m.js
        ));
    }
    exports.push("    \"./*\": \"./*\"".to_string());
    Ok(format!(
        "{{\n  \"name\": \"{NAME}\",\n  \"version\": \"{version}\",\n  \"description\": \"The Devil's chessboard, Lights Out, the rotating table and chess puzzles: a <chessboard-puzzle> element for any web page, and the WebAssembly solvers for Node\",\n  \"license\": \"MIT OR Apache-2.0\",\n  \"type\": \"module\",\n  \"browser\": \"./embed.js\",\n  \"exports\": {{\n{}\n  }},\n  \"files\": [{}],\n  \"sideEffects\": true,\n  \"keywords\": [\"chess\", \"puzzle\", \"lights-out\", \"web-component\", \"webassembly\"]\n}}\n",
        exports.join(",\n"),
        files.iter().map(|f| quoted(f)).collect::<Vec<_>>().join(", ")
    ))
}

fn readme(version: &str) -> String {
    format!(
        "# chessboard-puzzles {version}\n\n\
         The Devil's chessboard, Lights Out, Lights Out games, the rotating table and chess positions as a\n\
         `<chessboard-puzzle>` element for any web page, served from a CDN, and the WebAssembly solvers for Node.\n\n\
         ```html\n\
         <script type=\"module\" src=\"https://cdn.jsdelivr.net/npm/{NAME}@{version}/embed.js\"></script>\n\
         <chessboard-puzzle link=\"#devil/v1/RAAAE2t4\"></chessboard-puzzle>\n\
         ```\n\n\
         A link is a share link of the playground or its fragment; a page name without a fragment\n\
         (`lights.html`) opens a fresh puzzle. Under Node:\n\n\
         ```js\n\
         import {{ lights_open_file, lights_solve, lights_cells }} from '{NAME}/lights';\n\
         ```\n\n\
         Modules: {}. See docs/embedding.md in the repository for the element's options and the API.\n\n\
         Licensed under MIT or Apache-2.0, at your option.\n",
        MODULES.iter().map(|m| format!("`{NAME}/{m}`")).collect::<Vec<_>>().join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_version_is_the_crates() {
        let version = crate_version().unwrap();
        let toml = std::fs::read_to_string(crate::root().join("Cargo.toml")).unwrap();
        assert!(toml.contains(&format!("version = \"{version}\"")), "{version}");
        assert_eq!(version.split('.').count(), 3, "{version}");
    }

    #[test]
    fn node_declarations_keep_the_exports_and_drop_the_init() {
        let dts = "export class S {\n  free(): void;\n  [Symbol.dispose](): void;\n}\nexport function lights_solve(board: any): any;\nexport type InitInput = RequestInfo;\nexport function initSync(m: any): any;\n";
        let out = node_declarations(dts);
        assert!(out.contains("export function lights_solve(board: any): any;"));
        assert!(!out.contains("initSync") && !out.contains("InitInput") && !out.contains("dispose"));
        assert!(out.contains("  free(): void;\n}"));
        let glue = node_glue(&ModuleFiles {
            name: "lights",
            js: "lights.0a1b2c3d.js".into(),
            wasm: "lights_bg.4e5f6071.wasm".into(),
        });
        assert!(glue.contains("from '../pkg/lights.0a1b2c3d.js'"));
        assert!(glue.contains("new URL('../pkg/lights_bg.4e5f6071.wasm', import.meta.url)"));
    }
}
