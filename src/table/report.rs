//! What the command line prints about a table, worked out here so that the CLI only writes it:
//! summaries of a search and of a verification, the strategy a user names, and a range of a
//! strategy's moves.

use super::construction::{Listed, Recursive, Strategy};
use super::game::MAX_MOVES_AT_ONCE;
use super::moves::parse_strategy;
use super::params::Params;
use super::search::Found;
use super::verify::Report;
use crate::{bail, Result};
use serde::Serialize;
use std::ops::Range;

impl Found {
    /// One line: the shortest strategy's length, or that none wins.
    pub fn summary(&self) -> String {
        let (coins, sides, states) = (self.coins, self.sides, self.belief_states);
        match self.length {
            Some(l) => format!(
                "{coins} coins, {sides} sides: the shortest winning strategy has {l} moves ({states} belief states reached)"
            ),
            None => format!(
                "{coins} coins, {sides} sides: no strategy wins; all {states} reachable belief states were explored"
            ),
        }
    }
}

impl Report {
    /// Three lines: the verdict, where the belief set emptied (or what is left), and the bound.
    pub fn summary(&self) -> String {
        let verdict = if self.valid { "wins against every devil" } else { "does not win" };
        let end = match self.emptied_at {
            Some(at) => format!("the belief set is empty after move {at}"),
            None => format!("{} configurations are still possible at the end", self.sizes.last().unwrap_or(&0)),
        };
        format!(
            "the strategy of {} moves {verdict} (exact check of the belief set)\n{end}\n\
             no move removed more than {} configuration{}; any winning strategy needs at least {} moves",
            self.length,
            self.most_removed,
            if self.most_removed == 1 { "" } else { "s" },
            self.lower_bound
        )
    }
}

/// The strategy a user names: `recursive` (the construction), or the text of a file with one
/// move a line (`source` names the file in errors).
pub fn named_strategy(params: Params, name: &str, text: impl FnOnce() -> Result<String>) -> Result<Box<dyn Strategy>> {
    if name == "recursive" {
        return Ok(Box::new(Recursive::new(params)?));
    }
    let moves = parse_strategy(&params, &text()?).map_err(|e| crate::Error::new(format!("{name}: {e}")))?;
    Ok(Box::new(Listed { params, moves }))
}

/// Moves `from..from + count` of a strategy of `len` moves (to the end without `count`).
pub fn move_range(len: u64, from: u64, count: Option<u64>) -> Result<Range<u64>> {
    if from > len {
        bail!("the strategy has {len} moves; --from {from} is past its end");
    }
    Ok(from..count.map_or(len, |c| from.saturating_add(c).min(len)))
}

/// A range of a strategy's moves as one object: positions per move, and amounts when coins
/// have more than two sides.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Listing {
    pub coins: usize,
    pub sides: u8,
    pub length: u64,
    pub from: u64,
    pub moves: Vec<Vec<usize>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amounts: Option<Vec<Vec<u8>>>,
}

impl Listing {
    /// At most [`MAX_MOVES_AT_ONCE`] moves.
    pub fn of(strategy: &dyn Strategy, range: Range<u64>) -> Result<Listing> {
        let count = range.end - range.start;
        if count > MAX_MOVES_AT_ONCE {
            bail!("{count} moves are too many for one JSON object; use --from and --count");
        }
        let params = strategy.params();
        let moves = range.clone().map(|i| strategy.move_at(i)).collect::<Vec<_>>();
        Ok(Listing {
            coins: params.coins,
            sides: params.sides,
            length: strategy.len(),
            from: range.start,
            moves: moves.iter().map(|m| m.positions()).collect(),
            amounts: (params.sides > 2).then(|| moves.into_iter().map(|m| m.amounts).collect()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::NoProgress;
    use crate::table::{search, verify};

    #[test]
    fn ranges_stop_at_the_end_and_refuse_to_start_past_it() {
        assert_eq!(move_range(15, 0, None).unwrap(), 0..15);
        assert_eq!(move_range(15, 10, Some(100)).unwrap(), 10..15);
        assert_eq!(move_range(15, 15, None).unwrap(), 15..15);
        assert_eq!(move_range(15, 3, Some(u64::MAX)).unwrap(), 3..15);
        assert!(move_range(15, 16, None).unwrap_err().message().contains("past its end"));
    }

    #[test]
    fn a_listing_holds_the_moves_it_names_and_refuses_too_many() {
        // The notebook's strategy for 4 coins starts FFFF FLFL FFFF FFLL.
        let r = Recursive::new(Params::new(4, 2).unwrap()).unwrap();
        let l = Listing::of(&r, 0..4).unwrap();
        assert_eq!(l.moves, vec![vec![0, 1, 2, 3], vec![0, 2], vec![0, 1, 2, 3], vec![0, 1]]);
        assert_eq!((l.length, l.from, l.amounts), (15, 0, None));
        let three = Recursive::new(Params::new(3, 3).unwrap()).unwrap();
        let l = Listing::of(&three, 2..5).unwrap();
        let amounts = l.amounts.unwrap();
        assert_eq!(amounts.len(), 3);
        for (i, a) in (2..5).zip(&amounts) {
            assert_eq!(a, &three.move_at(i).amounts);
        }
        let long = Recursive::new(Params::new(32, 2).unwrap()).unwrap();
        assert!(Listing::of(&long, 0..MAX_MOVES_AT_ONCE + 1).is_err());
        assert_eq!(Listing::of(&long, 0..MAX_MOVES_AT_ONCE).unwrap().moves.len() as u64, MAX_MOVES_AT_ONCE);
    }

    #[test]
    fn a_named_strategy_is_the_construction_or_the_file_with_its_name_in_errors() {
        let p = Params::new(4, 2).unwrap();
        assert_eq!(named_strategy(p, "recursive", || unreachable!()).unwrap().len(), 15);
        assert_eq!(named_strategy(p, "s.txt", || Ok("0 1 2 3\n0 2\n".into())).unwrap().len(), 2);
        let e = named_strategy(p, "s.txt", || Ok("0 9\n".into())).err().unwrap();
        assert!(e.message().starts_with("s.txt: line 1:"), "{e}");
    }

    #[test]
    fn summaries_state_the_figures_of_the_report() {
        // The notebook: 15 moves for 4 coins, none for 3.
        let four = search::search(Params::new(4, 2).unwrap(), &mut NoProgress).unwrap();
        assert!(four.summary().contains("the shortest winning strategy has 15 moves"));
        let three = search::search(Params::new(3, 2).unwrap(), &mut NoProgress).unwrap();
        assert!(three.summary().contains("no strategy wins"));
        let r = verify::exact(&Recursive::new(Params::new(4, 2).unwrap()).unwrap(), &mut NoProgress).unwrap();
        let text = r.summary();
        assert!(text.starts_with("the strategy of 15 moves wins against every devil"));
        assert!(text.contains("empty after move 15") && text.contains("at least 15 moves"));
    }
}
