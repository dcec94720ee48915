/**
 * Adapters of the metadata change-log body vectors (`MetadataChangeBody`, `MetadataItemBody`):
 * a test's `options` carry the decoder's inputs beside the bytes — `{ group, kind }` for a
 * change body, `{ group }` for an item body — and the value is the typed body (or `null` for
 * a group or kind the crate does not know).
 *
 * Encoding converts the JSON value with the decoded test bytes as the type template (as the
 * Iggy-core adapters do) and requires the encoder to name the same group and kind the test
 * gives.
 *
 * @module
 */

import {
  decodeMetadataChange,
  decodeMetadataItem,
  encodeMetadataChange,
  encodeMetadataItem,
  type MetadataChange,
  type MetadataCurrentItem,
} from "../../src/iggy/commands/metadata_change_bodies.ts";
import { fromHex } from "../../src/wire/hex.ts";
import { toJsonForm } from "../lib/json.ts";
import type { CaseContext, ProtocolAdapters } from "../lib/types.ts";
import { fromJsonLike } from "./iggy_core.ts";

function option(ctx: CaseContext, key: string): number {
  const v = ctx.test.options?.[key];
  if (typeof v !== "number") throw new Error(`${ctx.test.name}: options.${key} missing`);
  return v;
}

function template(ctx: CaseContext, decode: (bytes: Uint8Array) => unknown): unknown {
  if (ctx.test.hex === undefined) {
    throw new Error(`${ctx.test.name}: encode needs the test's bytes as a template`);
  }
  return decode(fromHex(ctx.test.hex));
}

/** A change body's value: the typed change, or null for a group or kind the crate does not know. */
export type MetadataChangeBodyJson = MetadataChange | null;
/** An item body's value: the typed item, or null for a group the crate does not know. */
export type MetadataItemBodyJson = MetadataCurrentItem | null;

/** The type of each file's values, by message and direction (read by conformance/lib/iggy_value_schemas.ts). */
export const IGGY_METADATA_VALUE_TYPES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  MetadataChangeBody: { data: "MetadataChangeBodyJson" },
  MetadataItemBody: { data: "MetadataItemBodyJson" },
};

/** Adapters by vector-file message. */
export const iggyMetadataAdapters: ProtocolAdapters = {
  MetadataChangeBody: {
    decode: (bytes, ctx) =>
      toJsonForm(decodeMetadataChange(option(ctx, "group"), option(ctx, "kind"), bytes)),
    encode(value, ctx) {
      const group = option(ctx, "group");
      const kind = option(ctx, "kind");
      const t = template(ctx, (b) => decodeMetadataChange(group, kind, b));
      const out = encodeMetadataChange(fromJsonLike(value, t) as MetadataChange);
      if (out.group !== group || out.kind !== kind) {
        throw new Error(
          `${ctx.test.name}: encoded as group ${out.group} kind ${out.kind}, test says ${group}/${kind}`,
        );
      }
      return out.body;
    },
  },
  MetadataItemBody: {
    decode: (bytes, ctx) => toJsonForm(decodeMetadataItem(option(ctx, "group"), bytes)),
    encode(value, ctx) {
      const group = option(ctx, "group");
      const t = template(ctx, (b) => decodeMetadataItem(group, b));
      const out = encodeMetadataItem(fromJsonLike(value, t) as MetadataCurrentItem);
      if (out.group !== group) {
        throw new Error(`${ctx.test.name}: encoded as group ${out.group}, test says ${group}`);
      }
      return out.body;
    },
  },
};
