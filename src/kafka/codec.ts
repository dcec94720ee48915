/**
 * The shape every generated Kafka message codec has, the options it decodes with, and the two
 * functions that run a codec over a whole body: the public part of the codec layer, exposed by
 * `./kafka` and `./kafka/messages`. The field-kind helpers the generated code calls are private
 * (`./_runtime.ts`).
 *
 * @module
 */

import { Reader } from "../wire/reader.ts";
import { Writer } from "../wire/writer.ts";
import { WireError } from "../wire/error.ts";

/** An unknown tagged field, kept as raw bytes (a view into the decoded input) and written back. */
export interface TaggedField {
  /** The tag number. */
  tag: number;
  /** The field's payload, without tag and size. */
  data: Uint8Array;
}

/** Decoder options for Kafka messages. */
export interface DecodeOptions {
  /**
   * Reject malformed UTF-8 in strings with `INVALID_UTF8` instead of replacing it with U+FFFD.
   * Default `false`, as Kafka itself decodes leniently (so a strict decoder would refuse bytes a
   * broker accepts); the replacement follows Java's rules, so the text equals what Kafka reads.
   */
  strictUtf8?: boolean;
  /** Largest array count accepted (`LIMIT_EXCEEDED` above it). Default 1 000 000, as Kafka 4.4. */
  maxArrayLength?: number;
  /** Most tagged fields accepted in one struct (`LIMIT_EXCEEDED` above it). Default 10 000, as Kafka 4.4. */
  maxTaggedFields?: number;
  /**
   * Records which known tagged fields were on the wire, since a decoded value cannot tell: an
   * absent tagged field holds its default. Each decoded struct that carried at least one is
   * entered as `struct → mask` (a `WeakMap`, or a `Map` the caller clears), where bit `t` of the
   * mask is set when tag `t` was read; a struct without any is not entered. For tools that must
   * tell wire values from defaults (the inspector); decoding without it costs nothing.
   */
  taggedFieldsRead?: TaggedFieldsSink;
}

/**
 * Where {@linkcode DecodeOptions.taggedFieldsRead} records tags: a `WeakMap` or a `Map` of structs.
 *
 * @example
 * ```ts
 * import { FetchRequestCodec } from "@streamwire/codec/kafka/messages";
 * const tags = new Map<object, number>();
 * const body = FetchRequestCodec.decode(FetchRequestCodec.encode({ clusterId: "c" }, 12), 12, { taggedFieldsRead: tags });
 * console.log(tags.get(body)); // 1
 * ```
 */
export interface TaggedFieldsSink {
  /** Records that `struct` carried the tagged fields whose bits `mask` sets. */
  set(struct: object, mask: number): unknown;
}

/** Default for {@linkcode DecodeOptions.maxArrayLength}. */
export const DEFAULT_MAX_ARRAY_LENGTH = 1_000_000;
/** Default for {@linkcode DecodeOptions.maxTaggedFields}. */
export const DEFAULT_MAX_TAGGED_FIELDS = 10_000;

/**
 * What an encoder accepts: the decoded type with every field optional, recursively. A missing
 * field takes its schema default, as an unset field of Kafka's Java message classes does. An
 * int64 field (`bigint` when decoded) also takes a safe-integer `number` (`fetchOffset: 0`);
 * any other number there is `VALUE_OUT_OF_RANGE`.
 */
export type Init<T> = T extends
  Uint8Array | string | number | bigint | boolean | null | undefined | TaggedField
  ? T | (T extends bigint ? number : never)
  : T extends readonly (infer E)[] ? readonly Init<E>[]
  : { [K in keyof T]?: Init<T[K]> };

/** The all-zero UUID, Kafka's "no UUID" sentinel and the default of every uuid field. */
export const ZERO_UUID = "00000000-0000-0000-0000-000000000000";

/** The shared empty byte array used as the default of bytes fields (never written to). */
export const EMPTY_BYTES: Uint8Array = /* @__PURE__ */ new Uint8Array(0);

/**
 * One field of a struct, for tools that walk values generically (JSON form, random values):
 * `[name, kind, present, nullable, tagged, tag, struct?]`, where the three sets are version
 * bitmasks and `kind` is the schema type (`"int32"`, `"[]string"`, `"struct"`, `"[]struct"`, …).
 */
export type FieldMeta = readonly [
  name: string,
  kind: string,
  present: number,
  nullable: number,
  tagged: number,
  tag: number,
  struct?: StructMeta,
];

/** A struct's fields in wire order, and the versions in which it has a tagged-field section. */
export interface StructMeta {
  /** The TypeScript type name. */
  readonly name: string;
  /** Bit v set = the struct ends with a tagged-field section at version v. */
  readonly flexible: number;
  /** Fields in wire order. */
  readonly fields: readonly FieldMeta[];
}

/** Decodes exactly `bytes` as one body at `version`. */
export type Decode<T> = (bytes: Uint8Array, version: number, options?: DecodeOptions) => T;
/** Encodes one body at `version` into a new array of exactly its size. */
export type Encode<T> = (value: Init<T>, version: number) => Uint8Array;

/** A generated message's codec and metadata. */
export interface MessageCodec<T> {
  /** Kafka's name of the message, e.g. `"MetadataRequest"`. */
  readonly name: string;
  /** Bit v set = version v exists. */
  readonly validVersions: number;
  /** Bit v set = version v is flexible. */
  readonly flexibleVersions: number;
  /** Bit v set = version v is the unstable latest version. */
  readonly unstableVersions: number;
  /** Reads a body from a reader (which may hold more bytes after it). */
  readonly read: (r: Reader, version: number, options?: DecodeOptions) => T;
  // The three that take a value are methods: their parameter is then compared bivariantly, so a
  // `MessageCodec<X>` is a `MessageCodec<unknown>` (a table of codecs) as a reader of X is.
  /** Writes a body; missing fields take their defaults. */
  write(w: Writer, value: Init<T>, version: number): void;
  /** The encoded size of a body. */
  sizeOf(value: Init<T>, version: number): number;
  /** Decodes exactly `bytes` (`TRAILING_BYTES` when bytes are left over). */
  readonly decode: Decode<T>;
  /** Encodes into a new array of exactly the body's size. */
  encode(value: Init<T>, version: number): Uint8Array;
  /** Field metadata of the top-level struct. */
  readonly meta: StructMeta;
}

/**
 * Decodes exactly `bytes` with `codec` (`TRAILING_BYTES` when bytes are left over).
 *
 * @example
 * ```ts
 * import { decodeWith, encodeWith } from "@streamwire/codec/kafka";
 * import { MetadataRequestCodec } from "@streamwire/codec/kafka/messages";
 * const bytes = encodeWith(MetadataRequestCodec, { topics: [{ name: "orders" }] }, 12);
 * console.log(decodeWith(MetadataRequestCodec, bytes, 12).topics?.[0].name); // orders
 * ```
 */
export function decodeWith<T>(
  codec: MessageCodec<T>,
  bytes: Uint8Array,
  version: number,
  options?: DecodeOptions,
): T {
  const r = new Reader(bytes);
  const x = codec.read(r, version, options);
  r.expectEnd();
  return x;
}

/**
 * Encodes `value` with `codec` into a new array of exactly its size (sized first, so the buffer
 * is allocated once; its ArrayBuffer has a few bytes of slack beyond the view).
 *
 * @example
 * ```ts
 * import { encodeWith } from "@streamwire/codec/kafka";
 * import { ApiVersionsRequestCodec } from "@streamwire/codec/kafka/messages";
 * console.log(encodeWith(ApiVersionsRequestCodec, { clientSoftwareName: "a", clientSoftwareVersion: "1" }, 3)); // Uint8Array(5) [ 2, 97, 2, 49, 0 ]
 * ```
 */
export function encodeWith<T>(codec: MessageCodec<T>, value: Init<T>, version: number): Uint8Array {
  const size = codec.sizeOf(value, version);
  // Writer reserves the widest varint before each varint write; the slack keeps the last one
  // from growing (and copying) the buffer.
  const w = new Writer(size + 8);
  codec.write(w, value, version);
  if (w.pos !== size) {
    throw new WireError("CORRUPT_DATA", {
      side: "encode",
      detail: `${codec.name} v${version}: sized ${size} bytes, wrote ${w.pos}`,
    });
  }
  return w.buf.subarray(0, size);
}
