// The step bar: one way to walk through any sequence of steps (a solution's presses, light
// chasing, a strategy's rounds) — to the start, back one, play/pause, forward one, to the end,
// and a speed. `Stepper` is the model (no DOM: tested under Node); `mountStepBar` draws it.
// The view says what a step does in `go(to, from)`; the stepper moves one step at a time, so a
// view can apply a step going forward and undo it going back, unless the view says it `leaps`
// (it can show any position at once, as the session's `step_to` does).

/** Speeds as [name, milliseconds between steps]; the default is slow enough to talk over. */
export const SPEEDS = /** @type {const} */ ([
  ['very slow', 2400],
  ['slow', 1400],
  ['medium', 800],
  ['fast', 350],
  ['very fast', 120],
]);
export const DEFAULT_SPEED = 1;

/**
 * @typedef {object} StepperOptions
 * @property {number} count How many steps there are: positions run from 0 (before the first) to `count`.
 * @property {(to: number, from: number) => (void | boolean | Promise<void | boolean>)} go
 *   Moves what is shown from position `from` to `to` (one apart, unless `leaps`). Returning
 *   `false` says the steps no longer fit what is shown (the board changed underneath): the
 *   stepper stops.
 * @property {boolean} [leaps] `go` can move any distance at once: a jump (to the start or the
 *   end, quick clicks) is one call. One call a step drew an 8192² board 200 times for ▶|, 18 s
 *   in one task.
 * @property {number} [at] The position to start at (default 0).
 * @property {number} [speed] Index into SPEEDS.
 * @property {(fn: () => void, ms: number) => unknown} [schedule] setTimeout, or a test's clock.
 * @property {(handle: unknown) => void} [unschedule] clearTimeout, or a test's clock.
 */

export class Stepper {
  /** @param {StepperOptions} options */
  constructor({ count, go, leaps = false, at = 0, speed = DEFAULT_SPEED, schedule, unschedule }) {
    if (!Number.isInteger(count) || count < 0) throw new RangeError(`a step count must be a whole number ≥ 0, not ${count}`);
    this.count = count;
    /** @type {number} the position shown */
    this.at = Math.max(0, Math.min(count, at));
    /** Where the moves queued so far will leave the position: quick clicks add up. */
    this.goal = this.at;
    this.speed = speed;
    this.playing = false;
    /** False once the steps no longer fit what is shown, or the bar was given other steps. */
    this.live = true;
    this.go = go;
    this.leaps = leaps;
    this.schedule = schedule ?? ((fn, ms) => setTimeout(fn, ms));
    this.unschedule = unschedule ?? ((h) => clearTimeout(/** @type {number} */ (h)));
    /** @type {unknown} */
    this.timer = null;
    /** Moves in flight are chained, so quick clicks never run two steps at once. */
    this.queue = Promise.resolve();
    /** Walks queued or under way: while there are any, what is shown may still change. */
    this.walks = 0;
    /** @type {Set<(s: Stepper) => void>} */
    this.listeners = new Set();
  }

  /** @param {(s: Stepper) => void} fn called after every change of position, play state or speed */
  onChange(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  notify() {
    for (const fn of this.listeners) fn(this);
  }

  /** Walks to position `n` (clamped), one step at a time or in one leap. Resolves once there
   * (or stopped).
   * @param {number} n */
  seek(n) {
    const target = Math.max(0, Math.min(this.count, Math.trunc(n)));
    this.goal = target;
    return this.walking(async () => {
      while (this.live && this.at !== target) {
        const from = this.at;
        const to = this.leaps ? target : from + (target > from ? 1 : -1);
        const ok = await this.go(to, from);
        if (ok === false) {
          this.stop();
          this.goal = this.at;
          break;
        }
        this.at = to;
        this.notify();
      }
    });
  }

  /**
   * Queues `walk` after the moves in flight, counted in `walks` while queued or under way.
   * @param {() => Promise<void>} walk
   */
  walking(walk) {
    if (this.walks++ === 0) this.notify();
    this.queue = this.queue.then(walk).finally(() => {
      if (--this.walks === 0) this.notify();
    });
    return this.queue;
  }

  forward() {
    return this.seek(this.goal + 1);
  }

  back() {
    this.pause();
    return this.seek(this.goal - 1);
  }

  start() {
    this.pause();
    return this.seek(0);
  }

  end() {
    this.pause();
    return this.seek(this.count);
  }

  /** Plays from here to the end (from the start when already at the end). */
  play() {
    if (!this.live || this.playing || this.count === 0) return;
    this.playing = true;
    this.notify();
    if (this.goal === this.count) this.seek(0);
    this.tick();
  }

  /** Schedules the next step while playing: the first one at once, then one per delay. */
  tick() {
    this.queue.then(() => {
      if (!this.playing) return;
      if (this.at >= this.count) return this.pause();
      const delay = this.at === 0 ? 0 : SPEEDS[this.speed][1];
      this.timer = this.schedule(() => {
        this.timer = null;
        if (!this.playing) return;
        this.forward().then(() => this.tick());
      }, delay);
    });
  }

  pause() {
    if (this.timer !== null) this.unschedule(this.timer);
    this.timer = null;
    if (this.playing) {
      this.playing = false;
      this.notify();
    }
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  /** @param {number} index into SPEEDS */
  setSpeed(index) {
    this.speed = Math.max(0, Math.min(SPEEDS.length - 1, Math.trunc(index)));
    this.notify();
  }

  /** Stops for good: the steps no longer fit what is shown. */
  stop() {
    this.pause();
    if (this.live) {
      this.live = false;
      this.notify();
    }
  }
}

/** The bar's markup; `id` names its container (ids are unique within a view's root). */
/** Icons as inline SVG (symbol fonts for ⏮ ⏸ ⏭ are missing on many systems). */
const ICONS = {
  start: '<path d="M3 2h2v12H3zM14 2v12L6 8z"/>',
  back: '<path d="M12 2v12L4 8z"/>',
  play: '<path d="M4 2v12l9-6z"/>',
  pause: '<path d="M4 2h3v12H4zM9 2h3v12H9z"/>',
  forward: '<path d="M4 2v12l8-6z"/>',
  end: '<path d="M2 2v12l8-6zM11 2h2v12h-2z"/>',
};
/** @param {keyof typeof ICONS} name */
const icon = (name) => `<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false" fill="currentColor">${ICONS[name]}</svg>`;

/** The bar's markup; `id` names its container (ids are unique within a view's root). */
export function stepBarMarkup(id = 'step-bar') {
  const speeds = SPEEDS.map(([name], i) => `<option value="${i}"${i === DEFAULT_SPEED ? ' selected' : ''}>${name}</option>`).join('');
  return `<div class="step-bar" id="${id}" role="group" aria-label="Steps" data-count="0" data-at="0" data-playing="false">
  <button type="button" data-step="start" aria-label="To the start" aria-keyshortcuts="Home" disabled>${icon('start')}</button>
  <button type="button" data-step="back" aria-label="Back one step" aria-keyshortcuts="ArrowLeft" disabled>${icon('back')}</button>
  <button type="button" data-step="toggle" aria-label="Play" aria-keyshortcuts="Space" disabled>${icon('play')}</button>
  <button type="button" data-step="forward" aria-label="Forward one step" aria-keyshortcuts="ArrowRight" disabled>${icon('forward')}</button>
  <button type="button" data-step="end" aria-label="To the end" aria-keyshortcuts="End" disabled>${icon('end')}</button>
  <output class="step-position" tabindex="-1">no steps</output>
  <label class="step-speed">speed <select data-step="speed" aria-label="Speed">${speeds}</select></label>
</div>`;
}

/**
 * Wires a bar drawn by `stepBarMarkup` and returns its controller: `load(stepper, what)` shows
 * a new sequence (stopping the one before), `clear()` empties the bar. ←/→/Home/End/Space work
 * while the focus is in the bar.
 * @param {HTMLElement} el the bar's container
 */
export function mountStepBar(el) {
  /** @type {Stepper | null} */
  let current = null;
  let unsubscribe = () => {};
  /** @type {string | ((at: number, count: number) => string)} */
  let what = 'Step';
  const button = (/** @type {string} */ name) => /** @type {HTMLButtonElement} */ (el.querySelector(`[data-step="${name}"]`));
  const position = /** @type {HTMLOutputElement} */ (el.querySelector('.step-position'));
  const speed = /** @type {HTMLSelectElement} */ (el.querySelector('[data-step="speed"]'));

  function draw() {
    const root = /** @type {Document | ShadowRoot} */ (el.getRootNode());
    const focused = root.activeElement;
    const s = current;
    const usable = !!s && s.live && s.count > 0;
    el.dataset.count = String(s ? s.count : 0);
    el.dataset.at = String(s ? s.at : 0);
    el.dataset.playing = String(!!s && s.playing);
    // While a step is under way (or queued) what is shown may still change: tests wait for this to go.
    if (s && s.walks > 0) el.dataset.moving = 'true';
    else delete el.dataset.moving;
    button('start').disabled = !usable || s.at === 0;
    button('back').disabled = !usable || s.at === 0;
    button('forward').disabled = !usable || s.at === s.count;
    button('end').disabled = !usable || s.at === s.count;
    const toggle = button('toggle');
    toggle.disabled = !usable;
    const playing = !!s && s.playing;
    if (toggle.dataset.icon !== String(playing)) {
      toggle.innerHTML = icon(playing ? 'pause' : 'play');
      toggle.dataset.icon = String(playing);
    }
    toggle.setAttribute('aria-label', s && s.playing ? 'Pause' : 'Play');
    position.textContent = !s ? 'no steps' : typeof what === 'function' ? what(s.at, s.count) : `${what} ${s.at} of ${s.count}`;
    // A button that just became disabled (▶| at the end) would drop the keyboard focus to the
    // page: keep it in the bar, on play/pause.
    if (focused instanceof HTMLButtonElement && focused.disabled && el.contains(focused)) {
      (toggle.disabled ? position : toggle).focus();
    }
  }

  const actions = {
    start: () => current?.start(),
    back: () => current?.back(),
    toggle: () => current?.toggle(),
    forward: () => {
      current?.pause();
      return current?.forward();
    },
    end: () => current?.end(),
  };
  el.addEventListener('click', (e) => {
    const name = /** @type {HTMLElement} */ (e.target).closest('button')?.dataset.step;
    if (name && name in actions) actions[/** @type {keyof typeof actions} */ (name)]();
  });
  speed.addEventListener('change', () => current?.setSpeed(Number(speed.value)));
  el.addEventListener('keydown', (/** @type {KeyboardEvent} */ e) => {
    if (!current || e.ctrlKey || e.metaKey || e.altKey) return;
    const onControl = /** @type {Element} */ (e.target).matches('button, select');
    /** @type {Record<string, () => unknown>} */
    const keys = { ArrowLeft: actions.back, ArrowRight: actions.forward, Home: actions.start, End: actions.end };
    if (e.key === ' ' && !onControl) keys[' '] = actions.toggle;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      if (/** @type {Element} */ (e.target).matches('select')) return;
    }
    const fn = keys[e.key];
    if (fn) {
      fn();
      e.preventDefault();
    }
  });
  draw();

  return {
    /**
     * @param {Stepper} stepper
     * @param {string | ((at: number, count: number) => string)} [label] what a step is called in the
     *   position text ("Press", "Row": "Press 3 of 12"), or the whole text for a position
     */
    load(stepper, label = 'Step') {
      unsubscribe();
      current?.stop();
      current = stepper;
      what = label;
      stepper.setSpeed(Number(speed.value));
      unsubscribe = stepper.onChange(draw);
      draw();
      return stepper;
    },
    clear() {
      unsubscribe();
      current?.stop();
      current = null;
      draw();
    },
    /** The sequence shown, if any. */
    get stepper() {
      return current;
    },
  };
}
