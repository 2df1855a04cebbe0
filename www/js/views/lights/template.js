// The Lights Out view's markup.
import { SHARE_BAR } from '../../components/share-bar.js';
import { segmented } from '../../components/segmented.js';
import { stepBarMarkup } from '../../components/step-bar.js';

const STATES = Array.from({ length: 8 }, (_, i) => `<option value="${i + 2}">${i + 2}</option>`).join('');

/** The board and its controls; the explore section is the page's (`.no-embed`). */
export const TEMPLATE = `
<div id="message" data-embed="compact" hidden></div>
<div class="toolbar" id="settings" data-embed="full">
  <label>Rows <input id="rows" type="number" min="1" max="8192" value="5" aria-label="Rows" aria-describedby="size-note"></label>
  <label>Columns <input id="cols" type="number" min="1" max="8192" value="5" aria-label="Columns" aria-describedby="size-note"></label>
  <label>Press changes <select id="rule" aria-label="Rule">
    <option value="plus">self and 4 neighbours (classic)</option>
    <option value="neighbours">the 4 neighbours only</option>
    <option value="x">self and 4 diagonals</option>
    <option value="king">self and all 8 around</option>
  </select></label>
  <label>Edges <select id="edges" aria-label="Edges">
    <option value="bounded">bounded</option>
    <option value="torus">torus (wrap around)</option>
  </select></label>
  <label>States <select id="states" aria-label="Light states">${STATES}</select></label>
  <button type="button" id="new-puzzle" class="primary">New puzzle</button>
  <button type="button" id="all-on">All on</button>
  <button type="button" id="clear" title="Every light off, in Edit mode: copy a board light by light">Clear</button>
  <small id="size-note" class="size-note"></small>
</div>
<div class="play-area">
  <div>
    <div id="board"></div>
    <div id="canvas-wrap" class="canvas-wrap" hidden><canvas id="canvas" tabindex="0"></canvas><div id="canvas-cursor" class="canvas-cursor"></div></div>
    ${stepBarMarkup('steps')}
    <p class="legend no-embed" aria-hidden="true"><span class="l-on">on</span><span class="l-off">off</span>
      <span class="l-press">press (solution)</span><span class="l-hint">hint</span><span class="l-quiet">quiet pattern</span></p>
  </div>
  <div class="panel" id="side">
    <div data-embed="compact">${segmented('Mode', 'mode', [['play', 'Play'], ['edit', 'Edit']])}</div>
    <p id="status" data-embed="compact" aria-live="polite"></p>
    <div class="step-controls" data-embed="compact">
      <button type="button" id="undo" data-game="undo" aria-label="Undo" aria-keyshortcuts="Control+Z">↶ Undo</button>
      <button type="button" id="redo" data-game="redo" aria-label="Redo" aria-keyshortcuts="Control+Y">↷ Redo</button>
      <button type="button" id="hint">Hint</button>
      <button type="button" id="show-solution" aria-pressed="false">Show solution</button>
      <button type="button" id="animate">Animate solution</button>
      <button type="button" id="chase" data-embed="full">Light chasing</button>
      <button type="button" id="check" data-embed="full">Solvable?</button>
    </div>
    <label class="minimal-toggle" data-embed="full"><input type="checkbox" id="minimal" checked> fewest presses (exact up to nullity 24)</label>
    <div id="job-slot" data-embed="full"></div>
    <p id="verdict" data-embed="full" aria-live="polite"></p>
    <ol class="step-log" id="log" data-embed="full"></ol>
    <p class="no-embed keyboard-hint"><small>Keyboard: arrows move, Space or Enter presses (Edit: changes the light), 0–9 set
      the light's state, H hint, U undo, R redo.</small></p>
    ${SHARE_BAR}
    <label class="no-embed open-file">Open a board file <input type="file" id="board-file" accept=".txt,.pbm,text/plain,image/x-portable-bitmap" aria-label="Open a board file"></label>
  </div>
</div>
<section class="explore no-embed" aria-labelledby="explore-title">
  <h2 id="explore-title">Explore this board</h2>
  <p id="counts"></p>
  <div id="table-wrap" hidden>
    <h3>Light-chasing fix-up table</h3>
    <p class="muted">Left on the last row after chasing → first-row lights to press (leftmost free buttons left
      alone), then chase again. <span id="table-note"></span></p>
    <table id="fixup-table" class="mono"><thead><tr><th scope="col">last row</th><th scope="col">press on first row</th></tr></thead><tbody></tbody></table>
  </div>
  <h3>Quiet patterns <small class="muted" id="quiet-note"></small></h3>
  <div id="gallery" class="gallery"></div>
  <h3>Nullity of n×n boards</h3>
  <p class="muted">Classic rule, n = 1 … 200: how many independent quiet patterns the board has (0 means every
    pattern has exactly one solution). Click a point to open that board.</p>
  <div id="chart-slot"></div>
  <figure id="chart" class="chart"></figure>
</section>
`;
