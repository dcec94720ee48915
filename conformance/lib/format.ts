/**
 * Facts of the wirevec format that the pipeline, the lint, the runner and the packer share:
 * the format and release versions, and the one table from error code to error family
 * (vectors/README.md "Error codes and families" is its prose).
 *
 * @module
 */

import type { WireErrorCode } from "../../src/wire/error.ts";

/** The format the vector files follow; each file's `schema` names its JSON Schema. */
export const FORMAT = "wirevec-v1.1";

/** The `schema` value of every vector file (a file of vectors/schema/). */
export const FILE_SCHEMA = `${FORMAT}.schema.json`;

/**
 * The release version of the vectors (semver, independent of the codec's): bump it with an
 * entry in vectors/CHANGELOG.md whenever a vector or the format changes.
 */
export const VECTORS_VERSION = "1.1.0";

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
