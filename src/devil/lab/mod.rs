//! The strategy lab: every strategy by name and number ([`menu`]) and the lab's share links
//! ([`link`]); the constructions (the coset strategy of a perfect code, Vasil'ev's, a pasted
//! lookup table, dice, at most one flip); search, exact counting and the verifier; the lab's
//! views (the hypercube, the dice panel, why only powers of two); and board files for the
//! command line.

pub mod at_most_one;
pub mod coset;
pub mod count;
pub mod cube;
pub mod dice;
pub mod dice_panel;
pub mod file;
pub mod link;
pub mod lookup;
pub mod menu;
pub mod search;
pub mod vasilev;
pub mod verify;
pub mod why;
