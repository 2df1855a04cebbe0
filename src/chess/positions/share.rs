//! Share links of a position: `#chess/v2/<compact code in base64url>` — 153 bits, 27 characters.
//! Version 2 is the ranking with opposed files and the en-passant capturer (153 bits); links of
//! version 1 (the 156-bit ranking, [`compact::v1`]) still open. A link of a newer version is
//! refused with a one-line reason, never misread.

use crate::bits::from_base64url;
use crate::chess::positions::compact;
use crate::chess::Position;
use crate::link;
use crate::Result;

/// The version written.
pub const VERSION: u32 = 2;

/// Every version read, oldest first.
pub const VERSIONS: [u32; 2] = [1, VERSION];

/// The fragment (without `#`) for a position.
pub fn link_for(pos: &Position) -> String {
    link::make("chess", VERSION, &compact::encode(pos).to_base64url())
}

/// The position of a fragment (with or without `#`) of version 1 or 2, or a one-line reason.
pub fn from_link(fragment: &str) -> Result<Position> {
    let (version, payload) = link::versioned_payload(fragment, "chess", &VERSIONS)?;
    let bytes = from_base64url(payload).map_err(link::garbled)?;
    match version {
        1 => compact::v1::decode(&bytes),
        _ => compact::decode(&bytes).map_err(link::truncated_or_garbled),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn start_position_link() {
        let link = link_for(&Position::start());
        assert!(link.starts_with("chess/v2/"));
        assert_eq!(link.len(), "chess/v2/".len() + 27); // 153 bits = 20 bytes = 27 base64url characters
        assert_eq!(from_link(&format!("#{link}")).unwrap(), Position::start());
        // The start position's v1 link, as the v1 encoder (commit 659db1f) wrote it.
        assert_eq!(from_link("#chess/v1/TqhRHOAiZA8ayjMhUIQFxE-fEdA").unwrap(), Position::start());
        // The v2 code read as v1 is another number: never the v2 position silently.
        let v2_as_v1 = format!("#chess/v1/{}", &link["chess/v2/".len()..]);
        assert_ne!(from_link(&v2_as_v1).ok(), Some(Position::start()));
        let e = from_link("#chess/v3/AAAA").unwrap_err();
        assert_eq!(e.message(), "this link is version 3, newer than the versions this build reads (1 and 2)");
        assert!(from_link("#devil/v1/AAAA").is_err());
        assert!(from_link(&link[..link.len() - 3]).is_err());
        assert!(from_link("#chess/v1/TqhRHOAiZA8ayjMhUIQFxE-f").unwrap_err().message().contains("truncated"));
    }

    proptest! {
        #[test]
        fn garbled_links_never_panic(s in "[A-Za-z0-9_-]{0,40}", v in 0u32..4) {
            let _ = from_link(&format!("#chess/v{v}/{s}"));
        }

        #[test]
        fn any_text_never_panics(s in "\\PC{0,60}") {
            let _ = from_link(&s);
        }
    }
}
