// Results as text and facts (www/js/components/result.js), on a stand-in element: an
// object with the two properties the module touches.
import test from 'node:test';
import assert from 'node:assert/strict';
import { showResult, clearFacts } from '../../www/js/components/result.js';

const element = () => /** @type {HTMLElement} */ (/** @type {unknown} */ ({ textContent: '', dataset: {} }));

test('a result shows its sentence and its facts, leaving out the missing ones', () => {
  const el = element();
  showResult(el, 'Valid.', { valid: true, squares: 16, boardsChecked: null, seed: undefined });
  assert.equal(el.textContent, 'Valid.');
  assert.deepEqual({ ...el.dataset }, { valid: 'true', squares: '16' });
});

test('the next result replaces every fact of the last, and clearing keeps foreign attributes', () => {
  const el = element();
  el.dataset.kind = 'verdict'; // set by someone else: not a fact of a result
  showResult(el, 'first', { valid: false, counterexample: '5' });
  showResult(el, 'second', { valid: true });
  assert.deepEqual({ ...el.dataset }, { kind: 'verdict', valid: 'true' });
  clearFacts(el);
  assert.deepEqual({ ...el.dataset }, { kind: 'verdict' });
  assert.equal(el.textContent, 'second');
});
