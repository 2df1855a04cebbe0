//! The registry (src/registry.rs) against what it lists: Cargo.toml's features, the CLI's
//! commands and the files of www/.

use chessboard_puzzles::registry::{puzzle_of_link, MODULES, PUZZLES};
use std::collections::BTreeSet;

/// The features of Cargo.toml's `[features]` table, read from the file.
fn cargo_features() -> Vec<(String, Vec<String>)> {
    let toml = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml")).unwrap();
    let table = toml.split("[features]\n").nth(1).unwrap();
    let table = &table[..table.find("\n[").unwrap()];
    table
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (name, list) = l.split_once('=').unwrap();
            let implied = list.trim().trim_matches(['[', ']']).split(',').map(|f| f.trim().trim_matches('"'));
            (name.trim().to_string(), implied.filter(|f| !f.is_empty()).map(str::to_string).collect())
        })
        .collect()
}

#[test]
fn every_module_is_a_cargo_feature_and_all_carries_every_one() {
    let features = cargo_features();
    let names: BTreeSet<&str> = features.iter().map(|(n, _)| n.as_str()).filter(|n| *n != "all").collect();
    let modules: BTreeSet<&str> = MODULES.iter().map(|m| m.name).collect();
    assert_eq!(names, modules, "Cargo.toml's features (but `all`) are the registry's modules");
    let all = &features.iter().find(|(n, _)| n == "all").expect("an `all` feature").1;
    // `all` names each module or one implying it (lights-full brings lights).
    for m in &modules {
        let implied = features.iter().any(|(n, imp)| all.contains(n) && imp.iter().any(|i| i == m));
        assert!(all.iter().any(|f| f == m) || implied, "`all` does not carry {m}");
    }
}

#[test]
fn every_puzzle_names_a_module_a_page_a_view_and_a_command() {
    let www = concat!(env!("CARGO_MANIFEST_DIR"), "/www/");
    let mut names = BTreeSet::new();
    for p in PUZZLES {
        assert!(MODULES.iter().any(|m| m.name == p.module), "{}: no module {}", p.name, p.module);
        assert!(std::path::Path::new(&format!("{www}{}", p.page)).is_file(), "{}: no page {}", p.name, p.page);
        assert!(std::path::Path::new(&format!("{www}{}", p.view)).is_file(), "{}: no view {}", p.name, p.view);
        assert!(chessboard_puzzles::cli::OPENERS.iter().any(|(c, _)| *c == p.command), "{}: no opener", p.name);
        let _ = chessboard_puzzles::cli::command().find_subcommand(p.command).expect(p.command);
        for name in std::iter::once(&p.name).chain(p.aliases) {
            assert!(names.insert(*name), "{name} is listed twice");
        }
    }
}

#[test]
fn a_link_finds_its_puzzle_by_the_name_it_starts_with() {
    let name = |link: &str| puzzle_of_link(link).map(|p| p.name);
    assert_eq!(name("https://example.org/x/devil.html#devil/v1/RAAAE2t4"), Some("devil"));
    assert_eq!(name("#lights-graph/v1/abc"), Some("lights-graph"));
    assert_eq!(name("lights/v2/abc"), Some("lights"));
    assert_eq!(name("#chess-game/v1/abc"), Some("chess"));
    assert_eq!(name("#lights"), None);
    assert_eq!(name("#nothing/v1/abc"), None);
    assert_eq!(name("https://example.org/table.html"), None);
}
