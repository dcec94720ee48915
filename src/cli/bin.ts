#!/usr/bin/env -S deno run --allow-read
/**
 * The `streamwire` command (`streamwire inspect …`): `deno task inspect`, the npm package's
 * `bin`, and `deno run --allow-read jsr:@streamwire/codec/cli/bin`.
 *
 * @module
 */

import { currentHost } from "./host.ts";
import { main } from "./main.ts";

const host = await currentHost();
const code = await main(host);
const g = globalThis as unknown as { Deno?: { exit(c: number): never }; process?: { exitCode?: number } };
if (g.Deno) g.Deno.exit(code);
else if (g.process) g.process.exitCode = code;
