//! Every integration test, one module a file, in one test binary: one link instead of one per
//! file, and all of them run side by side by one harness. Run a file's tests with
//! `cargo test --test integration lights::` (its module name and `::`).
//!
//! `autotests = false` in Cargo.toml, so a file of `tests/` runs only when it is listed here;
//! `every_file_of_tests_is_a_module_here` fails when one is not.

mod chess_cli;
mod chess_codes;
mod chess_game_link;
mod chess_games;
mod chess_pack;
mod chess_rules;
mod devil;
mod devil_cli;
mod devil_lab_cli;
mod devil_lab_source;
mod fuzz;
mod hardening_cli;
mod layers;
mod lights;
mod lights_cli;
mod lights_games;
mod lights_games_links;
mod lights_graph;
mod link_corpus;
mod links;
mod links_cli;
mod puzzle;
mod registry;
mod table;
mod table_cli;
mod writer_cli;

#[test]
fn every_file_of_tests_is_a_module_here() {
    let listed = include_str!("integration.rs");
    for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/tests")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if let Some(module) = name.strip_suffix(".rs").filter(|m| *m != "integration") {
            assert!(
                listed.contains(&format!("\nmod {module};\n")),
                "tests/{name} is not compiled: add `mod {module};` to tests/integration.rs"
            );
        }
    }
}
