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
    check_against(&crate::root().join(COMMITTED), pkg)
}

fn check_against(committed: &Path, pkg: &Path) -> Result<()> {
    let stale: Vec<&str> = MODULES
        .into_iter()
        .filter(|name| {
            let file = declarations_file(name);
            let read = |dir: &Path| std::fs::read(dir.join(&file)).ok();
            read(pkg).is_none() || read(pkg) != read(committed)
        })
        .collect();
    if stale.is_empty() {
        Ok(())
    } else {
        anyhow::bail!("{COMMITTED}/ is out of date for {}: run `cargo xtask types`", stale.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_declaration_that_differs_or_is_missing_names_its_module_and_the_command() {
        let dir = std::env::temp_dir().join(format!("xtask-types-{}", std::process::id()));
        let (committed, pkg) = (dir.join("committed"), dir.join("pkg"));
        for folder in [&committed, &pkg] {
            std::fs::create_dir_all(folder).unwrap();
            for name in MODULES {
                std::fs::write(folder.join(declarations_file(name)), format!("export function {name}(): void;\n"))
                    .unwrap();
            }
        }
        assert!(check_against(&committed, &pkg).is_ok());
        std::fs::write(pkg.join(declarations_file("table")), "export function other(): void;\n").unwrap();
        std::fs::remove_file(pkg.join(declarations_file("chess"))).unwrap();
        let message = check_against(&committed, &pkg).unwrap_err().to_string();
        assert_eq!(message, "tests/types/www/pkg/ is out of date for table, chess: run `cargo xtask types`");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
