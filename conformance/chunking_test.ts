/**
 * Every incremental frame decoder (Kafka's `FrameDecoder`, Iggy's request and response decoders
 * in both layouts, the consensus `ConsensusFrameAssembler`, all over the one `FrameAssembler` of
 * src/wire) must take time linear in the bytes pushed whatever the chunking, and must not
 * reserve a frame's announced size before its bytes arrive.
 *
 * Time is process CPU time (`process.cpuUsage`, user + system), measured in this process, as
 * ratios: an 8 MiB frame pushed in 1-byte chunks, and in random chunk sizes, against the same
 * frame pushed whole (as two chunks, so that the decoder copies every byte once: the least work a
 * split frame costs). A quadratic decoder is caught twice: by the ratio bound, and by comparing
 * 1 MiB against 8 MiB in 1-byte chunks (linear: ×8; quadratic: ×64). Set `CHUNKING_REPORT=1`
 * to print the measured figures.
 */

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import process from "node:process";
import { FrameDecoder } from "../src/kafka/frame.ts";
import {
  encodeRequestFrame,
  encodeResponseFrame,
  type FrameLayout,
  RequestFrameDecoder,
  ResponseFrameDecoder,
} from "../src/iggy/framing.ts";
import { ConsensusFrameAssembler } from "../src/iggy/session/frames.ts";
import { Rng } from "./differential/_rng.ts";
import { countAllocations } from "./lib/alloc.ts";

const MiB = 1024 * 1024;

/** One decoder under test: makes a fresh decoder that counts the frames it completed. */
interface Subject {
  name: string;
  /** A whole frame with a payload of `n` bytes. */
  frame(n: number): Uint8Array;
  /** A fresh decoder: `push` returns how many frames the chunk completed. */
  decoder(): { push(chunk: Uint8Array): number; buffered: number };
}

function kafkaFrame(n: number): Uint8Array {
  const out = new Uint8Array(4 + n);
  new DataView(out.buffer).setInt32(0, n);
  for (let i = 4; i < out.length; i += 4093) out[i] = i & 0xff;
  return out;
}

function iggy(kind: "request" | "response", layout: FrameLayout): Subject {
  return {
    name: `Iggy ${kind} decoder, ${layout} layout`,
    frame: (n) => {
      const payload = new Uint8Array(n);
      for (let i = 0; i < n; i += 4093) payload[i] = i & 0xff;
      return kind === "request"
        ? encodeRequestFrame(7, 9n, payload, layout)
        : encodeResponseFrame(0, 9n, payload, layout);
    },
    decoder: () => {
      const d = kind === "request"
        ? new RequestFrameDecoder({ layout, maxFrameBytes: 100 * MiB })
        : new ResponseFrameDecoder({ layout, maxFrameBytes: 100 * MiB });
      return {
        push: (chunk: Uint8Array) => d.push(chunk).length,
        get buffered() {
          return d.buffered;
        },
      };
    },
  };
}

const SUBJECTS: Subject[] = [
  {
    name: "Kafka FrameDecoder",
    frame: kafkaFrame,
    decoder: () => {
      const d = new FrameDecoder();
      return {
        push: (chunk) => d.push(chunk).length,
        get buffered() {
          return d.buffered;
        },
      };
    },
  },
  iggy("request", "crate"),
  iggy("request", "legacy"),
  iggy("response", "crate"),
  iggy("response", "legacy"),
  {
    name: "Iggy ConsensusFrameAssembler",
    frame: consensusFrame,
    decoder: () => {
      const d = new ConsensusFrameAssembler({ maxFrameBytes: 100 * MiB });
      return {
        push: (chunk) => d.push(chunk).length,
        get buffered() {
          return d.buffered;
        },
      };
    },
  },
];

/** A 256-byte consensus header whose `size` covers a body of `n` bytes (the assembler reads only `size`). */
function consensusFrame(n: number): Uint8Array {
  const out = new Uint8Array(256 + n);
  new DataView(out.buffer).setUint32(48, out.length, true);
  for (let i = 256; i < out.length; i += 4093) out[i] = i & 0xff;
  return out;
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** CPU ms to push `frame` cut at `cuts` (ascending, inside the frame); checks one frame came out. */
function timeFeed(s: Subject, frame: Uint8Array, cut: (frame: Uint8Array) => Generator<Uint8Array>): number {
  const d = s.decoder();
  const t0 = cpuMs();
  let frames = 0;
  for (const chunk of cut(frame)) frames += d.push(chunk);
  const ms = cpuMs() - t0;
  assert.equal(frames, 1, `${s.name}: one frame out`);
  assert.equal(d.buffered, 0);
  return ms;
}

function* halves(f: Uint8Array): Generator<Uint8Array> {
  yield f.subarray(0, f.length >>> 1);
  yield f.subarray(f.length >>> 1);
}

function* bytewise(f: Uint8Array): Generator<Uint8Array> {
  for (let i = 0; i < f.length; i++) yield f.subarray(i, i + 1);
}

/** Chunk sizes from 1 byte to 64 KiB, log-uniform (as often tiny as large), from a fixed seed. */
function randomCuts(seed: number) {
  return function* (f: Uint8Array): Generator<Uint8Array> {
    const rng = new Rng(seed);
    let p = 0;
    while (p < f.length) {
      const size = Math.max(1, Math.floor(2 ** ((rng.u32() / 4294967296) * 16)));
      yield f.subarray(p, p + size);
      p += size;
    }
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

const report = process.env.CHUNKING_REPORT === "1";

describe("incremental frame decoders take linear time whatever the chunking", () => {
  for (const s of SUBJECTS) {
    it(`${s.name}: an 8 MiB frame in 1-byte and random chunks, CPU time relative to pushing it whole`, {
      timeout: 300_000,
    }, () => {
      const big = s.frame(8 * MiB);
      const small = s.frame(1 * MiB);
      // A quadratic decoder is stopped here, on the small sizes (linear: ×4, quadratic: ×16).
      const quarter = median([0, 1, 2].map(() => timeFeed(s, s.frame(MiB / 4), bytewise)));
      const first = timeFeed(s, small, bytewise);
      assert.ok(first <= 10 * Math.max(quarter, 5), `${s.name}: 1 MiB ${first} ms, 256 KiB ${quarter} ms`);
      const whole = median([0, 1, 2, 3, 4].map(() => timeFeed(s, big, halves)));
      const oneMiB = median([0, 1, 2].map(() => timeFeed(s, small, bytewise)));
      const oneByte = timeFeed(s, big, bytewise);
      const random = median([1, 2, 3].map((seed) => timeFeed(s, big, randomCuts(seed))));
      // Floors keep the ratios meaningful on a coarse clock (a few ms).
      const base = Math.max(whole, 5);
      const line = `${s.name}: whole ${whole.toFixed(1)} ms, random ${random.toFixed(1)} ms ` +
        `(×${(random / base).toFixed(1)}), 1-byte ${oneByte.toFixed(0)} ms (×${
          (oneByte / base).toFixed(0)
        }), ` +
        `1-byte 8 MiB / 1 MiB ×${(oneByte / Math.max(oneMiB, 1)).toFixed(1)}`;
      if (report) console.log(line);
      // 1-byte chunks cost a call per byte; linear decoders measure ×100–×900 here, a quadratic
      // one (the old Iggy decoder) did not finish in 120 s, i.e. above ×20 000.
      assert.ok(oneByte <= 3000 * base, line);
      assert.ok(random <= 40 * base, line);
      // Linear: ×8. Quadratic: ×64.
      assert.ok(oneByte <= 24 * Math.max(oneMiB, 5), line);
    });
  }
});

describe("frame decoders do not reserve an announced size before the bytes arrive", () => {
  /** Prefixes announcing the largest frame each decoder accepts by default, plus a few bytes. */
  const prefixes: {
    name: string;
    make: () => { push(c: Uint8Array): number; buffered: number };
    bytes: Uint8Array;
  }[] = [
    {
      name: "Kafka FrameDecoder (100 MiB - 1 announced)",
      make: SUBJECTS[0].decoder,
      bytes: Uint8Array.from([0x06, 0x3f, 0xff, 0xff, 0x00, 1, 2, 3]),
    },
    {
      name: "Iggy request decoder (100 MiB announced)",
      make: SUBJECTS[1].decoder,
      bytes: Uint8Array.from([0xfc, 0xff, 0x3f, 0x06, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 9]),
    },
    {
      name: "Iggy response decoder (100 MiB announced)",
      make: SUBJECTS[3].decoder,
      bytes: Uint8Array.from([0, 0, 0, 0, 0xf8, 0xff, 0x3f, 0x06, 1, 0, 0, 0, 0, 0, 0, 0, 9]),
    },
    {
      name: "Iggy ConsensusFrameAssembler (100 MiB announced)",
      make: SUBJECTS[5].decoder,
      bytes: (() => {
        const b = consensusFrame(0);
        new DataView(b.buffer).setUint32(48, 100 * MiB, true);
        return Uint8Array.from([...b, 1, 2, 3]);
      })(),
    },
  ];
  for (const p of prefixes) {
    it(`${p.name}: 64 decoders holding a claimed-size prefix allocate < 8 KiB each`, () => {
      const held: { buffered: number }[] = [];
      const { bytes, largest } = countAllocations(() => {
        for (let i = 0; i < 64; i++) {
          const d = p.make();
          assert.equal(d.push(p.bytes), 0);
          // Byte by byte too: the split prefix must not allocate the body either.
          const d2 = p.make();
          for (const b of p.bytes) d2.push(Uint8Array.of(b));
          held.push(d, d2);
        }
      });
      if (report) console.log(`${p.name}: 128 decoders allocated ${bytes} bytes, largest ${largest}`);
      assert.ok(bytes < 128 * 8192, `allocated ${bytes} bytes`);
      for (const d of held) assert.ok(d.buffered > 0 && d.buffered <= p.bytes.length);
    });
  }

  it("the allocation counter sees an up-front reservation (the test can fail)", () => {
    const { bytes } = countAllocations(() => new Uint8Array(100 * MiB).length);
    assert.ok(bytes >= 100 * MiB);
  });
});
