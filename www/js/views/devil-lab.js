// The strategy lab view: forwards choices to the wasm core (verify, count, search, why, the
// cube) and draws its answers, live: every section shows its result on load and recomputes
// it as its input changes; long jobs run in a Worker with progress and cancel. Its sections
// are parts in ./devil-lab/; its link is kept like every view's (./lab/share.js).
import { loadCore } from '../app.js';
import { viewContext, drawTemplate } from '../view.js';
import { keepLabLink } from './lab/share.js';
import { sectionJobs } from './lab/live.js';
import { TEMPLATE } from './devil-lab/template.js';
import { strategySpec } from './devil-lab/text.js';
import { wireStrategy } from './devil-lab/strategy.js';
import { wireTable } from './devil-lab/table.js';
import { wireChecks } from './devil-lab/checks.js';
import { wireCube } from './devil-lab/cube.js';
import { clearFacts } from '../components/result.js';

export { TEMPLATE };
/** The view's page, for share links. */
export const PAGE = 'devil-lab.html';
/** The style sheets the view needs (relative to the site root). */
export const STYLES = ['css/site.css', 'css/devil-lab.css'];
/** The wasm module the view needs. */
export const CORE = 'lab';

/** The sections, by the ids of their headings without `h-` (the link's `view`). */
const SECTIONS = ['strategy', 'table', 'count', 'why', 'search', 'cube', 'amo', 'dice'];
const STRATEGIES = [
  ['xor', 'XOR'],
  ['coset', 'Coset of a perfect code'],
  ['vasilev', "Vasil'ev (half and half)"],
  ['search', 'Found by search'],
];
/** The fields of a fresh lab: Hamrick's strategy on 8 squares. */
/** The fields of a lab's link (see `devil::lab_link::LabState`).
 * @typedef {{ strategy: string, f: string | null, seed: string, squares: number, table: string | null }} LabState */

/** @type {LabState} */
const FRESH = { strategy: 'vasilev', f: 'popcount3', seed: '1', squares: 8, table: null };

/**
 * What the view's parts share: the context, the core, the strategy chosen and Worker jobs.
 * @typedef {object} Lab
 * @property {ReturnType<typeof viewContext>} ctx
 * @property {import('../app.js').Cores['lab']} core  the lab's wasm module
 * @property {() => ReturnType<typeof strategySpec>} spec  the strategy chosen in section 1
 * @property {(section: string, fn: string, args: unknown[]) => Promise<any>} job  runs a core
 *   export in the Worker, with the progress panel of the section (`#<section>-job`); a newer
 *   job of the same section cancels it
 * @property {(id: string) => void} clearVerdict  empties a verdict line, so a verdict never
 *   outlives the input it was about
 */

/**
 * Draws the view into `root` and starts it.
 * @param {Document|ShadowRoot} root
 * @param {{embed?: boolean, link?: string, host?: HTMLElement | null}} options
 */
export async function mount(root, { embed = false, link = '', host = null } = {}) {
  drawTemplate(root, TEMPLATE, { embed, name: 'devil-lab' });
  const ctx = viewContext(root, { page: PAGE, embed, link, host });
  const { $ } = ctx;
  /** @type {Lab} */
  const lab = {
    ctx,
    core: await loadCore(CORE),
    spec: () => strategySpec({ strategy: $('strategy').value, f: $('f').value, seed: $('seed').value }),
    job: sectionJobs(CORE, (section) => $(`${section}-job`)),
    clearVerdict(id) {
      clearFacts($(id));
      $(id).textContent = '';
      $(id).className = '';
    },
  };
  for (const [value, label] of STRATEGIES) $('strategy').add(new Option(label, value));
  $('strategy').value = FRESH.strategy;
  for (let k = 0; k <= 12; k++) $('squares').add(new Option(String(1 << k), String(1 << k)));
  $('squares').value = String(FRESH.squares);
  const strategy = wireStrategy(lab);
  const table = wireTable(lab);
  wireChecks(lab);
  wireCube(lab);
  strategy.changed();

  /** The fields the link holds. @returns {LabState} */
  const read = () => ({
    strategy: $('strategy').value,
    f: $('f').value || null,
    seed: $('seed').value.trim() || '0',
    squares: Number($('squares').value),
    table: $('table').value.trim() || null,
  });
  /** @param {LabState} s */
  const show = (s) => {
    $('strategy').value = s.strategy;
    $('f').value = s.f ?? '';
    $('seed').value = s.seed;
    $('squares').value = String(s.squares);
    $('table').value = s.table ?? '';
    strategy.changed();
    table.changed();
  };
  await keepLabLink(ctx, {
    core: lab.core,
    kind: 'lab',
    sections: SECTIONS,
    read,
    show,
    fresh: () => show(FRESH),
    freshName: 'a fresh lab',
    withoutLarge: (s) => ({ ...s, table: null }),
    what: 'this strategy, its squares, the section in view and the table',
  });
  ctx.ready();
}
