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
        // Keep the promise of one line even when a caller formats a multi-line value.
        let message = message.lines().collect::<Vec<_>>().join(" ");
        Error { message }
    }

    pub fn message(&self) -> &str {
        &self.message
    }
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
