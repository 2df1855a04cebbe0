// The game driver: what every game puzzle's view shares, around the core's session
// (`GameSession`, src/wasm/game.rs, holding src/session.rs). It opens the view's link or a
// fresh game, keeps the link of what is shown, runs Undo and Redo (buttons and keys), and
// redraws through the view's `draw` after every change. A view only draws and forwards input:
// the state, the history and the link live in the session.
import { followLinks } from './share-link.js';

/**
 * The core's game session (src/wasm/game.rs): every game module exports the same class, as
 * wasm-bindgen declares it. Its `view()` is a {@link GameView}.
 * @typedef {import('../pkg/devil.js').GameSession} Session
 */

/**
 * What `Session.view()` gives, with the puzzle's drawn state and link extras.
 * @template [State=unknown]
 * @template [Extras=unknown]
 * @typedef {import('./types.js').GameView<State, Extras>} GameView
 */

/**
 * @template [State=unknown]
 * @template [Extras=unknown]
 * @typedef {object} GameOptions
 * @property {{ GameSession: { open(fragment: string): Session } }} core  the page's wasm exports
 * @property {() => Session} fresh  a new game from the view's settings
 * @property {(view: GameView<State, Extras>, how: { fresh: boolean, session: Session }) => void} draw  draws what the
 *   session shows; `fresh` after a new game or an opened link (a view resets its own marks then)
 * @property {string} what  what `fresh` shows, for the bad-link message ('a fresh table')
 * @property {() => void} [beforeChange]  called before any change the driver makes (a view stops its timers)
 * @property {(session: Session) => unknown} [undo]  what Undo does (default: the session's undo),
 *   for a view where Undo means nothing in some modes (the Devil's Watch and Edit)
 * @property {(session: Session) => unknown} [redo]  what Redo does (default: the session's redo)
 * @property {() => ReturnType<import('./share-link.js').LinkedPuzzle['current']>} [link]  the link of what is
 *   shown (default: the session's), for a view that makes large boards' links in a Worker
 * @property {(hash: string) => Promise<Session> | Session} [open]  the session of a link (default:
 *   `GameSession.open`), for a view that opens large boards in a Worker
 * @property {string} [tooLarge]  the words when no link fits (see share-link.js)
 * @property {(text: string) => void} [onTooLarge]  says them (and offers a file)
 */

/**
 * What the driver needs of a view's context (www/js/view.js makes one): its link host, its
 * elements, its message line and the change report that keeps the link.
 * @typedef {import('./share-link.js').LinkHost & {
 *   slot: EventTarget & { dataset: DOMStringMap },
 *   $$: (selector: string) => Iterable<{ addEventListener(type: 'click', listener: () => void): void }>,
 *   showError: (err: unknown) => void,
 *   stateChanged: () => void,
 * }} DriverContext
 */

/**
 * Mounts a game in a view's context and returns its driver.
 * @template [State=unknown]
 * @template [Extras=unknown]
 * @param {DriverContext} ctx
 * @param {GameOptions<State, Extras>} options
 */
export async function driveGame(ctx, options) {
  const { core, fresh, draw, what, beforeChange = () => {}, undo = (s) => s.undo(), redo = (s) => s.redo() } = options;
  const driver = {
    /** @type {Session | null} */
    session: null,
    /** @type {GameView<State, Extras> | null} */
    view: null,

    /** Shows `session` (a new game or an opened link) in place of the one shown. */
    start(/** @type {Session} */ session) {
      beforeChange();
      const old = driver.session;
      driver.session = session;
      if (old && old !== session) old.free();
      driver.refresh({ fresh: true });
    },

    /** A new game from the view's settings; a refused setting leaves the game as it was. */
    restart() {
      try {
        driver.start(fresh());
        ctx.clearMessage();
      } catch (err) {
        ctx.showError(err);
        driver.refresh();
      }
    },

    /**
     * Runs `fn` on the session and redraws; an error is shown in the message line, and the
     * core guarantees a refused call changed nothing.
     * @template T
     * @param {(session: Session) => T} fn
     * @returns {T | undefined}
     */
    act(fn) {
      if (!driver.session) return undefined;
      try {
        const result = fn(driver.session);
        driver.refresh();
        return result;
      } catch (err) {
        ctx.showError(err);
        return undefined;
      }
    },

    undo() {
      beforeChange();
      return driver.act(undo);
    },

    redo() {
      beforeChange();
      return driver.act(redo);
    },

    /** Reads the session again, draws it, updates Undo/Redo and keeps the link. */
    refresh({ fresh: isFresh = false } = {}) {
      if (!driver.session) return;
      /** @type {GameView<State, Extras>} */
      const view = driver.session.view();
      driver.view = view;
      draw(view, { fresh: isFresh, session: driver.session });
      publish(ctx.slot, view);
      for (const [name, can] of /** @type {const} */ ([
        ['undo', view.can_undo],
        ['redo', view.can_redo],
      ])) {
        for (const b of ctx.$$(`[data-game="${name}"]`)) /** @type {HTMLButtonElement} */ (b).disabled = !can;
      }
      ctx.stateChanged();
    },
  };

  for (const b of ctx.$$('[data-game="undo"]')) b.addEventListener('click', () => driver.undo());
  for (const b of ctx.$$('[data-game="redo"]')) b.addEventListener('click', () => driver.redo());
  ctx.slot.addEventListener('keydown', (e) => {
    const key = undoKey(/** @type {KeyboardEvent} */ (e));
    if (!key) return;
    e.preventDefault();
    if (key === 'undo') driver.undo();
    else driver.redo();
  });

  const open = options.open ?? ((hash) => core.GameSession.open(hash));
  await followLinks(ctx, {
    current: options.link ?? (() => driver.session?.link() ?? null),
    open: async (hash) => driver.start(await open(hash)),
    fresh: () => driver.start(fresh()),
    what,
    tooLarge: options.tooLarge,
    onTooLarge: options.onTooLarge,
  });
  return driver;
}

/**
 * Marks the view's slot with where the session's game stands — `data-puzzle`, `data-moves` and
 * `data-status` (playing, won or lost) — so what reads the page (its tests, a post's script or
 * style beside an embed) reads the session's view, not the status line's words.
 * @param {{ dataset: DOMStringMap }} slot
 * @param {Pick<GameView, 'puzzle' | 'moves' | 'status'>} view
 */
export function publish(slot, view) {
  slot.dataset.puzzle = view.puzzle;
  slot.dataset.moves = String(view.moves);
  slot.dataset.status = view.status;
}

/**
 * Which history key `e` is: Ctrl+Z (⌘Z) undoes, Ctrl+Shift+Z or Ctrl+Y redoes; null for any
 * other key, and for keys typed into a text box (which has its own undo).
 * @param {Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'> & { target?: EventTarget | null }} e
 * @returns {'undo' | 'redo' | null}
 */
export function undoKey(e) {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const target = /** @type {{ tagName?: string } | null | undefined} */ (e.target);
  if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName ?? '')) return null;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !e.shiftKey) return 'redo';
  return null;
}
