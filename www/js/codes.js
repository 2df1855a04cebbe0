// The codes lab view: forwards words and choices to the wasm core and draws its answers.
import { loadCore, initPage, showError, clearMessage, errorText } from './app.js';
import { runJob, jobPanel, isCancelled } from './worker-client.js';
import { linkedState, sectionInView, showSection } from './lab-link.js';
import { readTextFile } from './text-file.js';

let core;
/** An element of this page, by id. @param {string} id */
const $ = (id) => /** @type {import('./app.js').PageElement} */ (document.getElementById(id));
let buildPanel;
let filePanel;
/** The Worker job checking the last words file picked, and how many were picked. */
let fileJob = null;
let filesPicked = 0;
let links;
const SECTIONS = ['hamming', 'check', 'vasilev', 'claim'];

/** The lab's state as its link holds it (see `codes::link::CodesState`). */
function codesState() {
  return {
    r: Number($('r').value),
    msg: $('msg').value.trim(),
    word: $('word').value.trim(),
    words: $('words').value.trim(),
    vf: $('vf').value,
    view: sectionInView(SECTIONS),
  };
}

function showCodesState(s) {
  $('r').value = String(s.r);
  $('msg').value = s.msg;
  $('word').value = s.word;
  $('words').value = s.words;
  $('vf').value = s.vf;
  correct();
  showSection(s.view);
}

function freshCodes() {
  showCodesState({ r: 3, msg: '1011', word: '1110010', words: '000 111', vf: 'popcount3', view: 'hamming' });
  window.scrollTo(0, 0);
}

async function main() {
  initPage();
  core = await loadCore('lab');
  for (let r = 2; r <= 12; r++) $('r').add(new Option(String(r), String(r)));
  $('r').value = '3';
  $('correct').addEventListener('click', correct);
  $('word').addEventListener('keydown', (e) => e.key === 'Enter' && correct());
  $('encode').addEventListener('click', encode);
  $('check').addEventListener('click', check);
  $('words-file').addEventListener('change', openWordsFile);
  $('build').addEventListener('click', build);
  $('claim').addEventListener('click', claim);
  $('build31').addEventListener('click', build31);
  correct();
  links = linkedState({
    link: (st) => core.codes_link(st),
    fromLink: (fragment) => core.codes_from_link(fragment),
    read: codesState,
    write: showCodesState,
    reset: freshCodes,
    fresh: 'a fresh codes lab',
    withoutLarge: (st) => ({ ...st, words: '' }),
    what: 'this code, the words typed in and the section in view',
  });
  await links.start();
  for (const id of ['r', 'msg', 'word', 'words', 'vf']) $(id).addEventListener('change', () => links.record());
  let scrolled;
  window.addEventListener('scroll', () => {
    clearTimeout(scrolled);
    scrolled = setTimeout(() => links.record(), 200);
  });
  document.body.dataset.ready = 'true';
}

/**
 * A words file (one word a line, as "Save as file" writes it) back into the checker. The core
 * refuses it by its size before it is read (`codes_words_size`, the checker's own limit); it is
 * checked in the Worker; the words typed are replaced only by a file that checks.
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
    const job = runJob('codes_check', [text], filePanel, 'lab');
    fileJob = job;
    // A finished job's worker waits for the next job: it must not be cancelled any more.
    const report = await job.promise.finally(() => {
      if (fileJob === job) fileJob = null;
    });
    if (picked !== filesPicked) return;
    // The words the checker read (it splits at white space and commas), one space apart: a box
    // of 4096 words one a line takes 120–200 ms to lay out, one space apart 15–40 ms.
    $('words').value = text.split(/[\s,]+/).filter(Boolean).join(' ');
    facts('check-result', reportFacts(report));
    links.record();
  } catch (err) {
    if (picked === filesPicked && !isCancelled(err)) showError(`The words file “${file.name}” was not opened: ${errorText(err)}. The words typed are kept.`);
  }
}

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
    drawRegions(word, res.checks);
    $('correct-result').innerHTML =
      res.syndrome === 0
        ? `Every check is even: <span class="mono">${word}</span> is a codeword. Message: <span class="mono">${res.message}</span>.`
        : `Failed checks read as binary: syndrome ${res.syndrome}. Flip position ${res.syndrome}: <span class="mono">${res.corrected}</span>. Message: <span class="mono">${res.message}</span>.`;
  });
}

/** One row per check: the positions it looks at are highlighted; the last cell is its parity. */
function drawRegions(word, checks) {
  const m = word.length;
  const show = m <= 63;
  const head = `<tr><th scope="col">check</th>${show ? [...word].map((_, i) => `<th scope="col">${i + 1}</th>`).join('') : ''}<th scope="col">parity</th></tr>`;
  const bits = `<tr><th scope="row">word</th>${show ? [...word].map((b) => `<td>${b}</td>`).join('') : ''}<td></td></tr>`;
  const rows = checks
    .map((parity, j) => {
      const cells = show ? [...word].map((b, i) => (((i + 1) >> j) & 1 ? `<td class="on ${b === '1' ? 'bit1' : ''}" aria-label="position ${i + 1} in check ${j}">${b}</td>` : '<td></td>')).join('') : '';
      return `<tr><th scope="row">${j} (bit ${1 << j})</th>${cells}<td class="${parity ? 'bad' : 'ok'}">${parity}</td></tr>`;
    })
    .join('');
  $('regions').innerHTML = head + bits + rows;
}

function encode() {
  guard(() => {
    const word = core.codes_hamming_encode(Number($('r').value), $('msg').value.trim());
    $('encode-result').innerHTML = `Codeword: <span class="mono">${word}</span> (parity bits at positions 1, 2, 4, …).`;
    $('word').value = word;
    correct();
  });
}

function facts(el, list) {
  $(el).innerHTML = list.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('');
}

function reportFacts(r) {
  const out = [
    ['Words', `${r.words} of length ${r.length}`],
    ['Minimum distance', r.min_distance ?? '—'],
  ];
  if (r.closest) out.push(['Closest pair', `${r.closest[0]}, ${r.closest[1]}`]);
  out.push(['Corrects one error', r.corrects_one_error ? 'yes' : 'no']);
  out.push(['Perfect', r.perfect ? 'yes: every word is within distance 1 of exactly one codeword' : 'no']);
  if (r.uncovered) out.push(['A word far from every codeword', r.uncovered]);
  out.push(['Linear', r.linear ? 'yes' : 'no']);
  if (r.not_closed) out.push(['Not closed under XOR', `${r.not_closed[0]} XOR ${r.not_closed[1]} = ${r.not_closed[2]} is not a codeword`]);
  return out;
}

function check() {
  guard(() => facts('check-result', reportFacts(core.codes_check($('words').value))));
}

async function build() {
  clearMessage();
  if (!buildPanel) {
    buildPanel = jobPanel('Building progress');
    $('build-job').append(buildPanel);
  }
  try {
    const res = await runJob('codes_vasilev', [$('vf').value], buildPanel, 'lab').promise;
    const list = reportFacts(res.report);
    list.push(['First words', res.sample.join(' ')]);
    list.push(['Its coset strategy (16 squares)', `${res.coset_strategy.valid ? 'valid' : 'NOT valid'}: ${res.coset_strategy.explanation}`]);
    facts('build-result', list);
  } catch (err) {
    if (!isCancelled(err)) showError(err);
  }
}

async function build31() {
  clearMessage();
  if (!buildPanel) {
    buildPanel = jobPanel('Building progress');
    $('build-job').append(buildPanel);
  }
  try {
    const res = await runJob('codes_vasilev31', [$('vf').value, 20000], buildPanel, 'lab').promise;
    const list = [
      ['Words', `2^${res.words_log2} of length 31`],
      ['Random words within distance 1 of exactly one codeword', `${res.covered_once} of ${res.samples} (random test, not a proof; perfect by construction)`],
    ];
    if (res.not_closed) list.push(['Not closed under XOR', `${res.not_closed[0]} XOR ${res.not_closed[1]} = ${res.not_closed[2]} is not a codeword`]);
    else list.push(['Not closed under XOR', 'no witness found among random pairs']);
    facts('build31-result', list);
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

main().catch(showError);
