// Section 2 of the strategy lab: a table pasted, uploaded, loaded from the strategy or edited
// board by board; verified as it changes, with a counterexample drawn on a board, or handed to
// the Devil's chessboard to be played.
import { errorText, writeStored } from '../../app.js';
import { isCancelled } from '../../worker-client.js';
import { readTextFile } from '../../text-file.js';
import { bitsBoard } from '../lab/bits-board.js';
import { debounce, shown } from '../lab/live.js';
import { editedTable, verdictFacts, verdictText, watchLink } from './text.js';
import { showResult } from '../../components/result.js';

/** The largest table file read: a paired table of 16 squares (65536 lines `bits square`) is 1.3 MB. */
const MAX_TABLE_FILE_BYTES = 2 << 20;

/**
 * Wires section 2; returns `changed()`, which verifies the table in the box again.
 * @param {import('../devil-lab.js').Lab} lab
 */
export function wireTable(lab) {
  const { ctx, core } = lab;
  const { $ } = ctx;
  const counterexample = counterexampleBoard(lab, 'counter-board');
  $('load-table').addEventListener('click', load);
  $('table-file').addEventListener('change', upload);
  $('edit-set').addEventListener('click', edit);
  $('play-table').addEventListener('click', play);
  $('table').addEventListener('change', () => ctx.stateChanged());
  // The verdict is marked stale as soon as the table is typed in, and verified again after a pause.
  const typed = debounce(verify, 400);
  $('verify-table').addEventListener('click', () => typed.now());
  $('table').addEventListener('input', () => {
    $('table-verdict').classList.add('stale');
    typed();
  });

  function load() {
    try {
      $('table').value = core.devil_lab_table(lab.spec(), Number($('squares').value));
      ctx.clearMessage();
      verify();
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
    const file = input.files?.[0];
    if (!file) return;
    input.value = ''; // the same file, mended, can be picked again
    const refuse = (/** @type {string} */ why) => ctx.showMessage(`The table file “${file.name}” was not opened: ${why}. The table in the box is kept.`, 'error');
    if (file.size > MAX_TABLE_FILE_BYTES) return refuse(`a table file is at most ${MAX_TABLE_FILE_BYTES >> 20} MB; this one is ${(file.size / (1 << 20)).toFixed(1)} MB`);
    try {
      // Read in the Worker: parsing 65536 lines takes 10–100 ms.
      $('table').value = await lab.job('table', 'lab_from_file', [await readTextFile(file)]);
    } catch (err) {
      return isCancelled(err) ? undefined : refuse(errorText(err));
    }
    ctx.clearMessage();
    ctx.stateChanged();
    verify();
  }

  /** Changes the square one board names, in the list form of the table. */
  function edit() {
    try {
      $('table').value = editedTable($('table').value, $('edit-board').value, $('edit-square').value);
      ctx.clearMessage();
      verify();
    } catch (err) {
      ctx.showError(err);
    }
  }

  /** Hands the table to the Devil page (session storage: a table is too big for a link). */
  function play() {
    try {
      const text = $('table').value;
      const { squares, strategy } = core.devil_lab_pasted_table(text);
      if (!writeStored('session', 'devil-lab-table', text)) {
        throw new Error('This browser refuses session storage here, so the table cannot go to the Devil page (a table is too big for a link).');
      }
      location.href = `devil.html#${watchLink(core, squares, strategy)}`;
    } catch (err) {
      ctx.showError(err);
    }
  }

  function verify() {
    const text = $('table').value;
    if (!text.trim()) {
      lab.clearVerdict('table-verdict');
      $('table-verdict').textContent = 'Paste, upload or load a table: it is verified as it changes.';
      counterexample.hide();
      return;
    }
    $('table-verdict').classList.add('stale');
    return shown(ctx, 'table', async () => {
      try {
        // Size 0: the core reads the size off the table.
        const v = await lab.job('table', 'devil_lab_verify', [{ strategy: 'table', table: text }, 0]);
        showResult($('table-verdict'), verdictText(v), verdictFacts(v));
        $('table-verdict').className = v.valid ? 'ok' : 'bad';
        counterexample.hide();
        if (v.counterexample) counterexample.draw(v.squares, v.counterexample);
      } catch (err) {
        if (!isCancelled(err)) {
          lab.clearVerdict('table-verdict');
          counterexample.hide();
        }
        throw err;
      }
    });
  }

  return { changed: verify };
}

/**
 * The board drawn in box `id` where a strategy fails: two flips that name the same square
 * (outlined), so one key (marked) no flip can signal.
 * @param {import('../devil-lab.js').Lab} lab
 * @param {string} id
 */
export function counterexampleBoard(lab, id) {
  const box = lab.ctx.$(id);
  box.classList.add('counterexample');
  box.hidden = true;
  const grid = document.createElement('div');
  const caption = document.createElement('p');
  caption.className = 'counter-caption';
  box.append(grid, caption);
  const board = bitsBoard(grid, 'Counterexample board', undefined);
  return {
    hide() {
      box.hidden = true;
    },
    /**
     * @param {number} n  squares
     * @param {{ board: string, flips: number[], square: number, missing_key: number }} ce
     */
    draw(n, ce) {
      box.hidden = false;
      board.draw(ce.board.slice(0, n), (i) => {
        /** @type {string[]} */
        const classes = [];
        /** @type {string[]} */
        const label = [];
        if (ce.flips.includes(i)) classes.push('clash'), label.push(`flipping it names square ${ce.square}`);
        if (i === ce.missing_key) classes.push('key'), label.push('a key no flip reaches');
        return { classes, label };
      });
      box.dataset.flips = ce.flips.join(' ');
      box.dataset.key = String(ce.missing_key);
      caption.textContent = `The strategy fails on this board: flipping square ${ce.flips[0]} or square ${ce.flips[1]} (dashed) both make B name square ${ce.square}, so when the key is under square ${ce.missing_key} (outlined) no flip can tell B.`;
    },
  };
}
