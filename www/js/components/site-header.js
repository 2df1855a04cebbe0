// The site header: the brand and one link per page, the current one marked.

/** The site's pages, in the order of the header's navigation. */
export const PAGES = [
  ['index.html', 'Home'],
  ['devil.html', "Devil's chessboard"],
  ['devil-lab.html', 'Strategy lab'],
  ['codes.html', 'Codes lab'],
  ['lights.html', 'Lights Out'],
  ['table.html', 'Rotating table'],
  ['chess.html', 'Chess codes'],
];

/** Fills `header` with the brand and the navigation, marking the page at `here`. */
export function drawSiteHeader(header, here) {
  const links = PAGES.map(([href, name]) => {
    const current = href === here ? ' aria-current="page"' : '';
    return `<a href="${href}"${current}>${name}</a>`;
  }).join('');
  header.innerHTML = `<a class="brand" href="index.html">Chessboard Puzzles</a><nav aria-label="Puzzles">${links}</nav>`;
}
