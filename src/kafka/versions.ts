/**
 * Version negotiation: which versions this codec supports, and the highest version both sides
 * support given a broker's ApiVersions response.
 *
 * @module
 */

import { API_LIST } from "./messages/_table.ts";
import { apiInfo } from "./api.ts";

/** A closed version range. */
export interface VersionRange {
  /** Lowest version. */
  min: number;
  /** Highest version. */
  max: number;
}

/** Options of {@linkcode supportedVersions} and {@linkcode negotiateVersions}. */
export interface VersionOptions {
  /**
   * Count versions Kafka marks unstable (`latestVersionUnstable`, hidden by brokers unless
   * `unstable.api.versions.enable`). Default false.
   */
  includeUnstable?: boolean;
}

function usable(mask: number, unstable: number, includeUnstable: boolean): number {
  return (includeUnstable ? mask : mask & ~unstable) >>> 0;
}

function range(mask: number): VersionRange | undefined {
  let min = -1;
  let max = -1;
  for (let v = 0; v < 31; v++) {
    if ((mask >>> v) & 1) {
      if (min < 0) min = v;
      max = v;
    }
  }
  return min < 0 ? undefined : { min, max };
}

/**
 * The versions of `apiKey` this codec can encode and decode (both releases' versions, without
 * unstable ones unless asked), or undefined for an unknown key.
 *
 * @example
 * ```ts
 * import { ApiKey, supportedVersions } from "@streamwire/codec/kafka";
 * console.log(supportedVersions(ApiKey.InitProducerId)); // { min: 0, max: 5 }
 * console.log(supportedVersions(ApiKey.InitProducerId, { includeUnstable: true })); // { min: 0, max: 6 }
 * ```
 */
export function supportedVersions(apiKey: number, options?: VersionOptions): VersionRange | undefined {
  const a = apiInfo(apiKey);
  if (!a) return undefined;
  return range(usable(a.validVersions, a.unstableVersions, options?.includeUnstable ?? false));
}

/** One entry of a broker's ApiVersions response (the generated `ApiVersion` struct fits). */
export interface BrokerApiVersion {
  /** API key. */
  apiKey: number;
  /** Broker's lowest version. */
  minVersion: number;
  /** Broker's highest version. */
  maxVersion: number;
}

/**
 * The highest version of `apiKey` that both this codec and a broker advertising
 * `[brokerMin, brokerMax]` support, or undefined when the ranges do not meet.
 *
 * @example
 * ```ts
 * import { ApiKey, pickVersion } from "@streamwire/codec/kafka";
 * console.log(pickVersion(ApiKey.Metadata, 0, 12), pickVersion(ApiKey.Metadata, 20, 30)); // 12 undefined (Metadata)
 * ```
 */
export function pickVersion(
  apiKey: number,
  brokerMin: number,
  brokerMax: number,
  options?: VersionOptions,
): number | undefined {
  const a = apiInfo(apiKey);
  if (!a) return undefined;
  const mask = usable(a.validVersions, a.unstableVersions, options?.includeUnstable ?? false);
  for (let v = Math.min(brokerMax, 30); v >= Math.max(brokerMin, 0); v--) if ((mask >>> v) & 1) return v;
  return undefined;
}

/**
 * For every API key the broker advertises and this codec knows, the version to use (the
 * highest in common). Keys without a common version are left out.
 *
 * @example
 * ```ts
 * import { ApiKey, negotiateVersions } from "@streamwire/codec/kafka";
 * const chosen = negotiateVersions({ apiKeys: [{ apiKey: ApiKey.Metadata, minVersion: 0, maxVersion: 12 }] });
 * console.log(chosen.get(3)); // 12
 * ```
 */
export function negotiateVersions(
  response: { apiKeys: readonly BrokerApiVersion[] },
  options?: VersionOptions,
): Map<number, number> {
  const out = new Map<number, number>();
  for (const k of response.apiKeys) {
    const v = pickVersion(k.apiKey, k.minVersion, k.maxVersion, options);
    if (v !== undefined) out.set(k.apiKey, v);
  }
  return out;
}

/**
 * Every API key this codec knows, ascending.
 *
 * @example
 * ```ts
 * import { knownApiKeys } from "@streamwire/codec/kafka";
 * console.log(knownApiKeys().length, knownApiKeys()[3]); // 95 3
 * ```
 */
export function knownApiKeys(): number[] {
  return API_LIST.map((a) => a.apiKey);
}
