//! `chessboard-puzzles lights-out …`

use super::files::{check_out, write_file};
use super::{read_file, Output};
use crate::lights::bitboard::BitBoard;
use crate::lights::chase::table;
use crate::lights::game::random_board;
use crate::lights::large::{self, random_packed, solve_packed, unsolvable_reason, PackedSolution};
use crate::lights::pattern_io::{read_pattern, write_pattern, Format};
use crate::lights::{rank, solve, Board, Game, Rule, Solution, Spec, MAX_SIDE};
use crate::progress::NoProgress;
use crate::{bail, Result};
use clap::{Args, Subcommand};
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};

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
        /// A file of rows of digits, or a PBM image (P1 or P4; black = on) for two states.
        #[arg(long)]
        pattern_file: Option<PathBuf>,
        /// Search for the fewest presses (proven when the nullity is at most 24).
        #[arg(long, conflicts_with = "first_row")]
        minimal: bool,
        /// Leave the list of presses out (for huge boards).
        #[arg(long)]
        summary: bool,
        /// Print only the first row of presses: chasing the lights row by row from it presses the rest.
        #[arg(long)]
        first_row: bool,
        /// Write the presses (or the quiet pattern proving the board unsolvable) to FILE, streaming.
        #[arg(long, conflicts_with = "first_row")]
        out: Option<PathBuf>,
        /// The --out format: digits, pbm (P4, 8 lights a byte) or plain-pbm (P1); default by the
        /// file name (.pbm → pbm, else digits).
        #[arg(long, requires = "out", value_parser = parse_format)]
        format: Option<Format>,
        #[command(flatten)]
        variant: Variant,
        #[command(flatten)]
        graph: super::lights_graph::GraphArgs,
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
        /// Write the pattern to FILE instead (for classic boards of any size).
        #[arg(long)]
        out: Option<PathBuf>,
        /// The --out format: digits, pbm or plain-pbm; default by the file name.
        #[arg(long, requires = "out", value_parser = parse_format)]
        format: Option<Format>,
        #[command(flatten)]
        variant: Variant,
    },
}

fn parse_format(s: &str) -> std::result::Result<Format, String> {
    Format::parse(s).map_err(|e| e.to_string())
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
        Command::Solve {
            rows,
            cols,
            all_on,
            pattern,
            pattern_file,
            minimal,
            summary,
            first_row,
            out,
            format,
            variant,
            graph,
        } => {
            if graph.is_used() {
                let Variant { rule, torus, states } = variant;
                let grid = super::lights_graph::GridOptions { rows, cols, rule, torus, states };
                let source = super::lights_graph::PatternOptions { all_on, pattern, pattern_file };
                return super::lights_graph::solve(graph, grid, source);
            }
            let source = Source::new(all_on, pattern, pattern_file)?;
            let request = Request { summary, first_row, out: out.map(|p| (format.unwrap_or(Format::for_path(&p)), p)) };
            if let Some((_, path)) = &request.out {
                check_out(path)?;
            }
            // Classic boards of any size go packed; --minimal needs the kernel search of the
            // byte-a-light path, which covers the playable sizes.
            let packed = large::applies(variant.rule, variant.torus, variant.states)
                && (!minimal || rows.max(cols).is_some_and(|s| s > MAX_SIDE));
            if packed {
                if let (Source::AllOn, Some(r), Some(c)) = (&source, rows, cols) {
                    // Made by the tool: refused before gigabytes of lights are filled in.
                    request.check(r, c)?;
                    large::check_solve_memory(r, c, request.wants_presses())?;
                }
                let lights = read_packed(&source, rows, cols)?;
                request.check(lights.rows, lights.cols)?;
                let s = solve_packed(&lights, variant.rule, request.wants_presses(), &mut NoProgress)?;
                packed_output(&s, &request, minimal)
            } else {
                let board = read_board(&source, rows, cols, &variant)?;
                request.check(board.spec.rows, board.spec.cols)?;
                let s = solve(&board, minimal, &mut NoProgress)?;
                board_output(&board.spec, &s, &request, minimal)
            }
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
        Command::Random { rows, cols, seed, out, format, variant } => {
            if let Some(path) = &out {
                check_out(path)?;
            }
            let seed = seed.unwrap_or_else(crate::seed::fresh_seed);
            let lights = if large::applies(variant.rule, variant.torus, variant.states) && rows.max(cols) > MAX_SIDE {
                random_packed(rows, cols, variant.rule, seed)?
            } else {
                let board = random_board(&spec(rows, cols, &variant)?, seed)?;
                match &out {
                    Some(path) if variant.states > 2 => {
                        write_digits(path, format.unwrap_or(Format::for_path(path)), &board)?;
                        return Ok(written(path, json!({"rows": rows, "cols": cols, "seed": seed})));
                    }
                    _ if variant.states > 2 => {
                        let text = board.to_text();
                        let pattern = text.trim_end().replace('\n', "/");
                        return Ok(Output {
                            json: json!({"rows": rows, "cols": cols, "seed": seed, "pattern": pattern}),
                            text,
                        });
                    }
                    _ => BitBoard::from_board(&board)?,
                }
            };
            match out {
                Some(path) => {
                    write_packed(&path, format.unwrap_or(Format::for_path(&path)), &lights)?;
                    Ok(written(&path, json!({"rows": rows, "cols": cols, "seed": seed})))
                }
                None => {
                    Request { summary: false, first_row: false, out: None }.check(rows, cols)?;
                    let text = digits(&lights);
                    let pattern = text.trim_end().replace('\n', "/");
                    Ok(Output { json: json!({"rows": rows, "cols": cols, "seed": seed, "pattern": pattern}), text })
                }
            }
        }
    }
}

/// Where the lights come from.
enum Source {
    AllOn,
    Text(String),
    File(PathBuf),
}

impl Source {
    fn new(all_on: bool, pattern: Option<String>, file: Option<PathBuf>) -> Result<Source> {
        match (all_on, pattern, file) {
            (true, _, _) => Ok(Source::AllOn),
            (_, Some(p), _) => Ok(Source::Text(p)),
            (_, _, Some(f)) => Ok(Source::File(f)),
            _ => bail!("give the lights with --all-on, --pattern ROWS or --pattern-file FILE"),
        }
    }
}

/// What to print besides the verdict.
struct Request {
    summary: bool,
    first_row: bool,
    out: Option<(Format, PathBuf)>,
}

/// Boards beyond this many lights print their presses only to a file (--out).
const MAX_PRINTED_LIGHTS: usize = MAX_SIDE * MAX_SIDE;

impl Request {
    fn prints_presses(&self) -> bool {
        !self.summary && !self.first_row && self.out.is_none()
    }

    fn wants_presses(&self) -> bool {
        self.out.is_some() || self.prints_presses()
    }

    /// Refuses, before any work, to print a press list too large for a terminal or a JSON value.
    fn check(&self, rows: usize, cols: usize) -> Result<()> {
        if self.prints_presses() && rows.saturating_mul(cols) > MAX_PRINTED_LIGHTS {
            bail!("a {rows}×{cols} board has too many lights to print: use --out FILE, --first-row or --summary");
        }
        Ok(())
    }
}

fn open_pattern(path: &Path) -> Result<BitBoard> {
    let file = File::open(path).map_err(|e| crate::Error::new(format!("cannot read {}: {e}", path.display())))?;
    read_pattern(BufReader::with_capacity(1 << 20, file))
        .map_err(|e| crate::Error::new(format!("{}: {e}", path.display())))
}

fn read_packed(source: &Source, rows: Option<usize>, cols: Option<usize>) -> Result<BitBoard> {
    let lights = match source {
        Source::AllOn => {
            let (Some(r), Some(c)) = (rows, cols) else { bail!("--all-on needs --rows and --cols") };
            return BitBoard::all_on(r, c);
        }
        Source::Text(t) => read_pattern(t.as_bytes())?,
        Source::File(path) => open_pattern(path)?,
    };
    check_size(lights.rows, lights.cols, rows, cols)?;
    Ok(lights)
}

fn read_board(source: &Source, rows: Option<usize>, cols: Option<usize>, v: &Variant) -> Result<Board> {
    let board = match source {
        Source::AllOn => {
            let (Some(r), Some(c)) = (rows, cols) else { bail!("--all-on needs --rows and --cols") };
            return Board::all_on(spec(r, c, v)?);
        }
        Source::Text(t) => Board::parse(t, v.rule, v.torus, v.states)?,
        // Two states: digits or PBM; more: digits only.
        Source::File(path) if v.states == 2 => open_pattern(path)?.to_board(v.rule, v.torus)?,
        Source::File(path) => Board::parse(&read_file(path)?, v.rule, v.torus, v.states)
            .map_err(|e| crate::Error::new(format!("{}: {e}", path.display())))?,
    };
    check_size(board.spec.rows, board.spec.cols, rows, cols)?;
    Ok(board)
}

fn check_size(got_rows: usize, got_cols: usize, rows: Option<usize>, cols: Option<usize>) -> Result<()> {
    if let Some(r) = rows.filter(|&r| r != got_rows) {
        bail!("the pattern has {got_rows} rows, but --rows is {r}");
    }
    if let Some(c) = cols.filter(|&c| c != got_cols) {
        bail!("the pattern has {got_cols} columns, but --cols is {c}");
    }
    Ok(())
}

fn write_packed(path: &Path, format: Format, board: &BitBoard) -> Result<()> {
    write_file(path, |mut w| write_pattern(board, format, &mut w))
}

/// A k-state board as digit rows (PBM holds two states only).
fn write_digits(path: &Path, format: Format, board: &Board) -> Result<()> {
    if format != Format::Digits {
        bail!("PBM holds two states; write {} states as digits", board.spec.states);
    }
    write_file(path, |w| w.write_all(board.to_text().as_bytes()))
}

fn written(path: &Path, mut json: Value) -> Output {
    json["out"] = Value::from(path.display().to_string());
    Output { json, text: format!("written to {}\n", path.display()) }
}

/// Rows of digits.
fn digits(board: &BitBoard) -> String {
    let mut out = Vec::new();
    let _ = write_pattern(board, Format::Digits, &mut out);
    String::from_utf8(out).unwrap_or_default()
}

fn verdict(solvable: bool, press_count: u64, minimal: bool, asked_minimal: bool, states: u8) -> String {
    if !solvable {
        return format!("not solvable: {}\n", unsolvable_reason(states));
    }
    let note = if minimal {
        " (minimal)"
    } else if asked_minimal {
        " (best found, not proven minimal)"
    } else {
        ""
    };
    format!("solvable: {press_count} presses{note}\n")
}

/// A press set or quiet pattern to print or write: packed bits, or one byte a light.
enum Grid<'a> {
    Packed(&'a BitBoard),
    Bytes(&'a Spec, &'a [u8]),
}

impl Grid<'_> {
    fn text(&self) -> Result<String> {
        match self {
            Grid::Packed(b) => Ok(digits(b)),
            Grid::Bytes(spec, v) => Ok(Board::from_lights(**spec, v.to_vec())?.to_text()),
        }
    }

    fn write(&self, path: &Path, format: Format) -> Result<()> {
        match self {
            Grid::Packed(b) => write_packed(path, format, b),
            Grid::Bytes(spec, v) => {
                let board = Board::from_lights(**spec, v.to_vec())?;
                if spec.states == 2 {
                    write_packed(path, format, &BitBoard::from_board(&board)?)
                } else {
                    write_digits(path, format, &board)
                }
            }
        }
    }

    fn press_list(&self) -> Vec<Value> {
        match self {
            Grid::Packed(x) => press_list(x.rows, x.cols, &x.to_bytes()),
            Grid::Bytes(spec, v) => press_list(spec.rows, spec.cols, v),
        }
    }
}

/// What a solver found, whichever path it took.
struct Found<'a> {
    solvable: bool,
    press_count: Option<u64>,
    minimal: bool,
    states: u8,
    /// The first row of presses as digits (when solvable).
    first_row: Option<String>,
    presses: Option<Grid<'a>>,
    witness: Option<Grid<'a>>,
}

fn packed_output(s: &PackedSolution, request: &Request, asked_minimal: bool) -> Result<Output> {
    let found = Found {
        solvable: s.first_row.is_some(),
        press_count: s.press_count,
        minimal: s.first_row.is_some() && s.nullity == 0,
        states: 2,
        first_row: s.first_row.as_ref().map(digits),
        presses: s.presses.as_ref().map(Grid::Packed),
        witness: s.witness.as_ref().map(Grid::Packed),
    };
    output(found, request, asked_minimal)
}

fn board_output(spec: &Spec, s: &Solution, request: &Request, asked_minimal: bool) -> Result<Output> {
    let first_row = match &s.presses {
        Some(x) => Some(Grid::Bytes(&Spec { rows: 1, ..*spec }, &x[..spec.cols]).text()?),
        None => None,
    };
    let found = Found {
        solvable: s.solvable,
        press_count: s.solvable.then_some(s.press_count),
        minimal: s.minimal,
        states: spec.states,
        first_row,
        presses: s.presses.as_deref().map(|x| Grid::Bytes(spec, x)),
        witness: s.witness.as_deref().map(|w| Grid::Bytes(spec, w)),
    };
    output(found, request, asked_minimal)
}

fn output(found: Found, request: &Request, asked_minimal: bool) -> Result<Output> {
    let mut json = json!({
        "solvable": found.solvable,
        "press_count": found.press_count.map_or(Value::Null, Value::from),
        "minimal": found.minimal,
    });
    let mut text = verdict(found.solvable, found.press_count.unwrap_or(0), found.minimal, asked_minimal, found.states);
    if request.first_row {
        let row = found.first_row.unwrap_or_default();
        json["first_row"] = Value::from(row.trim_end());
        if !row.is_empty() {
            text.push_str("first row of presses:\n");
            text.push_str(&row);
        }
    }
    let shown = found.presses.as_ref().or(found.witness.as_ref());
    if let (Some((format, path)), Some(grid)) = (&request.out, shown) {
        grid.write(path, *format)?;
        json["out"] = Value::from(path.display().to_string());
        let what = if found.presses.is_some() { "presses" } else { "quiet pattern" };
        text.push_str(&format!("{what} written to {}\n", path.display()));
    } else if request.prints_presses() {
        match (&found.presses, &found.witness) {
            (Some(x), _) => {
                json["presses"] = Value::Array(x.press_list());
                text.push_str("presses (counts per light):\n");
                text.push_str(&x.text()?);
            }
            (None, w) => {
                json["presses"] = Value::Array(Vec::new());
                if let Some(w) = w {
                    text.push_str("quiet pattern (pressing it changes nothing):\n");
                    text.push_str(&w.text()?);
                }
            }
        }
    }
    Ok(Output { json, text })
}

fn press_list(rows: usize, cols: usize, presses: &[u8]) -> Vec<Value> {
    let spec = Spec { rows, cols, ..Spec::classic(1, 1) };
    Game::moves_of(&spec, presses).iter().map(|m| json!([m.row, m.col])).collect()
}
