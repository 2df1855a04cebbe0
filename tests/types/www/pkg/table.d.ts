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
 * The notebook's random-devil check: evidence, not proof.
 */
export function table_random_devil(coins: number, sides: number, games: number, seed: number): any;

/**
 * Breadth-first search over belief states (run it in the Worker).
 */
export function table_search(coins: number, sides: number, progress: Function): any;

/**
 * Move `index` (0-based, decimal string) of the page's strategy, computed on demand.
 */
export function table_strategy_move(coins: number, sides: number, index: string): any;

/**
 * The belief panel (small tables only) after the first `upto` moves of the page's strategy
 * (after your own moves: `GameSession.query('belief')`).
 */
export function table_trace(coins: number, sides: number, upto: number): any;

/**
 * Exact verification of the page's strategy (run it in the Worker).
 */
export function table_verify(coins: number, sides: number, progress: Function): any;

export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

export interface InitOutput {
    readonly memory: WebAssembly.Memory;
    readonly __wbg_gamesession_free: (a: number, b: number) => void;
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
    readonly table_random_devil: (a: number, b: number, c: number, d: number) => [number, number, number];
    readonly table_search: (a: number, b: number, c: any) => [number, number, number];
    readonly table_strategy_move: (a: number, b: number, c: number, d: number) => [number, number, number];
    readonly table_trace: (a: number, b: number, c: number) => [number, number, number];
    readonly table_verify: (a: number, b: number, c: any) => [number, number, number];
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
