//! `chessboard-puzzles lights-out …`

use super::files::{check_out, write_file};
use super::{read_file, Output};
use crate::lights::board::pattern_io::Format;
use crate::lights::solvers::chase::table;
use crate::lights::solvers::large::{self, unsolvable_reason};
use crate::lights::{rank, Game, Lights, Rule, Solution, SolveRequest, Spec, MAX_SIDE};
use crate::progress::NoProgress;
use crate::{bail, Result};
use clap::{Args, Subcommand};
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::io::BufReader;
use std::path::{Path, PathBuf};

/// The board, with the same options and the same meaning for every `lights-out` command. A
/// command that cannot use one refuses it (see [`misused`]), never ignores it.
#[derive(Args)]
pub struct BoardArgs {
    /// Rows of a grid (with --cols); a pattern gives its own size.
    #[arg(long)]
    pub rows: Option<usize>,
    #[arg(long)]
    pub cols: Option<usize>,
    /// Every light on (a grid needs --rows and --cols).
    #[arg(long, conflicts_with_all = ["pattern", "pattern_file"])]
    pub all_on: bool,
    /// The lights: for a grid, rows of digits 0..k−1 separated by '/' or newlines, e.g.
    /// 010/111/010; for a --preset or --graph, one character a light in the game's order.
    #[arg(long, conflicts_with = "pattern_file")]
    pub pattern: Option<String>,
    /// The lights from a file: as --pattern, or a PBM image (P1 or P4; black = on) for a grid
    /// of two states.
    #[arg(long)]
    pub pattern_file: Option<PathBuf>,
    #[command(flatten)]
    pub shape: super::lights_graph::ShapeArgs,
    /// Which lights a press changes on a grid: plus (classic), neighbours, x or king.
    #[arg(long, default_value = "plus", value_parser = parse_rule, conflicts_with_all = ["preset", "graph", "stencil"])]
    pub rule: Rule,
    /// Wrap a grid around its edges (as --edges torus).
    #[arg(long, conflicts_with_all = ["preset", "graph"])]
    pub torus: bool,
    /// A grid's light states k, 2 to 9 (a press adds 1 mod k); up to 255 with --stencil or --edges.
    #[arg(long, default_value_t = 2, conflicts_with_all = ["preset", "graph"])]
    pub states: u8,
}

fn parse_rule(s: &str) -> std::result::Result<Rule, String> {
    Rule::parse(s).map_err(|e| e.to_string())
}

impl BoardArgs {
    /// Whether the lights are given (rather than only the board's shape).
    fn has_lights(&self) -> bool {
        self.all_on || self.pattern.is_some() || self.pattern_file.is_some()
    }
}

/// What is wrong with `command`'s board options, as one line (exit status 2): a board missing,
/// or an option the command cannot use, and why.
pub fn misused(command: &Command) -> Option<String> {
    const ANY_BOARD: &str = "--rows and --cols, a --pattern, --preset NAME or --graph FILE";
    let sized = |b: &BoardArgs| b.rows.is_some() && b.cols.is_some() || b.shape.preset.is_some();
    let has_board =
        |b: &BoardArgs| sized(b) || b.pattern.is_some() || b.pattern_file.is_some() || b.shape.graph.is_some();
    // The command's name, whether its board is given (and if not, how to give it), and the
    // options it cannot use: (option, given, why).
    type Refusals<'a> = &'a [(&'a str, bool, &'a str)];
    let (name, board_given, how, why_not): (&str, bool, &str, Refusals) = match command {
        Command::Nullity { board } => ("nullity", has_board(board), ANY_BOARD, &[]),
        Command::Table { board } => (
            "table",
            has_board(board),
            ANY_BOARD,
            &[
                ("--graph", board.shape.graph.is_some(), "light chasing runs down a grid's rows"),
                ("--stencil", board.shape.stencil.is_some(), "light chasing needs the plus or neighbours rule"),
            ],
        ),
        Command::Random { board, .. } => (
            "random",
            sized(board),
            "--rows and --cols, or --preset NAME",
            &[
                ("--pattern", board.pattern.is_some(), "it makes the lights"),
                ("--pattern-file", board.pattern_file.is_some(), "it makes the lights"),
                ("--all-on", board.all_on, "it makes the lights"),
                ("--graph", board.shape.graph.is_some(), "it makes the page's games, and a graph file is not one"),
            ],
        ),
        Command::Link { board, .. } => (
            "link",
            true,
            "",
            &[("--graph", board.shape.graph.is_some(), "a link holds the page's games, and a graph file is not one")],
        ),
        Command::Open { board, .. } => {
            let given = board.rows.is_some()
                || board.cols.is_some()
                || board.has_lights()
                || board.shape.is_used()
                || board.torus
                || board.rule != Rule::Plus
                || board.states != 2;
            ("open", true, "", &[("board options", given, "the link holds the board")])
        }
        Command::Solve { .. } => return None,
    };
    if let Some((option, _, why)) = why_not.iter().find(|(_, given, _)| *given) {
        return Some(format!("lights-out {name} takes no {option}: {why}"));
    }
    (!board_given).then(|| format!("lights-out {name} needs the board: {how}"))
}

#[derive(Subcommand)]
pub enum Command {
    /// Print the nullity and rank of the board's press matrix (a pattern gives only the size).
    Nullity {
        #[command(flatten)]
        board: BoardArgs,
    },
    /// Solve a pattern: print the presses (row, column from the top-left, 0-based).
    Solve {
        #[command(flatten)]
        board: BoardArgs,
        /// Search for the fewest presses (proven when the nullity is at most 24).
        #[arg(long, conflicts_with = "first_row")]
        minimal: bool,
        /// Leave the list of presses out (for huge boards).
        #[arg(long)]
        summary: bool,
        /// Print only the first row of presses: chasing the lights row by row from it presses the rest.
        #[arg(long, conflicts_with_all = ["preset", "graph", "stencil", "edges", "lit_only"])]
        first_row: bool,
        /// Write the presses (or the quiet pattern proving the board unsolvable) to FILE, streaming.
        #[arg(long, conflicts_with_all = ["first_row", "preset", "graph", "stencil", "edges", "lit_only"])]
        out: Option<PathBuf>,
        /// The --out format: digits, pbm (P4, 8 lights a byte) or plain-pbm (P1); default by the
        /// file name (.pbm → pbm, else digits).
        #[arg(long, requires = "out", value_parser = parse_format)]
        format: Option<Format>,
        /// Only a lit light may be pressed (the Deluxe's lit-only games): the fewest presses in a
        /// legal order, by a search over all states up to 25 lights; beyond (up to 128), by a
        /// deepening search when no quiet pattern exists (both Deluxe boards), else only when the
        /// usual game's fewest presses can be put in a legal order.
        #[arg(long)]
        lit_only: bool,
    },
    /// Print the light-chasing fix-up table: last row left after chasing → first-row presses
    /// (a grid; a pattern gives only the size).
    Table {
        #[command(flatten)]
        board: BoardArgs,
    },
    /// Print the share-link fragment (`lights/v2/…`) of a random puzzle, or of given lights
    /// (with --seed too: the seed's puzzle edited into these lights).
    Link {
        #[command(flatten)]
        board: BoardArgs,
        #[command(flatten)]
        link: super::links::LightsLinkArgs,
    },
    /// Print the lights of a share link as a pattern file (--json: size, rule, seed, moves too).
    Open {
        #[command(flatten)]
        open: super::links::OpenArgs,
        #[command(flatten)]
        board: BoardArgs,
    },
    /// Print a random solvable pattern (reproducible with --seed).
    Random {
        #[command(flatten)]
        board: BoardArgs,
        #[arg(long)]
        seed: Option<u64>,
        /// Write the pattern to FILE instead (for classic boards of any size).
        #[arg(long, conflicts_with_all = ["preset", "stencil", "edges"])]
        out: Option<PathBuf>,
        /// The --out format: digits, pbm or plain-pbm; default by the file name.
        #[arg(long, requires = "out", value_parser = parse_format)]
        format: Option<Format>,
    },
}

fn parse_format(s: &str) -> std::result::Result<Format, String> {
    Format::parse(s).map_err(|e| e.to_string())
}

fn spec(rows: usize, cols: usize, board: &BoardArgs) -> Spec {
    Spec { rows, cols, rule: board.rule, torus: board.torus, states: board.states }
}

/// The plain grid the options name: --rows and --cols, or the size of the pattern (read as
/// `solve` reads it).
fn grid_spec(board: &BoardArgs) -> Result<Spec> {
    let (None, None) = (&board.pattern, &board.pattern_file) else {
        let source = Source::new(false, board.pattern.clone(), board.pattern_file.clone())?;
        let request = Request { summary: true, first_row: false, out: None };
        let lights =
            read_lights(&source, board, &request, &SolveRequest { minimal: false, presses: false, quiet: false })?;
        return Ok(*lights.spec());
    };
    let (Some(rows), Some(cols)) = (board.rows, board.cols) else {
        bail!("give the board: --rows and --cols, a --pattern, --preset NAME or --graph FILE");
    };
    Ok(spec(rows, cols, board))
}

pub fn run(cmd: Command) -> Result<Output> {
    match cmd {
        Command::Link { board, link } => super::links::lights_link(board, link),
        Command::Open { open, .. } => super::links::lights_open(&open.fragment()?),
        Command::Nullity { board } if board.shape.is_used() => super::lights_graph::nullity(&board),
        Command::Nullity { board } => {
            // `rank` checks the sizes: classic boards go far beyond 4096 by polynomials.
            let spec = grid_spec(&board)?;
            let r = rank(&spec, &mut NoProgress)?;
            let (rows, cols) = (spec.rows, spec.cols);
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
        Command::Solve { board, minimal, summary, first_row, out, format, lit_only } => {
            if board.shape.is_used() || lit_only {
                return super::lights_graph::solve(&board, lit_only, summary);
            }
            let source = Source::new(board.all_on, board.pattern.clone(), board.pattern_file.clone())?;
            let request = Request { summary, first_row, out: out.map(|p| (format.unwrap_or(Format::for_path(&p)), p)) };
            if let Some((_, path)) = &request.out {
                check_out(path)?;
            }
            // The quiet patterns are not printed: the core may solve classic boards packed.
            let options = SolveRequest { minimal, presses: request.wants_presses(), quiet: false };
            let lights = read_lights(&source, &board, &request, &options)?;
            let spec = *lights.spec();
            request.check(spec.rows, spec.cols)?;
            let s = lights.solve(&options, &mut NoProgress)?;
            output(&spec, &s, &request, minimal)
        }
        Command::Table { board } => {
            let spec = match board.shape.is_used() {
                true => super::lights_graph::grid_spec(&board, "the fix-up table")?,
                false => grid_spec(&board)?,
            };
            spec.check()?;
            let t = table(&spec)?;
            let bits = |v: &[u8]| v.iter().map(|&b| char::from(b'0' + b)).collect::<String>();
            let mut text = String::from("leftover on last row -> press on first row\n");
            let mut rows_json = Vec::new();
            for row in &t {
                let press = row.press.as_ref().map(|p| bits(p));
                let _ = writeln!(text, "{} -> {}", bits(&row.leftover), press.as_deref().unwrap_or("unsolvable"));
                rows_json.push(json!({"leftover": bits(&row.leftover), "press": press}));
            }
            Ok(Output { json: json!({"rows": spec.rows, "cols": spec.cols, "table": rows_json}), text })
        }
        Command::Random { board, seed, .. } if board.shape.is_used() => {
            let seed = seed.unwrap_or_else(crate::seed::fresh_seed);
            super::lights_graph::random(&board, seed)
        }
        Command::Random { board, seed, out, format } => {
            if let Some(path) = &out {
                check_out(path)?;
            }
            let seed = seed.unwrap_or_else(crate::seed::fresh_seed);
            let (Some(rows), Some(cols)) = (board.rows, board.cols) else {
                bail!("give the size with --rows and --cols, or a game with --preset NAME");
            };
            let lights = Lights::random(&spec(rows, cols, &board), seed)?;
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
fn read_lights(source: &Source, board: &BoardArgs, request: &Request, options: &SolveRequest) -> Result<Lights> {
    let (rows, cols) = (board.rows, board.cols);
    let (rule, torus, states) = (board.rule, board.torus, board.states);
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
