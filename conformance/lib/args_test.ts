import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { type FlagSpec, parseArgs } from "./args.ts";

class Exit extends Error {
  readonly code: number;
  readonly text: string;
  constructor(code: number, text: string) {
    super(text);
    this.code = code;
    this.text = text;
  }
}
const exit = (code: number, text: string): never => {
  throw new Exit(code, text);
};

const FLAGS = {
  runs: { kind: "number", help: "runs", default: 5 },
  protocol: { kind: "string", help: "protocol", choices: ["iggy", "kafka"] },
  message: { kind: "string", help: "message" },
  verbose: { kind: "boolean", help: "verbose" },
} satisfies Record<string, FlagSpec>;

function parse(argv: string[], positionals?: { help: string; min?: number; max?: number }) {
  return parseArgs({ usage: "t [flags]", summary: "test", flags: FLAGS, argv, exit, positionals });
}

function exitOf(argv: string[], positionals?: { help: string; min?: number; max?: number }): Exit {
  try {
    parse(argv, positionals);
  } catch (e) {
    if (e instanceof Exit) return e;
    throw e;
  }
  assert.fail(`${argv.join(" ")} did not exit`);
}

describe("parseArgs", () => {
  it("reads --name value, --name=value and booleans, with defaults", () => {
    assert.deepEqual(parse([]).flags, { runs: 5, protocol: undefined, message: undefined, verbose: false });
    assert.deepEqual(parse(["--runs", "7", "--protocol=kafka", "--verbose", "--message", "Fetch"]).flags, {
      runs: 7,
      protocol: "kafka",
      message: "Fetch",
      verbose: true,
    });
  });
  it("answers --help and -h with exit 0 and the flags, before anything else", () => {
    for (const argv of [["--help"], ["-h"], ["--bogus", "--help"]]) {
      const e = exitOf(argv);
      assert.equal(e.code, 0);
      assert.match(e.text, /--runs <number>\s+runs \(default 5\)/);
      assert.match(e.text, /--protocol <iggy\|kafka>/);
    }
  });
  it("exits 2 with a message on unknown flags, missing or bad values, and choices", () => {
    const cases: [string[], RegExp][] = [
      [["--bogus"], /unknown flag --bogus/],
      [["--bogus=1"], /unknown flag --bogus/],
      [["-x"], /unknown flag -x/],
      [["--runs"], /--runs needs a value/],
      [["--runs", "ten"], /--runs needs a number, not ten/],
      [["--protocol", "amqp"], /--protocol must be one of iggy, kafka, not amqp/],
      [["--verbose=yes"], /--verbose takes no value/],
      [["stray"], /unexpected argument stray/],
    ];
    for (const [argv, re] of cases) {
      const e = exitOf(argv);
      assert.equal(e.code, 2, argv.join(" "));
      assert.match(e.text, re);
    }
  });
  it("counts positionals", () => {
    assert.deepEqual(parse(["a", "--verbose", "b"], { help: "names" }).positionals, ["a", "b"]);
    assert.equal(exitOf(["a"], { help: "<x> <y>", min: 2, max: 2 }).code, 2);
    assert.equal(exitOf(["a", "b", "c"], { help: "<x> <y>", min: 2, max: 2 }).code, 2);
  });
});
