//! `chessboard-puzzles devil …`

use super::{read_file, write_file_atomically, Output};
use crate::devil::file::{board_to_text, BoardFile};
use crate::devil::game::link_for;
use crate::devil::lab::{self, Spec};
use crate::devil::{count, search, Game, Layout, Mode, Params, View};
use crate::progress::NoProgress;
use crate::puzzle::Puzzle;
use crate::Result;
use clap::Subcommand;
use serde_json::json;
use std::path::PathBuf;

#[derive(Subcommand)]
pub enum Command {
    /// Prisoner A: print the coin to flip so that the board names KEY, and flip it in the file.
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
    Search {
        #[arg(long)]
        squares: usize,
        /// Give up after this many search-tree nodes (the search for 9 or more squares that are
        /// not a power of two is far too big to finish).
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
    /// Vasil'ev's function f: zero, popcount3 (the source's), majority or random; for coset,
    /// f builds Vasil'ev's code instead of the Hamming code.
    #[arg(long)]
    f: Option<String>,
    /// Seed of the random f.
    #[arg(long, default_value_t = lab::RANDOM_F_SEED)]
    seed: u64,
    /// Table file for --strategy table: 2^n square numbers, or lines `bits square` as in the source.
    #[arg(long)]
    table: Option<PathBuf>,
}

impl StrategyArgs {
    fn spec(&self) -> Result<Spec> {
        let text = self.table.as_ref().map(|p| read_file(p)).transpose()?;
        if self.table.is_some() && self.strategy != "table" {
            crate::bail!("--table goes with --strategy table");
        }
        let spec = Spec::parse(&self.strategy, self.f.as_deref(), self.seed, text.as_deref());
        spec.map_err(|e| match &self.table {
            Some(p) => crate::Error::new(format!("{}: {e}", p.display())),
            None => e,
        })
    }
}

pub fn run(cmd: Command) -> Result<Output> {
    match cmd {
        Command::Open(args) => super::links::devil_open(args),
        Command::Flip { board, key, strategy } => {
            let spec = strategy.spec()?;
            let text = read_file(&board)?;
            let file = BoardFile::parse(&text).map_err(|e| in_file(&board, e))?;
            let coins = file.board();
            let layout = Layout::for_squares(coins.squares());
            let key = layout.parse(&key)?;
            let s = spec.build(coins.squares())?;
            let Some(flip) = s.encode(&coins, key) else {
                crate::bail!("the {} strategy has no flip that names square {key} on this board", s.name());
            };
            write_file_atomically(&board, &file.text_with_flip(flip))?;
            let name = layout.name(flip);
            Ok(Output { json: json!({"flip": name, "index": flip}), text: format!("flip {name} (index {flip})\n") })
        }
        Command::Find { board, strategy } => {
            let spec = strategy.spec()?;
            let text = read_file(&board)?;
            let coins = BoardFile::parse(&text).map_err(|e| in_file(&board, e))?.board();
            let key = spec.build(coins.squares())?.decode(&coins);
            let name = Layout::for_squares(coins.squares()).name(key);
            Ok(Output { json: json!({"key": name, "index": key}), text: format!("key {name} (index {key})\n") })
        }
        Command::Link { squares, seed, mode } => {
            let seed = seed.unwrap_or_else(crate::seed::fresh_seed);
            let mut game = Game::random(&Params { squares }, seed)?;
            let mode = match mode.as_str() {
                "watch" => Mode::Watch,
                "play-a" => Mode::PlayA,
                "play-b" => Mode::PlayB,
                "edit" => Mode::Edit,
                other => crate::bail!("unknown mode '{other}': use watch, play-a, play-b or edit"),
            };
            if mode == Mode::PlayB {
                // B's round starts after A's (hidden) flip.
                let flip = game.solve()?[0];
                game = game.apply(&flip)?;
            }
            let link = link_for(&View { game, mode, strategy: 0, step: 0 });
            Ok(Output { json: json!({"link": link, "seed": seed}), text: format!("#{link}\n") })
        }
        Command::Verify { squares, strategy } => {
            let spec = strategy.spec()?;
            if squares == 0 {
                crate::bail!("--squares must be at least 1");
            }
            let v = lab::verify(&spec, squares, strategy.seed, &mut NoProgress)?;
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
            Ok(Output { json, text })
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
            })
        }
        Command::Search { squares, max_nodes } => {
            let out = search::run(squares, false, max_nodes, &mut NoProgress)?;
            let verdict = match (out.found, out.exhausted) {
                (true, _) => "found a strategy".to_string(),
                (false, true) => "no strategy exists: the search ran to its end".to_string(),
                (false, false) => "gave up before the end of the search (no conclusion)".to_string(),
            };
            Ok(Output {
                json: json!({"squares": squares, "found": out.found, "nodes": out.nodes, "exhausted": out.exhausted}),
                text: format!("{squares} squares: {verdict} ({} nodes)\n", out.nodes),
            })
        }
        Command::Random { squares, seed } => {
            let seed = seed.unwrap_or_else(crate::seed::fresh_seed);
            let game = Game::random(&Params { squares }, seed)?;
            let text = board_to_text(&game.board);
            Ok(Output { json: json!({"squares": squares, "seed": seed, "board": text}), text })
        }
    }
}

fn in_file(path: &std::path::Path, e: crate::Error) -> crate::Error {
    crate::Error::new(format!("{}: {e}", path.display()))
}
