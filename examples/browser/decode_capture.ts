/// <reference lib="dom" />
/**
 * Decoding a capture in a browser page (index.html beside this file): the same inspector as the
 * `streamwire inspect` command, on the bytes of a file the user picks. Bundle it for the page:
 *   npx esbuild examples/browser/decode_capture.ts --bundle --format=iife --outfile=examples/browser/decode_capture.js
 */
import { CaptureReader, type InspectedMessage, Inspector, prettyLine, Summary } from "@streamwire/codec/cli";

/** Decodes a whole capture; returns the messages and the per-API summary table. */
export function decodeCapture(bytes: Uint8Array): { messages: InspectedMessage[]; table: string } {
  const inspector = new Inspector({ sniff: true });
  const reader = new CaptureReader();
  const messages: InspectedMessage[] = [];
  for (const packet of reader.push(bytes)) messages.push(...inspector.packet(packet));
  messages.push(...inspector.finish());
  if (reader.pending > 0) throw new Error(`the capture ends inside a block (${reader.pending} bytes)`);
  const summary = new Summary();
  for (const m of messages) summary.add(m);
  return { messages, table: summary.table() };
}

/** Shows `bytes` decoded in the page; returns how many messages it found and how many failed. */
function show(bytes: Uint8Array): { messages: number; undecoded: number } {
  const text = (id: string, value: string) => void (document.getElementById(id)!.textContent = value);
  try {
    const { messages, table } = decodeCapture(bytes);
    const undecoded = messages.filter((m) => m.error).length;
    text("status", `${messages.length} messages, ${undecoded} not decoded`);
    text("summary", table);
    text("messages", messages.map(prettyLine).join("\n"));
    return { messages: messages.length, undecoded };
  } catch (e) {
    text("status", `not a capture this page can read: ${e instanceof Error ? e.message : e}`);
    return { messages: 0, undecoded: 0 };
  }
}

document.getElementById("file")!.addEventListener("change", async (e) => {
  const file = (e.target as HTMLInputElement).files?.[0];
  if (file) show(new Uint8Array(await file.arrayBuffer()));
});
// For scripts driving the page (examples/_ci/browser.ts hands it a capture this way).
(globalThis as { showCapture?: typeof show }).showCapture = show;
