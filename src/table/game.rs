//! One game at the table as a [`Puzzle`]: the coins by seat, how far the table has turned, the
//! devil, and whether you follow the winning strategy; plus its share-link encoding.

use super::construction::{Listed, Recursive, Strategy};
use super::devil::{greedy_choice, guard_choice, guard_prime, guarded_seats, Choice, Defence, DevilKind};
use super::moves::Move;
use super::params::{Params, MAX_COINS, MAX_SIDES, MIN_SIDES};
use crate::bits::{from_base64url, BitReader, BitWriter};
use crate::progress::Progress;
use crate::puzzle::Puzzle;
use crate::seed::rng_from_seed;
use crate::session::Session;
use crate::{bail, link, Result};
use rand::Rng;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub params: Params,
    /// Face of the coin on each seat of the table (seats turn with the table).
    pub seats: Vec<u8>,
    /// Steps the table has turned in all, mod N: position i shows seat (i − turn) mod N.
    pub turn: usize,
    /// Moves played so far.
    pub moves: u64,
    pub devil: DevilKind,
    /// You see the coins (otherwise only positions).
    pub sighted: bool,
    /// You play the winning strategy's moves in order (so an adversarial devil may know them).
    pub following: bool,
    pub seed: u64,
}

/// One move with, when a person plays the devil, the turn they chose.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Play {
    pub amounts: Vec<u8>,
    pub turn: Option<usize>,
}

impl Game {
    /// A new game; an adversarial devil picks the start itself.
    pub fn new(params: Params, devil: DevilKind, sighted: bool, following: bool, seed: u64) -> Result<Game> {
        let mut rng = rng_from_seed(seed);
        let mut seats: Vec<u8> = (0..params.coins).map(|_| rng.random_range(0..params.sides)).collect();
        if seats.iter().all(|&f| f == 0) {
            seats[0] = 1;
        }
        let mut game = Game { params, seats, turn: 0, moves: 0, devil, sighted, following, seed };
        if devil == DevilKind::Adversarial {
            if let Some(p) = guard_prime(&params) {
                if guarded_seats(&game.seats, p).is_none() {
                    game.seats[0] ^= 1;
                }
            } else if let Some(defence) = game.defence() {
                // The start that lasts longest against the strategy.
                let configs = params.configs().unwrap_or(1);
                let worst = (1..configs).max_by_key(|&c| defence.end(0, &params.faces(c))).unwrap_or(1);
                game.seats = params.faces(worst);
            }
        }
        Ok(game)
    }

    /// What is at each position now.
    pub fn faces(&self) -> Vec<u8> {
        let n = self.params.coins;
        (0..n).map(|i| self.seats[(i + n - self.turn % n) % n]).collect()
    }

    /// The seats an adversarial guard devil is protecting now (none for other devils).
    pub fn guarded(&self) -> Vec<usize> {
        match (self.devil, guard_prime(&self.params)) {
            (DevilKind::Adversarial, Some(p)) => guarded_seats(&self.seats, p).unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// The winning strategy for this table, if there is one we can list or compute.
    pub fn strategy(&self) -> Result<Box<dyn Strategy>> {
        strategy_for(self.params)
    }

    fn defence(&self) -> Option<Defence> {
        if !self.following {
            return None;
        }
        let strategy = self.strategy().ok()?;
        Defence::new(strategy.as_ref())
    }

    /// How the devil turns the table before `mv`.
    pub fn devil_choice(&self, play: &Play) -> Result<Choice> {
        self.devil_choice_with(play, None)
    }

    /// [`Game::devil_choice`] with the best defence already worked out (it is the same for
    /// every move of a game).
    fn devil_choice_with(&self, play: &Play, defence: Option<&Defence>) -> Result<Choice> {
        let n = self.params.coins;
        let mv = Move::new(&self.params, play.amounts.clone())?;
        match (self.devil, play.turn) {
            (DevilKind::Human, None) => bail!("you play the devil: choose how far to turn the table"),
            (DevilKind::Human, Some(t)) if t >= n => bail!("the table turns 0 to {} steps, not {t}", n - 1),
            (DevilKind::Human, Some(t)) => Ok(Choice {
                turn: t,
                guarded: Vec::new(),
                reason: format!("you turned the table {}", super::devil::steps(t)),
            }),
            (_, Some(_)) => bail!("the devil turns the table, not you"),
            (DevilKind::Random, None) => {
                let mut rng = rng_from_seed(self.seed ^ (self.moves + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
                let t = rng.random_range(0..n);
                Ok(Choice {
                    turn: t,
                    guarded: Vec::new(),
                    reason: format!("turned the table {} at random", super::devil::steps(t)),
                })
            }
            (DevilKind::Adversarial, None) => {
                if let Some(c) = guard_choice(&self.params, &self.seats, self.turn, &mv) {
                    return Ok(c);
                }
                if let Some(defence) = defence {
                    return Ok(defence.choose(self.moves, &self.faces(), &mv));
                }
                if let Some(defence) = self.defence() {
                    return Ok(defence.choose(self.moves, &self.faces(), &mv));
                }
                Ok(greedy_choice(&self.params, &self.faces(), &mv))
            }
        }
    }

    fn play_with(&self, play: &Play, defence: Option<&Defence>) -> Result<(Game, Choice)> {
        if self.is_solved() {
            bail!("the game is over: every coin shows heads");
        }
        let choice = self.devil_choice_with(play, defence)?;
        let n = self.params.coins;
        let turn = (self.turn + choice.turn) % n;
        let mut next = self.clone();
        for (i, &a) in play.amounts.iter().enumerate() {
            let seat = (i + n - turn) % n;
            next.seats[seat] = (next.seats[seat] + a) % self.params.sides;
        }
        next.turn = turn;
        next.moves += 1;
        Ok((next, choice))
    }
}

/// The most moves played, listed or checked in one call: how far [`Game::follow`] jumps, how
/// long a strategy [`Puzzle::solve`] lists or the random-devil check plays, how many moves the
/// CLI writes as one JSON object. The faces read it from here (the page from [`super::Info`]).
pub const MAX_MOVES_AT_ONCE: u64 = 1 << 16;

/// The most moves of the strategy a solve lists for a step bar: the 4,095 moves of twelve
/// coins whole, longer strategies a window at a time (listing costs about 5 µs a move, and a
/// page lists them whenever it opens a game).
pub const STEPS_AT_ONCE: u64 = 1 << 12;

impl Game {
    /// Plays the strategy's moves from move `self.moves` up to (not including) move `to`, or
    /// until the game is won. Returns the game and the last devil choice.
    pub fn follow(&self, to: u64) -> Result<(Game, Option<Choice>)> {
        if self.devil == DevilKind::Human {
            bail!("with a person as the devil, play the strategy's moves one at a time");
        }
        let strategy = self.strategy()?;
        let to = to.min(strategy.len());
        if to < self.moves {
            bail!("the game is already past move {to}");
        }
        if to - self.moves > MAX_MOVES_AT_ONCE {
            bail!("jumps go at most {MAX_MOVES_AT_ONCE} moves ahead at a time");
        }
        let defence = self.defence();
        let (mut game, mut last) = (self.clone(), None);
        while game.moves < to && !game.is_solved() {
            let play = Play { amounts: strategy.move_at(game.moves).amounts, turn: None };
            let (next, choice) = game.play_with(&play, defence.as_ref())?;
            game = next;
            last = Some(choice);
        }
        Ok((game, last))
    }
}

/// Plays the strategy up to move `to` in `session` as one move of its history (one undo takes
/// it back): the page's jump to move N and the CLI's `table link --moves N`, so both faces
/// drive the session alike. The devil's last choice, or `None` when no move was played.
pub fn jump(session: &mut Session<Game>, to: u64) -> Result<Option<Choice>> {
    let (next, choice) = session.state().follow(to)?;
    let Some(choice) = choice else { return Ok(None) };
    let mv = Play { amounts: Vec::new(), turn: Some(choice.turn) };
    Ok(Some(session.play_by(mv, |_| Ok((next, choice)))?.clone()))
}

/// Move `index` (0-based) of the strategy [`strategy_for`] gives, with its range checked.
pub fn strategy_move(params: Params, index: u64) -> Result<Move> {
    let strategy = strategy_for(params)?;
    let len = strategy.len();
    if index >= len {
        bail!("the strategy has {len} moves (0 to {})", len - 1);
    }
    Ok(strategy.move_at(index))
}

/// The winning strategy: the recursive construction when it applies, otherwise the search's.
pub fn strategy_for(params: Params) -> Result<Box<dyn Strategy>> {
    if !params.winnable() {
        bail!(
            "no strategy wins with {} coins of {} sides: the devil can always escape (N and σ are not powers of one prime)",
            params.coins,
            params.sides
        );
    }
    if let Ok(r) = Recursive::new(params) {
        return Ok(Box::new(r));
    }
    let found = super::search::search_limited(params, 200_000, &mut crate::progress::NoProgress)?;
    Ok(Box::new(Listed { params, moves: found.moves }))
}

const DEVILS: [DevilKind; 3] = [DevilKind::Random, DevilKind::Adversarial, DevilKind::Human];
const LINK_VERSION: u32 = 1;

impl Puzzle for Game {
    type Params = Params;
    type Move = Play;
    /// The devil's turn of the table before the move fell, and why it chose it.
    type Outcome = Choice;
    type SolveOptions = ();
    const NAME: &'static str = "table";
    const LINK_VERSION: u32 = LINK_VERSION;

    fn random(params: &Params, seed: u64) -> Result<Game> {
        Game::new(*params, DevilKind::Random, true, false, seed)
    }

    fn play(&self, mv: &Play) -> Result<(Game, Choice)> {
        self.play_with(mv, None)
    }

    fn is_solved(&self) -> bool {
        self.seats.iter().all(|&f| f == 0)
    }

    /// The winning strategy's moves from the game's move counter on (any strategy wins from
    /// every start): the rest of it, or its next [`STEPS_AT_ONCE`] moves when more are left,
    /// so even a 2^64 − 1-move strategy can be stepped through a window at a time. With a person
    /// as the devil the turns are left to them.
    fn solve_with(&self, _options: &(), _progress: &mut dyn Progress) -> Result<Vec<Play>> {
        let strategy = self.strategy()?;
        if self.devil == DevilKind::Human {
            bail!("with a person as the devil, the turns are theirs to choose");
        }
        let end = strategy.len().min(self.moves.saturating_add(STEPS_AT_ONCE));
        Ok((self.moves.min(end)..end).map(|i| Play { amounts: strategy.move_at(i).amounts, turn: None }).collect())
    }

    /// Whether the moves win (the game may end before the last move: the rest are not played).
    fn verify(&self, moves: &[Play]) -> Result<bool> {
        let mut game = self.clone();
        for mv in moves {
            if game.is_solved() {
                break;
            }
            game = game.apply(mv)?;
        }
        Ok(game.is_solved())
    }

    fn encode(&self) -> String {
        let mut w = BitWriter::new();
        w.push_bits(self.params.coins as u64 - 1, 6);
        w.push_bits(u64::from(self.params.sides - MIN_SIDES), 3);
        w.push_bits(DEVILS.iter().position(|&d| d == self.devil).unwrap_or(0) as u64, 2);
        w.push_bit(self.sighted);
        w.push_bit(self.following);
        w.push_bits(self.turn as u64, 6);
        w.push_bits(self.moves, 64);
        w.push_bits(self.seed, 64);
        for &f in &self.seats {
            w.push_bits(u64::from(f), 3);
        }
        w.to_base64url()
    }

    fn decode(payload: &str) -> Result<Game> {
        let bytes = from_base64url(payload).map_err(link::garbled)?;
        let mut r = BitReader::new(&bytes);
        let coins = r.read_bits(6).map_err(link::truncated_or_garbled)? as usize + 1;
        let sides = r.read_bits(3).map_err(link::truncated_or_garbled)? as u8 + MIN_SIDES;
        if sides > MAX_SIDES {
            bail!("this link asks for {sides}-sided coins; coins have at most {MAX_SIDES} sides");
        }
        debug_assert!(coins <= MAX_COINS);
        let params = Params::new(coins, sides)?;
        let devil = match DEVILS.get(r.read_bits(2).map_err(link::truncated_or_garbled)? as usize) {
            Some(&d) => d,
            None => bail!("this link is garbled: unknown devil"),
        };
        let sighted = r.read_bit().map_err(link::truncated_or_garbled)?;
        let following = r.read_bit().map_err(link::truncated_or_garbled)?;
        let turn = r.read_bits(6).map_err(link::truncated_or_garbled)? as usize;
        if turn >= coins {
            bail!("this link is garbled: the table turned {turn} steps of {coins}");
        }
        let moves = r.read_bits(64).map_err(link::truncated_or_garbled)?;
        let seed = r.read_bits(64).map_err(link::truncated_or_garbled)?;
        let mut seats = Vec::with_capacity(coins);
        for _ in 0..coins {
            let f = r.read_bits(3).map_err(link::truncated_or_garbled)? as u8;
            if f >= sides {
                bail!("this link is garbled: a coin shows face {f} of {sides}");
            }
            seats.push(f);
        }
        r.finish().map_err(link::garbled)?;
        Ok(Game { params, seats, turn, moves, devil, sighted, following, seed })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn solving_lists_the_strategy_from_the_move_counter_a_window_at_a_time() {
        let params = Params::new(4, 2).unwrap();
        let game = Game::new(params, DevilKind::Random, true, true, 1).unwrap();
        let mut later = game.clone();
        later.moves = 10;
        let strategy = strategy_for(params).unwrap();
        let listed: Vec<Vec<u8>> = later.solve().unwrap().into_iter().map(|p| p.amounts).collect();
        let expected: Vec<Vec<u8>> = (10..15).map(|i| strategy.move_at(i).amounts).collect();
        assert_eq!(listed, expected);
        later.moves = 15;
        assert!(later.solve().unwrap().is_empty());
        let big = Game::new(Params::new(32, 2).unwrap(), DevilKind::Random, true, true, 1).unwrap();
        assert_eq!(big.solve().unwrap().len() as u64, STEPS_AT_ONCE);
    }

    #[test]
    fn the_strategy_beats_every_devil_and_the_guard_beats_everything() {
        for devil in [DevilKind::Random, DevilKind::Adversarial] {
            for seed in 0..20 {
                let game = Game::new(Params::new(4, 2).unwrap(), devil, true, true, seed).unwrap();
                let moves = game.solve().unwrap();
                assert!(game.verify(&moves).unwrap(), "{devil:?} seed {seed}");
            }
        }
        // Against the best defence, the worst start lasts exactly 15 moves.
        let game = Game::new(Params::new(4, 2).unwrap(), DevilKind::Adversarial, true, true, 0).unwrap();
        let mut g = game.clone();
        for mv in game.solve().unwrap() {
            assert!(!g.is_solved());
            g = g.apply(&mv).unwrap();
        }
        assert!(g.is_solved() && g.moves == 15);
        let (followed, _) = game.follow(100).unwrap();
        assert_eq!(followed, g);
        // Six coins: whatever you play, the guard devil never lets all coins show heads.
        let mut g = Game::new(Params::new(6, 2).unwrap(), DevilKind::Adversarial, false, false, 3).unwrap();
        let mut rng = rng_from_seed(9);
        use rand::Rng as _;
        for _ in 0..2000 {
            let amounts: Vec<u8> = (0..6).map(|_| rng.random_range(0..2)).collect();
            let (next, choice) = g.play(&Play { amounts, turn: None }).unwrap();
            assert_eq!(choice.guarded.len(), 3);
            assert!(!next.is_solved());
            g = next;
        }
    }

    #[test]
    fn human_devil_and_errors() {
        let g = Game::new(Params::new(3, 2).unwrap(), DevilKind::Human, true, false, 1).unwrap();
        assert!(g.play(&Play { amounts: vec![1, 0, 0], turn: None }).is_err());
        assert!(g.play(&Play { amounts: vec![1, 0, 0], turn: Some(3) }).is_err());
        assert!(g.play(&Play { amounts: vec![1, 0], turn: Some(1) }).is_err());
        let (next, _) = g.play(&Play { amounts: vec![1, 0, 0], turn: Some(1) }).unwrap();
        // Turned by 1: position 0 shows seat 2, which the move flipped.
        assert_eq!(next.seats[2], g.seats[2] ^ 1);
        assert_eq!(next.faces()[0], next.seats[2]);
        assert!(strategy_for(Params::new(6, 2).unwrap()).is_err());
        assert_eq!(strategy_for(Params::new(2, 4).unwrap()).unwrap().len(), 15);
    }

    #[test]
    fn links_round_trip_and_reject_garbage() {
        let game = Game::new(Params::new(5, 3).unwrap(), DevilKind::Human, false, true, 77).unwrap();
        let (game, _) = game.play(&Play { amounts: vec![0, 2, 0, 1, 0], turn: Some(2) }).unwrap();
        let link = game.link();
        assert!(link.starts_with("table/v1/"));
        assert_eq!(Game::open(&format!("#{link}")).unwrap(), game);
        assert!(Game::open("#table/v2/AAAA").unwrap_err().message().contains("version"));
        assert!(Game::open(&link[..link.len() - 4]).unwrap_err().message().contains("truncated"));
        assert!(Game::open("#table/v1/!!").is_err());
    }

    proptest! {
        #[test]
        fn decoding_random_payloads_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..40)) {
            let text = crate::bits::BitWriter::new().to_base64url() + &base64_of(&bytes);
            let _ = Game::decode(&text);
        }

        #[test]
        fn any_game_round_trips(coins in 1usize..=64, sides in 2u8..=6, seed: u64, devil in 0usize..3, moves: u64) {
            let params = Params::new(coins, sides).unwrap();
            let mut game = Game::new(params, DEVILS[devil], seed % 2 == 0, seed % 3 == 0, seed).unwrap();
            game.moves = moves;
            game.turn = (seed % coins as u64) as usize;
            prop_assert_eq!(Game::decode(&game.encode()).unwrap(), game);
        }
    }

    fn base64_of(bytes: &[u8]) -> String {
        use base64::Engine;
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
    }
}
