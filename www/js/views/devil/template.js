// The Devil view's markup: the board, its controls and the text beside it.
import { readStored, writeStored } from '../../app.js';
import { SHARE_BAR } from '../../components/share-bar.js';
import { segmented } from '../../components/segmented.js';
import { stepBarMarkup } from '../../components/step-bar.js';

/** The board and its controls: what an embed shows (`.no-embed` parts are the page's extras;
 * `data-embed` marks what an embed's compact view (`compact`) or only its full view (`full`) shows). */
export const TEMPLATE = `
<div id="message" data-embed="compact" hidden></div>
<div class="toolbar" data-embed="compact">
  ${segmented('Mode', 'mode', [['watch', 'Watch'], ['play_a', 'Play as A'], ['play_b', 'Play as B'], ['edit', 'Edit']])}
  <label data-embed="full">Squares <select id="size" aria-label="Number of squares"></select></label>
  <label data-embed="full">Strategy <select id="strategy" aria-label="Strategy"></select></label>
  <label data-embed="full">Labels <select id="labels" aria-label="What each square shows">
    <option value="none">none (H/T)</option><option value="index">index</option>
    <option value="binary">binary</option><option value="coordinate">coordinate</option></select></label>
  <small id="labels-note" class="muted" data-embed="full" hidden>Too many squares for labels at this width.</small>
  <label class="check no-embed"><input type="checkbox" id="ladder-on"> Ladder</label>
  <label class="check no-embed"><input type="checkbox" id="helper-on"> Helper</label>
  <button type="button" id="new-board">New board</button>
  <button type="button" data-game="undo" aria-keyshortcuts="Control+Z">Undo</button>
  <button type="button" data-game="redo" aria-keyshortcuts="Control+Shift+Z">Redo</button>
</div>
<div class="play-area">
  <div>
    <div class="board-frame">
      <div class="edge-top" id="edge-top" aria-hidden="true"></div>
      <div class="edge-left" id="edge-left" aria-hidden="true"></div>
      <div id="board"></div>
    </div>
    <p class="edge-note no-embed" id="edge-note" aria-live="polite"></p>
    <div class="legend no-embed" aria-hidden="true"><span class="l-heads">heads</span><span class="l-tails">tails</span>
      <span class="l-key">key</span><span class="l-region">region being counted</span></div>
  </div>
  <div class="panel" id="side">
    <div id="step-controls">${stepBarMarkup('steps')}</div>
    <div id="play-controls" class="step-controls no-embed" hidden>
      <button type="button" id="next-round" disabled>Next round</button>
      <span id="ladder" class="ladder-state"></span>
    </div>
    <div id="edit-controls" class="step-controls" hidden>
      <span>Click places:</span>
      ${segmented('What a click places', 'tool', [['coin', 'coin'], ['key', 'key']])}
    </div>
    <h2 id="side-title" data-embed="full">Watch the strategy</h2>
    <p id="status" data-embed="compact" aria-live="polite"></p>
    <table class="bits" id="bits" data-embed="full" hidden></table>
    <div class="helper no-embed" id="helper" hidden></div>
    <ol class="step-log" id="log" data-embed="full"></ol>
    <p class="no-embed keyboard-hint"><small>Keyboard: arrows move, Space flips, K places the key (Edit), Enter answers as B.</small></p>
    ${SHARE_BAR}
  </div>
</div>
`;

/** The board sizes offered: 1, 2, 4 … 4096 squares. */
const SIZES = Array.from({ length: 13 }, (_, k) => 1 << k);

/**
 * Fills the Size and Strategy menus from the core: each size with its layout, the lab's
 * strategies, and a table pasted on the strategy lab page in this browser session (which plays
 * as the core's pasted-table strategy).
 * @param {ReturnType<typeof import('../../view.js').viewContext>} ctx
 * @param {import('../../app.js').Cores['devil']} core
 */
export function fillChoices({ $, showError }, core) {
  for (const n of SIZES) {
    const { rows, cols } = core.devil_board(n).layout;
    $('size').add(new Option(`${n} (${rows}×${cols})`, String(n)));
  }
  for (const item of /** @type {import('../../types.js').StrategyMenuItem[]} */ (core.devil_lab_menu())) $('strategy').add(new Option(item.label, String(item.number)));
  const pasted = readStored('session', 'devil-lab-table');
  if (pasted) {
    try {
      const { squares, strategy } = core.devil_lab_pasted_table(pasted);
      const option = new Option(`Pasted table (${squares} squares)`, String(strategy));
      option.dataset.squares = String(squares);
      $('strategy').add(option);
    } catch (err) {
      showError(err);
    }
  }
}

/** @typedef {import('./words.js').Labels} Labels */
const LABELS = ['none', 'index', 'binary', 'coordinate'];
/** @param {string} name @returns {name is Labels} */
const isLabels = (name) => LABELS.includes(name);

/**
 * The visitor's choices, kept in local storage, with their controls wired: what each square
 * shows besides its coin (none (H/T), its index, the index in binary, or its chess-style
 * coordinate), and whether Play as A and B show the live helper (the colour bit by bit).
 * @param {ReturnType<typeof import('../../view.js').viewContext>} ctx
 * @param {() => void} changed  called after either changes
 */
export function wirePreferences({ $ }, changed) {
  const stored = readStored('local', 'devil-labels') ?? '';
  /** @type {{ labels: Labels, helper: boolean }} */
  const prefs = { labels: isLabels(stored) ? stored : 'none', helper: readStored('local', 'devil-helper') === 'on' };
  $('labels').value = prefs.labels;
  $('labels').addEventListener('change', () => {
    const chosen = $('labels').value;
    prefs.labels = isLabels(chosen) ? chosen : 'none';
    writeStored('local', 'devil-labels', prefs.labels);
    changed();
  });
  const helperBox = $('helper-on');
  helperBox.checked = prefs.helper;
  helperBox.addEventListener('change', () => {
    prefs.helper = helperBox.checked;
    writeStored('local', 'devil-helper', prefs.helper ? 'on' : 'off');
    changed();
  });
  return prefs;
}
