/**
 * A client of the Rust testee (`conformance/iggy-oracle/src/bin/testee.rs`): one process, JSON
 * lines in and out, requests answered in order.
 *
 * @module
 */

import { spawn } from "node:child_process";
import { join } from "node:path";

/** One request to the testee. */
export interface TesteeRequest {
  type: string;
  direction: string;
  hex: string;
}

/** The testee's answer. */
export interface TesteeAnswer {
  id: number;
  ok: boolean;
  hex?: string;
  value?: unknown;
  consumed?: number;
  code?: string;
  detail?: string;
  types?: [string, string][];
}

/** The running testee process. */
export class Testee {
  private child: ReturnType<typeof spawn>;
  private buffered = "";
  private waiting = new Map<number, (a: TesteeAnswer) => void>();
  private nextId = 1;
  private exited: Promise<number | null>;

  constructor(oracleDir: string, useBuilt = false) {
    const cmd = useBuilt ? join(oracleDir, "target", "release", "testee") : "cargo";
    const args = useBuilt ? [] : ["run", "--quiet", "--release", "--bin", "testee"];
    this.child = spawn(cmd, args, { cwd: oracleDir, stdio: ["pipe", "pipe", "inherit"] });
    this.child.stdout!.setEncoding("utf8");
    this.child.stdout!.on("data", (chunk: string) => this.onData(chunk));
    this.exited = new Promise((resolve) => this.child.on("exit", (code) => resolve(code)));
  }

  private onData(chunk: string): void {
    this.buffered += chunk;
    let nl: number;
    while ((nl = this.buffered.indexOf("\n")) >= 0) {
      const line = this.buffered.slice(0, nl);
      this.buffered = this.buffered.slice(nl + 1);
      if (!line.trim()) continue;
      const a = JSON.parse(line) as TesteeAnswer;
      const done = this.waiting.get(a.id);
      if (done) {
        this.waiting.delete(a.id);
        done(a);
      }
    }
  }

  /** Sends a batch and resolves with the answers in request order. */
  async run(requests: readonly TesteeRequest[]): Promise<TesteeAnswer[]> {
    const promises: Promise<TesteeAnswer>[] = [];
    let text = "";
    for (const r of requests) {
      const id = this.nextId++;
      promises.push(new Promise((resolve) => this.waiting.set(id, resolve)));
      text += JSON.stringify({ id, type: r.type, direction: r.direction, hex: r.hex }) + "\n";
    }
    this.child.stdin!.write(text);
    const failed = this.exited.then((code) => {
      throw new Error(`testee exited (${code}) with ${this.waiting.size} answer(s) outstanding`);
    });
    return await Promise.race([Promise.all(promises), failed]);
  }

  /** The `[type, direction]` pairs the testee knows. */
  async types(): Promise<[string, string][]> {
    const id = this.nextId++;
    const p = new Promise<TesteeAnswer>((resolve) => this.waiting.set(id, resolve));
    this.child.stdin!.write(JSON.stringify({ id, type: "__types" }) + "\n");
    return (await p).types ?? [];
  }

  /** Ends the process. */
  async close(): Promise<void> {
    this.child.stdin!.end();
    await this.exited;
  }
}
