//! The coset strategy of a perfect code (the source text's construction): with the code C of
//! length n − 1 on squares 1..n, a board x names square 0 when x without coin 0 is a
//! codeword, and otherwise the square i whose flip turns it into one. More generally, for any
//! set Z of boards that every board touches exactly once by a single flip (a colour class of
//! any strategy), x names the square i such that x XOR e_d XOR e_i is in Z — d is the
//! "deleted" square, 0 in the source.

use crate::codes::Code;
use crate::devil::lab::lookup::{LookupTable, MAX_TABLE_SQUARES};
use crate::{bail, Result};

/// The coset strategy of zero set `zero` with deleted square `deleted`, as a table.
pub fn of_zero_set(squares: usize, zero: &dyn Fn(u64) -> bool, deleted: usize) -> Result<LookupTable> {
    if squares == 0 || squares > MAX_TABLE_SQUARES {
        bail!("coset strategies are built for 1 to {MAX_TABLE_SQUARES} squares, not {squares}");
    }
    if deleted >= squares {
        bail!("the deleted square {deleted} is off the board");
    }
    let mut colours = Vec::with_capacity(1 << squares);
    for x in 0..1u64 << squares {
        let base = x ^ (1 << deleted);
        let mut found = (0..squares).filter(|&i| zero(base ^ (1 << i)));
        match (found.next(), found.next()) {
            (Some(i), None) => colours.push(i as u16),
            (None, _) => {
                bail!("not a perfect code: no board one flip from board {base} is in the set")
            }
            (Some(_), Some(_)) => {
                bail!("not a perfect code: board {base} is one flip from two boards of the set")
            }
        }
    }
    LookupTable::new(squares, colours, "coset")
}

/// The coset strategy of a perfect code of length n − 1 (codeword bit j = square j + 1).
pub fn of_code(code: &Code) -> Result<LookupTable> {
    let n = code.length() + 1;
    if !n.is_power_of_two() || n > MAX_TABLE_SQUARES {
        bail!(
            "a code of length {} gives a board of {n} squares; coset strategies here need 2, 4, 8 or 16",
            code.length()
        );
    }
    of_zero_set(n, &|x| code.contains(x >> 1), 0)
}

/// The coset strategy of the zero set of `colours` (the boards naming square 0).
pub fn of_strategy_zero_set(table: &LookupTable) -> Result<LookupTable> {
    of_zero_set(table.squares(), &|x| table.colour(x) == 0, 0)
}

/// Whether `table` is, up to renaming the squares it names, the coset strategy of one of its
/// own colour classes with some deleted square — the only candidates, since a coset
/// strategy's class 0 is its zero set. Returns the matching (class, deleted square), if any.
pub fn as_coset_strategy(table: &LookupTable) -> Option<(usize, usize)> {
    let n = table.squares();
    for class in 0..n {
        for deleted in 0..n {
            let Ok(coset) = of_zero_set(n, &|x| table.colour(x) == class, deleted) else {
                continue;
            };
            if same_partition(table.colours(), coset.colours()) {
                return Some((class, deleted));
            }
        }
    }
    None
}

/// Whether two colourings differ only by renaming the colours.
fn same_partition(a: &[u16], b: &[u16]) -> bool {
    const NONE: u16 = u16::MAX;
    let mut map = [NONE; MAX_TABLE_SQUARES];
    let mut back = [NONE; MAX_TABLE_SQUARES];
    a.iter().zip(b).all(|(&x, &y)| {
        let (x, y) = (x.min(15), y.min(15));
        let ok =
            (map[x as usize] == NONE || map[x as usize] == y) && (back[y as usize] == NONE || back[y as usize] == x);
        map[x as usize] = y;
        back[y as usize] = x;
        ok
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codes::hamming;
    use crate::devil::rules::strategy::xor_of_bits;

    #[test]
    fn coset_of_hamming_is_xor() {
        for r in 1..=4u32 {
            let n = 1usize << r;
            let code = if r == 1 { Code::new(1, [0]).unwrap() } else { hamming::code(r).unwrap() };
            let t = of_code(&code).unwrap();
            for x in 0..1u64 << n {
                assert_eq!(t.colour(x), xor_of_bits(x), "n = {n}");
            }
        }
    }

    #[test]
    fn non_perfect_sets_are_refused() {
        let not_perfect = Code::new(3, [0]).unwrap();
        assert!(of_code(&not_perfect).unwrap_err().message().contains("not a perfect code"));
        let twice = Code::new(3, [0, 1]).unwrap();
        assert!(of_code(&twice).is_err());
        assert!(of_code(&Code::new(2, [0]).unwrap()).is_err());
    }
}
