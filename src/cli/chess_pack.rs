//! `chess pack` and `chess unpack`: a PGN games database to a pack file and back, streaming
//! (a block of games at a time, each block coded on all cores and written as it is done), with
//! a progress bar when standard error is a terminal. The format is `crate::chess::pack`.

use super::files::{check_out, open_input, write_file};
use super::{Output, Reply};
use crate::chess::pack::{self, PackedGame};
use crate::chess::rules::pgn::parse_annotated;
use crate::{Error, Result};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::json;
use std::io::{BufRead, BufReader, IsTerminal, Read, Write};
use std::path::Path;

/// Exit status of a pack that left some games out (each named on standard error).
pub const EXIT_SOME_REFUSED: i32 = 4;

/// PGN text gathered before a block is coded: a few megabytes keep memory flat and give the
/// tag columns enough games to compress well.
const BLOCK_TEXT_BYTES: usize = 4 << 20;

/// A game the pack could not take: its number in the file and why.
struct Refusal {
    game: u64,
    reason: String,
}

pub fn pack(pgn: &Path, out: &Path) -> Result<Reply> {
    check_out(out)?;
    let input = open_input(pgn)?;
    let size = input.metadata().map(|m| m.len()).unwrap_or(0);
    let mut blocks = Segments { input: BufReader::new(input), line: 0, pending: None, path: pgn };
    let bar = progress(size, "packing");
    let (mut games, mut refused, mut bytes) = (0u64, Vec::<Refusal>::new(), 0u64);
    let mut failure: Option<Error> = None;
    write_file(out, |w| {
        let mut w = Counting { inner: w, bytes: 0 };
        pack::write_header(&mut w)?;
        loop {
            let segments = match blocks.next_block() {
                Ok(Some(s)) => s,
                Ok(None) => break,
                Err(e) => return Err(stop(&mut failure, e)),
            };
            let read: u64 = segments.iter().map(|s| s.bytes).sum();
            // Parse and code every game of the block on all cores; order is kept.
            let coded: Vec<Vec<(u64, Result<PackedGame>)>> = segments
                .par_iter()
                .map(|s| match parse_annotated(&s.text, s.first_line) {
                    Ok(gs) => gs.into_iter().map(|g| (s.first_line as u64, g.and_then(pack::pack_game))).collect(),
                    Err(e) => vec![(s.first_line as u64, Err(e))],
                })
                .collect();
            let mut block = Vec::new();
            for (line, g) in coded.into_iter().flatten() {
                games += 1;
                match g {
                    Ok(g) => block.push(g),
                    Err(e) => {
                        let reason = e.message().trim_start_matches("PGN ").to_string();
                        let reason =
                            if reason.starts_with("line ") { reason } else { format!("line {line}: {reason}") };
                        bar.suspend(|| eprintln!("refused: game {games}, {reason}"));
                        refused.push(Refusal { game: games, reason });
                    }
                }
            }
            if !block.is_empty() {
                w.write_all(&pack::block_bytes(&block)?)?;
            }
            bar.inc(read);
        }
        if games == 0 {
            return Err(stop(&mut failure, Error::new(format!("no game found in {}", pgn.display()))));
        }
        pack::write_end(&mut w, games - refused.len() as u64)?;
        bytes = w.bytes;
        Ok(())
    })
    .map_err(|e| failure.take().unwrap_or(e))?;
    bar.finish_and_clear();
    let packed = games - refused.len() as u64;
    let mut text = format!("packed {packed} game{} into {} ({bytes} bytes)", plural(packed), out.display());
    if !refused.is_empty() {
        text += &format!("; {} refused (listed above)", refused.len());
    }
    let refused_json: Vec<_> = refused.iter().map(|r| json!({"game": r.game, "reason": r.reason})).collect();
    Ok(Reply {
        output: Output { json: json!({"games": packed, "bytes": bytes, "refused": refused_json}), text },
        status: if refused.is_empty() { 0 } else { EXIT_SOME_REFUSED },
        then_write: None,
    })
}

pub fn unpack(file: &Path, out: Option<&Path>) -> Result<Reply> {
    if let Some(out) = out {
        check_out(out)?;
    }
    let input = open_input(file)?;
    let size = input.metadata().map(|m| m.len()).unwrap_or(0);
    let mut reader = pack::Reader::new(Progressed { inner: BufReader::new(input), bar: progress(size, "unpacking") })
        .map_err(|e| named(file, e))?;
    let mut failure: Option<Error> = None;
    let mut games = 0u64;
    let mut write = |w: &mut dyn Write| -> std::io::Result<()> {
        loop {
            let block = match reader.next_block() {
                Ok(Some(b)) => b,
                Ok(None) => return Ok(()),
                Err(e) => return Err(stop(&mut failure, named(file, e))),
            };
            let texts: Vec<String> = block.par_iter().map(|g| g.to_pgn()).collect();
            for t in texts {
                if games > 0 {
                    w.write_all(b"\n")?;
                }
                w.write_all(t.as_bytes())?;
                games += 1;
            }
        }
    };
    let done = match out {
        Some(out) => write_file(out, &mut write),
        None => {
            let mut stdout = std::io::stdout().lock();
            write(&mut stdout)
                .and_then(|()| stdout.flush())
                .map_err(|e| Error::new(format!("cannot write to standard output: {e}")))
        }
    };
    done.map_err(|e| failure.take().unwrap_or(e))?;
    let (text, json) = match out {
        Some(out) => {
            (format!("unpacked {games} game{} into {}", plural(games), out.display()), json!({"games": games}))
        }
        // The games went to standard output; nothing is added to them.
        None => (String::new(), json!({"games": games})),
    };
    Ok(Output { json, text }.into())
}

fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Keeps the first error of the work inside a file write, which only passes `io::Error` on.
fn stop(failure: &mut Option<Error>, e: Error) -> std::io::Error {
    let err = std::io::Error::other(e.message().to_string());
    *failure = Some(e);
    err
}

fn named(file: &Path, e: Error) -> Error {
    Error::new(format!("{}: {}", file.display(), e.message()))
}

/// A progress bar over `total` bytes of input, drawn only when standard error is a terminal.
fn progress(total: u64, what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    if let Ok(style) =
        ProgressStyle::with_template(&format!("{what} {{bar:40}} {{bytes}}/{{total_bytes}} {{elapsed}} (eta {{eta}})"))
    {
        bar.set_style(style);
    }
    bar
}

/// The pack file as read, moving the bar along.
struct Progressed<R> {
    inner: R,
    bar: ProgressBar,
}

impl<R: Read> Read for Progressed<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bar.inc(n as u64);
        if n == 0 {
            self.bar.finish_and_clear();
        }
        Ok(n)
    }
}

/// The output, counting its bytes.
struct Counting<'a> {
    inner: &'a mut dyn Write,
    bytes: u64,
}

impl Write for Counting<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// The text of one or more games, cut where a tag line follows moves (where a game starts), with
/// the line it starts on.
struct Segment {
    text: String,
    first_line: usize,
    bytes: u64,
}

/// Cuts a PGN file into [`Segment`]s line by line, without tokenizing it: a line that starts
/// with `[` outside any comment or variation, after lines of moves, starts a game. The parser
/// then reads each segment on its own, so one game's error refuses that game only.
struct Segments<'a, R> {
    input: R,
    /// Lines read so far.
    line: usize,
    /// The line that started the next segment, read while finishing the last block.
    pending: Option<String>,
    path: &'a Path,
}

impl<R: BufRead> Segments<'_, R> {
    /// Segments of about [`BLOCK_TEXT_BYTES`] of text in all; None at the end of the file.
    fn next_block(&mut self) -> Result<Option<Vec<Segment>>> {
        let mut block: Vec<Segment> = Vec::new();
        let mut size = 0;
        let mut seg = Segment { text: String::new(), first_line: self.line + 1, bytes: 0 };
        let (mut in_brace, mut depth, mut moves_seen) = (false, 0usize, false);
        if let Some(l) = self.pending.take() {
            seg.first_line = self.line;
            seg.bytes = l.len() as u64;
            seg.text = l;
        }
        let mut buf = Vec::new();
        loop {
            buf.clear();
            let n = self
                .input
                .read_until(b'\n', &mut buf)
                .map_err(|e| Error::new(format!("cannot read {}: {e}", self.path.display())))?;
            if n == 0 {
                break;
            }
            self.line += 1;
            let line = String::from_utf8(std::mem::take(&mut buf)).map_err(|_| {
                Error::new(format!(
                    "{} line {} is not UTF-8 text (convert the file first, e.g. iconv -f latin1 -t utf-8)",
                    self.path.display(),
                    self.line
                ))
            })?;
            // A byte order mark, which some editors write, is not part of the first line's text.
            let line =
                if self.line == 1 { line.strip_prefix('\u{feff}').map(str::to_string).unwrap_or(line) } else { line };
            let trimmed = line.trim_start();
            if !in_brace && depth == 0 && trimmed.starts_with('[') {
                if moves_seen && !seg.text.is_empty() {
                    size += seg.text.len();
                    let next = Segment { text: String::new(), first_line: self.line, bytes: 0 };
                    block.push(std::mem::replace(&mut seg, next));
                    moves_seen = false;
                    if size >= BLOCK_TEXT_BYTES {
                        self.pending = Some(line);
                        return Ok(Some(block));
                    }
                }
            } else {
                moves_seen |= scan(trimmed, &mut in_brace, &mut depth);
            }
            seg.bytes += line.len() as u64;
            seg.text.push_str(&line);
            buf = line.into_bytes();
        }
        if !seg.text.trim().is_empty() {
            block.push(seg);
        } else if let Some(last) = block.last_mut() {
            last.bytes += seg.bytes;
        }
        Ok(if block.is_empty() { None } else { Some(block) })
    }
}

/// Follows comments and variations through one line of movetext, as the tokenizer reads them;
/// whether the line holds anything but comments (a game's moves or result).
fn scan(line: &str, in_brace: &mut bool, depth: &mut usize) -> bool {
    if !*in_brace && line.starts_with('%') {
        return false;
    }
    let mut moves = false;
    for c in line.chars() {
        match (c, *in_brace) {
            ('}', true) => *in_brace = false,
            (_, true) => {}
            ('{', false) => *in_brace = true,
            (';', false) => break,
            ('(', false) => *depth += 1,
            (')', false) => *depth = depth.saturating_sub(1),
            (c, false) => moves |= !c.is_whitespace(),
        }
    }
    moves
}
