/**
 * Bare protocol numbers in documentation examples, where a named constant exists: an API key or
 * command code as the first argument of a call that takes one (`encodeRequest(3, …)`), compared
 * with a decoded key (`req.apiKey === 3`) or listed in an ApiVersions body (`apiKey: 3`), and the
 * numeric settings of records and requests (`compression: 4`, `acks: -1`, `isolationLevel: 1`,
 * `timestampType: 1`). Examples should say `ApiKey.Metadata`, `CommandCode.Ping`,
 * `Compression.Zstd`, `Acks.All`, `IsolationLevel.ReadCommitted`, `TimestampType.LogAppendTime`.
 *
 * @module
 */

/** One bare number found. */
export interface MagicNumber {
  /** 1-based line within the example. */
  line: number;
  /** The matched text. */
  text: string;
  /** The constant to use instead. */
  use: string;
}

/** Calls whose first argument is a Kafka API key or an Iggy command code. */
const KEYED_CALLS = [
  "encodeRequest",
  "encodeResponse",
  "decodeResponse",
  "encodeRequestBody",
  "decodeRequestBody",
  "encodeResponseBody",
  "decodeResponseBody",
  "decodeResponseBodyOrNull",
  "writeRequestBody",
  "apiInfo",
  "requestHeaderVersion",
  "responseHeaderVersion",
  "supportedVersions",
  "pickVersion",
  "commandCodecs",
  "encodeRequestFrame",
  "frameRequest",
  "request",
  "version",
];

const RULES: { re: RegExp; use: string }[] = [
  {
    re: new RegExp(`\\b(?:${KEYED_CALLS.join("|")})\\(\\s*-?\\d+\\s*[,)]`, "g"),
    use: "ApiKey.* / CommandCode.*",
  },
  { re: /writeRequestHeader\(\s*\w+\s*,\s*\d+\s*,/g, use: "CommandCode.*" },
  { re: /\b(?:apiKey|code)\s*===?\s*\d+\b/g, use: "ApiKey.* / CommandCode.*" },
  { re: /\bapiKey:\s*\d+\b/g, use: "ApiKey.*" },
  { re: /\bcompression:\s*[1-9]\b/g, use: "Compression.*" },
  { re: /\backs:\s*-?\d+\b/g, use: "Acks.*" },
  { re: /\bisolationLevel:\s*\d+\b/g, use: "IsolationLevel.*" },
  { re: /\btimestampType:\s*\d+\b/g, use: "TimestampType.*" },
];

/** The bare numbers of one example's code. */
export function findMagicNumbers(code: string): MagicNumber[] {
  const out: MagicNumber[] = [];
  const lines = code.split("\n");
  for (let i = 0; i < lines.length; i++) {
    // Comments may name numbers (`// 12 orders`); only code counts.
    const line = lines[i].replace(/\/\/.*$/, "");
    for (const { re, use } of RULES) {
      for (const m of line.matchAll(re)) out.push({ line: i + 1, text: m[0], use });
    }
  }
  return out;
}
