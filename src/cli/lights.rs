//! `chessboard-puzzles lights-out …`

use super::files::{check_out, write_file};
use super::{read_file, Output};
use crate::lights::io::pattern_io::Format;
use crate::lights::solvers::chase::table;
use crate::lights::solvers::large::{self, unsolvable_reason};
use crate::lights::{rank, Game, Lights, Rule, Solution, SolveOptions, Spec, MAX_SIDE};
use crate::progress::NoProgress;
use crate::{bail, Result};
use clap::{Args, Subcommand};
use serde_json::{json, Value};
use std::fmt::Write as _;
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
        #[arg(long, required_unless_present_any = ["preset", "graph"])]
        rows: Option<usize>,
        #[arg(long, required_unless_present_any = ["preset", "graph"])]
        cols: Option<usize>,
        /// A commercial game, as for `solve --preset` (cube, orbix, merlin, …).
        #[arg(long, conflicts_with_all = ["rows", "cols", "graph"])]
        preset: Option<String>,
        /// A graph file, as for `solve --graph`.
        #[arg(long, conflicts_with_all = ["rows", "cols"])]
        graph: Option<PathBuf>,
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
        // A game or a graph file carries its own states: --states is for grids.
        Command::Nullity { preset, graph, .. } if preset.is_some() || graph.is_some() => {
            super::lights_graph::nullity(preset.as_deref(), graph.as_deref())
        }
        Command::Nullity { rows, cols, variant, .. } => {
            let (Some(rows), Some(cols)) = (rows, cols) else {
                bail!("nullity needs --rows and --cols, --preset NAME or --graph FILE");
            };
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
                return super::lights_graph::solve(graph, grid, source, summary);
            }
            let source = Source::new(all_on, pattern, pattern_file)?;
            let request = Request { summary, first_row, out: out.map(|p| (format.unwrap_or(Format::for_path(&p)), p)) };
            if let Some((_, path)) = &request.out {
                check_out(path)?;
            }
            // The quiet patterns are not printed: the core may solve classic boards packed.
            let options = SolveOptions { minimal, presses: request.wants_presses(), quiet: false };
            let lights = read_lights(&source, rows, cols, &variant, &request, &options)?;
            let spec = *lights.spec();
            request.check(spec.rows, spec.cols)?;
            let s = lights.solve(&options, &mut NoProgress)?;
            output(&spec, &s, &request, minimal)
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
            let spec = Spec { rows, cols, rule: variant.rule, torus: variant.torus, states: variant.states };
            let lights = Lights::random(&spec, seed)?;
            match out {
                Some(path) => {
                    write_lights(&path, format.unwrap_or(Format::for_path(&path)), &lights)?;
                    Ok(written(&path, json!({"rows": rows, "cols": cols, "seed": seed})))
                }
                None => {
                    Request { summary: false, first_row: false, out: None }.check(rows, cols)?;
                    let text = lights.to_text();
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

/// The lights to solve. An all-on board is made by the tool, so a board too large to print or
/// to solve is refused before gigabytes of lights are filled in.
fn read_lights(
    source: &Source,
    rows: Option<usize>,
    cols: Option<usize>,
    v: &Variant,
    request: &Request,
    options: &SolveOptions,
) -> Result<Lights> {
    let (rule, torus, states) = (v.rule, v.torus, v.states);
    let lights = match source {
        Source::AllOn => {
            let (Some(r), Some(c)) = (rows, cols) else { bail!("--all-on needs --rows and --cols") };
            let spec = Spec { rows: r, cols: c, rule, torus, states };
            if large::applies_to(&spec) {
                request.check(r, c)?;
            }
            Lights::check_solve_memory(&spec, options)?;
            return Lights::filled(&spec, 1);
        }
        Source::Text(t) => Lights::read_text(t, rule, torus, states)?,
        Source::File(path) => {
            let at = |e: crate::Error| crate::Error::new(format!("{}: {e}", path.display()));
            if states == 2 {
                // Digits or PBM, streamed into packed bits whatever the size.
                let file = super::files::open_input(path)?;
                Lights::read(BufReader::with_capacity(1 << 20, file), rule, torus, states).map_err(at)?
            } else {
                Lights::read_text(&read_file(path)?, rule, torus, states).map_err(at)?
            }
        }
    };
    check_size(lights.spec().rows, lights.spec().cols, rows, cols)?;
    Ok(lights)
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

fn write_lights(path: &Path, format: Format, lights: &Lights) -> Result<()> {
    lights.check_format(format)?;
    write_file(path, |w| lights.write(format, w))
}

fn written(path: &Path, mut json: Value) -> Output {
    json["out"] = Value::from(path.display().to_string());
    Output { json, text: format!("written to {}\n", path.display()) }
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

fn output(spec: &Spec, s: &Solution, request: &Request, asked_minimal: bool) -> Result<Output> {
    let mut json = json!({
        "solvable": s.solvable,
        "press_count": s.press_count.map_or(Value::Null, Value::from),
        "minimal": s.minimal,
    });
    let mut text = verdict(s.solvable, s.press_count.unwrap_or(0), s.minimal, asked_minimal, spec.states);
    if request.first_row {
        let row = s.first_row.as_ref().map(Lights::to_text).unwrap_or_default();
        json["first_row"] = Value::from(row.trim_end());
        if !row.is_empty() {
            text.push_str("first row of presses:\n");
            text.push_str(&row);
        }
    }
    let shown = s.presses.as_ref().or(s.witness.as_ref());
    if let (Some((format, path)), Some(lights)) = (&request.out, shown) {
        write_lights(path, *format, lights)?;
        json["out"] = Value::from(path.display().to_string());
        let what = if s.presses.is_some() { "presses" } else { "quiet pattern" };
        text.push_str(&format!("{what} written to {}\n", path.display()));
    } else if request.prints_presses() {
        match (&s.presses, &s.witness) {
            (Some(x), _) => {
                json["presses"] = Value::Array(press_list(x)?);
                text.push_str("presses (counts per light):\n");
                text.push_str(&x.to_text());
            }
            (None, w) => {
                json["presses"] = Value::Array(Vec::new());
                if let Some(w) = w {
                    text.push_str("quiet pattern (pressing it changes nothing):\n");
                    text.push_str(&w.to_text());
                }
            }
        }
    }
    Ok(Output { json, text })
}

/// `[row, col]` of every press, repeated as often as the light is pressed.
fn press_list(presses: &Lights) -> Result<Vec<Value>> {
    let spec = presses.spec();
    let counts = presses.cells(1, 0, spec.rows)?;
    Ok(Game::moves_of(spec, &counts).iter().map(|m| json!([m.row, m.col])).collect())
}
