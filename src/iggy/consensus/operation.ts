/**
 * The VSR `Operation` discriminant: which state-machine operation a request, prepare or reply
 * carries, with the crate's classification of each (plane, client visibility, result framing).
 * Which command code an operation carries is the command table's fact
 * (`src/iggy/command_table.ts`: `operationToCommandCode`, `operationForCode`, …).
 *
 * @module
 */

/**
 * Every operation byte `iggy_binary_protocol` 0.11.1-edge.3 defines. Gaps are deliberate:
 * 129, 131, 133, 135 and 142 are retired, 163–165 reserved, 69 unused; a header carrying any
 * undefined byte is unreadable (`UNKNOWN_DISCRIMINANT`).
 *
 * @example
 * ```ts
 * import { Operation } from "@streamwire/codec/iggy";
 * console.log(Operation.SendMessages); // 160
 * ```
 */
export const Operation = {
  Reserved: 0,
  Register: 1,
  NonReplicated: 2,
  Logout: 3,
  CreateTopicWithAssignments: 64,
  CreatePartitionsWithAssignments: 65,
  RemoveConsumerGroupMember: 66,
  CompleteConsumerGroupRevocation: 67,
  TruncatePartition: 68,
  FinalizeSession: 70,
  CompleteLifecycle: 71,
  UpdateStreamResolved: 72,
  UpdateTopicResolved: 73,
  UpdateUserResolved: 74,
  RewrapStreamKeys: 75,
  CreateStream: 128,
  DeleteStream: 130,
  CreateTopic: 132,
  DeleteTopic: 134,
  CreatePartitions: 136,
  DeletePartitions: 137,
  DeleteSegments: 138,
  CreateConsumerGroup: 139,
  DeleteConsumerGroup: 140,
  CreateUser: 141,
  DeleteUser: 143,
  ChangePassword: 144,
  UpdatePermissions: 145,
  CreatePersonalAccessToken: 146,
  DeletePersonalAccessToken: 147,
  JoinConsumerGroup: 148,
  LeaveConsumerGroup: 149,
  UpdateResource: 150,
  SendMessages: 160,
  StoreConsumerOffset: 161,
  DeleteConsumerOffset: 162,
  RetireSession: 166,
  InstallConsumerGroupOwner: 167,
  TransitionPartitionHistory: 168,
  RetireConsumerGroupOwners: 169,
} as const;

/** An operation byte value. */
export type Operation = typeof Operation[keyof typeof Operation];

/** First internal (replica/journal-only) operation byte. */
export const OPERATION_INTERNAL_START = 64;
/** First metadata operation byte. */
export const OPERATION_METADATA_START = 128;
/** First partition operation byte. */
export const OPERATION_PARTITION_START = 160;

/** Where `RequestHeader.reserved` carries a `NonReplicated` request's command code (u32 LE). */
export const NON_REPLICATED_CODE_RANGE: { readonly start: number; readonly end: number } = {
  start: 0,
  end: 4,
};

let names: readonly (string | undefined)[] | undefined;

/** Operation names by byte, built on first use. */
function operationNames(): readonly (string | undefined)[] {
  if (names) return names;
  const byByte: (string | undefined)[] = new Array(256).fill(undefined);
  for (const [name, value] of Object.entries(Operation)) byByte[value] = name;
  names = byByte;
  return names;
}

/** The client-visible metadata operations (the crate's `is_metadata` arms besides internal ones). */
const METADATA_CLIENT_OPS: readonly Operation[] = [
  Operation.CreateStream,
  Operation.DeleteStream,
  Operation.CreateTopic,
  Operation.DeleteTopic,
  Operation.CreatePartitions,
  Operation.DeletePartitions,
  Operation.CreateConsumerGroup,
  Operation.DeleteConsumerGroup,
  Operation.CreateUser,
  Operation.DeleteUser,
  Operation.ChangePassword,
  Operation.UpdatePermissions,
  Operation.CreatePersonalAccessToken,
  Operation.DeletePersonalAccessToken,
  Operation.JoinConsumerGroup,
  Operation.LeaveConsumerGroup,
  Operation.UpdateResource,
];

/**
 * True for a byte the `Operation` enum defines (the crate's `Operation::is_known_code`).
 *
 * @example
 * ```ts
 * import { isKnownOperation } from "@streamwire/codec/iggy";
 * console.log(isKnownOperation(160), isKnownOperation(129)); // true false
 * ```
 */
export function isKnownOperation(byte: number): byte is Operation {
  return Number.isInteger(byte) && byte >= 0 && byte <= 255 && operationNames()[byte] !== undefined;
}

/**
 * The crate's name of an operation byte (`"SendMessages"`), or `undefined` for an unknown byte.
 *
 * @example
 * ```ts
 * import { operationName } from "@streamwire/codec/iggy";
 * console.log(operationName(128)); // CreateStream
 * ```
 */
export function operationName(byte: number): string | undefined {
  return Number.isInteger(byte) && byte >= 0 && byte <= 255 ? operationNames()[byte] : undefined;
}

/**
 * Internal operations, reserved for replica and journal use (never sent by a client).
 *
 * @example
 * ```ts
 * import { Operation, isInternalOperation } from "@streamwire/codec/iggy";
 * console.log(isInternalOperation(Operation.TruncatePartition)); // true
 * ```
 */
export function isInternalOperation(op: Operation): boolean {
  return (op >= OPERATION_INTERNAL_START && op < OPERATION_METADATA_START) ||
    op === Operation.RetireSession || op === Operation.InstallConsumerGroupOwner ||
    op === Operation.TransitionPartitionHistory || op === Operation.RetireConsumerGroupOwners;
}

/**
 * Partition fences ordered by metadata (they change group ownership or partition history).
 *
 * @example
 * ```ts
 * import { Operation, isPartitionLifecycleOperation } from "@streamwire/codec/iggy";
 * console.log(isPartitionLifecycleOperation(Operation.InstallConsumerGroupOwner)); // true
 * ```
 */
export function isPartitionLifecycleOperation(op: Operation): boolean {
  return op === Operation.InstallConsumerGroupOwner || op === Operation.TransitionPartitionHistory ||
    op === Operation.RetireConsumerGroupOwners;
}

/**
 * Data-plane operations, routed to the shard owning the partition.
 *
 * @example
 * ```ts
 * import { Operation, isPartitionOperation } from "@streamwire/codec/iggy";
 * console.log(isPartitionOperation(Operation.SendMessages)); // true
 * ```
 */
export function isPartitionOperation(op: Operation): boolean {
  return op >= OPERATION_PARTITION_START;
}

/**
 * Metadata and control-plane operations, handled by shard 0.
 *
 * @example
 * ```ts
 * import { Operation, isMetadataOperation } from "@streamwire/codec/iggy";
 * console.log(isMetadataOperation(Operation.CreateStream)); // true
 * ```
 */
export function isMetadataOperation(op: Operation): boolean {
  if (isInternalOperation(op) && !isPartitionOperation(op)) return true;
  return METADATA_CLIENT_OPS.includes(op);
}

/**
 * VSR protocol operations without a command code of their own.
 *
 * @example
 * ```ts
 * import { Operation, isVsrReservedOperation } from "@streamwire/codec/iggy";
 * console.log(isVsrReservedOperation(Operation.Register)); // true
 * ```
 */
export function isVsrReservedOperation(op: Operation): boolean {
  return op === Operation.Reserved || op === Operation.Register || op === Operation.Logout ||
    op === Operation.NonReplicated;
}

/**
 * Whether a committed or rejected reply to this operation starts with the result section
 * (see {@linkcode resultCode}).
 *
 * @example
 * ```ts
 * import { Operation, isResultFramedOperation } from "@streamwire/codec/iggy";
 * console.log(isResultFramedOperation(Operation.StoreConsumerOffset)); // true
 * ```
 */
export function isResultFramedOperation(op: Operation): boolean {
  return isMetadataOperation(op) || op === Operation.StoreConsumerOffset ||
    op === Operation.DeleteConsumerOffset;
}

/**
 * Operations replicated through the metadata consensus group (metadata plus Register/Logout).
 *
 * @example
 * ```ts
 * import { Operation, isMetadataPlaneOperation } from "@streamwire/codec/iggy";
 * console.log(isMetadataPlaneOperation(Operation.Logout)); // true
 * ```
 */
export function isMetadataPlaneOperation(op: Operation): boolean {
  return isMetadataOperation(op) || op === Operation.Register || op === Operation.Logout;
}

/**
 * Whether a consensus plane claims this operation.
 *
 * @example
 * ```ts
 * import { Operation, isPlaneRoutableOperation } from "@streamwire/codec/iggy";
 * console.log(isPlaneRoutableOperation(Operation.NonReplicated)); // false
 * ```
 */
export function isPlaneRoutableOperation(op: Operation): boolean {
  return isMetadataPlaneOperation(op) || isPartitionOperation(op);
}

/**
 * Operations a client may send directly.
 *
 * @example
 * ```ts
 * import { Operation, isClientAllowedOperation } from "@streamwire/codec/iggy";
 * console.log(isClientAllowedOperation(Operation.CreateStream)); // true
 * ```
 */
export function isClientAllowedOperation(op: Operation): boolean {
  return op !== Operation.Reserved && !isInternalOperation(op);
}

/**
 * The client operation a prepared operation was rewritten from (identity for the rest).
 *
 * @example
 * ```ts
 * import { Operation, requestOperation } from "@streamwire/codec/iggy";
 * console.log(requestOperation(Operation.TruncatePartition) === Operation.DeleteSegments); // true
 * ```
 */
export function requestOperation(op: Operation): Operation {
  switch (op) {
    case Operation.CreateTopicWithAssignments:
      return Operation.CreateTopic;
    case Operation.CreatePartitionsWithAssignments:
      return Operation.CreatePartitions;
    case Operation.UpdateStreamResolved:
    case Operation.UpdateTopicResolved:
    case Operation.UpdateUserResolved:
      return Operation.UpdateResource;
    case Operation.TruncatePartition:
      return Operation.DeleteSegments;
    default:
      return op;
  }
}
