// Reading the start-up snapshot shipped with the site (tools/make_snapshot.mjs): ungzip it as
// it downloads, check size and digest (readSnapshot), then unpack it into the memory image
// Pyodide restores (unpackInto). web/start.mjs calls fetchSnapshot, which has a worker
// running this module download and read it, so that ungzipping 5 MB into 15 leaves the page's
// thread to the rest of the start; where no worker can run, the page reads it itself.
//
// Nothing is handed on before the digest has matched, and nothing longer or shorter than the
// build said is read.

// The stored form: pages of zeros and pages as Pyodide's WebAssembly starts with are left out;
// the latter (AS_BUILT) are listed, for the page to copy from the instance it makes.
const MAGIC = 0x32535848; // "HXS2"
const PAGE = 65536;
const AS_BUILT = 2;

// A body read whole into a buffer of exactly `size` bytes: anything longer or shorter is
// refused as soon as it shows (a header claiming 4 GB is never read).
async function readExactly(stream, size, what) {
  const out = new Uint8Array(size);
  let at = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (at + value.length > size) {
      reader.cancel().catch(() => undefined);
      throw new Error(`${what}: longer than ${size} bytes`);
    }
    out.set(value, at);
    at += value.length;
  }
  if (at !== size) throw new Error(`${what}: ${at} bytes, not ${size}`);
  return out;
}

export const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

// Refused before its body is read: an answer that is not the file, or says it has the wrong size.
function checkHeaders(response, shipped) {
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  const length = response.headers.get("content-length");
  if (length !== null && response.headers.get("content-encoding") === null && Number(length) !== shipped.bytes) {
    throw new Error(`snapshot: ${length} bytes, not ${shipped.bytes}`);
  }
}

// `body` is the file's stream, `shipped` what the build wrote into start.mjs: address, size,
// SHA-256, unpacked sizes. Returns the packed image, checked, and how long each step took
// (ms), counted from `asked` (a Date.now(), which the page and its worker share).
async function readSnapshot(body, shipped, asked = Date.now()) {
  const [kept, unzipped] = body.tee();
  // Damage that breaks the gzip stream is refused as soon as it shows, the rest by the digest.
  const [gz, packed] = await Promise.all([
    readExactly(kept, shipped.bytes, "snapshot"),
    readExactly(unzipped.pipeThrough(new DecompressionStream("gzip")), shipped.packed, "unpacked snapshot"),
  ]);
  const arrived = Date.now();
  if (hex(await crypto.subtle.digest("SHA-256", gz)) !== shipped.sha256) throw new Error("snapshot: digest mismatch");
  // For docs/startup-snapshot.md: the download (ungzipped as it came), the digest.
  return { packed, steps: { download: arrived - asked, digest: Date.now() - arrived } };
}

// The packed image into `raw` (Pyodide's, made as long as the build said), all but its
// AS_BUILT pages, which are copied from `asBuilt`: the start of the module's memory as it was
// right after instantiation, before anything ran (as long as SHIPPED.built says).
export function unpackInto(packed, raw, asBuilt) {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const [magic, length, page, pages, prefix] = [0, 4, 8, 12, 16].map((at) => view.getUint32(at, true));
  if (magic !== MAGIC || length !== raw.length || page !== PAGE || prefix >= length
      || pages !== Math.ceil((length - prefix) / page)) {
    throw new Error("snapshot: not this build's header");
  }
  raw.set(packed.subarray(20, 20 + prefix));
  const map = packed.subarray(20 + prefix, 20 + prefix + pages);
  let at = 20 + prefix + pages;
  for (let i = 0; i < pages; i++) {
    const size = Math.min(page, length - prefix - i * page);
    if (map[i] === AS_BUILT) {
      if (i * page + size > asBuilt.length) throw new Error("snapshot: a page past the module's own");
      raw.set(asBuilt.subarray(i * page, i * page + size), prefix + i * page);
    }
    if (map[i] !== 1) continue;
    raw.set(packed.subarray(at, at + size), prefix + i * page);
    at += size;
  }
  if (at !== packed.length) throw new Error("snapshot: length mismatch");
}

// On the page: the shipped snapshot (`shipped`, what the build wrote into start.mjs),
// downloaded, ungzipped and checked in a worker running this module where one can run,
// leaving the page's thread to the rest of the start; where none can, on this thread.
export async function fetchSnapshot(shipped) {
  const url = new URL(shipped.url, import.meta.url).href;
  const asked = Date.now();
  let answer;
  try {
    answer = await inWorker(url, shipped, asked);
  } catch (error) {
    if (!(error instanceof WorkerUnavailable)) throw error;
    answer = await readHere(url, shipped, asked);
  }
  performance.mark("hex:snapshot-read", { detail: answer.steps });
  return answer.packed;
}

// Where it is read, the download stops as soon as the snapshot is refused.
async function readHere(url, shipped, asked) {
  const abort = new AbortController();
  try {
    const response = await fetch(url, { signal: abort.signal });
    checkHeaders(response, shipped);
    return await readSnapshot(response.body, shipped, asked);
  } catch (refused) {
    abort.abort();
    throw refused;
  }
}

class WorkerUnavailable extends Error {}

// The worker's answer; a worker that cannot be made or cannot run its module (no module
// workers, a policy against them) means reading on this thread, a refused snapshot a normal
// start.
function inWorker(url, shipped, asked) {
  return new Promise((resolve, reject) => {
    let worker;
    try {
      worker = new Worker(import.meta.url, { type: "module" });
    } catch (error) {
      reject(new WorkerUnavailable(String(error)));
      return;
    }
    worker.addEventListener("message", ({ data }) => {
      worker.terminate();
      if (data.refused !== undefined) reject(new Error(data.refused));
      else resolve(data);
    });
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      worker.terminate();
      reject(new WorkerUnavailable(event.message || "the snapshot's worker did not run"));
    });
    worker.postMessage({ url, shipped, asked });
  });
}

// As a worker: one message, {url, shipped, asked}; one answer, {packed, steps} (the buffer
// transferred) or {refused: reason}.
if (typeof WorkerGlobalScope !== "undefined" && globalThis instanceof WorkerGlobalScope) {
  addEventListener("message", async ({ data: { url, shipped, asked } }) => {
    try {
      const { packed, steps } = await readHere(url, shipped, asked);
      postMessage({ packed, steps }, [packed.buffer]);
    } catch (error) {
      postMessage({ refused: String(error?.message || error) });
    }
  }, { once: true });
}
