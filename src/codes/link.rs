//! Share links of the codes lab, `#codes/v1/…`: the Hamming code chosen (r), the message and
//! the received word, the perfect-code checker's words, Vasil'ev's f (`vf`) and the section in
//! view — the names of the page's fields. Words hold only 0 and 1, so a link cannot put
//! anything else into the page. A list of words too long for a link is saved as a words file.

use super::hamming::{MAX_R, MIN_R};
use super::vasilev::{FName, FS};
use super::MAX_EXPLICIT_LENGTH;
use crate::bits::{from_base64url, BitReader, BitWriter};
use crate::link::pack::{pack, push_varint, read_varint, unpack};
use crate::link::{self, garbled, truncated_or_garbled, StateFile, TooLarge};
use crate::{bail, Result};
use serde::{Deserialize, Serialize};

pub const NAME: &str = "codes";
pub const VERSION: u32 = 1;

/// Longest word or message: the Hamming code of r = 12 has length 4095.
pub const MAX_WORD: usize = (1 << MAX_R) - 1;

/// The lab's sections, by the ids of their headings (`h-hamming` …).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CodesView {
    Hamming,
    Check,
    Vasilev,
    Claim,
}

const VIEWS: [CodesView; 4] = [CodesView::Hamming, CodesView::Check, CodesView::Vasilev, CodesView::Claim];

/// Everything a codes link restores. Bits are position 1 first, as the page writes them; as
/// JSON (for the page) words are text: `{"r":3,"msg":"1011","word":"1110010","words":"000 111",
/// "vf":"popcount3","view":"hamming"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CodesState {
    /// Parity bits of the Hamming code the message is encoded with (2..=12).
    pub r: u32,
    #[serde(with = "bits_json")]
    pub msg: Vec<bool>,
    /// The received word to correct.
    #[serde(with = "bits_json")]
    pub word: Vec<bool>,
    /// The perfect-code checker's words (1 to 24 bits each).
    #[serde(with = "words_json")]
    pub words: Vec<Vec<bool>>,
    pub vf: FName,
    pub view: CodesView,
}

mod bits_json {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(bits: &[bool], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&super::bits_text(bits))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<bool>, D::Error> {
        super::parse_bits(&String::deserialize(d)?).map_err(D::Error::custom)
    }
}

mod words_json {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(words: &[Vec<bool>], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&words.iter().map(|w| super::bits_text(w)).collect::<Vec<_>>().join(" "))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Vec<bool>>, D::Error> {
        super::parse_words(&String::deserialize(d)?).map_err(D::Error::custom)
    }
}

/// Reads a word typed on the page: `0`s and `1`s, at most [`MAX_WORD`].
pub fn parse_bits(text: &str) -> Result<Vec<bool>> {
    let text = text.trim();
    if text.len() > MAX_WORD {
        bail!("a word here has at most {MAX_WORD} bits, not {}", text.len());
    }
    text.chars()
        .map(|c| match c {
            '0' => Ok(false),
            '1' => Ok(true),
            _ => bail!("a word is 0s and 1s; '{c}' is neither"),
        })
        .collect()
}

pub fn bits_text(bits: &[bool]) -> String {
    bits.iter().map(|&b| if b { '1' } else { '0' }).collect()
}

/// Reads the checker's words: separated by spaces, commas or new lines.
pub fn parse_words(text: &str) -> Result<Vec<Vec<bool>>> {
    text.split([' ', '\t', '\n', '\r', ',', ';'])
        .filter(|t| !t.is_empty())
        .map(|t| {
            let w = parse_bits(t)?;
            if w.len() > MAX_EXPLICIT_LENGTH {
                bail!("the checker's words have at most {MAX_EXPLICIT_LENGTH} bits; '{t}' has {}", w.len());
            }
            Ok(w)
        })
        .collect()
}

/// The fragment (without `#`), or [`TooLarge`] when the checker's words make it too long (then
/// link the state without them and offer [`file_for`]).
pub fn link_for(state: &CodesState) -> Result<String, TooLarge> {
    link::make_within_budget(NAME, VERSION, &encode(state))
}

/// Bit layout (v1): r − 2 (4), vf (2), view (2); then [`pack`]ed: the message and the word, each
/// as its length (varint) and bits, the number of words (varint) and each word as its length − 1
/// (5) and bits.
pub fn encode(state: &CodesState) -> String {
    let mut w = BitWriter::new();
    w.push_bits(u64::from(state.r.clamp(MIN_R, MAX_R) - MIN_R), 4);
    w.push_bits(FS.iter().position(|&f| f == state.vf).unwrap_or(0) as u64, 2);
    w.push_bits(VIEWS.iter().position(|&v| v == state.view).unwrap_or(0) as u64, 2);
    let mut body = BitWriter::new();
    for bits in [&state.msg, &state.word] {
        let bits = &bits[..bits.len().min(MAX_WORD)];
        push_varint(&mut body, bits.len() as u64);
        bits.iter().for_each(|&b| body.push_bit(b));
    }
    push_varint(&mut body, state.words.len() as u64);
    for word in &state.words {
        // Words hold 1 to 24 bits (an empty one is written as a single 0).
        let n = word.len().clamp(1, MAX_EXPLICIT_LENGTH);
        body.push_bits(n as u64 - 1, 5);
        (0..n).for_each(|i| body.push_bit(word.get(i).copied().unwrap_or(false)));
    }
    let mut bytes = w.into_bytes();
    bytes.extend(pack(&body.into_bytes()));
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// Reads a fragment (with or without `#`).
pub fn from_link(fragment: &str) -> Result<CodesState> {
    decode(link::payload(fragment, NAME, VERSION)?)
}

pub fn decode(payload: &str) -> Result<CodesState> {
    let bytes = from_base64url(payload).map_err(garbled)?;
    let Some((&head, rest)) = bytes.split_first() else { bail!("this link is truncated: it has no data") };
    let r = u32::from(head >> 4) + MIN_R;
    if r > MAX_R {
        bail!("this link asks for a Hamming code with r = {r}; r runs from {MIN_R} to {MAX_R}");
    }
    let vf = FS[usize::from(head >> 2 & 3)];
    let view = VIEWS[usize::from(head & 3)];
    // The largest body a link can reasonably carry inflated; far above any state that fits.
    let body = unpack(rest, 1 << 20)?;
    let mut br = BitReader::new(&body);
    let read_word = |br: &mut BitReader| -> Result<Vec<bool>> {
        let len = read_varint(br).map_err(truncated_or_garbled)?;
        if len > MAX_WORD as u64 {
            bail!("this link is garbled: a word of {len} bits (at most {MAX_WORD})");
        }
        (0..len).map(|_| br.read_bit().map_err(truncated_or_garbled)).collect()
    };
    let msg = read_word(&mut br)?;
    let word = read_word(&mut br)?;
    let count = read_varint(&mut br).map_err(truncated_or_garbled)?;
    if count > br.remaining() as u64 / 6 {
        bail!("this link is truncated: it lists {count} words but holds fewer");
    }
    let mut words = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let len = br.read_bits(5).map_err(truncated_or_garbled)? + 1;
        if len > MAX_EXPLICIT_LENGTH as u64 {
            bail!("this link is garbled: a word of {len} bits (at most {MAX_EXPLICIT_LENGTH})");
        }
        words.push((0..len).map(|_| br.read_bit().map_err(truncated_or_garbled)).collect::<Result<Vec<bool>>>()?);
    }
    br.finish().map_err(garbled)?;
    Ok(CodesState { r, msg, word, words, vf, view })
}

/// The checker's words as a words file, one a line (what the checker's box reads).
pub fn file_for(state: &CodesState) -> StateFile {
    let mut text = String::new();
    for w in &state.words {
        text.push_str(&bits_text(w));
        text.push('\n');
    }
    StateFile { name: format!("code-{}-words.txt", state.words.len()), text }
}

/// Reads a words file back.
pub fn from_file(text: &str) -> Result<Vec<Vec<bool>>> {
    parse_words(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codes::hamming;
    use proptest::prelude::*;

    fn bits(s: &str) -> Vec<bool> {
        parse_bits(s).unwrap()
    }

    #[test]
    fn the_issues_example_round_trips() {
        // A Hamming code of length 15 with a word typed in.
        let state = CodesState {
            r: 4,
            msg: bits("10110011101"),
            word: bits("111001011010001"),
            words: vec![bits("000"), bits("111")],
            vf: FName::Majority,
            view: CodesView::Hamming,
        };
        let link = link_for(&state).unwrap();
        assert!(link.len() < 40, "{link}");
        assert_eq!(from_link(&format!("#{link}")).unwrap(), state);
    }

    #[test]
    fn the_largest_words_fit_and_long_word_lists_go_to_a_file() {
        let ones = vec![true; MAX_WORD];
        let big = CodesState {
            r: 12,
            msg: ones.clone(),
            word: ones,
            words: Vec::new(),
            vf: FName::Random,
            view: CodesView::Claim,
        };
        assert_eq!(from_link(&link_for(&big).unwrap()).unwrap(), big);
        // The Hamming code of length 15: 2048 words of 15 bits.
        let code = hamming::code(4).unwrap();
        let words: Vec<Vec<bool>> = code.words().iter().map(|&w| (0..15).map(|i| w >> i & 1 == 1).collect()).collect();
        let state = CodesState { words, ..big };
        match link_for(&state) {
            Ok(link) => assert_eq!(from_link(&link).unwrap(), state),
            Err(e) => {
                assert!(e.chars > link::MAX_FRAGMENT);
                assert_eq!(from_file(&file_for(&state).text).unwrap(), state.words);
            }
        }
    }

    #[test]
    fn json_form_uses_the_pages_field_names() {
        let json = serde_json::json!({"r": 3, "msg": "1011", "word": "1110010", "words": "000 111",
            "vf": "popcount3", "view": "hamming"});
        let state: CodesState = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(state.words, vec![bits("000"), bits("111")]);
        assert_eq!(serde_json::to_value(&state).unwrap(), json);
        let bad = serde_json::json!({"r": 3, "msg": "", "word": "<b>", "words": "", "vf": "zero", "view": "check"});
        assert!(serde_json::from_value::<CodesState>(bad).is_err());
    }

    #[test]
    fn bad_words_and_links_are_refused() {
        assert!(parse_bits("10x").unwrap_err().message().contains("'x'"));
        assert!(parse_bits("<img src=x onerror=alert(1)>").is_err());
        assert!(parse_words("000 1111111111111111111111111").unwrap_err().message().contains("24"));
        assert!(from_link("#codes/v2/AAAA").unwrap_err().message().contains("version"));
        assert!(from_link("#codes/v1/").unwrap_err().message().contains("truncated"));
        // r − 2 = 15: r = 17.
        assert!(from_link("#codes/v1/8AA").unwrap_err().message().contains("r = 17"));
    }

    proptest! {
        #[test]
        fn garbage_is_an_error_not_a_panic(text in "[A-Za-z0-9_-]{0,80}") {
            let _ = from_link(&format!("#codes/v1/{text}"));
        }

        #[test]
        fn every_state_round_trips(r in 2u32..=12, msg in proptest::collection::vec(any::<bool>(), 0..200),
                                   word in proptest::collection::vec(any::<bool>(), 0..200),
                                   words in proptest::collection::vec(proptest::collection::vec(any::<bool>(), 1..=24), 0..20),
                                   f in 0usize..4, v in 0usize..4) {
            let state = CodesState { r, msg, word, words, vf: FS[f], view: VIEWS[v] };
            prop_assert_eq!(from_link(&link_for(&state).unwrap()).unwrap(), state);
        }
    }
}
