//! The one board the faces (page, Worker, command line) hold: [`Lights`], with one press, one
//! apply, one lit count, one reader and writer, one random draw and one solve returning one
//! [`Solution`]. Inside, a board is packed bits ([`PackedBoard`], 64 lights a word) when it is a
//! classic board (bounded, two states, plus or neighbours: any size), else a byte a light
//! ([`Board`], sides up to [`MAX_SIDE`]). The kind decides, never the caller, and each form
//! goes to its own fast solver underneath.

use crate::lights::algebra::gf2::xor_into;
use crate::lights::board::packed::{apply, row_operator, PackedBoard};
use crate::lights::board::pattern_io::{read_pattern, write_pattern, Format};
use crate::lights::board::{Board, Rule, Spec, MAX_SIDE};
use crate::lights::game::{check_on_board, random_board, Move};
use crate::lights::solvers::large::{self, random_packed, solve_packed, PackedSolution};
use crate::lights::solvers::solve::{self, Method};
use crate::progress::Progress;
use crate::{bail, Error, Result};
use std::borrow::Cow;
use std::io::{BufRead, Write};

/// A board of lights: its spec and the lights, in the form the core chose for its size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lights {
    form: Form,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Form {
    /// One byte a light: every other rule, edge and number of states, sides up to [`MAX_SIDE`].
    Bytes(Board),
    /// Packed bits: classic boards (bounded, two states, plus or neighbours), any size.
    Packed(Spec, PackedBoard),
}

/// What a solve is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveRequest {
    /// Search the solutions for the fewest presses (proven when the nullity is at most 24).
    pub minimal: bool,
    /// Every press; without, only the first row and the count (chasing presses the rest).
    pub presses: bool,
    /// A basis of the quiet patterns (the page's gallery); without, classic boards are solved
    /// packed, which returns none.
    pub quiet: bool,
}

/// What solving a board found, whichever solver ran. Presses, quiet patterns and the witness
/// are boards of the same size.
#[derive(Debug, Clone)]
pub struct Solution {
    pub solvable: bool,
    /// Presses per light (0..k−1), when solvable and asked for.
    pub presses: Option<Lights>,
    /// The first row of presses (a one-row board), when solvable.
    pub first_row: Option<Lights>,
    /// How many presses the solution has, when solvable.
    pub press_count: Option<u64>,
    /// Proven to use the fewest presses of all solutions.
    pub minimal: bool,
    /// rows·cols − nullity.
    pub rank: u64,
    pub nullity: usize,
    /// log2 of the number of quiet patterns.
    pub quiet_log2: f64,
    /// A basis of the quiet patterns (at most [`solve::MAX_QUIET_SHOWN`]; none when solved packed).
    pub quiet: Vec<Lights>,
    /// For an unsolvable board: a quiet pattern whose overlap with the lights is not 0 mod k.
    pub witness: Option<Lights>,
    pub method: Method,
}

impl Lights {
    /// Whether boards of `spec` are held packed: the classic boards.
    fn packs(spec: &Spec) -> bool {
        large::applies_to(spec)
    }

    /// Whether `spec` is beyond the byte-a-light solvers and draws: a side beyond [`MAX_SIDE`].
    fn beyond_bytes(spec: &Spec) -> bool {
        spec.rows.max(spec.cols) > MAX_SIDE
    }

    /// The lights of a byte-a-light board, packed when its kind is.
    pub fn from_board(board: Board) -> Result<Lights> {
        if Lights::packs(&board.spec) {
            let bits = PackedBoard::from_board(&board)?;
            return Ok(Lights { form: Form::Packed(board.spec, bits) });
        }
        Ok(Lights { form: Form::Bytes(board) })
    }

    /// Every light in state `state` (0 = all off, 1 = all on).
    pub fn filled(spec: &Spec, state: u8) -> Result<Lights> {
        if Lights::packs(spec) {
            let bits = match state {
                0 => PackedBoard::zeros(spec.rows, spec.cols)?,
                1 => PackedBoard::all_on(spec.rows, spec.cols)?,
                _ => bail!("lights have 2 states, so a light is 0 or 1, not {state}"),
            };
            return Ok(Lights { form: Form::Packed(*spec, bits) });
        }
        spec.check()?;
        if state >= spec.states {
            bail!("a light is in state {state}, but lights have only {} states", spec.states);
        }
        Board::from_lights(*spec, vec![state; spec.cells()]).and_then(Lights::from_board)
    }

    /// A random solvable puzzle: every light pressed a uniformly random number of times, so
    /// every solvable pattern is equally likely. Beyond [`MAX_SIDE`] the presses are drawn 64 a
    /// word, so those boards draw differently from the others for the same seed.
    pub fn random(spec: &Spec, seed: u64) -> Result<Lights> {
        if Lights::packs(spec) && Lights::beyond_bytes(spec) {
            let bits = random_packed(spec.rows, spec.cols, spec.rule, seed)?;
            return Ok(Lights { form: Form::Packed(*spec, bits) });
        }
        random_board(spec, seed).and_then(Lights::from_board)
    }

    /// Two-state lights read as packed bits, held in the form their size calls for.
    pub fn from_bits(bits: PackedBoard, rule: Rule, torus: bool) -> Result<Lights> {
        let spec = Spec { rows: bits.rows, cols: bits.cols, rule, torus, states: 2 };
        if Lights::packs(&spec) {
            Ok(Lights { form: Form::Packed(spec, bits) })
        } else {
            bits.to_board(rule, torus).and_then(Lights::from_board)
        }
    }

    /// Reads a pattern: rows of digits `0`..`k−1` (newlines or `/` between rows), or for two
    /// states PBM (`P1` or `P4`), streamed into packed bits. Its rows and columns come from
    /// the input.
    pub fn read(mut input: impl BufRead, rule: Rule, torus: bool, states: u8) -> Result<Lights> {
        if states == 2 {
            return Lights::from_bits(read_pattern(input)?, rule, torus);
        }
        let mut bytes = Vec::new();
        input.read_to_end(&mut bytes).map_err(|e| Error::new(format!("cannot read the pattern: {e}")))?;
        let text =
            std::str::from_utf8(&bytes).map_err(|_| Error::new("the pattern is not text: rows of digits 0 to k−1"))?;
        Lights::read_text(text, rule, torus, states)
    }

    /// Reads a pattern given as text (see [`Lights::read`]).
    pub fn read_text(text: &str, rule: Rule, torus: bool, states: u8) -> Result<Lights> {
        if states == 2 {
            return Lights::from_bits(read_pattern(text.as_bytes())?, rule, torus);
        }
        Board::parse(text, rule, torus, states).and_then(Lights::from_board)
    }

    /// Refuses a format that cannot hold these lights (PBM holds two states).
    pub fn check_format(&self, format: Format) -> Result<()> {
        if self.spec().states > 2 && format != Format::Digits {
            bail!("PBM holds two states; write {} states as digits", self.spec().states);
        }
        Ok(())
    }

    /// Writes the lights in `format`, streaming (see [`Lights::check_format`] first: more than
    /// two states are written as digits whatever `format` says).
    pub fn write(&self, format: Format, out: &mut dyn Write) -> std::io::Result<()> {
        match &self.form {
            Form::Packed(_, bits) => write_pattern(bits, format, &mut &mut *out),
            Form::Bytes(board) if board.spec.states == 2 => {
                let bits = PackedBoard::from_board(board).map_err(|e| std::io::Error::other(e.to_string()))?;
                write_pattern(&bits, format, &mut &mut *out)
            }
            Form::Bytes(board) => out.write_all(board.to_text().as_bytes()),
        }
    }

    /// Rows of digits, one row a line.
    pub fn to_text(&self) -> String {
        match &self.form {
            Form::Bytes(board) => board.to_text(),
            Form::Packed(_, bits) => {
                let mut out = Vec::new();
                // Writing to memory cannot fail.
                let _ = write_pattern(bits, Format::Digits, &mut out);
                String::from_utf8(out).unwrap_or_default()
            }
        }
    }

    /// The lights as a file a person saves: `(name, bytes)`. Digits for byte boards (the name
    /// says the rule, edges and states, which the file does not hold), raw PBM for packed ones
    /// (1 bit a light, what any image viewer and `lights-out solve --pattern-file` read).
    pub fn file(&self) -> (String, Vec<u8>) {
        match &self.form {
            Form::Packed(spec, bits) if Lights::beyond_bytes(spec) => {
                let mut bytes = Vec::new();
                let _ = write_pattern(bits, Format::Pbm, &mut bytes);
                (format!("lights-{}x{}-{}.pbm", spec.rows, spec.cols, spec.rule.name()), bytes)
            }
            _ => (self.spec().file_name(), self.to_text().into_bytes()),
        }
    }

    pub fn spec(&self) -> &Spec {
        match &self.form {
            Form::Bytes(board) => &board.spec,
            Form::Packed(spec, _) => spec,
        }
    }

    /// The byte-a-light board, for what only those have (links, light chasing); None beyond
    /// [`MAX_SIDE`].
    pub fn to_board(&self) -> Option<Cow<'_, Board>> {
        match &self.form {
            Form::Bytes(board) => Some(Cow::Borrowed(board)),
            Form::Packed(spec, _) if Lights::beyond_bytes(spec) => None,
            Form::Packed(spec, bits) => bits.to_board(spec.rule, spec.torus).ok().map(Cow::Owned),
        }
    }

    /// The state of light (r, c); must be on the board.
    pub fn get(&self, r: usize, c: usize) -> u8 {
        match &self.form {
            Form::Bytes(board) => board.get(r, c),
            Form::Packed(_, bits) => u8::from(bits.get(r, c)),
        }
    }

    /// How many lights are on (in any state but 0): the player's count; 0 is a dark board.
    pub fn lit(&self) -> u64 {
        match &self.form {
            Form::Bytes(board) => board.lit() as u64,
            Form::Packed(_, bits) => bits.count_ones(),
        }
    }

    /// The first light that is on, row by row (a hint's press), or None on a dark board.
    pub fn first_on(&self) -> Option<(usize, usize)> {
        let cols = self.spec().cols;
        match &self.form {
            Form::Bytes(board) => board.lights.iter().position(|&v| v != 0).map(|i| (i / cols, i % cols)),
            Form::Packed(_, bits) => {
                let w = bits.words_per_row();
                let j = bits.words().iter().position(|&x| x != 0)?;
                Some((j / w, (j % w) * 64 + bits.words()[j].trailing_zeros() as usize))
            }
        }
    }

    /// How many lights are on in both boards.
    pub fn overlap(&self, other: &Lights) -> u64 {
        match (&self.form, &other.form) {
            (Form::Packed(_, a), Form::Packed(_, b)) => a.overlap_count(b),
            (Form::Bytes(a), Form::Bytes(b)) => {
                a.lights.iter().zip(&b.lights).filter(|&(&x, &y)| x != 0 && y != 0).count() as u64
            }
            _ => 0,
        }
    }

    /// Presses (r, c) `times` times (k presses of a k-state light change nothing); a press off
    /// the board is an error and changes nothing.
    pub fn press(&mut self, r: usize, c: usize, times: u32) -> Result<()> {
        let spec = *self.spec();
        check_on_board(&spec, &Move::press(r, c))?;
        let times = times % u32::from(spec.states);
        match &mut self.form {
            Form::Bytes(board) => (0..times).for_each(|_| board.press(r, c)),
            Form::Packed(spec, bits) => {
                for _ in 0..times {
                    bits.press(spec.rule, r, c)?;
                }
            }
        }
        Ok(())
    }

    /// Adds `times` to light (r, c) alone, mod k: an edit of the pattern, not a press.
    pub fn change(&mut self, r: usize, c: usize, times: u32) -> Result<()> {
        let spec = *self.spec();
        check_on_board(&spec, &Move::press(r, c))?;
        let times = (times % u32::from(spec.states)) as u8;
        match &mut self.form {
            Form::Bytes(board) => {
                let i = spec.index(r, c);
                board.lights[i] = (board.lights[i] + times) % spec.states;
            }
            Form::Packed(_, bits) => {
                if times == 1 {
                    bits.flip(r, c);
                }
            }
        }
        Ok(())
    }

    /// Presses row `from + i` of the board as row `i` of `counts` (`cols` counts a row) says,
    /// each count `times` over: a block of a solution's rows, as the step bar walks it. Packed
    /// rows are pressed a word at a time (L x on the row, x on its neighbours): a light at a
    /// time, the 200 steps of an 8192² solution took 1.4 s.
    pub fn press_rows(&mut self, from: usize, counts: &[u8], times: u32) -> Result<()> {
        let spec = *self.spec();
        if !counts.len().is_multiple_of(spec.cols.max(1)) || from + counts.len() / spec.cols.max(1) > spec.rows {
            bail!("a block of presses for another board");
        }
        match &mut self.form {
            Form::Packed(spec, bits) if times % 2 == 1 => {
                let (w, mask, plus) = (bits.words_per_row(), bits.last_word_mask(), spec.rule == Rule::Plus);
                let (mut x, mut lx) = (vec![0u64; w], vec![0u64; w]);
                for (i, row) in counts.chunks(spec.cols).enumerate() {
                    x.fill(0);
                    for (c, &n) in row.iter().enumerate() {
                        x[c / 64] |= u64::from(n & 1) << (c % 64);
                    }
                    let r = from + i;
                    row_operator(&x, &mut lx, plus, mask);
                    xor_into(bits.row_mut(r), &lx);
                    if r > 0 {
                        xor_into(bits.row_mut(r - 1), &x);
                    }
                    if r + 1 < spec.rows {
                        xor_into(bits.row_mut(r + 1), &x);
                    }
                }
            }
            Form::Packed(..) => {}
            Form::Bytes(_) => {
                for (i, &n) in counts.iter().enumerate() {
                    let n = u32::from(n) * times % u32::from(spec.states);
                    if n > 0 {
                        self.press(from + i / spec.cols, i % spec.cols, n)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Presses every light as often as `presses` says (a whole solution at once).
    pub fn apply(&mut self, presses: &Lights) -> Result<()> {
        let (a, b) = (self.spec(), presses.spec());
        if (a.rows, a.cols, a.states) != (b.rows, b.cols, b.states) {
            bail!("presses for a {}×{} board, not this {}×{} one", b.rows, b.cols, a.rows, a.cols);
        }
        match (&mut self.form, &presses.form) {
            (Form::Bytes(board), Form::Bytes(p)) => board.apply_presses(&p.lights),
            (Form::Packed(spec, bits), Form::Packed(_, p)) => apply(bits, p, spec.rule == Rule::Plus)?,
            _ => bail!("the presses are held in another form than the lights"),
        }
        Ok(())
    }

    /// The lights of rows `from..to` for drawing, a byte for each square of `block`×`block`
    /// lights: with `block` 1 the state of each light, else how many of the square's lights are
    /// on (at most 15×15, so it fits a byte). The last square of a row or column may be smaller.
    pub fn cells(&self, block: usize, from: usize, to: usize) -> Result<Vec<u8>> {
        let spec = self.spec();
        if !(1..=15).contains(&block) {
            bail!("a drawn square holds 1 to 15 lights a side, not {block}");
        }
        if from > to || to > spec.rows {
            bail!("rows {from} to {to} are not rows of the {}-row board", spec.rows);
        }
        let width = spec.cols.div_ceil(block);
        let height = to.div_ceil(block) - from / block;
        let mut out = vec![0u8; width * height];
        for r in from..to {
            let line = &mut out[(r / block - from / block) * width..][..width];
            match &self.form {
                Form::Bytes(board) => {
                    let row = &board.lights[r * spec.cols..(r + 1) * spec.cols];
                    if block == 1 {
                        line.copy_from_slice(row);
                    } else {
                        for (c, &v) in row.iter().enumerate() {
                            line[c / block] += u8::from(v != 0);
                        }
                    }
                }
                Form::Packed(_, bits) if 64 % block == 0 => {
                    // Whole squares in a word: count them a group of bits at a time.
                    let mask = (1u64 << block) - 1;
                    for (j, &word) in bits.row(r).iter().enumerate() {
                        let mut w = word;
                        let mut c = j * 64;
                        while w != 0 {
                            line[c / block] += (w & mask).count_ones() as u8;
                            w >>= block;
                            c += block;
                        }
                    }
                }
                Form::Packed(_, bits) => {
                    for c in 0..spec.cols {
                        line[c / block] += u8::from(bits.get(r, c));
                    }
                }
            }
        }
        Ok(out)
    }

    /// Whether [`Lights::solve`] solves `spec` packed, asked `options`: classic boards beyond
    /// [`MAX_SIDE`], and the others when neither the fewest presses nor the quiet patterns
    /// are asked for (those come from [`solve::solve`], a byte a light).
    fn solves_packed(spec: &Spec, options: &SolveRequest) -> bool {
        large::applies_to(spec) && (Lights::beyond_bytes(spec) || !(options.minimal || options.quiet))
    }

    /// Refuses, before the lights are made, a solve of `spec` whose memory the system will not
    /// give (an all-on board of 100,000² lights, say).
    pub fn check_solve_memory(spec: &Spec, options: &SolveRequest) -> Result<()> {
        if Lights::solves_packed(spec, options) {
            large::check_solve_memory(spec.rows, spec.cols, options.presses)?;
        }
        Ok(())
    }

    /// Solves, every answer checked by simulating its presses: the packed classic solver (any
    /// size, one solution of many, no quiet patterns, the fewest presses not searched) or
    /// [`solve::solve`] (every rule, edge and number of states).
    pub fn solve(&self, options: &SolveRequest, progress: &mut dyn Progress) -> Result<Solution> {
        let spec = *self.spec();
        if let (Form::Packed(_, bits), true) = (&self.form, Lights::solves_packed(&spec, options)) {
            return Lights::from_packed_solution(&spec, solve_packed(bits, spec.rule, options.presses, progress)?);
        }
        let Some(board) = self.to_board() else {
            bail!("internal error: a board beyond {MAX_SIDE} reached the byte-a-light solvers (please report)");
        };
        let s = solve::solve(&board, options.minimal, progress)?;
        let on = |v: Vec<u8>| Board::from_lights(spec, v).and_then(Lights::from_board);
        let first_row = match &s.presses {
            Some(x) => {
                Some(Lights::from_board(Board::from_lights(Spec { rows: 1, ..spec }, x[..spec.cols].to_vec())?)?)
            }
            None => None,
        };
        Ok(Solution {
            solvable: s.solvable,
            first_row,
            press_count: s.solvable.then_some(s.press_count),
            minimal: s.minimal,
            rank: s.rank as u64,
            nullity: s.nullity,
            quiet_log2: s.quiet_log2,
            quiet: s.quiet.into_iter().map(on).collect::<Result<_>>()?,
            witness: s.witness.map(on).transpose()?,
            presses: s.presses.map(on).transpose()?,
            method: s.method,
        })
    }

    fn from_packed_solution(spec: &Spec, s: PackedSolution) -> Result<Solution> {
        let on = |bits: PackedBoard| Lights::from_bits(bits, spec.rule, spec.torus);
        Ok(Solution {
            solvable: s.first_row.is_some(),
            minimal: s.first_row.is_some() && s.nullity == 0,
            press_count: s.press_count,
            rank: s.rank,
            nullity: s.nullity,
            quiet_log2: s.nullity as f64,
            quiet: Vec::new(),
            first_row: s.first_row.map(on).transpose()?,
            presses: s.presses.map(on).transpose()?,
            witness: s.witness.map(on).transpose()?,
            method: Method::Polynomial,
        })
    }

    /// The lights as bytes for a face to hold and hand back unread (the board's own form: a
    /// byte a light, or the packed words' little-endian bytes).
    pub fn to_data(&self) -> Vec<u8> {
        match &self.form {
            Form::Bytes(board) => board.lights.clone(),
            Form::Packed(_, bits) => bits.words().iter().flat_map(|w| w.to_le_bytes()).collect(),
        }
    }

    /// Lights from [`Lights::to_data`]'s bytes, checked: their number, states and padding.
    pub fn from_data(spec: &Spec, data: &[u8]) -> Result<Lights> {
        if Lights::packs(spec) {
            if !data.len().is_multiple_of(8) {
                bail!("{} bytes are not whole words of a packed {}×{} board", data.len(), spec.rows, spec.cols);
            }
            let words = data.chunks(8).map(|b| u64::from_le_bytes(b.try_into().unwrap_or_default())).collect();
            return Ok(Lights { form: Form::Packed(*spec, PackedBoard::from_words(spec.rows, spec.cols, words)?) });
        }
        Board::from_lights(*spec, data.to_vec()).and_then(Lights::from_board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::NoProgress;

    const ALL: SolveRequest = SolveRequest { minimal: false, presses: true, quiet: true };

    /// Light (r, c) after pressing every light of `presses` as often as it says, counted one
    /// press at a time from the rule's offsets (an independent simulation).
    fn simulate(spec: &Spec, lights: &[u8], presses: &[u8]) -> Vec<u8> {
        let mut out = lights.to_vec();
        let mut aff = Vec::new();
        for (i, &p) in presses.iter().enumerate() {
            spec.affected(i / spec.cols, i % spec.cols, &mut aff);
            for &j in &aff {
                out[j] = ((u32::from(out[j]) + u32::from(p)) % u32::from(spec.states)) as u8;
            }
        }
        out
    }

    fn bytes(l: &Lights) -> Vec<u8> {
        let s = l.spec();
        (0..s.rows * s.cols).map(|i| l.get(i / s.cols, i % s.cols)).collect()
    }

    #[test]
    fn the_form_follows_the_size_and_kind() {
        let big = Spec::classic(3, MAX_SIDE + 1);
        assert!(Lights::filled(&big, 1).unwrap().to_board().is_none());
        assert!(Lights::filled(&Spec::classic(3, MAX_SIDE), 1).unwrap().to_board().is_some());
        let king = Spec { rule: Rule::King, ..big };
        assert!(Lights::filled(&king, 1).unwrap_err().message().contains("1 to 4096 columns"));
        assert_eq!(Lights::filled(&big, 1).unwrap().lit(), 3 * 4097);
        assert!(Lights::filled(&big, 2).is_err());
    }

    #[test]
    fn presses_edits_and_data_agree_in_both_forms() {
        for cols in [70, MAX_SIDE + 3] {
            let spec = Spec { rule: Rule::Neighbours, ..Spec::classic(3, cols) };
            let mut lights = Lights::random(&spec, 5).unwrap();
            let before = bytes(&lights);
            lights.press(1, cols - 1, 3).unwrap();
            let mut presses = vec![0u8; 3 * cols];
            presses[cols + cols - 1] = 1;
            assert_eq!(bytes(&lights), simulate(&spec, &before, &presses), "{cols}");
            lights.change(2, 0, 1).unwrap();
            assert_eq!(lights.get(2, 0), 1 - before[2 * cols]);
            assert_eq!(lights.press(3, 0, 1).unwrap_err().message(), format!("(3, 0) is off the 3×{cols} board"));
            let back = Lights::from_data(&spec, &lights.to_data()).unwrap();
            assert_eq!(back, lights);
            assert_eq!(lights.lit(), bytes(&lights).iter().filter(|&&v| v != 0).count() as u64);
            let first = bytes(&lights).iter().position(|&v| v != 0).map(|i| (i / cols, i % cols));
            assert_eq!(lights.first_on(), first);
            assert_eq!(Lights::filled(&spec, 0).unwrap().first_on(), None);
        }
        let mut k = Lights::filled(&Spec { states: 5, ..Spec::classic(2, 2) }, 0).unwrap();
        k.change(0, 1, 7).unwrap();
        assert_eq!(bytes(&k), vec![0, 2, 0, 0]);
        assert!(Lights::from_data(&Spec::classic(2, 2), &[0, 1, 2, 0]).is_err());
        assert!(Lights::from_data(&Spec::classic(2, MAX_SIDE + 1), &[0; 7]).is_err());
    }

    #[test]
    fn a_block_of_rows_presses_as_its_lights_one_at_a_time() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let specs = [
            Spec::classic(7, 70),
            Spec { rule: Rule::Neighbours, ..Spec::classic(6, 129) },
            Spec::classic(4, MAX_SIDE + 5),
            Spec { states: 3, ..Spec::classic(5, 6) },
        ];
        for spec in specs {
            for (from, rows) in [(0, 1), (0, spec.rows), (2, 2), (spec.rows - 2, 2)] {
                let lights = Lights::random(&spec, 4).unwrap();
                let counts: Vec<u8> = (0..rows * spec.cols).map(|_| rng.random_range(0..spec.states * 2)).collect();
                for times in [1, u32::from(spec.states) - 1] {
                    let mut pressed = lights.clone();
                    pressed.press_rows(from, &counts, times).unwrap();
                    let mut presses = vec![0u8; spec.rows * spec.cols];
                    for (i, &n) in counts.iter().enumerate() {
                        presses[from * spec.cols + i] = ((u32::from(n) * times) % u32::from(spec.states)) as u8;
                    }
                    assert_eq!(
                        bytes(&pressed),
                        simulate(&spec, &bytes(&lights), &presses),
                        "{spec:?} rows {from}+{rows}"
                    );
                }
            }
            let mut lights = Lights::random(&spec, 4).unwrap();
            let before = lights.clone();
            assert!(lights.press_rows(spec.rows - 1, &vec![1; 2 * spec.cols], 1).is_err(), "past the last row");
            assert!(lights.press_rows(0, &[1; 4], 1).is_err(), "not whole rows");
            assert_eq!(lights, before, "a refused block changes nothing");
        }
    }

    #[test]
    fn drawn_squares_count_the_lights_on() {
        for (rows, cols) in [(9, 70), (9, MAX_SIDE + 1)] {
            let spec = Spec::classic(rows, cols);
            let lights = Lights::random(&spec, 11).unwrap();
            let all = bytes(&lights);
            for block in [1, 3, 4] {
                let got = lights.cells(block, 4, 9).unwrap();
                let width = cols.div_ceil(block);
                let mut want = vec![0u8; width * (9usize.div_ceil(block) - 4 / block)];
                for r in 4..9 {
                    for c in 0..cols {
                        if block == 1 {
                            want[(r - 4) * width + c] = all[r * cols + c];
                        } else {
                            want[(r / block - 4 / block) * width + c / block] += all[r * cols + c];
                        }
                    }
                }
                assert_eq!(got, want, "{rows}×{cols} block {block}");
            }
        }
        assert!(Lights::filled(&Spec::classic(2, 2), 0).unwrap().cells(1, 1, 3).is_err());
    }

    #[test]
    fn one_solve_for_both_forms_and_every_kind() {
        let specs = [
            Spec::classic(6, 9),
            Spec { rule: Rule::King, torus: true, states: 3, ..Spec::classic(5, 5) },
            Spec::classic(5, MAX_SIDE + 2),
        ];
        for spec in specs {
            let lights = Lights::random(&spec, 3).unwrap();
            for options in [ALL, SolveRequest { quiet: false, ..ALL }, SolveRequest { minimal: true, ..ALL }] {
                let s = lights.solve(&options, &mut NoProgress).unwrap();
                let presses = s.presses.as_ref().expect("random boards are solvable");
                let mut after = lights.clone();
                after.apply(presses).unwrap();
                assert_eq!(after.lit(), 0, "{spec:?} {options:?}");
                let x = bytes(presses);
                assert!(simulate(&spec, &bytes(&lights), &x).iter().all(|&v| v == 0));
                assert_eq!(s.press_count, Some(x.iter().map(|&v| u64::from(v)).sum()));
                assert_eq!(bytes(s.first_row.as_ref().unwrap()), x[..spec.cols]);
            }
        }
        // Unsolvable: the 5×5 classic board with one corner lit; its witness overlaps oddly.
        let mut lights = Lights::filled(&Spec::classic(5, 5), 0).unwrap();
        lights.change(0, 0, 1).unwrap();
        for options in [ALL, SolveRequest { quiet: false, presses: false, ..ALL }] {
            let s = lights.solve(&options, &mut NoProgress).unwrap();
            assert!(!s.solvable && s.presses.is_none() && s.press_count.is_none());
            assert_eq!(s.witness.unwrap().overlap(&lights) % 2, 1);
            assert_eq!((s.nullity, s.rank), (2, 23));
        }
    }

    #[test]
    fn files_round_trip_in_both_forms() {
        for spec in [Spec::classic(3, 5), Spec { states: 4, ..Spec::classic(3, 5) }, Spec::classic(2, MAX_SIDE + 1)] {
            let lights = Lights::random(&spec, 8).unwrap();
            for format in [Format::Digits, Format::Pbm, Format::PlainPbm] {
                if lights.check_format(format).is_err() {
                    assert!(spec.states > 2 && format != Format::Digits);
                    continue;
                }
                let mut out = Vec::new();
                lights.write(format, &mut out).unwrap();
                assert_eq!(Lights::read(&out[..], spec.rule, spec.torus, spec.states).unwrap(), lights);
            }
            let (name, data) = lights.file();
            assert_eq!(Lights::read(&data[..], spec.rule, spec.torus, spec.states).unwrap(), lights, "{name}");
        }
    }
}
