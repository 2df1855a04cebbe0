// The rotating table view's markup.
import { SHARE_BAR } from '../../components/share-bar.js';
import { segmented } from '../../components/segmented.js';
import { stepBarMarkup } from '../../components/step-bar.js';

/** The table, its controls and the belief panel; the long checks are the page's (`.no-embed`);
 * `data-embed` marks what an embed's compact view (`compact`) or only its full view (`full`) shows.
 * What you play with sits right under the table (a phone shows the panel below it). */
export const TEMPLATE = `
<div id="message" data-embed="compact" hidden></div>
<div class="toolbar" data-embed="compact">
  <label data-embed="full">Coins <input type="number" id="coins" min="1" max="64" value="4" aria-label="Number of coins"></label>
  <label data-embed="full">Sides <select id="sides" aria-label="Sides of each coin">
    <option value="2">2 (heads/tails)</option><option value="3">3</option><option value="4">4</option>
    <option value="5">5</option><option value="6">6</option></select></label>
  <label data-embed="full">Devil <select id="devil" aria-label="Who turns the table">
    <option value="random">random</option><option value="adversarial">adversarial</option>
    <option value="human">you</option></select></label>
  ${segmented('What you see', 'sight', [['sighted', 'Sighted'], ['blind', 'Blindfolded']])}
  ${segmented('Mode', 'mode', [['play', 'Play'], ['watch', 'Follow the strategy']])}
  <button type="button" id="new-game">New game</button>
  <button type="button" data-game="undo" aria-keyshortcuts="Control+Z">Undo</button>
  <button type="button" data-game="redo" aria-keyshortcuts="Control+Shift+Z">Redo</button>
</div>
<div class="play-area">
  <div class="table-column">
    <svg id="table" viewBox="-130 -130 260 260" aria-hidden="true"></svg>
    <div id="positions"></div>
    <div class="table-controls">
      <div class="step-controls" id="play-controls">
        <button type="button" id="flip" class="primary">Flip the chosen positions</button>
      </div>
      <div class="step-controls" id="human-turn" hidden>
        <label>You are the devil: turn the table by
          <input type="number" id="turn" min="0" value="0" aria-label="Steps the devil turns the table"></label>
      </div>
      <div id="watch-controls">
        ${stepBarMarkup('steps')}
        <div class="step-controls" data-embed="full">
          <label>Go to move <input type="text" id="jump-to" inputmode="numeric" size="10" aria-label="Go to move number"></label>
          <button type="button" id="jump">Go</button>
        </div>
      </div>
      <p id="next-move" class="mono" data-embed="full" aria-live="polite"></p>
      <p id="status" data-embed="compact" aria-live="polite"></p>
      <p id="devil-note" data-embed="compact" aria-live="polite"></p>
    </div>
    <p class="legend" id="positions-legend" data-embed="full"><span class="l-heads">heads</span><span class="l-tails">tails</span>
      <span class="l-hidden">hidden (blindfolded)</span><span class="l-mark">fixed position, numbered (the table turns under it)</span>
      <span class="l-chosen">chosen for your move</span><span class="l-flashed">changed by the last move</span>
      <span class="l-guarded">guarded by the devil</span></p>
    <p class="no-embed keyboard-hint"><small>Keyboard: arrows move between positions, Space chooses a position (again to
      choose more turns for σ &gt; 2), Enter makes the move (in Follow, the strategy's next move). On the step bar:
      ←/→ step, Space plays or pauses, Home/End go to the start or the end.</small></p>
  </div>
  <div class="panel" id="side">
    <h2 id="strategy-title" data-embed="full">The strategy</h2>
    <p id="strategy-info" data-embed="full"></p>
    <h2 data-embed="full">What you know</h2>
    <p id="belief-info" data-embed="full" aria-live="polite"></p>
    <div id="belief" data-embed="full" role="list" aria-label="Configurations up to rotation"></div>
    <p class="legend" id="belief-legend" data-embed="full"><span class="l-possible">may still be on the table</span>
      <span class="l-ruled-out">ruled out</span><span class="l-goal">all heads: reached means you have won</span></p>
    <svg id="chart" data-embed="full" viewBox="0 0 300 120" role="img" aria-label="Belief size per move"></svg>
    <p class="legend" id="chart-legend" data-embed="full"><span class="l-raw">configurations possible</span>
      <span class="l-neck">necklaces possible</span><span class="l-plan">the strategy's course, still to come</span>
      <span class="l-now">where you are</span> <span>(each as a share of its start)</span></p>
    <div class="toolbar no-embed">
      <button type="button" id="search">Search shortest strategy</button>
      <button type="button" id="verify">Verify exactly</button>
      <button type="button" id="random-check">Random-devil check</button>
    </div>
    <div id="jobs" data-embed="full"></div>
    <div id="results" data-embed="full" aria-live="polite"></div>
    ${SHARE_BAR}
  </div>
</div>
`;
