//! Share links: `#<puzzle>/v<version>/<payload>`, where the payload is the puzzle's own
//! encoding (usually bit-packed base64url). Framing is checked here so every puzzle rejects a
//! wrong or garbled link with the same kind of message, and so is the length budget: a state
//! whose link would not fit where people paste links is [`TooLarge`], and is saved as a file.

pub mod pack;

use crate::{bail, Error, Result};
use std::fmt;

/// The longest whole link (address and fragment) we hand out: what chat apps and QR codes take.
pub const MAX_LINK: usize = 2000;

/// Room left for the page's address (`https://…/lights.html#`) in front of the fragment.
pub const ADDRESS_ALLOWANCE: usize = 100;

/// The longest fragment (without `#`) a core link encoder returns.
pub const MAX_FRAGMENT: usize = MAX_LINK - ADDRESS_ALLOWANCE;

/// A state whose link would be longer than [`MAX_FRAGMENT`]: the page offers the state as a
/// file instead (the puzzle's own file format, which the command line reads too).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooLarge {
    pub puzzle: &'static str,
    /// Length the fragment would have had.
    pub chars: usize,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "too large for a link: this {} state needs {} characters, more than the {MAX_FRAGMENT} a link may have; save it as a file instead",
            self.puzzle, self.chars
        )
    }
}

impl std::error::Error for TooLarge {}

impl From<TooLarge> for Error {
    fn from(e: TooLarge) -> Error {
        Error::new(e.to_string())
    }
}

/// A state as a file: a suggested file name and the text, in the format the command line reads.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct StateFile {
    pub name: String,
    pub text: String,
}

/// [`make`], refusing a fragment longer than [`MAX_FRAGMENT`].
pub fn make_within_budget(puzzle: &'static str, version: u32, payload: &str) -> Result<String, TooLarge> {
    let link = make(puzzle, version, payload);
    if link.len() > MAX_FRAGMENT {
        return Err(TooLarge { puzzle, chars: link.len() });
    }
    Ok(link)
}

/// Builds the fragment (without `#`) for a puzzle's payload.
pub fn make(puzzle: &str, version: u32, payload: &str) -> String {
    format!("{puzzle}/v{version}/{payload}")
}

/// The reason for a link whose payload ran out or would not decode: its bits were cut short
/// in pasting, or changed.
pub fn truncated_or_garbled(e: Error) -> Error {
    Error::new(format!("this link is truncated or garbled: {e}"))
}

/// The reason for a link whose payload is complete but says something impossible.
pub fn garbled(e: Error) -> Error {
    Error::new(format!("this link is garbled: {e}"))
}

/// Checks the frame of a fragment (with or without the leading `#`) of a puzzle whose links
/// have had one version, and returns the payload. Kept apart from [`versioned_payload`] so
/// the pages of one-version puzzles do not carry the version list's wording (the Devil's
/// module has a size budget).
pub fn payload<'a>(fragment: &'a str, puzzle: &str, version: u32) -> Result<&'a str> {
    let (found, payload) = frame(fragment, puzzle, version)?;
    if found > version {
        bail!("this link is version {found}, newer than the version this build reads ({version})");
    }
    if found != version {
        bail!(
            "this link is version {found}, which {puzzle} links never had (the version this build reads ({version}))"
        );
    }
    not_empty(payload)
}

/// Checks the frame of a fragment (with or without the leading `#`) and returns the version
/// found, one of `versions` (every version this build reads), and the payload. A version
/// past the newest is a link made by a newer build; the message says so, and is worded for
/// wherever it is shown (a page or a terminal).
pub fn versioned_payload<'a>(fragment: &'a str, puzzle: &str, versions: &[u32]) -> Result<(u32, &'a str)> {
    let newest = versions.iter().copied().max().unwrap_or(1);
    let (found, payload) = frame(fragment, puzzle, newest)?;
    if !versions.contains(&found) {
        let plural = if versions.len() == 1 { "" } else { "s" };
        let reads = format!("the version{plural} this build reads ({})", list(versions));
        if found > newest {
            bail!("this link is version {found}, newer than {reads}");
        }
        bail!("this link is version {found}, which {puzzle} links never had ({reads})");
    }
    Ok((found, not_empty(payload)?))
}

/// The version number and payload of `#<puzzle>/v<version>/<payload>`, for any version;
/// `newest` is named in the message when the frame is not there.
fn frame<'a>(fragment: &'a str, puzzle: &str, newest: u32) -> Result<(u32, &'a str)> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let mut parts = fragment.splitn(3, '/');
    let (name, ver, payload) = match (parts.next(), parts.next(), parts.next()) {
        (Some(n), Some(v), Some(p)) => (n, v, p),
        _ => bail!("this link is not a {puzzle} link: expected #{puzzle}/v{newest}/…"),
    };
    // Parts of the link are quoted whole: `Error::new` cuts any long word short, so a huge
    // paste still gives one short line.
    if name != puzzle {
        bail!("this link is for '{name}', not for '{puzzle}'");
    }
    let digits = ver.strip_prefix('v').filter(|v| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()));
    let Some(found) = digits.and_then(|v| v.parse::<u32>().ok()) else {
        if let Some(v) = digits {
            // A number past any version there will be: still a version, newer than this build's.
            bail!("this link is version {v}, newer than the newest this build reads ({newest})");
        }
        bail!("this link has no version (expected v{newest}, found '{ver}')");
    };
    Ok((found, payload))
}

fn not_empty(payload: &str) -> Result<&str> {
    if payload.is_empty() {
        bail!("this link is truncated: it has no data");
    }
    Ok(payload)
}

fn list(versions: &[u32]) -> String {
    let mut out = String::new();
    for (i, v) in versions.iter().enumerate() {
        if i > 0 {
            out.push_str(if i + 1 == versions.len() { " and " } else { ", " });
        }
        out.push_str(&v.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames() {
        assert_eq!(make("devil", 1, "abc"), "devil/v1/abc");
        assert_eq!(payload("#devil/v1/abc", "devil", 1).unwrap(), "abc");
        assert_eq!(payload("devil/v1/a/b", "devil", 1).unwrap(), "a/b");
        assert!(payload("#lights/v1/abc", "devil", 1).unwrap_err().message().contains("lights"));
        assert!(payload("#devil/v2/abc", "devil", 1).unwrap_err().message().contains("version 2"));
        assert!(payload("#devil/v1/", "devil", 1).unwrap_err().message().contains("truncated"));
        assert!(payload("#devil", "devil", 1).is_err());
        assert!(payload("#devil/x/abc", "devil", 1).is_err());
    }

    #[test]
    fn several_versions() {
        assert_eq!(versioned_payload("#lights/v1/abc", "lights", &[1, 2]).unwrap(), (1, "abc"));
        assert_eq!(versioned_payload("lights/v2/x", "lights", &[1, 2]).unwrap(), (2, "x"));
        let e = versioned_payload("#lights/v3/x", "lights", &[1, 2]).unwrap_err();
        assert_eq!(e.message(), "this link is version 3, newer than the versions this build reads (1 and 2)");
        let e = payload("#devil/v2/x", "devil", 1).unwrap_err();
        assert_eq!(e.message(), "this link is version 2, newer than the version this build reads (1)");
        let e = versioned_payload("#lights/v0/x", "lights", &[1, 2]).unwrap_err();
        assert_eq!(
            e.message(),
            "this link is version 0, which lights links never had (the versions this build reads (1 and 2))"
        );
        assert_eq!(list(&[1, 2, 3]), "1, 2 and 3");
        assert!(versioned_payload("#devil/v1/x", "lights", &[1, 2]).unwrap_err().message().contains("devil"));
        assert!(versioned_payload("#lights/v2/", "lights", &[1, 2]).unwrap_err().message().contains("truncated"));
        assert!(versioned_payload("#lights", "lights", &[1, 2]).is_err());
        assert!(versioned_payload("#lightsout/v1/x", "lights", &[1, 2]).is_err());
    }

    #[test]
    fn quoted_parts_are_cut_short() {
        let long = "x".repeat(1_000_000);
        let e = payload(&format!("#{long}/v1/abc"), "devil", 1).unwrap_err();
        assert!(e.message().len() < 120, "{}", e.message().len());
        let e = payload(&format!("#devil/{long}/abc"), "devil", 1).unwrap_err();
        assert!(e.message().len() < 120, "{}", e.message().len());
    }

    #[test]
    fn budget() {
        let fits = "a".repeat(MAX_FRAGMENT - "x/v1/".len());
        assert_eq!(make_within_budget("x", 1, &fits).unwrap().len(), MAX_FRAGMENT);
        let e = make_within_budget("x", 1, &format!("{fits}a")).unwrap_err();
        assert_eq!(e.chars, MAX_FRAGMENT + 1);
        assert!(Error::from(e).message().starts_with("too large for a link"));
    }
}
