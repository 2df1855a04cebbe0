// The Devil's chessboard view: draws a round and forwards clicks and keys to the core.
// Every rule (flips, answers, the strategy, links) is computed by the wasm core. `mount` draws
// the view into a page (the document) or an embed's shadow root.
import { loadCore } from '../app.js';
import { GridBoard } from '../board.js';
import { viewContext, drawTemplate, scrollToEnd } from '../view.js';
import { SHARE_BAR, wireShareBar } from '../components/share-bar.js';
import { segmented, onSegmented, markSegmented } from '../components/segmented.js';
import { followLinks } from '../share-link.js';
import { Stepper, stepBarMarkup, mountStepBar } from '../components/step-bar.js';

/** The view's page, for share links. */
export const PAGE = 'devil.html';
/** The style sheets the view needs (relative to the site root). */
export const STYLES = ['css/site.css'];
/** The wasm module the view needs. */
export const CORE = 'devil';

const SIZES = Array.from({ length: 13 }, (_, k) => 1 << k);
const TITLES = { watch: 'Watch the strategy', play_a: 'You are prisoner A', play_b: 'You are prisoner B', edit: 'Edit the board' };

/** The board and its controls: what an embed shows (`.no-embed` parts are the page's extras). */
export const TEMPLATE = `
<div id="message" hidden></div>
<div class="toolbar">
  ${segmented('Mode', 'mode', [['watch', 'Watch'], ['play_a', 'Play as A'], ['play_b', 'Play as B'], ['edit', 'Edit']])}
  <label>Squares <select id="size" aria-label="Number of squares"></select></label>
  <label>Strategy <select id="strategy" aria-label="Strategy"></select></label>
  <button type="button" id="new-board">New board</button>
</div>
<div class="play-area">
  <div>
    <div id="board"></div>
    <div class="legend no-embed" aria-hidden="true"><span class="l-heads">heads</span><span class="l-tails">tails</span>
      <span class="l-key">key</span><span class="l-region">region being counted</span></div>
  </div>
  <div class="panel" id="side">
    <div id="step-controls">${stepBarMarkup('steps')}</div>
    <div id="edit-controls" class="step-controls" hidden>
      <span>Click places:</span>
      ${segmented('What a click places', 'tool', [['coin', 'coin'], ['key', 'key']])}
    </div>
    <h2 id="side-title">Watch the strategy</h2>
    <p id="status" aria-live="polite"></p>
    <table class="bits" id="bits" hidden></table>
    <ol class="step-log" id="log"></ol>
    <p class="no-embed"><small>Keyboard: arrows move, Space flips, K places the key (Edit), Enter answers as B.</small></p>
    ${SHARE_BAR}
  </div>
</div>
`;

/**
 * Draws the view into `root` and starts it.
 * @param {Document|ShadowRoot} root
 * @param {{embed?: boolean, link?: string, host?: HTMLElement}} options
 */
export async function mount(root, { embed = false, link = '', host = null } = {}) {
  drawTemplate(root, TEMPLATE, { embed, name: 'devil' });
  const ctx = viewContext(root, { page: PAGE, embed, link, host });
  const { $, showMessage, showError, clearMessage } = ctx;

  let core;
  let board;
  /** The round and how the page shows it: exactly what a share link holds. */
  let view;
  /** Derived from the view by the core: square names, layout, the animation steps. */
  let names = [];
  let steps = [];
  /** The step bar that walks through Watch's steps (../components/step-bar.js). */
  const bar = mountStepBar($('steps'));
  let editTool = 'coin';

  async function main() {
    core = await loadCore(CORE);
    board = new GridBoard($('board'), { label: "Devil's chessboard", onActivate: (index) => activate(index), onKey: key });
    $('board').classList.add('checkered');
    for (const n of SIZES) {
      const { rows, cols } = core.devil_layout(n);
      $('size').add(new Option(`${n} (${rows}×${cols})`, String(n)));
    }
    for (const item of core.devil_lab_menu()) $('strategy').add(new Option(item.label, String(item.number)));
    // A table pasted on the strategy lab page plays as strategy 63 in this browser session (see tableFor).
    const pasted = sessionStorage.getItem('devil-lab-table');
    if (pasted) {
      try {
        const n = core.devil_lab_table_squares(pasted);
        $('strategy').add(new Option(`Pasted table (${n} squares)`, '63'));
      } catch (err) {
        showError(err);
      }
    }
    $('strategy').addEventListener('change', () => setStrategy(Number($('strategy').value)));
    $('size').addEventListener('change', () => newRound(Number($('size').value)));
    $('new-board').addEventListener('click', () => newRound(view.game.board.length));
    onSegmented(ctx, 'mode', setMode);
    onSegmented(ctx, 'tool', setTool);
    setTool(editTool);
    wireShareBar(ctx, {
      link: () => core.devil_link(view),
      title: "The Devil's chessboard",
      frameSize: () => {
        const { rows, cols } = core.devil_layout(view.game.board.length);
        return { width: 460, height: Math.round(440 * (rows / cols)) + 240 };
      },
    });
    await followLinks(ctx, {
      current: () => (view ? core.devil_link(view) : null),
      open: (hash) => {
        const next = core.devil_from_link(hash);
        // A link may name any strategy number; only the lab's (and a pasted table) play.
        core.devil_lab_check(next.strategy, next.game.board.length, tableFor(next.strategy));
        setView(next);
      },
      fresh: () => newRound(64),
      what: 'a fresh board',
    });
    ctx.ready();
  }

  function newRound(squares) {
    stop();
    try {
      let game = core.devil_random(squares, core.fresh_seed());
      const mode = view ? view.mode : 'watch';
      let strategy = view ? view.strategy : 0;
      try {
        core.devil_lab_check(strategy, squares, tableFor(strategy));
      } catch (err) {
        showMessage(`${err.message}; playing the XOR strategy instead.`, 'error');
        strategy = 0;
      }
      if (mode === 'play_b') game = core.devil_apply(game, { flip: flipFor(strategy, game) });
      const fellBack = view && strategy !== view.strategy;
      setView({ game, mode, strategy, step: 0 });
      if (!fellBack) clearMessage();
    } catch (err) {
      showError(err);
    }
  }

  function setMode(mode) {
    stop();
    let game = { ...view.game, flipped: null, answer: null };
    if (view.game.flipped !== null && view.game.flipped !== undefined) {
      // Back to the round as dealt: undo A's flip on the drawn coins.
      game = { ...game, board: withFlip(game.board, view.game.flipped) };
    }
    if (mode === 'play_b') game = core.devil_apply(game, { flip: flipFor(view.strategy, game) });
    clearMessage();
    setView({ game, mode, strategy: view.strategy, step: 0 });
  }

  /** Plays another strategy of the lab on the same round (from the board as dealt). */
  function setStrategy(number) {
    try {
      core.devil_lab_check(number, view.game.board.length, tableFor(number));
      view = { ...view, strategy: number };
      setMode(view.mode);
    } catch (err) {
      $('strategy').value = String(view.strategy);
      showError(err);
    }
  }

  // Strategies by number from the strategy lab's menu (0 is XOR, the foundation's); number 63 plays
  // the table pasted on the lab page, whose text this page passes along (it keeps no state in wasm).
  const tableFor = (strategy) => (strategy === 63 ? sessionStorage.getItem('devil-lab-table') ?? undefined : undefined);
  const flipFor = (strategy, game) => core.devil_lab_solve(strategy, game, tableFor(strategy))[0].flip;
  const decode = (game) => core.devil_lab_decode(view.strategy, game, tableFor(view.strategy));
  const explain = (game) => core.devil_lab_explain(view.strategy, game, tableFor(view.strategy));

  function setTool(tool) {
    editTool = tool;
    markSegmented(ctx, 'tool', tool);
  }

  function setView(next) {
    const resized = !view || view.game.board.length !== next.game.board.length;
    view = next;
    if (resized) names = core.devil_square_names(view.game.board.length);
    steps = view.mode === 'watch' ? explain(view.game) : [];
    view.step = Math.max(0, Math.min(view.step, Math.max(steps.length - 1, 0)));
    loadSteps();
    render();
  }

  /** Watch's steps on the step bar: position i shows step i (the first is the round as dealt). */
  function loadSteps() {
    const stepper = new Stepper({
      count: Math.max(steps.length - 1, 0),
      at: view.step,
      go: (to) => {
        view.step = to;
        render();
      },
    });
    bar.load(stepper, (at, count) => `Step ${at + 1} of ${count + 1}`);
  }

  function stop() {
    bar.stepper?.pause();
  }

  // ---- input ----

  /** A click (or Space / K / Enter) on a square; `tool` says what Edit places there. */
  function activate(index, tool = editTool) {
    try {
      const { game, mode } = view;
      if (mode === 'play_a') {
        if (game.flipped !== null) return showMessage('A flips exactly one coin. Press New board to play again.');
        const flipped = core.devil_apply(game, { flip: index });
        const answer = decode(flipped);
        setView({ ...view, game: core.devil_apply(flipped, { answer }) });
      } else if (mode === 'play_b') {
        if (game.answer !== null) return showMessage('B has answered. Press New board to play again.');
        setView({ ...view, game: core.devil_apply(game, { answer: index }) });
      } else if (mode === 'edit') {
        const edit = tool === 'key' ? { key: index } : { toggle: index };
        setView({ ...view, game: core.devil_edit(game, edit) });
      }
    } catch (err) {
      showError(err);
    }
  }

  function key(index, event) {
    const { mode } = view;
    if (event.key === ' ' && (mode === 'play_a' || mode === 'edit')) {
      activate(index, 'coin');
      return true;
    }
    if ((event.key === 'k' || event.key === 'K') && mode === 'edit') {
      activate(index, 'key');
      return true;
    }
    if (event.key === 'Enter' && mode === 'play_b') {
      activate(index);
      return true;
    }
    return false;
  }

  // ---- drawing ----

  function bin(value) {
    const bits = Math.log2(view.game.board.length);
    return bits === 0 ? '0' : value.toString(2).padStart(bits, '0');
  }

  /** The squares a step highlights: a parity region (XOR), or the upper half u (Vasil'ev:
   * the squares whose index has the top bit set). */
  function regionOf(s) {
    if (!s) return null;
    if (s.kind === 'split_halves') return Math.log2(view.game.board.length) - 1;
    return s.bit ?? null;
  }

  /** What the board looks like now: in Watch, A's flip shows from its step on. */
  function shown() {
    const { game, mode, step } = view;
    const coins = game.board;
    const s = steps[step];
    const flipStep = steps.findIndex((x) => x.kind === 'flip');
    if (mode === 'watch' && flipStep >= 0 && step >= flipStep) {
      const flip = steps[flipStep].square;
      const after = withFlip(coins, flip);
      const answer = steps.at(-1).kind === 'answer' && step === steps.length - 1 ? steps.at(-1).square : null;
      return { coins: after, flipped: flip, answer, region: regionOf(s), keyShown: true };
    }
    if (mode === 'watch') return { coins, flipped: null, answer: null, region: regionOf(s), keyShown: true };
    const over = game.answer !== null;
    return {
      coins,
      flipped: mode === 'play_b' && !over ? null : game.flipped,
      answer: game.answer,
      region: null,
      keyShown: mode !== 'play_b' || over,
    };
  }

  function render() {
    const { game, mode } = view;
    const n = game.board.length;
    const { rows, cols } = core.devil_layout(n);
    board.resize(rows, cols);
    const look = shown();
    const small = n <= 256;
    board.update((i) => {
      const heads = look.coins[i] === '1';
      const isKey = look.keyShown && i === game.key;
      const inRegion = look.region !== null && ((i >> look.region) & 1) === 1;
      const r = Math.floor(i / cols);
      const c = i % cols;
      const classes = ['coin', heads ? 'heads' : 'tails', (r + c) % 2 ? 'dark' : 'light'];
      const label = [names[i], heads ? 'heads' : 'tails'];
      if (isKey) classes.push('key'), label.push('key');
      if (inRegion) classes.push('region'), label.push(`in region ${look.region}`);
      if (look.flipped === i) classes.push('flipped'), label.push('flipped by A');
      if (look.answer === i) {
        classes.push(i === game.key ? 'answer-right' : 'answer-wrong');
        label.push("B's answer");
      }
      const data = { face: heads ? 'heads' : 'tails', key: String(isKey) };
      return { classes: classes.join(' '), label: label.join(', '), text: small ? (heads ? 'H' : 'T') : '', data };
    });
    $('size').value = String(n);
    $('strategy').value = String(view.strategy);
    markSegmented(ctx, 'mode', mode);
    // The round as held (what a share link restores), for tests: the cells show it as drawn.
    Object.assign($('board').dataset, { coins: game.board, key: String(game.key), flipped: String(game.flipped), answer: String(game.answer), step: String(view.step) });
    $('step-controls').hidden = mode !== 'watch';
    $('edit-controls').hidden = mode !== 'edit';
    $('side-title').textContent = TITLES[mode];
    if (mode === 'watch') renderWatch();
    else renderPlay();
    ctx.stateChanged();
  }

  function renderWatch() {
    const { step } = view;
    const items = steps.slice(0, step + 1).map((s, i) => `<li class="${i === step ? 'current' : ''}">${describe(s)}</li>`);
    $('log').innerHTML = items.join('');
    scrollToEnd($('log'));
    $('status').textContent = describe(steps[step]).replace(/<[^>]+>/g, '');
    renderBits();
  }

  /** The colour's bits as the XOR strategy finds them: A's region parities, the key, their XOR
   * (the coin A flips), then B's parities — filled in as the animation reaches each. */
  function renderBits() {
    const seen = steps.slice(0, view.step + 1);
    const bits = Math.log2(view.game.board.length);
    const table = $('bits');
    if (bits === 0 || !seen.some((s) => s.kind === 'count_region')) {
      table.hidden = true;
      return;
    }
    const rows = [
      ["A's parities (colour)", Object.fromEntries(seen.filter((s) => s.kind === 'count_region').map((s) => [s.bit, s.parity]))],
      ['key', {}],
      ['XOR: coin to flip', {}],
      ["B's parities (answer)", Object.fromEntries(seen.filter((s) => s.kind === 'decode_region').map((s) => [s.bit, s.parity]))],
    ];
    const xor = seen.find((s) => s.kind === 'xor_with_key');
    if (xor) {
      for (let b = 0; b < bits; b++) {
        rows[1][1][b] = (xor.key >> b) & 1;
        rows[2][1][b] = (xor.flip >> b) & 1;
      }
    }
    const head = Array.from({ length: bits }, (_, i) => `<th scope="col">2<sup>${bits - 1 - i}</sup></th>`).join('');
    const body = rows
      .map(([label, known]) => {
        const cells = Array.from({ length: bits }, (_, i) => {
          const b = bits - 1 - i;
          return b in known ? `<td class="bit-${known[b]}">${known[b]}</td>` : '<td class="bit-unknown">·</td>';
        });
        return `<tr><th scope="row">${label}</th>${cells.join('')}</tr>`;
      })
      .join('');
    table.innerHTML = `<caption>The colour, bit by bit</caption><thead><tr><th></th>${head}</tr></thead><tbody>${body}</tbody>`;
    table.hidden = false;
  }

  function describe(s) {
    const name = (i) => `<b>${names[i]}</b>`;
    switch (s.kind) {
      case 'start':
        if (view.strategy !== 0) {
          return `The key is under ${name(s.key)}. Under the strategy “${$('strategy').selectedOptions[0]?.text}”, the board now names square ${s.colour}.`;
        }
        return `The key is under ${name(s.key)}. The board's colour (XOR of the indices of the heads) is ${s.colour}.`;
      case 'count_region':
        return `A counts region ${s.bit} (index bit ${s.bit} set): ${s.heads} heads, ${s.parity ? 'odd' : 'even'} → bit ${s.bit} = ${s.parity}.`;
      case 'colour':
        return `The parities read as a binary number: colour <span class="mono">${bin(s.colour)}</span> = ${s.colour}.`;
      case 'xor_with_key':
        if (s.colour === s.key) {
          return `The colour already equals the key, so A flips coin 0: index 0 is in no region, so the colour stays ${s.colour}.`;
        }
        return `colour <span class="mono">${bin(s.colour)}</span> XOR key <span class="mono">${bin(s.key)}</span> = <span class="mono">${bin(s.flip)}</span>: A flips coin ${s.flip}.`;
      case 'flip':
        return `A flips the coin on ${name(s.square)} and leaves.`;
      case 'decode_region':
        return `B counts region ${s.bit}: ${s.heads} heads → bit ${s.bit} = ${s.parity}.`;
      case 'split_halves': {
        const who = s.after ? 'B' : 'A';
        return `${who} splits the board: u = squares ${s.half}…${2 * s.half - 1} (highlighted), v = squares 0…${s.half - 1}. The strategy for ${s.half} squares, read on u XOR v, names the pair {${s.pair}, ${s.pair + s.half}}; parity(u) = ${s.parity}, f(u XOR v) = ${s.f}, so the ${s.upper ? 'upper' : 'lower'} half: the board names square ${s.colour}.`;
      }
      case 'choose_half':
        return `The key's pair is {${s.flip % s.half}, ${(s.flip % s.half) + s.half}}: flipping square ${s.sub_flip} of u XOR v makes it name that pair. To land in the ${s.want_upper ? 'upper' : 'lower'} half A flips it in ${s.flip >= s.half ? 'u (changing parity(u))' : 'v (keeping parity(u))'}: square ${s.flip}.`;
      case 'answer':
        return `B names ${name(s.square)}: ${s.correct ? 'the key. Both go free.' : 'not the key.'}`;
      default:
        return 'No single flip makes B name the key.';
    }
  }

  function renderPlay() {
    $('bits').hidden = true;
    const { game, mode } = view;
    const log = [];
    let status;
    if (mode === 'play_a') {
      if (game.flipped === null) {
        status = `The key is under ${names[game.key]}. Click the one coin to flip so that B can find it.`;
      } else {
        const won = game.answer === game.key;
        const dealt = { ...game, board: withFlip(game.board, game.flipped), flipped: null, answer: null };
        const colour = decode(dealt);
        const right = flipFor(view.strategy, dealt);
        const why = view.strategy === 0 ? ` (colour ${colour} XOR key ${game.key})` : '';
        status = won
          ? `You flipped ${names[game.flipped]}. B names ${names[game.answer]}: the key. You both go free!`
          : `You flipped ${names[game.flipped]}. B names ${names[game.answer]}, but the key is under ${names[game.key]}. The coin to flip was ${names[right]}${why}.`;
        showMessage(won ? 'You both go free!' : 'B named the wrong square.', won ? 'win' : 'lose');
      }
    } else if (mode === 'play_b') {
      if (game.answer === null) {
        status = 'A has flipped one coin (you did not see which). Click the square where the key is, or move with the arrows and press Enter.';
      } else {
        const won = game.answer === game.key;
        const colour = decode(game);
        status = won
          ? `Right: the key is under ${names[game.key]}. A flipped ${names[game.flipped]}. The colour of the board is ${colour}.`
          : `The key is under ${names[game.key]}, not ${names[game.answer]}. A flipped ${names[game.flipped]}; the board's colour is ${colour} = ${names[colour]}.`;
        showMessage(won ? 'You found the key!' : 'Not the key.', won ? 'win' : 'lose');
      }
    } else {
      const colour = decode(game);
      const flip = flipFor(view.strategy, { ...game, flipped: null, answer: null });
      status = `This board names ${names[colour]} (colour ${colour}). With the key under ${names[game.key]}, A would flip ${names[flip]}.`;
      log.push('Click a coin to turn it over, or switch the click to place the key. With the keyboard: Space turns a coin over, K places the key.');
    }
    $('status').textContent = status;
    $('log').innerHTML = log.map((t) => `<li>${t}</li>`).join('');
  }

  /** The board string `coins` with coin `i` drawn the other way up. */
  function withFlip(coins, i) {
    return coins.slice(0, i) + (coins[i] === '1' ? '0' : '1') + coins.slice(i + 1);
  }

  await main();
}
