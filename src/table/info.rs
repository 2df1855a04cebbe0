//! What a face shows about a table size before any game: whether it can be won, how long the
//! strategy it plays is and how it is built, and which checks are cheap enough to offer.

use super::construction::{Recursive, Strategy};
use super::devil::guard_prime;
use super::game::{strategy_for, MAX_MOVES_AT_ONCE};
use super::necklace::{Necklaces, MAX_TABLE_CONFIGS};
use super::params::Params;
use super::search::MAX_NECKLACES;
use super::trace::MAX_TRACE_CONFIGS;
use crate::Result;
use serde::Serialize;

/// Winnable tables the recursive construction does not cover get a searched strategy when they
/// have at most this many configurations (the search is then instant).
pub const MAX_SEARCHED_CONFIGS: u64 = 64;

/// Necklace grids are drawn for at most this many necklaces.
pub const MAX_DRAWN_NECKLACES: usize = 64;

/// Large counts are decimal strings (2^64 − 1 is not a JavaScript number).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Info {
    pub coins: usize,
    pub sides: u8,
    pub winnable: bool,
    pub prime: Option<u64>,
    pub lower_bound: String,
    /// Length of the strategy the faces play, if any.
    pub length: Option<String>,
    pub construction: Option<&'static str>,
    pub guard_prime: Option<usize>,
    /// Canonical configurations (faces), all heads first, when the belief grid can show them.
    pub necklaces: Option<Vec<Vec<u8>>>,
    /// Small enough for the belief panel (σ^N ≤ [`MAX_TRACE_CONFIGS`]).
    pub small: bool,
    pub traceable: bool,
    pub verifiable: bool,
    pub searchable: bool,
    /// The most moves played, listed or checked in one call ([`MAX_MOVES_AT_ONCE`]).
    pub max_moves_at_once: u64,
    /// The most configurations an exact verification follows ([`MAX_TABLE_CONFIGS`]).
    pub max_verified_configs: u64,
}

impl Info {
    pub fn of(params: Params) -> Result<Info> {
        let configs = params.configs();
        let (length, construction) = match Recursive::new(params) {
            Ok(r) => (Some(r.len()), Some("recursive")),
            Err(_) if params.winnable() && configs.is_some_and(|c| c <= MAX_SEARCHED_CONFIGS) => {
                (strategy_for(params).ok().map(|s| s.len()), Some("search"))
            }
            Err(_) => (None, None),
        };
        let small = configs.is_some_and(|c| c <= MAX_TRACE_CONFIGS);
        let table = if small { Some(Necklaces::new(params)?) } else { None };
        let necklaces = table
            .as_ref()
            .filter(|t| t.len() <= MAX_DRAWN_NECKLACES)
            .map(|t| (0..t.len()).map(|i| t.faces(i)).collect());
        let (coins, sides) = (params.coins, params.sides);
        Ok(Info {
            coins,
            sides,
            winnable: params.winnable(),
            prime: params.common_prime(),
            lower_bound: params.lower_bound().map_or_else(|| format!("{sides}^{coins} − 1"), |b| b.to_string()),
            length: length.map(|l| l.to_string()),
            construction,
            guard_prime: guard_prime(&params),
            necklaces,
            small,
            traceable: small && construction.is_some(),
            verifiable: configs.is_some_and(|c| c <= MAX_TABLE_CONFIGS) && construction.is_some(),
            searchable: table.is_some_and(|t| t.len() - 1 <= MAX_NECKLACES),
            max_moves_at_once: MAX_MOVES_AT_ONCE,
            max_verified_configs: MAX_TABLE_CONFIGS,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::NoProgress;
    use crate::table::verify;

    /// The prime factors of n, by trial division.
    fn primes_of(n: u64) -> Vec<u64> {
        (2..=n).filter(|p| n.is_multiple_of(*p) && (2..*p).all(|d| !p.is_multiple_of(d))).collect()
    }

    #[test]
    fn the_strategy_offered_wins_exactly_when_the_theorem_says_a_table_can_be_won() {
        for coins in 1..=8usize {
            for sides in 2..=6u8 {
                let params = Params::new(coins, sides).unwrap();
                let info = Info::of(params).unwrap();
                // Winnable iff one coin, or N and σ are powers of the same prime.
                let (pn, ps) = (primes_of(coins as u64), primes_of(u64::from(sides)));
                let theorem = coins == 1 || (pn.len() == 1 && pn == ps);
                assert_eq!(info.winnable, theorem, "{coins} coins, {sides} sides");
                assert_eq!(info.length.is_some(), info.construction.is_some());
                if !theorem {
                    assert_eq!(info.construction, None);
                    continue;
                }
                let configs = u64::from(sides).pow(coins as u32);
                if info.verifiable {
                    // An exact check of the belief set, independent of how the strategy was built.
                    let r = verify::exact(strategy_for(params).unwrap().as_ref(), &mut NoProgress).unwrap();
                    assert!(r.valid, "{coins} coins, {sides} sides");
                    assert_eq!(info.length, Some(r.length.to_string()));
                    // Each move removes at most one configuration: σ^N − 1 moves at least.
                    assert!(r.length >= configs - 1);
                }
                assert_eq!(info.small, configs <= MAX_TRACE_CONFIGS);
            }
        }
        let big = Info::of(Params::new(64, 2).unwrap()).unwrap();
        assert_eq!(big.lower_bound, u64::MAX.to_string());
        assert_eq!((big.small, big.verifiable, big.necklaces), (false, false, None));
        assert_eq!(big.max_moves_at_once, 65_536);
    }
}
