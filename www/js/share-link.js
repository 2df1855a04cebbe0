// Share links, one mechanism for every puzzle page, lab and embed. It keeps the link of what is
// shown where the visitor sees it — the page's address bar (history.replaceState, so presses
// add no history entries, and at most once per WRITE_INTERVAL however fast they come), or an
// embed's "open in the playground" link — and it opens every link the page is given: the one
// it loads with and every one pasted later (hashchange).
// A link that cannot be opened gets a one-line message and a fresh state, and the address bar
// keeps the visitor's link until they change something (a link that opens stays as given too,
// an old version included). A state too large for a link leaves the bar at what fits (a lab's
// state without its large part) or the bare page, and the page says so once.
import { errorText, isCancelled } from './app.js';

/** Least time in ms between two writes of the kept link. */
export const WRITE_INTERVAL = 250;

/** A link longer than this is decoded in the Worker (where the puzzle has a Worker decoder):
 * decoding takes ~0.4 µs a light, so such a link may hold a board that takes a second. */
export const LONG_LINK = 20_000;

/** Longest piece of a visitor's input (a link, a reason quoting one) a message repeats. */
const QUOTE_MAX = 80;
/** Longest reason a message gives (a core's reason quotes at most 40 characters of a link). */
const REASON_MAX = 120;

/**
 * The link of a state: `fragment` (without '#') is what to keep, null when none fits;
 * `tooLarge` (the page's words) says that the state itself does not fit a link.
 * @typedef {{ fragment: string | null, tooLarge?: string }} StateLink
 */

/**
 * Where a link is kept.
 * @typedef {object} LinkPlace
 * @property {() => string} read  the fragment kept now, without '#' ('' for none)
 * @property {(fragment: string | null) => void} write  keeps `fragment`; null keeps the bare page
 * @property {boolean} keepsOpened  a link given to the page stays as given until the state changes
 * @property {boolean} [saysPending]  marks the page while a write is pending (see linkPending)
 * @property {HTMLElement} [pendingOn]  an element marked `data-link-pending` while a write is
 *   pending (an embed's own element: the post's root is not the embed's to mark)
 * @property {boolean} [unthrottled]  every change is written at once: browsers rate-limit the
 *   address bar's writes, not a link's href, and a reader may follow the link right after a move
 */

/**
 * What followLinks needs from a page or view (view.js's context has it).
 * @typedef {object} LinkHost
 * @property {string} link  the fragment the page opens with ('#lights/v2/…'; '' for none)
 * @property {LinkPlace} place
 * @property {(text: string, kind?: import('./app.js').MessageKind, facts?: Record<string, string | number | boolean>) => void} showMessage
 * @property {() => void} clearMessage
 * @property {(open: (hash: string) => Promise<void>) => void} onLinkChange  calls `open` for each link pasted later
 * @property {ReturnType<typeof linkKeeper> | null} [keeper]  set by followLinks: the page calls `keeper.changed()`
 */

/**
 * What followLinks needs from a puzzle.
 * @typedef {object} LinkedPuzzle
 * @property {() => string | StateLink | null | undefined | Promise<string | StateLink | null | undefined>} current
 *   the link of what is shown: a fragment; null when no link fits (with `tooLarge`; without it,
 *   as undefined); undefined when there is nothing to link (an illegal position, a field half
 *   typed): the kept link stays
 * @property {(hash: string) => unknown} open  shows the state of `hash`; throws (or rejects) on a bad link
 * @property {() => unknown} fresh  shows a fresh state
 * @property {() => unknown} [start]  shows the state of a page opened without a link (default: fresh)
 * @property {string} what  what `fresh` shows, for the message ('a fresh board')
 * @property {string} [tooLarge]  the page's words when `current` is null because no link fits
 * @property {(text: string) => void} [onTooLarge]  says `text` (and offers the file); default: the message line
 */

/** What still has to reach the address bar (a keeper's timer or link being made, a view's
 * debounce): while any is pending, the page's root carries `data-link-pending`, so a test (or a
 * script) can wait for the bar to hold what is shown instead of waiting a while. */
const pendingWork = new Set();

/**
 * Marks `work` (any object) as pending or done for the address bar.
 * @param {object} work
 * @param {boolean} pending
 */
export function linkPending(work, pending) {
  if (pending) pendingWork.add(work);
  else pendingWork.delete(work);
  if (pendingWork.size > 0) document.documentElement.dataset.linkPending = 'true';
  else delete document.documentElement.dataset.linkPending;
}

/** The page's address bar. @returns {LinkPlace} */
export function addressBar() {
  return {
    read: () => location.hash.slice(1),
    write: (fragment) => history.replaceState(history.state, '', fragment === null ? location.pathname + location.search : `#${fragment}`),
    keepsOpened: true,
    saysPending: true,
  };
}

/**
 * Keeps the link of what is shown in `place`: `changed()` after every change of state writes
 * it — at once after a quiet spell, else at most once per WRITE_INTERVAL (the last state
 * wins); `opening(fn)` shows a linked or fresh state without writing.
 * @param {LinkPlace} place
 * @param {object} o
 * @param {() => StateLink | null | Promise<StateLink | null>} o.current  the state's link
 *   (a promise when it is made in the Worker); null: keep what is kept
 * @param {(text: string) => void} o.onTooLarge  says that the state no longer fits a link
 */
export function linkKeeper(place, { current, onTooLarge }) {
  /** @type {ReturnType<typeof setTimeout> | null} */
  let timer = null;
  let lastWrite = -Infinity;
  let dirty = false;
  /** An asynchronous link is being made. */
  let computing = false;
  /** A link is being opened: what changes meanwhile is the linked (or fresh) state. */
  let openings = 0;
  /** Bumped when a link is opened: an asynchronous link begun before it is dropped. */
  let generation = 0;
  /** The fragment of the state a link opened, while that state is shown (nothing is written). */
  /** @type {string | null} */
  let held = null;
  let saidTooLarge = false;

  /**
   * Calls `then` with the state's link: at once when it is made at once, else when it is made.
   * A failure to make one is null (keep what is kept).
   * @param {(state: StateLink | null) => void} then
   */
  function withLink(then) {
    let link;
    try {
      link = current();
    } catch {
      link = null;
    }
    if (!(link instanceof Promise)) {
      then(link);
      sayPending();
      return;
    }
    computing = true;
    sayPending();
    return link.then(
      (state) => {
        computing = false;
        then(state);
        sayPending();
      },
      () => {
        computing = false;
        then(null);
        sayPending();
      },
    );
  }

  /** Says on the page whether a write is still to come (address bar only). */
  const keeper = {};
  function sayPending() {
    const pending = timer !== null || computing || dirty || openings > 0;
    if (place.saysPending) linkPending(keeper, pending);
    place.pendingOn?.toggleAttribute('data-link-pending', pending);
  }

  function changed() {
    if (openings > 0) return;
    dirty = true;
    if (timer === null && !computing) {
      const wait = place.unthrottled ? 0 : lastWrite + WRITE_INTERVAL - performance.now();
      if (wait <= 0) flush();
      else timer = setTimeout(() => flush(), wait);
    }
    sayPending();
  }

  /**
   * Writes the current state's link now. `release`: even when it is the state a link opened
   * (the visitor shares it, so the bar should hold its own link).
   * @param {{ release?: boolean }} [options]
   */
  function flush({ release = false } = {}) {
    if (release) held = null;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    dirty = false;
    lastWrite = performance.now();
    const started = generation;
    return withLink((state) => {
      if (dirty) {
        // Changed again while an asynchronous link was made: write the newer state instead.
        changed();
        return;
      }
      if (started === generation) keep(state);
    });
  }

  /** @param {StateLink | null} state */
  function keep(state) {
    if (!state) return;
    if (held !== null) {
      if (state.fragment === held) return;
      held = null;
    }
    if (place.read() !== (state.fragment ?? '')) place.write(state.fragment);
    if (state.tooLarge && !saidTooLarge) onTooLarge(state.tooLarge);
    saidTooLarge = Boolean(state.tooLarge);
  }

  /** Runs `show` (it shows a linked or a fresh state) without writing what it changes.
   * @param {() => unknown} show */
  async function opening(show) {
    generation++;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    dirty = false;
    openings++;
    sayPending();
    try {
      await show();
    } finally {
      openings--;
      sayPending();
    }
    saidTooLarge = false;
    if (!place.keepsOpened) return flush();
    const started = generation;
    held = null;
    return withLink((state) => {
      if (started === generation) held = state?.fragment ?? null;
    });
  }

  return { changed, flush, opening };
}

/**
 * Opens the page's start link (or shows a fresh state and keeps its link) and follows later
 * links; the returned keeper's `changed()` is called after every change of state.
 * @param {LinkHost} host
 * @param {LinkedPuzzle} puzzle
 * Resolves once the first state is shown.
 */
export async function followLinks(host, puzzle) {
  const { current, tooLarge } = puzzle;
  /** @param {Awaited<ReturnType<LinkedPuzzle['current']>>} link @returns {StateLink | null} */
  const stateLink = (link) => {
    if (typeof link === 'string') return { fragment: link };
    if (link) return link;
    return link === null && tooLarge ? { fragment: null, tooLarge } : null;
  };
  const keeper = linkKeeper(host.place, {
    current: () => {
      const link = current();
      return link instanceof Promise ? link.then(stateLink) : stateLink(link);
    },
    onTooLarge: puzzle.onTooLarge ?? ((text) => host.showMessage(text, 'info', { link: 'too-large' })),
  });
  host.keeper = keeper;
  host.onLinkChange((hash) =>
    openShareLink(host, keeper, hash, puzzle).catch((err) => host.showMessage(firstLine(errorText(err)), 'error')),
  );
  if (host.link.length > 1) {
    await openShareLink(host, keeper, host.link, puzzle);
  } else {
    await (puzzle.start ?? puzzle.fresh)();
    await keeper.flush();
  }
  return keeper;
}

/**
 * Opens one link: its state, or on a bad link the one-line message and a fresh state; either
 * way the kept link stays as given until the state changes.
 * @param {LinkHost} host
 * @param {ReturnType<typeof linkKeeper>} keeper
 * @param {string} hash
 * @param {LinkedPuzzle} puzzle
 */
async function openShareLink(host, keeper, hash, { open, fresh, what }) {
  if (hash.length <= 1) return;
  await keeper.opening(async () => {
    try {
      await open(hash);
      host.clearMessage();
    } catch (err) {
      if (isCancelled(err)) {
        host.showMessage('Opening the link was cancelled.');
        return;
      }
      await fresh();
      host.showMessage(`That link could not be opened: ${firstLine(errorText(err)).replace(/\.$/, '')}. Here is ${what}.`, 'error');
    }
  });
}

/** `text` cut to QUOTE_MAX characters with an ellipsis: a message never repeats a huge paste.
 * @param {unknown} text */
export function quoted(text) {
  // QUOTE_MAX + 1 characters take at most 2 * QUOTE_MAX + 2 UTF-16 units (a character beyond
  // the basic plane takes two): enough to see whether the text is longer than QUOTE_MAX.
  const chars = [...String(text).slice(0, 2 * QUOTE_MAX + 2)];
  return chars.length > QUOTE_MAX ? `${chars.slice(0, QUOTE_MAX - 1).join('')}…` : chars.join('');
}

/** The first line of a reason, cut short: a message stays one line under 200 characters, even
 * when the reason quotes what the visitor gave.
 * @param {string} text */
function firstLine(text) {
  const line = String(text).split('\n')[0];
  return line.length > REASON_MAX ? `${line.slice(0, REASON_MAX - 1)}…` : line;
}
