// The codes lab view: forwards words and choices to the wasm core and draws its answers, live:
// each section shows its result on load and recomputes it as its word, code or f changes
// (long ones in the Worker, a stale run cancelled). Words are drawn like the chessboard, bit i
// on square i, and a click flips a bit. Its link is kept like every view's (./lab/share.js).
import { loadCore, errorText } from '../app.js';
import { runJob, jobPanel, isCancelled } from '../worker-client.js';
import { viewContext, drawTemplate } from '../view.js';
import { readTextFile } from '../text-file.js';
import { keepLabLink } from './lab/share.js';
import { debounce, sectionJobs, shown } from './lab/live.js';
import { bitsBoard } from './lab/bits-board.js';
import { TEMPLATE } from './codes/template.js';
import { mountStepBar } from '../components/step-bar.js';
import { regionsHtml, reportFacts, reportData, factsHtml, flipBit, resizedMessage } from './codes/text.js';
import { setFacts } from '../components/result.js';
import { showWalk } from './codes/walk.js';

export { TEMPLATE };
/** The view's page, for share links. */
export const PAGE = 'codes.html';
/** The style sheets the view needs (relative to the site root). */
export const STYLES = ['css/site.css', 'css/devil-lab.css'];
/** The wasm module the view needs. */
export const CORE = 'lab';

/** The sections, by the ids of their headings without `h-` (the link's `view`). */
const SECTIONS = ['hamming', 'check', 'vasilev', 'claim'];
/** The fields of a fresh lab: the source's example word. */
const FRESH = { r: 3, msg: '1011', word: '1110010', words: '000 111', vf: 'popcount3' };
/** The length of Vasil'ev's code drawn on the board of 16 squares. */
const PERFECT_LENGTH = 15;
/** Random words the length-31 code is tested on. */
const SAMPLES_31 = 20000;

/** @typedef {import('./codes/walk.js').SwitchingWalk} SwitchingWalk */

/**
 * Draws the view into `root` and starts it.
 * @param {Document|ShadowRoot} root
 * @param {{embed?: boolean, link?: string, host?: HTMLElement | null}} options
 */
export async function mount(root, { embed = false, link = '', host = null } = {}) {
  drawTemplate(root, TEMPLATE, { embed, name: 'codes' });
  const ctx = viewContext(root, { page: PAGE, embed, link, host });
  const { $, showError, clearMessage } = ctx;
  const core = await loadCore(CORE);
  const job = sectionJobs(CORE, (section) => $(`${section}-job`));
  /** @type {HTMLElement | null} */
  let filePanel = null;
  /** The Worker job checking the last words file picked, and how many were picked.
   * @type {{ cancel: () => void } | null} */
  let fileJob = null;
  let filesPicked = 0;
  /** The word's syndrome, once the core has read it (the square "Correct it" flips). */
  let syndrome = 0;

  // Square i is bit i (position i of the word); square 0 holds no bit.
  const hammingBoard = bitsBoard($('hamming-board'), 'The received word on the chessboard: bit i on square i', (i) => {
    if (i === 0) return;
    $('word').value = flipBit($('word').value.trim(), i);
    afterWord();
  });
  const perfectBoard = bitsBoard($('perfect-board'), "A word of Vasil'ev's code's length on the board of 16 squares", (i) => {
    if (i === 0) return;
    $('pword').value = flipBit($('pword').value.trim(), i);
    probe();
  });
  const walkBar = mountStepBar($('walk-bar'));

  for (let r = 2; r <= 12; r++) $('r').add(new Option(String(r), String(r)));
  $('r').value = String(FRESH.r);
  // The word follows the message until the word itself is edited: a message typed just before
  // must not overwrite it when its debounced encoding comes.
  const encodeTyped = debounce(encode, 300);
  const afterWord = () => {
    encodeTyped.cancel();
    correct();
    ctx.stateChanged();
  };
  const correctTyped = debounce(correct, 200);
  $('word').addEventListener('input', () => {
    encodeTyped.cancel();
    correctTyped();
  });
  $('word').addEventListener('keydown', (e) => e.key === 'Enter' && correct());
  $('correct').addEventListener('click', () => {
    if (syndrome > 0) $('word').value = flipBit($('word').value.trim(), syndrome);
    afterWord();
  });
  $('encode').addEventListener('click', () => encodeTyped.now());
  $('msg').addEventListener('input', encodeTyped);
  $('r').addEventListener('change', () => {
    $('msg').value = resizedMessage($('msg').value.trim(), Number($('r').value));
    encode();
  });
  const checkTyped = debounce(check, 300);
  $('words').addEventListener('input', checkTyped);
  $('check').addEventListener('click', () => checkTyped.now());
  $('words-file').addEventListener('change', openWordsFile);
  $('build').addEventListener('click', build);
  $('build31').addEventListener('click', build31);
  $('vf').addEventListener('change', () => {
    build();
    build31();
    probe();
    walk();
  });
  const walkTyped = debounce(walk, 400);
  for (const id of ['walk-steps', 'walk-seed']) $(id).addEventListener('input', walkTyped);
  $('walk').addEventListener('click', () => walkTyped.now());
  $('pword').addEventListener('input', debounce(probe, 200));
  $('claim').addEventListener('click', claim);

  /** @param {typeof FRESH} s */
  const show = (s) => {
    $('r').value = String(s.r);
    $('msg').value = s.msg;
    $('word').value = s.word;
    $('words').value = s.words;
    $('vf').value = s.vf;
    correct();
    check();
    build();
    build31();
    probe();
    walk();
  };
  claim();
  show(/** @type {typeof FRESH} */ ({ ...FRESH, r: Number($('r').value), msg: $('msg').value, word: $('word').value, words: $('words').value, vf: $('vf').value }));
  await keepLabLink(ctx, {
    core,
    kind: 'codes',
    sections: SECTIONS,
    // The fields the link holds (see `codes::link::CodesState`).
    read: () => ({ r: Number($('r').value), msg: $('msg').value.trim(), word: $('word').value.trim(), words: $('words').value.trim(), vf: $('vf').value }),
    show,
    fresh: () => show(FRESH),
    freshName: 'a fresh codes lab',
    withoutLarge: (s) => ({ ...s, words: '' }),
    what: 'this code, the words typed in and the section in view',
  });
  for (const id of ['r', 'msg', 'word', 'words', 'vf']) $(id).addEventListener('change', () => ctx.stateChanged());
  ctx.ready();

  /**
   * A words file (one word a line, as "Save as file" writes it) back into the checker. The
   * core refuses it by its size before it is read (`codes_check` with the size alone, the
   * checker's own limit); it is checked in the Worker; the words typed are replaced only by a
   * file that checks.
   */
  async function openWordsFile() {
    const input = $('words-file');
    const file = input.files?.[0];
    if (!file) return;
    input.value = ''; // the same file, mended, can be picked again
    clearMessage();
    fileJob?.cancel();
    const picked = ++filesPicked;
    try {
      core.codes_check('', file.size);
      const text = await readTextFile(file);
      if (picked !== filesPicked) return; // a newer file was picked while this one was read
      if (!filePanel) {
        filePanel = jobPanel('Reading the words file');
        $('check-result').before(filePanel);
      }
      const started = runJob('codes_check', [text, undefined], filePanel, CORE);
      fileJob = started;
      // A finished job's worker waits for the next job: it must not be cancelled any more.
      const report = await started.promise.finally(() => {
        if (fileJob === started) fileJob = null;
      });
      if (picked !== filesPicked) return;
      // The words the checker read (it splits at white space and commas), one space apart: a
      // box of 4096 words one a line takes 120–200 ms to lay out, one space apart 15–40 ms.
      $('words').value = text.split(/[\s,]+/).filter(Boolean).join(' ');
      showReport($('check-result'), report);
      ctx.stateChanged();
    } catch (err) {
      if (picked === filesPicked && !isCancelled(err)) showError(`The words file “${file.name}” was not opened: ${errorText(err)}. The words typed are kept.`);
    }
  }

  /** The checker's report as its list of facts, and as data for what reads the page. @param {HTMLElement} el @param {any} report */
  function showReport(el, report) {
    el.innerHTML = factsHtml(reportFacts(report));
    setFacts(el, reportData(report));
  }

  /** Runs `fn`, its failure a one-line message. @param {() => void} fn */
  function guard(fn) {
    try {
      clearMessage();
      fn();
    } catch (err) {
      showError(err);
    }
  }

  /** The word's checks, syndrome and correction, on the board and in words (nothing for no word). */
  function correct() {
    guard(() => {
      const word = $('word').value.trim();
      for (const id of ['regions', 'correct-result', 'hamming-board']) $(id).hidden = !word;
      if (!word) return;
      const res = core.codes_hamming_correct(word);
      syndrome = res.syndrome;
      $('regions').innerHTML = regionsHtml(word, res.checks);
      hammingBoard.draw(`0${word}`, (i) => {
        if (i === 0) return { classes: ['unused', ...(syndrome === 0 ? ['named'] : [])], label: ['no bit', ...(syndrome === 0 ? ['named: the word is a codeword'] : [])], text: word.length < 256 ? '·' : '' };
        return i === syndrome ? { classes: ['named'], label: ['the syndrome names it: flip it to correct the word'] } : undefined;
      });
      $('hamming-board').dataset.syndrome = String(syndrome);
      setFacts($('correct-result'), { syndrome, corrected: res.corrected, message: res.message });
      $('correct-result').innerHTML =
        syndrome === 0
          ? `Every check is even: syndrome 0, so <span class="mono">${word}</span> is a codeword. Message: <span class="mono">${res.message}</span>.`
          : `Failed checks read as binary: syndrome ${syndrome} (the XOR of the squares with a 1). Flip position ${syndrome}, marked: <span class="mono">${res.corrected}</span>. Message: <span class="mono">${res.message}</span>.`;
    });
  }

  function encode() {
    guard(() => {
      const word = core.codes_hamming_encode(Number($('r').value), $('msg').value.trim());
      $('encode-result').innerHTML = `Codeword: <span class="mono">${word}</span> (parity bits at positions 1, 2, 4, …).`;
      // Never into the word field while the reader is in it: the typed message's codeword,
      // landing between their select-all and their typing, had the typed word appended to it
      // (a fresh clone's run of share.test.mjs caught a 30-bit word).
      const field = $('word');
      if (/** @type {Document | ShadowRoot} */ (field.getRootNode()).activeElement === field) return;
      field.value = word;
      afterWord();
    });
  }

  /**
   * The checker's report on the words in the box, from the Worker (4096 words take a while).
   * Words that do not check are the section's own line, not the page's message: they are
   * often half typed.
   */
  function check() {
    const words = $('words').value;
    const out = $('check-result');
    if (!words.trim()) {
      out.replaceChildren();
      setFacts(out, {});
      return;
    }
    out.classList.add('stale');
    return job('check', 'codes_check', [words, undefined]).then(
      (report) => {
        showReport(out, report);
        out.className = 'facts';
      },
      (err) => {
        if (isCancelled(err)) return;
        setFacts(out, { refused: true });
        out.textContent = `✘ ${errorText(err)}`;
        out.className = 'facts bad';
      },
    );
  }

  function build() {
    return shown(ctx, 'build', async () => {
      const res = await job('build', 'codes_vasilev', [$('vf').value, undefined]);
      const list = reportFacts(res.report);
      list.push(['First words', res.sample.join(' ')]);
      list.push(['Its coset strategy (16 squares)', `${res.coset_strategy.valid ? 'valid' : 'NOT valid'}: ${res.coset_strategy.explanation}`]);
      $('build-result').innerHTML = factsHtml(list);
      setFacts($('build-result'), { ...reportData(res.report), cosetStrategyValid: res.coset_strategy.valid });
    });
  }

  function build31() {
    return shown(ctx, 'build31', async () => {
      const res = await job('build31', 'codes_vasilev', [$('vf').value, SAMPLES_31]);
      /** @type {[string, string][]} */
      const list = [
        ['Words', `2^${res.words_log2} of length 31`],
        ['Random words within distance 1 of exactly one codeword', `${res.covered_once} of ${res.samples} (random test, not a proof; perfect by construction)`],
      ];
      if (res.not_closed) list.push(['Not closed under XOR', `${res.not_closed[0]} XOR ${res.not_closed[1]} = ${res.not_closed[2]} is not a codeword`]);
      else list.push(['Not closed under XOR', 'no witness found among random pairs']);
      $('build31-result').innerHTML = factsHtml(list);
      setFacts($('build31-result'), { wordsLog2: res.words_log2, length: 31, coveredOnce: res.covered_once, samples: res.samples, closed: !res.not_closed });
    });
  }

  /** A walk of switches from the code of section 3, in the Worker, then on its step bar. */
  function walk() {
    return shown(ctx, 'walk', async () => {
      /** @type {SwitchingWalk} */
      const w = await job('walk', 'codes_switching_walk', [$('vf').value, Number($('walk-steps').value), $('walk-seed').value.trim()]);
      showWalk($, walkBar, w);
    });
  }

  /**
   * The word of length 15 on the board of 16 squares, and the square the code names for it:
   * the coset strategy of Vasil'ev's code with the f chosen (a board's coin 0 is not read).
   */
  function probe() {
    guard(() => {
      const word = $('pword').value.trim();
      if (!new RegExp(`^[01]{${PERFECT_LENGTH}}$`).test(word)) throw new Error(`a word of Vasil'ev's code is ${PERFECT_LENGTH} characters 0 or 1, position 1 first`);
      const board = [...word].reduce((x, bit, i) => x + (bit === '1' ? 2 ** (i + 1) : 0), 0);
      const named = core.devil_lab_neighbours({ strategy: 'coset', f: $('vf').value }, PERFECT_LENGTH + 1, board).colour;
      perfectBoard.draw(`0${word}`, (i) => {
        if (i === 0) return { classes: ['unused', ...(named === 0 ? ['named'] : [])], label: ['no bit'], text: '·' };
        return i === named ? { classes: ['named'], label: ['flipping it gives the nearest codeword'] } : undefined;
      });
      $('perfect-board').dataset.named = String(named);
      $('perfect-result').innerHTML =
        named === 0
          ? `<span class="mono">${word}</span> is a codeword: the code names square 0.`
          : `Not a codeword: flipping bit ${named} (marked) gives the only codeword one flip away, <span class="mono">${flipBit(word, named)}</span>.`;
    });
  }

  function claim() {
    guard(() => {
      const { coset } = core.devil_lab_coset_check({ strategy: 'vasilev', f: 'popcount3' }, 8);
      const control = core.devil_lab_coset_check({ strategy: 'xor' }, 8).coset;
      setFacts($('claim-result'), { confirmed: !coset });
      $('claim-result').textContent = coset
        ? `The claim fails: it is the coset strategy of colour class ${coset[0]} with square ${coset[1]} deleted.`
        : `Confirmed: for each of its 8 colour classes and each of the 8 squares to delete, the coset strategy differs from it on some board, under every renaming of the answers. (Control: XOR is found to be the coset strategy of class ${control[0]}, deleting square ${control[1]}.)`;
    });
  }
}
