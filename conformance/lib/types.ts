/**
 * The wirevec v1 vector format as TypeScript types (vectors/README.md is the prose,
 * vectors/schema/wirevec-v1.schema.json the schema).
 *
 * @module
 */

/** Who produced the bytes of a group, or which reference a file conforms to. */
export interface Source {
  name: string;
  version: string;
  sha256?: string;
}

/** Expected rejection. */
export interface VectorError {
  code: string;
  offset?: number;
  detail?: string;
}

/** One test. */
export interface VectorTest {
  tcId: number;
  name: string;
  comment?: string;
  flags?: string[];
  op?: "roundtrip" | "decode" | "encode";
  hex?: string;
  file?: { path: string; sha256: string; length: number };
  value?: unknown;
  result: "valid" | "invalid" | "acceptable" | "limit";
  /** Who laid the bytes out: the reference's encoder (default) or the oracle itself. */
  provenance?: "reference" | "oracle-layout";
  /** Who chose `error.code`: the reference's rejection through the oracle's table (default), or the oracle. */
  codeSource?: "reference" | "oracle";
  canonical?: boolean;
  error?: VectorError;
  level?: "required" | "recommended";
  options?: Record<string, unknown>;
}

/** Tests sharing direction, version and framing. */
export interface VectorGroup {
  direction: "request" | "response" | "data";
  version?: number;
  framing: "body" | "header+body" | "frame";
  headerVersion?: number;
  source: Source;
  comment?: string;
  tests: VectorTest[];
}

/** A whole vector file. */
export interface VectorFile {
  schema: "wirevec-v1.schema.json";
  protocol: "iggy" | "kafka";
  message: string;
  apiKey?: number;
  commandCode?: number;
  upstream: Source;
  numberOfTests: number;
  header?: string[];
  notes?: Record<string, { bugType: string; description: string }>;
  testGroups: VectorGroup[];
}

/** One entry of vectors/manifest.json. */
export interface ManifestEntry {
  path: string;
  sha256: string;
  protocol: "iggy" | "kafka";
  message: string;
  numberOfTests: number;
}

/** vectors/manifest.json. */
export interface Manifest {
  schemaVersion: "wirevec-v1";
  files: ManifestEntry[];
}

/** What an adapter is told about the test it runs. */
export interface CaseContext {
  file: VectorFile;
  group: VectorGroup;
  test: VectorTest;
}

/**
 * How the runner reaches a codec for one `message` of one protocol. Values cross this
 * boundary in their JSON form (vectors/README.md "Values in JSON"): adapters convert between
 * that form and the library's typed values (bigint, Uint8Array, …).
 */
export interface MessageAdapter {
  /** Decodes `bytes` as the group says (direction, version, framing) and returns the JSON form. */
  decode(bytes: Uint8Array, ctx: CaseContext): unknown;
  /** Encodes the JSON-form `value`; absent when the message has no encoder (e.g. a checksum). */
  encode?(value: unknown, ctx: CaseContext): Uint8Array;
}

/** Adapters of one protocol, by `message`. */
export type ProtocolAdapters = Record<string, MessageAdapter>;
