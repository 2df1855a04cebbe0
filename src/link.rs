//! Share links: `#<puzzle>/v<version>/<payload>`, where the payload is the puzzle's own
//! encoding (usually bit-packed base64url). Framing is checked here so every puzzle rejects a
//! wrong or garbled link with the same kind of message.

use crate::{bail, Result};

/// Builds the fragment (without `#`) for a puzzle's payload.
pub fn make(puzzle: &str, version: u32, payload: &str) -> String {
    format!("{puzzle}/v{version}/{payload}")
}

/// Checks the frame of a fragment (with or without the leading `#`) and returns the payload.
/// `version` is the only version this build reads.
pub fn payload<'a>(fragment: &'a str, puzzle: &str, version: u32) -> Result<&'a str> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let mut parts = fragment.splitn(3, '/');
    let (name, ver, payload) = match (parts.next(), parts.next(), parts.next()) {
        (Some(n), Some(v), Some(p)) => (n, v, p),
        _ => bail!("this link is not a {puzzle} link: expected #{puzzle}/v{version}/…"),
    };
    if name != puzzle {
        bail!("this link is for '{name}', not for '{puzzle}'");
    }
    let found: u32 = match ver.strip_prefix('v').and_then(|v| v.parse().ok()) {
        Some(v) => v,
        None => bail!("this link has no version (expected v{version}, found '{ver}')"),
    };
    if found != version {
        bail!("this link is version {found}; this page reads version {version}");
    }
    if payload.is_empty() {
        bail!("this link is truncated: it has no data");
    }
    Ok(payload)
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
}
