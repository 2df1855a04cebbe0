// The chess view's shared state (`v` in ../chess.js, handed to each part in ./): its types
// only, so the parts type-check against one description. Nothing imports this at run time.
export {};

/**
 * @typedef {import('../../types.js').ChessParts} ChessParts
 * @typedef {import('../../types.js').ChessAnalysis} ChessAnalysis
 * @typedef {import('../../types.js').ChessGame} ChessGame
 */

/**
 * What the parts of the chess view share.
 * @typedef {object} ChessView
 * @property {ReturnType<typeof import('../../view.js').viewContext>} ctx
 * @property {import('../../app.js').Cores['chess']} core  the wasm core's exports (the parts run once it is loaded)
 * @property {import('../../board.js').GridBoard | null} board  the editor's board, once set up
 * @property {ChessParts | null} parts  the editor's board: {board: [64] (a1 … h8), side, castling: [4], ep}
 * @property {ChessAnalysis | null} analysis  the core's answer for `parts`
 * @property {string} shown  the scheme whose bits are shown
 * @property {{ name: string, description: string, worst_case: number }[]} positionSchemes  the position
 *   schemes, in the bars' order (an illegal position's bars list them without a code)
 * @property {string} tool  the palette's piece (FEN letter; '' is the eraser)
 * @property {Set<number>} highlight  squares marked on the board: those of the run of bits under the pointer or focus
 * @property {ChessGame | null} game  the loaded game as the Worker coded it
 * @property {number} ply  the ply shown
 * @property {number} gameShownAt  the `positions` count at which the editor last showed the viewer's ply
 * @property {string | null} sampleText  the sample games' PGN, once fetched
 * @property {{ cancel: () => void } | null} job  the Worker job coding a game, while it runs
 * @property {number} positions  counts the positions shown, so a job's late result is dropped
 * @property {HTMLElement} jobPanel  the job's progress panel
 * @property {(fromGame?: boolean) => void} update  judges and codes the position again, and redraws
 *   (`fromGame`: the position is the viewer's ply)
 * @property {string} [listScheme]  the game scheme whose bits the move list shows
 * @property {ReturnType<typeof import('../../components/step-bar.js').mountStepBar>} [steps]  the game viewer's step bar
 */
