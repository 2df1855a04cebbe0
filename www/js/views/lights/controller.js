// Lights Out: the view's controller (as pgn-viewer's): what the session does not hold — the
// mode, the cursor, the marks drawn over the board, the solution asked for, whether the Worker is
// busy and what waits for it — beside the parts of the page it draws on. What the session holds
// (the board, its seed, its presses, its link) is read from the session's last view, never
// copied. No DOM is touched here: the Node tests drive it with the real core.

/** @typedef {import('../../types.js').LightsPlan} LightsPlan */
/** @typedef {import('../../types.js').LightsSolution} LightsSolution */
/** @typedef {import('../../types.js').LightsBoard} LightsBoard */
/** @typedef {import('../../types.js').LightsDrawn} LightsDrawn */
/** @typedef {import('../../game-driver.js').GameView<LightsDrawn>} LightsView */

/**
 * The parts of the page the controller's view draws on (made by ../lights.js).
 * @typedef {object} LightsPageParts
 * @property {ReturnType<typeof import('../../view.js').viewContext>} ctx
 * @property {import('../../board.js').GridBoard} grid
 * @property {HTMLElement} job  the Worker's progress panel
 * @property {ReturnType<typeof import('../../components/step-bar.js').mountStepBar>} steps
 */

/**
 * The zoomed canvas's drawing state (./zoom.js).
 * @typedef {{ redraw: () => void, frame: number, base: HTMLCanvasElement, scratch: HTMLCanvasElement, baseKey: unknown[] | null }} ZoomUi
 */

/** The marks over the board: a solution's presses, a hint, a quiet pattern, a chased row. */
const noMarks = () => ({ presses: /** @type {LightsBoard | null} */ (null), hint: -1, quiet: /** @type {LightsBoard | null} */ (null), row: -1 });

/** The controller of one Lights view. */
export class LightsCtrl {
  /**
   * @param {import('../../app.js').Cores['lights']} core  the page's wasm module
   * @param {LightsPageParts | null} parts  the page's parts (none in the Node tests)
   */
  constructor(core, parts) {
    this.core = core;
    this.parts = parts;
    /** The session's last view (../../game-driver.js); null until the first draw. @type {LightsView | null} */
    this.shown = null;
    /** The core's plan of the board kind shown (asked once a kind). @type {LightsPlan | null} */
    this.planned = null;
    /** The link a Worker made of the large board shown: undefined until one is made. @type {string | null | undefined} */
    this.workerLink = undefined;
    /** @type {'play' | 'edit'} */
    this.mode = 'play';
    /** The light the keyboard is on (the canvas cursor of a large board). */
    this.cursor = 0;
    /** Bumped on every view taken, so an answer asked before knows it is stale. */
    this.version = 0;
    /** The last solution the core gave, of the lights of `version`. @type {{ version: number, minimal: boolean, result: LightsSolution } | null} */
    this.solved = null;
    this.overlay = noMarks();
    /** Whether "Show solution" is on. */
    this.showSolution = false;
    /** The Worker is at work on this board (its answers would be stale after a change). */
    this.busy = false;
    /** The settings changed while the Worker was busy: a new puzzle waits for it. */
    this.pendingNew = false;
    /** A step of the step bar is being made (its change keeps the bar). */
    this.stepping = false;
    /** Makes a new puzzle of the settings shown (set by the view). */
    this.newPuzzle = () => {};
    /** The driver holding the session, once it has started. @type {Awaited<ReturnType<typeof import('../../game-driver.js').driveGame<LightsDrawn>>> | null} */
    this.driver = null;
    /** The zoom of a large board's canvas (./zoom.js); back to fit when the board's size or kind changes. @type {{ scale: number, x: number, y: number } | undefined} */
    this.zoom = undefined;
    /** @type {ZoomUi | undefined} */
    this.zoomUi = undefined;
  }

  /** The page's parts. */
  get page() {
    if (!this.parts) throw new Error('this Lights controller draws on no page');
    return this.parts;
  }

  get ctx() {
    return this.page.ctx;
  }

  get grid() {
    return this.page.grid;
  }

  get job() {
    return this.page.job;
  }

  get steps() {
    return this.page.steps;
  }

  /** The session's last view. */
  get view() {
    if (!this.shown) throw new Error('no Lights board is drawn yet');
    return this.shown;
  }

  /** The board's size and rules. */
  get spec() {
    return this.view.state.spec;
  }

  /** The board as the core gave it: handed to the core to draw (`lights_cells`), never read but for `lit`. */
  get lights() {
    return this.view.state.lights;
  }

  /** The seed the lights came from (a decimal string), kept through presses and edits. */
  get seed() {
    return this.view.state.seed;
  }

  /** Presses made (edits are not counted). */
  get moves() {
    return this.view.state.moves;
  }

  /** How many lights are on (the core counts them with every new board). */
  get lit() {
    return this.view.state.lights.lit;
  }

  /** How the page handles this board (the core's plan). */
  get plan() {
    if (!this.planned) throw new Error('no Lights board is drawn yet');
    return this.planned;
  }

  /** The settings of a session of the board shown, made in a Worker (`GameSession.create`). */
  get settings() {
    return { board: this.lights, seed: this.seed, moves: this.moves };
  }

  /**
   * Takes what the session shows (`GameSession.view()`): the marks and answers of the board
   * before are stale.
   * @param {LightsView} view
   * @returns {boolean} whether the board's size or kind changed
   */
  take(view) {
    const newKind = !this.shown || JSON.stringify(this.shown.state.spec) !== JSON.stringify(view.state.spec);
    this.shown = view;
    if (newKind) {
      this.planned = this.core.lights_plan(view.state.spec);
      this.zoom = undefined;
    }
    this.workerLink = undefined;
    this.version++;
    this.overlay = noMarks();
    return newKind;
  }

  /** The share fragment as the session shows it: undefined when the session leaves it to a
   * Worker (large boards) and none was made yet, null when no link fits. */
  get link() {
    return this.view.link ?? (this.plan.link_in_worker ? this.workerLink : null);
  }

  /** The share fragment now, made here when the session left it to a Worker (Copy link asks
   * for it at once); null when no link fits. */
  linkNow() {
    const session = this.driver?.session;
    if (this.link === undefined && session) this.keepLink(this.view, session.query('link', null) ?? null);
    return this.link ?? null;
  }

  /**
   * Keeps `link`, made in a Worker of `view`, unless another view was taken meanwhile.
   * @param {LightsView} view @param {string | null} link
   */
  keepLink(view, link) {
    if (this.shown === view) this.workerLink = link;
  }

  /**
   * The solution of the lights shown, if the core gave it since they last changed (the
   * fewest presses when `minimal`; a minimal one answers either).
   * @param {boolean} minimal
   */
  solutionKnown(minimal) {
    const { solved } = this;
    return solved && solved.version === this.version && (solved.minimal || !minimal) ? solved.result : null;
  }

  /**
   * Keeps a solution asked when the lights were those of `version` (dropped if they changed).
   * @param {number} version @param {boolean} minimal @param {LightsSolution} result
   */
  keepSolution(version, minimal, result) {
    if (version === this.version) this.solved = { version, minimal, result };
  }

  /**
   * Runs `work` (a job in the Worker) with the view busy; once it is done and its caller has
   * used the answer, makes the new puzzle that waited for it (settings changed meanwhile).
   * @template T
   * @param {() => Promise<T>} work
   * @returns {Promise<T>}
   */
  async whileBusy(work) {
    this.busy = true;
    try {
      return await work();
    } finally {
      this.busy = false;
      setTimeout(() => {
        if (this.pendingNew && !this.busy) {
          this.pendingNew = false;
          this.newPuzzle();
        }
      }, 0);
    }
  }
}
