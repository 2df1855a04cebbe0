// The wasm face stays small: game puzzles go through one `GameSession` class (src/wasm/game.rs)
// and only true extras (labs, charts, chess codes, the Worker's board tools) are exported on
// their own. The count is read from the modules as built, so nothing the page can call is
// missed.
import test from 'node:test';
import assert from 'node:assert/strict';
import modules from '../../www/pkg/modules.js';
import { load } from './core.mjs';

test('every wasm module together exports at most 50 functions and classes', async () => {
  const names = new Set();
  for (const name of /** @type {import('../../www/js/app.js').ModuleName[]} */ (Object.keys(modules))) {
    const core = await load(name);
    for (const [key, value] of Object.entries(core)) {
      if (typeof value === 'function' && key !== 'default' && key !== 'initSync') names.add(key);
    }
  }
  console.log(`# ${names.size} exports: ${[...names].sort().join(' ')}`);
  assert.ok(names.has('GameSession'), 'the game puzzles share one session class');
  assert.ok(names.size <= 50, `${names.size} exports`);
});

test('every module with a game puzzle plays it through GameSession alone', async () => {
  for (const [name, puzzle, settings] of /** @type {Array<['devil' | 'table' | 'lights', string, object]>} */ ([
    ['devil', 'devil', { squares: 16 }],
    ['table', 'table', { coins: 4, sides: 2, devil: 'random', sighted: false, following: false }],
    ['lights', 'lights', { rows: 3, cols: 3, rule: 'plus', torus: false, states: 2 }],
  ])) {
    const core = await load(name);
    const session = core.GameSession.create(puzzle, settings, '1');
    const view = session.view();
    assert.equal(view.puzzle, puzzle, name);
    assert.match(view.link, new RegExp(`^${puzzle}/v\\d+/`), name);
    session.free();
  }
});
