// What the two JavaScript judges (kafkajs/, platformatic-kafka/) share: the command line, the
// step lines and the closing line, the session deadline, a bounded wait, and the records every
// judge produces (README.md). Plain JavaScript with node: imports only, so each judge runs it with
// its own client beside it.
import { parseArgs } from "node:util";

/** A failed expectation: its message is the step's result line. */
export class Check extends Error {}

export function check(ok, message) {
  if (!ok) throw new Check(message);
}

/**
 * The session of judge `name`: its arguments, `step(name, body)` printing one line per step, and
 * `run(banner, body)` that prints the banner, runs the steps under the `--deadline-s` deadline and
 * exits with the closing line `name: N passed, N failed`.
 */
export function judgeSession(name, describeError = (e) => `${e?.name}: ${e?.message}`) {
  const { values: args } = parseArgs({
    options: {
      bootstrap: { type: "string" },
      "sasl-bootstrap": { type: "string" },
      "sasl-user": { type: "string" },
      "sasl-password": { type: "string" },
      "deadline-s": { type: "string", default: "240" },
      records: { type: "string", default: "1000" },
    },
  });
  for (const k of ["bootstrap", "sasl-bootstrap", "sasl-user", "sasl-password"]) {
    if (!args[k]) {
      console.error(`${name}: --${k} is required`);
      process.exit(2);
    }
  }
  const records = Number(args.records);
  const deadlineS = Number(args["deadline-s"]);
  let passed = 0;
  let failed = 0;
  let current = "start";
  return {
    args,
    records,
    deadlineS,
    /** Names topics and groups apart from earlier runs against the same broker. */
    runId: (Date.now() % 1e9).toString(36) + Math.floor(Math.random() * 1296).toString(36),
    async step(stepName, body) {
      current = stepName;
      const start = performance.now();
      let ok = true;
      let detail;
      try {
        detail = await body();
      } catch (e) {
        ok = false;
        detail = e instanceof Check ? e.message : describeError(e);
      }
      ok ? passed++ : failed++;
      const ms = String(Math.round(performance.now() - start)).padStart(6);
      console.log(`${ok ? "ok  " : "FAIL"} ${stepName.padEnd(48)} ${ms} ms  ${detail}`);
    },
    async run(banner, body) {
      const deadline = setTimeout(() => {
        console.log(`FAIL session deadline: ${deadlineS} s passed during step "${current}"`);
        console.log(`${name}: ${passed} passed, ${failed + 1} failed`);
        process.exit(1);
      }, deadlineS * 1000);
      console.log(`${banner}, ${records} records per codec, deadline ${deadlineS} s`);
      await body();
      clearTimeout(deadline);
      console.log(`${name}: ${passed} passed, ${failed} failed`);
      process.exit(failed === 0 ? 0 : 1);
    },
  };
}

/**
 * A bounded wait: `done` resolves once `cond()` holds, re-checked on every `poke()` (the client
 * events that can change it) and, as a backstop, every 250 ms; it rejects after `ms` saying what
 * it waited for (`what()`).
 */
export function waiter(what, cond, ms = 60000) {
  let resolve;
  let reject;
  const done = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  const poke = () => {
    try {
      if (cond()) resolve();
    } catch (e) {
      reject(e);
    }
  };
  const tick = setInterval(poke, 250);
  const timer = setTimeout(() => reject(new Check(`gave up after ${ms} ms waiting for ${what()}`)), ms);
  done.finally(() => {
    clearInterval(tick);
    clearTimeout(timer);
  }).catch(() => {});
  return { done, poke, fail: reject };
}

/**
 * Polls `probe` (for state nothing announces, such as metadata propagation) until it returns true,
 * 100 ms apart, for at most `ms`; then fails saying what it waited for (`what()`).
 */
export async function eventually(what, probe, ms = 30000) {
  const until = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() >= until) throw new Check(`gave up after ${ms} ms waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// --- the records every judge produces (README.md) ---

export const key = (i) => (i % 10 === 3 ? null : `key-${i}`);
export const value = (
  i,
) => (i % 10 === 7 ? null : i % 10 === 5 ? "" : `value-${i}:` + "streamwire ".repeat(i % 13));
/** Record i's headers as [name, value] pairs, in order. */
export function headerPairs(i, codec) {
  if (i % 4 === 0) return [];
  const h = [["i", String(i)], ["codec", codec]];
  if (i % 4 === 3) h.push(["dup", "a"], ["dup", "b"]);
  return h;
}
/** A Buffer (or null / undefined) as text, null kept. */
export const str = (b) => (b === null || b === undefined ? null : b.toString("utf8"));
