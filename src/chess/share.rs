//! Share links of a position: `#chess/v2/<compact code in base64url>` — 153 bits, 27 characters.
//! Version 2 is the ranking with opposed files and the en-passant capturer (153 bits); a
//! version-1 link (the 156-bit ranking) is refused with a one-line error, never misread.

use super::{compact, Position};
use crate::bits::from_base64url;
use crate::Result;

pub const VERSION: u32 = 2;

/// The fragment (without `#`) for a position.
pub fn link_for(pos: &Position) -> String {
    crate::link::make("chess", VERSION, &compact::encode(pos).to_base64url())
}

/// The position of a fragment (with or without `#`), or a one-line reason.
pub fn from_link(fragment: &str) -> Result<Position> {
    let payload = crate::link::payload(fragment, "chess", VERSION)?;
    let garbled = |e: crate::Error| crate::Error::new(format!("this link is garbled: {e}"));
    compact::decode(&from_base64url(payload).map_err(garbled)?)
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
        // A link of the 156-bit code (version 1) is refused, not decoded as something else.
        let v1 = format!("#chess/v1/{}", &link["chess/v2/".len()..]);
        assert!(from_link(&v1).unwrap_err().message().contains("version"));
        assert!(from_link("#chess/v3/AAAA").unwrap_err().message().contains("version"));
        assert!(from_link("#devil/v1/AAAA").is_err());
        assert!(from_link(&link[..link.len() - 3]).is_err());
    }

    proptest! {
        #[test]
        fn garbled_links_never_panic(s in "[A-Za-z0-9_-]{0,40}") {
            let _ = from_link(&format!("#chess/v2/{s}"));
        }
    }
}
