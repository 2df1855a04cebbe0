//! What leaves the program: share links of a game ([`link`]). (Pattern files, for boards too
//! large for a link, are a board's own format: `crate::lights::board::pattern_io`.)

pub mod link;
