/**
 * Finds the pinned jars (fetching them with Maven when missing), checks their sha256, reads
 * `common/message/*.json` and merges the two releases into one list of messages.
 *
 * @module
 */

import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { listZip, readZipEntry } from "./zip.ts";
import { mergeMessage, type MMessage, type RawSpec, stripComments } from "./schema.ts";

/** One pinned jar of tools/codegen/inputs.json. */
export interface JarInput {
  label: string;
  artifact: string;
  path: string;
  sha256: string;
}

/** The specs of one release, by file name. */
export interface Release {
  label: string;
  specs: RawSpec[];
}

/** Reads and verifies one jar, returning its message specs. */
export function loadRelease(jar: JarInput): Release {
  const repo = process.env.MAVEN_REPO ?? join(homedir(), ".m2", "repository");
  const file = join(repo, jar.path);
  if (!existsSync(file)) {
    console.error(`codegen: ${jar.artifact} not in ${repo}; fetching it with Maven`);
    execFileSync("mvn", ["-q", "dependency:get", `-Dartifact=${jar.artifact}`], { stdio: "inherit" });
  }
  const bytes = new Uint8Array(readFileSync(file));
  const sha = createHash("sha256").update(bytes).digest("hex");
  if (sha !== jar.sha256) {
    throw new Error(`codegen: ${file} has sha256 ${sha}, inputs.json pins ${jar.sha256}`);
  }
  const dec = new TextDecoder("utf-8", { fatal: true });
  const specs: RawSpec[] = [];
  for (const e of listZip(bytes)) {
    if (!/^common\/message\/[^/]+\.json$/.test(e.name)) continue;
    specs.push(JSON.parse(stripComments(dec.decode(readZipEntry(bytes, e)))) as RawSpec);
  }
  specs.sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  return { label: jar.label, specs };
}

/** A request/response pair or a lone data/header schema after the merge. */
export interface ApiPair {
  apiKey: number;
  name: string;
  request: MMessage;
  response: MMessage;
}

/** Everything the emitter needs. */
export interface Model {
  apis: ApiPair[];
  others: MMessage[];
}

/** Merges `newer` and `older`: every key either defines, every version either accepts. */
export function buildModel(newer: Release, older: Release): Model {
  const live = (s: RawSpec) => s.validVersions !== "none";
  const byKey = (rel: Release, type: string) => {
    const m = new Map<number, RawSpec>();
    for (const s of rel.specs) if (s.type === type && s.apiKey !== undefined && live(s)) m.set(s.apiKey, s);
    return m;
  };
  const apis: ApiPair[] = [];
  const nReq = byKey(newer, "request");
  const nRes = byKey(newer, "response");
  const oReq = byKey(older, "request");
  const oRes = byKey(older, "response");
  const keys = [...new Set([...nReq.keys(), ...oReq.keys()])].sort((a, b) => a - b);
  for (const k of keys) {
    const request = mergeMessage(nReq.get(k), newer.label, oReq.get(k), older.label);
    const response = mergeMessage(nRes.get(k), newer.label, oRes.get(k), older.label);
    // Responses carry no unstable flag of their own; the request's applies (the versions pair up).
    response.unstable = request.unstable;
    if (request.valid !== response.valid) throw new Error(`key ${k}: request and response versions differ`);
    apis.push({ apiKey: k, name: request.name.replace(/Request$/, ""), request, response });
  }
  const others: MMessage[] = [];
  const names = new Set<string>();
  for (const rel of [newer, older]) {
    for (const s of rel.specs) {
      if (s.type !== "request" && s.type !== "response" && live(s)) names.add(s.name);
    }
  }
  for (const n of [...names].sort()) {
    const a = newer.specs.find((s) => s.name === n && live(s));
    const b = older.specs.find((s) => s.name === n && live(s));
    others.push(mergeMessage(a, newer.label, b, older.label));
  }
  return { apis, others };
}
