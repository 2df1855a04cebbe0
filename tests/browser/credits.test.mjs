// Credits and a way back: every page names and links its sources in a "Sources and credits"
// block written in its HTML (not drawn by script) below the puzzle; the About page lists every
// crate of Cargo.toml's [dependencies] and every npm package of tests/package.json, with the
// licence the package itself declares (read here from its own manifest); the skip link moves
// the keyboard focus to the board without touching the share link in the address bar; the
// focused cell's ring is drawn whole (its pixels are read from a screenshot); axe-core finds
// no violation on the About page.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { launch, open, ready, screenshot, BASE_URL } from './harness.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** What each page's credits must name, and the links they must carry. */
const CREDITS = {
  'index.html': {
    names: ['3Blue1Brown', 'Matt Parker', 'Hamrick', 'Dugu', 'Scherphuis', 'Norvig', 'Bar-Yehuda', 'Tromp', 'lichess', 'cozy-chess', 'Tatham'],
    links: ['https://www.youtube.com/watch?v=wTJI_WuZSwE', 'https://www.youtube.com/watch?v=as7Gkm7Y7h4', 'https://github.com/norvig/pytudes', 'https://www.jaapsch.net/puzzles/lights.htm'],
  },
  'devil.html': {
    names: ['3Blue1Brown', 'The impossible chessboard puzzle', 'Matt Parker', 'The almost impossible chessboard puzzle', 'Brian Hamrick', 'Impossible Escape', 'Tatham'],
    links: ['https://www.youtube.com/watch?v=wTJI_WuZSwE', 'https://www.youtube.com/watch?v=as7Gkm7Y7h4', 'https://github.com/danielmast/impossible_escape', 'https://www.chiark.greenend.org.uk/~sgtatham/puzzles/'],
  },
  'devil-lab.html': {
    names: ['Brian Hamrick', "Vasil'ev", 'Kschischang', 'Pau Cantos Coll', '3Blue1Brown', 'Impossible Escape'],
    links: ['https://www.youtube.com/watch?v=wTJI_WuZSwE', 'https://github.com/danielmast/impossible_escape'],
  },
  'codes.html': {
    names: ['Brian Hamrick', "Vasil'ev", '3Blue1Brown'],
    links: ['https://www.youtube.com/watch?v=wTJI_WuZSwE'],
  },
  'lights.html': {
    names: ['Dugu Chessboard', 'Eastern Story II', 'Jaap Scherphuis', 'Tatham'],
    links: ['https://www.jaapsch.net/puzzles/lights.htm', 'https://www.chiark.greenend.org.uk/~sgtatham/puzzles/'],
  },
  'lights-games.html': {
    names: ['Tiger Electronics', 'Jaap Scherphuis', 'LightsOutWeb', 'Tatham'],
    links: ['https://www.jaapsch.net/puzzles/lights.htm', 'https://github.com/Sixshaman/LightsOutWeb', 'https://www.chiark.greenend.org.uk/~sgtatham/puzzles/'],
  },
  'table.html': {
    names: ['Peter Norvig', 'The Devil and the Coin Flip Game', 'John Lamping', 'Bar-Yehuda', 'Etzion', 'Moran', 'Rotating-table games and derivatives of words', 'Theoretical Computer Science'],
    links: ['https://github.com/norvig/pytudes', 'https://www.chiark.greenend.org.uk/~sgtatham/puzzles/'],
  },
  'chess.html': {
    names: ['cletus', 'Huffman', 'John Tromp', 'lichess', 'cozy-chess'],
    links: ['https://github.com/tromp/ChessPositionRanking', 'https://lichess.org', 'https://database.lichess.org/', 'https://crates.io/crates/cozy-chess'],
  },
};

/** Where each puzzle page's skip link must put the focus (a selector), and what it says. */
const SKIP = {
  'devil.html': ['#board .cell[tabindex="0"]', 'Skip to the board'],
  'lights.html': ['#board .cell[tabindex="0"]', 'Skip to the board'],
  'lights-games.html': ['#board button[tabindex="0"]', 'Skip to the board'],
  'table.html': ['#positions [tabindex="0"]', 'Skip to the board'],
  'chess.html': ['#board .cell[tabindex="0"]', 'Skip to the board'],
  'devil-lab.html': ['main section.lab', 'Skip to the lab'],
  'codes.html': ['main section.lab', 'Skip to the lab'],
};

const browser = await launch();
after(() => browser.close());

/** The names of a TOML file's `[section]` keys (`name = …` lines up to the next header). */
function tomlKeys(text, section) {
  const start = text.indexOf(`\n[${section}]\n`);
  assert.ok(start >= 0, `no [${section}] in the file`);
  const body = text.slice(start + section.length + 4).split(/\n\[/)[0];
  return [...body.matchAll(/^([A-Za-z0-9_-]+)\s*=/gm)].map((m) => m[1]);
}

/** The licence a crate's own Cargo.toml declares (version from Cargo.lock), or null if its source is not on this machine. */
function crateLicence(name) {
  const lock = readFileSync(`${ROOT}Cargo.lock`, 'utf8');
  const versions = [...lock.matchAll(/\[\[package\]\]\nname = "([^"]+)"\nversion = "([^"]+)"/g)].filter((m) => m[1] === name).map((m) => m[2]);
  const registry = `${process.env.CARGO_HOME ?? `${homedir()}/.cargo`}/registry/src`;
  if (!existsSync(registry)) return null;
  for (const index of readdirSync(registry)) {
    for (const version of versions) {
      const manifest = `${registry}/${index}/${name}-${version}/Cargo.toml`;
      if (existsSync(manifest)) return readFileSync(manifest, 'utf8').match(/^license = "([^"]+)"/m)?.[1] ?? null;
    }
  }
  return null;
}

/** Licence expressions compared as sets of alternatives ("Apache-2.0 OR MIT" = "MIT OR Apache-2.0"). */
const alternatives = (licence) => licence.split(/\s+OR\s+|\//).map((s) => s.trim()).sort().join(' OR ');

for (const [path, { names, links }] of Object.entries(CREDITS)) {
  test(`${path} names and links its sources below the puzzle, in its HTML`, async () => {
    const { page, errors, context } = await open(browser, path);
    if (path !== 'index.html') await ready(page);
    // Written in the page's HTML, not drawn by script.
    const html = await (await page.request.get(`${BASE_URL}/${path}`)).text();
    const footerHtml = html.match(/<footer class="site-footer[^"]*">([\s\S]*?)<\/footer>/)?.[1];
    assert.ok(footerHtml, 'no <footer class="site-footer"> in the HTML');
    assert.match(footerHtml, /Sources and credits/);
    const footer = page.locator('footer.site-footer');
    const text = (await footer.innerText()).replace(/\s+/g, ' ');
    for (const name of names) {
      assert.ok(text.includes(name), `${path}'s credits do not name ${name}`);
      assert.ok(footerHtml.replace(/\s+/g, ' ').replace(/<[^>]+>/g, '').includes(name), `${name} is not in the HTML`);
    }
    const hrefs = await footer.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    for (const link of links) assert.ok(hrefs.includes(link), `${path}'s credits do not link ${link}`);
    for (const href of hrefs) assert.match(href, /^(https:\/\/|[a-z-]+\.html(#[a-z0-9-]+)?$)/, `odd link ${href}`);
    assert.ok(hrefs.includes('about.html'), `${path}'s credits do not link the About page`);
    // Below the puzzle: the footer starts where main ends.
    const [mainBottom, footerTop] = await page.evaluate(() => [
      document.querySelector('main').getBoundingClientRect().bottom,
      document.querySelector('footer.site-footer').getBoundingClientRect().top,
    ]);
    assert.ok(footerTop >= mainBottom - 0.5, `footer at ${footerTop}, main ends at ${mainBottom}`);
    // Every relative link of the page (credits, introduction) opens, and its #fragment is there.
    const relative = await page.evaluate(() =>
      [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')).filter((h) => !/^(https?:|#|mailto:)/.test(h)),
    );
    for (const href of new Set(relative)) {
      const [file, fragment] = href.split('#');
      const res = await page.request.get(`${BASE_URL}/${file}`);
      assert.equal(res.status(), 200, `${path} → ${href}`);
      // A fragment is an element's id, except on a puzzle page, where it is a share link.
      if (fragment && !fragment.includes('/')) assert.match(await res.text(), new RegExp(`id="${fragment}"`), `${href}: no #${fragment}`);
    }
    // In an embed frame the credits are not shown.
    await page.goto(`${BASE_URL}/${path}?embed=1`);
    assert.equal(await page.locator('footer.site-footer').isVisible(), false);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('lights.html says where "Dugu chessboard" comes from, linking the source', async () => {
  const { page, errors, context } = await open(browser, 'lights.html');
  const lead = page.locator('main .lead');
  assert.match(await lead.innerText(), /“Dugu chessboard” comes from .*Eastern Story II.*Dugu/s);
  assert.equal(await lead.locator('a').getAttribute('href'), 'about.html#dugu');
  await page.goto(`${BASE_URL}/about.html#dugu`);
  assert.match(await page.locator('#dugu').innerText(), /Dugu Chessboard/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('about.html lists every crate of Cargo.toml [dependencies] and every npm package of tests/package.json, with its own licence', async () => {
  const { page, errors, context } = await open(browser, 'about.html');
  const rows = await page.locator('table.licences tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({ names: [...tr.cells[0].querySelectorAll('a')].map((a) => a.textContent.trim()), licence: tr.cells[2].textContent.trim() })),
  );
  const licenceOf = (name) => rows.find((r) => r.names.includes(name))?.licence;
  const cargo = readFileSync(`${ROOT}Cargo.toml`, 'utf8');
  const crates = tomlKeys(cargo, 'dependencies');
  assert.ok(crates.length >= 5 && crates.includes('cozy-chess'), crates.join(' '));
  let compared = 0;
  for (const name of [...crates, ...tomlKeys(cargo, 'dev-dependencies')]) {
    const listed = licenceOf(name);
    assert.ok(listed, `about.html does not list the crate ${name}`);
    const own = crateLicence(name);
    if (own) {
      // The row may name a second crate's licence after a ';' (flate2's backend).
      assert.equal(alternatives(listed.split(';')[0]), alternatives(own), `${name}: listed ${listed}, its Cargo.toml says ${own}`);
      compared += 1;
    }
  }
  console.log(`# crate licences compared with their own Cargo.toml: ${compared}`);
  const npm = JSON.parse(readFileSync(`${ROOT}tests/package.json`, 'utf8'));
  for (const name of [...Object.keys(npm.dependencies), ...Object.keys(npm.devDependencies)]) {
    const listed = licenceOf(name);
    assert.ok(listed, `about.html does not list the npm package ${name}`);
    const own = JSON.parse(readFileSync(`${ROOT}tests/node_modules/${name}/package.json`, 'utf8')).license;
    assert.equal(alternatives(listed), alternatives(own), `${name}: listed ${listed}, its package.json says ${own}`);
  }
  assert.equal(licenceOf('axe-core'), 'MPL-2.0');
  // Every work the pages credit is on the About page too.
  const aboutLinks = new Set(await page.locator('main a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))));
  for (const { links } of Object.values(CREDITS)) for (const link of links) assert.ok(aboutLinks.has(link), `about.html does not link ${link}`);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const scheme of ['light', 'dark']) {
  test(`about.html in the ${scheme} theme has no axe violation; screenshots at 1280 and 360 px`, async () => {
    const { page, errors, context } = await open(browser, 'about.html');
    await page.emulateMedia({ colorScheme: scheme });
    await page.addScriptTag({ path: AXE });
    const violations = await page.evaluate(async () => {
      const result = await window.axe.run(document, { resultTypes: ['violations'] });
      return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => JSON.stringify(n.target)).slice(0, 3).join(' ')}`);
    });
    assert.deepEqual(violations, []);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `about.html is ${overflow} px wider than a ${width} px window`);
      await screenshot(page, `credits-about-${width}-${scheme}`);
    }
    // One puzzle page's credits at the same sizes.
    await page.goto(`${BASE_URL}/devil.html`);
    await ready(page);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.locator('footer.site-footer').scrollIntoViewIfNeeded();
      await screenshot(page, `credits-devil-${width}-${scheme}`, { fullPage: false });
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

/**
 * Around the cell `selector`, side by side: the pixels of the accent colour in the 5 px strip
 * just outside the cell (the focus ring: 3 px of it along the side), and the pixels of the key's
 * red in the 4 px strip just inside (the key square's mark).
 */
async function ringPixels(page, selector) {
  const box = await page.locator(selector).boundingBox();
  const m = 5;
  const i = 4;
  const strips = {
    top: [{ x: box.x, y: box.y - m, width: box.width, height: m }, { x: box.x, y: box.y, width: box.width, height: i }, box.width],
    bottom: [{ x: box.x, y: box.y + box.height, width: box.width, height: m }, { x: box.x, y: box.y + box.height - i, width: box.width, height: i }, box.width],
    left: [{ x: box.x - m, y: box.y, width: m, height: box.height }, { x: box.x, y: box.y, width: i, height: box.height }, box.height],
    right: [{ x: box.x + box.width, y: box.y, width: m, height: box.height }, { x: box.x + box.width - i, y: box.y, width: i, height: box.height }, box.height],
  };
  const result = {};
  for (const [where, [outside, inside, length]] of Object.entries(strips)) {
    result[where] = {
      length: Math.round(length),
      ring: await colourPixels(page, await page.screenshot({ clip: outside }), [0x8a, 0x3f, 0xfc]),
      key: await colourPixels(page, await page.screenshot({ clip: inside }), [0xd6, 0x2d, 0x20]),
    };
  }
  return result;
}

/** How many pixels of a PNG are of the colour `rgb` (within a small tolerance). */
async function colourPixels(page, png, rgb) {
  return page.evaluate(async ([b64, [r, g, b]]) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const context2d = canvas.getContext('2d');
    context2d.drawImage(img, 0, 0);
    const { data } = context2d.getImageData(0, 0, img.width, img.height);
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (Math.abs(data[i] - r) < 24 && Math.abs(data[i + 1] - g) < 24 && Math.abs(data[i + 2] - b) < 24) n += 1;
    }
    return n;
  }, [png.toString('base64'), rgb]);
}

for (const [path, [target, label]] of Object.entries(SKIP)) {
  test(`${path}: the first Tab shows "${label}", and Enter moves the focus there without changing the link`, async () => {
    const { page, errors, context } = await open(browser, path);
    await ready(page);
    const hash = await page.evaluate(() => location.hash);
    await page.keyboard.press('Tab');
    const skip = await page.evaluate(() => {
      const a = document.activeElement;
      const r = a.getBoundingClientRect();
      return { text: a.textContent, cls: a.className, top: r.top, bottom: r.bottom, width: r.width };
    });
    assert.equal(skip.text, label);
    assert.match(skip.cls, /skip-link/);
    assert.ok(skip.top >= 0 && skip.bottom <= 900 && skip.width > 0, `the focused skip link is off screen: ${JSON.stringify(skip)}`);
    await page.keyboard.press('Enter');
    assert.ok(await page.evaluate((sel) => document.activeElement === document.querySelector(sel), target), `the focus is not on ${target}`);
    assert.equal(await page.evaluate(() => location.hash), hash);
    if (target.includes('.cell')) {
      // The focus ring (3 px of the accent colour, 1 px outside the cell) is drawn whole: a
      // screenshot of the cell with a margin holds the ring's pixels on all four sides.
      await page.locator(target).scrollIntoViewIfNeeded();
      const box = await page.locator(target).boundingBox();
      await screenshot(page, `credits-focus-${path.replace('.html', '')}`, { clip: { x: Math.max(0, box.x - 40), y: Math.max(0, box.y - 40), width: 200, height: 200 } });
      for (const [where, n] of Object.entries(await ringPixels(page, target))) {
        assert.ok(n.ring >= n.length * 2, `the ring's ${where} side: ${JSON.stringify(n)}`);
      }
    }
    if (path === 'devil.html') {
      // The key square keeps its red mark when focused, and still shows the ring around it.
      const [key, cols] = await page.evaluate(() => {
        const cells = [...document.querySelectorAll('#board .cell')];
        return [cells.findIndex((c) => c.classList.contains('key')), Math.round(Math.sqrt(cells.length))];
      });
      assert.ok(key >= 0, 'no key square on the board');
      for (let i = 0; i < key % cols; i++) await page.keyboard.press('ArrowRight');
      for (let i = 0; i < Math.floor(key / cols); i++) await page.keyboard.press('ArrowDown');
      const focused = '#board .cell.key';
      assert.ok(await page.evaluate((sel) => document.activeElement === document.querySelector(sel), focused), 'the focus is not on the key square');
      const sides = await ringPixels(page, focused);
      for (const [where, n] of Object.entries(sides)) {
        // Inside the screen: a side on the screen's edge cannot be drawn (not the case on this page).
        assert.ok(n.ring >= n.length * 2, `the key square's ring, ${where} side: ${JSON.stringify(n)}`);
        assert.ok(n.key >= n.length * 2, `the key square's own mark, ${where} side: ${JSON.stringify(n)}`);
      }
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}
