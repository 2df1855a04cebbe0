// The Lights Out games view's markup.
import { segmented } from '../../components/segmented.js';
import { stepBarMarkup } from '../../components/step-bar.js';
import { SHARE_BAR } from '../../components/share-bar.js';

const PRESETS = [
  ['classic', 'Lights Out (5×5)'],
  ['mini', 'Lights Out Mini (4×4)'],
  ['deluxe', 'Lights Out Deluxe, + (6×6)'],
  ['deluxe-x', 'Lights Out Deluxe, x (6×6)'],
  ['2000', 'Lights Out 2000 (off, red, green)'],
  ['cube', 'Lights Out Cube (6 faces)'],
  ['orbix', 'Orbix (12 faces)'],
  ['merlin', "Merlin's Magic Square (3×3)"],
];

export const TEMPLATE = `
<div id="message" hidden></div>
<div class="toolbar" data-embed="full">
  <label>Game <select id="preset" aria-label="Which game">
    ${PRESETS.map(([v, t]) => `<option value="${v}">${t}</option>`).join('')}
    <option value="grid">Custom grid…</option></select></label>
  <button type="button" id="new-game">New random board</button>
  <label><input type="checkbox" id="lit-only"> Lit-only (only a lit light may be pressed)</label>
</div>
<fieldset id="custom" class="custom" data-embed="full" hidden>
  <legend>Custom grid</legend>
  <label>Rows <input type="number" id="rows" min="1" max="64" value="5"></label>
  <label>Columns <input type="number" id="cols" min="1" max="64" value="5"></label>
  <label>States <input type="number" id="k" min="2" max="255" value="2"></label>
  <label>Edges <select id="edges">
    <option value="bounded">bounded</option><option value="torus">torus</option>
    <option value="klein">Klein bottle</option><option value="projective">projective plane</option></select></label>
  <div class="stencil-box"><span id="stencil-title">A press changes (click to draw; the middle is the light pressed):</span>
    <div id="stencil" class="stencil" role="group" aria-labelledby="stencil-title"></div></div>
  <button type="button" id="make-grid">Make this grid</button>
</fieldset>
<div class="games-area">
  <div class="board-column">
    <div class="toolbar" data-embed="compact">
      ${segmented('Mode', 'mode', [['play', 'Play'], ['edit', 'Edit']])}
      <button type="button" id="clear" title="Every light off, and Edit mode to copy your game's lights">Clear</button>
      <button type="button" data-game="undo" aria-keyshortcuts="Control+Z">Undo</button>
      <button type="button" data-game="redo" aria-keyshortcuts="Control+Shift+Z">Redo</button>
    </div>
    <h2 id="board-title" class="board-title"></h2>
    <div id="board" class="games-board" role="group" aria-labelledby="board-title"></div>
    <p class="legend" id="legend"></p>
    <p id="status" aria-live="polite"></p>
    <p class="keyboard-hint" data-embed="full"><small>Edit mode: tap or drag over lights to paint them; any mode: the number keys set the
      focused light's state, arrows move. Play mode: a tap presses.</small></p>
    <details class="paste" data-embed="full">
      <summary>Type or paste a pattern</summary>
      <p><small>One character a light in the game's order (<code>.</code> off, <code>#</code> on, or digits
        <code>0</code>–<code>9</code> for the state), rows on lines; past 10 states, numbers separated by commas.</small></p>
      <textarea id="pattern" rows="6" cols="24" spellcheck="false" aria-label="Pattern of lights"></textarea>
      <div class="toolbar"><button type="button" id="set-pattern">Set the lights</button>
        <button type="button" id="copy-pattern">Show the board as text</button></div>
    </details>
  </div>
  <div class="panel" id="side" data-embed="compact">
    <h2>Presses</h2>
    <div class="toolbar"><button type="button" id="solve" class="primary">Solve</button></div>
    <div id="solve-job"></div>
    <p id="plan-info" aria-live="polite"></p>
    ${stepBarMarkup('press-bar')}
    <ol id="press-list" class="press-list"></ol>
    ${SHARE_BAR}
  </div>
</div>
`;
