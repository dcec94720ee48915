/**
 * The costs behind bench/README.md's "Where the engines set the limit": making a `Uint8Array`
 * view of an existing buffer, each way an engine offers (and a copy, for comparison), and a
 * fresh allocation of the Iggy SendMessages output's size. One process, the round runner of
 * bench/_rounds.ts (CPU-time clock); units are views per second, and bytes of fresh array per second.
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
const FILL = new Uint8Array(148_000).fill(7);
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
    units: 148_000,
    unit: "B",
    fn: () => {
      const a = new Uint8Array(148_000);
      a[a.length - 1] = 1;
      return a[0];
    },
  },
  {
    // What an encoder returning a new array pays: every page of it written (the faults of
    // fresh memory, counted in the system part of the CPU clock).
    family: "a fresh array of the SendMessages output's size (148 KB)",
    name: "new Uint8Array(148_000), filled by one set",
    units: 148_000,
    unit: "B",
    fn: () => {
      const a = new Uint8Array(148_000);
      a.set(FILL);
      return a[0];
    },
  },
];
printRun("view and allocation costs", await runRounds(cases));
