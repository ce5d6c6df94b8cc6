// Service worker: precache the whole site at install, serve it cache-first, so after one
// visit the games load and play with no network. The list and version are written by
// tools/build_site.py; a new build has a new version and replaces the old cache.
const VERSION = "__BUILD_VERSION__";
const CACHE = `hex-table-${VERSION}`;
const FILES = ["__PRECACHE_FILES__"];

// The copy waits until the page says its player is idle (web/start.mjs), so 14 MB of
// caching does not compete with the first game; a page that never says so still gets it.
const PRECACHE_LATEST_MS = 60000;
let precacheNow;
const precacheAsked = new Promise((resolve) => { precacheNow = resolve; });

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    await Promise.race([precacheAsked, new Promise((resolve) => setTimeout(resolve, PRECACHE_LATEST_MS))]);
    // Revalidated, not taken from the HTTP cache as they are: a file cached heuristically
    // (no Cache-Control) could otherwise be the last build's, and mix two builds in one cache.
    await (await caches.open(CACHE)).addAll(FILES.map((file) => new Request(file, { cache: "no-cache" })));
  })());
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
  if (event.data === "precache") precacheNow();
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
