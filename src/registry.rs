//! The one list of puzzles and wasm modules. Everything else that names puzzles reads it:
//! `cargo xtask build` builds [`MODULES`] (each the crate with the cargo feature of its name),
//! checks their size budgets and writes [`PUZZLES`] into the pages' manifest
//! (`www/pkg/modules.js`), which the embed script and the views read; the CLI's `open` finds a
//! link's puzzle here. Pure data: no web types, so the build tool includes this file as it is.
//! Adding a puzzle: docs/architecture.md.

/// One wasm module: the crate built with only the cargo feature `name` (Cargo.toml's features
/// are checked against this list by a test), loaded by the pages as `www/pkg/{name}.js`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Module {
    pub name: &'static str,
    /// Largest raw size of its wasm, bytes (docs/architecture.md, size budgets): `cargo xtask
    /// test` fails when the module outgrows it. `None` for modules no page loads at start.
    pub size_budget: Option<u64>,
}

/// The height (px) of a 460 px frame (`?embed=1&view=…`) of each embed view of a puzzle with a
/// square board, as tests/browser/embed-post.test.mjs measures it (the Lights games: the 5×5
/// board as it opens, measured 587, 892 and 1189).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FrameHeights {
    pub board: u32,
    pub compact: u32,
    pub full: u32,
}

/// One puzzle as the faces know it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PuzzleEntry {
    /// The name its share links start with (`#devil/v1/…`).
    pub name: &'static str,
    /// Other link names its view opens (a chess game, `#chess-game/v1/…`, opens in the chess view).
    pub aliases: &'static [&'static str],
    /// The wasm module of [`MODULES`] its page loads.
    pub module: &'static str,
    /// Its view module, relative to `www/` (the page and the embed mount it).
    pub view: &'static str,
    /// Its page, relative to `www/`.
    pub page: &'static str,
    pub frame_heights: FrameHeights,
    /// The CLI command whose `open` prints its links (`chessboard-puzzles lights-out open`).
    pub command: &'static str,
}

/// Every wasm module. `devil`: the Devil's chessboard page (with the lab's strategy selector);
/// `lab`: the strategy lab and the codes lab; `lights-full`: Lights with the structured solvers
/// (k > 2, king tori), which the Lights page's Worker loads only for boards that need them and
/// the Lights games page loads; the others one page each.
pub const MODULES: &[Module] = &[
    Module { name: "devil", size_budget: Some(181 * 1024) },
    Module { name: "lab", size_budget: None },
    Module { name: "lights", size_budget: Some(343 * 1024) },
    Module { name: "lights-full", size_budget: None },
    Module { name: "table", size_budget: Some(300 * 1024) },
    Module { name: "chess", size_budget: Some(1300 * 1024) },
];

/// Every puzzle with a share link, a page and a view.
pub const PUZZLES: &[PuzzleEntry] = &[
    PuzzleEntry {
        name: "devil",
        aliases: &[],
        module: "devil",
        view: "js/views/devil.js",
        page: "devil.html",
        frame_heights: FrameHeights { board: 550, compact: 690, full: 1390 },
        command: "devil",
    },
    PuzzleEntry {
        name: "lights",
        aliases: &[],
        module: "lights",
        view: "js/views/lights.js",
        page: "lights.html",
        frame_heights: FrameHeights { board: 550, compact: 725, full: 1410 },
        command: "lights-out",
    },
    PuzzleEntry {
        name: "lights-graph",
        aliases: &[],
        module: "lights-full",
        view: "js/views/lights-games.js",
        page: "lights-games.html",
        frame_heights: FrameHeights { board: 600, compact: 900, full: 1200 },
        command: "lights-out",
    },
    PuzzleEntry {
        name: "table",
        aliases: &[],
        module: "table",
        view: "js/views/table.js",
        page: "table.html",
        frame_heights: FrameHeights { board: 445, compact: 660, full: 2050 },
        command: "table",
    },
    PuzzleEntry {
        name: "chess",
        aliases: &["chess-game"],
        module: "chess",
        view: "js/views/chess.js",
        page: "chess.html",
        frame_heights: FrameHeights { board: 460, compact: 905, full: 1825 },
        command: "chess",
    },
];

/// The puzzle whose view opens a link named `name` (its own name or an alias).
pub fn puzzle_named(name: &str) -> Option<&'static PuzzleEntry> {
    PUZZLES.iter().find(|p| p.name == name || p.aliases.contains(&name))
}

/// The puzzle of a share link or fragment (`https://…/devil.html#devil/v1/…`, `#devil/v1/…`,
/// `devil/v1/…`): the name before its first `/`.
pub fn puzzle_of_link(link: &str) -> Option<&'static PuzzleEntry> {
    let fragment = link.split_once('#').map_or(link, |(_, f)| f);
    puzzle_named(fragment.split_once('/')?.0)
}
