//! Why only powers of two: in a strategy every even board is one flip from n odd boards that
//! name the n squares once each, so each square is named by exactly 2^(n−1)/n even boards
//! (and as many odd ones). With n = 2^a · m, m odd, that is 2^(n−1−a)/m: a whole number only
//! when m = 1.

use crate::{bail, Result};
use serde::Serialize;

/// Largest n the argument is written out for.
pub const MAX_WHY_SQUARES: usize = 1 << 20;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Why {
    pub squares: usize,
    pub power_of_two: bool,
    /// n = 2^a · m with m odd.
    pub a: u32,
    pub m: usize,
    /// Even boards each square would need: 2^(n−1−a)/m, written out.
    pub per_square: String,
    pub explanation: String,
}

pub fn why(n: usize) -> Result<Why> {
    if n == 0 || n > MAX_WHY_SQUARES {
        bail!("choose 1 to {MAX_WHY_SQUARES} squares, not {n}");
    }
    let a = n.trailing_zeros();
    let m = n >> a;
    let e = n - 1 - a as usize;
    let power = if e < 20 { (1u64 << e).to_string() } else { format!("2^{e}") };
    let per_square = if m == 1 { power.clone() } else { format!("{power}/{m}") };
    let explanation = if m == 1 {
        format!(
            "{n} is a power of two: each square is named by 2^{}/{n} = {power} of the 2^{} even boards (and as many odd ones), a whole number, and strategies exist",
            n - 1,
            n - 1
        )
    } else {
        format!(
            "from each odd board the {n} flips must name the {n} squares once each, so each square is named by exactly 2^{}/{n} = {per_square} even boards — not a whole number, since {n} has the odd factor {m}: no strategy exists",
            n - 1
        )
    };
    Ok(Why { squares: n, power_of_two: m == 1, a, m, per_square, explanation })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_exactly_for_powers_of_two() {
        for n in 1..=200usize {
            let w = why(n).unwrap();
            // Independent check: n divides 2^(n-1) exactly when n is a power of two.
            let divides = (0..n - 1).fold(1u128 % n as u128, |acc, _| acc * 2 % n as u128) == 0 || n == 1;
            assert_eq!(w.power_of_two, divides, "n = {n}");
        }
        assert_eq!(why(6).unwrap().per_square, "16/3");
        assert_eq!(why(100).unwrap().per_square, "2^97/25");
        assert!(why(0).is_err());
    }
}
