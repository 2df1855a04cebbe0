//! `chessboard-puzzles table …`

use super::{read_file, Output};
use crate::progress::NoProgress;
use crate::table::construction::Strategy;
use crate::table::game::strategy_for;
use crate::table::report::{move_range, named_strategy, Listing};
use crate::table::{search, verify, Params};
use crate::Result;
use clap::Subcommand;
use serde_json::json;
use std::io::Write;
use std::ops::Range;
use std::path::Path;

#[derive(Subcommand)]
pub enum Command {
    /// Breadth-first search over belief states for a shortest winning strategy, or a proof that
    /// none exists.
    Search {
        #[arg(long)]
        coins: usize,
        #[arg(long, default_value_t = 2)]
        sides: u8,
        /// Also print the moves, one a line.
        #[arg(long)]
        moves: bool,
    },
    /// Follow the belief set through every move of a strategy: does it win against every devil?
    Verify {
        #[arg(long)]
        coins: usize,
        #[arg(long, default_value_t = 2)]
        sides: u8,
        /// `recursive` (the construction) or a file with one move a line.
        #[arg(long)]
        strategy: String,
    },
    /// Print the winning strategy's moves, one a line (positions to flip), as they are computed.
    Strategy {
        #[arg(long)]
        coins: usize,
        #[arg(long, default_value_t = 2)]
        sides: u8,
        /// First move to print (0-based).
        #[arg(long, default_value_t = 0)]
        from: u64,
        /// How many moves to print (default: all).
        #[arg(long)]
        count: Option<u64>,
    },
    /// Print the share-link fragment (`table/v1/…`) of a new game, optionally after the
    /// strategy's first moves.
    Link(super::links::TableLinkArgs),
    /// Print the game of a share link (--json: every field).
    Open(super::links::OpenArgs),
}

pub fn run(cmd: Command, json: bool) -> Result<Output> {
    match cmd {
        Command::Link(args) => super::links::table_link(args),
        Command::Open(args) => super::links::table_open(&args.fragment()?),
        Command::Search { coins, sides, moves } => {
            let found = search::search(Params::new(coins, sides)?, &mut NoProgress)?;
            let mut text = found.summary() + "\n";
            if moves {
                for m in &found.moves {
                    text.push_str(&m.to_line(sides));
                    text.push('\n');
                }
            }
            Ok(Output { json: serde_json::to_value(&found).map_err(json_error)?, text })
        }
        Command::Verify { coins, sides, strategy } => {
            let params = Params::new(coins, sides)?;
            let strategy = named_strategy(params, &strategy, || read_file(Path::new(&strategy)))?;
            let report = verify::exact(strategy.as_ref(), &mut NoProgress)?;
            let json = json!({"valid": report.valid, "length": report.length, "method": report.method});
            Ok(Output { json, text: report.summary() + "\n" })
        }
        Command::Strategy { coins, sides, from, count } => {
            let strategy = strategy_for(Params::new(coins, sides)?)?;
            let range = move_range(strategy.len(), from, count)?;
            if json {
                let listing = Listing::of(strategy.as_ref(), range)?;
                return Ok(Output { json: serde_json::to_value(&listing).map_err(json_error)?, text: String::new() });
            }
            stream(strategy.as_ref(), range);
            Ok(Output { json: json!(null), text: String::new() })
        }
    }
}

fn json_error(e: serde_json::Error) -> crate::Error {
    crate::Error::new(format!("cannot write JSON: {e}"))
}

/// Writes moves as they are computed; a closed pipe (`| head`) just ends the output.
fn stream(strategy: &dyn Strategy, range: Range<u64>) {
    let sides = strategy.params().sides;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for i in range {
        if writeln!(out, "{}", strategy.move_at(i).to_line(sides)).is_err() {
            return;
        }
    }
    let _ = out.flush();
}
