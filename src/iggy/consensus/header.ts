/**
 * The machinery every VSR consensus header shares: the 128-byte common prefix, the field
 * tables that describe each layout, the frame seal and the prepare identity checksum, the
 * typed parse (in the crate's order), and the byte-level helpers the crate exports
 * (`frame_body`, `read_size_field`, `frame_checksum_bytes`, `prepare_identity_checksum_bytes`).
 *
 * A header is a zero-copy view: getters read a `DataView` over the 256 bytes at fixed offsets
 * (u64/u128 as `bigint`), so parsing a frame allocates only the view object.
 *
 * @module
 */

import { xxh3_64 } from "../../wire/xxh3.ts";
import { isWireError, WireError } from "../../wire/error.ts";
import { isKnownCommand } from "./command.ts";
import {
  frameChecksumMismatchError,
  invalidBitPatternError,
  shortHeaderError,
  unknownCommandError,
  unsupportedOperationError,
} from "./error.ts";

/** Every consensus header is exactly this many bytes. */
export const HEADER_SIZE = 256;
/** Length of `GenericHeader.reservedCommand`, the per-command scratch area. */
export const RESERVED_COMMAND_LEN = 128;
/** Byte offset of the u32 `size` field (header + body length) in every header. */
export const SIZE_FIELD_OFFSET = 48;
/** `checksum` of a prepare no producer sealed. */
export const CHECKSUM_UNSEALED = 0n;
/** Byte offset of the command byte in every header. */
export const COMMAND_OFFSET = 60;

/** How a field is stored. */
export type FieldKind = "u8" | "u16" | "u32" | "u64" | "u128" | "bytes" | "command" | "enum";

/** A one-byte enum a field holds. */
export interface EnumSpec {
  /** The crate's enum name (`"Operation"`, `"EvictionReason"`). */
  readonly name: string;
  /** Variant name → byte. */
  readonly values: Readonly<Record<string, number>>;
  /** `known[b] === 1` for every defined byte `b`. */
  readonly known: Uint8Array;
  /** Variant name by byte. */
  readonly names: readonly (string | undefined)[];
}

/**
 * Describes a one-byte enum for a field table.
 *
 * @example
 * ```ts
 * import { enumSpec } from "@streamwire/codec/iggy";
 * const spec = enumSpec("Flag", { Off: 0, On: 1 });
 * console.log(spec.known[1], spec.names[1]); // 1 On
 * ```
 */
export function enumSpec(name: string, values: Readonly<Record<string, number>>): EnumSpec {
  const known = new Uint8Array(256);
  const names: (string | undefined)[] = new Array(256).fill(undefined);
  for (const [n, v] of Object.entries(values)) {
    known[v] = 1;
    names[v] = n;
  }
  return { name, values, known, names };
}

/** One field of a header layout. */
export interface FieldSpec {
  /** The crate's field name in lowerCamelCase. */
  readonly name: string;
  /** Byte offset in the 256-byte header. */
  readonly offset: number;
  /** Storage. */
  readonly kind: FieldKind;
  /** Byte length, for `bytes`. */
  readonly length?: number;
  /** The enum, for `enum`. */
  readonly enumSpec?: EnumSpec;
}

/** The fields every header starts with, bytes 0..128. */
export interface CommonHeaderFields {
  /** Frame seal, prepare identity, or unchecked, depending on the header type. */
  checksum: bigint;
  /** Checksum of the body (not computed by the wire layer). */
  checksumBody: bigint;
  /** Cluster id. */
  cluster: bigint;
  /** Frame length: header plus body. */
  size: number;
  /** VSR view number. */
  view: number;
  /** Release; must be zero on most replica-to-replica headers. */
  release: number;
  /** Command byte ({@linkcode Command}). */
  command: number;
  /** Sending replica. */
  replica: number;
  /** 66 reserved bytes of the frame prefix (a view when read). */
  reservedFrame: Uint8Array;
}

/** The common prefix as a field table. */
export const COMMON_FIELDS: readonly FieldSpec[] = [
  { name: "checksum", offset: 0, kind: "u128" },
  { name: "checksumBody", offset: 16, kind: "u128" },
  { name: "cluster", offset: 32, kind: "u128" },
  { name: "size", offset: 48, kind: "u32" },
  { name: "view", offset: 52, kind: "u32" },
  { name: "release", offset: 56, kind: "u32" },
  { name: "command", offset: 60, kind: "command" },
  { name: "replica", offset: 61, kind: "u8" },
  { name: "reservedFrame", offset: 62, kind: "bytes", length: 66 },
];

/** What the typed parse and the constructors need to know about a header type. */
export interface HeaderClass<H extends ConsensusHeaderView = ConsensusHeaderView> {
  /** Wraps 256 bytes without checking them. */
  new (bytes: Uint8Array): H;
  /** The crate's type name, e.g. `"PrepareHeader"`. */
  readonly TYPE_NAME: string;
  /** The command this type is built with. */
  readonly COMMAND: number;
  /** Whether `checksum` seals the frame (checked by {@linkcode decodeHeader}). */
  readonly FRAME_SEALED: boolean;
  /** Whether `checksum` carries the prepare identity. */
  readonly IDENTITY_CHECKSUMMED: boolean;
  /** The fields after the common prefix, in declaration order. */
  readonly FIELDS: readonly FieldSpec[];
  /** Whether a frame with `command` may be typed as this header. */
  accepts(command: number): boolean;
}

/** The plain-object form of a header (what {@linkcode ConsensusHeaderView.toObject} returns). */
export type HeaderFields<H extends ConsensusHeaderView> = ReturnType<H["toObject"]>;

/** Options of the header constructors. */
export interface CreateHeaderOptions {
  /**
   * Stamp `checksum` (the frame seal on sealed types, the identity on prepares). Default
   * true; pass false to build a deliberately unsealed header.
   */
  seal?: boolean;
  /**
   * Check the built header as the crate's receiver would (enum bytes, then the type's field
   * rules: `log_view <= view`, a known eviction reason, a non-zero client on a request, a known
   * operation, …) and throw the `WireError` a decode would. Default true; pass false to build an
   * invalid header on purpose (tests, fuzzing).
   */
  validate?: boolean;
  /** Write into this array (at `byteOffset`) instead of a new one. */
  into?: Uint8Array;
  /** Where in `into` the header starts. */
  byteOffset?: number;
}

const U64 = 0xffff_ffff_ffff_ffffn;

function hashFrom(bytes: Uint8Array, start: number): bigint {
  return xxh3_64(bytes.subarray(start, HEADER_SIZE));
}

/**
 * The frame seal of a raw header: XXH3-64 of bytes 16..256 (everything after the checksum
 * field), widened to 128 bits as the crate stores it. The crate's `frame_checksum_bytes`.
 *
 * @example
 * ```ts
 * import { frameChecksumBytes } from "@streamwire/codec/iggy";
 * const h = new Uint8Array(256);
 * h[48] = 0; h[49] = 1; h[60] = 7; // size 256, PrepareOk
 * console.log(frameChecksumBytes(h).toString(16)); // 2ff776c9fc33f10
 * ```
 */
export function frameChecksumBytes(header: Uint8Array): bigint {
  if (header.length < HEADER_SIZE) throw shortHeaderError(header.length);
  return hashFrom(header, 16);
}

/**
 * The prepare identity of a raw header: XXH3-64 of all 256 bytes with `checksum` (0..16) and
 * `view` (52..56) zeroed, widened to 128 bits. The crate's `prepare_identity_checksum_bytes`.
 *
 * @example
 * ```ts
 * import { prepareIdentityChecksumBytes } from "@streamwire/codec/iggy";
 * const h = new Uint8Array(256);
 * h[49] = 1; h[60] = 6; h[128] = 0xfe; h[129] = 0xca;
 * console.log(prepareIdentityChecksumBytes(h).toString(16)); // 39db5ce7da017647
 * ```
 */
export function prepareIdentityChecksumBytes(header: Uint8Array, scratch?: Uint8Array): bigint {
  if (header.length < HEADER_SIZE) throw shortHeaderError(header.length);
  const covered = scratch !== undefined && scratch.length >= HEADER_SIZE
    ? scratch.subarray(0, HEADER_SIZE)
    : new Uint8Array(HEADER_SIZE);
  covered.set(header.subarray(0, HEADER_SIZE));
  covered.fill(0, 0, 16);
  covered.fill(0, 52, 56);
  return xxh3_64(covered);
}

/**
 * The `size` field (u32 LE at byte 48) of a header, or `undefined` when fewer than 52 bytes
 * are present. The crate's `read_size_field`.
 *
 * @example
 * ```ts
 * import { readSizeField } from "@streamwire/codec/iggy";
 * const h = new Uint8Array(52); h[49] = 1;
 * console.log(readSizeField(h)); // 256
 * ```
 */
export function readSizeField(header: Uint8Array): number | undefined {
  if (header.length < SIZE_FIELD_OFFSET + 4) return undefined;
  return (header[48] | header[49] << 8 | header[50] << 16 | header[51] << 24) >>> 0;
}

/**
 * The body of a frame as bounded by its `size`: `frame[256 .. size]`, or an empty view when
 * `size` is at most 256 or runs past the buffer. The crate's `frame_body`.
 *
 * @example
 * ```ts
 * import { frameBody } from "@streamwire/codec/iggy";
 * console.log(frameBody(new Uint8Array(300), 260).length); // 4
 * ```
 */
export function frameBody(frame: Uint8Array, size: number): Uint8Array {
  if (size <= HEADER_SIZE || size > frame.length) return frame.subarray(0, 0);
  return frame.subarray(HEADER_SIZE, size);
}

/**
 * True when `bytes[offset .. offset + length]` are all zero.
 *
 * @example
 * ```ts
 * import { allZero } from "@streamwire/codec/iggy";
 * console.log(allZero(new Uint8Array([1, 0, 0]), 1, 2), allZero(new Uint8Array([1, 0, 0]), 0, 2)); // true false
 * ```
 */
export function allZero(bytes: Uint8Array, offset: number, length: number): boolean {
  for (let i = offset; i < offset + length; i++) if (bytes[i] !== 0) return false;
  return true;
}

/**
 * A 256-byte consensus header, read in place. Subclasses add the getters of their own layout;
 * this base reads the common prefix. Wrapping does not check anything: use
 * {@linkcode decodeHeader} (or the subclass's static `decode`) on untrusted bytes.
 *
 * @example
 * ```ts
 * import { CommitHeader } from "@streamwire/codec/iggy";
 * const h = CommitHeader.create({ commit: 77n, view: 9 });
 * const back = CommitHeader.decode(h.bytes); // verifies the seal, then validates
 * console.log(back.commit, back.view); // 77n 9
 * ```
 */
export abstract class ConsensusHeaderView {
  /** Whether `checksum` seals the frame; overridden by sealed types. */
  static readonly FRAME_SEALED: boolean = false;
  /** Whether `checksum` carries the prepare identity; overridden by prepares. */
  static readonly IDENTITY_CHECKSUMMED: boolean = false;

  /**
   * Whether a frame with `command` may be typed as this header (default: its own command).
   *
   * @example
   * ```ts
   * import { Command, GenericHeader, PrepareHeader } from "@streamwire/codec/iggy";
   * console.log(PrepareHeader.accepts(Command.Prepare), PrepareHeader.accepts(Command.Commit), GenericHeader.accepts(Command.Commit)); // true false true
   * ```
   */
  static accepts(this: { readonly COMMAND: number }, command: number): boolean {
    return command === this.COMMAND;
  }

  /**
   * The typed parse of {@linkcode decodeHeader} for this header type.
   *
   * @example
   * ```ts
   * import { CommitHeader } from "@streamwire/codec/iggy";
   * const bytes = CommitHeader.create({ commit: 9n }).bytes; // as received
   * console.log(CommitHeader.decode(bytes).commit); // 9n
   * ```
   */
  static decode<H extends ConsensusHeaderView>(this: HeaderClass<H>, bytes: Uint8Array): H {
    return decodeHeader(this, bytes);
  }

  /**
   * {@linkcode createHeader} for this header type.
   *
   * @example
   * ```ts
   * import { CommitHeader } from "@streamwire/codec/iggy";
   * const h = CommitHeader.create({ commit: 9n });
   * console.log(h.bytes.length, h.commit); // 256 9n
   * ```
   */
  static create<H extends ConsensusHeaderView>(
    this: HeaderClass<H>,
    init: Partial<HeaderFields<H>> = {},
    options: CreateHeaderOptions = {},
  ): H {
    return createHeader(this, init, options);
  }

  /** The 256 header bytes (a view into the caller's buffer). */
  readonly bytes: Uint8Array;
  /** A DataView over {@linkcode ConsensusHeaderView.bytes}. */
  protected readonly dv: DataView;

  /** Wraps the first 256 bytes of `bytes` (no copy, no checks beyond the length). */
  constructor(bytes: Uint8Array) {
    if (bytes.length < HEADER_SIZE) throw shortHeaderError(bytes.length);
    this.bytes = bytes.length === HEADER_SIZE ? bytes : bytes.subarray(0, HEADER_SIZE);
    this.dv = new DataView(this.bytes.buffer, this.bytes.byteOffset, HEADER_SIZE);
  }

  /** Unsigned 128-bit little-endian at `offset`. */
  protected u128(offset: number): bigint {
    return (this.dv.getBigUint64(offset + 8, true) << 64n) | this.dv.getBigUint64(offset, true);
  }
  /** Unsigned 64-bit little-endian at `offset`. */
  protected u64(offset: number): bigint {
    return this.dv.getBigUint64(offset, true);
  }
  /** Unsigned 32-bit little-endian at `offset`. */
  protected u32(offset: number): number {
    return this.dv.getUint32(offset, true);
  }

  /** Frame seal, prepare identity, or unchecked, depending on the header type. */
  get checksum(): bigint {
    return this.u128(0);
  }
  /** Body checksum (not computed by the wire layer). */
  get checksumBody(): bigint {
    return this.u128(16);
  }
  /** Cluster id. */
  get cluster(): bigint {
    return this.u128(32);
  }
  /** Frame length (header + body). */
  get size(): number {
    return this.u32(48);
  }
  /** View number. */
  get view(): number {
    return this.u32(52);
  }
  /** Release. */
  get release(): number {
    return this.u32(56);
  }
  /** Command byte. */
  get command(): number {
    return this.bytes[60];
  }
  /** Sending replica. */
  get replica(): number {
    return this.bytes[61];
  }
  /** The 66 reserved bytes of the frame prefix (a view). */
  get reservedFrame(): Uint8Array {
    return this.bytes.subarray(62, 128);
  }

  /** The header type's static description. */
  get headerClass(): HeaderClass<this> {
    return this.constructor as HeaderClass<this>;
  }

  /**
   * XXH3-64 of bytes 16..256, widened (what a sealed header stores in `checksum`).
   *
   * @example
   * ```ts
   * import { CommitHeader } from "@streamwire/codec/iggy";
   * const h = CommitHeader.create({ commit: 9n });
   * console.log(h.checksum === h.frameChecksum()); // true
   * ```
   */
  frameChecksum(): bigint {
    return hashFrom(this.bytes, 16);
  }

  /**
   * Stamps {@linkcode ConsensusHeaderView.frameChecksum} into `checksum`, in place. Call
   * last: it covers every other byte. Meant for sealed header types only (on a prepare it
   * would overwrite the identity).
   *
   * @example
   * ```ts
   * import { CommitHeader } from "@streamwire/codec/iggy";
   * const h = CommitHeader.create({ commit: 9n });
   * h.bytes[200] = 1; // edit a byte after creation...
   * h.seal(); // ...then seal again
   * h.verifyFrame();
   * console.log(h.checksum === h.frameChecksum()); // true
   * ```
   */
  seal(): this {
    writeU128(this.dv, 0, this.frameChecksum());
    return this;
  }

  /**
   * Throws `CHECKSUM_MISMATCH` when a sealed header's `checksum` is not its frame checksum
   * (all 128 bits compared; a zeroed seal is a mismatch). Unsealed types always pass.
   *
   * @example
   * ```ts
   * import { CommitHeader } from "@streamwire/codec/iggy";
   * import { isWireError } from "@streamwire/codec/wire";
   * const h = CommitHeader.create({ commit: 9n });
   * h.bytes[100] ^= 1; // corrupted in transit
   * try {
   *   h.verifyFrame();
   * } catch (e) {
   *   if (isWireError(e)) console.log(e.code); // CHECKSUM_MISMATCH
   * }
   * ```
   */
  verifyFrame(): void {
    if (!this.headerClass.FRAME_SEALED) return;
    const expected = this.frameChecksum();
    const found = this.checksum;
    if (found !== expected) throw frameChecksumMismatchError(this.command, expected, found);
  }

  /**
   * The crate's `validate`: throws a `WireError` for the first broken field rule.
   *
   * @example
   * ```ts
   * import { PrepareOkHeader } from "@streamwire/codec/iggy";
   * const h = PrepareOkHeader.create({ op: 3n, commit: 2n });
   * h.validate(); // every header type implements the crate's rules
   * console.log(h.op); // 3n
   * ```
   */
  abstract validate(): void;

  /**
   * Every field as a plain object (bigint for u64/u128, byte views for reserved regions).
   *
   * @example
   * ```ts
   * import { CommitHeader } from "@streamwire/codec/iggy";
   * console.log(CommitHeader.create({ commit: 9n }).toObject().command); // 9
   * ```
   */
  toObject(): CommonHeaderFields {
    return readFields(this.bytes, this.dv, this.headerClass.FIELDS) as unknown as CommonHeaderFields;
  }
}

function readField(bytes: Uint8Array, dv: DataView, f: FieldSpec): unknown {
  switch (f.kind) {
    case "u8":
    case "command":
    case "enum":
      return bytes[f.offset];
    case "u16":
      return dv.getUint16(f.offset, true);
    case "u32":
      return dv.getUint32(f.offset, true);
    case "u64":
      return dv.getBigUint64(f.offset, true);
    case "u128":
      return (dv.getBigUint64(f.offset + 8, true) << 64n) | dv.getBigUint64(f.offset, true);
    case "bytes":
      return bytes.subarray(f.offset, f.offset + (f.length ?? 0));
  }
}

/** Reads the common prefix and `fields` into a plain object (what `toObject()` returns). */
function readFields(
  bytes: Uint8Array,
  dv: DataView,
  fields: readonly FieldSpec[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of COMMON_FIELDS) out[f.name] = readField(bytes, dv, f);
  for (const f of fields) out[f.name] = readField(bytes, dv, f);
  return out;
}

function writeU128(dv: DataView, offset: number, v: bigint): void {
  dv.setBigUint64(offset, v & U64, true);
  dv.setBigUint64(offset + 8, (v >> 64n) & U64, true);
}

function fieldError(type: string, f: FieldSpec, detail: string): WireError {
  return new WireError("VALUE_OUT_OF_RANGE", { side: "encode", context: type, path: f.name, detail });
}

function writeField(type: string, bytes: Uint8Array, dv: DataView, f: FieldSpec, v: unknown): void {
  switch (f.kind) {
    case "u8":
    case "command":
    case "enum":
    case "u16":
    case "u32": {
      const max = f.kind === "u16" ? 0xffff : f.kind === "u32" ? 0xffff_ffff : 0xff;
      if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > max) {
        throw fieldError(type, f, `expected an integer in [0, ${max}], got ${String(v)}`);
      }
      if (f.kind === "u16") dv.setUint16(f.offset, v, true);
      else if (f.kind === "u32") dv.setUint32(f.offset, v, true);
      else bytes[f.offset] = v;
      return;
    }
    case "u64":
      if (typeof v !== "bigint" || v < 0n || v > U64) throw fieldError(type, f, "expected a u64 bigint");
      dv.setBigUint64(f.offset, v, true);
      return;
    case "u128":
      if (typeof v !== "bigint" || v < 0n || v >> 128n !== 0n) {
        throw fieldError(type, f, "expected a u128 bigint");
      }
      writeU128(dv, f.offset, v);
      return;
    case "bytes":
      if (!(v instanceof Uint8Array) || v.length !== f.length) {
        throw fieldError(type, f, `expected ${f.length} bytes`);
      }
      bytes.set(v, f.offset);
      return;
  }
}

/**
 * Builds a header of type `type` from field values (missing ones are zero, `command` defaults
 * to the type's command and `size` to 256), then stamps `checksum`: the frame seal on sealed
 * types, the prepare identity on prepares (unless `init.checksum` is given), `init.checksum`
 * (default 0) otherwise. Values are range-checked (`VALUE_OUT_OF_RANGE`), and the header is then
 * checked like a decode does (`UNKNOWN_DISCRIMINANT`, `INVALID_VALUE`) unless
 * `options.validate` is false, so that what is built is what the crate accepts.
 *
 * @example
 * ```ts
 * import { createHeader, StartViewChangeHeader } from "@streamwire/codec/iggy";
 * const h = createHeader(StartViewChangeHeader, { view: 7, group: 9n });
 * h.verifyFrame(); // sealed: passes
 * ```
 */
export function createHeader<H extends ConsensusHeaderView>(
  type: HeaderClass<H>,
  init: Partial<HeaderFields<H>> = {},
  options: CreateHeaderOptions = {},
): H {
  const at = options.byteOffset ?? 0;
  const target = options.into ?? new Uint8Array(HEADER_SIZE);
  if (target.length - at < HEADER_SIZE) {
    throw new WireError("LIMIT_EXCEEDED", {
      side: "encode",
      context: type.TYPE_NAME,
      detail: "destination shorter than 256 bytes",
    });
  }
  const bytes = target.subarray(at, at + HEADER_SIZE);
  bytes.fill(0);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, HEADER_SIZE);
  const values = init as Record<string, unknown>;
  bytes[COMMAND_OFFSET] = type.COMMAND;
  dv.setUint32(SIZE_FIELD_OFFSET, HEADER_SIZE, true);
  for (const f of COMMON_FIELDS) {
    if (values[f.name] !== undefined) writeField(type.TYPE_NAME, bytes, dv, f, values[f.name]);
  }
  for (const f of type.FIELDS) {
    if (values[f.name] !== undefined) writeField(type.TYPE_NAME, bytes, dv, f, values[f.name]);
  }
  const h = new type(bytes);
  if (options.seal ?? true) {
    if (type.FRAME_SEALED) h.seal();
    else if (type.IDENTITY_CHECKSUMMED && values.checksum === undefined) {
      writeU128(dv, 0, prepareIdentityChecksumBytes(bytes));
    }
  }
  if (options.validate ?? true) {
    try {
      checkBitPattern(type, bytes);
      h.validate();
    } catch (e) {
      // The caller built these fields: a refusal is about the value, not about input bytes.
      if (!isWireError(e) || e.side === "encode") throw e;
      const field = e.offset === undefined ? undefined : fieldAt(type, e.offset);
      throw new WireError(e.code, {
        side: "encode",
        context: type.TYPE_NAME,
        detail: e.detail ?? e.message,
        path: field,
      });
    }
  }
  return h;
}

const KIND_BYTES: Record<FieldKind, number> = {
  u8: 1,
  u16: 2,
  u32: 4,
  u64: 8,
  u128: 16,
  bytes: 0,
  command: 1,
  enum: 1,
};

/** The name of the field of `type` that covers byte `offset` (common fields included). */
function fieldAt<H extends ConsensusHeaderView>(type: HeaderClass<H>, offset: number): string | undefined {
  for (const f of [...COMMON_FIELDS, ...type.FIELDS]) {
    const n = f.kind === "bytes" ? f.length ?? 0 : KIND_BYTES[f.kind];
    if (offset >= f.offset && offset < f.offset + n) return f.name;
  }
  return undefined;
}

/**
 * Checks the enum bytes of a raw header the way the crate's checked cast does: the command
 * byte first (`UNKNOWN_COMMAND`), then every enum field of `type` in declaration order
 * (`UNKNOWN_DISCRIMINANT`; for an operation byte with the `UnsupportedOperation` reason).
 *
 * @example
 * ```ts
 * import { checkBitPattern, isWireError, PrepareHeader } from "@streamwire/codec/iggy";
 * const bytes = new Uint8Array(256);
 * bytes[60] = 200; // no such command
 * try {
 *   checkBitPattern(PrepareHeader, bytes);
 * } catch (e) {
 *   if (isWireError(e)) console.log(e.code); // UNKNOWN_COMMAND
 * }
 * ```
 */
export function checkBitPattern(type: HeaderClass, bytes: Uint8Array): void {
  if (bytes.length < HEADER_SIZE) throw shortHeaderError(bytes.length);
  if (!isKnownCommand(bytes[COMMAND_OFFSET])) throw unknownCommandError();
  for (const f of type.FIELDS) {
    if (f.kind !== "enum") continue;
    const b = bytes[f.offset];
    if (f.enumSpec!.known[b] !== 1) {
      throw f.enumSpec!.name === "Operation"
        ? unsupportedOperationError(b, f.offset)
        : invalidBitPatternError(f.offset);
    }
  }
}

/**
 * The typed parse, in the crate's order: at least 256 bytes (`TRUNCATED`), the command byte
 * (`UNKNOWN_COMMAND`), the other enum bytes (`UNKNOWN_DISCRIMINANT`), the frame seal on sealed
 * types (`CHECKSUM_MISMATCH`), then the type's field rules (`INVALID_VALUE`). Each error keeps
 * the crate's reason text in `detail`. Only the first 256 bytes are read; the returned header
 * is a view into `bytes`.
 *
 * @example
 * ```ts
 * import { decodeHeader, createHeader, DoViewChangeHeader } from "@streamwire/codec/iggy";
 * const sent = createHeader(DoViewChangeHeader, { view: 7, logView: 5, op: 42n, commit: 40n });
 * const h = decodeHeader(DoViewChangeHeader, sent.bytes);
 * console.log(h.logView, h.op); // 5 42n
 * ```
 */
export function decodeHeader<H extends ConsensusHeaderView>(type: HeaderClass<H>, bytes: Uint8Array): H {
  checkBitPattern(type, bytes);
  const h = new type(bytes);
  h.verifyFrame();
  h.validate();
  return h;
}

/** Writes a u128 little-endian into `dv` at `offset` (for header builders). */
export function setU128(dv: DataView, offset: number, v: bigint): void {
  writeU128(dv, offset, v);
}
