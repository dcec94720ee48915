#!/usr/bin/env -S deno run --allow-read
/**
 * The `streamwire` command (`streamwire inspect …`): `deno task inspect`, the npm package's
 * `bin`, and `deno run --allow-read jsr:@streamwire/codec/cli/bin inspect …`.
 *
 * @module
 */

import { currentHost } from "./host.ts";
import { main } from "./main.ts";

// No top-level await: the same file is also compiled to CommonJS for the npm package.
currentHost().then(async (host) => host.exit?.(await main(host)));
