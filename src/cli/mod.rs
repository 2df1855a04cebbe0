//! The command-line face: parses arguments with clap, calls the same core functions as the
//! page, and prints either text or one JSON object (`--json`). Every error is one line on
//! standard error and a non-zero exit status: 1 for a refused input or a failed write, 2 for
//! bad arguments, 3 for a search that stopped before reaching a conclusion.

mod chess;
mod chess_pack;
mod devil;
mod files;
mod lights;
mod lights_graph;
mod links;
mod table;

pub(crate) use files::{read_file, read_file_within};
pub use links::OPENERS;

use crate::Result;
use clap::{Parser, Subcommand};
use serde_json::Value;

#[derive(Parser)]
#[command(
    name = "chessboard-puzzles",
    version,
    about = "Solvers and verifiers for chessboard puzzles",
    after_help = "Exit status: 0 done, 1 refused input or failed write (one line on stderr), 2 bad arguments, \
                  3 a search that stopped at its node limit without a conclusion, 4 `chess pack` left out \
                  games it could not take (each named on stderr)."
)]
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
    /// Print the puzzle of any share link, as its own command's `open` does (--json: every field).
    Open(links::OpenArgs),
}

/// What a command prints: the JSON object for `--json`, and text for people.
pub struct Output {
    pub json: Value,
    pub text: String,
}

/// Exit status of a search that stopped at its node limit: not an error, not an answer.
pub const EXIT_INCONCLUSIVE: i32 = 3;

/// A command's whole result: what to print, the exit status, and a file change to make only
/// once the output has reached standard output (so `> /dev/full` changes nothing).
pub struct Reply {
    pub output: Output,
    pub status: i32,
    pub then_write: Option<files::PendingByte>,
}

impl From<Output> for Reply {
    fn from(output: Output) -> Reply {
        Reply { output, status: 0, then_write: None }
    }
}

/// The command line's definition (its subcommands' names, for the registry's test).
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    Cli::command()
}

/// Runs the command line and returns the process exit status (or dies of a signal that
/// interrupted it).
pub fn run() -> i32 {
    let status = run_command();
    files::die_if_interrupted();
    status
}

fn run_command() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(&e),
    };
    if let Command::LightsOut(cmd) = &cli.command {
        if let Some(line) = lights::misused(cmd) {
            eprintln!("error: {line} (see --help)");
            return 2;
        }
    }
    let result: Result<Reply> = match cli.command {
        Command::Devil(cmd) => devil::run(cmd),
        // `chess unpack` without --out writes the games to standard output, where JSON cannot go.
        Command::Chess(cmd) => chess::run(cmd, cli.json),
        Command::LightsOut(cmd) => lights::run(cmd).map(Reply::from),
        // The table's `strategy` streams its text, so it needs to know which form to write.
        Command::Table(cmd) => table::run(cmd, cli.json).map(Reply::from),
        Command::Open(args) => links::open_any(args).map(Reply::from),
    };
    let reply = match result {
        Ok(reply) => reply,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    if let Err(e) = print(&reply.output, cli.json) {
        let unchanged = if reply.then_write.is_some() { " (the file was not changed)" } else { "" };
        // A reader that went away (`| head`) already has what it wanted: no message then,
        // unless a file change hangs on it.
        if e.kind() != std::io::ErrorKind::BrokenPipe || !unchanged.is_empty() {
            eprintln!("error: cannot write to standard output: {e}{unchanged}");
        }
        return 1;
    }
    if let Some(write) = reply.then_write {
        if let Err(e) = write.commit() {
            eprintln!("error: {e}");
            return 1;
        }
    }
    reply.status
}

/// Prints a command's output and flushes it, so a full disk or a closed pipe is seen here.
fn print(out: &Output, json: bool) -> std::io::Result<()> {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if json {
        writeln!(stdout, "{}", out.json)?;
    } else if out.text.is_empty() || out.text.ends_with('\n') {
        write!(stdout, "{}", crate::error::printable(&out.text, "\n\t"))?;
    } else {
        writeln!(stdout, "{}", crate::error::printable(&out.text, "\n\t"))?;
    }
    stdout.flush()
}

/// Help and version go to standard output; any other clap error becomes one line that keeps
/// what clap says the problem is (e.g. the names of the missing arguments).
fn usage_error(e: &clap::Error) -> i32 {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        print!("{e}");
        return 0;
    }
    let line = match e.kind() {
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => missing_subcommand(std::env::args().skip(1)),
        _ => one_line(&e.render().to_string()),
    };
    // Through the core's one-line rule: a 100 KB option value keeps only its ends, and a
    // control character in it is escaped.
    let line = crate::Error::new(line).message().to_string();
    eprintln!("{line} (see --help)");
    2
}

/// "error: `devil` needs a subcommand: flip, find, …" for a command line that stops early.
fn missing_subcommand(args: impl Iterator<Item = String>) -> String {
    use clap::CommandFactory;
    let mut cmd = Cli::command();
    let mut path = Vec::new();
    for arg in args.filter(|a| !a.starts_with('-')) {
        match cmd.find_subcommand(&arg) {
            Some(sub) => {
                path.push(arg);
                cmd = sub.clone();
            }
            None => break,
        }
    }
    let names: Vec<&str> = cmd.get_subcommands().map(|c| c.get_name()).filter(|n| *n != "help").collect();
    let whom = if path.is_empty() { "chessboard-puzzles".to_string() } else { format!("`{}`", path.join(" ")) };
    format!("error: {whom} needs a subcommand: {}", names.join(", "))
}

/// The first paragraph of clap's message joined into one line: "error: the following required
/// arguments were not provided:" and the indented argument names below it.
fn one_line(rendered: &str) -> String {
    let first: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .skip_while(|l| l.is_empty())
        .take_while(|l| !l.is_empty() && !l.starts_with("Usage:"))
        .collect();
    match first.join(" ") {
        s if s.is_empty() => "error: invalid arguments".to_string(),
        s if s.ends_with(':') => format!("{} (none given)", s.trim_end_matches(':')),
        s => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every subcommand's options refer to options it has (the shared board options are
    /// flattened into commands with different neighbours).
    #[test]
    fn the_argument_definitions_are_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    #[test]
    fn clap_messages_become_one_line() {
        let text = "error: the following required arguments were not provided:\n  --key <KEY>\n  --fen <FEN>\n\nUsage: x\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line(text),
            "error: the following required arguments were not provided: --key <KEY> --fen <FEN>"
        );
        assert_eq!(one_line("\n\n"), "error: invalid arguments");
        let line = missing_subcommand(["devil".to_string()].into_iter());
        assert!(line.starts_with("error: `devil` needs a subcommand: flip, find,"), "{line}");
    }

    #[test]
    fn every_missing_argument_is_named() {
        let cases: &[(&[&str], &[&str])] = &[
            (&["devil", "flip", "--board", "b.txt"], &["--key"]),
            (&["table", "verify", "--coins", "4"], &["--strategy"]),
            (&["chess", "encode"], &["--fen"]),
            (&["devil", "flip"], &["--board", "--key"]),
        ];
        for (args, names) in cases {
            let e = Cli::try_parse_from(std::iter::once("chessboard-puzzles").chain(args.iter().copied()))
                .err()
                .expect("arguments are missing");
            let line = one_line(&e.render().to_string());
            for name in *names {
                assert!(line.contains(name), "{args:?}: {line}");
            }
        }
    }
}
