/**
 * The costs behind bench/README.md's "Where the engines set the limit": making a `Uint8Array`
 * view of an existing buffer, each way an engine offers (and a copy, for comparison), and a
 * fresh allocation of the Iggy SendMessages output's size. One process, the round runner of
 * bench/_rounds.ts (CPU-time clock); units are views (or arrays) per second.
 *
 * `deno run -A bench/view_cost.ts`, `npx bun bench/view_cost.ts`.
 *
 * @module
 */

import { type Case, printRun, runRounds } from "./_rounds.ts";

const N = 1000;
const ab = new ArrayBuffer(130_000);
const u8 = new Uint8Array(ab, 8);
const NodeBuffer =
  (globalThis as { Buffer?: { from(b: ArrayBuffer, o: number, l: number): Uint8Array } }).Buffer;
const VIEW = "one 100-byte view of an existing buffer, per view";
const view = (name: string, make: (o: number) => { byteLength: number }): Case => ({
  family: VIEW,
  name,
  units: N,
  unit: "view",
  fn: () => {
    let t = 0;
    for (let i = 0; i < N; i++) t += make(i * 120).byteLength;
    return t;
  },
});
const cases: Case[] = [
  view("new Uint8Array(buffer, offset, length)", (o) => new Uint8Array(ab, 8 + o, 100)),
  view("subarray", (o) => u8.subarray(o, o + 100)),
  view("new DataView(buffer, offset, length)", (o) => new DataView(ab, 8 + o, 100)),
  view("slice (a copy)", (o) => u8.slice(o, o + 100)),
  view("new Uint8Array(100) (fresh, not a view)", () => new Uint8Array(100)),
  ...(NodeBuffer
    ? [view("Buffer.from(buffer, offset, length)", (o) => NodeBuffer.from(ab, 8 + o, 100))]
    : []),
  {
    family: "a fresh array of the SendMessages output's size (148 KB)",
    name: "new Uint8Array(148_000), last byte written",
    units: 1,
    unit: "array",
    fn: () => {
      const a = new Uint8Array(148_000);
      a[a.length - 1] = 1;
      return a[0];
    },
  },
];
printRun("view and allocation costs", await runRounds(cases));
