// What the <chessboard-puzzle> element reads of its link (www/js/embed-link.js) under Node: every
// puzzle of the registry by its link name and its aliases, a page link without a fragment, and
// one-line refusals of anything else; and a policy's WebAssembly refusal told from other errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseLink, isCspRefusal } from '../../www/js/embed-link.js';
import { puzzles } from '../../www/pkg/modules.js';

test('a share link, a bare fragment or a page link names its puzzle', () => {
  assert.ok(Object.keys(puzzles).length >= 4);
  for (const [name, p] of Object.entries(puzzles)) {
    for (const linkName of [name, ...p.aliases]) {
      const fragment = `#${linkName}/v1/AAAA`;
      assert.deepEqual(parseLink(`https://puzzles.example/${p.page}${fragment}`), { puzzle: name, fragment });
      assert.deepEqual(parseLink(`  ${fragment} `), { puzzle: name, fragment });
    }
    assert.deepEqual(parseLink(`https://puzzles.example/sub/${p.page}`), { puzzle: name, fragment: '' });
    assert.deepEqual(parseLink(`${p.page}#`), { puzzle: name, fragment: '' });
  }
  assert.deepEqual(parseLink('https://x.example/any.html#chess-game/v1/x'), { puzzle: 'chess', fragment: '#chess-game/v1/x' });
});

test('anything else is refused with one line', () => {
  /** @type {[string | null, RegExp][]} */
  const cases = [
    ['', /^no link: set link="…"/],
    [null, /^no link/],
    ['https://x.example/index.html', /is not a share link of a puzzle/],
    ['#nothing/v1/AAAA', /is not a share link of a puzzle/],
    ['http://[::1', /is not a link$/],
  ];
  for (const [link, reason] of cases) {
    assert.throws(() => parseLink(link), (err) => err instanceof Error && reason.test(err.message) && !err.message.includes('\n'));
  }
});

test('a WebAssembly refusal by the policy is told apart, through causes too', () => {
  assert.equal(isCspRefusal(new Error("WebAssembly.compile(): Refused to compile or instantiate WebAssembly module because 'unsafe-eval' is not an allowed source")), true);
  assert.equal(isCspRefusal({ name: 'EvalError', message: 'Content Security Policy of your site blocks' }), true);
  assert.equal(isCspRefusal(new Error('could not load', { cause: new Error('CSP: wasm-eval') })), true);
  assert.equal(isCspRefusal(new Error('HTTP 404')), false);
  assert.equal(isCspRefusal(null), false);
});
