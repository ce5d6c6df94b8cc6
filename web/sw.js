// Service worker: precache the whole site at install, serve it cache-first, so after one
// visit the games load and play with no network. The list and version are written by
// tools/build_site.py; a new build has a new version and replaces the old cache.
const VERSION = "__BUILD_VERSION__";
const CACHE = `hex-table-${VERSION}`;
const FILES = ["__PRECACHE_FILES__"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("hex-table-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Pages are looked up without their query string (?game=…), so every URL of a page works offline.
    const hit = await cache.match(event.request, { ignoreSearch: event.request.mode === "navigate" });
    if (hit) return hit;
    try {
      return await fetch(event.request);
    } catch (error) {
      if (event.request.mode === "navigate") return (await cache.match("./index.html")) || Response.error();
      throw error;
    }
  })());
});
