// The manifest `cargo xtask build` writes to www/pkg/modules.js: per wasm module, its glue
// and wasm file names (relative to www/pkg/).
declare const modules: Record<string, { js: string; wasm: string }>;
export default modules;
