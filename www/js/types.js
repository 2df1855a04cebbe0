// The shapes the wasm core serialises to JS where wasm-bindgen can only say `any` (a `JsValue`):
// what `GameSession.view()` gives and each game puzzle's drawn state, written once here from
// the Rust structs they come from. Types only: nothing imports this module at run time.
export {};

/**
 * What `GameSession.view()` gives (src/wasm/game.rs, `View`, with `state` set on it).
 * @template [State=unknown] what the puzzle draws (its face's `draw`)
 * @template [Extras=unknown] the view settings its link keeps beside the state
 * @typedef {object} GameView
 * @property {string} puzzle  the puzzle's name ('devil', 'table', 'lights', 'lights-games')
 * @property {State} state
 * @property {Extras} extras
 * @property {string | null} link  null when the state has no link here
 * @property {number} moves  the session's move counter (moves in effect)
 * @property {boolean} solved
 * @property {'playing' | 'won' | 'lost'} status  where the game stands (src/puzzle.rs, `Status`)
 * @property {boolean} can_undo
 * @property {boolean} can_redo
 * @property {{ at: number, count: number, last: unknown, next: unknown } | null} steps  where the step
 *   bar stands in a loaded solution, with the step made last and the one to come (each the puzzle's
 *   move, e.g. Lights Out's {@link LightsMove}; null at either end)
 */

/** A press of Lights Out as a move (src/lights/game/mod.rs, `Move`). @typedef {{ row: number, col: number, edit?: number }} LightsMove */

/**
 * A round of the Devil's chessboard (src/devil/game.rs, `Game`).
 * @typedef {object} DevilGame
 * @property {string} board  the coins, one character a square: '0' heads, '1' tails
 * @property {number} key  the key square
 * @property {number | null} flipped  the coin A flipped, once A has played
 * @property {number | null} answer  the square B named, once B has played
 */

/** What the Devil page is doing with a round. @typedef {'watch' | 'play_a' | 'play_b' | 'edit'} DevilMode */

/**
 * The Devil's drawn state (src/wasm/devil.rs, `Drawn`): the round, and the round as dealt.
 * @typedef {{ game: DevilGame, dealt: DevilGame }} DevilDrawn
 */

/**
 * What a Devil link keeps beside the round (src/wasm/devil.rs, `Extras`).
 * @typedef {object} DevilExtras
 * @property {DevilMode} mode
 * @property {number} strategy
 * @property {number} step  Watch's animation frame
 * @property {number} rung  the ladder's rung from 1; 0 off the ladder
 * @property {number} streak  on the ladder, the rounds won in a row before this one
 */

/** A move of the Devil's chessboard (src/devil/game.rs, `Move`). @typedef {{ flip: number } | { answer: number }} DevilMove */

/**
 * One frame of a strategy's animation (src/devil/rules/strategy.rs, `Step`), by its `kind`.
 * @typedef {{ kind: 'start', colour: number, key: number }
 *   | { kind: 'count_region' | 'decode_region', bit: number, heads: number, parity: number }
 *   | { kind: 'colour', colour: number }
 *   | { kind: 'xor_with_key', colour: number, key: number, flip: number }
 *   | { kind: 'flip', square: number }
 *   | { kind: 'answer', square: number, correct: boolean }
 *   | { kind: 'no_flip' }
 *   | { kind: 'split_halves', half: number, pair: number, parity: number, f: number, upper: number, colour: number, after: boolean }
 *   | { kind: 'choose_half', half: number, sub_flip: number, want_upper: number, flip: number }} DevilStep
 */

/**
 * A step as Watch shows it: with the session's moves made by then (A's flip, B's answer) and the
 * index bit of the region it marks, if any (src/devil/rules/strategy.rs, `Frames`, a column each).
 * @typedef {DevilStep & { moves: number, region: number | null }} DevilFrame
 */

/** A climb up the Devil's ladder (src/devil/game.rs, `Ladder`): the rung from 0. @typedef {{ rung: number, streak: number }} Ladder */

/**
 * The ladder around a round (src/wasm/devil.rs, the session's `ladder` question): as it stands
 * with the round's result counted (null off the ladder), the next round's (the first rung off
 * it), and the board size of every rung.
 * @typedef {{ shown: Ladder | null, next: Ladder, squares: number[] }} LadderAround
 */

/**
 * A strategy of the lab as its menu lists it (src/wasm/strategies.rs, `devil_lab_menu`).
 * @typedef {{ number: number, strategy: string, f: string | null, label: string }} StrategyMenuItem
 */

/**
 * Facts about a table size (src/table/info.rs, `Info`); large counts are decimal strings.
 * @typedef {object} TableInfo
 * @property {number} coins
 * @property {number} sides
 * @property {boolean} winnable
 * @property {number | null} prime
 * @property {string} lower_bound
 * @property {string | null} length  the length of the strategy the page plays, if any
 * @property {string | null} construction  'recursive' or 'search'
 * @property {number | null} guard_prime
 * @property {number[][] | null} necklaces  canonical configurations, all heads first, when the belief grid can show them
 * @property {boolean} small  small enough for the belief panel
 * @property {boolean} traceable
 * @property {boolean} verifiable
 * @property {boolean} searchable
 * @property {number} max_moves_at_once
 * @property {number} max_verified_configs
 */

/**
 * The rotating table's drawn state (src/wasm/table.rs, `View`).
 * @typedef {object} TableDrawn
 * @property {string} state  the game, encoded (a new value for every change: the views compare it)
 * @property {string} link
 * @property {number} coins
 * @property {number} sides
 * @property {number[]} faces  the face at each position (position 0 at the top, clockwise)
 * @property {number[]} seats  the face on each seat of the table
 * @property {number} turn
 * @property {string} moves  the move counter, a decimal string
 * @property {'random' | 'adversarial' | 'human'} devil
 * @property {boolean} sighted
 * @property {boolean} following
 * @property {boolean} solved
 * @property {number[]} guarded  the seats an adversarial guard devil protects now
 * @property {TableInfo | null} info
 */

/**
 * The chess editor's board (src/chess/view.rs, `Parts`): 64 FEN letters from a1 to h8 ('' empty).
 * @typedef {{ board: string[], side: string, castling: boolean[], ep: string | null }} ChessParts
 */

/**
 * A run of a code's bits and what it says (src/chess/segments.rs, `Segment`).
 * @typedef {{ start: number, len: number, label: string, squares: number[] }} ChessSegment
 */

/**
 * A position in one scheme (src/chess/view.rs, `SchemeView`).
 * @typedef {{ name: string, description: string, bits: number, worst_case: number, code: string,
 *   bitstring: string, segments: ChessSegment[] }} ChessScheme
 */

/**
 * A legal position with every scheme's code (src/chess/view.rs, `PositionView`); `link` is its
 * share fragment without '#'.
 * @typedef {{ fen: string, parts: ChessParts, legal_moves: number, in_check: boolean, link: string,
 *   schemes: ChessScheme[] }} ChessPosition
 */

/**
 * The core's answer for the editor's board (src/chess/view.rs, `Analysis`): an illegal position
 * comes with its reason in `error` and no `position`.
 * @typedef {{ fen: string, error: string | null, position: ChessPosition | null }} ChessAnalysis
 */

/**
 * A game in one game scheme (src/chess/view.rs, `GameSchemeView`).
 * @typedef {{ name: string, description: string, bits: number, header_bits: number, move_bits: number[],
 *   end_bits: number, code: string, round_trip: boolean }} ChessGameScheme
 */

/**
 * Why a move cost what it did (src/chess/games/explain.rs, `MoveExplanation`), with the model's
 * likeliest moves in its position (the viewer's arrows).
 * @typedef {{ san: string, probability: number, bits: number, rank: number, legal_moves: number,
 *   contributions: { feature: string, bits: number }[], candidates: { san: string, uci: string, bits: number }[] }} ChessMoveExplanation
 */

/**
 * A game of a PGN text in every game scheme (src/chess/view.rs, `GameView`).
 * @typedef {{ games: number, index: number, tags: [string, string][], result: string, sans: string[],
 *   ucis: string[], fens: string[], schemes: ChessGameScheme[], explanations: ChessMoveExplanation[],
 *   links: (string | null)[] }} ChessGame  (`links`: the game's share link at every ply, null where over the budget)
 */

/**
 * A Lights Out board's size and rules (src/lights/board/mod.rs, `Spec`).
 * @typedef {{ rows: number, cols: number, rule: 'plus' | 'neighbours' | 'x' | 'king', torus: boolean, states: number }} LightsSpec
 */

/**
 * A Lights Out board as the core hands it over (src/wasm/lights.rs, `board_view`).
 * @typedef {{ spec: LightsSpec, data: Uint8Array, lit: number }} LightsBoard
 */

/**
 * The Lights Out page's drawn state (src/wasm/lights.rs, `Face::draw` of `Position`).
 * @typedef {object} LightsDrawn
 * @property {LightsSpec} spec
 * @property {LightsBoard} lights
 * @property {string | null} seed  the random puzzle's seed, a decimal string
 * @property {number} moves
 */

/**
 * How the page handles a board: the core's `lights_plan` (src/lights/game/limits.rs, `PagePlan`,
 * with the board's `spec` and the size inputs' `note` set on it in src/wasm/lights.rs).
 * @typedef {object} LightsPlan
 * @property {LightsSpec} spec
 * @property {number} max_side  largest rows and columns the page offers for this rule, edges and states
 * @property {boolean} packed  the lights cross as packed bits, solved once (never searched for the fewest presses)
 * @property {boolean} heavy_make  a new puzzle, an all-on board or a link is made in the Worker
 * @property {boolean} heavy_solve  solving runs in the Worker
 * @property {boolean} heavy_rank
 * @property {boolean} fixup_table
 * @property {boolean} chase_steps
 * @property {boolean} quiet_gallery
 * @property {boolean} full_solvers  solving needs the `lights-full` module
 * @property {boolean} link_in_worker  the session's view leaves the link out
 * @property {number} step_rows  rows a step of the solution's walk-through, 0 for a press a step
 * @property {string} note  the line beside the size inputs
 */

/**
 * What `lights_solve` gives (src/wasm/lights.rs); `presses`, `witness` and each quiet pattern are boards.
 * @typedef {object} LightsSolution
 * @property {boolean} solvable
 * @property {LightsBoard | null} presses
 * @property {number} press_count
 * @property {boolean} minimal
 * @property {number} rank
 * @property {number} nullity
 * @property {number} quiet_log2
 * @property {LightsBoard[]} quiet
 * @property {LightsBoard | null} witness  a quiet pattern that shows an unsolvable board is so
 * @property {number} witness_overlap
 * @property {number | null} first_press  the first light to press (a hint)
 * @property {boolean} minimal_in_worker  the search for the fewest presses belongs in the Worker
 */

/**
 * The core's light-chasing plan (the session's `query('chase')`): the presses a row (and phase) at a time, the
 * last row the first chase leaves, and the first-row fix-up for it (null when none fixes it).
 * `GameSession.solve({ minimal: false, chase: true })` makes the same rows the session's steps.
 * @typedef {{ phase: 'chase' | 'fix_up' | 'chase_again', row: number, col: number, times: number }} ChasePress
 * @typedef {{ phase: ChasePress['phase'], row: number, presses: ChasePress[] }} ChaseRow
 * @typedef {{ rows: ChaseRow[], leftover: ArrayLike<number>, fixup: ArrayLike<number> | null }} ChasePlan
 */

/**
 * A Lights Out game's drawn state (src/wasm/lights_games.rs, `Drawn`).
 * @typedef {object} LightsGamesDrawn
 * @property {string} board  the preset's name, or 'grid'
 * @property {string} title
 * @property {'grid' | 'cube' | 'orbix'} layout
 * @property {number} rows
 * @property {number} cols
 * @property {number} k
 * @property {string} edges
 * @property {string} stencil  a grid's press pattern, rows of '.' and '#' joined by '/'
 * @property {number[]} lights
 * @property {string[]} labels
 * @property {string[]} states  the states' names for people
 * @property {boolean} lit_only
 * @property {number} lit_only_exact  most lights lit-only play is searched exactly on
 * @property {string} pattern  the pattern as text, for copying
 */
