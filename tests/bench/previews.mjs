// Makes the link-preview images www/img/preview-*.png (1200×630, the og:image of each page):
// each puzzle's board is drawn by the page's own view (a fixed share link, light theme) and
// photographed, then set beside the page's title. The images are committed; run again after
// a change to how a board looks:
//
//   cargo xtask serve --port 8110 &
//   BASE_URL=http://127.0.0.1:8110 CHROMIUM=/usr/bin/chromium node tests/bench/previews.mjs
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8000';
const OUT = fileURLToPath(new URL('../../www/img/', import.meta.url));

/** What each preview shows: the page (and state) to draw, the element to photograph, the words. */
const PREVIEWS = {
  devil: { path: 'devil.html?embed=1#devil/v1/RAAAE2t4', board: '#board', title: "The Devil's chessboard", text: 'One flip tells the key square. Watch the XOR strategy, or play either prisoner.' },
  'devil-lab': { path: 'devil-lab.html', board: '#cube svg', prepare: showCube, title: 'Strategy lab', text: "Every strategy for the Devil's chessboard, verified, counted and searched." },
  codes: { path: 'codes.html', board: '#regions', title: 'Codes lab', text: 'Hamming codes and perfect codes, drawn like the chessboard.' },
  lights: { path: 'lights.html?embed=1#lights/v2/AEAEAAAAAAFjYAAB9hcNAA', board: '#board', title: 'Lights Out', text: 'Any size, any rule, solved exactly.' },
  table: { path: 'table.html?embed=1#table/v1/DCgAAAAAAAAAAAYRzTsN6dD4AJI', board: '#table', title: "The Devil's rotating table", text: 'Blindfolded, flip coins while the devil turns the table.' },
  chess: { path: 'chess.html?embed=1#chess/v1/TqhRHOAiZA_B76_cWbhRIV7mLEA', board: '#board', title: 'Chess codes', text: 'A chess position or a whole game in the fewest bits.' },
};

/** The strategy lab draws its hypercube for 4 squares. */
async function showCube(page) {
  await page.selectOption('#squares', '4');
  await page.click('#verify').catch(() => {});
  await page.waitForSelector('#cube svg');
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
const context = await browser.newContext({ viewport: { width: 900, height: 900 }, colorScheme: 'light', reducedMotion: 'reduce', deviceScaleFactor: 1 });

/** The board of one page, as a PNG. */
async function photograph({ path, board, prepare }) {
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/${path}`);
  await page.waitForSelector('body[data-ready=true]');
  if (prepare) await prepare(page);
  await page.waitForTimeout(300);
  const shot = await page.locator(board).last().screenshot();
  await page.close();
  return shot;
}

/** Title and words on the left, the boards on the right, 1200×630. */
function card(title, text, images) {
  const imgs = images.map((png) => `<img src="data:image/png;base64,${png.toString('base64')}">`).join('');
  return `<!doctype html><html><head><style>
  body { margin: 0; width: 1200px; height: 630px; display: flex; align-items: center; gap: 48px; padding: 0 56px; box-sizing: border-box;
         background: #f6f4ef; font-family: system-ui, sans-serif; color: #1f2328; }
  .words { flex: 1; }
  .site { font-size: 28px; font-weight: 600; color: #8a3ffc; margin: 0 0 12px; }
  h1 { font-size: 60px; line-height: 1.08; margin: 0 0 20px; }
  p.text { font-size: 30px; line-height: 1.3; color: #444c56; margin: 0; }
  .boards { display: grid; grid-template-columns: repeat(${images.length > 1 ? 2 : 1}, auto); gap: 16px; }
  .boards img { display: block; width: ${images.length > 1 ? 250 : 520}px; height: ${images.length > 1 ? 250 : 520}px; object-fit: contain; }
</style></head><body><div class="words"><p class="site">Chessboard Puzzles</p><h1>${title}</h1><p class="text">${text}</p></div>
<div class="boards">${imgs}</div></body></html>`;
}

async function render(name, html) {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  await page.setContent(html);
  await page.screenshot({ path: `${OUT}preview-${name}.png` });
  await page.close();
  console.log(`www/img/preview-${name}.png`);
}

const boards = {};
for (const [name, p] of Object.entries(PREVIEWS)) {
  boards[name] = await photograph(p);
  await render(name, card(p.title, p.text, [boards[name]]));
}
await render('index', card('Boards to think with', 'Coins, lights and chess positions: solvers, verifiers and strategies in the browser.', [boards.devil, boards.lights, boards.table, boards.chess]));
await browser.close();
