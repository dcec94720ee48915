/**
 * Bookkeeping of the broker suite: the `api x version x broker` matrix, checks that attribute
 * a failure to the API whose request failed, and the walk over a response that finds every
 * error code the broker set.
 *
 * @module
 */

import process from "node:process";
import { apiInfo } from "../../src/kafka/api.ts";
import { errorName } from "../../src/kafka/_generated/errors.ts";

/** One cell of the matrix: an API at one version against one broker. */
export interface Cell {
  broker: string;
  apiKey: number;
  api: string;
  version: number;
  passed: string[];
  failed: string[];
}

/** A request that failed: a broker error code we did not expect, a decode error, or a wrong value. */
export class ApiFailure extends Error {
  readonly apiKey: number;
  readonly version: number;
  constructor(apiKey: number, version: number, message: string) {
    super(message);
    this.name = "ApiFailure";
    this.apiKey = apiKey;
    this.version = version;
  }
}

/** An error code found in a response, with where it was. */
export interface FoundError {
  path: string;
  code: number;
}

/**
 * Every non-zero `errorCode`-like field (errorCode, partitionErrorCode, topicConfigErrorCode …)
 * anywhere in a decoded response.
 */
export function findErrorCodes(value: unknown, path = "", out: FoundError[] = []): FoundError[] {
  if (value === null || typeof value !== "object" || value instanceof Uint8Array) return out;
  if (Array.isArray(value)) {
    value.forEach((v, i) => findErrorCodes(v, `${path}[${i}]`, out));
    return out;
  }
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === "number" && /errorcode$/i.test(k)) {
      if (v !== 0) out.push({ path: path === "" ? k : `${path}.${k}`, code: v });
    } else if (typeof v === "object") {
      findErrorCodes(v, path === "" ? k : `${path}.${k}`, out);
    }
  }
  return out;
}

/** `NAME(code) at path` for messages. */
export function describeErrors(errors: readonly FoundError[]): string {
  return errors.map((e) => `${errorName(e.code)}(${e.code}) at ${e.path}`).join(", ");
}

/** The matrix of one broker run. */
export class Matrix {
  readonly broker: string;
  readonly cells = new Map<string, Cell>();
  readonly notes: string[] = [];

  constructor(broker: string) {
    this.broker = broker;
  }

  #cell(apiKey: number, version: number): Cell {
    const key = `${apiKey}:${version}`;
    let c = this.cells.get(key);
    if (c === undefined) {
      c = {
        broker: this.broker,
        apiKey,
        api: apiInfo(apiKey)?.name ?? `key${apiKey}`,
        version,
        passed: [],
        failed: [],
      };
      this.cells.set(key, c);
    }
    return c;
  }

  pass(apiKey: number, version: number, what: string): void {
    this.#cell(apiKey, version).passed.push(what);
  }

  fail(apiKey: number, version: number, what: string): void {
    this.#cell(apiKey, version).failed.push(what);
  }

  /**
   * Runs one check of `apiKey` at `version`. A failure raised by another request inside it is
   * recorded against that request's cell too, so the matrix shows which API broke.
   */
  async check(
    apiKey: number,
    version: number,
    what: string,
    fn: () => void | Promise<void>,
  ): Promise<boolean> {
    try {
      await fn();
      this.pass(apiKey, version, what);
      return true;
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      if (e instanceof ApiFailure && (e.apiKey !== apiKey || e.version !== version)) {
        this.fail(e.apiKey, e.version, `${what}: ${msg}`);
        this.fail(apiKey, version, `${what}: blocked by ${apiInfo(e.apiKey)?.name} v${e.version}: ${msg}`);
      } else {
        this.fail(apiKey, version, `${what}: ${msg}`);
      }
      if (process.env.BROKER_DEBUG && e instanceof Error) console.error(e.stack);
      return false;
    }
  }

  note(text: string): void {
    this.notes.push(text);
  }

  sorted(): Cell[] {
    return [...this.cells.values()].sort((a, b) => a.apiKey - b.apiKey || a.version - b.version);
  }
}

/** Prints the matrix of one or more brokers: one line per API and version, one column per broker. */
export function printMatrix(cells: readonly Cell[], verbose: boolean): { passed: number; failed: number } {
  const brokers = [...new Set(cells.map((c) => c.broker))];
  const rows = new Map<string, Map<string, Cell>>();
  for (const c of [...cells].sort((a, b) => a.apiKey - b.apiKey || a.version - b.version)) {
    const k = `${c.apiKey}:${c.version}`;
    if (!rows.has(k)) rows.set(k, new Map());
    rows.get(k)!.set(c.broker, c);
  }
  const w = 34;
  console.log(`\n${"api (key) v".padEnd(w)}${brokers.map((b) => b.padEnd(14)).join("")}`);
  let passed = 0;
  let failed = 0;
  for (const byBroker of rows.values()) {
    const any = [...byBroker.values()][0];
    const label = `${any.api} (${any.apiKey}) v${any.version}`;
    const cols = brokers.map((b) => {
      const c = byBroker.get(b);
      if (c === undefined) return "-".padEnd(14);
      const ok = c.failed.length === 0;
      if (ok) passed++;
      else failed++;
      return `${ok ? "pass" : "FAIL"} (${c.passed.length + c.failed.length})`.padEnd(14);
    });
    console.log(`${label.padEnd(w)}${cols.join("")}`);
    for (const c of byBroker.values()) {
      for (const f of c.failed) console.log(`    ${c.broker}: FAIL ${f}`);
      if (verbose) { for (const p of c.passed) console.log(`    ${c.broker}: ok ${p}`); }
    }
  }
  return { passed, failed };
}
