// Reading the start-up snapshot shipped with the site (tools/make_snapshot.mjs): download,
// ungzip, check size and digest, unpack into the memory image Pyodide restores. web/start.mjs
// runs this in a worker of its own (this module, loaded with `type: "module"`), so that
// ungzipping 5 MB into 15 and unpacking 31 MB leave the page's thread to the rest of the
// start; where no worker can run, start.mjs calls `readSnapshot` itself.
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

// `shipped` is what the build wrote into start.mjs: address, size, SHA-256, unpacked sizes.
// Returns the image ({raw, prefix, initial}) and how long each step took (ms).
export async function readSnapshot(response, shipped, asked = performance.now()) {
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  const length = response.headers.get("content-length");
  if (length !== null && response.headers.get("content-encoding") === null && Number(length) !== shipped.bytes) {
    throw new Error(`snapshot: ${length} bytes, not ${shipped.bytes}`);
  }
  const [kept, unzipped] = response.body.tee();
  // Damage that breaks the gzip stream is refused as soon as it shows, the rest by the digest.
  const [gz, packed] = await Promise.all([
    readExactly(kept, shipped.bytes, "snapshot"),
    readExactly(unzipped.pipeThrough(new DecompressionStream("gzip")), shipped.packed, "unpacked snapshot"),
  ]);
  const arrived = performance.now();
  if (hex(await crypto.subtle.digest("SHA-256", gz)) !== shipped.sha256) throw new Error("snapshot: digest mismatch");
  const checked = performance.now();
  const image = unpack(packed, shipped.raw);
  // For docs/startup-snapshot.md: the download (ungzipped as it came), the digest, the unpacking.
  const steps = { download: arrived - asked, digest: checked - arrived, unpack: performance.now() - checked };
  return { image, steps };
}

// The memory image, all but its AS_BUILT pages, which `initial` lists.
function unpack(packed, rawSize) {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const [magic, length, page, pages, prefix] = [0, 4, 8, 12, 16].map((at) => view.getUint32(at, true));
  if (magic !== MAGIC || length !== rawSize || page !== PAGE || prefix >= length
      || pages !== Math.ceil((length - prefix) / page)) {
    throw new Error("snapshot: not this build's header");
  }
  const raw = new Uint8Array(length);
  raw.set(packed.subarray(20, 20 + prefix));
  const map = packed.subarray(20 + prefix, 20 + prefix + pages);
  const initial = [];
  let at = 20 + prefix + pages;
  for (let i = 0; i < pages; i++) {
    if (map[i] === AS_BUILT) initial.push(i);
    if (map[i] !== 1) continue;
    const size = Math.min(page, length - prefix - i * page);
    raw.set(packed.subarray(at, at + size), prefix + i * page);
    at += size;
  }
  if (at !== packed.length) throw new Error("snapshot: length mismatch");
  return { raw, prefix, initial };
}

// Right after instantiation, the module's memory is as built: the image's AS_BUILT pages are
// copied from it before Pyodide restores the image.
export function fillFromInstance(image, instance) {
  const { raw, prefix, initial } = image;
  const memory = new Uint8Array(instance.exports.memory.buffer);
  for (const i of initial) {
    const end = Math.min((i + 1) * PAGE, raw.length - prefix);
    raw.set(memory.subarray(i * PAGE, end), prefix + i * PAGE);
  }
}

// As a worker: one message, {url, shipped}; one answer, {image, steps} (the image's buffer
// transferred) or {refused: reason}.
if (typeof WorkerGlobalScope !== "undefined" && globalThis instanceof WorkerGlobalScope) {
  addEventListener("message", async ({ data: { url, shipped } }) => {
    const asked = performance.now();
    try {
      const { image, steps } = await readSnapshot(await fetch(url), shipped, asked);
      postMessage({ image, steps }, [image.raw.buffer]);
    } catch (error) {
      postMessage({ refused: String(error?.message || error) });
    }
  }, { once: true });
}
