// The service worker of one `cargo xtask dist` build, written by xtask/src/dist.rs from
// xtask/src/sw.js (BUILD and FILES filled in). It precaches the build's pages, styles, scripts,
// images and content-hashed wasm modules in a cache named after the build, answers every request
// for them from that cache (so each page and the site's own embeds work offline after one visit)
// and, once it takes over, drops the caches of earlier builds of the same site. A newer build's
// worker waits until a reader accepts "a new version is ready — reload" (www/js/offline.js),
// which posts SKIP_WAITING.
const BUILD = '__BUILD__';
/** Every file of the build, relative to the worker (its scope). */
const FILES = __FILES__;
/** Caches are named per site (scope) and build, so two sites on one origin keep theirs. */
const SITE = `chessboard-puzzles ${new URL(self.registration.scope).pathname} `;
const CACHE = `${SITE}${BUILD}`;
/** A content-hashed name, as `cargo xtask dist` gives the wasm modules and their glue. */
const HASHED = /\.[0-9a-f]{8}\.(js|wasm)$/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(
        FILES.map(
          (file) =>
            // `reload`: the files of this build, not copies an HTTP cache kept from an earlier
            // one. A content-hashed file (`pkg/devil_bg.3f9a2c1e.wasm`) never changes, so the
            // copy the page has just downloaded (in the HTTP cache) is taken, not downloaded again.
            new Request(new URL(file, self.registration.scope), { cache: HASHED.test(file) ? 'default' : 'reload' }),
        ),
      ),
    ),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(SITE) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const navigate = request.mode === 'navigate';
      // A page's query (`?embed=1`) chooses how it draws, not which file it is.
      let hit = await cache.match(request, { ignoreSearch: navigate });
      if (!hit && navigate && new URL(request.url).pathname.endsWith('/')) {
        hit = await cache.match(new URL('index.html', request.url).href);
      }
      return hit ?? fetch(request);
    })(),
  );
});
