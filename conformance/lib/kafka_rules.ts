/**
 * The error-code rules of Kafka messages (vectors/README.md "Kafka messages: which check gives
 * which code") as an interpreter: it walks a test's bytes by the pinned Kafka schemas (the merged
 * model tools/codegen compiles) and applies the README's rules, in the README's words, in the
 * order a decoder meets them. It shares no code with streamwire's decoders (only the model and the
 * type widths the generator reads too), so
 * `kafka_rules_test.ts`, which runs it on every Kafka message vector and requires the vector's
 * code, checks the README's rules against the references, not streamwire against itself.
 *
 * @module
 */

import type { Model } from "../../tools/codegen/load.ts";
import type { FieldType, MField, MMessage, MStruct, Prim } from "../../tools/codegen/schema.ts";
import { FIXED } from "../../tools/codegen/emit.ts";
import type { VectorFile, VectorGroup } from "./types.ts";

/** The rules, by the name vectors/README.md gives each (its first column), with their code. */
export const KAFKA_RULES = {
  "fixed-field": "TRUNCATED",
  "varint-ends": "TRUNCATED",
  "varint-too-long": "VARINT_TOO_LONG",
  "null-marker": "NULL_FOR_NON_NULLABLE",
  "string-cap": "STRING_TOO_LONG",
  "length-prefix": "LENGTH_EXCEEDS_REMAINING",
  "array-count": "COUNT_EXCEEDS_REMAINING",
  "array-cap": "LIMIT_EXCEEDED",
  "tag-count-negative": "NEGATIVE_LENGTH",
  "tag-count": "COUNT_EXCEEDS_REMAINING",
  "tag-count-cap": "LIMIT_EXCEEDED",
  "tag-wrong-version": "CORRUPT_DATA",
  "unknown-tag-negative-size": "CORRUPT_DATA",
  "unknown-tag-size": "LENGTH_EXCEEDS_REMAINING",
  "trailing-bytes": "TRAILING_BYTES",
} as const;

/** A rule's name. */
export type KafkaRule = keyof typeof KAFKA_RULES;

/** The decoder caps the rules assume (the defaults of streamwire and Kafka 4.4). */
export const MAX_ARRAY_LENGTH = 1_000_000;
/** Largest tagged-field count of one struct. */
export const MAX_TAGGED_FIELDS = 10_000;

/** The first rule that refuses the bytes, where it fired, and what the reader was at. */
export interface RuleHit {
  rule: KafkaRule;
  code: (typeof KAFKA_RULES)[KafkaRule];
  offset: number;
  /** The field being read (`topics[].name`), `tagged fields`, or `message`. */
  at: string;
}

class Refused {
  readonly hit: RuleHit;
  constructor(hit: RuleHit) {
    this.hit = hit;
  }
}

const has = (mask: number, v: number) => ((mask >>> v) & 1) === 1;

/** A cursor that knows nothing but bytes: each read names the rule that guards it. */
class Walk {
  pos = 0;
  readonly b: Uint8Array;
  constructor(b: Uint8Array) {
    this.b = b;
  }
  get left(): number {
    return this.b.length - this.pos;
  }
  fail(rule: KafkaRule, at: string, offset = this.pos): never {
    throw new Refused({ rule, code: KAFKA_RULES[rule], offset, at });
  }
  fixed(n: number, at: string): number {
    if (n > this.left) this.fail("fixed-field", at);
    const p = this.pos;
    this.pos += n;
    return p;
  }
  /** Big-endian signed integer of 1, 2 or 4 bytes. */
  int(n: 1 | 2 | 4, at: string): number {
    const p = this.fixed(n, at);
    let v = 0;
    for (let i = 0; i < n; i++) v = v * 256 + this.b[p + i];
    const top = 2 ** (8 * n);
    return v >= top / 2 ? v - top : v;
  }
  /** Unsigned varint, at most 5 bytes, low 32 bits kept (as Java's int). */
  uvarint(at: string): number {
    const start = this.pos;
    let v = 0;
    for (let i = 0; i < 5; i++) {
      if (this.pos >= this.b.length) this.fail("varint-ends", at);
      const c = this.b[this.pos++];
      v += (c & 0x7f) * 2 ** (7 * i);
      if (c < 0x80) return v % 2 ** 32;
    }
    return this.fail("varint-too-long", at, start);
  }
}

/** Java's int view of an unsigned 32-bit value. */
const int32 = (u: number) => (u >= 2 ** 31 ? u - 2 ** 32 : u);

interface Ctx {
  v: number;
  /** Versions only kafka-clients 3.9.2 defines: its reader does not check tag counts. */
  legacy: boolean;
}

function lengthPrefix(w: Walk, compact: boolean, wide: boolean, at: string): number {
  if (compact) return int32((w.uvarint(at) - 1 + 2 ** 32) % 2 ** 32);
  return w.int(wide ? 4 : 2, at);
}

function prim(w: Walk, p: string, f: MField, c: Ctx, at: string, nullable: boolean): void {
  const size = FIXED[p as Prim];
  if (size !== undefined) {
    w.fixed(size, at);
    return;
  }
  const compact = has(f.compact, c.v);
  const start = w.pos;
  const n = lengthPrefix(w, compact, p !== "string", at);
  if (n < 0) {
    if (!nullable) w.fail("null-marker", at, start);
    return;
  }
  if (p === "string" && n > 0x7fff) w.fail("string-cap", at, start);
  if (n > w.left) w.fail("length-prefix", at, w.pos);
  w.pos += n;
}

function value(w: Walk, t: FieldType, f: MField, c: Ctx, at: string, nullable: boolean): void {
  if (t.k === "prim") return prim(w, t.p, f, c, at, nullable);
  if (t.k === "struct") {
    if (nullable && w.int(1, at) < 0) return;
    return struct(w, t.s, c, at);
  }
  const start = w.pos;
  const n = lengthPrefix(w, has(f.compact, c.v), true, at);
  if (n < 0) {
    if (!nullable) w.fail("null-marker", at, start);
    return;
  }
  // The count is compared with the bytes that remain, not with count × element size.
  if (n > w.left) w.fail("array-count", at, start);
  if (n > MAX_ARRAY_LENGTH) w.fail("array-cap", at, start);
  for (let i = 0; i < n; i++) value(w, t.e, f, c, `${at}[]`, false);
}

function field(w: Walk, f: MField, c: Ctx, path: string, versions: number): void {
  const name = f.name[0].toLowerCase() + f.name.slice(1);
  value(w, f.type, f, c, path ? `${path}.${name}` : name, has(f.nullable & versions, c.v));
}

function struct(w: Walk, s: MStruct, c: Ctx, path: string): void {
  for (const f of s.fields) {
    const plain = (f.present & ~f.tagged) >>> 0;
    if (has(plain, c.v)) field(w, f, c, path, plain);
  }
  if (!has(s.domain & s.flexible, c.v)) return;
  const at = path ? `${path} tagged fields` : "tagged fields";
  const start = w.pos;
  let n = int32(w.uvarint(at));
  if (c.legacy) n = Math.max(n, 0);
  else {
    if (n < 0) w.fail("tag-count-negative", at, start);
    if (n > w.left) w.fail("tag-count", at, start);
    if (n > MAX_TAGGED_FIELDS) w.fail("tag-count-cap", at, start);
  }
  for (let i = 0; i < n; i++) {
    const tag = w.uvarint(at);
    const size = int32(w.uvarint(at));
    const known = s.fields.find((f) => f.tag === tag);
    if (known && has(known.tagged, c.v)) {
      // A known tagged field is read from the bytes that follow; its size is not consulted.
      field(w, known, c, path, known.tagged);
      continue;
    }
    if (known && has(known.tagKnown, c.v)) w.fail("tag-wrong-version", at);
    if (size < 0) w.fail("unknown-tag-negative-size", at);
    if (size > w.left) w.fail("unknown-tag-size", at);
    w.pos += size;
  }
}

function message(model: Model, name: string, direction: string): MMessage | undefined {
  const api = model.apis.find((a) => a.name === name);
  if (api) return direction === "request" ? api.request : api.response;
  return model.others.find((o) => o.name === name);
}

/** True when the rules cover `file` (a Kafka message, header or data schema; not record data). */
export function coveredFile(model: Model, file: VectorFile): boolean {
  return file.protocol === "kafka" && file.testGroups.every((g) => message(model, file.message, g.direction));
}

/**
 * The first rule that refuses `bytes` as a test of `group` in `file`, or undefined when the rules
 * let the whole input through.
 */
export function firstRule(
  model: Model,
  file: VectorFile,
  group: VectorGroup,
  bytes: Uint8Array,
): RuleHit | undefined {
  const msg = message(model, file.message, group.direction);
  if (!msg || group.version === undefined) throw new Error(`${file.message}: not a Kafka message file`);
  const w = new Walk(bytes);
  try {
    if (group.framing === "header+body") {
      const h = model.others.find((o) =>
        o.name === (group.direction === "request" ? "RequestHeader" : "ResponseHeader")
      )!;
      const hv = group.headerVersion!;
      struct(w, h.root, { v: hv, legacy: has(h.older, hv) }, "header");
    } else if (group.framing !== "body") throw new Error(`${file.message}: framing ${group.framing}`);
    struct(w, msg.root, { v: group.version, legacy: has(msg.older, group.version) }, "");
    if (w.left > 0) w.fail("trailing-bytes", "message");
    return undefined;
  } catch (e) {
    if (e instanceof Refused) return e.hit;
    throw e;
  }
}
