// Reading the start-up snapshot shipped with the site (tools/make_snapshot.mjs): ungzip it as
// it downloads, check size and digest (readSnapshot), then unpack it into the memory image
// Pyodide restores (unpackInto). web/start.mjs downloads it on the page, from the moment it
// starts, and hands the body over in chunks to a worker running this module, so that
// ungzipping 5 MB into 15 leaves the page's thread to the rest of the start; where no worker
// can run, start.mjs reads it itself.
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
export function checkHeaders(response, shipped) {
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  const length = response.headers.get("content-length");
  if (length !== null && response.headers.get("content-encoding") === null && Number(length) !== shipped.bytes) {
    throw new Error(`snapshot: ${length} bytes, not ${shipped.bytes}`);
  }
}

// `body` is the file's stream, `shipped` what the build wrote into start.mjs: address, size,
// SHA-256, unpacked sizes. Returns the packed image, checked, and how long each step took
// (ms), counted from `asked` (a Date.now(), which the page and its worker share).
export async function readSnapshot(body, shipped, asked = Date.now()) {
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

// As a worker: "running" once this module runs; then one message {shipped, asked}, the
// body's chunks ({chunk}, each transferred) and its end ({end: true}, or {failed: reason});
// one answer, {packed, steps} (the buffer transferred) or {refused: reason}.
if (typeof WorkerGlobalScope !== "undefined" && globalThis instanceof WorkerGlobalScope) {
  let feed;
  const body = new ReadableStream({ start(controller) { feed = controller; } });
  addEventListener("message", async ({ data: { shipped, asked } }) => {
    addEventListener("message", ({ data }) => {
      if (data.chunk) feed.enqueue(data.chunk);
      else if (data.end) feed.close();
      else feed.error(new Error(data.failed));
    });
    try {
      const { packed, steps } = await readSnapshot(body, shipped, asked);
      postMessage({ packed, steps }, [packed.buffer]);
    } catch (error) {
      postMessage({ refused: String(error?.message || error) });
    }
  }, { once: true });
  postMessage("running");
}
