//! The strategy lab's menu: every strategy by name (CLI, page) and by number (share links),
//! built for a board size, with the proof that covers it on boards too big to check.

use crate::codes::vasilev::Fun;
use crate::codes::{hamming, vasilev as vcode, Code};
use crate::devil::lab::lookup::LookupTable;
use crate::devil::lab::vasilev::Vasilev;
use crate::devil::lab::verify::{self, Verdict, MAX_EXHAUSTIVE};
use crate::devil::lab::{coset, search};
use crate::devil::rules::strategy::{Strategy, Xor};
use crate::progress::{NoProgress, Progress};
use crate::{bail, Result};
use serde::{Deserialize, Serialize};

/// Which strategy, before it is built for a size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StrategySpec {
    Xor,
    /// The coset strategy of the Hamming code (`f` = None) or of Vasil'ev's code built from a
    /// Hamming code with `f`.
    Coset(Option<Fun>),
    Vasilev(Fun),
    Search,
    Table(LookupTable),
}

/// The menu as the page lists it: number (share links), name, label.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MenuItem {
    pub number: u8,
    pub strategy: String,
    pub f: Option<String>,
    pub label: String,
}

/// Strategy numbers of share links (0 = xor, as in the foundation's links). Tables are not
/// linkable: they are too big for a link.
const NUMBERED: [(&str, Option<&str>, &str); 9] = [
    ("xor", None, "XOR (Hamming coset)"),
    ("coset", None, "Coset of the Hamming code"),
    ("coset", Some("popcount3"), "Coset of Vasil'ev's code, f = popcount ≥ 3"),
    ("coset", Some("majority"), "Coset of Vasil'ev's code, f = majority"),
    ("vasilev", Some("zero"), "Vasil'ev, f = 0"),
    ("vasilev", Some("popcount3"), "Vasil'ev, f = popcount ≥ 3 (Hamrick's)"),
    ("vasilev", Some("majority"), "Vasil'ev, f = majority"),
    ("vasilev", Some("random"), "Vasil'ev, f = random"),
    ("search", None, "Found by search"),
];

/// The seed of the random f in share links and on the page.
pub const RANDOM_F_SEED: u64 = 1;

pub fn menu() -> Vec<MenuItem> {
    NUMBERED
        .iter()
        .enumerate()
        .map(|(i, (s, f, label))| MenuItem {
            number: i as u8,
            strategy: s.to_string(),
            f: f.map(str::to_string),
            label: label.to_string(),
        })
        .collect()
}

impl StrategySpec {
    /// Reads a strategy name and optional f (`table` needs the table text).
    pub fn parse(name: &str, f: Option<&str>, seed: u64, table: Option<&str>) -> Result<StrategySpec> {
        let fun = |default: &str| Fun::parse(f.unwrap_or(default), seed);
        Ok(match name {
            "xor" => StrategySpec::Xor,
            "coset" => StrategySpec::Coset(f.map(|_| fun("zero")).transpose()?),
            "vasilev" => StrategySpec::Vasilev(fun("popcount3")?),
            "search" => StrategySpec::Search,
            "table" => match table {
                Some(text) => StrategySpec::Table(LookupTable::parse(text, None)?),
                None => bail!("the table strategy needs a table (--table FILE)"),
            },
            _ => bail!("unknown strategy '{name}': choose xor, coset, vasilev, search or table"),
        })
    }

    /// The share-link number, if this strategy has one.
    pub fn number(&self) -> Option<u8> {
        let (name, f) = match self {
            StrategySpec::Xor => ("xor", None),
            StrategySpec::Coset(f) => ("coset", f.map(|f| f.name())),
            StrategySpec::Vasilev(Fun::Random(seed)) if *seed != RANDOM_F_SEED => return None,
            StrategySpec::Vasilev(f) => ("vasilev", Some(f.name())),
            StrategySpec::Search => ("search", None),
            StrategySpec::Table(_) => return None,
        };
        NUMBERED.iter().position(|(s, g, _)| *s == name && *g == f).map(|i| i as u8)
    }

    pub fn from_number(number: u8) -> Result<StrategySpec> {
        let Some((name, f, _)) = NUMBERED.get(usize::from(number)) else {
            bail!("strategy number {number} is not one of the lab's (0 to {})", NUMBERED.len() - 1);
        };
        StrategySpec::parse(name, *f, RANDOM_F_SEED, None)
    }

    pub fn name(&self) -> &'static str {
        match self {
            StrategySpec::Xor => "xor",
            StrategySpec::Coset(_) => "coset",
            StrategySpec::Vasilev(_) => "vasilev",
            StrategySpec::Search => "search",
            StrategySpec::Table(_) => "table",
        }
    }

    /// Builds the strategy for `squares`.
    pub fn build(&self, squares: usize) -> Result<Box<dyn Strategy>> {
        crate::devil::rules::board::check_squares(squares)?;
        Ok(match self {
            StrategySpec::Xor => Box::new(Xor { squares }),
            StrategySpec::Vasilev(f) => Box::new(Vasilev { squares, f: *f }),
            StrategySpec::Coset(None) if squares == 1 => Box::new(LookupTable::new(1, vec![0, 0], "coset")?),
            StrategySpec::Coset(f) => {
                if squares > MAX_EXHAUSTIVE {
                    bail!("coset strategies are built as tables, up to {MAX_EXHAUSTIVE} squares (the Hamming one is the xor strategy at any size)");
                }
                Box::new(coset::of_code(&coset_code(squares, *f)?)?)
            }
            StrategySpec::Search => {
                if squares > search::MAX_SEARCH_SQUARES {
                    bail!("the search runs up to {} squares", search::MAX_SEARCH_SQUARES);
                }
                let out = search::find(squares, &mut NoProgress)?;
                match out.table {
                    Some(t) => Box::new(LookupTable::new(squares, t, "search")?),
                    None => bail!("the search found no strategy for {squares} squares"),
                }
            }
            StrategySpec::Table(t) => {
                if t.squares() != squares {
                    bail!("the table is for {} squares, not {squares}", t.squares());
                }
                Box::new(t.clone())
            }
        })
    }
}

/// The code whose coset strategy plays on `squares`: the Hamming code of length n − 1, or
/// Vasil'ev's code of that length built with `f` from the perfect code of length n/2 − 1.
pub fn coset_code(squares: usize, f: Option<Fun>) -> Result<Code> {
    let perfect = |m: usize| -> Result<Code> {
        if m == 1 {
            Code::new(1, [0])
        } else {
            hamming::code(hamming::r_for_length(m)?)
        }
    };
    match f {
        None if squares == 2 => Code::new(1, [0]),
        None => perfect(squares - 1),
        Some(_) if squares < 4 => bail!("Vasil'ev's code needs at least 4 squares (length 3)"),
        Some(f) => vcode::construct(&perfect(squares / 2 - 1)?, f),
    }
}

/// Verifies `spec` on `squares`: every board up to 16 squares; beyond, by construction for
/// xor and vasilev (whose base of 16 squares is checked on every board first).
pub fn verify(spec: &StrategySpec, squares: usize, seed: u64, progress: &mut dyn Progress) -> Result<Verdict> {
    if let StrategySpec::Table(t) = spec {
        // Tables may be for impossible sizes too: judge them directly. Size 0 = the table's.
        let squares = if squares == 0 { t.squares() } else { squares };
        if t.squares() != squares {
            bail!("the table is for {} squares, not {squares}", t.squares());
        }
        return verify::exhaustive(squares, "table", &|x| t.colour(x), progress);
    }
    let strategy = spec.build(squares)?;
    if squares <= MAX_EXHAUSTIVE {
        return verify::verify(strategy.as_ref(), None, seed, progress);
    }
    let proof = match spec {
        StrategySpec::Xor => Some("valid by construction: flipping square i changes the XOR of the heads' indices by exactly i, so the n flips give the n squares".to_string()),
        StrategySpec::Vasilev(f) => {
            let base = Vasilev { squares: MAX_EXHAUSTIVE, f: *f };
            let v = verify::verify(&base, None, seed, &mut NoProgress)?;
            if !v.valid {
                return Ok(v);
            }
            Some(format!(
                "valid by construction: the half-and-half step turns a valid strategy for n/2 squares into one for n, whatever f is, and the base of {MAX_EXHAUSTIVE} squares was checked on all {} boards",
                v.boards_checked
            ))
        }
        _ => None,
    };
    verify::verify(strategy.as_ref(), proof.as_deref(), seed, progress)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::devil::Board;

    /// Every strategy of the menu, at every power of two up to 16 it supports, checked by the
    /// definition (independently of the verifier) and with A's encoder for every key.
    #[test]
    fn every_menu_strategy_is_valid_up_to_16_squares() {
        for item in menu() {
            let spec = StrategySpec::parse(&item.strategy, item.f.as_deref(), RANDOM_F_SEED, None).unwrap();
            assert_eq!(spec.number(), Some(item.number));
            for k in 0..=4 {
                let n = 1usize << k;
                let Ok(s) = spec.build(n) else {
                    assert!(matches!(spec, StrategySpec::Coset(Some(_))) && n < 4, "{} n = {n}", item.label);
                    continue;
                };
                let boards: Vec<u64> = if n == 16 { (0..1 << 16).step_by(97).collect() } else { (0..1 << n).collect() };
                for &x in &boards {
                    let b = Board::from_bits(n, x).unwrap();
                    for key in 0..n {
                        let flip = s.encode(&b, key).expect("a flip");
                        assert_eq!(s.decode_bits(x ^ (1 << flip)), key, "{} n = {n}", item.label);
                    }
                }
                let v = verify(&spec, n, 1, &mut NoProgress).unwrap();
                assert!(v.valid && v.method == verify::Method::Exhaustive, "{} n = {n}", item.label);
            }
        }
    }

    #[test]
    fn big_boards_are_valid_by_construction_only_for_xor_and_vasilev() {
        for spec in [StrategySpec::Xor, StrategySpec::Vasilev(Fun::Majority)] {
            let v = verify(&spec, 64, 2, &mut NoProgress).unwrap();
            assert!(v.valid && v.method == verify::Method::Construction);
        }
        assert!(verify(&StrategySpec::Coset(None), 32, 2, &mut NoProgress).is_err());
        assert!(verify(&StrategySpec::Search, 32, 2, &mut NoProgress).is_err());
        assert!(StrategySpec::from_number(9).is_err());
        assert!(StrategySpec::parse("nope", None, 0, None).is_err());
        assert!(StrategySpec::parse("table", None, 0, None).is_err());
    }

    #[test]
    fn coset_of_vasilev_code_at_16_squares_is_not_xor_type() {
        let s = StrategySpec::Coset(Some(Fun::Popcount3)).build(16).unwrap();
        let t = LookupTable::of(s.as_ref()).unwrap();
        // Its colour-0 class is the Vasil'ev code (times coin 0), which is not linear.
        let zero: Vec<u64> = (0..1u64 << 16).filter(|&x| t.colour(x) == 0).collect();
        let closed = zero.iter().all(|&a| zero.iter().take(200).all(|&b| t.colour(a ^ b) == 0));
        assert!(!closed);
    }

    proptest::proptest! {
        #[test]
        fn any_menu_input_is_a_value_or_a_one_line_error(
            name in "(xor|coset|vasilev|search|table|[a-z]{0,6})",
            f in proptest::option::of("(zero|popcount3|majority|random|[a-z]{0,5})"),
            table in proptest::option::of("[0-9 \n#]{0,40}"),
            number in proptest::prelude::any::<u8>(),
        ) {
            match StrategySpec::parse(&name, f.as_deref(), 1, table.as_deref()) {
                Ok(spec) => { let _ = spec.number(); }
                Err(e) => proptest::prop_assert!(!e.message().contains('\n')),
            }
            if let Ok(spec) = StrategySpec::from_number(number) {
                proptest::prop_assert_eq!(spec.number(), Some(number));
            }
        }
    }
}
