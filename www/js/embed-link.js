// What <chessboard-puzzle link="…"> (../embed.js) reads of its link, and how it tells a host's
// policy refusing WebAssembly from a broken site. Pure: tested under Node.
import { quoted } from './share-link.js';
import { puzzles } from '../pkg/modules.js';

/** The site's root, which relative links are resolved against. */
const SITE_ROOT = new URL('../', import.meta.url);
/** The puzzle of each link name, its own and its aliases (a chess game, `#chess-game/v1/…`,
 * opens in the chess view). */
const LINK_NAMES = new Map(Object.entries(puzzles).flatMap(([name, p]) => [name, ...p.aliases].map((n) => [n, name])));
/** A page link without a fragment opens that page's fresh puzzle. */
const PAGES = new Map(Object.entries(puzzles).map(([name, p]) => [p.page, name]));
/**
 * The puzzle and share fragment of `link`: a full share URL, or a fragment (`#lights/v1/…`)
 * resolved against this file's URL. Throws an Error with a one-line reason.
 * @param {string | null} link
 */
export function parseLink(link) {
  const text = (link ?? '').trim();
  if (!text) throw new Error('no link: set link="…" to a share link of the playground');
  let url;
  try {
    url = new URL(text, SITE_ROOT);
  } catch {
    throw new Error(`'${quoted(text)}' is not a link`);
  }
  const name = url.hash.slice(1).split('/')[0];
  const puzzle = LINK_NAMES.get(name);
  if (puzzle) return { puzzle, fragment: url.hash };
  const page = PAGES.get(url.pathname.split('/').pop() ?? '');
  if (page && url.hash.length <= 1) return { puzzle: page, fragment: '' };
  throw new Error(`'${quoted(text)}' is not a share link of a puzzle (devil, lights, table or chess)`);
}

/** Whether `err` is the browser refusing to compile WebAssembly under the page's
 * Content-Security-Policy (a CompileError or EvalError naming the policy or 'unsafe-eval').
 * @param {unknown} err */
export function isCspRefusal(err) {
  for (let e = /** @type {{ name?: string, message?: string, cause?: unknown } | null | undefined} */ (err); e; e = /** @type {typeof e} */ (e.cause)) {
    const text = `${e.name ?? ''} ${e.message ?? e}`;
    if (/Content.Security.Policy|unsafe-eval|\bCSP\b/i.test(text)) return true;
  }
  return false;
}
