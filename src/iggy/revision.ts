/**
 * Iggy protocol revisions: which release of `iggy_binary_protocol` a peer speaks. Iggy's wire
 * changes between releases of the crate while its framing stays the same 256-byte consensus
 * header, so a connection is configured with one revision and holds the peer to it. A revision
 * is named by the crate release that defines it; `docs/iggy-revisions.md` lists every wire
 * difference between them, with the evidence.
 *
 * | revision        | protocol window (packed semver) | SDKs that speak it                               |
 * | --------------- | ------------------------------- | ------------------------------------------------ |
 * | `0.11.1-edge.3` | 0.12.0 … 0.12.0 (the default)    | Rust `iggy` 0.11.1-edge.4                        |
 * | `0.11.1-edge.8` | 0.12.2 … 0.12.2                  | Rust `iggy` 0.11.1-edge.9                        |
 * | `0.11.0`        | 0.11.0 … 0.11.x                  | Rust `iggy` 0.11.0, Python `apache-iggy` 0.9.0   |
 *
 * @module
 */

import { WireError } from "../wire/error.ts";
import { formatProtocolVersion, packProtocolVersion } from "./version.ts";

/** The revisions this library speaks, by `iggy_binary_protocol` release. */
export const IGGY_REVISIONS = ["0.11.1-edge.3", "0.11.1-edge.8", "0.11.0"] as const;

/** One of {@linkcode IGGY_REVISIONS}. */
export type IggyRevision = typeof IGGY_REVISIONS[number];

/** The revision used when none is configured: `iggy_binary_protocol` 0.11.1-edge.3, the pinned target. */
export const DEFAULT_IGGY_REVISION: IggyRevision = "0.11.1-edge.3";

/** What a revision is on the wire, where revisions differ. */
export interface IggyRevisionInfo {
  /** The revision's name (the crate release). */
  readonly name: IggyRevision;
  /** Newest client protocol version a server of this revision accepts (packed). */
  readonly protocolVersion: number;
  /** Oldest client protocol version a server of this revision accepts (packed). */
  readonly protocolVersionMin: number;
  /**
   * Whether the gate compares the patch component: the 0.11.0 crate accepts any patch of its
   * major.minor (`is_protocol_compatible` compares `client >> 10`); later ones compare all
   * three components.
   */
  readonly patchSensitive: boolean;
  /** Whether a login-register body carries the 32-byte bind secret after the version prefix. */
  readonly registerBindSecret: boolean;
}

let table: Map<IggyRevision, IggyRevisionInfo> | undefined;

function revisions(): Map<IggyRevision, IggyRevisionInfo> {
  if (table !== undefined) return table;
  const v = packProtocolVersion;
  const list: IggyRevisionInfo[] = [
    {
      name: "0.11.1-edge.3",
      protocolVersion: v(0, 12, 0),
      protocolVersionMin: v(0, 12, 0),
      patchSensitive: true,
      registerBindSecret: true,
    },
    {
      name: "0.11.1-edge.8",
      protocolVersion: v(0, 12, 2),
      protocolVersionMin: v(0, 12, 2),
      patchSensitive: true,
      registerBindSecret: true,
    },
    {
      name: "0.11.0",
      protocolVersion: v(0, 11, 0),
      protocolVersionMin: v(0, 11, 0),
      patchSensitive: false,
      registerBindSecret: false,
    },
  ];
  table = new Map(list.map((r) => [r.name, r]));
  return table;
}

/**
 * The facts of revision `name`; an unknown name is `INVALID_VALUE` naming the known ones.
 *
 * @example
 * ```ts
 * import { formatProtocolVersion, iggyRevision } from "@streamwire/codec/iggy";
 * console.log(formatProtocolVersion(iggyRevision("0.11.1-edge.8").protocolVersion)); // 0.12.2
 * try {
 *   iggyRevision("0.10.0");
 * } catch (e) {
 *   console.log((e as Error).message.includes("0.11.1-edge.3")); // true
 * }
 * ```
 */
export function iggyRevision(name: string): IggyRevisionInfo {
  const r = revisions().get(name as IggyRevision);
  if (r === undefined) {
    throw new WireError("INVALID_VALUE", {
      context: "IggyRevision",
      detail: `unknown Iggy protocol revision "${name}"; supported: ${IGGY_REVISIONS.join(", ")}`,
      side: "encode",
    });
  }
  return r;
}

/**
 * Whether a server of `revision` accepts a client announcing `clientVersion` (the crate's
 * `is_protocol_compatible` of that release).
 *
 * @example
 * ```ts
 * import { iggyRevision, isRevisionCompatible, packProtocolVersion } from "@streamwire/codec/iggy";
 * isRevisionCompatible(iggyRevision("0.11.0"), packProtocolVersion(0, 11, 3)); // true
 * isRevisionCompatible(iggyRevision("0.11.1-edge.3"), packProtocolVersion(0, 12, 2)); // false
 * ```
 */
export function isRevisionCompatible(revision: IggyRevisionInfo, clientVersion: number): boolean {
  if (clientVersion < revision.protocolVersionMin) return false;
  return revision.patchSensitive
    ? clientVersion <= revision.protocolVersion
    : clientVersion >>> 10 <= revision.protocolVersion >>> 10;
}

/**
 * The revision whose servers accept a client announcing `clientVersion`, or `undefined`: how
 * a login of another revision is named in errors.
 *
 * @example
 * ```ts
 * import { packProtocolVersion, revisionOfProtocolVersion } from "@streamwire/codec/iggy";
 * revisionOfProtocolVersion(packProtocolVersion(0, 11, 0)); // "0.11.0"
 * revisionOfProtocolVersion(packProtocolVersion(0, 13, 0)); // undefined
 * ```
 */
export function revisionOfProtocolVersion(clientVersion: number): IggyRevision | undefined {
  for (const r of revisions().values()) if (isRevisionCompatible(r, clientVersion)) return r.name;
  return undefined;
}

/**
 * A one-line description of `clientVersion` for errors: `0.11.0 (revision 0.11.0)`, or
 * `0.13.0 (no known revision)`.
 *
 * @example
 * ```ts
 * import { describeProtocolVersion, packProtocolVersion } from "@streamwire/codec/iggy";
 * describeProtocolVersion(packProtocolVersion(0, 12, 2)); // "0.12.2 (revision 0.11.1-edge.8)"
 * ```
 */
export function describeProtocolVersion(clientVersion: number): string {
  const r = revisionOfProtocolVersion(clientVersion);
  return `${formatProtocolVersion(clientVersion)} (${
    r === undefined ? "no known revision" : `revision ${r}`
  })`;
}
