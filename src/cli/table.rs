//! `chessboard-puzzles table …`

use super::{read_file, Output};
use crate::progress::NoProgress;
use crate::table::construction::{Listed, Recursive, Strategy};
use crate::table::game::strategy_for;
use crate::table::moves::parse_strategy;
use crate::table::{search, verify, Params};
use crate::{bail, Result};
use clap::Subcommand;
use serde_json::json;
use std::io::Write;

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

/// The longest strategy `--json` lists in one object.
const MAX_JSON_MOVES: u64 = 1 << 16;

pub fn run(cmd: Command, json: bool) -> Result<Output> {
    match cmd {
        Command::Link(args) => super::links::table_link(args),
        Command::Open(args) => super::links::table_open(args),
        Command::Search { coins, sides, moves } => {
            let params = Params::new(coins, sides)?;
            let found = search::search(params, &mut NoProgress)?;
            let mut text = match found.length {
                Some(l) => format!(
                    "{coins} coins, {sides} sides: the shortest winning strategy has {l} moves ({} belief states reached)\n",
                    found.belief_states
                ),
                None => format!(
                    "{coins} coins, {sides} sides: no strategy wins; all {} reachable belief states were explored\n",
                    found.belief_states
                ),
            };
            if moves {
                for m in &found.moves {
                    text.push_str(&m.to_line(sides));
                    text.push('\n');
                }
            }
            let json = json!({
                "coins": coins,
                "sides": sides,
                "winning": found.winning,
                "length": found.length,
                "belief_states": found.belief_states,
            });
            Ok(Output { json, text })
        }
        Command::Verify { coins, sides, strategy } => {
            let params = Params::new(coins, sides)?;
            let strategy: Box<dyn Strategy> = if strategy == "recursive" {
                Box::new(Recursive::new(params)?)
            } else {
                let path = std::path::Path::new(&strategy);
                let text = read_file(path)?;
                let moves = parse_strategy(&params, &text)
                    .map_err(|e| crate::Error::new(format!("{}: {e}", path.display())))?;
                Box::new(Listed { params, moves })
            };
            let report = verify::exact(strategy.as_ref(), &mut NoProgress)?;
            let verdict = if report.valid { "wins against every devil" } else { "does not win" };
            let mut text =
                format!("the strategy of {} moves {verdict} (exact check of the belief set)\n", report.length);
            if let Some(at) = report.emptied_at {
                text.push_str(&format!("the belief set is empty after move {at}\n"));
            } else {
                text.push_str(&format!(
                    "{} configurations are still possible at the end\n",
                    report.sizes.last().unwrap_or(&0)
                ));
            }
            text.push_str(&format!(
                "no move removed more than {} configuration(s); any winning strategy needs at least {} moves\n",
                report.most_removed, report.lower_bound
            ));
            Ok(Output { json: json!({"valid": report.valid, "length": report.length, "method": report.method}), text })
        }
        Command::Strategy { coins, sides, from, count } => {
            let params = Params::new(coins, sides)?;
            let strategy = strategy_for(params)?;
            let len = strategy.len();
            if from > len {
                bail!("the strategy has {len} moves; --from {from} is past its end");
            }
            let end = count.map_or(len, |c| from.saturating_add(c).min(len));
            if json {
                if end - from > MAX_JSON_MOVES {
                    bail!("{} moves are too many for one JSON object; use --from and --count", end - from);
                }
                let moves: Vec<Vec<usize>> = (from..end).map(|i| strategy.move_at(i).positions()).collect();
                let amounts: Vec<Vec<u8>> = (from..end).map(|i| strategy.move_at(i).amounts).collect();
                let mut json = json!({"coins": coins, "sides": sides, "length": len, "from": from, "moves": moves});
                if sides > 2 {
                    json["amounts"] = json!(amounts);
                }
                return Ok(Output { json, text: String::new() });
            }
            stream(strategy.as_ref(), from, end);
            Ok(Output { json: json!(null), text: String::new() })
        }
    }
}

/// Writes moves as they are computed; a closed pipe (`| head`) just ends the output.
fn stream(strategy: &dyn Strategy, from: u64, end: u64) {
    let sides = strategy.params().sides;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for i in from..end {
        if writeln!(out, "{}", strategy.move_at(i).to_line(sides)).is_err() {
            return;
        }
    }
    let _ = out.flush();
}
