/**
 * Facts of the wirevec format that the pipeline, the lint, the runner and the packer share:
 * the format and release versions, and the one table from error code to error family
 * (vectors/README.md "Error codes and families" is its prose).
 *
 * @module
 */

import type { WireErrorCode } from "../../src/wire/error.ts";

/**
 * The format the vector files follow (`wirevec-v<major>.<minor>`); each file's `schema` names its
 * JSON Schema. vectors/README.md "Compatibility" says what a minor may add and what needs a major.
 */
export const FORMAT = "wirevec-v1.1";

/** The `schema` value of every vector file (a file of vectors/schema/). */
export const FILE_SCHEMA = `${FORMAT}.schema.json`;

/** The major the format belongs to: every schema of it accepts every file of it. */
export const FORMAT_MAJOR = "wirevec-v1";

/** Any `schema` value of the major (the file schemas of every minor of v1). */
export const FILE_SCHEMA_OF_MAJOR = "^wirevec-v1(\\.[0-9]+)?\\.schema\\.json$";

/** Any manifest `schemaVersion` of the major. */
export const FORMAT_OF_MAJOR = "^wirevec-v1(\\.[0-9]+)?$";

/**
 * File schemas of earlier minors, as shipped from now on in every release (never regenerated,
 * never removed): name → sha256 of the file in vectors/schema/. The lint fails when one is missing
 * or its bytes change. The current minor's schema (`FILE_SCHEMA`) is generated; when the format
 * gets a new minor, the current file joins this list as it is.
 *
 * `wirevec-v1.schema.json` is the 1.0 schema restored from the 1.0.0 release, with the one
 * change the policy needs (vectors/CHANGELOG.md 1.2.0): objects open to the keys a later minor
 * adds, and `schema` any v1 name. Everything 1.0 required or enumerated is as published.
 */
export const FROZEN_SCHEMAS: Readonly<Record<string, string>> = {
  "wirevec-v1.schema.json": "d1a25385067879dabf4779336c18549c1826cac00fd007bc0e80157cc900fd57",
};

/**
 * The release version of the vectors (semver, independent of the codec's): bump it with an
 * entry in vectors/CHANGELOG.md whenever a vector or the format changes.
 */
export const VECTORS_VERSION = "1.2.0";

/**
 * Decoder-cap `options`: a test that carries one is refused only with the cap in force, while
 * the reference accepts its bytes (`result: "invalid"`, `codeSource: "oracle"`, family `limit`).
 */
export const CAP_OPTIONS: readonly string[] = ["maxFrameBytes", "maxDecompressedBytes", "maxRecordsPerBatch"];

/**
 * `result` values every runner of the major knows (1.0's). 1.1.0 also wrote `limit`, which a 1.0
 * runner cannot know; files of later releases use only these (the schemas still admit `limit`,
 * so that 1.1.0 files stay valid).
 */
export const RESULTS_OF_MAJOR: readonly string[] = ["valid", "invalid", "acceptable"];

/** An error family: what kind of problem a code names, for runners that match coarsely. */
export type ErrorFamily =
  | "truncated"
  | "count"
  | "length"
  | "utf8"
  | "null"
  | "checksum"
  | "limit"
  | "discriminant"
  | "trailing"
  | "value"
  | "version";

/** Every family, in the order the README lists them. */
export const ERROR_FAMILIES: readonly ErrorFamily[] = [
  "truncated",
  "count",
  "length",
  "utf8",
  "null",
  "checksum",
  "limit",
  "discriminant",
  "trailing",
  "value",
  "version",
];

/** The one code → family table. Every WireError code has exactly one family. */
export const FAMILY_OF_CODE: Readonly<Record<WireErrorCode, ErrorFamily>> = {
  TRUNCATED: "truncated",
  COUNT_EXCEEDS_REMAINING: "count",
  LENGTH_EXCEEDS_REMAINING: "length",
  NEGATIVE_LENGTH: "length",
  INVALID_UTF8: "utf8",
  NULL_FOR_NON_NULLABLE: "null",
  CHECKSUM_MISMATCH: "checksum",
  STRING_TOO_LONG: "limit",
  FRAME_TOO_LARGE: "limit",
  LIMIT_EXCEEDED: "limit",
  UNKNOWN_API_KEY: "discriminant",
  UNKNOWN_COMMAND: "discriminant",
  UNKNOWN_DISCRIMINANT: "discriminant",
  TRAILING_BYTES: "trailing",
  VARINT_TOO_LONG: "value",
  VALUE_OUT_OF_RANGE: "value",
  INVALID_VALUE: "value",
  CORRUPT_DATA: "value",
  UNSUPPORTED_VERSION: "version",
};

/**
 * Families that all mean "the input ended before what it declares": a decoder with a single
 * not-enough-data error may treat them as one (the runner's `--match short`).
 */
export const SHORT_INPUT_FAMILIES: readonly ErrorFamily[] = ["truncated", "count", "length"];

/** The family of `code`, or undefined for a code wirevec does not define. */
export function familyOf(code: string): ErrorFamily | undefined {
  return (FAMILY_OF_CODE as Record<string, ErrorFamily>)[code];
}
