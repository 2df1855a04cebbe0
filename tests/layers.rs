//! The folders of `src/` form layers: read from the source text, every `crate::…` path a file
//! names is a dependency of its folder on the folder the path lies in, and those dependencies
//! form no cycle (issue 31: "no folder-level import cycle"). Read from the text rather than
//! from the compiler, so the check stands apart from the code it checks.
//!
//! A file belongs to the deepest folder holding it. A path into a folder's own ancestors is not
//! counted: a folder's `mod.rs` re-exports its parts under short names (`crate::lights::Board`),
//! which says nothing about layers. Comments are skipped (doc links name paths without depending
//! on them), and so are `super::` paths, which stay inside a folder here.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The module paths a `crate::` path of `code` names: `crate::{a::b, c::{d, e}}` gives `a::b`,
/// `c::d` and `c::e`.
fn crate_paths(code: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        expand("", rest, &mut paths);
    }
    paths
}

/// Appends to `out` the paths that `text` (what follows a `crate::` or a `prefix::`) begins with.
fn expand(prefix: &str, text: &str, out: &mut Vec<String>) {
    let head_end = text.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).unwrap_or(text.len());
    let head = &text[..head_end];
    let path = format!("{prefix}{head}");
    let Some(group) = text[head_end..].strip_prefix('{').filter(|_| head.is_empty() || head.ends_with("::")) else {
        out.push(path.trim_end_matches(':').to_string());
        return;
    };
    // Split the group's items at its top-level commas, each expanded with the path before it.
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                expand(&path, group[start..i].trim_start(), out);
                return;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                expand(&path, group[start..i].trim_start(), out);
                start = i + 1;
            }
            _ => {}
        }
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every folder under `src/` as a module path (`lights::board`), and each file's folder.
fn folders_and_files() -> (BTreeSet<String>, Vec<(String, PathBuf)>) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let folder_of = |file: &Path| {
        let parent = file.strip_prefix(&src).unwrap().parent().unwrap();
        parent.iter().map(|p| p.to_string_lossy().into_owned()).collect::<Vec<_>>().join("::")
    };
    let folders = files.iter().map(|f| folder_of(f)).filter(|f| !f.is_empty()).collect();
    let files = files.into_iter().map(|f| (folder_of(&f), f)).filter(|(folder, _)| !folder.is_empty()).collect();
    (folders, files)
}

/// The deepest folder a module path lies in.
fn folder_of_path<'a>(folders: &'a BTreeSet<String>, path: &str) -> Option<&'a String> {
    folders.iter().filter(|f| path == f.as_str() || path.starts_with(&format!("{f}::"))).max_by_key(|f| f.len())
}

fn is_ancestor(folder: &str, of: &str) -> bool {
    of.starts_with(&format!("{folder}::"))
}

/// Folder → the folders its files name (outside itself and its ancestors).
fn folder_graph() -> BTreeMap<String, BTreeSet<String>> {
    let (folders, files) = folders_and_files();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, file) in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let code: String = text.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
        for path in crate_paths(&code) {
            if let Some(to) = folder_of_path(&folders, &path) {
                if *to != from && !is_ancestor(to, &from) {
                    graph.entry(from.clone()).or_default().insert(to.clone());
                }
            }
        }
    }
    graph
}

/// The folders on a cycle, each cycle as its sorted folders (the strongly connected components
/// of more than one folder).
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> BTreeSet<Vec<String>> {
    let reach = |from: &String| {
        let mut seen = BTreeSet::from([from.clone()]);
        let mut todo = vec![from.clone()];
        while let Some(at) = todo.pop() {
            for next in graph.get(&at).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    todo.push(next.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&String, BTreeSet<String>> = graph.keys().map(|f| (f, reach(f))).collect();
    graph
        .keys()
        .map(|u| {
            graph
                .keys()
                .filter(|v| reached[u].contains(*v) && reached.get(v).is_some_and(|r| r.contains(u)))
                .cloned()
                .collect::<Vec<_>>()
        })
        .filter(|component| component.len() > 1)
        .collect()
}

#[test]
fn crate_paths_reads_groups_nested_groups_and_inline_paths() {
    let code = "use crate::{bail, lights::{io::link, board::{Board, Spec}}};\nlet r = crate::seed::rng(1);";
    assert_eq!(
        crate_paths(code),
        ["bail", "lights::io::link", "lights::board::Board", "lights::board::Spec", "seed::rng"]
    );
    let folders: BTreeSet<String> = ["lights", "lights::io", "lights::board"].map(String::from).into();
    assert_eq!(folder_of_path(&folders, "lights::io::link::read").map(String::as_str), Some("lights::io"));
    assert_eq!(folder_of_path(&folders, "lights::Board").map(String::as_str), Some("lights"));
    assert_eq!(folder_of_path(&folders, "seed::rng"), None);
}

#[test]
fn cycles_finds_a_loop_of_three_and_not_a_chain() {
    let graph = |edges: &[(&str, &str)]| {
        let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (a, b) in edges {
            g.entry(a.to_string()).or_default().insert(b.to_string());
            g.entry(b.to_string()).or_default();
        }
        g
    };
    let found = cycles(&graph(&[("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")]));
    assert_eq!(found, BTreeSet::from([vec!["a".to_string(), "b".to_string(), "c".to_string()]]));
    assert!(cycles(&graph(&[("a", "b"), ("b", "c"), ("a", "c")])).is_empty());
}

#[test]
fn the_folders_of_src_form_no_cycle() {
    let graph = folder_graph();
    // The check reads what it should: the faces depend on the puzzles' folders.
    assert!(graph["wasm"].contains("devil::lab") && graph["cli"].contains("lights::game"), "{graph:?}");
    let found = cycles(&graph);
    assert!(found.is_empty(), "folders that depend on each other: {found:?}\n(every folder's dependencies: {graph:?})");
}
