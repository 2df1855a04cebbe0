// The codes lab's sections: what the view draws into its slot (the page's heading and
// introduction stay in codes.html).
import { LAB_SHARE_BAR } from '../lab/share.js';
import { stepBarMarkup } from '../../components/step-bar.js';

export const TEMPLATE = `
<div id="message" hidden></div>
${LAB_SHARE_BAR}

<section class="lab" aria-labelledby="h-hamming">
  <h2 id="h-hamming">1. Hamming codes</h2>
  <p>A word of length 2<sup>r</sup> − 1 (position 1 first) is a codeword when every parity check is even. Check
    <var>j</var> looks at the positions whose number has bit <var>j</var> set — the same regions as on the chessboard.
    The failed checks, read as a binary number, give the position of a single error: the XOR of the positions of the
    1 bits. Below, bit <var>i</var> is the coin on square <var>i</var> of the chessboard (square 0 holds no bit):
    click a coin to flip its bit.</p>
  <div class="toolbar">
    <label>Received word <input id="word" value="1110010" size="34" aria-label="Received word, position 1 first"></label>
    <button type="button" id="correct">Correct it</button>
  </div>
  <div id="hamming-board"></div>
  <p id="correct-result" class="reserved" aria-live="polite"></p>
  <table class="regions" id="regions" aria-label="Parity-check regions"></table>
  <div class="toolbar">
    <label>r <select id="r"></select></label>
    <label>Message <input id="msg" value="1011" size="34" aria-label="Message bits"></label>
    <button type="button" id="encode">Encode into the word</button>
  </div>
  <p id="encode-result" aria-live="polite"></p>
</section>

<section class="lab" aria-labelledby="h-check">
  <h2 id="h-check">2. Perfect-code checker</h2>
  <p>Words of the same length (up to 16), separated by spaces or new lines. The checker finds the minimum distance,
    whether the balls of radius 1 around the words tile the whole space, and whether the code is linear.</p>
  <textarea id="words" rows="3" aria-label="Code words">000 111</textarea>
  <div class="toolbar"><button type="button" id="check">Check again</button>
    <label>Open a words file <input type="file" id="words-file" accept=".txt,text/plain" aria-label="Open a words file"></label></div>
  <div id="check-job"></div>
  <dl id="check-result" class="facts"></dl>
</section>

<section class="lab" aria-labelledby="h-vasilev">
  <h2 id="h-vasilev">3. Vasil'ev's nonlinear perfect code</h2>
  <p>From the Hamming code C of length 7 and any f: C → {0, 1}, the words (u, u XOR v, parity(u) XOR f(v)) for every
    u of 7 bits and v in C form a perfect code of length 15 — nonlinear when f is. Its coset strategy plays the
    chessboard of 16 squares.</p>
  <div class="toolbar">
    <label>f <select id="vf">
      <option value="popcount3">popcount ≥ 3</option>
      <option value="majority">majority</option>
      <option value="random">random (seeded)</option>
      <option value="zero">zero (linear)</option>
    </select></label>
    <button type="button" id="build">Build and check again</button>
    <button type="button" id="build31">Sample length 31 again</button>
  </div>
  <div id="build-job"></div>
  <dl id="build-result" class="facts"></dl>
  <p>A word of length 15 on the board of 16 squares: click a coin to flip its bit. Every word is within one flip of
    exactly one codeword (the code is perfect); the square marked is the bit that flip changes — the square the code's
    coset strategy names, 0 for a codeword.</p>
  <div class="toolbar">
    <label>Word <input id="pword" value="110000000000000" size="20" aria-label="Word of length 15, position 1 first"></label>
  </div>
  <div id="perfect-board"></div>
  <p id="perfect-result" class="reserved" aria-live="polite"></p>
  <p>Length 31: the same construction applied to the code of length 15 above (f = popcount ≥ 3) gives 2<sup>26</sup>
    words — too many to list. It is perfect by Vasil'ev's theorem, since its base was checked perfect; the lab also
    checks random words (a test, not a proof) and finds two codewords whose XOR is not a codeword.</p>
  <div id="build31-job"></div>
  <dl id="build31-result" class="facts"></dl>
  <h3 id="h-switching">Switching: a walk between perfect codes</h3>
  <p>Some sets K of codewords — the <var>i</var>-components — can be moved together by flipping coordinate
    <var>i</var>, and the code stays perfect. Starting from the code above (f = zero: the Hamming code), each step
    moves the <var>i</var>-component of a random codeword for a random <var>i</var>; the checker confirms every
    code reached is perfect. Codes are told apart by their rank and kernel dimension. Östergård and Pottonen
    classified all perfect codes of length 15: 5,983 up to equivalence. The walk does not decide equivalence, so it
    counts the different codes (as sets of words) and the (rank, kernel) pairs it meets.</p>
  <div class="toolbar">
    <label>Switches <input id="walk-steps" type="number" min="1" max="2000" value="40" aria-label="Number of switches"></label>
    <label>Seed <input id="walk-seed" value="1" size="8" aria-label="Seed of the walk"></label>
    <button type="button" id="walk">Walk again</button>
  </div>
  <div id="walk-job"></div>
  <dl id="walk-result" class="facts"></dl>
  ${stepBarMarkup('walk-bar')}
  <p id="walk-at" aria-live="polite"></p>
  <ol id="walk-steps-list" class="walk-steps" tabindex="0" aria-label="The walk's switches, one a line"></ol>
</section>

<section class="lab" aria-labelledby="h-claim">
  <h2 id="h-claim">4. A strategy that is no code's coset strategy</h2>
  <p>Brian Hamrick's 8-square strategy (Vasil'ev on the chessboard with f = popcount ≥ 3) is claimed not to be the
    coset strategy of any code, even after renaming the squares it names. A coset strategy's class 0 is its own zero
    set, so the only candidates are the strategy's own colour classes, with any square deleted: the program tries
    them all.</p>
  <button type="button" id="claim">Check the claim again</button>
  <p id="claim-result" aria-live="polite"></p>
</section>
`;
