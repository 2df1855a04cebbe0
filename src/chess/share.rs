//! Share links of a position: `#chess/v1/<compact code in base64url>` — 156 bits, 27 characters.

use super::{compact, Position};
use crate::bits::from_base64url;
use crate::Result;

pub const VERSION: u32 = 1;

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
        assert!(link.starts_with("chess/v1/"));
        assert_eq!(link.len(), "chess/v1/".len() + 27); // 156 bits = 20 bytes = 27 base64url characters
        assert_eq!(from_link(&format!("#{link}")).unwrap(), Position::start());
        assert!(from_link("#chess/v2/AAAA").unwrap_err().message().contains("version"));
        assert!(from_link("#devil/v1/AAAA").is_err());
        assert!(from_link(&link[..link.len() - 3]).is_err());
    }

    proptest! {
        #[test]
        fn garbled_links_never_panic(s in "[A-Za-z0-9_-]{0,40}") {
            let _ = from_link(&format!("#chess/v1/{s}"));
        }
    }
}
