//! `chessboard-puzzles devil …`

use super::files::EditableFile;
use super::{read_file_within, Output, Reply, EXIT_INCONCLUSIVE};
use crate::devil::game::link_for;
use crate::devil::lab::file::{board_to_text, BoardFile, MAX_BOARD_FILE_BYTES};
use crate::devil::lab::lookup::MAX_TABLE_FILE_BYTES;
use crate::devil::lab::menu::{self, StrategySpec};
use crate::devil::lab::search::Conclusion;
use crate::devil::lab::{count, search};
use crate::devil::{Game, Mode, Params, View};
use crate::progress::NoProgress;
use crate::puzzle::Puzzle;
use crate::Result;
use clap::Subcommand;
use serde_json::json;
use std::path::PathBuf;

#[derive(Subcommand)]
pub enum Command {
    /// Prisoner A: print the coin to flip so that the board names KEY, and flip it in the file.
    ///
    /// The file changes in place, by the one byte of that coin, and only after the answer has
    /// been printed: if the answer cannot be written (`> /dev/full`) the file is not changed.
    /// One byte is written atomically, so no temporary file is ever left beside the board, even
    /// by `kill -9`. A symlink is followed to its target; the file keeps its mode, owner and
    /// inode, so every hard link to it sees the flip. Refused, with the file unchanged: a file
    /// with no write permission (`chmod a-w`; refused even for root, as editors do), one the
    /// system will not let you write, and one over 64 KiB (checked before reading).
    Flip {
        /// Board file: rows of 0/1 or H/T (heads = 1 = H); spaces and blank lines are ignored.
        #[arg(long)]
        board: PathBuf,
        /// The key square: a 0-based index (0 = top-left) or a coordinate such as c5 (a1 = bottom-left).
        #[arg(long)]
        key: String,
        #[command(flatten)]
        strategy: StrategyArgs,
    },
    /// Prisoner B: print the square the board names.
    Find {
        #[arg(long)]
        board: PathBuf,
        #[command(flatten)]
        strategy: StrategyArgs,
    },
    /// Check a strategy: every board and key up to 16 squares, by construction beyond.
    Verify {
        #[arg(long)]
        squares: usize,
        #[command(flatten)]
        strategy: StrategyArgs,
    },
    /// Count the strategies on N ≤ 8 squares, and the XOR-type ones among them.
    Count {
        #[arg(long)]
        squares: usize,
    },
    /// Search for a strategy on N ≤ 16 squares, or prove by exhausting the search that none exists.
    ///
    /// Exit status 0 when the search found a strategy or proved there is none, 3 when it stopped
    /// at --max-nodes without a conclusion (then run again with a larger --max-nodes).
    Search {
        #[arg(long)]
        squares: usize,
        /// Stop after trying this many search-tree nodes (the search for 9 or more squares that
        /// are not a power of two is far too big to finish; 10 million nodes take ~13 s).
        #[arg(long, default_value_t = 10_000_000)]
        max_nodes: u64,
    },
    /// Print the share-link fragment (`devil/v1/…`) of a random round, for links and embeds.
    Link {
        #[arg(long)]
        squares: usize,
        #[arg(long)]
        seed: Option<u64>,
        /// watch, play-a, play-b or edit.
        #[arg(long, default_value = "watch")]
        mode: String,
    },
    /// Print the board of a share link as a board file (--json: key, mode, flips too).
    Open(super::links::OpenArgs),
    /// Print a random board file of N squares (reproducible with --seed).
    Random {
        #[arg(long)]
        squares: usize,
        #[arg(long)]
        seed: Option<u64>,
    },
}

/// Which strategy plays (flip, find, verify).
#[derive(clap::Args)]
pub struct StrategyArgs {
    /// xor, coset, vasilev, search or table.
    #[arg(long, default_value = "xor")]
    strategy: String,
    /// Vasil'ev's function f: zero, popcount3 (Hamrick's), majority or random; for coset,
    /// f builds Vasil'ev's code instead of the Hamming code.
    #[arg(long)]
    f: Option<String>,
    /// Seed of the random f.
    #[arg(long, default_value_t = menu::RANDOM_F_SEED)]
    seed: u64,
    /// Table file for --strategy table: 2^n square numbers, or lines `bits square` as in the source.
    #[arg(long)]
    table: Option<PathBuf>,
}

impl StrategyArgs {
    fn spec(&self) -> Result<StrategySpec> {
        let text =
            self.table.as_ref().map(|p| read_file_within(p, MAX_TABLE_FILE_BYTES, "a table file")).transpose()?;
        if self.table.is_some() && self.strategy != "table" {
            crate::bail!("--table goes with --strategy table");
        }
        let spec = StrategySpec::parse(&self.strategy, self.f.as_deref(), self.seed, text.as_deref());
        spec.map_err(|e| match &self.table {
            Some(p) => crate::Error::new(format!("{}: {e}", p.display())),
            None => e,
        })
    }
}

pub fn run(cmd: Command) -> Result<Reply> {
    match cmd {
        Command::Open(args) => super::links::devil_open(&args.fragment()?).map(Reply::from),
        Command::Flip { board, key, strategy } => {
            let spec = strategy.spec()?;
            let file = EditableFile::open(&board, MAX_BOARD_FILE_BYTES, "a board file")?;
            let parsed = BoardFile::parse(&file.text).map_err(|e| in_file(&board, e))?;
            let flip = parsed.flip_for(&key, &spec)?;
            let output = Output { json: to_json(&flip)?, text: flip.summary() };
            // The coin is turned over in the file only once the answer has been printed.
            Ok(Reply { output, status: 0, then_write: Some(file.pending_byte(flip.offset, flip.byte)) })
        }
        Command::Find { board, strategy } => {
            let spec = strategy.spec()?;
            let text = read_file_within(&board, MAX_BOARD_FILE_BYTES, "a board file")?;
            let key = BoardFile::parse(&text).map_err(|e| in_file(&board, e))?.find(&spec)?;
            Ok(Output { json: to_json(&key)?, text: key.summary() }.into())
        }
        Command::Link { squares, seed, mode } => {
            let seed = seed.unwrap_or_else(crate::seed::fresh_seed);
            let view = View::opening(Game::random(&Params { squares }, seed)?, Mode::parse(&mode)?)?;
            let link = link_for(&view);
            Ok(Output { json: json!({"link": link, "seed": seed}), text: format!("#{link}") }.into())
        }
        Command::Verify { squares, strategy } => {
            let spec = strategy.spec()?;
            if squares == 0 {
                crate::bail!("--squares must be at least 1");
            }
            let v = menu::verify(&spec, squares, strategy.seed, &mut NoProgress)?;
            let json = serde_json::to_value(&v).map_err(|e| crate::Error::new(e.to_string()))?;
            let method = json["method"].as_str().unwrap_or("").to_string();
            let mut text = format!(
                "{} on {} squares: {} ({method})\n{}\n",
                v.strategy,
                v.squares,
                if v.valid { "valid" } else { "NOT valid" },
                v.explanation
            );
            if let Some(ce) = &v.counterexample {
                text.push_str(&format!("board (coin 0 first): {}\n", ce.board));
            }
            Ok(Output { json, text }.into())
        }
        Command::Count { squares } => {
            let c = count::count(squares, &mut NoProgress)?;
            let text = format!(
                "{} squares: {} strategies, {} of them XOR-type\n({} extended perfect codes among the even boards, {} partitions of the even boards into {squares} of them; strategies = ({squares}! × {})²)\n",
                c.squares, c.strategies, c.linear_strategies, c.codes, c.partitions, c.partitions
            );
            Ok(Output {
                json: json!({"squares": c.squares, "strategies": c.strategies, "linear_strategies": c.linear_strategies,
                    "codes": c.codes, "partitions": c.partitions}),
                text,
            }
            .into())
        }
        Command::Search { squares, max_nodes } => {
            let out = search::run(squares, false, max_nodes, &mut NoProgress)?;
            let json = json!({"squares": squares, "found": out.found, "nodes": out.nodes, "exhausted": out.exhausted,
                "conclusion": out.conclusion()});
            let mut text = out.summary();
            let status = if out.conclusion() == Conclusion::Inconclusive {
                text.push_str(&format!("; run again with --max-nodes above {max_nodes} to search further"));
                EXIT_INCONCLUSIVE
            } else {
                0
            };
            Ok(Reply { output: Output { json, text }, status, then_write: None })
        }
        Command::Random { squares, seed } => {
            let seed = seed.unwrap_or_else(crate::seed::fresh_seed);
            let game = Game::random(&Params { squares }, seed)?;
            let text = board_to_text(&game.board);
            Ok(Output { json: json!({"squares": squares, "seed": seed, "board": text}), text }.into())
        }
    }
}

fn to_json(value: &impl serde::Serialize) -> Result<serde_json::Value> {
    serde_json::to_value(value).map_err(|e| crate::Error::new(e.to_string()))
}

fn in_file(path: &std::path::Path, e: crate::Error) -> crate::Error {
    crate::Error::new(format!("{}: {e}", path.display()))
}
