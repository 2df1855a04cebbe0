// Share links, the same on every puzzle page: the link the page opens with and every link
// pasted into the address bar later (hashchange) go through one function, and a link that
// cannot be opened gets the one-line message and a fresh board whose own link replaces the
// bad one in the address bar — never a blank board, never a bad link left behind.
import { errorText } from './app.js';
import { isCancelled } from './worker-client.js';

/**
 * @typedef {object} LinkedPuzzle
 * @property {() => string | null | undefined} current
 * @property {(hash: string) => unknown} open
 * @property {() => unknown} fresh
 * @property {string} what
 */

/**
 * Opens the view's start link (or a fresh board) and follows later links.
 * @param {ReturnType<typeof import('./view.js').viewContext>} ctx  the view context
 * @param {LinkedPuzzle} puzzle
 *   current(): the share fragment of what is shown (null when there is none yet or no link fits)
 *   open(hash): shows the state of `hash` ('#devil/v1/…'); throws (or rejects) on a bad link
 *   fresh(): shows a fresh board
 *   what: what `fresh` shows, for the message ('a fresh board', 'the start position')
 * Resolves once the first board is shown.
 */
export async function followLinks(ctx, { current, open, fresh, what }) {
  const follow = (hash) => openShareLink(ctx, hash, { current, open, fresh, what });
  ctx.onLinkChange((hash) => follow(hash).catch((err) => ctx.showError(err)));
  if (ctx.link.length > 1) await follow(ctx.link);
  else await fresh();
}

/**
 * Opens one link: its state, or the one-line message and a fresh board on a bad link.
 * @param {ReturnType<typeof import('./view.js').viewContext>} ctx
 * @param {string} hash
 * @param {LinkedPuzzle} puzzle
 */
export async function openShareLink(ctx, hash, { current, open, fresh, what }) {
  if (hash.length <= 1 || hash.slice(1) === current()) return;
  try {
    await open(hash);
    ctx.clearMessage();
  } catch (err) {
    if (isCancelled(err)) {
      ctx.showMessage('Opening the link was cancelled.');
    } else {
      await fresh();
      ctx.showMessage(`That link could not be opened: ${firstLine(errorText(err))}. Here is ${what}.`, 'error');
    }
  }
  const now = current();
  if (now !== null && now !== undefined) ctx.showLink(now);
}

/** The first line of a message, at most 200 characters (a link's text is echoed nowhere). */
function firstLine(text) {
  const line = String(text).split('\n')[0];
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
