// The page's Python arrives as gzipped tars (tools/build_site.py writes them and the list
// below). Unpacking them here, in JavaScript, instead of through PyScript's `files` saves a
// first visit about 0.13 s: Pyodide's unpacker first imports shutil and tarfile, and the
// download waited for Pyodide. Here the download starts with the page and runs beside
// Pyodide's own, and writing the files takes a few milliseconds.

// Written by tools/build_site.py: {url (relative to this module), folder to unpack into},
// and for a game's own package also {package, game (its id), modules}. Those come only when
// asked for (see web/ui/gamefiles.py); the rest before Python starts.
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

// Fetch and ungzip one archive; resolves to the tar's bytes, or to the gzip's where the
// browser has no DecompressionStream (tarOf then ungzips it with Python's zlib).
export async function fetchArchive(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  if (!globalThis.DecompressionStream) return new Uint8Array(await response.arrayBuffer());
  const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const GUNZIP = `
import zlib
with open(PATH, "rb") as f:
    data = zlib.decompress(f.read(), 47)
with open(PATH + ".tar", "wb") as f:
    f.write(data)
`;

// The tar of what fetchArchive gave: itself, or its gzip undone in Pyodide (a gzip starts
// with 1f 8b; a tar starts with a file's name).
export function tarOf(pyodide, bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const path = "/tmp/hex-archive.gz";
  pyodide.FS.writeFile(path, bytes);
  pyodide.runPython(GUNZIP, { globals: pyodide.toPy({ PATH: path }) });
  const tar = pyodide.FS.readFile(path + ".tar");
  pyodide.FS.unlink(path);
  pyodide.FS.unlink(path + ".tar");
  return tar;
}

// Write an archive's files under `folder` in Pyodide's file system.
export function unpackInto(FS, tar, folder) {
  for (const [path, bytes] of tarMembers(tar)) {
    const target = `${folder.replace(/\/$/, "")}/${path}`;
    FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    FS.writeFile(target, bytes);
  }
}

// Start the downloads Python needs before it runs; `into(pyodide)` writes them once Pyodide
// is there, and gives Python the module `hex_archives` to fetch a game's package with.
export function startArchives(base) {
  const href = (entry) => new URL(entry.url, base).href;
  const first = ARCHIVES.filter((entry) => !entry.package);
  const later = ARCHIVES.filter((entry) => entry.package);
  const loads = first.map((entry) => [fetchArchive(href(entry)), entry.folder]);
  for (const [load] of loads) load.catch(() => undefined); // reported by into()
  const downloads = new Map();
  const arrived = new Map(); // entry -> its tar, once downloaded
  const download = (entry) => {
    if (!downloads.has(entry)) {
      const load = fetchArchive(href(entry));
      load.then((tar) => arrived.set(entry, tar), () => downloads.delete(entry)); // a later call tries again
      downloads.set(entry, load);
    }
    return downloads.get(entry);
  };
  return {
    // The ids of the games this build has.
    games: later.map((entry) => entry.game),
    // The address names a game: its files download beside Pyodide's.
    prefetch(game) {
      const entry = later.find((e) => e.game === game);
      if (entry) download(entry).catch(() => undefined);
    },
    async into(pyodide) {
      for (const [load, folder] of loads) unpackInto(pyodide.FS, tarOf(pyodide, await load), folder);
      // A game whose files came beside Pyodide's is put in place now: the page need not
      // wait a turn of the event loop for them before it draws the game.
      for (const [entry, tar] of arrived) unpackInto(pyodide.FS, tarOf(pyodide, tar), entry.folder);
      const waiting = later.filter((entry) => !arrived.has(entry));
      pyodide.registerJsModule("hex_archives", {
        later: JSON.stringify(waiting.map(({ package: name, modules }) => ({ package: name, modules }))),
        async fetch(name) {
          const entry = later.find((e) => e.package === name);
          if (!entry) throw new Error(`no archive holds ${name}`);
          unpackInto(pyodide.FS, tarOf(pyodide, await download(entry)), entry.folder);
        },
      });
    },
  };
}
