//! A Lights Out board: its size, rule, edges and number of light states, the lights, and what a
//! press does. Every solver is checked against [`Board::press`], the one place the rule lives.

pub mod packed;
pub mod pattern_io;

use crate::{bail, Result};
use serde::{Deserialize, Serialize};

/// Largest side the playground offers.
pub const MAX_SIDE: usize = 4096;

/// Which lights a press changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// The classic rule: the pressed light and its four orthogonal neighbours.
    Plus,
    /// The four orthogonal neighbours only; the pressed light stays.
    Neighbours,
    /// The pressed light and its four diagonal neighbours.
    X,
    /// The pressed light and all eight around it.
    King,
}

impl Rule {
    pub const ALL: [Rule; 4] = [Rule::Plus, Rule::Neighbours, Rule::X, Rule::King];

    pub fn name(self) -> &'static str {
        match self {
            Rule::Plus => "plus",
            Rule::Neighbours => "neighbours",
            Rule::X => "x",
            Rule::King => "king",
        }
    }

    pub fn parse(text: &str) -> Result<Rule> {
        match text.trim().to_ascii_lowercase().as_str() {
            "plus" | "classic" => Ok(Rule::Plus),
            "neighbours" | "neighbors" => Ok(Rule::Neighbours),
            "x" => Ok(Rule::X),
            "king" => Ok(Rule::King),
            other => bail!("unknown rule '{other}': expected plus, neighbours, x or king"),
        }
    }

    /// Offsets (row, column) of the lights a press changes.
    pub fn offsets(self) -> &'static [(i32, i32)] {
        match self {
            Rule::Plus => &[(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)],
            Rule::Neighbours => &[(-1, 0), (1, 0), (0, -1), (0, 1)],
            Rule::X => &[(0, 0), (-1, -1), (-1, 1), (1, -1), (1, 1)],
            Rule::King => &[(0, 0), (-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)],
        }
    }

    /// Whether a press on row r+1 changes exactly the light above it on row r, so that light
    /// chasing (clear row r by pressing row r+1) works.
    pub fn chases(self) -> bool {
        matches!(self, Rule::Plus | Rule::Neighbours)
    }

    /// Whether the pressed light itself changes.
    pub fn includes_self(self) -> bool {
        !matches!(self, Rule::Neighbours)
    }
}

/// What chooses a board: size, rule, edges, states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Spec {
    pub rows: usize,
    pub cols: usize,
    pub rule: Rule,
    /// Wrap around the edges (a press on the left edge changes lights on the right edge).
    pub torus: bool,
    /// Number of light states k (2 = on/off); a press adds 1 mod k.
    pub states: u8,
}

impl Spec {
    /// The name a pattern file of this board is saved under: it says the rule, edges and states.
    pub fn file_name(&self) -> String {
        let torus = if self.torus { "-torus" } else { "" };
        format!("lights-{}x{}-{}{torus}-{}states.txt", self.rows, self.cols, self.rule.name(), self.states)
    }

    /// The classic board: plus rule, bounded, two states.
    pub fn classic(rows: usize, cols: usize) -> Spec {
        Spec { rows, cols, rule: Rule::Plus, torus: false, states: 2 }
    }

    /// Checks sizes and states, with a message naming the bad value.
    pub fn check(&self) -> Result<()> {
        for (name, v) in [("rows", self.rows), ("columns", self.cols)] {
            if v == 0 || v > MAX_SIDE {
                bail!("a board has 1 to {MAX_SIDE} {name}, not {v}");
            }
        }
        if !(2..=9).contains(&self.states) {
            bail!("lights have 2 to 9 states, not {}", self.states);
        }
        Ok(())
    }

    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    pub fn index(&self, r: usize, c: usize) -> usize {
        r * self.cols + c
    }

    /// The distinct cells a press on (r, c) changes, in ascending order. On a torus narrower
    /// than three, two offsets can land on the same light: it changes once, not twice.
    pub fn affected(&self, r: usize, c: usize, out: &mut Vec<usize>) {
        out.clear();
        let (m, n) = (self.rows as i64, self.cols as i64);
        for &(dr, dc) in self.rule.offsets() {
            let (mut rr, mut cc) = (r as i64 + dr as i64, c as i64 + dc as i64);
            if self.torus {
                rr = rr.rem_euclid(m);
                cc = cc.rem_euclid(n);
            } else if rr < 0 || rr >= m || cc < 0 || cc >= n {
                continue;
            }
            out.push((rr * n + cc) as usize);
        }
        out.sort_unstable();
        out.dedup();
    }
}

/// The lights of a board, row by row from the top-left; each light is 0 (off) to k−1.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    pub spec: Spec,
    pub lights: Vec<u8>,
}

impl Board {
    /// All lights off.
    pub fn new(spec: Spec) -> Result<Board> {
        spec.check()?;
        Ok(Board { spec, lights: vec![0; spec.cells()] })
    }

    /// All lights on (state 1).
    pub fn all_on(spec: Spec) -> Result<Board> {
        spec.check()?;
        Ok(Board { spec, lights: vec![1; spec.cells()] })
    }

    pub fn from_lights(spec: Spec, lights: Vec<u8>) -> Result<Board> {
        spec.check()?;
        if lights.len() != spec.cells() {
            bail!("{} lights given for a {}×{} board", lights.len(), spec.rows, spec.cols);
        }
        if let Some(&v) = lights.iter().find(|&&v| v >= spec.states) {
            bail!("a light is in state {v}, but lights have only {} states", spec.states);
        }
        Ok(Board { spec, lights })
    }

    /// Reads rows of digits `0`..`k−1` separated by newlines or `/`; spaces and blank lines
    /// are ignored. The size comes from the text and must match `spec` where `spec` gives it.
    pub fn parse(text: &str, rule: Rule, torus: bool, states: u8) -> Result<Board> {
        let rows: Vec<&str> =
            text.split(['\n', '/']).map(|r| r.trim_end_matches('\r')).filter(|r| !r.trim().is_empty()).collect();
        if rows.is_empty() {
            bail!("the pattern is empty: give rows of 0/1 separated by newlines or '/'");
        }
        let mut lights = Vec::new();
        let mut cols = None;
        for (i, row) in rows.iter().enumerate() {
            let mut len = 0;
            for ch in row.chars().filter(|ch| !ch.is_whitespace()) {
                let Some(v) = ch.to_digit(10).filter(|&v| v < u32::from(states)) else {
                    bail!("row {} has '{ch}': lights are digits 0 to {} here", i + 1, states - 1);
                };
                lights.push(v as u8);
                len += 1;
            }
            match cols {
                None => cols = Some(len),
                Some(c) if c != len => {
                    bail!("row {} has {len} lights, but row 1 has {c}", i + 1)
                }
                _ => {}
            }
        }
        let spec = Spec { rows: rows.len(), cols: cols.unwrap_or(0), rule, torus, states };
        Board::from_lights(spec, lights)
    }

    /// Rows of digits, one per line.
    pub fn to_text(&self) -> String {
        let mut s = String::with_capacity(self.lights.len() + self.spec.rows);
        for row in self.lights.chunks(self.spec.cols) {
            s.extend(row.iter().map(|&v| char::from(b'0' + v)));
            s.push('\n');
        }
        s
    }

    pub fn get(&self, r: usize, c: usize) -> u8 {
        self.lights[self.spec.index(r, c)]
    }

    /// Presses (r, c) once: every affected light goes up by one, mod k.
    pub fn press(&mut self, r: usize, c: usize) {
        self.press_times(r, c, 1, &mut Vec::new());
    }

    fn press_times(&mut self, r: usize, c: usize, times: u8, scratch: &mut Vec<usize>) {
        let spec = self.spec;
        let k = spec.states;
        if spec.torus && (spec.rows < 3 || spec.cols < 3) {
            // Offsets may coincide: go through the deduplicated list.
            spec.affected(r, c, scratch);
            for &i in scratch.iter() {
                self.lights[i] = (self.lights[i] + times) % k;
            }
            return;
        }
        let (m, n) = (spec.rows as i64, spec.cols as i64);
        for &(dr, dc) in spec.rule.offsets() {
            let (mut rr, mut cc) = (r as i64 + dr as i64, c as i64 + dc as i64);
            if spec.torus {
                rr = (rr + m) % m;
                cc = (cc + n) % n;
            } else if rr < 0 || rr >= m || cc < 0 || cc >= n {
                continue;
            }
            let i = (rr * n + cc) as usize;
            let v = self.lights[i] + times;
            self.lights[i] = if v >= k { v - k } else { v };
        }
    }

    /// Applies a press-count grid (one count per cell, taken mod k).
    pub fn apply_presses(&mut self, presses: &[u8]) {
        let mut scratch = Vec::with_capacity(9);
        let k = self.spec.states;
        for (i, &p) in presses.iter().enumerate() {
            if p % k != 0 {
                self.press_times(i / self.spec.cols, i % self.spec.cols, p % k, &mut scratch);
            }
        }
    }

    pub fn is_dark(&self) -> bool {
        self.lights.iter().all(|&v| v == 0)
    }

    /// How many lights are on (in any state but 0): the count a player sees.
    pub fn lit(&self) -> usize {
        self.lights.iter().filter(|&&v| v != 0).count()
    }

    /// Whether pressing `presses` turns every light off: the check every solver's answer passes.
    pub fn cleared_by(&self, presses: &[u8]) -> bool {
        let mut b = self.clone();
        b.apply_presses(presses);
        b.is_dark()
    }
}

/// The board's values transposed (m×n → n×m).
pub(crate) fn transpose(values: &[u8], m: usize, n: usize) -> Vec<u8> {
    let mut out = vec![0u8; m * n];
    for r in 0..m {
        for c in 0..n {
            out[c * m + r] = values[r * n + c];
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn parsing_any_text_never_panics(text in "[0-9/\n a-z]{0,60}", states in 2u8..10) {
            if let Ok(b) = Board::parse(&text, Rule::Plus, false, states) {
                prop_assert_eq!(b.lights.len(), b.spec.rows * b.spec.cols);
                prop_assert!(b.lights.iter().all(|&v| v < states));
                prop_assert_eq!(Board::parse(&b.to_text(), Rule::Plus, false, states).unwrap(), b);
            }
        }
    }

    #[test]
    fn parse_and_errors() {
        let b = Board::parse("101/010\n111", Rule::Plus, false, 2).unwrap();
        assert_eq!((b.spec.rows, b.spec.cols), (3, 3));
        assert_eq!(b.lights, vec![1, 0, 1, 0, 1, 0, 1, 1, 1]);
        assert_eq!(b.to_text(), "101\n010\n111\n");
        assert!(Board::parse("102", Rule::Plus, false, 2).unwrap_err().message().contains('2'));
        assert!(Board::parse("10/1", Rule::Plus, false, 2).unwrap_err().message().contains("row 2"));
        assert!(Board::parse("", Rule::Plus, false, 2).is_err());
        assert!(Board::parse("12", Rule::Plus, false, 3).is_ok());
        assert!(Spec { states: 10, ..Spec::classic(2, 2) }.check().is_err());
        assert!(Spec::classic(0, 2).check().is_err());
        assert!(Spec::classic(4097, 2).check().is_err());
    }

    #[test]
    fn presses() {
        let mut b = Board::new(Spec::classic(3, 3)).unwrap();
        b.press(0, 0);
        assert_eq!(b.to_text(), "110\n100\n000\n");
        let mut t = Board::new(Spec { torus: true, ..Spec::classic(3, 3) }).unwrap();
        t.press(0, 0);
        assert_eq!(t.to_text(), "111\n100\n100\n");
        // A 2-wide torus: left and right neighbour are the same light, changed once.
        let mut t2 = Board::new(Spec { torus: true, ..Spec::classic(1, 2) }).unwrap();
        t2.press(0, 0);
        assert_eq!(t2.lights, vec![1, 1]);
        let mut k = Board::new(Spec { rule: Rule::King, states: 3, ..Spec::classic(3, 3) }).unwrap();
        k.press(1, 1);
        k.press(1, 1);
        assert_eq!(k.to_text(), "222\n222\n222\n");
        assert_eq!(k.lit(), 9);
    }

    #[test]
    fn lit_counts_the_lights_that_are_on() {
        let b = Board::parse("1020/0001", Rule::Plus, false, 3).unwrap();
        assert_eq!(b.lit(), 3);
        assert!(!b.is_dark());
        let dark = Board::new(Spec::classic(4, 5)).unwrap();
        assert_eq!((dark.lit(), dark.is_dark()), (0, true));
        assert_eq!(Board::all_on(Spec::classic(4, 5)).unwrap().lit(), 20);
    }
}
