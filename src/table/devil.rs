//! Devils that turn the table. The random devil is the notebook's; the adversarial ones play
//! from the proof:
//!
//! * When N has an odd prime factor p (two-sided coins), the devil guards p equally spaced
//!   coins that do not all agree. A move flips some of them; if it would make them agree, the
//!   devil turns the table by N/p instead, which shifts the flips one step around the guarded
//!   coins. Both cannot make them agree: that would need the flip pattern to equal its own shift
//!   plus a constant, so (p being odd) it flips all or none of them, and those keep disagreement.
//! * Otherwise the devil knows the strategy you follow and plays the longest defence, worked
//!   out backwards over the remaining moves (small tables), or, in free play, avoids handing you
//!   all heads and keeps as many coins away from heads as it can.

use super::construction::Strategy;
use super::moves::Move;
use super::params::{add, rotate, smallest_prime_factor, Params};
use crate::{bail, Result};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DevilKind {
    Random,
    Adversarial,
    /// A person turns the table.
    Human,
}

impl DevilKind {
    /// Every kind.
    pub const ALL: [DevilKind; 3] = [DevilKind::Random, DevilKind::Adversarial, DevilKind::Human];

    /// The name the CLI, the page and JSON call it by.
    pub fn name(self) -> &'static str {
        match self {
            DevilKind::Random => "random",
            DevilKind::Adversarial => "adversarial",
            DevilKind::Human => "human",
        }
    }

    /// The kind a name calls for, as the CLI's `--devil` and the page's devil menu give it.
    pub fn parse(name: &str) -> Result<DevilKind> {
        match DevilKind::ALL.into_iter().find(|kind| kind.name() == name) {
            Some(kind) => Ok(kind),
            None => bail!("unknown devil '{name}': use random, adversarial or human"),
        }
    }
}

impl std::str::FromStr for DevilKind {
    type Err = crate::Error;

    fn from_str(name: &str) -> Result<DevilKind> {
        DevilKind::parse(name)
    }
}

/// Why the devil turned the table as it did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// Steps the table turns before the move (the coin at position i goes to i + turn).
    pub turn: usize,
    /// Seats of the guarded coins (guard strategy only).
    pub guarded: Vec<usize>,
    pub reason: String,
}

/// The odd prime the guard strategy uses, if N has one (two-sided coins only).
pub fn guard_prime(params: &Params) -> Option<usize> {
    if params.sides != 2 {
        return None;
    }
    let mut n = params.coins as u64;
    while n.is_multiple_of(2) {
        n /= 2;
    }
    (n > 1).then(|| smallest_prime_factor(n) as usize)
}

/// The guarded seats: the first coset {g, g + N/p, …} whose coins do not all agree.
pub fn guarded_seats(seats: &[u8], p: usize) -> Option<Vec<usize>> {
    let n = seats.len();
    let step = n / p;
    (0..step).map(|g| (0..p).map(|k| g + k * step).collect::<Vec<_>>()).find(|set: &Vec<usize>| {
        let first = seats[set[0]];
        set.iter().any(|&s| seats[s] != first)
    })
}

/// Seat faces after the table turns to total `turn` and `mv` is played at the positions.
pub fn play_on_seats(seats: &[u8], turn: usize, mv: &Move, sides: u8) -> Vec<u8> {
    let n = seats.len();
    // Position i shows seat (i − turn) mod n, so seat j is at position (j + turn) mod n.
    (0..n).map(|j| (seats[j] + mv.amounts[(j + turn) % n]) % sides).collect()
}

/// The guard devil's choice, when it has coins to guard.
pub fn guard_choice(params: &Params, seats: &[u8], turn: usize, mv: &Move) -> Option<Choice> {
    let p = guard_prime(params)?;
    let guarded = guarded_seats(seats, p)?;
    let step = params.coins / p;
    let agree = |s: &[u8]| guarded.iter().all(|&g| s[g] == s[guarded[0]]);
    let n = params.coins;
    // Your flips as they fall on the guarded coins at a given turn (F flips, L leaves).
    let pattern = |t: usize| -> String {
        guarded.iter().map(|&g| if mv.amounts[(g + t) % n] == 0 { 'L' } else { 'F' }).collect()
    };
    for k in 0..p {
        let next_turn = turn + k * step;
        if !agree(&play_on_seats(seats, next_turn, mv, 2)) {
            let reason = if k == 0 {
                format!(
                    "guards the {p} coins on seats {guarded:?}: your move falls on them as {}, which leaves them not all agreeing",
                    pattern(turn)
                )
            } else {
                format!(
                    "guards the {p} coins on seats {guarded:?}: your move would have fallen on them as {} and made them agree, so the devil turned the table {}; now it falls as {}, and a pattern that is not all F or all L cannot make them agree in both places",
                    pattern(turn),
                    steps(k * step),
                    pattern(next_turn)
                )
            };
            return Some(Choice { turn: k * step, guarded, reason });
        }
    }
    None
}

/// Best defence against the rest of `strategy`: for each move index i and configuration c (by
/// position, before move i), the move after which the game ends when the devil delays it as
/// long as it can (`strategy.len() + 1` if it never ends).
pub struct Defence {
    params: Params,
    length: u64,
    ends: Vec<Vec<u64>>,
}

/// The largest tables the defence is worked out for.
pub const MAX_DEFENCE_CELLS: u64 = 1 << 20;

impl Defence {
    pub fn new(strategy: &dyn Strategy) -> Option<Defence> {
        let params = strategy.params();
        let configs = params.configs()?;
        let length = strategy.len();
        if configs.checked_mul(length + 1)? > MAX_DEFENCE_CELLS {
            return None;
        }
        let mut ends = vec![vec![0u64; configs as usize]; length as usize + 1];
        for c in 0..configs {
            ends[length as usize][c as usize] = if c == 0 { length } else { length + 1 };
        }
        for i in (0..length).rev() {
            let mv = strategy.move_at(i);
            for c in 0..configs {
                ends[i as usize][c as usize] = if c == 0 {
                    i
                } else {
                    let faces = params.faces(c);
                    (0..params.coins)
                        .map(|r| {
                            let y = params.index(&add(&rotate(&faces, r), &mv.amounts, params.sides));
                            ends[i as usize + 1][y as usize]
                        })
                        .max()
                        .unwrap_or(0)
                };
            }
        }
        Some(Defence { params, length, ends })
    }

    /// When the game ends from `faces` (by position) before move `i`, with best defence.
    pub fn end(&self, i: u64, faces: &[u8]) -> u64 {
        self.ends[i.min(self.length) as usize][self.params.index(faces) as usize]
    }

    /// The turn before move `i` (0-based) that delays the end the longest.
    pub fn choose(&self, i: u64, faces: &[u8], mv: &Move) -> Choice {
        let best = (0..self.params.coins)
            .max_by_key(|&r| {
                let y = add(&rotate(faces, r), &mv.amounts, self.params.sides);
                (self.end(i + 1, &y), std::cmp::Reverse(r))
            })
            .unwrap_or(0);
        let y = add(&rotate(faces, best), &mv.amounts, self.params.sides);
        let end = self.end(i + 1, &y);
        let reason = if end > self.length {
            "knows your strategy and can escape it for good".to_string()
        } else {
            format!("knows your strategy and turns the table so that you win only at move {end}, the latest it can")
        };
        Choice { turn: best, guarded: Vec::new(), reason }
    }
}

/// Free play: avoid all heads if any turn does, then keep the most coins away from heads.
pub fn greedy_choice(params: &Params, faces: &[u8], mv: &Move) -> Choice {
    let after = |r: usize| add(&rotate(faces, r), &mv.amounts, params.sides);
    let best = (0..params.coins)
        .max_by_key(|&r| (after(r).iter().filter(|&&f| f != 0).count(), std::cmp::Reverse(r)))
        .unwrap_or(0);
    let reason = if after(best).iter().all(|&f| f == 0) {
        "could not avoid it: every turn of the table gives all heads".to_string()
    } else {
        "avoids all heads and keeps as many coins away from heads as it can".to_string()
    };
    Choice { turn: best, guarded: Vec::new(), reason }
}

/// "1 step", "3 steps": how far the table turned, as a sentence says it.
pub fn steps(n: usize) -> String {
    if n == 1 {
        "1 step".to_string()
    } else {
        format!("{n} steps")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::construction::Recursive;

    #[test]
    fn every_devil_kind_round_trips_through_its_name() {
        for kind in DevilKind::ALL {
            assert_eq!(DevilKind::parse(kind.name()).unwrap(), kind);
            assert_eq!(kind.name().parse::<DevilKind>().unwrap(), kind);
            // The name is the one JSON (serde) uses for the kind, in both directions.
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.name());
            assert_eq!(serde_json::from_value::<DevilKind>(kind.name().into()).unwrap(), kind);
        }
        let names: std::collections::BTreeSet<&str> = DevilKind::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(names.len(), DevilKind::ALL.len(), "names are distinct");
    }

    #[test]
    fn an_unknown_devil_is_one_line_naming_the_choices() {
        for name in ["angel", "", "Random", " random", "human "] {
            let message = DevilKind::parse(name).unwrap_err().message().to_string();
            assert_eq!(message, format!("unknown devil '{name}': use random, adversarial or human"));
        }
    }

    #[test]
    fn the_guard_survives_every_move_for_six_coins() {
        // Every start with a disagreeing guarded coset and every sequence of 3 moves (by
        // exhaustion over all 64 moves each time): the guarded coins never all agree.
        let params = Params::new(6, 2).unwrap();
        assert_eq!(guard_prime(&params), Some(3));
        for start in 0..64u64 {
            let seats = params.faces(start);
            if guarded_seats(&seats, 3).is_none() {
                continue;
            }
            let mut frontier = vec![(seats, 0usize)];
            for _ in 0..3 {
                let mut next = Vec::new();
                for (s, turn) in &frontier {
                    for m in 0..64 {
                        let mv = Move { amounts: params.faces(m) };
                        let choice = guard_choice(&params, s, *turn, &mv).expect("the guard always has a turn");
                        let after = play_on_seats(s, turn + choice.turn, &mv, 2);
                        let g = &choice.guarded;
                        assert!(g.iter().any(|&x| after[x] != after[g[0]]));
                        assert!(after.iter().any(|&f| f != 0));
                        if m % 16 == 3 {
                            next.push((after, turn + choice.turn));
                        }
                    }
                }
                frontier = next;
            }
        }
        assert_eq!(guard_prime(&Params::new(8, 2).unwrap()), None);
        assert_eq!(guard_prime(&Params::new(12, 2).unwrap()), Some(3));
    }

    #[test]
    fn best_defence_lasts_to_the_last_move_of_the_strategy() {
        // The strategy wins, so no start survives; and some start lasts all 15 moves, because
        // a shorter win from every start would beat the lower bound of 2^4 − 1 moves.
        let params = Params::new(4, 2).unwrap();
        let s = Recursive::new(params).unwrap();
        let d = Defence::new(&s).unwrap();
        let worst = (1..16).map(|c| d.end(0, &params.faces(c))).max().unwrap();
        assert_eq!(worst, 15);
        assert!((1..16).all(|c| d.end(0, &params.faces(c)) <= 15));
    }
}
