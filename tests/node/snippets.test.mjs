// The Embed composer's snippets (www/js/components/snippets.js) under Node: the element names
// only what differs from its defaults, a link or title cannot break out of its attribute, and the
// frame's address carries the view always (a frame without one shows the whole page).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { embedAttributes, elementSnippet, frameSnippet, frameUrlWith } from '../../www/js/components/snippets.js';

test('the attributes leave out the defaults and keep the snippet order', () => {
  assert.deepEqual(embedAttributes({ view: 'compact' }), []);
  assert.deepEqual(embedAttributes({ view: 'board', mode: 'play_a', step: '', theme: 'dark', figure: true }), [
    ['view', 'board'],
    ['mode', 'play_a'],
    ['controls', 'none'],
    ['theme', 'dark'],
  ]);
  assert.deepEqual(embedAttributes({ step: '0' }), [['step', '0']], 'step 0 is a step');
});

test('a link or a title with quotes and angle brackets stays inside its attribute', () => {
  const hostile = 'https://x.test/devil.html#devil/v1/a"><script>alert(1)</script>&';
  const element = elementSnippet(hostile, [['theme', 'a"b']]);
  assert.equal((element.match(/<script/g) ?? []).length, 1, 'only embed.js is a script');
  assert.ok(element.includes('link="https://x.test/devil.html#devil/v1/a&quot;>&lt;script>alert(1)&lt;/script>&amp;"'));
  assert.ok(element.includes(' theme="a&quot;b"'));
  assert.match(element, /^<script type="module" src="[^"]*\/embed\.js"><\/script>\n<chessboard-puzzle link=/);
  const frame = frameSnippet('https://x.test/p.html?embed=1#a"b', 'T<"itle', 480);
  assert.equal(frame, '<iframe src="https://x.test/p.html?embed=1#a&quot;b" title="T&lt;&quot;itle" loading="lazy" style="display:block;width:100%;height:480px;border:0"></iframe>');
});

test('the frame address names its view always, and the other options once', () => {
  const url = new URL(frameUrlWith('https://x.test/devil.html?embed=1#devil/v1/abc', 'compact', [['view', 'board'], ['mode', 'play_b'], ['theme', 'light']]));
  assert.equal(url.searchParams.get('embed'), '1');
  assert.equal(url.searchParams.get('view'), 'compact', 'the view argument, not the attribute');
  assert.equal(url.searchParams.getAll('view').length, 1);
  assert.equal(url.searchParams.get('mode'), 'play_b');
  assert.equal(url.searchParams.get('theme'), 'light');
  assert.equal(url.hash, '#devil/v1/abc');
});
