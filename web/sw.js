// Service worker: precache the whole site at install, serve it cache-first, so after one
// visit the games load and play with no network. The list and version are written by
// tools/build_site.py; a new build has a new version and replaces the old cache.
const VERSION = "__BUILD_VERSION__";
const CACHE = `hex-table-${VERSION}`; // web/start.mjs reads Python's standard library from it by this name
const FILES = ["__PRECACHE_FILES__"];

// The page registers this worker once it is idle (web/ui/shell.py, web/start.mjs), so 14 MB
// of caching does not compete with a game's moves, and the copy starts at once.
// Nothing here waits on a page's message: a browser may stop a worker and start it again at
// any moment (WebKit does, between pages), and a promise kept by one run of this script is
// lost to the next, which left an install waiting for ever. For the same reason the page asks
// on every visit ("fill") that the copy be made whole: a browser that dropped part of it, or
// stopped the worker midway, gets the missing files back while it is online.
async function fill() {
  const cache = await caches.open(CACHE);
  const held = new Set((await cache.keys()).map((request) => request.url));
  const missing = FILES.map((file) => new URL(file, location.href).href).filter((url) => !held.has(url));
  // Revalidated, not taken from the HTTP cache as they are: a file cached heuristically
  // (no Cache-Control) could otherwise be the last build's, and mix two builds in one cache.
  if (missing.length) await cache.addAll(missing.map((url) => new Request(url, { cache: "no-cache" })));
}

self.addEventListener("install", (event) => event.waitUntil(fill()));

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
  // A page may pass a port to hear how it went: the files this worker's copy holds after the
  // fill, or why the fill failed (e2e_engines/test_engines.py prints it when a copy is empty).
  if (event.data === "fill") {
    const port = event.ports[0];
    event.waitUntil(fill().then(
      async () => port?.postMessage({ held: (await (await caches.open(CACHE)).keys()).length }),
      (error) => port?.postMessage({ error: String(error) }))); // offline: next time
  }
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
