//! Share links of the strategy lab, `#lab/v1/…`: the strategy chosen (strategy, f, seed,
//! squares — the names of the page's fields), the section in view, and a pasted table when the
//! link still fits; a table too large for a link is saved as a table file instead, the format
//! `devil verify --strategy table --table FILE` reads.

use crate::bits::{from_base64url, BitReader, BitWriter};
use crate::codes::vasilev::{FName, FS};
use crate::devil::lab::lookup::{LookupTable, MAX_TABLE_SQUARES};
use crate::devil::MAX_SQUARES;
use crate::link::pack::{pack, push_varint, read_varint, unpack};
use crate::link::{self, garbled, truncated_or_garbled, StateFile, TooLarge};
use crate::{bail, Result};
use serde::{Deserialize, Serialize};

pub const NAME: &str = "lab";
pub const VERSION: u32 = 1;

/// The strategy menu of section 1 (a table is section 2's, see [`LabState::table`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StrategyName {
    Xor,
    Coset,
    Vasilev,
    Search,
}

/// The lab's sections, by the ids of their headings (`h-strategy` …).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LabView {
    Strategy,
    Table,
    Count,
    Why,
    Search,
    Cube,
    Amo,
    Dice,
}

const STRATEGIES: [StrategyName; 4] =
    [StrategyName::Xor, StrategyName::Coset, StrategyName::Vasilev, StrategyName::Search];
const VIEWS: [LabView; 8] = [
    LabView::Strategy,
    LabView::Table,
    LabView::Count,
    LabView::Why,
    LabView::Search,
    LabView::Cube,
    LabView::Amo,
    LabView::Dice,
];

/// Everything a lab link restores. As JSON (for the page) the seed and the table are text, as
/// in the page's fields: `{"strategy":"vasilev","f":"popcount3","seed":"1","squares":8,
/// "view":"cube","table":null}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LabState {
    pub strategy: StrategyName,
    /// None: no f (the coset strategy of the Hamming code).
    pub f: Option<FName>,
    #[serde(with = "seed_text")]
    pub seed: u64,
    /// A power of two from 1 to 4096.
    pub squares: usize,
    pub view: LabView,
    /// The table pasted in section 2, if any.
    #[serde(with = "table_text", default)]
    pub table: Option<LookupTable>,
}

/// Seeds cross as decimal text: a JS number cannot hold every u64.
mod seed_text {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(seed: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&seed.to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        let text = String::deserialize(d)?;
        text.trim()
            .parse()
            .map_err(|_| D::Error::custom(format!("a seed is a whole number from 0 to 2^64 − 1, not '{text}'")))
    }
}

/// A table crosses as the text of a table file.
mod table_text {
    use super::LookupTable;
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(table: &Option<LookupTable>, s: S) -> Result<S::Ok, S::Error> {
        match table {
            Some(t) => s.serialize_some(&t.to_text()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<LookupTable>, D::Error> {
        match Option::<String>::deserialize(d)? {
            Some(text) if !text.trim().is_empty() => {
                LookupTable::parse(&text, None).map(Some).map_err(D::Error::custom)
            }
            _ => Ok(None),
        }
    }
}

fn index<T: PartialEq>(all: &[T], x: &T) -> u64 {
    all.iter().position(|y| y == x).unwrap_or(0) as u64
}

/// The fragment (without `#`), or [`TooLarge`] when the table makes it too long (then link the
/// state without its table and offer [`file_for`]).
pub fn link_for(state: &LabState) -> Result<String, TooLarge> {
    link::make_within_budget(NAME, VERSION, &encode(state))
}

/// Bit layout (v1): strategy (2), has f (1), f (2), seed (varint), log2 squares (4), view (3),
/// has table (1) — padded to a byte; then a table as its squares − 1 (4) and the square each
/// board names in ⌈log2 squares⌉ bits, [`pack`]ed (deflated when that is shorter).
pub fn encode(state: &LabState) -> String {
    let mut w = BitWriter::new();
    w.push_bits(index(&STRATEGIES, &state.strategy), 2);
    w.push_bit(state.f.is_some());
    w.push_bits(state.f.map_or(0, |f| index(&FS, &f)), 2);
    push_varint(&mut w, state.seed);
    w.push_bits(u64::from(state.squares.max(1).trailing_zeros()), 4);
    w.push_bits(index(&VIEWS, &state.view), 3);
    w.push_bit(state.table.is_some());
    let mut bytes = w.into_bytes();
    if let Some(t) = &state.table {
        let mut body = BitWriter::new();
        body.push_bits(t.squares() as u64 - 1, 4);
        let b = colour_bits(t.squares());
        for &c in t.colours() {
            body.push_bits(u64::from(c), b);
        }
        bytes.extend(pack(&body.into_bytes()));
    }
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

fn colour_bits(squares: usize) -> u32 {
    usize::BITS - (squares - 1).leading_zeros()
}

/// Reads a fragment (with or without `#`).
pub fn from_link(fragment: &str) -> Result<LabState> {
    decode(link::payload(fragment, NAME, VERSION)?)
}

pub fn decode(payload: &str) -> Result<LabState> {
    let bytes = from_base64url(payload).map_err(garbled)?;
    let mut r = BitReader::new(&bytes);
    let strategy = STRATEGIES[r.read_bits(2).map_err(truncated_or_garbled)? as usize];
    let has_f = r.read_bit().map_err(truncated_or_garbled)?;
    let f = FS[r.read_bits(2).map_err(truncated_or_garbled)? as usize];
    let seed = read_varint(&mut r).map_err(truncated_or_garbled)?;
    let k = r.read_bits(4).map_err(truncated_or_garbled)?;
    if 1u64 << k > MAX_SQUARES as u64 {
        bail!("this link asks for 2^{k} squares; the largest board has {MAX_SQUARES}");
    }
    let view = VIEWS[r.read_bits(3).map_err(truncated_or_garbled)? as usize];
    let has_table = r.read_bit().map_err(truncated_or_garbled)?;
    let header_len = r.position().div_ceil(8);
    while r.position() < header_len * 8 {
        if r.read_bit().map_err(truncated_or_garbled)? {
            bail!("this link is garbled: it has stray bits after its header");
        }
    }
    if !has_table {
        r.finish().map_err(garbled)?;
    }
    let table = if has_table {
        let max = (4 + (1 << MAX_TABLE_SQUARES) * 4) / 8 + 1;
        let body = unpack(&bytes[header_len.min(bytes.len())..], max)?;
        let mut r = BitReader::new(&body);
        let n = r.read_bits(4).map_err(truncated_or_garbled)? as usize + 1;
        let b = colour_bits(n);
        let mut colours = Vec::with_capacity(1 << n);
        for _ in 0..1usize << n {
            colours.push(r.read_bits(b).map_err(truncated_or_garbled)? as u16);
        }
        r.finish().map_err(garbled)?;
        Some(LookupTable::new(n, colours, "table").map_err(garbled)?)
    } else {
        None
    };
    Ok(LabState { strategy, f: has_f.then_some(f), seed, squares: 1 << k, view, table })
}

/// The table as a table file (one square per board, 16 a line), if the state has one.
pub fn file_for(state: &LabState) -> Option<StateFile> {
    state
        .table
        .as_ref()
        .map(|t| StateFile { name: format!("strategy-table-{}-squares.txt", t.squares()), text: t.to_text() })
}

/// Reads a table file back (either form `LookupTable::parse` reads).
pub fn from_file(text: &str) -> Result<LookupTable> {
    LookupTable::parse(text, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::devil::rules::strategy::Xor;
    use proptest::prelude::*;

    fn state() -> LabState {
        LabState {
            strategy: StrategyName::Vasilev,
            f: Some(FName::Popcount3),
            seed: 1,
            squares: 8,
            view: LabView::Cube,
            table: None,
        }
    }

    #[test]
    fn the_issues_example_is_short_and_round_trips() {
        // Vasil'ev with f = popcount ≥ 3 on 8 squares: 2 + 1 + 2 + 8 + 4 + 3 + 1 = 21 bits, 3 bytes,
        // 4 base64url characters.
        let link = link_for(&state()).unwrap();
        assert_eq!(link.len(), "lab/v1/".len() + 4, "{link}");
        assert_eq!(from_link(&format!("#{link}")).unwrap(), state());
    }

    #[test]
    fn tables_ride_along_while_they_fit() {
        let t8 =
            LookupTable::new(8, LookupTable::of(&Xor { squares: 8 }).unwrap().colours().to_vec(), "table").unwrap();
        let with = LabState { table: Some(t8), view: LabView::Table, ..state() };
        let link = link_for(&with).unwrap();
        assert_eq!(from_link(&link).unwrap(), with);
        // A table of 16 squares of pseudo-random answers has 2^16 × 4 bits = 32 KiB of entropy.
        let mut rng = crate::seed::rng_from_seed(4);
        let colours = (0..1 << 16).map(|_| rand::Rng::random_range(&mut rng, 0..16)).collect();
        let noisy = LookupTable::new(16, colours, "table").unwrap();
        let big = LabState { table: Some(noisy.clone()), ..state() };
        let e = link_for(&big).unwrap_err();
        assert!(e.chars > 40_000, "{e}");
        let file = file_for(&big).unwrap();
        assert_eq!(from_file(&file.text).unwrap(), noisy);
        assert!(file_for(&state()).is_none());
    }

    #[test]
    fn json_form_uses_the_pages_field_names() {
        let json = serde_json::to_value(state()).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"strategy": "vasilev", "f": "popcount3", "seed": "1", "squares": 8, "view": "cube", "table": null})
        );
        let back: LabState = serde_json::from_value(json).unwrap();
        assert_eq!(back, state());
        let with_table = serde_json::json!({"strategy": "xor", "f": null, "seed": " 18446744073709551615", "squares": 2,
            "view": "table", "table": "0 1 1 0"});
        let s: LabState = serde_json::from_value(with_table).unwrap();
        assert_eq!((s.seed, s.table.unwrap().colours()), (u64::MAX, &[0u16, 1, 1, 0][..]));
        let bad = serde_json::json!({"strategy": "xor", "f": null, "seed": "-1", "squares": 2, "view": "table"});
        assert!(serde_json::from_value::<LabState>(bad).unwrap_err().to_string().contains("whole number"));
    }

    #[test]
    fn bad_links_are_refused() {
        assert!(from_link("#lab/v2/AAAA").unwrap_err().message().contains("version"));
        assert!(from_link("#codes/v1/AAAA").is_err());
        assert!(from_link("#lab/v1/@").unwrap_err().message().contains("garbled"));
        // 2^13 squares: strategy 0, no f, seed 0 (one varint byte), k = 13.
        let mut w = BitWriter::new();
        w.push_bits(0, 5);
        push_varint(&mut w, 0);
        w.push_bits(13, 4);
        w.push_bits(0, 4);
        assert!(from_link(&format!("#lab/v1/{}", w.to_base64url())).unwrap_err().message().contains("2^13"));
    }

    proptest! {
        #[test]
        fn garbage_is_an_error_not_a_panic(text in "[A-Za-z0-9_-]{0,80}") {
            let _ = from_link(&format!("#lab/v1/{text}"));
        }

        #[test]
        fn every_state_round_trips(s in 0usize..4, f in proptest::option::of(0usize..4), seed: u64, k in 0usize..=12,
                                   v in 0usize..8, table in proptest::option::of((1usize..=6, any::<u64>()))) {
            let table = table.map(|(n, salt)| {
                LookupTable::from_fn(n, "table", |x| ((x ^ salt).wrapping_mul(0x9e37_79b9) >> 7) as usize % n).unwrap()
            });
            let state = LabState { strategy: STRATEGIES[s], f: f.map(|i| FS[i]), seed, squares: 1 << k, view: VIEWS[v], table };
            prop_assert_eq!(from_link(&link_for(&state).unwrap()).unwrap(), state);
        }
    }
}
