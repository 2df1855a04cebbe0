// The codes lab view: forwards words and choices to the wasm core and draws its answers; its
// link is kept like every view's (./lab/share.js).
import { loadCore, errorText } from '../app.js';
import { runJob, jobPanel, isCancelled } from '../worker-client.js';
import { viewContext, drawTemplate } from '../view.js';
import { readTextFile } from '../text-file.js';
import { keepLabLink } from './lab/share.js';
import { TEMPLATE } from './codes/template.js';
import { regionsHtml, reportFacts, factsHtml } from './codes/text.js';

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

/**
 * Draws the view into `root` and starts it.
 * @param {Document|ShadowRoot} root
 * @param {{embed?: boolean, link?: string, host?: HTMLElement}} options
 */
export async function mount(root, { embed = false, link = '', host = null } = {}) {
  drawTemplate(root, TEMPLATE, { embed, name: 'codes' });
  const ctx = viewContext(root, { page: PAGE, embed, link, host });
  const { $, showError, clearMessage } = ctx;
  const core = await loadCore(CORE);
  /** @type {HTMLElement | null} */
  let buildPanel = null;
  /** @type {HTMLElement | null} */
  let filePanel = null;
  /** The Worker job checking the last words file picked, and how many were picked. */
  let fileJob = null;
  let filesPicked = 0;

  for (let r = 2; r <= 12; r++) $('r').add(new Option(String(r), String(r)));
  $('r').value = String(FRESH.r);
  $('correct').addEventListener('click', correct);
  $('word').addEventListener('keydown', (e) => e.key === 'Enter' && correct());
  $('encode').addEventListener('click', encode);
  $('check').addEventListener('click', check);
  $('words-file').addEventListener('change', openWordsFile);
  $('build').addEventListener('click', build);
  $('claim').addEventListener('click', claim);
  $('build31').addEventListener('click', build31);
  correct();

  /** @param {typeof FRESH} s */
  const show = (s) => {
    $('r').value = String(s.r);
    $('msg').value = s.msg;
    $('word').value = s.word;
    $('words').value = s.words;
    $('vf').value = s.vf;
    correct();
  };
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
   * core refuses it by its size before it is read (`codes_words_size`, the checker's own
   * limit); it is checked in the Worker; the words typed are replaced only by a file that checks.
   */
  async function openWordsFile() {
    const input = $('words-file');
    const file = input.files[0];
    if (!file) return;
    input.value = ''; // the same file, mended, can be picked again
    clearMessage();
    fileJob?.cancel();
    const picked = ++filesPicked;
    try {
      core.codes_words_size(file.size);
      const text = await readTextFile(file);
      if (picked !== filesPicked) return; // a newer file was picked while this one was read
      if (!filePanel) {
        filePanel = jobPanel('Reading the words file');
        $('check-result').before(filePanel);
      }
      const job = runJob('codes_check', [text], filePanel, CORE);
      fileJob = job;
      // A finished job's worker waits for the next job: it must not be cancelled any more.
      const report = await job.promise.finally(() => {
        if (fileJob === job) fileJob = null;
      });
      if (picked !== filesPicked) return;
      // The words the checker read (it splits at white space and commas), one space apart: a
      // box of 4096 words one a line takes 120–200 ms to lay out, one space apart 15–40 ms.
      $('words').value = text.split(/[\s,]+/).filter(Boolean).join(' ');
      $('check-result').innerHTML = factsHtml(reportFacts(report));
      ctx.stateChanged();
    } catch (err) {
      if (picked === filesPicked && !isCancelled(err)) showError(`The words file “${file.name}” was not opened: ${errorText(err)}. The words typed are kept.`);
    }
  }

  /** Runs `fn`, its failure a one-line message. */
  function guard(fn) {
    try {
      clearMessage();
      fn();
    } catch (err) {
      showError(err);
    }
  }

  function correct() {
    guard(() => {
      const word = $('word').value.trim();
      const res = core.codes_hamming_correct(word);
      $('regions').innerHTML = regionsHtml(word, res.checks);
      $('correct-result').innerHTML =
        res.syndrome === 0
          ? `Every check is even: <span class="mono">${word}</span> is a codeword. Message: <span class="mono">${res.message}</span>.`
          : `Failed checks read as binary: syndrome ${res.syndrome}. Flip position ${res.syndrome}: <span class="mono">${res.corrected}</span>. Message: <span class="mono">${res.message}</span>.`;
    });
  }

  function encode() {
    guard(() => {
      const word = core.codes_hamming_encode(Number($('r').value), $('msg').value.trim());
      $('encode-result').innerHTML = `Codeword: <span class="mono">${word}</span> (parity bits at positions 1, 2, 4, …).`;
      $('word').value = word;
      correct();
    });
  }

  function check() {
    guard(() => {
      $('check-result').innerHTML = factsHtml(reportFacts(core.codes_check($('words').value)));
    });
  }

  /** Runs a build of Vasil'ev's code in the Worker, with the section's progress panel. */
  function buildJob(fn, args) {
    if (!buildPanel) {
      buildPanel = jobPanel('Building progress');
      $('build-job').append(buildPanel);
    }
    return runJob(fn, args, buildPanel, CORE).promise;
  }

  async function build() {
    clearMessage();
    try {
      const res = await buildJob('codes_vasilev', [$('vf').value]);
      const list = reportFacts(res.report);
      list.push(['First words', res.sample.join(' ')]);
      list.push(['Its coset strategy (16 squares)', `${res.coset_strategy.valid ? 'valid' : 'NOT valid'}: ${res.coset_strategy.explanation}`]);
      $('build-result').innerHTML = factsHtml(list);
    } catch (err) {
      if (!isCancelled(err)) showError(err);
    }
  }

  async function build31() {
    clearMessage();
    try {
      const res = await buildJob('codes_vasilev31', [$('vf').value, 20000]);
      /** @type {[string, string][]} */
      const list = [
        ['Words', `2^${res.words_log2} of length 31`],
        ['Random words within distance 1 of exactly one codeword', `${res.covered_once} of ${res.samples} (random test, not a proof; perfect by construction)`],
      ];
      if (res.not_closed) list.push(['Not closed under XOR', `${res.not_closed[0]} XOR ${res.not_closed[1]} = ${res.not_closed[2]} is not a codeword`]);
      else list.push(['Not closed under XOR', 'no witness found among random pairs']);
      $('build31-result').innerHTML = factsHtml(list);
    } catch (err) {
      if (!isCancelled(err)) showError(err);
    }
  }

  function claim() {
    guard(() => {
      const { coset } = core.devil_lab_coset_check({ strategy: 'vasilev', f: 'popcount3' }, 8);
      const control = core.devil_lab_coset_check({ strategy: 'xor' }, 8).coset;
      $('claim-result').textContent = coset
        ? `The claim fails: it is the coset strategy of colour class ${coset[0]} with square ${coset[1]} deleted.`
        : `Confirmed: for each of its 8 colour classes and each of the 8 squares to delete, the coset strategy differs from it on some board, under every renaming of the answers. (Control: XOR is found to be the coset strategy of class ${control[0]}, deleting square ${control[1]}.)`;
    });
  }
}
