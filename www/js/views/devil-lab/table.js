// Section 2 of the strategy lab: a table pasted, uploaded, loaded from the strategy or edited
// board by board; verified with a counterexample drawn on a board, or handed to the Devil's
// chessboard to be played.
import { errorText } from '../../app.js';
import { GridBoard } from '../../board.js';
import { isCancelled } from '../../worker-client.js';
import { readTextFile } from '../../text-file.js';
import { editedTable, verdictText, watchLink } from './text.js';

/** The largest table file read: a paired table of 16 squares (65536 lines `bits square`) is 1.3 MB. */
const MAX_TABLE_FILE_BYTES = 2 << 20;

/** The strategy number under which the Devil's chessboard plays a table this session hands it. */
const PASTED_TABLE = 63;

/** @param {import('../devil-lab.js').Lab} lab */
export function wireTable(lab) {
  const { ctx, core } = lab;
  const { $ } = ctx;
  /** @type {GridBoard | null} */
  let counterBoard = null;
  $('load-table').addEventListener('click', load);
  $('table-file').addEventListener('change', upload);
  $('edit-set').addEventListener('click', edit);
  $('verify-table').addEventListener('click', verify);
  $('play-table').addEventListener('click', play);
  $('table').addEventListener('change', () => ctx.stateChanged());

  function load() {
    try {
      $('table').value = core.devil_lab_table(lab.spec(), Number($('squares').value));
      ctx.clearMessage();
    } catch (err) {
      ctx.showError(err);
    }
  }

  /**
   * A table file into the table box, as the core reads it (16 squares a line): refused by its
   * size before it is read, and when it is not text or not a table; the box is then left as it
   * was. The box never gets the file's own text: a megabyte of binary in it, or a paired table
   * of 16 squares (65536 lines), is a task of one to two seconds; the same table 16 a line
   * takes 4096 lines.
   */
  async function upload() {
    const input = $('table-file');
    const file = input.files[0];
    if (!file) return;
    input.value = ''; // the same file, mended, can be picked again
    const refuse = (why) => ctx.showMessage(`The table file “${file.name}” was not opened: ${why}. The table in the box is kept.`, 'error');
    if (file.size > MAX_TABLE_FILE_BYTES) return refuse(`a table file is at most ${MAX_TABLE_FILE_BYTES >> 20} MB; this one is ${(file.size / (1 << 20)).toFixed(1)} MB`);
    try {
      // Read in the Worker: parsing 65536 lines takes 10–100 ms.
      $('table').value = await lab.job('table', 'lab_from_file', [await readTextFile(file)]);
    } catch (err) {
      return isCancelled(err) ? undefined : refuse(errorText(err));
    }
    ctx.clearMessage();
    ctx.stateChanged();
  }

  /** Changes the square one board names, in the list form of the table. */
  function edit() {
    try {
      $('table').value = editedTable($('table').value, $('edit-board').value, $('edit-square').value);
      ctx.clearMessage();
    } catch (err) {
      ctx.showError(err);
    }
  }

  /** Hands the table to the Devil page (session storage: a table is too big for a link). */
  function play() {
    try {
      const text = $('table').value;
      const n = core.devil_lab_table_squares(text);
      sessionStorage.setItem('devil-lab-table', text);
      location.href = `devil.html#${watchLink(core, n, PASTED_TABLE)}`;
    } catch (err) {
      ctx.showError(err);
    }
  }

  async function verify() {
    ctx.clearMessage();
    lab.clearVerdict('table-verdict');
    $('counter-board').hidden = true;
    const text = $('table').value;
    try {
      // Size 0: the core reads the size off the table.
      const v = await lab.job('table', 'devil_lab_verify', [{ strategy: 'table', table: text }, 0]);
      $('table-verdict').textContent = verdictText(v);
      $('table-verdict').className = v.valid ? 'ok' : 'bad';
      if (v.counterexample) drawCounterexample(v.squares, v.counterexample);
    } catch (err) {
      if (!isCancelled(err)) ctx.showError(err);
    }
  }

  function drawCounterexample(n, ce) {
    const box = $('counter-board');
    box.hidden = false;
    if (!counterBoard) {
      const grid = document.createElement('div');
      box.append(grid);
      const caption = document.createElement('p');
      caption.id = 'counter-caption';
      box.append(caption);
      counterBoard = new GridBoard(grid, { label: 'Counterexample board' });
      grid.classList.add('checkered');
    }
    let rows = 1;
    let cols = n;
    if ((n & (n - 1)) === 0) ({ rows, cols } = core.devil_layout(n));
    counterBoard.resize(rows, cols);
    counterBoard.update((i) => {
      const heads = ce.board[i] === '1';
      const classes = ['coin', heads ? 'heads' : 'tails', (Math.floor(i / cols) + (i % cols)) % 2 ? 'dark' : 'light'];
      const label = [`square ${i}`, heads ? 'heads' : 'tails'];
      if (ce.flips.includes(i)) classes.push('clash'), label.push(`flipping it names square ${ce.square}`);
      if (i === ce.missing_key) classes.push('key'), label.push('a key no flip reaches');
      return { classes: classes.join(' '), label: label.join(', '), text: n <= 256 ? String(i) : '', data: { face: heads ? 'heads' : 'tails' } };
    });
    $('counter-caption').textContent = `Counterexample: flipping square ${ce.flips[0]} or square ${ce.flips[1]} (outlined) both make B name square ${ce.square}, so the key under square ${ce.missing_key} (marked) cannot be signalled.`;
  }
}
