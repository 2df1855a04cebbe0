// Runs long core functions in a Web Worker so the page never freezes, with a progress bar
// and a cancel button. Use: `const job = runJob('lights_solve', [args], panel)`.

/**
 * Starts `fn(...args, progress)` in a fresh worker. `panel` (optional) is an element made by
 * `jobPanel()`: it shows progress and a cancel button while the job runs.
 * Returns `{ promise, cancel }`; the promise rejects with `Error('cancelled')` on cancel.
 */
export function runJob(fn, args, panel = null) {
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  let settle;
  const promise = new Promise((resolve, reject) => {
    settle = { resolve, reject };
  });
  const finish = () => {
    worker.terminate();
    if (panel) panel.hidden = true;
  };
  const cancel = () => {
    finish();
    settle.reject(new Error('cancelled'));
  };
  if (panel) {
    panel.hidden = false;
    const bar = panel.querySelector('progress');
    bar.removeAttribute('value');
    panel.querySelector('.job-text').textContent = 'Working…';
    panel.querySelector('button').onclick = cancel;
  }
  worker.onmessage = ({ data }) => {
    if (data.type === 'progress') {
      if (panel && data.total > 0) {
        const bar = panel.querySelector('progress');
        bar.max = data.total;
        bar.value = data.done;
        panel.querySelector('.job-text').textContent = `${Math.floor((100 * data.done) / data.total)}%`;
      }
    } else if (data.type === 'done') {
      finish();
      settle.resolve(data.result);
    } else {
      finish();
      settle.reject(new Error(data.message));
    }
  };
  worker.onerror = (e) => {
    finish();
    settle.reject(new Error(e.message || 'the worker failed'));
  };
  worker.postMessage({ fn, args });
  return { promise, cancel };
}

/** A hidden progress panel (progress bar, percentage, cancel button) to pass to runJob. */
export function jobPanel(label) {
  const panel = document.createElement('div');
  panel.className = 'job';
  panel.hidden = true;
  panel.innerHTML = `<progress aria-label="${label}"></progress> <span class="job-text" aria-live="polite"></span> <button type="button">Cancel</button>`;
  return panel;
}
