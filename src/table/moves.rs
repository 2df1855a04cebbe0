//! A move names, for each position at the table, how much to turn the coin there (for
//! two-sided coins: whether to flip it). The text form, used by strategy files and the CLI,
//! is one move a line: the positions to flip (`0 2`), or `position:amount` for σ > 2, or `-`
//! for a move that touches nothing.

use super::params::Params;
use crate::{bail, Result};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    /// Amount added at each position, mod σ (length N).
    pub amounts: Vec<u8>,
}

impl Move {
    pub fn new(params: &Params, amounts: Vec<u8>) -> Result<Move> {
        if amounts.len() != params.coins {
            bail!("a move names {} positions, the table has {}", amounts.len(), params.coins);
        }
        if let Some(&a) = amounts.iter().find(|&&a| a >= params.sides) {
            bail!("a move adds {a}, but coins have only {} sides", params.sides);
        }
        Ok(Move { amounts })
    }

    /// The move flipping these positions (σ = 2) or adding 1 at them.
    pub fn flips(params: &Params, positions: &[usize]) -> Result<Move> {
        let mut amounts = vec![0u8; params.coins];
        for &p in positions {
            if p >= params.coins {
                bail!("position {p} is not at the table (0 to {})", params.coins - 1);
            }
            amounts[p] = (amounts[p] + 1) % params.sides;
        }
        Ok(Move { amounts })
    }

    /// The positions that change.
    pub fn positions(&self) -> Vec<usize> {
        (0..self.amounts.len()).filter(|&i| self.amounts[i] != 0).collect()
    }

    /// One line of text (see the module doc).
    pub fn to_line(&self, sides: u8) -> String {
        let parts: Vec<String> = self
            .positions()
            .into_iter()
            .map(|p| if sides == 2 { p.to_string() } else { format!("{p}:{}", self.amounts[p]) })
            .collect();
        if parts.is_empty() {
            "-".to_string()
        } else {
            parts.join(" ")
        }
    }

    /// The notebook's letters for two-sided coins: F flips, L leaves alone (`FLFL`).
    pub fn to_letters(&self) -> String {
        self.amounts.iter().map(|&a| if a == 0 { 'L' } else { 'F' }).collect()
    }

    /// Reads one line of text.
    pub fn parse_line(params: &Params, line: &str) -> Result<Move> {
        let line = line.trim();
        let mut amounts = vec![0u8; params.coins];
        if line == "-" {
            return Ok(Move { amounts });
        }
        for word in line.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()) {
            let (pos, amount) = match word.split_once(':') {
                Some((p, a)) => (p, a),
                None => (word, "1"),
            };
            let Ok(p) = pos.parse::<usize>() else {
                bail!("'{word}' is not a position (a number from 0 to {})", params.coins - 1);
            };
            let Ok(a) = amount.parse::<u8>() else {
                bail!("'{word}' has no amount from 0 to {}", params.sides - 1);
            };
            if p >= params.coins {
                bail!("position {p} is not at the table (0 to {})", params.coins - 1);
            }
            if a >= params.sides {
                bail!("'{word}' adds {a}, but coins have only {} sides", params.sides);
            }
            if amounts[p] != 0 {
                bail!("position {p} is named twice in one move");
            }
            amounts[p] = a;
        }
        Ok(Move { amounts })
    }
}

/// Reads a strategy file: one move a line; blank lines and lines starting with `#` are skipped.
/// Errors name the line.
pub fn parse_strategy(params: &Params, text: &str) -> Result<Vec<Move>> {
    let mut moves = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        match Move::parse_line(params, trimmed) {
            Ok(m) => moves.push(m),
            Err(e) => bail!("line {}: {e}", number + 1),
        }
    }
    if moves.is_empty() {
        bail!("the strategy has no moves");
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn lines_round_trip() {
        let p = Params::new(4, 2).unwrap();
        let m = Move::flips(&p, &[0, 2]).unwrap();
        assert_eq!(m.to_line(2), "0 2");
        assert_eq!(m.to_letters(), "FLFL");
        assert_eq!(Move::parse_line(&p, "0 2").unwrap(), m);
        assert_eq!(Move::parse_line(&p, "-").unwrap().positions(), Vec::<usize>::new());
        let p3 = Params::new(3, 3).unwrap();
        let m3 = Move::new(&p3, vec![2, 0, 1]).unwrap();
        assert_eq!(m3.to_line(3), "0:2 2:1");
        assert_eq!(Move::parse_line(&p3, "0:2 2:1").unwrap(), m3);
    }

    #[test]
    fn bad_lines_are_one_line_errors() {
        let p = Params::new(4, 2).unwrap();
        assert!(Move::parse_line(&p, "4").unwrap_err().message().contains("position 4"));
        assert!(Move::parse_line(&p, "x").is_err());
        assert!(Move::parse_line(&p, "0:2").is_err());
        assert!(Move::parse_line(&p, "1 1").unwrap_err().message().contains("twice"));
        let err = parse_strategy(&p, "0 1\n\n# c\n9\n").unwrap_err();
        assert!(err.message().starts_with("line 4:"), "{err}");
        assert!(parse_strategy(&p, "# nothing\n").is_err());
        assert!(Move::new(&p, vec![0, 1]).is_err());
    }

    proptest! {
        #[test]
        fn parsing_random_text_never_panics(text in "\\PC{0,40}") {
            let p = Params::new(5, 3).unwrap();
            let _ = parse_strategy(&p, &text);
        }

        #[test]
        fn any_move_round_trips(amounts in proptest::collection::vec(0u8..4, 1..20)) {
            let p = Params::new(amounts.len(), 4).unwrap();
            let m = Move::new(&p, amounts).unwrap();
            prop_assert_eq!(Move::parse_line(&p, &m.to_line(4)).unwrap(), m);
        }
    }
}
