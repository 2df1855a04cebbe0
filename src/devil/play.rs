//! The strategy the Devil's chessboard page plays: a number from the lab's menu, or the table a
//! person pasted on the strategy lab page. Everything it depends on is passed in (the page
//! keeps the pasted table in session storage and passes its text), so the page and a Worker's
//! fresh instance always get the same strategy; the cache below only saves rebuilding it.

use crate::devil::game::{Game, SolveOptions};
use crate::devil::lab::lookup::LookupTable;
use crate::devil::lab::menu::StrategySpec;
use crate::devil::rules::board::check_squares;
use crate::devil::rules::strategy::{frames, Frames, Strategy};
use crate::{bail, Result};
use std::cell::RefCell;
use std::rc::Rc;

/// The share-link number of "the table pasted in this browser session" (not in the menu: a
/// table is too big for a link, so the page keeps its text and passes it along).
pub const PASTED_TABLE: u8 = 63;

/// A pasted table, checked: it parses and its size is one the board allows.
pub fn pasted_table(text: &str) -> Result<LookupTable> {
    let table = LookupTable::parse(text, None)?;
    check_squares(table.squares())?;
    Ok(table)
}

/// The inputs a strategy was built from, and the strategy.
struct Built {
    number: u8,
    table: Option<String>,
    squares: usize,
    strategy: Rc<dyn Strategy>,
}

thread_local! {
    /// The last strategy built (the search strategy takes a moment). A pure function of its
    /// key, so a hit gives exactly what a rebuild would.
    static LAST: RefCell<Option<Built>> = const { RefCell::new(None) };
}

/// Strategy `number` of the menu for `squares`, or with [`PASTED_TABLE`] the table of `table`
/// (required then, ignored otherwise).
pub fn strategy(number: u8, table: Option<&str>, squares: usize) -> Result<Rc<dyn Strategy>> {
    let table = if number == PASTED_TABLE { table } else { None };
    let hit = LAST.with(|last| {
        last.borrow()
            .as_ref()
            .filter(|b| b.number == number && b.squares == squares && b.table.as_deref() == table)
            .map(|b| b.strategy.clone())
    });
    if let Some(s) = hit {
        return Ok(s);
    }
    let strategy = build(number, table, squares)?;
    LAST.with(|last| {
        *last.borrow_mut() =
            Some(Built { number, table: table.map(str::to_string), squares, strategy: strategy.clone() })
    });
    Ok(strategy)
}

fn build(number: u8, table: Option<&str>, squares: usize) -> Result<Rc<dyn Strategy>> {
    if number != PASTED_TABLE {
        return Ok(Rc::from(StrategySpec::from_number(number)?.build(squares)?));
    }
    let Some(text) = table else {
        bail!("no table is loaded: paste one on the strategy lab page");
    };
    let table = pasted_table(text)?;
    if table.squares() != squares {
        bail!("the pasted table is for {} squares, not {squares}", table.squares());
    }
    Ok(Rc::new(table))
}

/// What the page asks of the strategy about a round, answered here so no view works out a rule
/// (the session's `query`): on the round as it stands, or as the devil dealt it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Question {
    /// The strategy's explanation, step by step, each with the moves made by then.
    Explain { dealt: bool },
    /// The square the strategy's B names on the board.
    Named { dealt: bool },
    /// The coin the strategy's A flips on the round as dealt (none: no flip names the key).
    Flip,
}

impl Question {
    /// `explain`, `explain-dealt`, `named`, `named-dealt` or `flip`.
    pub fn parse(text: &str) -> Result<Question> {
        Ok(match text {
            "explain" => Question::Explain { dealt: false },
            "explain-dealt" => Question::Explain { dealt: true },
            "named" => Question::Named { dealt: false },
            "named-dealt" => Question::Named { dealt: true },
            "flip" => Question::Flip,
            other => {
                bail!("'{other}' is not a question about a round (explain, explain-dealt, named, named-dealt, flip)")
            }
        })
    }
}

/// The answer to a [`Question`], serialised as the bare value.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum Answer {
    Frames(Frames),
    Square(usize),
    Flip(Option<usize>),
}

/// Answers `question` about `game` for the strategy of `options`.
pub fn ask(game: &Game, question: Question, options: &SolveOptions) -> Result<Answer> {
    let squares = game.board.squares();
    let played = strategy(options.strategy, options.table.as_deref(), squares)?;
    let dealt = game.as_dealt();
    let on = |as_dealt: bool| if as_dealt { &dealt } else { game };
    Ok(match question {
        Question::Explain { dealt: as_dealt } => {
            let round = on(as_dealt);
            Answer::Frames(frames(played.explain(&round.board, round.key), squares))
        }
        Question::Named { dealt: as_dealt } => Answer::Square(played.decode(&on(as_dealt).board)),
        Question::Flip => Answer::Flip(played.encode(&dealt.board, dealt.key)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::devil::{Board, Move, Xor};

    #[test]
    fn the_same_inputs_give_the_same_strategy_whatever_came_before() {
        // Strategy 0 is XOR: B names the XOR of the heads' indices (the rule itself).
        let xor = Xor { squares: 8 };
        let table_text = LookupTable::of(&xor).unwrap().to_text();
        for order in [[0u8, PASTED_TABLE], [PASTED_TABLE, 0]] {
            for &number in &order {
                let s = strategy(number, Some(&table_text), 8).unwrap();
                for x in 0..256u64 {
                    let heads_xor = (0..8).filter(|i| x >> i & 1 == 1).fold(0, |a, i| a ^ i);
                    assert_eq!(s.decode(&Board::from_bits(8, x).unwrap()), heads_xor);
                }
            }
        }
    }

    #[test]
    fn a_pasted_table_is_needed_for_its_number_and_must_fit_the_board() {
        assert!(strategy(PASTED_TABLE, None, 8).err().unwrap().message().contains("no table is loaded"));
        let four = LookupTable::of(&Xor { squares: 4 }).unwrap().to_text();
        let e = strategy(PASTED_TABLE, Some(&four), 8).err().unwrap();
        assert_eq!(e.message(), "the pasted table is for 4 squares, not 8");
        // A table for a size the board refuses (3 squares is not a power of two).
        assert!(pasted_table("0\n1\n2\n0\n1\n2\n0\n1\n").is_err());
        assert_eq!(pasted_table(&four).unwrap().squares(), 4);
        // The table is ignored for menu numbers.
        assert_eq!(strategy(0, Some("garbage"), 4).unwrap().squares(), 4);
    }

    #[test]
    fn questions_about_a_round_match_the_rule_computed_by_hand() {
        // 8 squares, heads on 1, 2 and 6: XOR 1^2^6 = 5; the key under 3, so A flips 5^3 = 6.
        let dealt = Game::new(Board::from_bits(8, 0b0100_0110).unwrap(), 3).unwrap();
        let flipped = crate::puzzle::Puzzle::apply(&dealt, &Move::Flip(0)).unwrap();
        let xor = SolveOptions::default();
        let ask_of = |game: &Game, q: &str| ask(game, Question::parse(q).unwrap(), &xor).unwrap();
        assert_eq!(ask_of(&dealt, "flip"), Answer::Flip(Some(6)));
        assert_eq!(ask_of(&flipped, "flip"), Answer::Flip(Some(6)), "asked of the round as dealt");
        assert_eq!(ask_of(&dealt, "named"), Answer::Square(5));
        // Coin 0 turned over: heads 0, 1, 2, 6, XOR still 5 (flipping coin 0 changes nothing).
        assert_eq!(ask_of(&flipped, "named"), Answer::Square(5));
        let Answer::Frames(f) = ask_of(&flipped, "explain-dealt") else { panic!("frames") };
        assert_eq!(f, frames(Xor { squares: 8 }.explain(&dealt.board, 3), 8));
        assert!(Question::parse("why").unwrap_err().message().contains("'why' is not a question"));
    }
}
