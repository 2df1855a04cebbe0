//! `cargo xtask types`: the wasm modules' TypeScript declarations, committed under
//! tests/types/www/pkg/ so the JS type check (which runs before the wasm build, and on a fresh
//! clone without one) knows every export. wasm-bindgen writes them into www/pkg/ at each build;
//! `cargo xtask test` checks the committed copies equal them.

use crate::build::{declarations_file, MODULES};
use anyhow::{Context, Result};
use std::path::Path;

/// Where the committed declarations live: tests/tsconfig.json's stand-in for www/pkg/.
const COMMITTED: &str = "tests/types/www/pkg";

/// Builds the modules and copies their declarations over the committed ones.
pub fn update() -> Result<()> {
    crate::build::wasm()?;
    let root = crate::root();
    for name in MODULES {
        let file = declarations_file(name);
        let built = root.join("www/pkg").join(&file);
        std::fs::copy(&built, root.join(COMMITTED).join(&file))
            .with_context(|| format!("cannot copy {}", built.display()))?;
    }
    eprintln!("xtask: wrote {COMMITTED}/<module>.d.ts");
    Ok(())
}

/// Fails, naming the modules and the command that refreshes them, when a committed declaration
/// differs from the one the build wrote into `pkg`.
pub fn check(pkg: &Path) -> Result<()> {
    let committed = crate::root().join(COMMITTED);
    let stale: Vec<&str> = MODULES
        .into_iter()
        .filter(|name| {
            let file = declarations_file(name);
            let read = |dir: &Path| std::fs::read(dir.join(&file)).ok();
            read(pkg).is_none() || read(pkg) != read(&committed)
        })
        .collect();
    if stale.is_empty() {
        Ok(())
    } else {
        anyhow::bail!("{COMMITTED}/ is out of date for {}: run `cargo xtask types`", stale.join(", "))
    }
}
