// Runs the wirevec Kafka API vectors against @platformatic/kafka (pinned in the repository's
// package.json / package-lock.json). The library has one module per API and version
// (dist/apis/<area>/<api>-v<N>.js) with a request encoder taking API-specific positional
// arguments and a response parser (`parseResponse`), and no request decoder and no response
// encoder: responses are decoded (decode-only, with the library's reader checked to have consumed
// every byte), requests are unsupported. Reads only vectors/; prints one JSON line per test.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const dist = dirname(require.resolve("@platformatic/kafka")); // dist/index.js
const { Reader } = await import(pathToFileURL(join(dist, "protocol/reader.js")).href);
const { ResponseError } = await import(pathToFileURL(join(dist, "errors.js")).href);

// "<api>-v<N>" -> module path, over every area folder.
const modules = new Map();
for (const area of readdirSync(join(dist, "apis"), { withFileTypes: true })) {
  if (!area.isDirectory()) continue;
  for (const name of readdirSync(join(dist, "apis", area.name))) {
    if (/-v\d+\.js$/.test(name)) modules.set(name.slice(0, -3), join(dist, "apis", area.name, name));
  }
}
const kebab = (s) =>
  s.replace(/([a-z0-9])([A-Z])/g, "$1-$2").replace(/([A-Z])([A-Z][a-z])/g, "$1-$2").toLowerCase();

const dir = process.argv[2] ?? "vectors";
const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
const out = [];
for (const f of manifest.files) {
  if (f.protocol !== "kafka") continue;
  const vf = JSON.parse(readFileSync(join(dir, f.path), "utf8"));
  if (vf.apiKey === undefined) continue;
  for (const g of vf.testGroups) {
    if (g.framing !== "body" || g.version === undefined || !["request", "response"].includes(g.direction)) {
      continue;
    }
    const path = modules.get(`${kebab(vf.message)}-v${g.version}`);
    const mod = path && existsSync(path) ? await import(pathToFileURL(path).href) : undefined;
    for (const t of g.tests) {
      const o = { file: f.path, tcId: t.tcId, name: t.name, direction: g.direction, version: g.version };
      const bytes = t.hex !== undefined ? Buffer.from(t.hex, "hex") : readFileSync(join(dir, t.file.path));
      if (g.direction === "request") {
        o.outcome = "unsupported";
        o.detail = "no request decoder (request encoders take API-specific arguments)";
      } else if (!mod?.parseResponse) {
        o.outcome = "unsupported";
        o.detail = "no module for this API/version";
      } else {
        const reader = Reader.from(bytes);
        try {
          try {
            mod.parseResponse(0, vf.apiKey, g.version, reader);
          } catch (e) {
            // A response carrying error codes is parsed, then thrown with the parsed value.
            if (!(e instanceof ResponseError)) throw e;
          }
          if (reader.remaining !== 0) throw new Error(`parsed, ${reader.remaining} bytes left unread`);
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
