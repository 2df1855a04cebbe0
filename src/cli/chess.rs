//! `chessboard-puzzles chess …`: encode and decode positions, measure game codes, compute worst
//! cases, and fit the move model.

use super::files::{check_out, write_text};
use super::{read_file_within, Output, Reply};
use crate::bits::from_base64url;
use crate::chess::games::fit;
use crate::chess::rules::pgn::MAX_PGN_BYTES;
use crate::chess::{parse_pgn, GameScheme, Position, PositionScheme};
use crate::{bail, Result};
use clap::Subcommand;
use serde_json::json;
use std::path::PathBuf;

#[derive(Subcommand)]
pub enum Command {
    /// Encode a position (FEN) with a position scheme; prints the bits and the base64url code.
    Encode {
        #[arg(long)]
        fen: String,
        /// nibble, base13, base13-pawns, huffman, piece-list, bitboard or compact.
        #[arg(long, default_value = "compact")]
        scheme: String,
        /// Append the move counters (halfmove clock and move number, 3 bytes) after the code.
        #[arg(long)]
        counters: bool,
    },
    /// Decode a base64url code of a position scheme back to FEN.
    Decode {
        #[arg(long, default_value = "compact")]
        scheme: String,
        /// The code (base64url; it may start with '-').
        #[arg(long, allow_hyphen_values = true)]
        code: String,
        /// The code ends with the move counters (written by `encode --counters`).
        #[arg(long)]
        counters: bool,
    },
    /// Encode every game of a PGN file with a game scheme, check the round trip, report bits.
    Games {
        #[arg(long)]
        pgn: PathBuf,
        /// from-to, move-index, ranked-huffman or arithmetic.
        #[arg(long, default_value = "arithmetic")]
        scheme: String,
        /// Only the games after the first N (e.g. the model's fitting games).
        #[arg(long, default_value_t = 0)]
        skip: usize,
    },
    /// Pack a PGN games database into a file: moves by the arithmetic code, tags by columns,
    /// comments and variations kept verbatim. A game that cannot be packed is named on stderr
    /// and left out (exit status 4); the rest are packed.
    Pack {
        /// The PGN file.
        pgn: PathBuf,
        /// The pack file to write.
        #[arg(long)]
        out: PathBuf,
    },
    /// Unpack a pack file back to PGN (to standard output unless --out).
    Unpack {
        /// The pack file.
        file: PathBuf,
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// The longest code of a position scheme, computed.
    WorstCase {
        #[arg(long)]
        scheme: String,
    },
    /// Print the share-link fragment (`chess/v2/…`) of a FEN, or of a PGN game at a ply.
    Link(super::links::ChessLinkArgs),
    /// Print the position of a share link as FEN.
    Open(super::links::OpenArgs),
    /// Fit the move model on the first N games of a PGN file and write model_params.rs; or,
    /// with --folds, cross-validate instead (nothing is written).
    Fit {
        #[arg(long)]
        pgn: PathBuf,
        #[arg(long, default_value_t = 300)]
        games: usize,
        #[arg(long, default_value_t = 300)]
        epochs: usize,
        /// L2 penalty on the weights.
        #[arg(long, default_value_t = 1e-4)]
        l2: f64,
        /// Folder of openings lists (TSV with a `pgn` column) for the opening book.
        #[arg(long)]
        openings: Option<PathBuf>,
        /// Cross-validate over all the games with this many folds instead of writing the model.
        #[arg(long)]
        folds: Option<usize>,
        /// Other games to report on (never fitted on), beside lichess's codec; repeatable.
        #[arg(long)]
        eval: Vec<PathBuf>,
        #[arg(long, default_value = "src/chess/games/model_params.rs")]
        out: PathBuf,
    },
}

pub fn run(cmd: Command, json: bool) -> Result<Reply> {
    match cmd {
        Command::Pack { pgn, out } => super::chess_pack::pack(&pgn, &out),
        Command::Unpack { out: None, .. } if json => {
            bail!("--json needs --out: without it, standard output is the PGN")
        }
        Command::Unpack { file, out } => super::chess_pack::unpack(&file, out.as_deref()),
        cmd => run_output(cmd).map(Reply::from),
    }
}

fn run_output(cmd: Command) -> Result<Output> {
    match cmd {
        Command::Pack { .. } | Command::Unpack { .. } => unreachable!("run handles these"),
        Command::Link(args) => super::links::chess_link(args),
        Command::Open(args) => super::links::chess_open(&args.fragment()?),
        Command::Encode { fen, scheme, counters } => {
            let s = PositionScheme::parse(&scheme)?;
            let pos = Position::from_fen(&fen)?;
            let code = if counters { crate::chess::positions::counters::encode(s, &pos) } else { s.encode(&pos) };
            let b64 = code.to_base64url();
            Ok(Output {
                json: json!({"scheme": s.name(), "bits": code.bits, "code": b64}),
                text: format!("{} bits\n{}\n{b64}\n", code.bits, code.bitstring()),
            })
        }
        Command::Decode { scheme, code, counters } => {
            let s = PositionScheme::parse(&scheme)?;
            let bytes = from_base64url(&code)?;
            let pos = if counters { crate::chess::positions::counters::decode(s, &bytes)? } else { s.decode(&bytes)? };
            let fen = pos.to_fen();
            Ok(Output { json: json!({"fen": fen}), text: fen })
        }
        Command::Games { pgn, scheme, skip } => {
            let s = GameScheme::parse(&scheme)?;
            let games = parse_pgn(&read_file_within(&pgn, MAX_PGN_BYTES, "a PGN file")?)?;
            if skip >= games.len() {
                bail!("--skip {skip} leaves none of the {} games", games.len());
            }
            let games = &games[skip..];
            let (mut plies, mut bits) = (0usize, 0usize);
            let mut round_trip = true;
            for g in games {
                let code = s.encode(g);
                plies += g.moves.len();
                bits += code.code.bits;
                let back = s.decode(&code.code.bytes)?;
                round_trip &= back.moves == g.moves && back.start == g.start;
            }
            if !round_trip {
                bail!("a game did not decode to itself");
            }
            let bpm = bits as f64 / plies.max(1) as f64;
            Ok(Output {
                json: json!({"games": games.len(), "plies": plies, "bits": bits, "bits_per_move": bpm, "round_trip": round_trip}),
                text: format!("{} games, {plies} plies, {bits} bits, {bpm:.3} bits a move, round trip ok", games.len()),
            })
        }
        Command::WorstCase { scheme } => {
            let s = PositionScheme::parse(&scheme)?;
            let max = s.worst_case();
            Ok(Output {
                json: json!({"scheme": s.name(), "max_bits": max}),
                text: format!("{}: at most {max} bits", s.name()),
            })
        }
        Command::Fit { pgn, games, epochs, l2, openings, folds, eval, out } => {
            check_out(&out)?;
            let all = parse_pgn(&read_file_within(&pgn, MAX_PGN_BYTES, "a PGN file")?)?;
            if games == 0 || games >= all.len() {
                bail!("--games must be between 1 and {} (some games must be held out)", all.len() - 1);
            }
            let mut tsv = Vec::new();
            if let Some(dir) = &openings {
                let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
                    .map_err(|e| crate::Error::new(format!("cannot read {}: {e}", dir.display())))?
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|x| x == "tsv"))
                    .collect();
                files.sort();
                if files.is_empty() {
                    bail!("{} holds no .tsv openings list", dir.display());
                }
                for f in files {
                    tsv.push(read_file_within(&f, MAX_PGN_BYTES, "an openings file")?);
                }
            }
            let book_bytes = fit::book_bytes(&tsv)?;
            let settings = fit::Settings { epochs, l2 };
            let path = |p: &PathBuf| p.to_string_lossy().replace('\\', "/");
            let others: Vec<(String, Vec<crate::chess::Game>)> = eval
                .iter()
                .map(|p| Ok((path(p), parse_pgn(&read_file_within(p, MAX_PGN_BYTES, "a PGN file")?)?)))
                .collect::<Result<_>>()?;
            if let Some(k) = folds {
                if k < 2 || k > all.len() {
                    bail!("--folds must be between 2 and {}", all.len());
                }
                let tallies = fit::cross_validate(&all, k, &book_bytes, settings, &mut |_, _| {});
                let mut total = fit::Tally::default();
                let mut text = String::new();
                for (i, t) in tallies.iter().enumerate() {
                    total.add(*t);
                    text += &format!(
                        "fold {}: {} games, {} plies: {:.3} bits a move (lichess {:.3})\n",
                        i + 1,
                        t.games,
                        t.plies,
                        t.bits_per_move(),
                        t.lichess_bits_per_move()
                    );
                }
                text += &format!(
                    "{k}-fold cross-validation over {} games ({} plies): {:.3} bits a move (lichess {:.3})",
                    total.games,
                    total.plies,
                    total.bits_per_move(),
                    total.lichess_bits_per_move()
                );
                let folds_json: Vec<_> = tallies.iter().map(tally_json).collect();
                return Ok(Output { json: json!({"folds": folds_json, "total": tally_json(&total)}), text });
            }
            let f = fit::fit(&all, games, book_bytes, settings, &mut |_, _| {});
            let mut command = format!(
                "chessboard-puzzles chess fit --pgn {} --games {games} --epochs {epochs} --l2 {l2}",
                path(&pgn)
            );
            if let Some(dir) = &openings {
                command += &format!(" --openings {}", path(dir));
            }
            write_text(&out, &fit::render(&f, &command))?;
            let mut text = format!(
                "fitted on {} games: {:.3} bits a move; held out {} games ({} plies): {:.3} bits a move (lichess {:.3}); wrote {}",
                f.fit_games,
                f.fit_tally.bits_per_move(),
                f.held_out.games,
                f.held_out.plies,
                f.held_out.bits_per_move(),
                f.held_out.lichess_bits_per_move(),
                out.display()
            );
            let mut evals = Vec::new();
            for (name, gs) in &others {
                let refs: Vec<&crate::chess::Game> = gs.iter().collect();
                let t = fit::Tally::of(&refs, &f.weights, &crate::chess::games::book::expand(&f.book));
                text += &format!(
                    "\n{name}: {} games, {} plies: {:.3} bits a move (lichess {:.3})",
                    t.games,
                    t.plies,
                    t.bits_per_move(),
                    t.lichess_bits_per_move()
                );
                evals.push(json!({"pgn": name, "tally": tally_json(&t)}));
            }
            Ok(Output {
                json: json!({"fit_games": f.fit_games, "held_out_games": f.held_out.games,
                    "fit_bits_per_move": f.fit_tally.bits_per_move(), "held_out_bits_per_move": f.held_out.bits_per_move(),
                    "held_out": tally_json(&f.held_out), "eval": evals}),
                text,
            })
        }
    }
}

fn tally_json(t: &fit::Tally) -> serde_json::Value {
    json!({"games": t.games, "plies": t.plies, "bits": t.bits, "bits_per_move": t.bits_per_move(),
        "lichess_bits": t.lichess_bits, "lichess_bits_per_move": t.lichess_bits_per_move()})
}
