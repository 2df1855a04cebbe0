//! What leaves the program: share links of a game ([`link`]) and pattern files, read and written
//! streaming into packed bits, for boards too large for a link ([`pattern_io`]).

pub mod link;
pub mod pattern_io;
