// Link previews: every page's head has the Open Graph and Twitter card tags, and its preview
// image loads in the browser as a 1200×630 PNG (size read from the PNG header bytes too).
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open } from './harness.mjs';

const PAGES = ['index', 'about', 'devil', 'devil-lab', 'codes', 'lights', 'table', 'chess'];
/** The About page has no board to photograph: its preview is the home page's picture. */
const IMAGE = { about: 'index' };
const browser = await launch();
after(() => browser.close());

for (const name of PAGES) {
  test(`${name}.html has preview tags and its 1200×630 preview image loads`, async () => {
    const { page, errors, context } = await open(browser, `${name}.html`);
    const meta = await page.evaluate(() => {
      const read = (sel) => document.head.querySelector(sel)?.getAttribute('content') ?? '';
      return {
        title: read('meta[property="og:title"]'),
        description: read('meta[property="og:description"]'),
        image: read('meta[property="og:image"]'),
        card: read('meta[name="twitter:card"]'),
        twitterImage: read('meta[name="twitter:image"]'),
      };
    });
    assert.ok(meta.title.length > 0 && meta.description.length > 20, JSON.stringify(meta));
    assert.equal(meta.card, 'summary_large_image');
    assert.equal(meta.twitterImage, meta.image);
    const url = new URL(meta.image, page.url()).toString();
    assert.match(url, new RegExp(`/img/preview-${IMAGE[name] ?? name}\\.png$`));
    // In the browser: the image decodes, at its stated size.
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, url);
    assert.deepEqual(size, [1200, 630]);
    // Over HTTP: a PNG whose IHDR says 1200×630.
    const res = await page.request.get(url);
    assert.equal(res.status(), 200);
    const bytes = await res.body();
    assert.deepEqual([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join(''), 'PNG');
    assert.deepEqual([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], [1200, 630]);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
