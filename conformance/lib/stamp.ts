/**
 * The regenerate pipeline's last step over every vector file the oracles wrote: facts that are a
 * pure function of what the oracle emitted, added in one place so that no oracle repeats them.
 *
 * - `schema` names the current format's schema file;
 * - `error.family` is `FAMILY_OF_CODE[error.code]` (conformance/lib/format.ts);
 * - `error.offset` is kept only where it means what vectors/README.md "error.offset" defines
 *   (a position in the test's own bytes); see {@link keepOffset}.
 *
 * Stamping is idempotent: stamping a stamped file changes nothing.
 *
 * @module
 */

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { familyOf, FILE_SCHEMA } from "./format.ts";
import { listVectorFiles, vectorsDir } from "./files.ts";
import type { VectorError, VectorFile, VectorTest } from "./types.ts";

/** Byte length of a test's input (hex or `.bin`), or undefined for encode-only tests. */
function inputLength(t: VectorTest): number | undefined {
  if (t.hex !== undefined) return t.hex.length / 2;
  return t.file?.length;
}

/**
 * Whether the reference's offset is a position in the test's bytes.
 *
 * The Iggy crate reports an offset relative to the slice its innermost decoder was handed
 * (e.g. the second identifier of a request sees a slice starting after the first). For a
 * truncation its own rejection says `need N bytes, have H`: when offset + H equals the input
 * length, that slice is the whole input and the offset is absolute; otherwise nothing in the
 * rejection places it, and it is dropped. Invalid-UTF-8 and unknown-discriminant rejections
 * carry no such count, so their offsets are always dropped. Kafka's reader reports no offsets.
 */
export function keepOffset(t: VectorTest, e: VectorError): boolean {
  if (e.offset === undefined) return false;
  if (familyOf(e.code) !== "truncated") return false;
  const have = /\bhave (\d+)\b/.exec(e.detail ?? "");
  const n = inputLength(t);
  return have !== null && n !== undefined && e.offset + Number(have[1]) === n;
}

/** Stamps one parsed file in place. */
export function stampFile(file: VectorFile): VectorFile {
  file.schema = FILE_SCHEMA as VectorFile["schema"];
  for (const g of file.testGroups) {
    for (const t of g.tests) {
      if (!t.error) continue;
      const { code, family: _family, offset, ...rest } = t.error;
      const family = familyOf(code);
      if (!family) throw new Error(`${file.message} ${t.name}: error code ${code} has no family`);
      const e: VectorError = { code, family };
      if (keepOffset(t, t.error)) e.offset = offset;
      t.error = { ...e, ...rest };
    }
  }
  return file;
}

/** Stamps every vector file under `dir`; returns how many files changed. */
export function stampAll(dir = vectorsDir()): number {
  let changed = 0;
  for (const path of listVectorFiles(dir)) {
    const full = join(dir, path);
    const text = readFileSync(full, "utf8");
    const out = JSON.stringify(stampFile(JSON.parse(text) as VectorFile), null, 2) + "\n";
    if (out !== text) {
      writeFileSync(full, out);
      changed++;
    }
  }
  return changed;
}
