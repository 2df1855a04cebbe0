// The host page's Content-Security-Policy, as the puzzles meet it: a refusal the browser
// reports becomes one line naming the directive and the source to add (docs/embedding.md).

/**
 * The host page's Content-Security-Policy decides what a board from another origin may load
 * (docs/embedding.md lists the policy it needs). The browser's own error names a wrong or no
 * directive ("'unsafe-eval' is not an allowed source", "Failed to fetch", a Worker's bare
 * error event), so the violations the browser reports are kept here and a failure they explain
 * becomes one line naming the directive and the source to add.
 * @type {{ directive: string, blocked: string, policy: string }[]}
 */
const violations = [];
if (typeof document !== 'undefined') {
  document.addEventListener('securitypolicyviolation', (e) => {
    violations.push({ directive: e.effectiveDirective, blocked: e.blockedURI, policy: e.originalPolicy });
    if (violations.length > 50) violations.shift();
  });
}

/** What each directive falls back to when a policy does not name it (CSP level 3).
 * @type {Record<string, string | undefined>} */
const FALLBACK = {
  'script-src-elem': 'script-src',
  'script-src': 'default-src',
  'worker-src': 'child-src',
  'child-src': 'script-src',
  'style-src-elem': 'style-src',
  'style-src-attr': 'style-src',
  'style-src': 'default-src',
  'connect-src': 'default-src',
  'img-src': 'default-src',
  'frame-src': 'child-src',
};

/** The directive of `policy` that decided `directive`: itself, or what it falls back to.
 * @param {string} directive
 * @param {string} policy */
function decidingDirective(directive, policy) {
  const named = new Set(policy.split(';').map((part) => part.trim().split(/\s+/)[0].toLowerCase()));
  for (let d = /** @type {string | undefined} */ (directive); d; d = FALLBACK[d]) if (named.has(d)) return d;
  return directive;
}

/**
 * The one-line error for a CSP violation the browser reported, or null when it reported none.
 * `what`: a blocked URL (one of the site's files), 'wasm-eval' (compiling WebAssembly) or 'blob'
 * (a Worker's script). Violation events are queued as tasks, so it first waits one task.
 * @param {string} what
 */
export async function policyBlock(what) {
  await new Promise((resolve) => setTimeout(resolve, 0));
  const seen = violations.findLast((v) => v.blocked === what || (what.includes('/') && v.blocked && what.startsWith(v.blocked)));
  return seen ? policyError(seen.directive, seen.policy, what) : null;
}

/**
 * The error for a violation of `directive` under `policy` by `what` (see policyBlock), naming
 * what to add where. Its message names the Content-Security-Policy, which is how a caller (the
 * <chessboard-puzzle> element) tells a policy's refusal from a broken site.
 * @param {string} directive
 * @param {string} policy
 * @param {string} what
 */
export function policyError(directive, policy, what) {
  const deciding = decidingDirective(directive, policy);
  const site = new URL('../', import.meta.url).origin;
  let text;
  if (what === 'wasm-eval') text = `blocks WebAssembly: add 'wasm-unsafe-eval' to ${deciding}`;
  // blob: in worker-src, never in script-src (where it would let any blob run as a script).
  else if (what === 'blob') text = "blocks the puzzle's Web Worker: add blob: to worker-src";
  else text = `blocks ${new URL(what, location.href).pathname.split('/').pop()} from ${site}: add ${site} to ${deciding}`;
  const directiveToAdd = what === 'blob' ? 'worker-src' : deciding;
  return Object.assign(new Error(`this page's Content-Security-Policy ${text}`), { name: 'PolicyError', directive: directiveToAdd });
}
