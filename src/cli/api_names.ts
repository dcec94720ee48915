/**
 * What `--api` accepts: Kafka API names (`Metadata`, as `ApiKey` spells them), Iggy command
 * names both as the library's `CommandCode` spells them (`SendMessages`) and as the crate's
 * dotted names the inspector prints (`message.send`), the inspector's own `SaslToken`, and
 * numbers (a Kafka API key or an Iggy command code) — any case, several separated by commas.
 * An unknown name is refused with the list of known ones.
 *
 * @module
 */

import { API_LIST } from "../kafka/messages/_table.ts";
import { CommandCode } from "../iggy/command_codes.ts";
import { lookupCommand } from "../iggy/command_table.ts";
import type { InspectedMessage } from "./message.ts";

/** Names the inspector gives messages that are neither a Kafka API nor an Iggy command. */
const OWN_NAMES = ["SaslToken"];

/** Which messages an `--api` value selects. */
export interface ApiSelection {
  /** Kafka API keys. */
  kafka: Set<number>;
  /** Iggy command codes. */
  iggy: Set<number>;
  /** Message names (the inspector's own, lower case). */
  names: Set<string>;
}

let byName: Map<string, { kafka?: number; iggy?: number; name?: string }> | undefined;

function table(): Map<string, { kafka?: number; iggy?: number; name?: string }> {
  if (byName) return byName;
  byName = new Map();
  for (const a of API_LIST) byName.set(a.name.toLowerCase(), { kafka: a.apiKey });
  for (const [name, code] of Object.entries(CommandCode)) {
    byName.set(name.toLowerCase(), { iggy: code });
    const dotted = lookupCommand(code)?.name;
    if (dotted) byName.set(dotted.toLowerCase(), { iggy: code });
  }
  for (const n of OWN_NAMES) byName.set(n.toLowerCase(), { name: n.toLowerCase() });
  return byName;
}

/**
 * The known names, for the error text: Kafka APIs, then Iggy commands with their dotted names.
 *
 * @example
 * ```ts
 * import { knownApiNames } from "@streamwire/codec/cli";
 * console.log(knownApiNames().startsWith("Kafka: Produce, Fetch")); // true
 * ```
 */
export function knownApiNames(): string {
  const kafka = API_LIST.map((a) => a.name).join(", ");
  const iggy = Object.entries(CommandCode).map(([n, c]) => `${n} (${lookupCommand(c)?.name ?? c})`).join(
    ", ",
  );
  return `Kafka: ${kafka}\nIggy: ${iggy}\nother: ${OWN_NAMES.join(", ")}`;
}

/**
 * Parses an `--api` value; throws a `RangeError` naming the unknown name and listing the
 * known ones.
 *
 * @example
 * ```ts
 * import { parseApiSelection } from "@streamwire/codec/cli";
 * const s = parseApiSelection("SendMessages,metadata");
 * console.log([...s.iggy], [...s.kafka]); // [ 101 ] [ 3 ]
 * ```
 */
export function parseApiSelection(text: string): ApiSelection {
  const out: ApiSelection = { kafka: new Set(), iggy: new Set(), names: new Set() };
  for (const part of text.split(",").map((s) => s.trim()).filter((s) => s !== "")) {
    if (/^\d+$/.test(part)) {
      out.kafka.add(Number(part));
      out.iggy.add(Number(part));
      continue;
    }
    const hit = table().get(part.toLowerCase());
    if (!hit) throw new RangeError(`unknown API or command "${part}"; known names:\n${knownApiNames()}`);
    if (hit.kafka !== undefined) out.kafka.add(hit.kafka);
    if (hit.iggy !== undefined) out.iggy.add(hit.iggy);
    if (hit.name !== undefined) out.names.add(hit.name);
  }
  if (out.kafka.size + out.iggy.size + out.names.size === 0) throw new RangeError("no API or command given");
  return out;
}

/**
 * Whether `m` is one of the selected APIs or commands.
 *
 * @example
 * ```ts
 * import { Inspector, parseApiSelection, selects } from "@streamwire/codec/cli";
 * import { ApiKey, encodeRequest } from "@streamwire/codec/kafka";
 * const frame = encodeRequest(ApiKey.Metadata, 12, { correlationId: 1, clientId: "c" }, { topics: null }, { sizePrefix: true });
 * const [m] = new Inspector().stream("request", frame, 0);
 * console.log(selects(parseApiSelection("metadata"), m), selects(parseApiSelection("Fetch"), m)); // true false
 * ```
 */
export function selects(s: ApiSelection, m: InspectedMessage): boolean {
  if (m.protocol === "kafka" && m.apiKey !== undefined && s.kafka.has(m.apiKey)) return true;
  if (m.protocol === "iggy" && m.command !== undefined && s.iggy.has(m.command)) return true;
  return s.names.has(m.name.toLowerCase());
}
