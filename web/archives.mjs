// The page's Python arrives as gzipped tars (tools/build_site.py writes them and the list
// below). Unpacking them here, in JavaScript, instead of through PyScript's `files` saves a
// first visit about 0.13 s: Pyodide's unpacker first imports shutil and tarfile, and the
// download waited for Pyodide. Here the download starts with the page and runs beside
// Pyodide's own, and writing the files takes a few milliseconds.

// [url relative to this module, folder to unpack into]; written by tools/build_site.py.
export const ARCHIVES = [/* __ARCHIVES__ */];

const BLOCK = 512;
const text = new TextDecoder();

function field(header, start, length) {
  const bytes = header.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return text.decode(end < 0 ? bytes : bytes.subarray(0, end));
}

// The regular files of a ustar archive as [path, bytes]; anything else in it is refused.
export function* tarMembers(tar) {
  for (let at = 0; at + BLOCK <= tar.length; ) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) return; // the end-of-archive blocks
    const name = field(header, 0, 100);
    const prefix = field(header, 345, 155);
    const size = parseInt(field(header, 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(header[156] || 48);
    const path = prefix ? `${prefix}/${name}` : name;
    if (!Number.isSafeInteger(size) || size < 0 || at + BLOCK + size > tar.length) {
      throw new Error(`archive member ${path}: bad size`);
    }
    if (path.startsWith("/") || path.split("/").includes("..")) {
      throw new Error(`archive member ${path}: outside its folder`);
    }
    if (type === "0") yield [path, tar.subarray(at + BLOCK, at + BLOCK + size)];
    else if (type !== "5") throw new Error(`archive member ${path}: not a file`);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
}

// Fetch and ungzip one archive; resolves to the tar's bytes.
export async function fetchArchive(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// Write an archive's files under `folder` in Pyodide's file system.
export function unpackInto(FS, tar, folder) {
  for (const [path, bytes] of tarMembers(tar)) {
    const target = `${folder.replace(/\/$/, "")}/${path}`;
    FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    FS.writeFile(target, bytes);
  }
}

// Start every download now; `into(pyodide)` writes them all once Pyodide is there.
export function startArchives(base) {
  const loads = ARCHIVES.map(([url, folder]) => [fetchArchive(new URL(url, base)), folder]);
  for (const [load] of loads) load.catch(() => undefined); // reported by into()
  return {
    urls: ARCHIVES.map(([url, folder]) => [new URL(url, base).href, folder]),
    async into(pyodide) {
      for (const [load, folder] of loads) unpackInto(pyodide.FS, await load, folder);
    },
  };
}
