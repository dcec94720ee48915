/**
 * The one-byte enums carried inside specific consensus headers. Like `Command` and
 * `Operation`, a byte outside the declared set makes the whole header unreadable
 * (`UNKNOWN_DISCRIMINANT`): the discriminants are wire-pinned.
 *
 * @module
 */

/**
 * Why the primary evicted a client session (`EvictionHeader.reason`, byte 255).
 *
 * @example
 * ```ts
 * import { EvictionReason } from "@streamwire/codec/iggy";
 * console.log(EvictionReason.IncompatibleProtocol); // 14
 * ```
 */
export const EvictionReason = {
  Reserved: 0,
  NoSession: 1,
  ClientReleaseTooLow: 2,
  ClientReleaseTooHigh: 3,
  InvalidRequestOperation: 4,
  InvalidRequestBody: 5,
  InvalidRequestBodySize: 6,
  SessionTooLow: 7,
  SessionReleaseMismatch: 8,
  InvalidCredentials: 9,
  InvalidToken: 10,
  UserInactive: 11,
  SessionError: 12,
  StaleClient: 13,
  IncompatibleProtocol: 14,
  MalformedLogin: 15,
} as const;
/** An eviction reason byte. */
export type EvictionReason = typeof EvictionReason[keyof typeof EvictionReason];

/**
 * The primary's verdict on a forwarded register (`ForwardRegisterResultHeader.outcome`).
 *
 * @example
 * ```ts
 * import { ForwardRegisterOutcome } from "@streamwire/codec/iggy";
 * console.log(ForwardRegisterOutcome.Unauthenticated); // 7
 * ```
 */
export const ForwardRegisterOutcome = {
  Ok: 0,
  NotPrimary: 1,
  NotCaughtUp: 2,
  PipelineFull: 3,
  InProgress: 4,
  Canceled: 5,
  ClientIdOwnedByAnotherUser: 6,
  Unauthenticated: 7,
} as const;
/** A forward-register outcome byte. */
export type ForwardRegisterOutcome = typeof ForwardRegisterOutcome[keyof typeof ForwardRegisterOutcome];

/**
 * The primary's verdict on a forwarded logout (`ForwardLogoutResultHeader.outcome`).
 *
 * @example
 * ```ts
 * import { ForwardLogoutOutcome } from "@streamwire/codec/iggy";
 * console.log(ForwardLogoutOutcome.RequestTooOld); // 5
 * ```
 */
export const ForwardLogoutOutcome = {
  Ok: 0,
  NotPrimary: 1,
  PipelineFull: 2,
  InProgress: 3,
  Canceled: 4,
  RequestTooOld: 5,
  OperationMismatch: 6,
} as const;
/** A forward-logout outcome byte. */
export type ForwardLogoutOutcome = typeof ForwardLogoutOutcome[keyof typeof ForwardLogoutOutcome];

/**
 * Phase of a primary-rebalance exchange (`PrimaryRebalanceHeader.kind`).
 *
 * @example
 * ```ts
 * import { PrimaryRebalanceKind } from "@streamwire/codec/iggy";
 * console.log(PrimaryRebalanceKind.PrimaryTransfer); // 6
 * ```
 */
export const PrimaryRebalanceKind = {
  MetadataProbe: 0,
  MetadataReply: 1,
  PartitionProbe: 2,
  PartitionReply: 3,
  SourceProbe: 4,
  SourceReply: 5,
  PrimaryTransfer: 6,
} as const;
/** A primary-rebalance kind byte. */
export type PrimaryRebalanceKind = typeof PrimaryRebalanceKind[keyof typeof PrimaryRebalanceKind];

/**
 * Phase of a segment-delete exchange (`SegmentDeleteHeader.kind`).
 *
 * @example
 * ```ts
 * import { SegmentDeleteKind } from "@streamwire/codec/iggy";
 * console.log(SegmentDeleteKind.Resolved); // 1
 * ```
 */
export const SegmentDeleteKind = {
  Query: 0,
  Resolved: 1,
  Retry: 2,
} as const;
/** A segment-delete kind byte. */
export type SegmentDeleteKind = typeof SegmentDeleteKind[keyof typeof SegmentDeleteKind];
