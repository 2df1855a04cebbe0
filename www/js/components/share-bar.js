// The share toolbar every puzzle view has: "Copy link" ("Share" where the browser has a share
// sheet) and "Embed". Embed copies the one-tag snippet (`<chessboard-puzzle>` + embed.js) for
// the current state and opens the composer: a dialog where the view, mode, step, theme and
// controls are picked, a live preview at a phone's, a blog column's or a wide page's width, and
// the script snippet and the <iframe> snippet (for hosts that strip scripts), each with a copy
// button.
import { copyText } from '../app.js';
import { showResult } from './result.js';
import { shareLink, shareFeedback, canShare, download } from '../share.js';
import { embedAttributes, elementSnippet, frameSnippet, frameUrlWith } from './snippets.js';

/** The preview widths: a phone, a blog's column, a wide page. */
const WIDTHS = [
  ['360', 'Phone (360 px)'],
  ['700', 'Column (700 px)'],
  ['1100', 'Wide (1100 px)'],
];
/** The column widths the iframe snippet's height is measured at (px): a small phone's and the
 * preview widths. */
const MEASURED_WIDTHS = [320, ...WIDTHS.map(([w]) => Number(w))];
/** The element's views; `compact` is its default, so a snippet only names the others.
 * @type {[string, string][]} */
const VIEWS = [
  ['compact', 'Compact: the board and the controls to play it'],
  ['board', 'Board: the board and one thin bar'],
  ['full', 'Full: every control of the page'],
];

/** @param {[string, string][]} list  [value, text] pairs */
const options = (list) => list.map(([value, text]) => `<option value="${value}">${text}</option>`).join('');

/** The toolbar's markup, with the composer's dialog (ids are looked up in the view's root). */
export const SHARE_BAR = `
  <div class="toolbar share-bar">
    <button type="button" id="copy-link">Copy link</button>
    <button type="button" id="embed" aria-haspopup="dialog">Embed</button>
    <button type="button" id="save-state" hidden>Save as file</button>
  </div>
  <textarea class="share" id="share-output" rows="3" readonly hidden aria-label="Link or embed code"></textarea>
  <dialog id="embed-dialog" class="composer" aria-labelledby="embed-title">
    <div class="composer-head">
      <h2 id="embed-title">Embed this board</h2>
      <button type="button" id="embed-close">Close</button>
    </div>
    <p id="embed-status" class="note" role="status"></p>
    <div class="composer-options">
      <label>View <select id="embed-view">${options(VIEWS)}</select></label>
      <label id="embed-mode-field">Mode <select id="embed-mode"></select></label>
      <label id="embed-step-field">Step <input id="embed-step" type="number" min="0" inputmode="numeric" placeholder="as shown" aria-describedby="embed-step-note"></label>
      <label>Theme <select id="embed-theme">${options([['', "the reader's (light or dark)"], ['light', 'light'], ['dark', 'dark']])}</select></label>
      <label><input type="checkbox" id="embed-figure"> A figure: no controls</label>
      <fieldset class="composer-widths">
        <legend>Preview width</legend>
        ${WIDTHS.map(([w, text]) => `<label><input type="radio" name="embed-width" value="${w}"${w === '700' ? ' checked' : ''}> ${text}</label>`).join('')}
      </fieldset>
    </div>
    <small id="embed-step-note" class="note">The step shown first (0 is the start); empty: as the board is now.</small>
    <div class="composer-preview" id="embed-preview-box"></div>
    <div class="composer-snippet">
      <label for="embed-script">Script snippet (one script tag, then one element per board)</label>
      <textarea class="share" id="embed-script" rows="3" readonly></textarea>
      <button type="button" id="copy-script">Copy script snippet</button>
    </div>
    <div class="composer-snippet" id="iframe-fallback">
      <label for="share-iframe">If your site strips scripts, embed a frame instead</label>
      <textarea class="share" id="share-iframe" rows="3" readonly></textarea>
      <button type="button" id="copy-iframe">Copy iframe snippet</button>
    </div>
  </dialog>`;

/**
 * Wires the toolbar.
 * @param {ReturnType<typeof import('../view.js').viewContext>} ctx  the view context
 * @param {{ link: () => string | null | undefined, title: string, frameSize: (view?: string) => { width: number, height: number },
 *   linkNote?: string, file?: (() => { name: string, text: string }) | null }} options
 *   link(): the current state's share fragment (null when there is nothing to share)
 *   title: the frame's title
 *   frameSize(): {width, height} of the iframe fallback before the preview has measured it
 *   linkNote: what "Copy link" says the link restores
 *   file(): the state as a file {name, text}, for a state too large for a link (optional)
 */
export function wireShareBar(ctx, { link, title, frameSize, linkNote = 'this board', file = null }) {
  const { $ } = ctx;
  // Shown only when there is a file to save (below).
  $('save-state').addEventListener('click', () => file && download(file()));
  $('copy-link').addEventListener('click', async () => {
    const fragment = link();
    // null or undefined: a state too large for a link (an Option's None crosses as undefined).
    $('save-state').hidden = fragment != null || !file;
    if (fragment == null) {
      if (file) ctx.showMessage('This state is too large for a link (more than 2,000 characters): save it as a file and open the file here again.', 'error', { link: 'too-large' });
      return;
    }
    const result = await shareLink(ctx.shareUrl(fragment), document.title, $('share-output'));
    ctx.showMessage(shareFeedback(result, linkNote), 'info', { link: result });
  });
  if (canShare()) $('copy-link').textContent = 'Share';
  const composer = wireComposer(ctx, { title, frameSize });
  $('embed').addEventListener('click', async () => {
    const fragment = link();
    if (fragment == null) return;
    composer.open(fragment);
    // One click still gives the common case: the snippet for the board as it is.
    const ok = await copyText(elementSnippet(ctx.shareUrl(fragment)), $('share-output'));
    ctx.showMessage(ok ? 'Embed code copied: paste it into a blog post or web page.' : 'Copy the embed code from the box below.');
    composer.status(ok ? 'The snippet for this board as it is was copied. Pick options below to change it.' : '');
  });
}

/**
 * The composer dialog: its options make both snippets and the preview, live.
 * @param {ReturnType<typeof import('../view.js').viewContext>} ctx
 * @param {{ title: string, frameSize: (view?: string) => { width: number, height: number } }} o
 */
function wireComposer(ctx, { title, frameSize }) {
  const { $ } = ctx;
  const dialog = /** @type {HTMLDialogElement} */ (/** @type {unknown} */ ($('embed-dialog')));
  // The preview frame is made when the composer first opens: a page of embeds holds no frames.
  const preview = document.createElement('iframe');
  preview.id = 'embed-preview';
  preview.title = 'Preview of the embedded board';
  const box = $('embed-preview-box');
  const widthInputs = () => /** @type {HTMLInputElement[]} */ ([...dialog.querySelectorAll('input[name="embed-width"]')]);
  let fragment = '';
  let previewHeight = 0;
  let reload = 0;
  /** The srcdoc the preview shows, so an unchanged snippet is not reloaded. */
  let shown = '';

  const chosen = () => ({
    view: $('embed-view').value,
    mode: $('embed-mode').value,
    step: $('embed-step').value.trim(),
    theme: $('embed-theme').value,
    figure: $('embed-figure').checked,
  });
  const width = () => Number(widthInputs().find((r) => r.checked)?.value ?? 700);

  /** The view's modes (its Mode buttons), as the element names them (`play_a` → `play-a`). */
  function fillModes() {
    const seen = new Map();
    for (const b of ctx.$$('[data-mode]')) {
      if (dialog.contains(b)) continue;
      const el = /** @type {HTMLElement} */ (b);
      seen.set((el.dataset.mode ?? '').replace(/_/g, '-'), (el.textContent ?? '').trim());
    }
    const select = $('embed-mode');
    const before = select.value;
    select.innerHTML = `<option value="">as shown</option>${options([...seen])}`;
    select.value = seen.has(before) ? before : '';
    $('embed-mode-field').hidden = seen.size === 0;
    $('embed-step-field').hidden = ctx.$$('.step-bar').length === 0;
    $('embed-step-note').hidden = $('embed-step-field').hidden;
  }

  /** Fits the preview frame (drawn at the chosen width) into the dialog, scaled down if needed. */
  function fit() {
    const w = width();
    const room = Math.max(1, box.clientWidth);
    const scale = Math.min(1, room / w);
    preview.style.width = `${w}px`;
    preview.style.height = `${previewHeight || 400}px`;
    preview.style.transform = scale < 1 ? `scale(${scale})` : '';
    box.style.height = `${Math.ceil((previewHeight || 400) * scale)}px`;
  }

  /** Measures the preview's content (the same origin) and keeps the frame that tall. */
  function watchHeight() {
    const doc = preview.contentDocument;
    const win = preview.contentWindow;
    if (!doc || !win) return;
    const measure = () => {
      const style = win.getComputedStyle(doc.body);
      const h = Math.ceil(doc.body.getBoundingClientRect().height + parseFloat(style.marginTop) + parseFloat(style.marginBottom));
      if (h && h !== previewHeight) {
        previewHeight = h;
        fit();
        update(false);
      }
    };
    // The frame's own ResizeObserver: its document is another realm.
    new (/** @type {typeof globalThis} */ (/** @type {unknown} */ (win)).ResizeObserver)(measure).observe(doc.body);
    measure();
  }
  preview.addEventListener('load', watchHeight);

  // The iframe snippet's height: the framed page itself, drawn out of sight at 320 px and each
  // preview width, posts its content height (../view.js) as it does to a post around it; the snippet
  // takes the tallest, so the frame fits every column from a phone's to a wide page's.
  const measurers = MEASURED_WIDTHS.map((w) => {
    const frame = document.createElement('iframe');
    frame.className = 'composer-measure';
    frame.tabIndex = -1;
    frame.title = 'The framed page, measured';
    frame.setAttribute('aria-hidden', 'true');
    frame.style.width = `${w}px`;
    return frame;
  });
  /** The height each measurer posted (0: not yet). */
  const frameHeights = measurers.map(() => 0);
  const measuredAll = () => frameHeights.every((h) => h > 0);
  window.addEventListener('message', (e) => {
    const k = measurers.findIndex((m) => m.contentWindow && e.source === m.contentWindow);
    if (k < 0 || e.data?.type !== 'chessboard-puzzle:height') return;
    const h = Math.ceil(Number(e.data.height));
    if (!Number.isFinite(h) || h <= 0 || h === frameHeights[k]) return;
    frameHeights[k] = h;
    update(false);
  });

  /** Rewrites both snippets and, when `reloadPreview`, the preview (shortly: typing a step). */
  function update(reloadPreview = true) {
    const attributes = embedAttributes(chosen());
    const shareUrl = ctx.shareUrl(fragment);
    const script = elementSnippet(shareUrl, attributes);
    $('embed-script').value = script;
    const h = measuredAll() ? Math.max(...frameHeights) : Math.max(frameSize(chosen().view).height, ...frameHeights);
    const frameUrl = frameUrlWith(ctx.frameUrl(fragment), chosen().view, attributes);
    $('share-iframe').value = frameSnippet(frameUrl, title, h);
    // Whether the height is the framed page's own at every width (tests wait for it), not yet
    // an estimate.
    $('share-iframe').dataset.measured = String(measuredAll());
    if (!reloadPreview) return;
    clearTimeout(reload);
    reload = window.setTimeout(() => {
      measurers.forEach((m, k) => {
        if (m.src === frameUrl) return;
        frameHeights[k] = 0;
        m.src = frameUrl;
      });
      const doc = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>Preview</title><link rel="icon" href="data:,"></head><body>${script}</body></html>`;
      if (doc === shown) return;
      shown = doc;
      preview.srcdoc = doc;
    }, 250);
  }

  for (const id of ['embed-view', 'embed-mode', 'embed-theme', 'embed-figure', 'embed-step']) {
    $(id).addEventListener(id === 'embed-step' ? 'input' : 'change', () => update());
  }
  for (const radio of widthInputs()) {
    radio.addEventListener('change', () => {
      // The width only previews: the snippets are the same at every width.
      previewHeight = 0;
      fit();
    });
  }
  /** @param {string} id  the snippet's box @param {string} what  its name in the status line */
  async function copy(id, what) {
    const ok = await copyText($(id).value, null);
    if (!ok) $(id).select();
    // Which box's snippet the line speaks of, and whether it reached the clipboard (else it is
    // selected for the reader to copy).
    status(ok ? `${what} copied: paste it into your page.` : `Select the ${what.toLowerCase()} and copy it.`, { snippet: id, copied: ok });
  }
  $('copy-script').addEventListener('click', () => copy('embed-script', 'Script snippet'));
  $('copy-iframe').addEventListener('click', () => copy('share-iframe', 'Iframe snippet'));
  $('embed-close').addEventListener('click', () => dialog.close());
  // A click on the backdrop (outside the dialog's box) closes it, as Esc does.
  dialog.addEventListener('click', (e) => {
    if (e.target !== dialog) return;
    const r = dialog.getBoundingClientRect();
    if (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) dialog.close();
  });
  window.addEventListener('resize', () => dialog.open && fit());

  /** @param {string} text @param {Record<string, string | boolean>} [facts] */
  function status(text, facts = {}) {
    showResult($('embed-status'), text, facts);
  }

  return {
    status,
    /** Opens the composer for the board at `link`. @param {string} link */
    open(link) {
      fragment = link;
      if (!preview.isConnected) box.append(preview, ...measurers);
      fillModes();
      status('');
      if (!dialog.open) dialog.showModal();
      fit();
      update();
      $('embed-view').focus();
    },
  };
}

/** Enables or disables the toolbar (nothing to share, e.g. an illegal chess position).
 * @param {{ $: (id: string) => import('../app.js').PageElement }} ctx
 * @param {boolean} enabled */
export function enableShareBar(ctx, enabled) {
  ctx.$('copy-link').disabled = !enabled;
  ctx.$('embed').disabled = !enabled;
}
