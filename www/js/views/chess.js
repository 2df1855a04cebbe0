// The chess codes view: a board editor, every position scheme's bits, the Huffman tree, share
// links, a decode panel and (on the page) a game stepper with bits per move. Every rule —
// legality, the codes, SAN, PGN — is computed by the wasm core; the parts of the view live in ./chess/.
import { loadCore } from '../app.js';
import { jobPanel } from '../worker-client.js';
import { viewContext, drawTemplate, frameHeight } from '../view.js';
import { SHARE_BAR, wireShareBar, enableShareBar } from '../components/share-bar.js';
import { segmented } from '../components/segmented.js';
import { followLinks } from '../share-link.js';
import { START, setUpEditor, drawEditor, drawBoard } from './chess/editor.js';
import { setUpCodes, drawBars, drawBits } from './chess/codes.js';
import { setUpGame, isGameLink, openGameLink, gameLink } from './chess/game.js';
import { stepBarMarkup } from '../components/step-bar.js';

export const PAGE = 'chess.html';
export const STYLES = ['css/site.css', 'css/chess.css'];
export const CORE = 'chess';

/** The height of a 460 px frame of each view of a game (the viewer instead of the editor), px:
 * measured as the registry's frame heights, src/registry.rs (a 57-ply game with its players line).
 * @type {Record<string, number>} */
const GAME_FRAME_HEIGHTS = { board: 540, compact: 740, full: 1575 };

/** The position editor and its bits; the decode panel and the game stepper are the page's. */
export const TEMPLATE = `
<div id="message" data-embed="compact" hidden></div>

<h2 class="no-embed">A position</h2>
<div class="play-area">
  <div>
    <div id="board" class="board checkered chess"></div>
    <div class="palette" data-embed="compact" role="group" aria-label="Piece to place" id="palette"></div>
    <div class="toolbar" data-embed="full">
      ${segmented('Side to move', 'side', [['w', 'White to move'], ['b', 'Black to move']])}
    </div>
    <div class="toolbar" data-embed="full" role="group" aria-label="Castling rights and en passant">
      <label><input type="checkbox" data-castle="0"> White O-O</label>
      <label><input type="checkbox" data-castle="1"> White O-O-O</label>
      <label><input type="checkbox" data-castle="2"> Black O-O</label>
      <label><input type="checkbox" data-castle="3"> Black O-O-O</label>
      <label>En passant <select id="ep" aria-label="En-passant square"></select></label>
    </div>
    <div class="toolbar" data-embed="full">
      <button type="button" id="start-pos">Start position</button>
      <button type="button" id="clear-board">Clear board</button>
    </div>
    <div class="toolbar fen-row" data-embed="full">
      <label for="fen">FEN</label>
      <input id="fen" class="mono" spellcheck="false" autocomplete="off">
      <button type="button" id="load-fen">Load FEN</button>
    </div>
    <p id="status" data-embed="compact" aria-live="polite"></p>
    <p class="no-embed"><small>Mouse: pick a piece in the palette, then click squares (or drag it onto a square);
      the eraser clears. Keyboard: arrows move, a FEN letter places that piece (P N B R Q K white, p n b r q k black),
      Space places the palette piece, Delete clears.</small></p>
  </div>
  <div class="panel" id="side" data-embed="compact">
    <h2>Bits per scheme</h2>
    <div id="bars" role="list" aria-label="Bits each scheme takes for this position"></div>
    <p class="legend" id="bars-legend" data-embed="full"><span class="l-bar">bits for this position</span>
      <span class="l-worst">the scheme's worst case: the most bits any position takes</span>
      <span class="l-shown">the scheme whose bits are shown below</span></p>
    <h2 data-embed="full">The bits</h2>
    <div class="toolbar" data-embed="full">
      <label>Scheme <select id="scheme" aria-label="Scheme whose bits are shown"></select></label>
      <label><input type="checkbox" id="with-counters"> with move counters</label>
    </div>
    <p id="scheme-note" class="note" data-embed="full"></p>
    <div id="bitstring" data-embed="full" class="bitstring mono" aria-label="The code's bits, by square or field"></div>
    <p class="note" data-embed="full">Each coloured run stores one square or field (the colours only tell neighbours
      apart); hovering or focusing a run marks its squares on the board in purple and names what it stores below.</p>
    <p id="segment-info" data-embed="full" class="note" aria-live="polite">Hover or focus a run of bits to see what it stores.</p>
    <details id="tree-box" data-embed="full">
      <summary>The Huffman tree of cletus's code</summary>
      <div id="tree"></div>
    </details>
    <h2 data-embed="full">Share</h2>
    <p class="note" data-embed="full">The link holds the compact code.</p>
    ${SHARE_BAR}
    <h2 class="no-embed">Decode</h2>
    <div class="toolbar no-embed">
      <label>Scheme <select id="decode-scheme" aria-label="Scheme of the code to decode"></select></label>
      <label><input type="checkbox" id="decode-counters"> ends with move counters</label>
    </div>
    <textarea id="decode-input" class="mono no-embed" rows="2" aria-label="Code to decode (base64url)" placeholder="paste a code (base64url)"></textarea>
    <div class="toolbar no-embed"><button type="button" id="decode">Decode</button><span id="decode-result" class="note" aria-live="polite"></span></div>
  </div>
</div>

<h2 class="no-embed">A game</h2>
<div class="game-area no-embed">
  <div class="toolbar">
    <label>Sample game <select id="sample" aria-label="Sample game"><option value="">—</option></select></label>
    <label>Game <select id="game-index" aria-label="Game in the PGN"></select></label>
  </div>
  <textarea id="pgn" class="mono" rows="3" aria-label="PGN text" placeholder="paste a PGN game here"></textarea>
  <div class="toolbar">
    <button type="button" id="load-pgn" class="primary">Load PGN</button>
    <span id="job-slot"></span>
  </div>
  <div id="game" class="viewer" hidden>
    <p id="players" class="players"></p>
    <div class="viewer-main">
      <div class="viewer-board-col">
        <div class="viewer-board-wrap">
          <div id="vboard" class="board checkered chess viewer-board" role="img" tabindex="0" aria-keyshortcuts="ArrowLeft ArrowRight Home End"></div>
          <svg id="arrows" class="arrows" viewBox="0 0 8 8" aria-hidden="true"></svg>
        </div>
        ${stepBarMarkup('game-steps')}
      </div>
      <div class="viewer-list-col">
        <div class="toolbar list-head">
          <label>Bits of <select id="list-scheme" aria-label="Game scheme whose bits the move list shows"></select></label>
          <span class="note">each bar as long as the move's bits</span>
        </div>
        <div id="moves" class="move-list" role="list" aria-label="Moves, each with its bits"></div>
        <p id="running" class="running" aria-live="polite"></p>
      </div>
    </div>
    <p id="ply" class="note" aria-live="polite"></p>
    <div id="next-moves" class="next-moves"></div>
    <p class="note">Arrow keys, Home and End step while the focus is in the viewer (the board, the list or the bar); the position also loads into the editor above, with its codes.</p>
    <div id="why" class="note" aria-live="polite"></div>
    <div id="move-chart" tabindex="0" role="img" aria-label="Bits per move for each game scheme"></div>
    <table id="totals" class="totals">
      <thead><tr><th>Scheme</th><th>Bits</th><th>Bits a move</th><th>Round trip</th></tr></thead>
      <tbody></tbody>
    </table>
  </div>
</div>
`;

/**
 * Draws the view into `root` and starts it.
 * @param {Document|ShadowRoot} root
 * @param {{embed?: boolean, link?: string, host?: HTMLElement | null}} options
 */
export async function mount(root, { embed = false, link = '', host = null } = {}) {
  drawTemplate(root, TEMPLATE, { embed, name: 'chess' });
  const ctx = viewContext(root, { page: PAGE, embed, link, host });
  const { showError } = ctx;
  // The module (move generation, the codes, the move model) is most of what the page downloads;
  // the first board needs none of it, so it is drawn from the FEN while the module arrives.
  const core = loadCore(CORE);
  /** The view: what the parts in ./chess/ share. @type {import('./chess/view-state.js').ChessView} */
  const v = {
    ctx,
    /** The wasm core's exports, once loaded. */
    core: /** @type {any} */ (null),
    /** The editor's GridBoard. */
    board: null,
    /** The editor's board: {board: [64] (a1 … h8), side, castling: [4], ep}. */
    parts: null,
    /** The core's answer for `parts`: {fen, error, position}. */
    analysis: null,
    /** The scheme whose bits are shown. */
    shown: 'compact',
    /** The position schemes (the core's list), for the bars of an illegal position. */
    positionSchemes: [],
    /** The palette's piece (FEN letter; '' is the eraser). */
    tool: 'P',
    /** Squares marked on the board: those of the run of bits under the pointer or focus. */
    highlight: new Set(),
    /** The loaded game as the Worker coded it, the ply shown, and the sample games' PGN. */
    game: null,
    ply: 0,
    /** The `positions` count at which the editor last showed the viewer's ply (see gameLink). */
    gameShownAt: -1,
    sampleText: null,
    /** The Worker job coding a game, while it runs, and its progress panel. */
    job: null,
    /** Counts the positions shown (every `update`): a job's result is dropped when the
     * position changed after the job started (the user loaded or edited another meanwhile). */
    positions: 0,
    jobPanel: jobPanel('Reading the games'),
    update,
  };

  setUpEditor(v);
  if (!ctx.link) {
    v.parts = startParts();
    drawBoard(v);
  }
  // Nothing answers a click until the core judges positions.
  const slot = /** @type {HTMLElement} */ (ctx.slot);
  slot.inert = true;
  v.core = await core;
  slot.inert = false;
  setUpCodes(v);
  /** The link of what is shown: the game's at its ply while the editor shows it, else the position's. */
  const shownLink = () => {
    const game = gameLink(v);
    return game === undefined ? (v.analysis?.position?.link ?? null) : game;
  };
  wireShareBar(ctx, {
    link: shownLink,
    title: 'Chess codes',
    frameSize: (/** @type {string} */ embedView = 'full') => ({
      width: 460,
      height: gameLink(v) === undefined ? frameHeight('chess', embedView) : (GAME_FRAME_HEIGHTS[embedView] ?? GAME_FRAME_HEIGHTS.full),
    }),
    linkNote: 'what is shown (a game at its ply, or the position)',
  });
  setUpGame(v);
  await followLinks(ctx, {
    current: shownLink,
    open: async (hash) => {
      // A game link opens in the viewer, in the Worker; a position link at once in the editor.
      if (isGameLink(hash)) return openGameLink(v, hash);
      v.parts = v.core.chess_from_link(hash).parts;
      update();
    },
    fresh: () => {
      v.parts = v.core.chess_analyze_fen(START).parts;
      update();
    },
    what: 'the start position',
  });
  ctx.ready();

  /** After any change of the position: the core judges and codes it, then everything redraws.
   * `fromGame`: the position is the viewer's ply (the page's link is then the game's). */
  function update(fromGame = false) {
    v.positions++;
    if (fromGame) v.gameShownAt = v.positions;
    try {
      v.analysis = v.core.chess_analyze_parts(v.parts);
    } catch (err) {
      showError(err);
      return;
    }
    v.highlight = new Set();
    drawEditor(v);
    const pos = v.analysis?.position;
    ctx.stateChanged();
    enableShareBar(ctx, Boolean(pos));
    drawBars(v);
    drawBits(v);
  }
}

/** The editor's parts of the start position (the core's `chess_analyze_fen(START).parts`), read
 * from START's placement without the core. */
function startParts() {
  const board = Array(64).fill('');
  START.split(' ')[0]
    .split('/')
    .forEach((row, i) => {
      let file = 0;
      for (const c of row) {
        if (c >= '1' && c <= '8') file += Number(c);
        else board[(7 - i) * 8 + file++] = c;
      }
    });
  return { board, side: 'w', castling: [true, true, true, true], ep: null };
}
