//! The one error type of the core: a single line that a person can act on.

use std::fmt;

/// An error with a one-line, human-readable message. Every fallible core function returns it,
/// so the CLI can print it and the page can show it unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    message: String,
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn new(message: impl Into<String>) -> Self {
        let message: String = message.into();
        // Keep the promise of one line even when a caller formats a multi-line value, and
        // keep it short when it quotes a hostile input: a word over 64 characters keeps only
        // its ends.
        // Control characters (a terminal escape, a NUL) are shown as `\x1b`, never sent raw.
        let message = printable(&message, "\n");
        let mut message = message.lines().flat_map(|l| l.split(' ')).map(shorten).collect::<Vec<_>>().join(" ");
        if let Some((cut, _)) = message.char_indices().nth(MAX_MESSAGE_CHARS) {
            message.truncate(cut);
            message.push('…');
        }
        Error { message }
    }

    pub fn message(&self) -> &str {
        &self.message
    }
}

/// `text` with every control character (C0, DEL, C1) but those in `keep` written as an
/// escape a terminal does not act on: `\x1b` below 128, `\u{9b}` above. Line breaks are kept
/// when `keep` has them. Every error message and every text printed by the command line goes
/// through here, so a label or a link cannot set a terminal's title or colours.
pub fn printable<'a>(text: &'a str, keep: &str) -> std::borrow::Cow<'a, str> {
    let unsafe_char = |c: char| c.is_control() && !keep.contains(c);
    if !text.chars().any(unsafe_char) {
        return text.into();
    }
    use std::fmt::Write as _;
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        let _ = match c {
            c if !unsafe_char(c) => write!(out, "{c}"),
            c if (c as u32) < 0x80 => write!(out, "\\x{:02x}", c as u32),
            c => write!(out, "\\u{{{:x}}}", c as u32),
        };
    }
    out.into()
}

/// Longest message kept: any reason fits, a hostile input quoted whole does not.
const MAX_MESSAGE_CHARS: usize = 300;

/// A word as an error quotes it: whole up to 64 characters, else its first 40 and last 8.
fn shorten(word: &str) -> std::borrow::Cow<'_, str> {
    let count = word.chars().count();
    if count <= 64 {
        return word.into();
    }
    let head: String = word.chars().take(40).collect();
    let tail: String = word.chars().skip(count - 8).collect();
    format!("{head}…{tail}").into()
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// Returns early with an [`Error`] built like `format!`.
#[macro_export]
macro_rules! bail {
    ($($arg:tt)*) => {
        return Err($crate::Error::new(format!($($arg)*)))
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_one_short_line() {
        assert_eq!(Error::new("a\nb  c").message(), "a b  c");
        let token = format!("'{}'", "1".repeat(100_000));
        let m = Error::new(format!("table line 1: {token} is not a square number"));
        assert_eq!(m.message(), format!("table line 1: '{}…{}' is not a square number", "1".repeat(39), "1".repeat(7)));
        let m = Error::new("0 ".repeat(50_000));
        assert_eq!(m.message().chars().count(), MAX_MESSAGE_CHARS + 1);
        assert!(m.message().ends_with('…'));
    }
}
