/* tslint:disable */
/* eslint-disable */

/**
 * A position from FEN with every scheme's code and segments; an illegal FEN is an Error
 * with the reason.
 */
export function chess_analyze_fen(fen: string): any;

/**
 * The editor's board `{board: [64], side, castling: [4], ep}`: `{fen, error, position}` —
 * an illegal position is not an Error but comes back with its reason in `error`.
 */
export function chess_analyze_parts(parts: any): any;

/**
 * A FEN's code in one scheme followed by its move counters: `{bits, code, bitstring, segments, …}`.
 */
export function chess_code_with_counters(fen: string, scheme: string): any;

/**
 * Decodes a base64url code of a position scheme (ending with the move counters when
 * `counters`).
 */
export function chess_decode(scheme: string, code: string, counters: boolean): any;

/**
 * What a share-link fragment opens: the position of `#chess/v1/…` or `#chess/v2/…` (as
 * `chess_analyze_fen` gives it), or the game of `#chess-game/v1/…` as `{game, ply, pgn}`
 * (`game` as `chess_game` gives it). A game link can take long to open (`view::from_link`):
 * the page calls this in its Worker for game links.
 */
export function chess_from_link(fragment: string): any;

/**
 * Game `index` (0-based) of a PGN text in every game scheme: tags, SAN and UCI of every move,
 * every position's FEN, each scheme's bits per move, for each move why it cost what it did
 * and the model's likeliest moves in its position (the viewer's arrows), and the game's share
 * link at every ply (`links`, null where over the budget).
 */
export function chess_game(pgn: string, index: number): any;

/**
 * The games of a PGN text for a menu, `[{white, black, result}]`, without playing the moves.
 */
export function chess_game_list(pgn: string): any;

/**
 * Every scheme and the source's Huffman tree: `{position: [{name, description, worst_case}],
 * game: [{name, description}], huffman_tree: [{path, label}]}` (the tree's parents before
 * children): the constant tables the page draws.
 */
export function chess_schemes(): any;

export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

export interface InitOutput {
    readonly memory: WebAssembly.Memory;
    readonly chess_analyze_fen: (a: number, b: number) => [number, number, number];
    readonly chess_analyze_parts: (a: any) => [number, number, number];
    readonly chess_code_with_counters: (a: number, b: number, c: number, d: number) => [number, number, number];
    readonly chess_decode: (a: number, b: number, c: number, d: number, e: number) => [number, number, number];
    readonly chess_from_link: (a: number, b: number) => [number, number, number];
    readonly chess_game: (a: number, b: number, c: number) => [number, number, number];
    readonly chess_game_list: (a: number, b: number) => [number, number, number];
    readonly chess_schemes: () => [number, number, number];
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
