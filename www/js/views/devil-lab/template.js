// The strategy lab's sections: what the view draws into its slot (the page's heading and
// introduction stay in devil-lab.html). Menus are filled by the view.
import { LAB_SHARE_BAR } from '../lab/share.js';

export const TEMPLATE = `
<div id="message" hidden></div>
${LAB_SHARE_BAR}

<section class="lab" aria-labelledby="h-strategy">
  <h2 id="h-strategy">1. Choose a strategy</h2>
  <div class="toolbar">
    <label>Strategy <select id="strategy"></select></label>
    <label>f <select id="f">
      <option value="">none (coset: the Hamming code)</option>
      <option value="popcount3" selected>popcount ≥ 3 (Hamrick's)</option>
      <option value="zero">zero (gives XOR)</option>
      <option value="majority">majority</option>
      <option value="random">random (seeded)</option>
    </select></label>
    <label>Seed <input id="seed" value="1" size="6" aria-label="Seed of the random f"></label>
    <label>Squares <select id="squares"></select></label>
    <button type="button" id="verify">Verify again</button>
    <a id="play-link" href="devil.html">Watch and play it on the Devil's chessboard →</a>
  </div>
  <p class="hint">Coset: the coset strategy of the Hamming code, or with an f, of Vasil'ev's nonlinear code.
    Vasil'ev: the half-and-half strategy — the strategy for <var>n</var>/2 squares on u XOR v names the pair, parity(u)
    XOR f(u XOR v) the half. Search: a colouring found by search.</p>
  <div id="verify-job"></div>
  <p id="verdict" aria-live="polite"></p>
  <p id="coset-verdict" aria-live="polite"></p>
  <div id="verdict-board" hidden></div>
</section>

<section class="lab" aria-labelledby="h-table">
  <h2 id="h-table">2. Verify a table</h2>
  <p>One square number per board, board 0 first (board <var>x</var> has coin <var>i</var> heads when bit
    <var>i</var> of <var>x</var> is 1) — or lines <code>bits square</code> as in Hamrick's 8-square table (coin
    <var>n</var>−1 first; the even boards alone are enough). Up to 16 squares, any number of squares.</p>
  <textarea id="table" rows="6" aria-label="Strategy table"></textarea>
  <div class="toolbar">
    <button type="button" id="load-table">Load the table of the strategy above</button>
    <label>Upload <input type="file" id="table-file" accept=".txt,text/plain" aria-label="Upload a table file"></label>
    <label>Board <input id="edit-board" size="8" aria-label="Board number to edit"></label>
    <label>names <input id="edit-square" size="3" aria-label="Square that board names"></label>
    <button type="button" id="edit-set">Set</button>
    <button type="button" id="verify-table">Verify again</button>
    <button type="button" id="play-table">Play it on the Devil's chessboard</button>
  </div>
  <div id="table-job"></div>
  <p id="table-verdict" aria-live="polite"></p>
  <div id="counter-board" hidden></div>
</section>

<section class="lab" aria-labelledby="h-count">
  <h2 id="h-count">3. How many strategies?</h2>
  <p>Even and odd boards are coloured independently (a flip changes parity), and the odd boards' colourings are the
    even boards' moved by flipping coin 0, so the count is a square: <var>P</var>². In a colouring of the even boards
    each colour class is an <em>extended perfect code</em> — a set of even boards every odd board touches exactly once.
    The lab lists every such code (an exact cover), then counts the partitions of the even boards into
    <var>n</var> of them (another exact cover): <var>P</var> = <var>n</var>! × partitions. XOR-type strategies are XOR
    with the squares relabelled and the answers renamed: (<var>n</var>!)² / |GL(k, 2)| of them.</p>
  <div class="toolbar">
    <label>Squares <select id="count-n"><option>1</option><option>2</option><option>4</option><option selected>8</option></select></label>
    <button type="button" id="count">Count again</button>
  </div>
  <div id="count-job"></div>
  <dl id="count-result" class="facts"></dl>
</section>

<section class="lab" aria-labelledby="h-why">
  <h2 id="h-why">4. Why only powers of two</h2>
  <div class="toolbar">
    <label>Squares <input id="why-n" type="number" min="1" max="1048576" value="9" aria-label="Number of squares"></label>
    <button type="button" id="why">Explain again</button>
  </div>
  <p id="why-text" aria-live="polite"></p>
  <div id="why-job"></div>
  <p id="why-search" aria-live="polite"></p>
</section>

<section class="lab" aria-labelledby="h-search">
  <h2 id="h-search">5. Search for a strategy</h2>
  <p>The search colours the even boards like a Sudoku (each odd board's neighbours hold each colour once), copies the
    colouring to the odd boards, and fixes the colours around board 1 (colours are interchangeable). It finds a
    strategy for 1, 2, 4, 8, 16 squares and proves none exists for 3, 5, 6, 7 by running to its end.</p>
  <div class="toolbar">
    <label>Squares <select id="search-n"></select></label>
    <button type="button" id="search">Search again</button>
  </div>
  <div id="search-job"></div>
  <p id="search-result" aria-live="polite"></p>
</section>

<section class="lab" aria-labelledby="h-cube">
  <h2 id="h-cube">6. The hypercube</h2>
  <p>The strategy chosen in section 1, as a colouring of the cube: each corner is a board, each edge a flip. Up to 4
    squares the whole cube is drawn — drag it, or focus it and use the arrow keys, to turn it; click a corner to pick
    its board. Up to 16 squares, pick a board to see its neighbours and the squares they name.</p>
  <div class="toolbar">
    <label>Board (coin 0 first) <input id="cube-board" value="0" size="18" aria-label="Board as 0s and 1s, coin 0 first"></label>
  </div>
  <div id="cube"></div>
  <ol id="cube-neighbours" class="neighbours"></ol>
</section>
<section class="lab" aria-labelledby="h-amo">
  <h2 id="h-amo">7. Flip at most one coin</h2>
  <p>If A may also leave the board alone, a board and its <var>n</var> neighbours — <var>n</var> + 1 boards — must
    show all <var>n</var> answers. The Hamming code does it for <var>n</var> = 2<sup>k</sup> − 1 (a zero syndrome means
    “no flip”), XOR for powers of two. Which <var>n</var> ≤ 8 work?</p>
  <button type="button" id="amo">Settle n = 1 … 8 again</button>
  <div id="amo-job"></div>
  <dl id="amo-result" class="facts"></dl>
</section>
<section class="lab" aria-labelledby="h-dice">
  <h2 id="h-dice">8. Dice instead of coins</h2>
  <p>Each square shows 0 … <var>q</var>−1 and A adds 1 (mod <var>q</var>) to one square. Each answer must then be named
    by exactly <var>q</var><sup>n</sup>/<var>n</var> boards, so every prime factor of <var>n</var> must divide
    <var>q</var> — and then labelling the squares by vectors over the field of <var>p</var> elements works.</p>
  <div class="toolbar">
    <label>Squares <input id="dice-n" type="number" min="1" max="4096" value="9" aria-label="Number of squares"></label>
    <label>Faces <input id="dice-q" type="number" min="2" max="64" value="3" aria-label="Number of faces"></label>
    <button type="button" id="dice">Play another round</button>
  </div>
  <div id="dice-job"></div>
  <p id="dice-result" aria-live="polite"></p>
  <p id="dice-round" class="mono"></p>
</section>
`;
