/* tslint:disable */
/* eslint-disable */

/**
 * One game of any registered puzzle: the page's only handle on its state and history.
 */
export class GameSession {
    private constructor();
    free(): void;
    [Symbol.dispose](): void;
    /**
     * A random game of `puzzle` with its parameters; `seed` is a decimal string, empty for a
     * fresh one.
     */
    static create(puzzle: string, params: any, seed: string): GameSession;
    /**
     * An edit that is not a move (the session starts again from its result).
     */
    edit(edit: any): void;
    /**
     * An input on the board, as the face interprets it in the view's mode (a click or key on
     * a cell: the Devil's `{cell, key, tool}`), with the solve options a partner replies by.
     * Returns false when it means nothing (the page lets a key go on), true when it played or
     * edited, or a line saying why nothing happened.
     */
    input(input: any, options: any): any;
    /**
     * The puzzle's compound step (the table: jump to move `to`), one move of the history.
     */
    jump(to: string): any;
    /**
     * The share-link fragment (without `#`) of what is shown; null when it has none here
     * (a Lights Out board too large for a link, or one whose link the page makes in a Worker).
     */
    link(): string | undefined;
    /**
     * Loads moves found elsewhere (a Worker) as the steps from the state shown.
     */
    load_steps(moves: any): number;
    /**
     * The moves in effect, oldest first.
     */
    moves(): any;
    /**
     * The game a share link holds, of whichever registered puzzle it names.
     */
    static open(fragment: string): GameSession;
    /**
     * Plays a move; returns what it did besides (the table's turn), or null. A refused move
     * is an error and changes nothing.
     */
    play(mv: any): any;
    /**
     * Plays your move and the partner's reply to it (B's answer, by the strategy of
     * `options`) as one turn, which undo and redo take whole. A refusal changes nothing.
     */
    play_turn(mv: any, options: any): void;
    /**
     * What a move would do besides (the table's turn, as the devil would choose it), without
     * playing it: nothing changes.
     */
    preview(mv: any): any;
    /**
     * A fact about the game, as the puzzle answers it: the Devil's `explain`, `explain-dealt`,
     * `named`, `named-dealt` and `flip` for the strategy of `options`, and `ladder`; the table's `belief`;
     * Lights Out's `solve`, `file`, `chase` and `link`. A long answer reports to `progress`.
     */
    query(question: string, options: any, progress?: Function | null): any;
    redo(): boolean;
    /**
     * Sets the view settings the link keeps (the Devil page's mode, strategy and frame).
     */
    set_extras(extras: any): void;
    /**
     * The moves a solve with `options` plays from the state shown, without loading them.
     */
    solution(options: any): any;
    /**
     * Solves from the state shown and loads the moves as steps; returns how many.
     */
    solve(options: any, progress: Function): number;
    /**
     * Shows the state after step `n` of the loaded steps.
     */
    step_to(n: number): void;
    undo(): boolean;
    /**
     * `{puzzle, state, extras, link, moves, solved, status, can_undo, can_redo, steps}`.
     */
    view(): any;
}

/**
 * Checks a list of words (one per line or separated by spaces, same length ≤ 16):
 * distance, perfection, linearity, with witnesses. With `file_bytes` (a `File.size`) the
 * words are a file's, and its size is refused first with the checker's own limit and message;
 * the page asks with the size alone (no words: the answer is `null`) before reading the file.
 */
export function codes_check(text: string, file_bytes?: number | null): any;

/**
 * The Hamming code lab: checks, syndrome and correction of a received word (position 1
 * first), and the message it carries.
 */
export function codes_hamming_correct(word: string): any;

/**
 * Encodes a message of 2^r − r − 1 bits into a Hamming codeword of length 2^r − 1.
 */
export function codes_hamming_encode(r: number, message: string): string;

/**
 * A walk of `steps` switches from Vasil'ev's code of length 15 with the menu's `f` (`zero`:
 * the Hamming code), random switches drawn from `seed` (empty: a fresh one): per switch the
 * coordinate, how many codewords moved, the rank and kernel dimension reached and the
 * checker's verdict; then how many different codes and (rank, kernel) pairs were met.
 */
export function codes_switching_walk(f: string, steps: number, seed: string, progress: Function): any;

/**
 * Vasil'ev's code from the menu's `f`. Without `samples`: the code of length 15 built on the
 * Hamming code of length 7, `{report, sample, coset_strategy}` — its checker report, a few
 * words, and the verdict on its coset strategy (16 squares). With `samples`: the code of
 * length 31 built on that length-15 code (f = popcount ≥ 3), too big to list, so
 * `{words_log2, samples, covered_once, not_closed}` — that many random words checked to be
 * covered exactly once (at most a million), and a non-linearity witness.
 */
export function codes_vasilev(f: string, samples: number | null | undefined, progress: Function): any;

/**
 * How a board of `squares` is drawn: `{layout: {rows, cols}, names}`, the rectangle and the
 * chess-style name of every square (`a8` … `h1`; plain indices on boards wider than 26).
 */
export function devil_board(squares: number): any;

/**
 * "Flip at most one coin" on `squares` ≤ 8: `{works, method, nodes, explanation}`.
 */
export function devil_lab_at_most_one(squares: number, progress: Function): any;

/**
 * Checks that strategy `number` can play on `squares` (coset and search stop at 16).
 */
export function devil_lab_check(number: number, squares: number, table?: string | null): void;

/**
 * Whether a strategy on ≤ 16 squares is a coset strategy under some renaming of its answers:
 * `{coset: [class, deleted square] | null}`.
 */
export function devil_lab_coset_check(spec: any, squares: number): any;

/**
 * Counts the strategies on `squares` ≤ 8: `{strategies, linear_strategies, codes, partitions, …}`.
 */
export function devil_lab_count(squares: number, progress: Function): any;

/**
 * Dice with `faces` faces on `squares` squares: whether a strategy exists and why, every
 * board checked when there are at most 2^20, and one round played from a seeded board.
 */
export function devil_lab_dice(squares: number, faces: number, seed: string, progress: Function): any;

/**
 * The lab's strategies with their share-link numbers: `[{number, strategy, f, label}]`.
 */
export function devil_lab_menu(): any;

/**
 * The hypercube view: the answer of board `board` and of its n neighbours,
 * `{board, colour, neighbours: [{flip, board, colour}]}` (boards as numbers, n ≤ 16).
 */
export function devil_lab_neighbours(spec: any, squares: number, board: number): any;

/**
 * Checks a table pasted on the lab page for the Devil page: `{squares, strategy}`, its number
 * of squares and the strategy number it plays as there (passed with its text to every call
 * that names a strategy).
 */
export function devil_lab_pasted_table(text: string): any;

/**
 * Searches for a strategy on `squares` ≤ 16: `{squares, found, nodes, exhausted, solutions}`.
 */
export function devil_lab_search(squares: number, max_nodes: number, progress: Function): any;

/**
 * The table of a strategy on ≤ 16 squares, as text (one square per board, board 0 first).
 */
export function devil_lab_table(spec: any, squares: number): string;

/**
 * Verifies a strategy `{strategy, f, seed, table}` on `squares` (exhaustive up to 16).
 */
export function devil_lab_verify(spec: any, squares: number, progress: Function): any;

/**
 * Why a strategy exists on `squares` or not: `{power_of_two, per_square, explanation, …}`.
 */
export function devil_lab_why(squares: number): any;

/**
 * A table file read back, as the table text the strategy lab's box shows.
 */
export function lab_from_file(text: string): string;

/**
 * The link of a lab's state (`kind` says which lab), or why it does not fit and its file.
 */
export function lab_link(state: any): any;

/**
 * The state a lab link holds, its `kind` the link's name, or the link's one-line error.
 */
export function lab_open(fragment: string): any;

export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

export interface InitOutput {
    readonly memory: WebAssembly.Memory;
    readonly __wbg_gamesession_free: (a: number, b: number) => void;
    readonly codes_check: (a: number, b: number, c: number, d: number) => [number, number, number];
    readonly codes_hamming_correct: (a: number, b: number) => [number, number, number];
    readonly codes_hamming_encode: (a: number, b: number, c: number) => [number, number, number, number];
    readonly codes_switching_walk: (a: number, b: number, c: number, d: number, e: number, f: any) => [number, number, number];
    readonly codes_vasilev: (a: number, b: number, c: number, d: any) => [number, number, number];
    readonly devil_board: (a: number) => [number, number, number];
    readonly devil_lab_at_most_one: (a: number, b: any) => [number, number, number];
    readonly devil_lab_check: (a: number, b: number, c: number, d: number) => [number, number];
    readonly devil_lab_coset_check: (a: any, b: number) => [number, number, number];
    readonly devil_lab_count: (a: number, b: any) => [number, number, number];
    readonly devil_lab_dice: (a: number, b: number, c: number, d: number, e: any) => [number, number, number];
    readonly devil_lab_menu: () => [number, number, number];
    readonly devil_lab_neighbours: (a: any, b: number, c: number) => [number, number, number];
    readonly devil_lab_pasted_table: (a: number, b: number) => [number, number, number];
    readonly devil_lab_search: (a: number, b: number, c: any) => [number, number, number];
    readonly devil_lab_table: (a: any, b: number) => [number, number, number, number];
    readonly devil_lab_verify: (a: any, b: number, c: any) => [number, number, number];
    readonly devil_lab_why: (a: number) => [number, number, number];
    readonly gamesession_create: (a: number, b: number, c: any, d: number, e: number) => [number, number, number];
    readonly gamesession_edit: (a: number, b: any) => [number, number];
    readonly gamesession_input: (a: number, b: any, c: any) => [number, number, number];
    readonly gamesession_jump: (a: number, b: number, c: number) => [number, number, number];
    readonly gamesession_link: (a: number) => [number, number];
    readonly gamesession_load_steps: (a: number, b: any) => [number, number, number];
    readonly gamesession_moves: (a: number) => [number, number, number];
    readonly gamesession_open: (a: number, b: number) => [number, number, number];
    readonly gamesession_play: (a: number, b: any) => [number, number, number];
    readonly gamesession_play_turn: (a: number, b: any, c: any) => [number, number];
    readonly gamesession_preview: (a: number, b: any) => [number, number, number];
    readonly gamesession_query: (a: number, b: number, c: number, d: any, e: number) => [number, number, number];
    readonly gamesession_redo: (a: number) => [number, number, number];
    readonly gamesession_set_extras: (a: number, b: any) => [number, number];
    readonly gamesession_solution: (a: number, b: any) => [number, number, number];
    readonly gamesession_solve: (a: number, b: any, c: any) => [number, number, number];
    readonly gamesession_step_to: (a: number, b: number) => [number, number];
    readonly gamesession_undo: (a: number) => number;
    readonly gamesession_view: (a: number) => [number, number, number];
    readonly lab_from_file: (a: number, b: number) => [number, number, number, number];
    readonly lab_link: (a: any) => [number, number, number];
    readonly lab_open: (a: number, b: number) => [number, number, number];
    readonly __wbindgen_malloc: (a: number, b: number) => number;
    readonly __wbindgen_realloc: (a: number, b: number, c: number, d: number) => number;
    readonly __wbindgen_free: (a: number, b: number, c: number) => void;
    readonly __wbindgen_exn_store: (a: number) => void;
    readonly __externref_table_alloc: () => number;
    readonly __wbindgen_externrefs: WebAssembly.Table;
    readonly __externref_table_dealloc: (a: number) => void;
    readonly __wbindgen_start: () => void;
}

export type SyncInitInput = BufferSource | WebAssembly.Module;

/**
 * Instantiates the given `module`, which can either be bytes or
 * a precompiled `WebAssembly.Module`.
 *
 * @param {{ module: SyncInitInput }} module - Passing `SyncInitInput` directly is deprecated.
 *
 * @returns {InitOutput}
 */
export function initSync(module: { module: SyncInitInput } | SyncInitInput): InitOutput;

/**
 * If `module_or_path` is {RequestInfo} or {URL}, makes a request and
 * for everything else, calls `WebAssembly.instantiate` directly.
 *
 * @param {{ module_or_path: InitInput | Promise<InitInput> }} module_or_path - Passing `InitInput` directly is deprecated.
 *
 * @returns {Promise<InitOutput>}
 */
export default function __wbg_init (module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>): Promise<InitOutput>;
