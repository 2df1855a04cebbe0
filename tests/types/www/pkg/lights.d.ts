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
 * What to draw of rows `from..to`: a byte for each square of `block`×`block` lights, the
 * light's state when `block` is 1, else how many of the square's lights are on.
 */
export function lights_cells(board: any, block: number, from: number, to: number): Uint8Array;

/**
 * Nullity of n×n boards, bounded and torus, n = 1..=max: `[{n, bounded, torus}]`.
 */
export function lights_chart(max: number, progress: Function): any;

/**
 * Opens a board file (rows of digits, or PBM for two states) as a board `{spec, data, lit}`;
 * its rows and columns come from the file, the rule, edges and states from the page's settings.
 */
export function lights_open_file(file: Uint8Array | number[], settings: any): any;

/**
 * How the page handles a board, given as settings or as a share link (read from its header
 * alone, so a large board's link can be opened in the Worker): `{spec, max_side, packed,
 * heavy_make, heavy_solve, heavy_rank, fixup_table, chase_steps, quiet_gallery, full_solvers,
 * link_in_worker, step_rows, note}` (`note`: the line shown by the size inputs). A board the
 * page does not offer is an error that says where larger boards go.
 */
export function lights_plan(settings_or_link: any): any;

/**
 * Rank and nullity: `{rows, cols, rank, nullity, quiet_log2}`.
 */
export function lights_rank(spec: any, progress: Function): any;

/**
 * Solves a board (`{spec, data}`, as `lights_open_file` gives it): [`solution`]. The npm
 * package's solver for Node (docs/embedding.md); the page asks its session
 * (`query('solve', {minimal})`) instead.
 */
export function lights_solve(board: any, minimal: boolean, progress: Function): any;

/**
 * The fix-up table for the board's width: `[{leftover, press}]` (press null if unfixable).
 */
export function lights_table(spec: any): any;

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
    readonly lights_cells: (a: any, b: number, c: number, d: number) => [number, number, number];
    readonly lights_chart: (a: number, b: any) => [number, number, number];
    readonly lights_open_file: (a: number, b: number, c: any) => [number, number, number];
    readonly lights_plan: (a: any) => [number, number, number];
    readonly lights_rank: (a: any, b: any) => [number, number, number];
    readonly lights_solve: (a: any, b: number, c: any) => [number, number, number];
    readonly lights_table: (a: any) => [number, number, number];
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
