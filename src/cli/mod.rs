//! The command-line face: parses arguments with clap, calls the same core functions as the
//! page, and prints either text or one JSON object (`--json`). Every error is one line on
//! standard error and a non-zero exit status.

mod chess;
mod devil;
mod lights;
mod links;
mod table;

use crate::Result;
use clap::{Parser, Subcommand};
use serde_json::Value;

#[derive(Parser)]
#[command(name = "chessboard-puzzles", version, about = "Solvers and verifiers for chessboard puzzles")]
struct Cli {
    /// Print one JSON object instead of text.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The Devil's chessboard: flip one coin to tell the key square.
    #[command(subcommand)]
    Devil(devil::Command),
    /// Chess codes: store a position or a game in the fewest bits.
    #[command(subcommand)]
    Chess(chess::Command),
    /// Lights Out: press a light to toggle it and its neighbours; clear the board.
    #[command(name = "lights-out", subcommand)]
    LightsOut(lights::Command),
    /// The Devil's rotating table: turn coins blindfolded while the devil rotates the table.
    #[command(subcommand)]
    Table(table::Command),
}

/// What a command prints: the JSON object for `--json`, and text for people.
pub struct Output {
    pub json: Value,
    pub text: String,
}

/// Runs the command line and returns the process exit status.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                print!("{e}");
                return 0;
            }
            let rendered = e.render().to_string();
            let first = rendered.lines().next().unwrap_or("invalid arguments");
            eprintln!("{} (see --help)", first.trim());
            return 2;
        }
    };
    let result: Result<Output> = match cli.command {
        Command::Devil(cmd) => devil::run(cmd),
        Command::Chess(cmd) => chess::run(cmd),
        Command::LightsOut(cmd) => lights::run(cmd),
        // The table's `strategy` streams its text, so it needs to know which form to write.
        Command::Table(cmd) => table::run(cmd, cli.json),
    };
    match result {
        Ok(out) => {
            use std::io::Write;
            let mut stdout = std::io::stdout().lock();
            // A closed pipe (`| head`) is not an error worth a panic.
            let _ = if cli.json {
                writeln!(stdout, "{}", out.json)
            } else if out.text.is_empty() || out.text.ends_with('\n') {
                write!(stdout, "{}", out.text)
            } else {
                writeln!(stdout, "{}", out.text)
            };
            0
        }
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}

/// Reads a whole file, with the path in the error.
pub(crate) fn read_file(path: &std::path::Path) -> Result<String> {
    std::fs::read_to_string(path).map_err(|e| crate::Error::new(format!("cannot read {}: {e}", path.display())))
}

/// Replaces a file's contents atomically: a temporary file in the same folder, then a rename,
/// so a crash never leaves half a file.
pub(crate) fn write_file_atomically(path: &std::path::Path, text: &str) -> Result<()> {
    use std::io::Write;
    let fail = |e: std::io::Error| crate::Error::new(format!("cannot write {}: {e}", path.display()));
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => std::path::Path::new("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(fail)?;
    tmp.write_all(text.as_bytes()).map_err(fail)?;
    tmp.as_file().sync_all().map_err(fail)?;
    if let Ok(meta) = std::fs::metadata(path) {
        // Keep the file's permissions across the rename.
        let _ = std::fs::set_permissions(tmp.path(), meta.permissions());
    }
    tmp.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}
