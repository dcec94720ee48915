#!/usr/bin/env -S deno run --allow-read --v8-flags=--max-semi-space-size=4
/**
 * The `streamwire` command (`streamwire inspect …`): `deno task inspect`, the npm package's
 * `bin`, and `deno run --allow-read jsr:@streamwire/codec/cli/bin inspect …`.
 *
 * `--v8-flags=--max-semi-space-size=4` (in the shebang and the task): a 4 MiB young generation
 * keeps peak RSS on a 1 GB capture under 200 MiB (the default let it pass 290 MiB) and is as
 * fast or faster, since the inspector's garbage dies young.
 *
 * @module
 */

import { currentHost } from "./host.ts";
import { main } from "./main.ts";

// No top-level await: the same file is also compiled to CommonJS for the npm package.
currentHost().then(async (host) => host.exit?.(await main(host)));
