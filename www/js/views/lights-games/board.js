// The real games' board: every light a <button> placed as the physical game places it — grids
// as grids, the Cube as a net of six 3×3 faces, the Orbix's dodecahedron as a ring diagram (top
// in the middle, the upper and lower rings of five around it, the bottom face outside), Merlin
// 3×3. The core (GameSession's view) gives the lights, labels and layout; this only draws.

/**
 * What the core draws of a game (src/wasm/lights_games.rs `Drawn`).
 * @typedef {import('../../types.js').LightsGamesDrawn} Drawn
 */

/** Where each light sits: grid lines (1-based row and column) or, for the Orbix, a point in
 * percent of a square. @param {Drawn} d @returns {{ row?: number, col?: number, x?: number, y?: number }[]} */
export function placesOf(d) {
  const n = d.lights.length;
  if (d.layout === 'cube') {
    // The net's reading order (src/lights/game/presets.rs): U's rows over columns 4–6, then
    // L F R B side by side for three rows, then D's rows.
    return Array.from({ length: n }, (_, i) => {
      if (i < 9) return { row: 1 + Math.floor(i / 3), col: 4 + (i % 3) };
      if (i < 45) return { row: 4 + Math.floor((i - 9) / 12), col: 1 + ((i - 9) % 12) };
      return { row: 7 + Math.floor((i - 45) / 3), col: 4 + ((i - 45) % 3) };
    });
  }
  if (d.layout === 'orbix') {
    const at = (/** @type {number} */ deg, /** @type {number} */ r) => ({
      x: 50 + r * Math.cos((deg * Math.PI) / 180),
      y: 50 + r * Math.sin((deg * Math.PI) / 180),
    });
    const places = [{ x: 50, y: 50 }];
    for (let i = 0; i < 5; i++) places.push(at(-90 + 72 * i, 21));
    // Lower face i touches upper faces i−1 and i: it sits between them, further out.
    for (let i = 0; i < 5; i++) places.push(at(-90 + 72 * i - 36, 38));
    places.push({ x: 90, y: 90 });
    return places;
  }
  return Array.from({ length: n }, (_, i) => ({ row: 1 + Math.floor(i / d.cols), col: 1 + (i % d.cols) }));
}

/** The key of a board's shape: its buttons are made again only when it changes. @param {Drawn} d */
function shapeKey(d) {
  return `${d.board}/${d.layout}/${d.rows}×${d.cols}/${d.k}/${d.lights.length}`;
}

/** The Orbix's faces that touch (top–upper, the rings, upper–lower), as lines behind the buttons. */
function orbixLines(/** @type {ReturnType<typeof placesOf>} */ places) {
  const pairs = [];
  for (let i = 0; i < 5; i++) {
    pairs.push([0, 1 + i], [1 + i, 1 + ((i + 1) % 5)], [6 + i, 6 + ((i + 1) % 5)], [1 + i, 6 + i], [1 + i, 6 + ((i + 1) % 5)]);
  }
  const NS = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('class', 'orbix-lines');
  svg.setAttribute('viewBox', '0 0 100 100');
  svg.setAttribute('aria-hidden', 'true');
  const circle = document.createElementNS(NS, 'circle');
  for (const [k, v] of [['cx', 50], ['cy', 50], ['r', 47]]) circle.setAttribute(String(k), String(v));
  svg.append(circle);
  for (const [a, b] of pairs) {
    const line = document.createElementNS(NS, 'line');
    line.setAttribute('x1', String(places[a].x));
    line.setAttribute('y1', String(places[a].y));
    line.setAttribute('x2', String(places[b].x));
    line.setAttribute('y2', String(places[b].y));
    svg.append(line);
  }
  return svg;
}

/**
 * Draws `d` into `el` (made again when the shape changed, else only the states updated).
 * `marks[i]` is how many presses of light i the press list still holds.
 * @param {HTMLElement} el
 * @param {Drawn} d
 * @param {{ marks?: number[], next?: number }} [options]
 */
export function drawBoard(el, d, { marks = [], next = -1 } = {}) {
  const key = shapeKey(d);
  if (el.dataset.shape !== key) {
    el.dataset.shape = key;
    el.dataset.layout = d.layout;
    el.dataset.board = d.board;
    const places = placesOf(d);
    const cols = d.layout === 'cube' ? 12 : d.cols;
    const rows = d.layout === 'cube' ? 9 : d.rows;
    el.style.setProperty('--cols', String(cols));
    el.style.setProperty('--rows', String(rows));
    el.classList.toggle('dense', d.lights.length > 144);
    // Every place is set through the CSSOM (el.style), never a `style` attribute in markup: a
    // host's strict Content-Security-Policy (style-src without 'unsafe-inline') drops those.
    const frag = document.createDocumentFragment();
    if (d.layout === 'orbix') frag.append(orbixLines(places));
    d.lights.forEach((_, i) => {
      const p = places[i];
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'light';
      b.dataset.index = String(i);
      b.dataset.label = d.labels[i];
      if (d.layout === 'cube') b.dataset.face = d.labels[i][0];
      if (d.layout === 'orbix') {
        b.style.setProperty('left', `${p.x}%`);
        b.style.setProperty('top', `${p.y}%`);
      } else {
        b.style.setProperty('grid-row', String(p.row));
        b.style.setProperty('grid-column', String(p.col));
      }
      b.tabIndex = i === 0 ? 0 : -1;
      frag.append(b);
    });
    el.replaceChildren(frag);
  }
  el.dataset.k = String(d.k);
  const showLabels = d.lights.length <= 64;
  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (el.querySelectorAll('button.light'))) {
    const i = Number(b.dataset.index);
    const v = d.lights[i];
    b.dataset.state = String(v);
    const name = d.states[v] ?? String(v);
    const planned = marks[i] ?? 0;
    b.setAttribute('aria-label', `${d.labels[i]}: ${name}${planned ? `, press ${planned === 1 ? 'once' : `${planned} times`}` : ''}`);
    const text = d.k > 2 && d.board === 'grid' ? String(v) : showLabels ? d.labels[i] : '';
    if (b.textContent !== text) b.textContent = text;
    if (planned) b.dataset.planned = String(planned);
    else delete b.dataset.planned;
    b.classList.toggle('next', i === next);
  }
}

/** The button of light `i`. @param {HTMLElement} el @param {number} i */
export function lightButton(el, i) {
  return /** @type {HTMLButtonElement | null} */ (el.querySelector(`button.light[data-index="${i}"]`));
}

/** Moves the keyboard focus (the one button with tabindex 0) to light `i`. @param {HTMLElement} el @param {number} i */
export function focusLight(el, i) {
  const b = lightButton(el, i);
  if (!b) return;
  for (const other of el.querySelectorAll('button.light[tabindex="0"]')) other.setAttribute('tabindex', '-1');
  b.tabIndex = 0;
  b.focus();
}

/** The light an arrow key moves to from `i` (grids and the Cube's net by place, else by number),
 * or -1. @param {Drawn} d @param {number} i @param {string} key */
export function arrowTarget(d, i, key) {
  const n = d.lights.length;
  if (d.layout === 'orbix') {
    if (key === 'ArrowRight' || key === 'ArrowDown') return (i + 1) % n;
    if (key === 'ArrowLeft' || key === 'ArrowUp') return (i + n - 1) % n;
    return -1;
  }
  const places = placesOf(d);
  const [dr, dc] = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[key] ?? [0, 0];
  if (!dr && !dc) return -1;
  const want = { row: (places[i].row ?? 0) + dr, col: (places[i].col ?? 0) + dc };
  return places.findIndex((p) => p.row === want.row && p.col === want.col);
}
