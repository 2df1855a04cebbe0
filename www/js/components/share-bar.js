// The share toolbar every puzzle view has: "Copy link" ("Share" where the browser has a share
// sheet) and "Embed". Embed gives the one-tag
// snippet (`<chessboard-puzzle>` + embed.js) for the current state, and an <iframe> snippet as
// a fallback for hosts that strip scripts.
import { copyText } from '../app.js';
import { SITE } from '../view.js';
import { shareLink, shareFeedback, canShare, download } from '../share.js';

/** The toolbar's markup (ids are looked up in the view's root). */
export const SHARE_BAR = `
  <div class="toolbar share-bar">
    <button type="button" id="copy-link">Copy link</button>
    <button type="button" id="embed">Embed</button>
    <button type="button" id="save-state" hidden>Save as file</button>
  </div>
  <textarea class="share" id="share-output" rows="3" readonly hidden aria-label="Link or embed code"></textarea>
  <div id="iframe-fallback" hidden>
    <label for="share-iframe" class="note">If your site strips scripts, embed a frame instead:</label>
    <textarea class="share" id="share-iframe" rows="3" readonly aria-label="Frame embed code"></textarea>
  </div>`;

/** The snippet a blogger pastes: embed.js once, then one element per board. */
export function elementSnippet(shareUrl) {
  const script = new URL('embed.js', SITE).toString();
  return `<script type="module" src="${script}"></script>\n<chessboard-puzzle link="${shareUrl}"></chessboard-puzzle>`;
}

/** An <iframe> of the page's embed view, for hosts that strip scripts. */
export function frameSnippet(frameUrl, title, width, height) {
  return `<iframe src="${frameUrl}" width="${width}" height="${height}" title="${title}" style="border:0" loading="lazy"></iframe>`;
}

/**
 * Wires the toolbar.
 * @param {ReturnType<typeof import('../view.js').viewContext>} ctx  the view context
 * @param {{ link: () => string | null | undefined, title: string, frameSize: () => { width: number, height: number },
 *   linkNote?: string, file?: (() => { name: string, text: string }) | null }} options
 *   link(): the current state's share fragment (null when there is nothing to share)
 *   title: the frame's title
 *   frameSize(): {width, height} of the iframe fallback
 *   linkNote: what "Copy link" says the link restores
 *   file(): the state as a file {name, text}, for a state too large for a link (optional)
 */
export function wireShareBar(ctx, { link, title, frameSize, linkNote = 'this board', file = null }) {
  const { $ } = ctx;
  $('save-state').addEventListener('click', () => download(file()));
  $('copy-link').addEventListener('click', async () => {
    const fragment = link();
    // null or undefined: a state too large for a link (an Option's None crosses as undefined).
    $('save-state').hidden = fragment != null || !file;
    if (fragment == null) {
      if (file) ctx.showMessage('This state is too large for a link (more than 2,000 characters): save it as a file and open the file here again.', 'error');
      return;
    }
    $('iframe-fallback').hidden = true;
    const result = await shareLink(ctx.shareUrl(fragment), document.title, $('share-output'));
    ctx.showMessage(shareFeedback(result, linkNote));
  });
  if (canShare()) $('copy-link').textContent = 'Share';
  $('embed').addEventListener('click', async () => {
    const fragment = link();
    if (fragment == null) return;
    const { width, height } = frameSize();
    $('share-iframe').value = frameSnippet(ctx.frameUrl(fragment), title, width, height);
    $('iframe-fallback').hidden = false;
    const ok = await copyText(elementSnippet(ctx.shareUrl(fragment)), $('share-output'));
    ctx.showMessage(ok ? 'Embed code copied: paste it into a blog post or web page.' : 'Copy the embed code from the box below.');
  });
}

/** Enables or disables the toolbar (nothing to share, e.g. an illegal chess position). */
export function enableShareBar(ctx, enabled) {
  ctx.$('copy-link').disabled = !enabled;
  ctx.$('embed').disabled = !enabled;
}
