// The snippets the Embed composer gives: a <chessboard-puzzle> element (with embed.js once) and,
// for hosts that strip scripts, an <iframe> of the page's embed view. Pure: tested under Node.
import { SITE } from '../view.js';

/** The element's default view, which a snippet leaves out. */
const DEFAULT_VIEW = 'compact';

/**
 * The element's attributes for the chosen options (the defaults left out), in snippet order.
 * @param {{ view?: string, mode?: string, step?: string, theme?: string, figure?: boolean }} o
 * @returns {[string, string][]}
 */
export function embedAttributes(o) {
  const list = /** @type {[string, string][]} */ ([]);
  if (o.view && o.view !== DEFAULT_VIEW) list.push(['view', o.view]);
  if (o.mode) list.push(['mode', o.mode]);
  if (o.step !== undefined && o.step !== '') list.push(['step', o.step]);
  if (o.figure) list.push(['controls', 'none']);
  if (o.theme) list.push(['theme', o.theme]);
  return list;
}

/** @param {unknown} s */
const attrText = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The snippet a blogger pastes: embed.js once, then one element per board.
 * @param {string} shareUrl
 * @param {[string, string][]} [attributes] */
export function elementSnippet(shareUrl, attributes = []) {
  const script = new URL('embed.js', SITE).toString();
  const attrs = [['link', shareUrl], ...attributes].map(([k, v]) => ` ${k}="${attrText(v)}"`).join('');
  return `<script type="module" src="${script}"></script>\n<chessboard-puzzle${attrs}></chessboard-puzzle>`;
}

/** An <iframe> of the page's embed view, for hosts that strip scripts: as wide as the post's
 * column (fluid, whatever the composer previews) and `height` tall, the tallest the framed view
 * measures at the composer's widths, so it never scrolls inside without scripts (with embed.js
 * on the page the frame takes the height its page posts). The inline style is the host's markup:
 * a post under a strict Content-Security-Policy moves it into its style sheet.
 * @param {string} frameUrl
 * @param {string} title
 * @param {number} height */
export function frameSnippet(frameUrl, title, height) {
  return `<iframe src="${attrText(frameUrl)}" title="${attrText(title)}" loading="lazy" style="display:block;width:100%;height:${height}px;border:0"></iframe>`;
}

/** The page's embed view with the options as query parameters (`?embed=1&view=compact#…`): the
 * view always, since a frame without `view` shows the full page view.
 * @param {string} frameUrl
 * @param {string} view
 * @param {[string, string][]} attributes */
export function frameUrlWith(frameUrl, view, attributes) {
  const url = new URL(frameUrl);
  url.searchParams.set('view', view);
  for (const [k, v] of attributes) if (k !== 'view') url.searchParams.set(k, v);
  return url.toString();
}
