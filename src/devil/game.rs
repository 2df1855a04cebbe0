//! One round of the Devil's chessboard as a [`Puzzle`]: the board, the key, A's flip and B's
//! answer; and the share-link encoding of a round together with the page's view of it.

use crate::bits::{from_base64url, BitReader, BitWriter};
use crate::devil::rules::board::{check_squares, Board, MAX_SQUARES};
use crate::devil::rules::strategy::{Strategy, Xor};
use crate::progress::Progress;
use crate::puzzle::{Action, Input, Puzzle, Status};
use crate::seed::rng_from_seed;
use crate::{bail, link, Result};
use rand::Rng;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// The coins as they are now (after A's flip, once A has flipped).
    pub board: Board,
    pub key: usize,
    /// The coin A flipped, once A has played.
    pub flipped: Option<usize>,
    /// The square B named, once B has played.
    pub answer: Option<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Move {
    /// Prisoner A flips this coin.
    Flip(usize),
    /// Prisoner B names this square.
    Answer(usize),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Params {
    pub squares: usize,
}

impl Game {
    pub fn new(board: Board, key: usize) -> Result<Game> {
        if key >= board.squares() {
            bail!("key square {key} is off the board (0 to {})", board.squares() - 1);
        }
        Ok(Game { board, key, flipped: None, answer: None })
    }

    /// Edit mode: the same round with coin `index` turned over by hand (not A's flip), so
    /// the round starts afresh.
    pub fn with_coin_toggled(&self, index: usize) -> Result<Game> {
        self.check_square(index)?;
        let mut board = self.board.clone();
        board.flip(index);
        Game::new(board, self.key)
    }

    /// Edit mode: the same coins with the key under square `index`; the round starts afresh.
    pub fn with_key(&self, index: usize) -> Result<Game> {
        self.check_square(index)?;
        Game::new(self.board.clone(), index)
    }

    /// The round as the devil dealt it: A's flip turned back, no answer.
    pub fn as_dealt(&self) -> Game {
        let mut board = self.board.clone();
        if let Some(i) = self.flipped {
            board.flip(i);
        }
        Game { board, key: self.key, flipped: None, answer: None }
    }

    fn check_square(&self, i: usize) -> Result<()> {
        let n = self.board.squares();
        if i >= n {
            bail!("square {i} is off the board (0 to {})", n - 1);
        }
        Ok(())
    }

    /// Prisoner B's reply to the round as it stands, by the strategy of `options`: B's answer
    /// once A has flipped and B has not answered yet, else none.
    pub fn reply(&self, options: &SolveOptions) -> Result<Option<Move>> {
        if self.flipped.is_none() || self.answer.is_some() {
            return Ok(None);
        }
        let squares = self.board.squares();
        let answer = match options.strategy {
            0 => Xor { squares }.decode(&self.board),
            n => crate::devil::play::strategy(n, options.table.as_deref(), squares)?.decode(&self.board),
        };
        Ok(Some(Move::Answer(answer)))
    }

    /// The moves `strategy` plays from here: A's flip (unless made) and B's answer.
    pub fn play_strategy(&self, strategy: &dyn Strategy) -> Result<Vec<Move>> {
        if strategy.squares() != self.board.squares() {
            bail!("the strategy is for {} squares, the board has {}", strategy.squares(), self.board.squares());
        }
        if self.answer.is_some() {
            bail!("prisoner B has already answered");
        }
        let mut moves = Vec::new();
        let board = match self.flipped {
            Some(_) => self.board.clone(),
            None => {
                let Some(flip) = strategy.encode(&self.board, self.key) else {
                    bail!("the {} strategy has no flip that names the key here", strategy.name());
                };
                moves.push(Move::Flip(flip));
                self.board.with_flip(flip)
            }
        };
        let answer = strategy.decode(&board);
        if answer != self.key {
            bail!("A's flip was not the strategy's: B would name square {answer}, the key is {}", self.key);
        }
        moves.push(Move::Answer(answer));
        Ok(moves)
    }
}

/// Which strategy [`Puzzle::solve_with`] plays: its share-link number (0, the default, is
/// XOR; see `crate::devil::play::strategy`), and for number 63 the text of the pasted table.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolveOptions {
    pub strategy: u8,
    pub table: Option<String>,
}

impl Puzzle for Game {
    type Params = Params;
    type Move = Move;
    type Outcome = ();
    type SolveOptions = SolveOptions;
    const NAME: &'static str = "devil";
    const LINK_VERSION: u32 = LINK_VERSION;

    fn random(params: &Params, seed: u64) -> Result<Game> {
        check_squares(params.squares)?;
        let mut rng = rng_from_seed(seed);
        let board = Board::random(params.squares, &mut rng)?;
        let key = rng.random_range(0..params.squares);
        Game::new(board, key)
    }

    fn play(&self, mv: &Move) -> Result<(Game, ())> {
        let mut next = self.clone();
        match *mv {
            Move::Flip(i) => {
                self.check_square(i)?;
                if self.flipped.is_some() {
                    bail!("prisoner A flips exactly one coin, and already has");
                }
                next.board.flip(i);
                next.flipped = Some(i);
            }
            Move::Answer(i) => {
                self.check_square(i)?;
                if self.flipped.is_none() {
                    bail!("prisoner B answers only after A has flipped a coin");
                }
                if self.answer.is_some() {
                    bail!("prisoner B has already answered");
                }
                next.answer = Some(i);
            }
        }
        Ok((next, ()))
    }

    fn is_solved(&self) -> bool {
        self.answer == Some(self.key)
    }

    /// B's answer ends the round: won if it is the key, lost for good otherwise.
    fn status(&self) -> Status {
        match self.answer {
            None => Status::Playing,
            Some(a) if a == self.key => Status::Won,
            Some(_) => Status::Lost,
        }
    }

    fn solve_with(&self, options: &SolveOptions, _progress: &mut dyn Progress) -> Result<Vec<Move>> {
        if options.strategy == 0 {
            return self.play_strategy(&Xor { squares: self.board.squares() });
        }
        let strategy = crate::devil::play::strategy(options.strategy, options.table.as_deref(), self.board.squares())?;
        self.play_strategy(strategy.as_ref())
    }

    fn encode(&self) -> String {
        encode_view(&View { game: self.clone(), mode: Mode::Watch, strategy: 0, step: 0 })
    }

    fn decode(payload: &str) -> Result<Game> {
        decode_view(payload).map(|v| v.game)
    }
}

impl Game {
    /// What `input` on `square` does in `mode` (sgt's `interpret_move`): A flips one coin (a
    /// click or Space) and B answers by the strategy, as one turn; B names a square (a click or
    /// Enter); Edit turns a coin (Space, or a click unless the tool `places_key`) or places the
    /// key (K); Watch takes no input. `None` when the input means nothing here (the page lets a
    /// key go on).
    pub fn interpret(&self, mode: Mode, square: usize, input: Input, places_key: bool) -> Result<Option<Action<Game>>> {
        use Input::{Click, Key};
        Ok(Some(match (mode, input) {
            (Mode::PlayA, Click | Key(' ')) if self.flipped.is_some() => {
                Action::Refuse("A flips exactly one coin. Press Undo or New board to play again.")
            }
            (Mode::PlayA, Click | Key(' ')) => Action::Turn(Move::Flip(square)),
            (Mode::PlayB, Click | Key('\n')) if self.answer.is_some() => {
                Action::Refuse("B has answered. Press Undo or New board to play again.")
            }
            (Mode::PlayB, Click | Key('\n')) => Action::Play(Move::Answer(square)),
            (Mode::Edit, Key('k' | 'K')) => Action::Replace(self.with_key(square)?),
            (Mode::Edit, Click) if places_key => Action::Replace(self.with_key(square)?),
            (Mode::Edit, Click | Key(' ')) => Action::Replace(self.with_coin_toggled(square)?),
            _ => return Ok(None),
        }))
    }
}

/// What the page is doing with a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    Watch,
    PlayA,
    PlayB,
    Edit,
}

const MODES: [Mode; 4] = [Mode::Watch, Mode::PlayA, Mode::PlayB, Mode::Edit];

impl Mode {
    /// A mode by name: `watch`, `play-a`, `play-b` or `edit`.
    pub fn parse(name: &str) -> Result<Mode> {
        Ok(match name {
            "watch" => Mode::Watch,
            "play-a" => Mode::PlayA,
            "play-b" => Mode::PlayB,
            "edit" => Mode::Edit,
            other => bail!("unknown mode '{other}': use watch, play-a, play-b or edit"),
        })
    }
}

impl View {
    /// A round as it opens in `mode`, at its first step: B's round starts after A's (hidden)
    /// flip by the XOR strategy.
    pub fn opening(game: Game, mode: Mode) -> Result<View> {
        let game = match mode {
            Mode::PlayB => {
                let flip = game.solve()?[0];
                game.apply(&flip)?
            }
            _ => game,
        };
        Ok(View { game, mode, strategy: 0, step: 0 })
    }
}

/// A round as the page shows it: everything a share link restores.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub game: Game,
    pub mode: Mode,
    /// Which strategy plays (0 = xor); numbers above 0 belong to the strategy lab.
    pub strategy: u8,
    /// The animation frame shown.
    pub step: u16,
}

const LINK_VERSION: u32 = 1;
/// The version of a link that carries a [`Ladder`]: version 1's fields, then the ladder's.
const LADDER_LINK_VERSION: u32 = 2;
const MAX_STEP: u16 = (1 << 12) - 1;
const MAX_STRATEGY: u8 = (1 << 6) - 1;

/// The board sizes of the ladder's rungs: small boards first, where the XOR of the heads can
/// be done by eye, then the full chessboard.
pub const LADDER_SQUARES: [usize; 5] = [2, 4, 8, 16, 64];
/// The longest streak a link keeps (a longer one is kept as this).
pub const MAX_STREAK: u16 = (1 << 10) - 1;

/// A player's climb up the ladder of board sizes ([`LADDER_SQUARES`]): the rung of the round on
/// the board, and how many rounds in a row were won before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ladder {
    pub rung: u8,
    pub streak: u16,
}

impl Ladder {
    /// The first rung, no rounds won.
    pub const START: Ladder = Ladder { rung: 0, streak: 0 };

    /// The board size of the rung.
    pub fn squares(self) -> usize {
        LADDER_SQUARES[usize::from(self.rung)]
    }

    /// The ladder as it stands once the round's result is in: a win adds to the streak, a loss
    /// ends it; before the result, the ladder as held. (The result is read off the round, so
    /// Undo and a reload show the same streak.)
    pub fn shown(self, status: Status) -> Ladder {
        match status {
            Status::Playing => self,
            Status::Won => Ladder { streak: self.streak.saturating_add(1).min(MAX_STREAK), ..self },
            Status::Lost => Ladder { streak: 0, ..self },
        }
    }

    /// The ladder of the next round: a win climbs a rung (the top rung is played again), a
    /// loss plays the same rung again from a streak of 0; a round not played to its end is
    /// played again where it stands.
    pub fn next(self, status: Status) -> Ladder {
        let top = (LADDER_SQUARES.len() - 1) as u8;
        let rung = if status == Status::Won { (self.rung + 1).min(top) } else { self.rung };
        Ladder { rung, ..self.shown(status) }
    }
}

/// The share-link fragment (without `#`) for a view: `devil/v1/<base64url>`.
pub fn link_for(view: &View) -> String {
    link_with_ladder(view, None)
}

/// The share-link fragment for a view played on the ladder: `devil/v2/…` with the ladder, or
/// exactly [`link_for`]'s version-1 link without one (so a link without a ladder reads the
/// same in every build).
pub fn link_with_ladder(view: &View, ladder: Option<Ladder>) -> String {
    let version = if ladder.is_some() { LADDER_LINK_VERSION } else { LINK_VERSION };
    link::make(Game::NAME, version, &encode(view, ladder))
}

/// Reads a share-link fragment (with or without `#`) of either version; a ladder is dropped.
pub fn from_link(fragment: &str) -> Result<View> {
    from_link_with_ladder(fragment).map(|(view, _)| view)
}

/// Reads a share-link fragment (with or without `#`): version 1 (no ladder) or 2 (with one).
pub fn from_link_with_ladder(fragment: &str) -> Result<(View, Option<Ladder>)> {
    let (version, payload) = link::versioned_payload(fragment, Game::NAME, &[LINK_VERSION, LADDER_LINK_VERSION])?;
    decode(payload, version)
}

/// The payload of a version-1 link.
pub fn encode_view(view: &View) -> String {
    encode(view, None)
}

/// Reads the payload of a version-1 link.
pub fn decode_view(payload: &str) -> Result<View> {
    decode(payload, LINK_VERSION).map(|(view, _)| view)
}

/// Bit layout (v1): size exponent 4, mode 2, strategy 6, step 12, [flag, flip k], [flag,
/// answer k], key k, coins n — then zero padding to a byte. Version 2 (with a ladder) adds the
/// rung (3 bits) and the streak (10) before the padding.
fn encode(view: &View, ladder: Option<Ladder>) -> String {
    let g = &view.game;
    let k = g.board.index_bits();
    let mut w = BitWriter::new();
    w.push_bits(u64::from(k), 4);
    w.push_bits(MODES.iter().position(|&m| m == view.mode).unwrap_or(0) as u64, 2);
    w.push_bits(u64::from(view.strategy.min(MAX_STRATEGY)), 6);
    w.push_bits(u64::from(view.step.min(MAX_STEP)), 12);
    for square in [g.flipped, g.answer] {
        w.push_bit(square.is_some());
        if let Some(s) = square {
            w.push_bits(s as u64, k);
        }
    }
    w.push_bits(g.key as u64, k);
    for i in 0..g.board.squares() {
        w.push_bit(g.board.get(i));
    }
    if let Some(ladder) = ladder {
        w.push_bits(u64::from(ladder.rung), 3);
        w.push_bits(u64::from(ladder.streak.min(MAX_STREAK)), 10);
    }
    w.to_base64url()
}

fn decode(payload: &str, version: u32) -> Result<(View, Option<Ladder>)> {
    let bytes = from_base64url(payload).map_err(link::garbled)?;
    let mut r = BitReader::new(&bytes);
    let view = read_view(&mut r)?;
    let ladder = if version == LADDER_LINK_VERSION {
        let rung = r.read_bits(3).map_err(link::truncated_or_garbled)? as u8;
        let streak = r.read_bits(10).map_err(link::truncated_or_garbled)? as u16;
        let squares = view.game.board.squares();
        if LADDER_SQUARES.get(usize::from(rung)) != Some(&squares) {
            bail!("this link is garbled: its ladder's rung {} does not play {squares} squares", rung + 1);
        }
        Some(Ladder { rung, streak })
    } else {
        None
    };
    r.finish().map_err(link::garbled)?;
    Ok((view, ladder))
}

fn read_view(r: &mut BitReader) -> Result<View> {
    let k = r.read_bits(4).map_err(link::truncated_or_garbled)? as u32;
    if (1usize << k) > MAX_SQUARES {
        bail!("this link asks for 2^{k} squares; the largest board has {MAX_SQUARES}");
    }
    let n = 1usize << k;
    let mode = MODES[r.read_bits(2).map_err(link::truncated_or_garbled)? as usize];
    let strategy = r.read_bits(6).map_err(link::truncated_or_garbled)? as u8;
    let step = r.read_bits(12).map_err(link::truncated_or_garbled)? as u16;
    let mut optional =
        || -> Result<Option<usize>> { Ok(if r.read_bit()? { Some(r.read_bits(k)? as usize) } else { None }) };
    let flipped = optional().map_err(link::truncated_or_garbled)?;
    let answer = optional().map_err(link::truncated_or_garbled)?;
    if answer.is_some() && flipped.is_none() {
        bail!("this link is garbled: B answered before A flipped");
    }
    let key = r.read_bits(k).map_err(link::truncated_or_garbled)? as usize;
    let mut board = Board::new(n)?;
    for i in 0..n {
        board.set(i, r.read_bit().map_err(link::truncated_or_garbled)?);
    }
    Ok(View { game: Game { board, key, flipped, answer }, mode, strategy, step })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The XOR of the indices of the heads, worked out here square by square.
    fn xor_of_heads(coins: u64, squares: usize) -> usize {
        (0..squares).filter(|i| coins >> i & 1 == 1).fold(0, |acc, i| acc ^ i)
    }

    #[test]
    fn input_means_what_each_mode_lets_a_player_do() {
        let dealt = Game::new(Board::from_bits(4, 0b0110).unwrap(), 2).unwrap();
        let click = Input::Click;
        let act = |g: &Game, mode, input| g.interpret(mode, 3, input, false).unwrap();
        // A flips one coin, by click or Space, and B's answer comes with it; then A is done.
        assert_eq!(act(&dealt, Mode::PlayA, click), Some(Action::Turn(Move::Flip(3))));
        assert_eq!(act(&dealt, Mode::PlayA, Input::Key(' ')), Some(Action::Turn(Move::Flip(3))));
        let flipped = dealt.apply(&Move::Flip(1)).unwrap();
        assert!(matches!(act(&flipped, Mode::PlayA, click), Some(Action::Refuse(why)) if why.contains("exactly one")));
        // B names a square by click or Enter, once.
        assert_eq!(act(&flipped, Mode::PlayB, Input::Key('\n')), Some(Action::Play(Move::Answer(3))));
        let answered = flipped.apply(&Move::Answer(0)).unwrap();
        assert!(matches!(act(&answered, Mode::PlayB, click), Some(Action::Refuse(_))));
        // Edit turns coin 3 (0110 → 1110) or moves the key to 3; the board is otherwise as it was.
        let Some(Action::Replace(turned)) = act(&dealt, Mode::Edit, Input::Key(' ')) else { panic!() };
        assert_eq!((turned.board, turned.key), (Board::from_bits(4, 0b1110).unwrap(), 2));
        let Some(Action::Replace(moved)) = dealt.interpret(Mode::Edit, 3, click, true).unwrap() else { panic!() };
        assert_eq!((moved.board, moved.key), (dealt.board.clone(), 3));
        // Keys that mean nothing in a mode, and Watch, go on to the page.
        for (mode, input) in [
            (Mode::Watch, click),
            (Mode::PlayA, Input::Key('\n')),
            (Mode::PlayB, Input::Key(' ')),
            (Mode::Edit, Input::Key('x')),
        ] {
            assert_eq!(act(&dealt, mode, input), None, "{mode:?} {input:?}");
        }
        assert!(dealt.interpret(Mode::Edit, 4, click, false).is_err(), "a square off the board");
    }

    #[test]
    fn b_replies_by_the_strategy_and_the_round_is_won_exactly_when_b_names_the_key() {
        // Every board, key and flip of 8 squares: B's reply is the XOR of the heads after the
        // flip, and the round is won if and only if that is the key.
        let n = 8;
        for coins in 0..1u64 << n {
            for key in 0..n {
                let game = Game::new(Board::from_bits(n, coins).unwrap(), key).unwrap();
                assert_eq!(game.status(), Status::Playing);
                assert_eq!(game.reply(&SolveOptions::default()).unwrap(), None, "B waits for A");
                for flip in 0..n {
                    let flipped = game.apply(&Move::Flip(flip)).unwrap();
                    let answer = xor_of_heads(coins ^ 1 << flip, n);
                    assert_eq!(flipped.reply(&SolveOptions::default()).unwrap(), Some(Move::Answer(answer)));
                    let answered = flipped.apply(&Move::Answer(answer)).unwrap();
                    let expected = if answer == key { Status::Won } else { Status::Lost };
                    assert_eq!(answered.status(), expected);
                    assert_eq!(answered.reply(&SolveOptions::default()).unwrap(), None, "B has answered");
                }
            }
        }
    }

    #[test]
    fn the_ladder_climbs_on_a_win_and_keeps_its_rung_on_a_loss() {
        use Status::*;
        let mut ladder = Ladder::START;
        // Win, win, lose, win: rungs 1→2→3, the loss replays rung 3 from 0, then up to 4.
        let mut seen = Vec::new();
        for result in [Won, Won, Lost, Won] {
            assert_eq!(ladder.shown(Playing), ladder, "before the result, the ladder as held");
            let shown = ladder.shown(result);
            ladder = ladder.next(result);
            seen.push((shown.streak, ladder.rung, ladder.streak, ladder.squares()));
        }
        assert_eq!(seen, [(1, 1, 1, 4), (2, 2, 2, 8), (0, 2, 0, 8), (1, 3, 1, 16)]);
        // The top rung is played again; a round left unplayed is replayed where it stands.
        let top = Ladder { rung: 4, streak: 9 };
        assert_eq!(top.next(Won), Ladder { rung: 4, streak: 10 });
        assert_eq!(top.next(Playing), top);
        assert_eq!(Ladder { rung: 0, streak: MAX_STREAK }.shown(Won).streak, MAX_STREAK);
    }

    #[test]
    fn solve_wins_and_wrong_moves_are_refused() {
        let game = Game::random(&Params { squares: 64 }, 11).unwrap();
        let moves = game.solve().unwrap();
        assert!(game.verify(&moves).unwrap());
        assert!(game.apply(&Move::Answer(3)).is_err());
        let flipped = game.apply(&Move::Flip(5)).unwrap();
        assert!(flipped.apply(&Move::Flip(6)).is_err());
        assert!(game.apply(&Move::Flip(64)).is_err());
        assert!(Game::random(&Params { squares: 6 }, 1).is_err());
    }

    #[test]
    fn link_frame_is_checked() {
        let game = Game::random(&Params { squares: 16 }, 2).unwrap();
        let view = View { game, mode: Mode::PlayB, strategy: 0, step: 3 };
        let link = link_for(&view);
        assert!(link.starts_with("devil/v1/"));
        assert_eq!(from_link(&format!("#{link}")).unwrap(), view);
        assert!(from_link("#devil/v3/AAAA").unwrap_err().message().contains("version"));
        let cut = &link[..link.len() - 4];
        assert!(from_link(cut).unwrap_err().message().contains("truncated"));
    }

    #[test]
    fn a_ladder_link_keeps_the_rung_and_streak_and_a_plain_one_stays_version_1() {
        let game = Game::random(&Params { squares: 8 }, 5).unwrap();
        let view = View { game, mode: Mode::PlayA, strategy: 0, step: 0 };
        assert_eq!(link_with_ladder(&view, None), link_for(&view));
        let ladder = Ladder { rung: 2, streak: 7 };
        let link = link_with_ladder(&view, Some(ladder));
        assert!(link.starts_with("devil/v2/"), "{link}");
        assert_eq!(from_link_with_ladder(&link).unwrap(), (view.clone(), Some(ladder)));
        assert_eq!(from_link(&link).unwrap(), view);
        let wrong_rung = link_with_ladder(&view, Some(Ladder { rung: 3, streak: 0 }));
        assert!(from_link_with_ladder(&wrong_rung).unwrap_err().message().contains("rung 4 does not play 8 squares"));
        let past_the_top = link_with_ladder(&view, Some(Ladder { rung: 6, streak: 0 }));
        assert!(from_link_with_ladder(&past_the_top).unwrap_err().message().contains("rung 7 does not play 8 squares"));
        let cut = &link[..link.len() - 2];
        assert!(from_link_with_ladder(cut).unwrap_err().message().contains("truncated"));
    }

    proptest::proptest! {
        /// Any version-2 payload either opens to a round and ladder that write the same link
        /// back, or is refused with a message: never a panic, never a different round.
        #[test]
        fn any_ladder_payload_opens_and_rewrites_itself_or_is_refused(payload in "[A-Za-z0-9_-]{0,40}") {
            match from_link_with_ladder(&format!("devil/v2/{payload}")) {
                Ok((view, ladder)) => {
                    let again = from_link_with_ladder(&link_with_ladder(&view, ladder)).unwrap();
                    proptest::prop_assert_eq!(again, (view, ladder));
                }
                Err(e) => proptest::prop_assert!(e.message().starts_with("this link")),
            }
        }
    }
}
