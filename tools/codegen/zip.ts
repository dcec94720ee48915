/**
 * A minimal reader for the zip (jar) central directory: enough to list entries and inflate the
 * ones we ask for. Only stored (0) and deflate (8) entries are supported; zip64 is not needed for
 * the kafka-clients jars.
 *
 * @module
 */

import { inflateRawSync } from "node:zlib";

/** One file inside the archive. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

/** Lists every entry of the archive in central-directory order. */
export function listZip(zip: Uint8Array): ZipEntry[] {
  const dv = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  // The end-of-central-directory record sits in the last 64 KiB + 22 bytes (after an optional comment).
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65557); i--) {
    if (dv.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error("zip: end of central directory not found");
  const count = dv.getUint16(eocd + 10, true);
  let p = dv.getUint32(eocd + 16, true);
  const out: ZipEntry[] = [];
  const dec = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (dv.getUint32(p, true) !== 0x02014b50) throw new Error(`zip: bad central directory entry ${i}`);
    const method = dv.getUint16(p + 10, true);
    const compressedSize = dv.getUint32(p + 20, true);
    const size = dv.getUint32(p + 24, true);
    const nameLen = dv.getUint16(p + 28, true);
    const extraLen = dv.getUint16(p + 30, true);
    const commentLen = dv.getUint16(p + 32, true);
    const localHeaderOffset = dv.getUint32(p + 42, true);
    const name = dec.decode(zip.subarray(p + 46, p + 46 + nameLen));
    out.push({ name, method, compressedSize, size, localHeaderOffset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

/** The uncompressed bytes of `entry`. */
export function readZipEntry(zip: Uint8Array, entry: ZipEntry): Uint8Array {
  const dv = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const h = entry.localHeaderOffset;
  if (dv.getUint32(h, true) !== 0x04034b50) throw new Error(`zip: bad local header for ${entry.name}`);
  const start = h + 30 + dv.getUint16(h + 26, true) + dv.getUint16(h + 28, true);
  const raw = zip.subarray(start, start + entry.compressedSize);
  let data: Uint8Array;
  if (entry.method === 0) data = raw;
  else if (entry.method === 8) data = new Uint8Array(inflateRawSync(raw));
  else throw new Error(`zip: unsupported method ${entry.method} for ${entry.name}`);
  if (data.length !== entry.size) {
    throw new Error(`zip: ${entry.name} inflated to ${data.length}, expected ${entry.size}`);
  }
  return data;
}
