//! `chessboard-puzzles lights-out …`

use super::{read_file, Output};
use crate::lights::chase::table;
use crate::lights::game::random_board;
use crate::lights::{rank, solve, Board, Rule, Spec};
use crate::progress::NoProgress;
use crate::{bail, Result};
use clap::{Args, Subcommand};
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::path::PathBuf;

/// Rule, edges and states, shared by every command.
#[derive(Args)]
pub struct Variant {
    /// Which lights a press changes: plus (classic), neighbours, x or king.
    #[arg(long, default_value = "plus", value_parser = parse_rule)]
    rule: Rule,
    /// Wrap around the edges.
    #[arg(long)]
    torus: bool,
    /// Light states k, 2 to 9 (a press adds 1 mod k).
    #[arg(long, default_value_t = 2)]
    states: u8,
}

fn parse_rule(s: &str) -> std::result::Result<Rule, String> {
    Rule::parse(s).map_err(|e| e.to_string())
}

#[derive(Subcommand)]
pub enum Command {
    /// Print the nullity and rank of the board's press matrix.
    Nullity {
        #[arg(long)]
        rows: usize,
        #[arg(long)]
        cols: usize,
        #[command(flatten)]
        variant: Variant,
    },
    /// Solve a pattern: print the presses (row, column from the top-left, 0-based).
    Solve {
        #[arg(long)]
        rows: Option<usize>,
        #[arg(long)]
        cols: Option<usize>,
        /// Every light on (needs --rows and --cols).
        #[arg(long, conflicts_with_all = ["pattern", "pattern_file"])]
        all_on: bool,
        /// Rows of digits 0..k−1 separated by '/' or newlines, e.g. 010/111/010.
        #[arg(long, conflicts_with = "pattern_file")]
        pattern: Option<String>,
        /// A file of rows of digits.
        #[arg(long)]
        pattern_file: Option<PathBuf>,
        /// Search for the fewest presses (proven when the nullity is at most 24).
        #[arg(long)]
        minimal: bool,
        /// Leave the list of presses out (for huge boards).
        #[arg(long)]
        summary: bool,
        #[command(flatten)]
        variant: Variant,
    },
    /// Print the light-chasing fix-up table: last row left after chasing → first-row presses.
    Table {
        #[arg(long)]
        rows: usize,
        #[arg(long)]
        cols: usize,
    },
    /// Print the share-link fragment (`lights/v2/…`) of a random puzzle, or of given lights
    /// (with --seed too: the seed's puzzle edited into these lights).
    Link(super::links::LightsLinkArgs),
    /// Print the lights of a share link as a pattern file (--json: size, rule, seed, moves too).
    Open(super::links::OpenArgs),
    /// Print a random solvable pattern (reproducible with --seed).
    Random {
        #[arg(long)]
        rows: usize,
        #[arg(long)]
        cols: usize,
        #[arg(long)]
        seed: Option<u64>,
        #[command(flatten)]
        variant: Variant,
    },
}

fn spec(rows: usize, cols: usize, v: &Variant) -> Result<Spec> {
    let spec = Spec { rows, cols, rule: v.rule, torus: v.torus, states: v.states };
    spec.check()?;
    Ok(spec)
}

pub fn run(cmd: Command) -> Result<Output> {
    match cmd {
        Command::Link(args) => super::links::lights_link(args),
        Command::Open(args) => super::links::lights_open(args),
        Command::Nullity { rows, cols, variant } => {
            // `rank` checks the sizes: classic boards go far beyond 4096 by polynomials.
            let spec = Spec { rows, cols, rule: variant.rule, torus: variant.torus, states: variant.states };
            let r = rank(&spec, &mut NoProgress)?;
            let text = format!(
                "{rows}×{cols} {}{} board, {} states: nullity {}, rank {}\n",
                spec.rule.name(),
                if spec.torus { " torus" } else { "" },
                spec.states,
                r.nullity,
                r.rank
            );
            Ok(Output { json: json!({"rows": rows, "cols": cols, "nullity": r.nullity, "rank": r.rank}), text })
        }
        Command::Solve { rows, cols, all_on, pattern, pattern_file, minimal, summary, variant } => {
            let board = read_board(rows, cols, all_on, pattern, pattern_file, &variant)?;
            let s = solve(&board, minimal, &mut NoProgress)?;
            let spec = board.spec;
            let mut json = json!({
                "solvable": s.solvable,
                "press_count": if s.solvable { Value::from(s.press_count) } else { Value::Null },
                "minimal": s.minimal,
            });
            let mut text = String::new();
            match &s.presses {
                Some(x) => {
                    let _ = writeln!(
                        text,
                        "solvable: {} presses{}",
                        s.press_count,
                        if s.minimal {
                            " (minimal)"
                        } else if minimal {
                            " (best found, not proven minimal)"
                        } else {
                            ""
                        }
                    );
                    if !summary {
                        let list: Vec<Value> = x
                            .iter()
                            .enumerate()
                            .flat_map(|(i, &p)| std::iter::repeat_n(json!([i / spec.cols, i % spec.cols]), p as usize))
                            .collect();
                        json["presses"] = Value::Array(list);
                        text.push_str("presses (counts per light):\n");
                        for row in x.chunks(spec.cols) {
                            text.extend(row.iter().map(|&v| char::from(b'0' + v)));
                            text.push('\n');
                        }
                    }
                }
                None => {
                    let _ = writeln!(
                        text,
                        "not solvable: the quiet pattern below overlaps the lights with a sum that is not 0 mod {}; \
                         no press changes that sum (the press matrix is symmetric), and a dark board has sum 0",
                        spec.states
                    );
                    if !summary {
                        json["presses"] = Value::Array(Vec::new());
                        if let Some(w) = &s.witness {
                            text.push_str("quiet pattern (pressing it changes nothing):\n");
                            for row in w.chunks(spec.cols) {
                                text.extend(row.iter().map(|&v| char::from(b'0' + v)));
                                text.push('\n');
                            }
                        }
                    }
                }
            }
            Ok(Output { json, text })
        }
        Command::Table { rows, cols } => {
            let spec = spec(rows, cols, &Variant { rule: Rule::Plus, torus: false, states: 2 })?;
            let t = table(&spec)?;
            let bits = |v: &[u8]| v.iter().map(|&b| char::from(b'0' + b)).collect::<String>();
            let mut text = String::from("leftover on last row -> press on first row\n");
            let mut rows_json = Vec::new();
            for row in &t {
                let press = row.press.as_ref().map(|p| bits(p));
                let _ = writeln!(text, "{} -> {}", bits(&row.leftover), press.as_deref().unwrap_or("unsolvable"));
                rows_json.push(json!({"leftover": bits(&row.leftover), "press": press}));
            }
            Ok(Output { json: json!({"rows": rows, "cols": cols, "table": rows_json}), text })
        }
        Command::Random { rows, cols, seed, variant } => {
            let spec = spec(rows, cols, &variant)?;
            let seed = seed.unwrap_or_else(crate::seed::fresh_seed);
            let board = random_board(&spec, seed)?;
            let text = board.to_text();
            Ok(Output {
                json: json!({"rows": rows, "cols": cols, "seed": seed, "pattern": text.trim_end().replace('\n', "/")}),
                text,
            })
        }
    }
}

fn read_board(
    rows: Option<usize>,
    cols: Option<usize>,
    all_on: bool,
    pattern: Option<String>,
    pattern_file: Option<PathBuf>,
    v: &Variant,
) -> Result<Board> {
    let text = match (all_on, pattern, pattern_file) {
        (true, _, _) => {
            let (Some(r), Some(c)) = (rows, cols) else { bail!("--all-on needs --rows and --cols") };
            return Board::all_on(spec(r, c, v)?);
        }
        (_, Some(p), _) => p,
        (_, _, Some(path)) => {
            let text = read_file(&path)?;
            return check_size(
                Board::parse(&text, v.rule, v.torus, v.states)
                    .map_err(|e| crate::Error::new(format!("{}: {e}", path.display())))?,
                rows,
                cols,
            );
        }
        _ => bail!("give the lights with --all-on, --pattern ROWS or --pattern-file FILE"),
    };
    check_size(Board::parse(&text, v.rule, v.torus, v.states)?, rows, cols)
}

fn check_size(board: Board, rows: Option<usize>, cols: Option<usize>) -> Result<Board> {
    if let Some(r) = rows.filter(|&r| r != board.spec.rows) {
        bail!("the pattern has {} rows, but --rows is {r}", board.spec.rows);
    }
    if let Some(c) = cols.filter(|&c| c != board.spec.cols) {
        bail!("the pattern has {} columns, but --cols is {c}", board.spec.cols);
    }
    Ok(board)
}
