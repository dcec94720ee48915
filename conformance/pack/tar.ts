/**
 * A deterministic ustar writer: regular files only, sorted by the caller, every header with
 * mode 0644, uid/gid 0, a fixed mtime — so the same tree always packs to the same bytes.
 *
 * @module
 */

const BLOCK = 512;

function octal(n: number, width: number): string {
  return n.toString(8).padStart(width - 1, "0") + "\0";
}

/** Splits a path into ustar's `prefix` (≤155 bytes) and `name` (≤100 bytes) at a slash. */
function splitPath(path: string): [string, string] {
  if (path.length <= 100) return ["", path];
  for (let i = path.length - 101; i < path.length; i++) {
    if (i >= 0 && path[i] === "/" && i <= 155 && path.length - i - 1 <= 100) {
      return [path.slice(0, i), path.slice(i + 1)];
    }
  }
  throw new Error(`path too long for ustar: ${path}`);
}

function header(path: string, size: number, mtime: number): Uint8Array {
  const h = new Uint8Array(BLOCK);
  const enc = new TextEncoder();
  const put = (s: string, off: number) => h.set(enc.encode(s), off);
  const [prefix, name] = splitPath(path);
  put(name, 0);
  put(octal(0o644, 8), 100);
  put(octal(0, 8), 108);
  put(octal(0, 8), 116);
  put(octal(size, 12), 124);
  put(octal(mtime, 12), 136);
  put("        ", 148); // checksum field counts as spaces while summing
  put("0", 156);
  put("ustar\0", 257);
  put("00", 263);
  put(prefix, 345);
  let sum = 0;
  for (const b of h) sum += b;
  put(octal(sum, 7) + " ", 148);
  return h;
}

/** One file of the archive. */
export interface TarEntry {
  path: string;
  data: Uint8Array;
}

/** The uncompressed ustar archive of `entries`, in the given order. */
export function tar(entries: TarEntry[], mtime = 0): Uint8Array {
  let size = 2 * BLOCK;
  for (const e of entries) size += BLOCK + Math.ceil(e.data.length / BLOCK) * BLOCK;
  const out = new Uint8Array(size);
  let p = 0;
  for (const e of entries) {
    out.set(header(e.path, e.data.length, mtime), p);
    p += BLOCK;
    out.set(e.data, p);
    p += Math.ceil(e.data.length / BLOCK) * BLOCK;
  }
  return out;
}
