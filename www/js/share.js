// Sharing a link: the system share sheet where the browser has one (phones), else the clipboard
// with the copy box as a fallback. Used by the shared toolbar and the lab pages.
import { copyText } from './app.js';

/** Whether this browser can open the system share sheet for a link. */
export function canShare() {
  return typeof navigator.share === 'function';
}

/**
 * Shares `url`: the share sheet when there is one, else copies it.
 * Returns 'shared', 'copied', 'cancelled' (the sheet was closed) or 'shown' (copy it from the box).
 * @param {string} url
 * @param {string} title
 * @param {HTMLInputElement | HTMLTextAreaElement | null} [output]  the copy box, shown when copying fails
 * @returns {Promise<ShareResult>}
 */
export async function shareLink(url, title, output) {
  if (canShare()) {
    try {
      await navigator.share({ url, title });
      return 'shared';
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return 'cancelled';
      // A refused share (no user gesture, unsupported data) falls back to copying.
    }
  }
  return (await copyText(url, output)) ? 'copied' : 'shown';
}

/** How a share went (see shareLink). @typedef {'shared' | 'copied' | 'cancelled' | 'shown'} ShareResult */

/** The feedback line for a shareLink result.
 * @param {ShareResult} result
 * @param {string} what  what the link restores ('this board') */
export function shareFeedback(result, what) {
  return {
    shared: 'Link shared.',
    copied: `Link copied. Opening it restores exactly ${what}.`,
    cancelled: '',
    shown: 'Copy the link from the box below.',
  }[result];
}

/** Offers `file` ({name, text}) as a download.
 * @param {{ name: string, text: string }} file */
export function download(file) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([file.text], { type: 'text/plain' }));
  a.download = file.name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
