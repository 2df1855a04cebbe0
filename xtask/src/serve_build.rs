//! `serve`'s build: the server answers at once and the wasm modules are built behind it, the one
//! a page asks for first, so a newcomer's first page is up after one module's build instead of
//! all six. A request for a module's files waits until this session has built it (a rebuild
//! never lets a page load the stale one), then is answered as any file.

use crate::build::{self, ModuleFiles, MODULES};
use anyhow::Result;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::watch;

/// The modules built so far in this session (each with its build's error, if it failed), and
/// the ones pages are waiting for, first asked first built.
pub struct ModuleBuilds {
    done: watch::Sender<HashMap<&'static str, Result<(), String>>>,
    wanted: Mutex<Vec<&'static str>>,
}

impl ModuleBuilds {
    /// Writes the manifest (its names are fixed in `www/pkg/`) and starts building every module
    /// on a thread of its own.
    pub fn start() -> Result<Arc<ModuleBuilds>> {
        crate::setup::wasm_target()?;
        crate::setup::node_modules()?;
        let pkg = crate::root().join("www/pkg");
        std::fs::create_dir_all(&pkg)?;
        let files: Vec<ModuleFiles> = MODULES
            .iter()
            .map(|&name| ModuleFiles { name, js: format!("{name}.js"), wasm: format!("{name}_bg.wasm") })
            .collect();
        build::write_manifest(&pkg, &files)?;
        let builds =
            Arc::new(ModuleBuilds { done: watch::Sender::new(HashMap::new()), wanted: Mutex::new(Vec::new()) });
        let worker = Arc::clone(&builds);
        std::thread::spawn(move || {
            while let Some(name) = worker.next() {
                let built = build::module(name, &pkg).map(|_| ()).map_err(|e| format!("{e:#}"));
                if let Err(e) = &built {
                    eprintln!("xtask: the {name} module did not build: {e}");
                }
                worker.done.send_modify(|done| {
                    done.insert(name, built);
                });
            }
            eprintln!("xtask: every module is built");
        });
        Ok(builds)
    }

    /// The module to build next: the first a page waits for, else the next in the list.
    fn next(&self) -> Option<&'static str> {
        let done = self.done.borrow();
        let wanted = self.wanted.lock().expect("no build panics holding the list");
        wanted.iter().chain(MODULES.iter()).copied().find(|name| !done.contains_key(name))
    }

    /// Waits until the module whose file `url_path` names is built (at once for other files);
    /// its build's error when it failed.
    pub async fn ready(&self, url_path: &str) -> Result<(), String> {
        let Some(name) = module_of(url_path) else { return Ok(()) };
        self.wanted.lock().expect("no build panics holding the list").push(name);
        let mut done = self.done.subscribe();
        let done = done.wait_for(|done| done.contains_key(name)).await.map_err(|_| "the build stopped".to_string())?;
        done[name].clone()
    }
}

/// The module a URL path of `www/pkg/` names (`/pkg/lights.js`, `/pkg/lights_bg.wasm`).
fn module_of(url_path: &str) -> Option<&'static str> {
    let file = url_path.strip_prefix("/pkg/")?;
    let stem = file.strip_suffix("_bg.wasm").or_else(|| file.strip_suffix(".js"))?;
    MODULES.iter().copied().find(|&m| m == stem)
}

#[cfg(test)]
mod tests {
    use super::module_of;

    #[test]
    fn a_modules_glue_and_wasm_name_it_and_nothing_else_does() {
        assert_eq!(module_of("/pkg/lights.js"), Some("lights"));
        assert_eq!(module_of("/pkg/lights-full_bg.wasm"), Some("lights-full"));
        assert_eq!(module_of("/pkg/modules.js"), None);
        assert_eq!(module_of("/js/lights.js"), None);
        assert_eq!(module_of("/pkg/lights.js.gz"), None);
    }
}
