/**
 * Builds the JSON Schemas of the format itself — a vector file (`wirevec-v1.1.schema.json`) and
 * the manifest (`manifest.schema.json`) — from the same tables the tooling uses (error codes,
 * families), so that no list is written twice. `deno task vectors` writes them to
 * vectors/schema/; CI's regeneration diff keeps them current.
 *
 * Each comes in two forms (vectors/README.md "Compatibility"):
 *
 * - **published** (what vectors/schema/ ships): every object admits keys it does not list, since
 *   a later minor may add optional keys, and `schema` / `schemaVersion` may name any minor of the
 *   major; what a runner must understand stays closed (`result`, `op`, `framing`, error codes,
 *   the `options` registry);
 * - **strict** (the lint's): the same with every object closed and the names pinned to this
 *   minor, and `result: "limit"` refused (1.0 runners do not know it), so that what the pipeline
 *   writes is exactly what this minor documents.
 *
 * @module
 */

import { WIRE_ERROR_CODES } from "../../src/wire/error.ts";
import {
  ERROR_FAMILIES,
  FAMILY_OF_CODE,
  FILE_SCHEMA,
  FILE_SCHEMA_OF_MAJOR,
  FORMAT,
  FORMAT_OF_MAJOR,
  RESULTS_OF_MAJOR,
} from "./format.ts";

/** Which form of a schema: the shipped, open one, or the lint's closed one. */
export interface SchemaForm {
  strict?: boolean;
}

type Schema = Record<string, unknown>;

const BUG_TYPES = [
  "BASIC",
  "EDGE_CASE",
  "LEGACY",
  "MALLEABILITY",
  "CAN_OF_WORMS",
  "MISSING_STEP",
  "KNOWN_BUG",
  "MODIFIED_PARAMETER",
  "DEFINED",
];

const source: Schema = {
  type: "object",
  required: ["name", "version"],
  properties: {
    name: { type: "string", minLength: 1 },
    version: { type: "string", minLength: 1 },
    sha256: { type: "string", pattern: "^[0-9a-f]{64}$" },
  },
};

const error = (strict: boolean): Schema => ({
  type: "object",
  required: ["code", "family"],
  ...closed(strict),
  properties: {
    code: { enum: [...WIRE_ERROR_CODES] },
    family: { enum: [...ERROR_FAMILIES] },
    offset: { type: "integer", minimum: 0 },
    detail: { type: "string" },
  },
  // family is a function of code: one if/then per code.
  allOf: WIRE_ERROR_CODES.map((code) => ({
    if: { properties: { code: { const: code } } },
    then: { properties: { family: { const: FAMILY_OF_CODE[code] } } },
  })),
});

const test = (strict: boolean): Schema => ({
  type: "object",
  required: ["tcId", "name", "result"],
  ...closed(strict),
  properties: {
    tcId: { type: "integer", minimum: 1 },
    name: { type: "string", pattern: "^[A-Za-z0-9][A-Za-z0-9._-]*$" },
    comment: { type: "string" },
    flags: { type: "array", items: { type: "string" } },
    op: { enum: ["roundtrip", "decode", "encode"] },
    hex: { type: "string", pattern: "^([0-9a-f]{2})*$" },
    file: {
      type: "object",
      required: ["path", "sha256", "length"],
      ...closed(strict),
      properties: {
        path: { type: "string" },
        sha256: { type: "string", pattern: "^[0-9a-f]{64}$" },
        length: { type: "integer", minimum: 4097 },
      },
    },
    value: {},
    // "limit" (1.1.0 only) stays valid in the published schema; new files use 1.0's three.
    result: { enum: strict ? [...RESULTS_OF_MAJOR] : [...RESULTS_OF_MAJOR, "limit"] },
    canonical: { type: "boolean" },
    error: { $ref: "#/$defs/error" },
    level: { enum: ["required", "recommended"] },
    options: { $ref: "#/$defs/options" },
    provenance: { enum: ["reference", "oracle-layout"] },
    codeSource: { enum: ["reference", "oracle"] },
  },
  allOf: [
    {
      anyOf: [
        { required: ["hex"] },
        { required: ["file"] },
        { properties: { op: { const: "encode" } }, required: ["op"] },
      ],
    },
    { if: { properties: { result: { const: "invalid" } } }, then: { required: ["error"] } },
    {
      if: { properties: { result: { const: "limit" } } },
      then: {
        required: ["error", "options"],
        properties: { error: { properties: { family: { const: "limit" } } } },
      },
    },
  ],
});

/**
 * The registry of `options` keys (vectors/README.md "Options"): what a decoder is given beside the
 * bytes. Closed in both forms: a runner must apply every option of a test to judge it, so a new
 * key needs a new major.
 */
const options: Schema = {
  type: "object",
  additionalProperties: false,
  properties: {
    // Decoder inputs that travel outside the bytes.
    commandCode: { type: "integer", minimum: 0 },
    group: { type: "integer", minimum: 0 },
    kind: { type: "integer", minimum: 0 },
    integrity: { enum: ["verify", "layoutOnly"] },
    // Decoder caps (result "limit" when the reference accepts the bytes).
    maxFrameBytes: { type: "integer", minimum: 0 },
    maxDecompressedBytes: { type: "integer", minimum: 0 },
    maxRecordsPerBatch: { type: "integer", minimum: 0 },
  },
};

const group = (strict: boolean): Schema => ({
  type: "object",
  required: ["direction", "framing", "source", "tests"],
  ...closed(strict),
  properties: {
    direction: { enum: ["request", "response", "data"] },
    version: { type: "integer", minimum: 0 },
    framing: { enum: ["body", "header+body", "frame"] },
    headerVersion: { type: "integer", minimum: 0 },
    knownTaggedFields: {
      type: "array",
      items: {
        type: "object",
        required: ["path", "tag"],
        ...closed(strict),
        properties: { path: { type: "string", minLength: 1 }, tag: { type: "integer", minimum: 0 } },
      },
    },
    source: { $ref: "#/$defs/source" },
    comment: { type: "string" },
    tests: { type: "array", items: { $ref: "#/$defs/test" } },
  },
});

/** `additionalProperties: false` in the strict form; nothing (open) in the published one. */
function closed(strict: boolean): Schema {
  return strict ? { additionalProperties: false } : {};
}

/** The JSON Schema of one vector file (published form unless `strict`). */
export function vectorFileSchema({ strict = false }: SchemaForm = {}): Schema {
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: FILE_SCHEMA,
    title: `${FORMAT} vector file`,
    description:
      "Generated by conformance/lib/file_schema.ts (deno task vectors); vectors/README.md is the " +
      'prose. Open to the keys a later v1 minor adds (vectors/README.md "Compatibility").',
    type: "object",
    required: ["schema", "protocol", "message", "upstream", "numberOfTests", "testGroups"],
    ...closed(strict),
    properties: {
      schema: strict ? { const: FILE_SCHEMA } : { type: "string", pattern: FILE_SCHEMA_OF_MAJOR },
      protocol: { enum: ["iggy", "kafka"] },
      message: { type: "string", minLength: 1 },
      apiKey: { type: "integer", minimum: 0 },
      commandCode: { type: "integer", minimum: 0 },
      versionPrefix: { const: "int16" },
      upstream: { $ref: "#/$defs/source" },
      numberOfTests: { type: "integer", minimum: 0 },
      header: { type: "array", items: { type: "string" } },
      notes: {
        type: "object",
        additionalProperties: {
          type: "object",
          required: ["bugType", "description"],
          properties: {
            bugType: { enum: BUG_TYPES },
            description: { type: "string" },
            effect: { type: "string" },
            links: { type: "array", items: { type: "string" } },
          },
        },
      },
      testGroups: { type: "array", items: { $ref: "#/$defs/group" } },
    },
    allOf: [
      {
        // Kafka: a header+body or frame group must say which header version it uses.
        if: { properties: { protocol: { const: "kafka" } } },
        then: {
          properties: {
            testGroups: {
              items: {
                if: { properties: { framing: { enum: ["header+body", "frame"] } } },
                then: { required: ["headerVersion"] },
              },
            },
          },
        },
      },
    ],
    $defs: { source, group: group(strict), test: test(strict), error: error(strict), options },
  };
}

/** The JSON Schema of vectors/manifest.json (published form unless `strict`). */
export function manifestSchema({ strict = false }: SchemaForm = {}): Schema {
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "manifest.schema.json",
    title: `${FORMAT} manifest`,
    description:
      "Generated by conformance/lib/file_schema.ts (deno task vectors). Open to the keys a later v1 " +
      'minor adds (vectors/README.md "Compatibility").',
    type: "object",
    required: ["schemaVersion", "version", "files"],
    ...closed(strict),
    properties: {
      schemaVersion: strict ? { const: FORMAT } : { type: "string", pattern: FORMAT_OF_MAJOR },
      version: { type: "string", pattern: "^[0-9]+\\.[0-9]+\\.[0-9]+$" },
      files: {
        type: "array",
        items: {
          type: "object",
          required: ["path", "sha256", "protocol", "message", "numberOfTests"],
          ...closed(strict),
          properties: {
            path: { type: "string", pattern: "^(iggy|kafka)/[a-z0-9_]+\\.json$" },
            sha256: { type: "string", pattern: "^[0-9a-f]{64}$" },
            protocol: { enum: ["iggy", "kafka"] },
            message: { type: "string", minLength: 1 },
            numberOfTests: { type: "integer", minimum: 0 },
            valueSchema: {
              type: "string",
              pattern: "^schema/values/(iggy|kafka)/[a-z0-9_]+\\.schema\\.json$",
            },
          },
        },
      },
    },
  };
}
