/**
 * The protocol-version handshake: the packed version number, the `ClientVersionInfo` prefix
 * of every login-register body, and the server's compatibility gate.
 *
 * A version `major.minor.patch` packs into a u32 with 10 bits per component
 * (`major << 20 | minor << 10 | patch`, bits 31–30 zero), so integer order is semver order. The
 * server accepts a client whose packed version lies in the inclusive range
 * {@linkcode IGGY_PROTOCOL_VERSION_MIN}..{@linkcode IGGY_PROTOCOL_VERSION}, patch included, and
 * answers anything else with a 256-byte `Eviction` header whose reason byte (255) is 14
 * (`IncompatibleProtocol`) and which carries the accepted range at bytes 144 (max) and 148
 * (min); a body whose prefix does not decode gets reason 15 (`MalformedLogin`) with zero
 * window bytes. See {@linkcode incompatibleProtocolWindow} to read it back.
 *
 * The crate `iggy_binary_protocol` 0.11.1-edge.3 (the target of this library) sets both bounds
 * to 0.12.0: it sends the generic `UpdateResource` patch and the 33-byte topic header. Released
 * servers speaking 0.11.x reject it, and it rejects them.
 *
 * @module
 */

import type { Reader } from "../wire/reader.ts";
import type { Writer } from "../wire/writer.ts";
import { WireError } from "../wire/error.ts";
import { utf8Length } from "../wire/utf8.ts";
import type { PayloadCodec } from "./codec.ts";
import { checkWireName, wireName } from "./primitives/identifier.ts";

const BITS = 10;
const COMPONENT_MAX = (1 << BITS) - 1;

/**
 * Packs `major.minor.patch` (each 0–1023; otherwise `VALUE_OUT_OF_RANGE`).
 *
 * @example
 * ```ts
 * import { packProtocolVersion } from "@streamwire/codec/iggy";
 * packProtocolVersion(0, 12, 0); // 12288
 * ```
 */
export function packProtocolVersion(major: number, minor: number, patch: number): number {
  for (const c of [major, minor, patch]) {
    if (!Number.isInteger(c) || c < 0 || c > COMPONENT_MAX) {
      throw new WireError("VALUE_OUT_OF_RANGE", {
        detail: `semver component ${c} exceeds 10-bit packing range`,
      });
    }
  }
  return ((major << (2 * BITS)) | (minor << BITS) | patch) >>> 0;
}

/**
 * The components of a packed version.
 *
 * @example
 * ```ts
 * import { packProtocolVersion, unpackProtocolVersion } from "@streamwire/codec/iggy";
 * console.log(unpackProtocolVersion(packProtocolVersion(0, 12, 0))); // { major: 0, minor: 12, patch: 0 }
 * ```
 */
export function unpackProtocolVersion(v: number): { major: number; minor: number; patch: number } {
  return { major: v >>> (2 * BITS), minor: (v >>> BITS) & COMPONENT_MAX, patch: v & COMPONENT_MAX };
}

/**
 * `"major.minor.patch"` of a packed version (the crate's `ProtocolVersion` display).
 *
 * @example
 * ```ts
 * import { formatProtocolVersion } from "@streamwire/codec/iggy";
 * formatProtocolVersion(10241); // "0.10.1"
 * ```
 */
export function formatProtocolVersion(v: number): string {
  const { major, minor, patch } = unpackProtocolVersion(v);
  return `${major}.${minor}.${patch}`;
}

/** The protocol version this library speaks: 0.12.0 (packed 12288), as the target crate. */
export const IGGY_PROTOCOL_VERSION: number = /* @__PURE__ */ packProtocolVersion(0, 12, 0);

/** The oldest protocol version the target crate's servers accept: 0.12.0. */
export const IGGY_PROTOCOL_VERSION_MIN: number = /* @__PURE__ */ packProtocolVersion(0, 12, 0);

/**
 * The server-side gate: true when `client` lies in `min..=max` (defaults: the target crate's
 * bounds), patch included.
 *
 * @example
 * ```ts
 * import { isProtocolCompatible, packProtocolVersion } from "@streamwire/codec/iggy";
 * isProtocolCompatible(packProtocolVersion(0, 12, 0)); // true
 * isProtocolCompatible(packProtocolVersion(0, 12, 1)); // false
 * ```
 */
export function isProtocolCompatible(
  client: number,
  min: number = IGGY_PROTOCOL_VERSION_MIN,
  max: number = IGGY_PROTOCOL_VERSION,
): boolean {
  return client >= min && client <= max;
}

/** Who the client is: its packed protocol version, SDK name and SDK version (1–255 bytes each). */
export interface ClientVersionInfo {
  /** Packed protocol version (`major << 20 | minor << 10 | patch`). */
  readonly protocolVersion: number;
  /** The SDK name (1–255 bytes), e.g. `rust-sdk`. */
  readonly sdkName: string;
  /** The SDK build version (1–255 bytes). */
  readonly sdkVersion: string;
}

/**
 * `ClientVersionInfo`: `[protocol_version:u32][sdk_name:WireName][sdk_version:WireName]`,
 * the first bytes of every LoginRegister, LoginRegisterWithPat and BindSession body.
 *
 * @example
 * ```ts
 * import { clientVersionInfo, encodePayload } from "@streamwire/codec/iggy";
 * encodePayload(clientVersionInfo, { protocolVersion: 12288, sdkName: "ts", sdkVersion: "1" });
 * // 00300000 02 7473 01 31
 * ```
 */
export const clientVersionInfo: PayloadCodec<ClientVersionInfo> = {
  name: "ClientVersionInfo",
  encode(w: Writer, v: ClientVersionInfo): void {
    checkWireName(v.sdkName, "ClientVersionInfo");
    checkWireName(v.sdkVersion, "ClientVersionInfo");
    w.u32le(v.protocolVersion);
    wireName.encode(w, v.sdkName);
    wireName.encode(w, v.sdkVersion);
  },
  sizeOf: (v: ClientVersionInfo) => 6 + utf8Length(v.sdkName) + utf8Length(v.sdkVersion),
  decode(r: Reader): ClientVersionInfo {
    return { protocolVersion: r.u32le(), sdkName: wireName.decode(r), sdkVersion: wireName.decode(r) };
  },
};

/** Reason byte of an Eviction header for an incompatible client version. */
export const EVICTION_INCOMPATIBLE_PROTOCOL = 14;
/** Reason byte of an Eviction header for a login body without a readable version prefix. */
export const EVICTION_MALFORMED_LOGIN = 15;

/**
 * The accepted version window of an `Eviction` rejection frame (256-byte header), or
 * `undefined` when the frame is not an incompatible-protocol eviction (command byte 60 must be
 * 13 `Eviction` and reason byte 255 must be 14). Reads only; checksum verification is the
 * consensus header codec's job.
 *
 * @example
 * ```ts
 * import { incompatibleProtocolWindow } from "@streamwire/codec/iggy";
 * const h = new Uint8Array(256);
 * h[60] = 13; h[255] = 14; h[144] = 2; h[148] = 1;
 * incompatibleProtocolWindow(h); // { max: 2, min: 1 }
 * ```
 */
export function incompatibleProtocolWindow(header: Uint8Array): { max: number; min: number } | undefined {
  if (header.length < 256 || header[60] !== 13 || header[255] !== EVICTION_INCOMPATIBLE_PROTOCOL) {
    return undefined;
  }
  const dv = new DataView(header.buffer, header.byteOffset, 256);
  return { max: dv.getUint32(144, true), min: dv.getUint32(148, true) };
}
