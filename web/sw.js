// dayseed service worker: the page, its modules and the wasm engine are kept in a cache, so a
// reload without a network still plays (boards are generated on the device). Network first, so a
// new build is picked up when online; the cache answers when the network does not. API calls
// (scores, leaderboards, saves) are never cached.

const CACHE = 'dayseed-v1';
const SHELL = [
  './', 'index.html', 'style.css', 'app.js', 'session.js', 'dayseed.js', 'manifest.webmanifest',
  'icon.svg', 'file-note.js', 'pkg/dayseed.wasm',
];

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // One missing file (e.g. no wasm build yet) must not stop the rest from being cached.
    await Promise.all(SHELL.map((path) => cache.add(path).catch(() => {})));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

// The page sends the files it has loaded (modules imported before this worker took control).
self.addEventListener('message', (event) => {
  const urls = Array.isArray(event.data?.cache) ? event.data.cache : [];
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(urls
      .filter((url) => typeof url === 'string' && new URL(url).origin === self.location.origin)
      .map((url) => cache.add(url).catch(() => {})));
    event.ports[0]?.postMessage({ cached: urls.length });
  })());
});

const isApi = (url) => url.pathname.includes('/api/');

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || isApi(url)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    } catch (e) {
      const hit = await cache.match(request, { ignoreSearch: true })
        ?? (request.mode === 'navigate' ? await cache.match('./') : undefined);
      if (hit) return hit;
      throw e;
    }
  })());
});
