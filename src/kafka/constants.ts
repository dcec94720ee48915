/**
 * Named values of Kafka request and response fields that carry a code rather than a quantity:
 * `acks`, `isolationLevel`, the special ListOffsets timestamps, FindCoordinator's `keyType` and
 * the config resource types. The values are kafka-clients 4.4.0's (`IsolationLevel`,
 * `ListOffsetsRequest`, `FindCoordinatorRequest.CoordinatorType`, `ConfigResource.Type`).
 * API keys are {@linkcode ApiKey}, error codes `KAFKA_ERROR`, and the record-batch
 * `Compression` and `TimestampType` live with the records.
 *
 * @module
 */

/**
 * Produce `acks`: how many replicas must have the records before the broker answers. With
 * `Acks.None` the broker sends no response at all (`ClientConnection` expects none).
 *
 * @example
 * ```ts
 * import { Acks, ApiKey, encodeRequestBody } from "@streamwire/codec/kafka";
 * const body = encodeRequestBody(ApiKey.Produce, 9, { acks: Acks.All, timeoutMs: 30_000, topicData: [] });
 * console.log(Acks.All, body.length); // -1 9
 * ```
 */
export const Acks = {
  /** No acknowledgement: the broker answers nothing. */
  None: 0,
  /** The partition leader has written the records. */
  Leader: 1,
  /** Every in-sync replica has them (the producer setting `acks=all`). */
  All: -1,
} as const;

/**
 * Fetch and ListOffsets `isolationLevel`: whether a consumer sees records of transactions not
 * yet committed.
 *
 * @example
 * ```ts
 * import { ApiKey, encodeRequestBody, IsolationLevel } from "@streamwire/codec/kafka";
 * const body = encodeRequestBody(ApiKey.Fetch, 12, { isolationLevel: IsolationLevel.ReadCommitted, topics: [] });
 * console.log(body.length); // 29
 * ```
 */
export const IsolationLevel = { ReadUncommitted: 0, ReadCommitted: 1 } as const;

/**
 * The special `timestamp` values of a ListOffsets partition, which ask for an offset rather
 * than search by time (int64 fields: bigints).
 *
 * @example
 * ```ts
 * import { ApiKey, encodeRequestBody, ListOffsetsTimestamp } from "@streamwire/codec/kafka";
 * const body = encodeRequestBody(ApiKey.ListOffsets, 7, {
 *   replicaId: -1,
 *   topics: [{ name: "orders", partitions: [{ partitionIndex: 0, timestamp: ListOffsetsTimestamp.Earliest }] }],
 * });
 * console.log(body.length); // 33
 * ```
 */
export const ListOffsetsTimestamp = {
  /** The offset after the last record (the high watermark, or the last stable offset). */
  Latest: -1n,
  /** The log start offset. */
  Earliest: -2n,
  /** The offset of the record with the largest timestamp (v7+). */
  MaxTimestamp: -3n,
  /** The local log start offset, with tiered storage (v8+). */
  EarliestLocal: -4n,
  /** The highest offset in tiered storage (v9+). */
  LatestTiered: -5n,
  /** The earliest offset not yet uploaded to tiered storage (v11+). */
  EarliestPendingUpload: -6n,
} as const;

/**
 * FindCoordinator `keyType`: what kind of coordinator the key names.
 *
 * @example
 * ```ts
 * import { ApiKey, CoordinatorType, encodeRequestBody } from "@streamwire/codec/kafka";
 * const body = encodeRequestBody(ApiKey.FindCoordinator, 4, { keyType: CoordinatorType.Transaction, coordinatorKeys: ["tx-1"] });
 * console.log(body[0]); // 1
 * ```
 */
export const CoordinatorType = { Group: 0, Transaction: 1, Share: 2 } as const;

/**
 * `resourceType` of DescribeConfigs, AlterConfigs and IncrementalAlterConfigs resources.
 *
 * @example
 * ```ts
 * import { ApiKey, ConfigResourceType, decodeRequestBody, encodeRequestBody } from "@streamwire/codec/kafka";
 * const body = encodeRequestBody(ApiKey.DescribeConfigs, 4, {
 *   resources: [{ resourceType: ConfigResourceType.Topic, resourceName: "orders", configurationKeys: null }],
 * });
 * console.log(decodeRequestBody(ApiKey.DescribeConfigs, 4, body).resources[0].resourceType); // 2
 * ```
 */
export const ConfigResourceType = {
  Unknown: 0,
  Topic: 2,
  Broker: 4,
  BrokerLogger: 8,
  ClientMetrics: 16,
  Group: 32,
} as const;
