//! `chessboard-puzzles devil …`

use super::{read_file, write_file_atomically, Output};
use crate::devil::file::{board_to_text, BoardFile};
use crate::devil::game::link_for;
use crate::devil::{Game, Layout, Mode, Params, Strategy, View, Xor};
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
    },
    /// Prisoner B: print the square the board names.
    Find {
        #[arg(long)]
        board: PathBuf,
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
    /// Print a random board file of N squares (reproducible with --seed).
    Random {
        #[arg(long)]
        squares: usize,
        #[arg(long)]
        seed: Option<u64>,
    },
}

pub fn run(cmd: Command) -> Result<Output> {
    match cmd {
        Command::Flip { board, key } => {
            let text = read_file(&board)?;
            let file = BoardFile::parse(&text).map_err(|e| in_file(&board, e))?;
            let coins = file.board();
            let layout = Layout::for_squares(coins.squares());
            let key = layout.parse(&key)?;
            let flip = Xor { squares: coins.squares() }.encode(&coins, key).expect("xor always has a flip");
            write_file_atomically(&board, &file.text_with_flip(flip))?;
            let name = layout.name(flip);
            Ok(Output { json: json!({"flip": name, "index": flip}), text: format!("flip {name} (index {flip})\n") })
        }
        Command::Find { board } => {
            let text = read_file(&board)?;
            let coins = BoardFile::parse(&text).map_err(|e| in_file(&board, e))?.board();
            let key = Xor { squares: coins.squares() }.decode(&coins);
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
