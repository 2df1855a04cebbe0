// Every relative link in README.md and docs/*.md leads somewhere: the file exists, and a
// `#fragment` names a heading of the target file (by GitHub's heading slugs). Links to other
// sites are not fetched. Needs no wasm build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DOCS = join(ROOT, 'docs');

/** @returns {string[]} README.md and every Markdown file under docs/, as absolute paths. */
function markdownFiles() {
  const files = [join(ROOT, 'README.md')];
  for (const name of readdirSync(DOCS).sort()) {
    if (name.endsWith('.md')) files.push(join(DOCS, name));
  }
  return files;
}

/**
 * The text of a Markdown file without fenced code blocks and inline code, where brackets are
 * not links.
 * @param {string} text
 * @returns {string}
 */
function withoutCode(text) {
  return withoutFences(text).replace(/`[^`\n]*`/g, '``');
}

/**
 * GitHub's anchor for a heading: lower case, punctuation and symbols dropped, spaces as
 * hyphens; a repeated heading gets -1, -2, ….
 * @param {string} text
 * @returns {Set<string>}
 */
function headingSlugs(text) {
  const slugs = new Set();
  const seen = new Map();
  for (const line of withoutFences(text).split('\n')) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = m[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    slugs.add(n === 0 ? base : `${base}-${n}`);
  }
  return slugs;
}

/**
 * The text with its fenced code blocks blanked, line breaks kept (so line numbers stay right).
 * @param {string} text
 * @returns {string}
 */
function withoutFences(text) {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ''));
}

/**
 * Every inline link and image target of a Markdown text, with its line number.
 * @param {string} text
 * @returns {{target: string, line: number}[]}
 */
function linkTargets(text) {
  const stripped = withoutCode(text);
  const out = [];
  const re = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
  for (const m of stripped.matchAll(re)) {
    const line = stripped.slice(0, m.index).split('\n').length;
    out.push({ target: m[1], line });
  }
  return out;
}

const files = markdownFiles();

test('docs/ holds the pages the README sends a reader to', () => {
  for (const page of ['devil', 'labs', 'lights', 'table', 'chess', 'architecture', 'share-links', 'embedding',
    'deploying', 'cli', 'testing', 'benchmarks']) {
    assert.ok(existsSync(join(DOCS, `${page}.md`)), `docs/${page}.md is missing`);
  }
});

test('the README stays a five-minute read (at most 300 lines)', () => {
  const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length;
  assert.ok(lines <= 300, `README.md has ${lines} lines`);
});

for (const file of files) {
  const name = relative(ROOT, file);
  test(`every relative link in ${name} resolves`, () => {
    const text = readFileSync(file, 'utf8');
    const targets = linkTargets(text);
    const broken = [];
    for (const { target, line } of targets) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:: another site
      const [pathPart, fragment] = target.split('#');
      const path = pathPart === '' ? file : resolve(dirname(file), decodeURIComponent(pathPart));
      if (!path.startsWith(ROOT)) {
        broken.push(`${name}:${line}: ${target} leaves the repository`);
        continue;
      }
      if (!existsSync(path)) {
        broken.push(`${name}:${line}: ${target}: no such file`);
        continue;
      }
      if (fragment !== undefined && path.endsWith('.md') && statSync(path).isFile()) {
        if (!headingSlugs(readFileSync(path, 'utf8')).has(fragment)) {
          broken.push(`${name}:${line}: ${target}: no heading #${fragment} in ${relative(ROOT, path)}`);
        }
      }
    }
    assert.deepEqual(broken, []);
  });
}

test('the slugs follow GitHub', () => {
  // GitHub's documented rule: lower case, punctuation dropped, spaces to hyphens, repeats numbered.
  const slugs = headingSlugs("# The Devil's chessboard\n## The first `compact` code of a kind\n## A\n## A\n");
  assert.deepEqual([...slugs], ['the-devils-chessboard', 'the-first-compact-code-of-a-kind', 'a', 'a-1']);
});
