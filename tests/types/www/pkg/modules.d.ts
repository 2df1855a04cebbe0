// The manifest `cargo xtask build` writes to www/pkg/modules.js from src/registry.rs: per wasm
// module, its glue and wasm file names (relative to www/pkg/); per puzzle, its module, view and
// page (relative to the site's root) and its embed frames' heights.
declare const modules: Record<string, { js: string; wasm: string }>;
export default modules;
/** An embed view of a puzzle: `board`, `compact` or `full`. */
export type EmbedView = 'board' | 'compact' | 'full';
export interface PuzzleEntry {
  aliases: string[];
  module: string;
  view: string;
  page: string;
  frameHeights: Record<EmbedView, number>;
}
export declare const puzzles: Record<string, PuzzleEntry>;
