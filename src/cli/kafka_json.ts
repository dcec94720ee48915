/**
 * A Kafka frame's header and body as JSON written straight from their bytes: the text
 * `--format json` shows for the decoded and projected ones (`kafka_wire.ts`, then `writeStruct`
 * in `format.ts`), without building the values. The walk follows their {@linkcode Plan}s
 * (fields present at the version, each with its wire layout), reads each field with the codec
 * runtime's readers, and writes its JSON as it goes; strings of well-formed UTF-8 that need no
 * escape are copied as bytes.
 *
 * It gives up (returns `undefined`) on anything it does not take for certain: a layout it does
 * not know, and anything the decoder would reject, which then goes the decoder's way and is
 * reported as such. Some bytes the decoder accepts are given up on too (a known tagged field
 * whose size is not the bytes its value took, a known tag seen twice): the decoder's reading
 * of those is not worth restating here.
 *
 * Tagged fields are on the wire at the end of their struct, but in the JSON at their place in
 * the field order: the struct's other fields are written first, noting where each tagged one
 * goes, then the tagged section, and the tagged values are spliced into their places.
 *
 * @module
 */

import {
  arrayCount,
  compactLength,
  DEFAULT_OPTIONS,
  rBytesN,
  rNullMarker,
  rStrN,
  rTagCount,
  rUnknownTag,
  stringLength,
} from "../kafka/_runtime.ts";
import type { StructMeta, TaggedField } from "../kafka/codec.ts";
import type { Reader } from "../wire/reader.ts";
import { utf8SequenceLength } from "../wire/utf8.ts";
import { JsonOut } from "./_json_out.ts";
import {
  type Plan,
  W_BOOL,
  W_BYTES,
  W_FLOAT64,
  W_INT16,
  W_INT16S,
  W_INT32,
  W_INT32S,
  W_INT64,
  W_INT64S,
  W_INT8,
  W_INT8S,
  W_STRING,
  W_STRINGS,
  W_STRUCT,
  W_STRUCTS,
  W_UINT16,
  W_UUID,
  W_UUIDS,
  wirePlan,
} from "./kafka_wire.ts";

/** Thrown to leave a frame to the decoder; caught in {@linkcode frameJson}. */
const GIVE_UP: unique symbol = Symbol("give up");

/**
 * Where the JSON is written: one buffer after another, each header's and body's text a view
 * into one. A buffer is never written over, so the views stay valid, and a new one is started
 * when little room is left in the last. (A new array per body, or a copy out of a scratch
 * buffer into one, cost as much as writing the text.)
 */
let slab: JsonOut | undefined;
const SLAB_BYTES = 1 << 18, SLAB_LOW = 1 << 15;

/** A frame's header and body as JSON, and the first non-zero `errorCode` in the body. */
export interface FrameJson {
  /** The header's JSON text, UTF-8. */
  header: Uint8Array;
  /** The body's JSON text, UTF-8. */
  body: Uint8Array;
  /** The first non-zero `errorCode` in the body, as {@linkcode firstWireError} finds it; 0 when none. */
  errorCode: number;
}

/**
 * The JSON of the header (`header` at `headerVersion`) and then the body (`body` at `version`)
 * that `r` holds from its position to its end, with byte fields cut after `maxBytes`;
 * `undefined` when the frame is left to the decoder (see the module doc). The header's strings
 * are compact when `compactHeader` says so. The reader's position is then anywhere.
 */
export function frameJson(
  header: StructMeta,
  headerVersion: number,
  compactHeader: boolean,
  body: StructMeta,
  version: number,
  r: Reader,
  maxBytes: number,
): FrameJson | undefined {
  let out = slab;
  if (out === undefined || out.buf.length - out.pos < SLAB_LOW) slab = out = new JsonOut(SLAB_BYTES);
  const start = out.pos;
  try {
    struct(out, wirePlan(header, headerVersion), r, maxBytes, compactHeader);
    const mid = out.pos;
    const plan = wirePlan(body, version);
    const errorCode = struct(out, plan, r, maxBytes, plan.flexible);
    if (r.pos === r.end) {
      return { header: out.buf.subarray(start, mid), body: out.buf.subarray(mid, out.pos), errorCode };
    }
  } catch {
    // GIVE_UP, or a reader's WireError: either way the decoder decides.
  }
  out.pos = start;
  return undefined;
}

function giveUp(): never {
  throw GIVE_UP;
}

/** Writes `,"name":` of field `i`, with its comma: the struct's first comma becomes its `{`. */
function key(out: JsonOut, plan: Plan, i: number): void {
  const k = plan.keys[i], n = k.length;
  out.room(n);
  const b = out.buf;
  let p = out.pos;
  for (let j = 0; j < n; j++) b[p++] = k[j];
  out.pos = p;
}

/**
 * Writes one struct, whose strings, bytes and arrays are `compact` (or classic); returns its
 * first non-zero `errorCode` (0 when none). Its fields are
 * written with a leading comma each, from `base`; at the end the first comma is turned into
 * the opening brace (or a brace is written when no field was).
 */
function struct(out: JsonOut, plan: Plan, r: Reader, maxBytes: number, compact: boolean): number {
  const base = out.pos;
  const { tags, errors } = plan;
  const n = tags.length;
  let own = 0, child = 0, childAt = n;
  let places: number[] | undefined;
  for (let i = 0; i < n; i++) {
    if (tags[i] >= 0) {
      (places ??= [])[i] = out.pos;
      continue;
    }
    key(out, plan, i);
    const e = value(out, plan, i, r, compact, false, maxBytes);
    if (i === plan.errorIndex) own = e;
    else if (e !== 0 && errors[i] && child === 0) {
      child = e;
      childAt = i;
    }
  }
  if (plan.flexible) {
    const mainEnd = out.pos;
    let chunks: number[] | undefined;
    let unknown: TaggedField[] | undefined;
    // The strict count rules, also where the decoder reads counts as kafka-clients 3.9 did
    // (`rTagCount`'s `legacy`): they reject more counts than those, never fewer.
    const count = rTagCount(r, DEFAULT_OPTIONS);
    for (let t = 0; t < count; t++) {
      const tag = r.uvarint();
      const size = r.uvarint() | 0;
      const i = places === undefined ? -1 : tags.indexOf(tag);
      if (i >= 0) {
        if (chunks !== undefined && chunks[2 * i] !== undefined) giveUp();
        const start = out.pos, at = r.pos;
        key(out, plan, i);
        // A tagged value is always compact, and is read as it is (a struct without a null marker).
        const e = value(out, plan, i, r, true, true, maxBytes);
        if (r.pos - at !== size) giveUp();
        (chunks ??= [])[2 * i] = start;
        chunks[2 * i + 1] = out.pos;
        if (i === plan.errorIndex) own = e;
        else if (e !== 0 && errors[i] && i < childAt) {
          child = e;
          childAt = i;
        }
      } else if (plan.otherTags.includes(tag)) giveUp();
      else unknown = rUnknownTag(r, tag, size, unknown);
    }
    if (chunks !== undefined) splice(out, base, mainEnd, places!, chunks);
    if (unknown !== undefined) unknownTags(out, unknown, maxBytes);
  }
  if (out.pos > base) out.buf[base] = 0x7b;
  else out.byte(0x7b);
  out.byte(0x7d);
  return own !== 0 ? own : child;
}

/**
 * Puts the tagged fields' text, written after the rest at `mainEnd` (`chunks[2i]` to
 * `chunks[2i + 1]` for field `i`), at their places in the field order (`places[i]`).
 */
function splice(out: JsonOut, base: number, mainEnd: number, places: number[], chunks: number[]): void {
  const all = out.buf.slice(base, out.pos);
  const b = out.buf;
  let p = base, from = base;
  for (let i = 0; i < places.length; i++) {
    const s = chunks[2 * i];
    if (s === undefined) continue;
    const at = places[i];
    b.set(all.subarray(from - base, at - base), p);
    p += at - from;
    from = at;
    b.set(all.subarray(s - base, chunks[2 * i + 1] - base), p);
    p += chunks[2 * i + 1] - s;
  }
  b.set(all.subarray(from - base, mainEnd - base), p);
  out.pos = p + mainEnd - from;
}

const UNKNOWN_KEY = /* @__PURE__ */ new TextEncoder().encode(',"_unknownTaggedFields":[');

/** `_unknownTaggedFields` as `writeJson` shows the decoder's list: `{"tag":…,"data":"hex"}` each. */
function unknownTags(out: JsonOut, list: TaggedField[], maxBytes: number): void {
  out.copy(UNKNOWN_KEY);
  for (let j = 0; j < list.length; j++) {
    out.ascii(j === 0 ? '{"tag":' : ',{"tag":');
    out.num(list[j].tag);
    out.ascii(',"data":');
    out.bytesHex(list[j].data, maxBytes);
    out.byte(0x7d);
  }
  out.byte(0x5d);
}

/**
 * Writes the value of field `i`; returns, for a struct or structs, their first non-zero
 * `errorCode`, for an int16 its value (so that `errorCode` itself is found), else 0.
 */
function value(
  out: JsonOut,
  plan: Plan,
  i: number,
  r: Reader,
  compact: boolean,
  tagged: boolean,
  maxBytes: number,
): number {
  const nullable = plan.nullable[i];
  switch (plan.wire[i]) {
    case W_INT8:
      out.num(r.i8());
      return 0;
    case W_INT16: {
      const x = r.i16be();
      out.num(x);
      return x;
    }
    case W_INT32:
      out.num(r.i32be());
      return 0;
    case W_UINT16:
      out.num(r.u16be());
      return 0;
    case W_INT64:
      int64(out, r);
      return 0;
    case W_FLOAT64:
      out.anyNum(r.f64be());
      return 0;
    case W_BOOL:
      out.bool(r.u8() !== 0);
      return 0;
    case W_STRING:
      string(out, r, compact, nullable, plan.names[i]);
      return 0;
    case W_BYTES: {
      const b = rBytesN(r, compact, nullable, plan.names[i]);
      if (b === null) out.null();
      else out.bytesHex(b, maxBytes);
      return 0;
    }
    case W_UUID:
      uuid(out, r);
      return 0;
    case W_STRUCT: {
      const sub = plan.structs[i]!;
      if (!nullable) return struct(out, sub, r, maxBytes, compact);
      // No schema has a nullable tagged struct; how one would be read is not settled here.
      if (tagged) giveUp();
      // Not through `rStructN` and a closure: V8 would allocate the closure's context on every
      // call of `value`, for every field of every message.
      if (rNullMarker(r)) {
        out.null();
        return 0;
      }
      return struct(out, sub, r, maxBytes, compact);
    }
    case W_STRUCTS: {
      const n = count(r, compact, nullable, plan.names[i]);
      if (n < 0) {
        out.null();
        return 0;
      }
      const sub = plan.structs[i]!;
      let first = 0;
      out.byte(0x5b);
      for (let j = 0; j < n; j++) {
        if (j) out.byte(0x2c);
        const e = struct(out, sub, r, maxBytes, compact);
        if (first === 0) first = e;
      }
      out.byte(0x5d);
      return first;
    }
    case W_INT8S:
    case W_INT16S:
    case W_INT32S:
    case W_INT64S:
    case W_UUIDS:
    case W_STRINGS:
      prims(out, plan, i, r, compact, nullable);
      return 0;
    default:
      return giveUp();
  }
}

/**
 * An array count as `rArrN` / `rPrims` read it (`arrayCount` checks it), or -1 for null; a null
 * where the field may not be null gives up.
 */
function count(r: Reader, compact: boolean, nullable: boolean, name: string): number {
  const at = r.pos;
  const n = compact ? compactLength(r) : r.i32be();
  if (n < 0) return nullable ? -1 : giveUp();
  return arrayCount(r, n, DEFAULT_OPTIONS, name, at);
}

/** An array of numbers, uuids or strings (`rPrims`' kinds), as `writeJson` shows their values. */
function prims(out: JsonOut, plan: Plan, i: number, r: Reader, compact: boolean, nullable: boolean): void {
  const name = plan.names[i];
  const n = count(r, compact, nullable, name);
  if (n < 0) return out.null();
  const kind = plan.wire[i];
  out.byte(0x5b);
  for (let j = 0; j < n; j++) {
    if (j) out.byte(0x2c);
    switch (kind) {
      case W_INT8S:
        out.num(r.i8());
        break;
      case W_INT16S:
        out.num(r.i16be());
        break;
      case W_INT32S:
        out.num(r.i32be());
        break;
      case W_INT64S:
        int64(out, r);
        break;
      case W_UUIDS:
        uuid(out, r);
        break;
      default:
        string(out, r, compact, false, name);
    }
  }
  out.byte(0x5d);
}

/** 2^32, and the high words within which an int64 is a safe integer. */
const TWO_32 = 0x1_0000_0000, SAFE_HI = 0x20_0000;

/**
 * An int64 as `writeJson` shows a bigint, a quoted decimal. Read as two words instead of with
 * `Reader.i64be`: most values are safe integers, whose digits need no bigint.
 */
function int64(out: JsonOut, r: Reader): void {
  r.need(8);
  const p = r.pos;
  const hi = r.view.getInt32(p, false);
  out.byte(0x22);
  if (hi >= -SAFE_HI && hi < SAFE_HI) {
    out.num(hi * TWO_32 + r.view.getUint32(p + 4, false));
    r.pos = p + 8;
  } else out.ascii(String(r.i64be()));
  out.byte(0x22);
}

const HEX = /* @__PURE__ */ new TextEncoder().encode("0123456789abcdef");

/**
 * A uuid as `rUuid` gives it (lowercase 8-4-4-4-12), quoted. Its 16 bytes are written as hex
 * here rather than through `rUuid`'s string, which would only be copied out again.
 */
function uuid(out: JsonOut, r: Reader): void {
  r.need(16);
  const src = r.buf;
  let s = r.pos;
  r.pos = s + 16;
  out.room(38);
  const b = out.buf;
  let p = out.pos;
  b[p++] = 0x22;
  for (let j = 0; j < 16; j++, s++) {
    if (j === 4 || j === 6 || j === 8 || j === 10) b[p++] = 0x2d;
    b[p++] = HEX[src[s] >> 4];
    b[p++] = HEX[src[s] & 15];
  }
  b[p++] = 0x22;
  out.pos = p;
}

/**
 * A string as `rStrN` reads it and `JsonOut.str` writes it. The length is read and checked here
 * (`stringLength`), and a string of well-formed UTF-8 with no control character, `"` or `\` (its
 * JSON is its bytes) is copied without being decoded, as it is checked; any other goes back to
 * `rStrN`, so that it is decoded (malformed UTF-8 replaced as Kafka does) and escaped exactly as
 * on the decode path.
 */
function string(out: JsonOut, r: Reader, compact: boolean, nullable: boolean, name: string): void {
  const at = r.pos;
  const n = compact ? compactLength(r) : r.i16be();
  if (n < 0) return nullable ? out.null() : giveUp();
  stringLength(r, n, name, at);
  out.room(n + 2);
  const src = r.buf, b = out.buf, s = r.pos;
  let p = out.pos;
  b[p++] = 0x22;
  for (let j = s, e = s + n; j < e; j++) {
    const c = src[j];
    if (c >= 0x20 && c < 0x80 && c !== 0x22 && c !== 0x5c) {
      b[p++] = c;
      continue;
    }
    // Well-formed UTF-8 is its own JSON text (any decoder reads it as the same characters,
    // which `JsonOut.str` writes back as these bytes); escapes and malformed bytes are decoded.
    const len = c < 0x80 ? 0 : utf8SequenceLength(src, j, e);
    if (len === 0) {
      r.pos = at;
      return out.str(rStrN(r, compact, nullable, DEFAULT_OPTIONS, name)!);
    }
    b[p++] = c;
    b[p++] = src[j + 1];
    if (len > 2) b[p++] = src[j + 2];
    if (len > 3) b[p++] = src[j + 3];
    j += len - 1;
  }
  b[p++] = 0x22;
  out.pos = p;
  r.pos = s + n;
}
