// Runs the wirevec Kafka API vectors against kafkajs (pinned in the repository's package.json /
// package-lock.json). kafkajs has a response decoder per API and version
// (src/protocol/requests/<api>/v<N>/response.js `decode`) and no request decoder and no response
// encoder, so responses are decoded (decode-only: outcome "decoded") and requests are
// unsupported. Reads only vectors/; prints one JSON line per test (see ../README.md).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const root = join(dirname(require.resolve("kafkajs/package.json")), "src/protocol/requests");
const dir = process.argv[2] ?? "vectors";
const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
const lowerCamel = (s) => s[0].toLowerCase() + s.slice(1);
const out = [];
for (const f of manifest.files) {
  if (f.protocol !== "kafka") continue;
  const vf = JSON.parse(readFileSync(join(dir, f.path), "utf8"));
  if (vf.apiKey === undefined) continue;
  for (const g of vf.testGroups) {
    if (g.framing !== "body" || g.version === undefined || !["request", "response"].includes(g.direction)) {
      continue;
    }
    const module = join(root, lowerCamel(vf.message), `v${g.version}`, "response.js");
    for (const t of g.tests) {
      const o = { file: f.path, tcId: t.tcId, name: t.name, direction: g.direction, version: g.version };
      const bytes = t.hex !== undefined ? Buffer.from(t.hex, "hex") : readFileSync(join(dir, t.file.path));
      if (g.direction === "request") {
        o.outcome = "unsupported";
        o.detail = "kafkajs has no request decoder";
      } else if (!existsSync(module)) {
        o.outcome = "unsupported";
        o.detail = "no response decoder for this API/version";
      } else if (typeof require(module).decode !== "function") {
        o.outcome = "unsupported";
        o.detail = "response module has no decode function";
      } else {
        try {
          await require(module).decode(bytes);
          o.outcome = "decoded";
        } catch (e) {
          o.outcome = "error";
          o.detail = `${e?.name ?? "Error"}: ${e?.message ?? e}`;
        }
      }
      out.push(JSON.stringify(o));
    }
  }
}
process.stdout.write(out.join("\n") + "\n");
